"""One start for every front end (play/start/startup.py): what the page and the terminal start
with, decided in one place; and the session's one observer, which no reported call can skip."""

from __future__ import annotations

from datetime import date

import pytest

from engine import BEGINNER, EXPERT, INTERMEDIATE, Level, Move
from play.game import Settings, Update
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.storage import MemoryStorage
from play.session import Session
from play.start.address import Launch, from_query, to_query
from play.start.history import History
from play.start.startup import deal, start_with
from tests.helpers import FakeClock

DAY = date(2026, 11, 22)


def keeper_with(played: int = 1, level: Level = BEGINNER, seed: int = 42) -> Keeper:
    """A store holding a game of ``level`` and ``seed`` with ``played`` reveals made."""
    keeper = Keeper(Blobs(MemoryStorage()))
    session = Session(Settings(level=level), seed=seed, clock=FakeClock(), keeper=keeper)
    session.new_game(seed)
    cells = [(level.rows // 2, level.cols // 2), (0, 0)]
    for row, col in cells[:played]:
        session.play(Move.mark(row, col) if session.record.moves else Move.reveal(row, col))
    keeper.save_settings(session.settings)
    return keeper


class Asked:
    """A front end's questions, answered from a script, each question recorded."""

    def __init__(self, resume: bool = True, level: Level = INTERMEDIATE) -> None:
        self.answers = (resume, level)
        self.asked: list[str] = []

    def resume_instead(self, saved: Snapshot) -> bool:
        self.asked.append(f"resume {saved.record.seed}")
        return self.answers[0]

    def level(self, last: Level | None) -> Level:
        self.asked.append(f"level {last}")
        return self.answers[1]


def start(query: str, keeper: Keeper, ask: Asked | None = None) -> tuple[Session, object]:
    opened = start_with(
        from_query(query), keeper, clock=FakeClock(), seeds=lambda: 7, today=lambda: DAY, ask=ask
    )
    return opened.session, opened


# --- the page: nothing asked ------------------------------------------------------------------


def test_the_page_carries_on_the_saved_game_even_untouched() -> None:
    session, opened = start("", keeper_with(played=0))
    assert session.game.seed == 42 and opened.resumed is not None  # type: ignore[attr-defined]


def test_an_address_naming_another_board_displaces_the_game_in_progress() -> None:
    session, opened = start("?seed=5", keeper_with(played=1))
    assert session.game.seed == 5 and not session.record.moves
    assert opened.displaced is not None and opened.displaced.record.seed == 42  # type: ignore[attr-defined]


def test_the_daily_board_is_dealt_and_the_game_kept_aside() -> None:
    session, opened = start("?daily&level=expert", keeper_with(played=1))
    assert session.daily == "2026-11-22" and session.game.level == EXPERT
    assert opened.displaced is not None  # type: ignore[attr-defined]


def test_warnings_of_the_address_are_the_start_notice_and_auto_play_starts() -> None:
    session, _ = start("?seed=banana&auto", Keeper(Blobs(MemoryStorage())))
    assert session.notice is not None and session.notice.text.startswith("Ignored seed=")
    assert session.auto_playing


# --- a bad address says what is played, and plays it ---------------------------------------------

CUSTOM = Level(20, 40, 150)


def test_a_bad_size_with_a_game_in_progress_says_that_game_goes_on() -> None:
    """It said "…Playing beginner." and showed the saved 40x20/150."""
    session, _ = start("?rows=20&cols=40&mines=800", keeper_with(played=1, level=CUSTOM))
    assert session.game.level == CUSTOM and session.record.moves
    assert session.notice is not None
    assert session.notice.text.startswith("Ignored rows=20&cols=40&mines=800:")
    assert session.notice.text.endswith("Carrying on your game on Custom 40x20/150.")
    assert "beginner" not in session.notice.text.lower()


@pytest.mark.parametrize("seed", ["banana", "-5"])
def test_a_bad_seed_deals_a_random_board_as_it_says(seed: str) -> None:
    """It said "Using a random seed" and dealt the saved board's seed again."""
    session, opened = start(f"?seed={seed}", keeper_with(played=0, level=EXPERT, seed=42))
    assert session.game.seed == 7 and session.game.level == EXPERT  # the seeds() of the test
    assert opened.resumed is None  # type: ignore[attr-defined]
    assert session.notice is not None
    assert session.notice.text.endswith("Playing Expert with a random seed.")


def test_a_bad_level_name_says_the_level_played() -> None:
    session, _ = start("?level=huge", keeper_with(played=0, level=INTERMEDIATE))
    assert session.game.level == INTERMEDIATE
    assert session.notice is not None and session.notice.text.endswith("Playing Intermediate.")


# --- the daily board -----------------------------------------------------------------------------


def test_a_daily_board_of_a_day_not_out_yet_is_refused() -> None:
    session, _ = start("?daily=2026-11-30&level=expert", Keeper(Blobs(MemoryStorage())))
    assert session.daily is None and not session.record.moves
    assert session.notice is not None
    assert "The daily board of 2026-11-30 is not out yet." in session.notice.text
    # A day ahead of UTC is some player's today already.
    tomorrow, _ = start("?daily=2026-11-23&level=expert", Keeper(Blobs(MemoryStorage())))
    assert tomorrow.daily == "2026-11-23"


def test_the_daily_board_is_played_on_the_levels_only() -> None:
    """On 2x1/1 the first reveal made for the player won at once: no result, nothing kept."""
    session, _ = start("?daily&rows=2&cols=1&mines=1", Keeper(Blobs(MemoryStorage())))
    assert session.daily is None and session.game.level == Level(2, 1, 1)
    assert session.notice is not None and "not on Custom 1x2/1" in session.notice.text
    session.new_game(day=DAY)  # the Daily board button, on a custom board
    assert session.daily is None and not session.game.status.is_over
    assert session.notice is not None and "Beginner, Intermediate or Expert" in session.notice.text


def test_a_link_board_finished_then_reloaded_is_said_to_be_the_same_board() -> None:
    keeper = Keeper(Blobs(MemoryStorage()))
    first, _ = start("?seed=9", keeper)
    first.play(Move.reveal(4, 4))
    mine = min(first.game.layout.mines)  # type: ignore[union-attr]
    first.play(Move.reveal(*first.game.grid.row_col(mine)))
    assert first.game.status.is_over
    again, _ = start("?seed=9", keeper)
    assert again.game.seed == 9 and not again.record.moves
    assert again.notice is not None
    said = "The same board again (Beginner), from its link or seed: no best time on it."
    assert again.notice.text == said


# --- the terminal: asked ------------------------------------------------------------------------


def test_a_front_end_that_asks_chooses_the_level_rather_than_an_untouched_board() -> None:
    asked = Asked(level=INTERMEDIATE)
    session, opened = start("", keeper_with(played=0, level=EXPERT), asked)
    assert asked.asked == [f"level {EXPERT}"]
    assert session.game.level == INTERMEDIATE and session.settings.level == INTERMEDIATE
    assert opened.resumed is None  # type: ignore[attr-defined]


def test_a_game_in_progress_is_carried_on_without_a_question_when_nothing_else_is_named() -> None:
    asked = Asked()
    session, opened = start("?level=beginner", keeper_with(played=1), asked)
    assert asked.asked == [] and opened.resumed is not None  # type: ignore[attr-defined]
    assert session.record.moves


@pytest.mark.parametrize("resume", [True, False])
def test_another_board_named_asks_whether_to_carry_on_the_game_in_progress(resume: bool) -> None:
    asked = Asked(resume=resume, level=EXPERT)
    session, _ = start("?seed=5", keeper_with(played=1), asked)
    # Declined, and with no level named: the level is asked for, the last one offered.
    assert asked.asked == ["resume 42"] if resume else ["resume 42", f"level {BEGINNER}"]
    assert (session.game.seed, session.game.level) == ((42, BEGINNER) if resume else (5, EXPERT))


def test_a_front_ends_own_exception_at_a_question_starts_nothing() -> None:
    class Leaving(Asked):
        def level(self, last: Level | None) -> Level:
            raise KeyboardInterrupt

    keeper = keeper_with(played=0)
    before = keeper.game()
    with pytest.raises(KeyboardInterrupt):
        start("", keeper, Leaving())
    assert keeper.game() == before  # the saved board is untouched


# --- Back and Forward to an address whose game is not kept ---------------------------------------


def test_an_address_deals_its_board_in_a_running_session() -> None:
    session = Session(seed=1, clock=FakeClock())
    deal(from_query("?level=expert&daily=2026-11-22"), session)
    assert session.daily == "2026-11-22" and session.game.level == EXPERT
    deal(from_query("?level=expert&seed=9"), session)
    assert (session.game.seed, session.daily) == (9, None)
    deal(Launch(), session)
    assert session.game.level == EXPERT and session.game.seed != 9  # a fresh one


def test_back_to_a_game_left_before_question_marks_went_off_plays_without_them() -> None:
    """The checkbox shows the player's setting, and the game on screen follows it."""
    keeper = Keeper(Blobs(MemoryStorage()))
    session = Session(seed=3, clock=FakeClock(), keeper=keeper)
    history = History(session, new_id=iter(["left", "new"]).__next__)
    session.play(Move.reveal(4, 4))
    history.leave()
    session.new_game()
    history.dealt()
    session.change(question_marks=False)
    history.return_to("left", Launch())
    assert session.record.moves[0].move == Move.reveal(4, 4)
    assert not session.game.question_marks and session.record.to_text().endswith(";Q0@0")


# --- one observer ------------------------------------------------------------------------------


QUERIES = {
    "auto_steps",
    "hint_steps",  # the solver's work in slices, then the reported hint shows it
    "move_steps",  # a move's one way in: the reported calls it makes report
    "overlay_steps",
    "review",  # a finished game's review, handed out to be run and read: nothing changes
    "warm_up_steps",  # the solver run once on a game of its own: nothing of the session's
    "review_chances",  # a review's chances, for the review to draw: the session's own stay
    "pointer_at",  # the pointer's path, kept with the record: nothing is drawn
    "race_link",  # the won game's ghost as a link's text: nothing changes
    "own_best",  # the player's fastest kept win on this board, read: nothing changes
    "save",
    "snapshot",
    "subscribe",
}
"""The session's calls that change nothing a player sees; every other one is reported."""


def test_every_call_that_changes_what_the_player_sees_is_reported() -> None:
    """A new session call must be marked reported (it then reports, once) or listed here
    as a query: it cannot forget to report."""
    calls = {name for name in dir(Session) if name[0] != "_" and callable(getattr(Session, name))}
    reported = {name for name in calls if hasattr(getattr(Session, name), "__wrapped__")}
    assert calls - reported == QUERIES
    assert {"play", "new_game", "change", "say", "stop_auto"} <= reported


def test_each_reported_call_reports_once_even_when_it_runs_others() -> None:
    session = Session(seed=1, clock=FakeClock())
    seen: list[Update] = []
    session.subscribe(seen.append)
    session.change(level=EXPERT)  # a level change deals a new game: one update
    session.change(no_guess=True)  # nothing played: dealt again at once, one update
    session.change(theme="nope")  # refused with a notice: one update
    assert [update.fresh for update in seen] == [True, True, True, False]
    assert session.notice is not None and "nope" in session.notice.text


def test_a_reported_call_that_fails_reports_nothing_and_the_next_one_reports_as_usual() -> None:
    session = Session(seed=1, clock=FakeClock())
    seen: list[Update] = []
    session.subscribe(seen.append)
    with pytest.raises(AttributeError):
        session.play("O4,4")  # type: ignore[arg-type]  # not a Move: a bug
    session.say("still drawn")
    assert len(seen) == 2 and seen[-1].game is session.game
    assert session.notice is not None and session.notice.text == "still drawn"


# --- a link's switches are for the visit it opened ---------------------------------------------


@pytest.mark.parametrize("query", ["?level=beginner&noguess", "?hints", "?noguess&hints=1"])
def test_a_links_switches_are_not_kept_for_later_visits(query: str) -> None:
    keeper = Keeper(Blobs(MemoryStorage()))
    linked, _ = start(query, keeper)
    assert linked.settings.no_guess == ("noguess" in query)
    assert linked.settings.show_chances == ("hints" in query)
    assert linked.game.no_guess == ("noguess" in query)  # the link's own visit has them
    linked.change(theme="dark")  # any setting changed by hand is kept, but not the link's
    later, _ = start("", keeper)
    assert not later.settings.no_guess and not later.settings.show_chances
    assert later.settings.theme == "dark"
    assert not later.game.no_guess and not later.assisted  # its untouched board, dealt afresh
    later.new_game()
    assert not later.game.no_guess and not later.assisted


def test_a_links_switch_changed_by_hand_is_kept() -> None:
    keeper = Keeper(Blobs(MemoryStorage()))
    linked, _ = start("?hints&noguess", keeper)
    linked.change(show_chances=False)  # the player's own choice, from now on
    linked.change(no_guess=False)
    linked.change(no_guess=True)
    later, _ = start("", keeper)
    assert later.settings.no_guess and not later.settings.show_chances


def test_a_reload_of_a_no_guess_links_page_keeps_its_board() -> None:
    """The page writes ``&noguess`` into the address of a no-guess board; a reload reads
    that address (its seed dropped, see web.page.address_bar.start_launch) and deals the same
    unplayed board again."""
    keeper = Keeper(Blobs(MemoryStorage()))
    linked, _ = start("?level=beginner&noguess", keeper)
    written = to_query(linked.game.level, linked.game.seed, no_guess=linked.game.no_guess)
    assert written.endswith("&noguess")
    again, _ = start(written.replace(f"&seed={linked.game.seed}", ""), keeper)
    assert again.game.no_guess and again.game.seed == linked.game.seed


def test_a_link_leaves_the_players_own_switches_as_they_were() -> None:
    keeper = Keeper(Blobs(MemoryStorage()))
    own, _ = start("", keeper)
    own.change(no_guess=True)
    own.change(show_chances=True)
    linked, _ = start("?noguess=0&hints=0", keeper)
    assert not linked.settings.no_guess and not linked.settings.show_chances
    later, _ = start("", keeper)
    assert later.settings.no_guess and later.settings.show_chances
