"""One start for every front end (play/startup.py): what the page and the terminal start
with, decided in one place; and the session's one observer, which no command can skip."""

from __future__ import annotations

from datetime import date

import pytest

from engine import BEGINNER, EXPERT, INTERMEDIATE, Level, Move
from play import Session, Settings, Update
from play.address import Launch, from_query
from play.keeper import Keeper, Snapshot
from play.saves import Saves
from play.startup import deal, open_session
from play.storage import MemoryStorage
from tests.helpers import FakeClock

DAY = date(2026, 11, 22)


def keeper_with(played: int = 1, level: Level = BEGINNER, seed: int = 42) -> Keeper:
    """A store holding a game of ``level`` and ``seed`` with ``played`` reveals made."""
    keeper = Keeper(Saves(MemoryStorage()))
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
    begun = open_session(
        from_query(query), keeper, clock=FakeClock(), seeds=lambda: 7, today=lambda: DAY, ask=ask
    )
    return begun.session, begun


# --- the page: nothing asked ------------------------------------------------------------------


def test_the_page_carries_on_the_saved_game_even_untouched() -> None:
    session, begun = start("", keeper_with(played=0))
    assert session.game.seed == 42 and begun.resumed is not None  # type: ignore[attr-defined]


def test_an_address_naming_another_board_displaces_the_game_in_progress() -> None:
    session, begun = start("?seed=5", keeper_with(played=1))
    assert session.game.seed == 5 and not session.record.moves
    assert begun.displaced is not None and begun.displaced.record.seed == 42  # type: ignore[attr-defined]


def test_the_daily_board_is_dealt_and_the_game_kept_aside() -> None:
    session, begun = start("?daily&level=expert", keeper_with(played=1))
    assert session.daily == "2026-11-22" and session.game.level == EXPERT
    assert begun.displaced is not None  # type: ignore[attr-defined]


def test_warnings_of_the_address_are_the_start_notice_and_auto_play_starts() -> None:
    session, _ = start("?seed=banana&auto", Keeper(Saves(MemoryStorage())))
    assert session.notice is not None and session.notice.text.startswith("Ignored seed=")
    assert session.auto_playing


# --- the terminal: asked ------------------------------------------------------------------------


def test_a_front_end_that_asks_chooses_the_level_rather_than_an_untouched_board() -> None:
    asked = Asked(level=INTERMEDIATE)
    session, begun = start("", keeper_with(played=0, level=EXPERT), asked)
    assert asked.asked == [f"level {EXPERT}"]
    assert session.game.level == INTERMEDIATE and session.settings.level == INTERMEDIATE
    assert begun.resumed is None  # type: ignore[attr-defined]


def test_a_game_in_progress_is_carried_on_without_a_question_when_nothing_else_is_named() -> None:
    asked = Asked()
    session, begun = start("?level=beginner", keeper_with(played=1), asked)
    assert asked.asked == [] and begun.resumed is not None  # type: ignore[attr-defined]
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


# --- one observer ------------------------------------------------------------------------------


QUERIES = {
    "auto_move_steps",
    "auto_step",
    "auto_steps",
    "display_seconds",
    "interpret",
    "overlay",
    "overlay_steps",
    "picture",
    "save",
    "seconds",
    "snapshot",
    "subscribe",
    "until_next_tick",
}
"""The session's calls that change nothing a player sees; every other one is a command."""


def test_every_call_that_changes_what_the_player_sees_is_a_command() -> None:
    """A new session call must be marked a command (it then reports, once) or listed here
    as a query: it cannot forget to report."""
    calls = {name for name in dir(Session) if name[0] != "_" and callable(getattr(Session, name))}
    commands = {name for name in calls if hasattr(getattr(Session, name), "__wrapped__")}
    assert calls - commands == QUERIES
    assert {"play", "new_game", "hint", "set_theme", "say", "stop_auto"} <= commands


def test_each_command_reports_once_even_when_it_runs_others() -> None:
    session = Session(seed=1, clock=FakeClock())
    seen: list[Update] = []
    session.subscribe(seen.append)
    session.change_level(EXPERT)  # a level change deals a new game: one update
    session.set_no_guess(True)  # nothing played: dealt again at once, one update
    session.set_theme("nope")  # refused with a notice: one update
    assert [update.fresh for update in seen] == [True, True, True, False]
    assert session.notice is not None and "nope" in session.notice.text


def test_a_command_that_fails_reports_nothing_and_the_next_one_reports_as_usual() -> None:
    session = Session(seed=1, clock=FakeClock())
    seen: list[Update] = []
    session.subscribe(seen.append)
    with pytest.raises(AttributeError):
        session.change_level("expert")  # type: ignore[arg-type]  # not a Level: a bug
    session.say("still drawn")
    assert len(seen) == 2 and seen[-1].game is session.game
    assert session.notice is not None and session.notice.text == "still drawn"
