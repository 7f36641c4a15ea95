"""Front ends talk to the session only: what is kept is read and changed
through objects the session owns (statistics, replays, export and import), the clock of a
game waits while the player is away, the daily board's refusal is the session's answer, and
a review's chances come from the session's solver help."""

from __future__ import annotations

from datetime import UTC, date, datetime

from engine import BEGINNER, EXPERT, Level, Move
from engine.steps import drain
from play.game import Settings, Update
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from tests.helpers import FakeClock, lose_session_game

DAY = date(2026, 11, 22)


def kept_session(store: MemoryStorage | None = None, level: Level = BEGINNER) -> Session:
    keeper = Keeper(Blobs(MemoryStorage() if store is None else store))
    return Session(Settings(level=level), seed=7, clock=FakeClock(), keeper=keeper)


def test_a_finished_game_shows_in_the_sessions_statistics_and_replays() -> None:
    session = kept_session()
    lose_session_game(session)
    (summary,) = session.statistics.summaries()
    assert (summary.title, summary.played, summary.won) == ("Beginner", 1, 0)
    (game,) = session.replays.games()
    assert game.outcome == "lost" and game.id in session.statistics.watchable()
    assert session.replays.record_text(game.id) == session.record.to_text()
    assert session.replays.record_text("no such game") is None


def test_a_reset_through_the_session_forgets_the_statistics_and_keeps_the_games() -> None:
    session = kept_session()
    lose_session_game(session)
    session.statistics.reset("9x9/10")  # every kind of one board
    assert session.statistics.summaries() == [] and len(session.replays.games()) == 1


def test_an_export_through_one_session_imports_into_another() -> None:
    first = kept_session()
    lose_session_game(first)
    assert first.transfer.games() == 1
    second = kept_session()
    said = second.transfer.import_text(first.transfer.export_text())
    assert said.startswith("Imported 1 game") and second.transfer.games() == 1


def test_a_session_that_keeps_nothing_shows_nothing_kept() -> None:
    session = Session(seed=7, clock=FakeClock())
    lose_session_game(session)
    assert session.statistics.summaries() == [] and session.replays.games() == []
    assert session.transfer.games() == 0 and "nothing was imported" in (
        session.transfer.import_text(kept_session().transfer.export_text())
    )


def test_the_games_left_for_back_and_forward_are_kept_through_the_session() -> None:
    """play.start.history kept them through the session's keeper itself."""
    session = kept_session()
    session.play(Move.reveal(4, 4))
    session.recent.keep("left", session.snapshot())
    assert session.recent.get("left") == session.snapshot()
    assert session.recent.get("never") is None
    nowhere = Session(seed=7, clock=FakeClock())
    nowhere.recent.keep("left", nowhere.snapshot())
    assert nowhere.recent.get("left") is None


def test_the_daily_board_answers_whether_it_was_dealt() -> None:
    """Both front ends asked play.game.daily.offers_daily again, since the daily board's
    call answered None."""
    custom = kept_session(level=Level(8, 8, 10))
    seed = custom.game.seed
    assert custom.new_game(day=DAY) is False
    assert custom.daily is None and custom.game.seed == seed and custom.notice is not None
    expert = kept_session(level=EXPERT)
    assert expert.new_game(day=DAY) is True and expert.daily == "2026-11-22"


def test_time_away_from_a_game_does_not_count_and_draws_no_fresh_board() -> None:
    """The terminal paused the clock by storing the game and resuming it (a new round:
    a fresh board reported); the session pauses its clock in place, and reports only that
    the clock stopped and ran on (a page's timer stops and starts)."""
    clock = FakeClock()
    session = Session(seed=7, clock=clock)
    session.play(Move.reveal(4, 4))
    drawn: list[Update] = []
    session.subscribe(drawn.append)
    clock.now += 2.0
    session.pause()
    clock.now += 60.0  # a replay watched
    assert not session.timer.running and session.timer.seconds() == 2.0
    session.carry_on()
    clock.now += 1.0
    assert session.timer.running and session.timer.seconds() == 3.0
    assert [(u.fresh, u.changed) for u in drawn] == [(True, ()), (False, ()), (False, ())]


def test_a_pause_over_a_finished_game_leaves_its_time() -> None:
    clock = FakeClock()
    session = Session(seed=7, clock=clock)
    lose_session_game(session)
    seconds = session.timer.seconds()
    session.pause()
    clock.now += 5.0
    session.carry_on()
    assert not session.timer.running and session.timer.seconds() == seconds


def test_the_reviews_chances_leave_the_games_own_analysis_alone() -> None:
    """The review's viewer made a solver helper of its own; it asks the session's now,
    which works the review's positions out apart from the game being played."""
    session = Session(seed=7, clock=FakeClock())
    session.play(Move.reveal(4, 4))
    assert drain(session.hint_steps()) is not None
    kept = session._assistant._analyser  # the beginner board's analysis, kept
    reviewed = Session(Settings(level=EXPERT), seed=3, clock=FakeClock())
    reviewed.play(Move.reveal(8, 15))
    overlay = session.review_chances(reviewed.game)
    assert overlay is not None and overlay.cells
    assert session._assistant._analyser is kept  # an expert board's would replace it


def test_a_finished_games_result_names_the_game_replays_keeps_and_its_video_its_end() -> None:
    """The result line saves the kept game's video (web.dialogs.player_tools): the same file as
    Replays', named for the minute the game ended, not the minute it is saved."""
    ended = datetime(2026, 11, 22, 17, 55, 1, tzinfo=UTC)
    keeper = Keeper(Blobs(MemoryStorage()), now=lambda: ended)
    session = Session(Settings(level=BEGINNER), seed=7, clock=FakeClock(), keeper=keeper)
    lose_session_game(session)
    result = session.result
    assert result is not None and result.kept_as is not None
    (game,) = session.replays.games()
    assert result.kept_as == game.id
    video = session.replays.video(result.kept_as, "Ada")
    assert video is not None and video.name == "minesweeper-beginner-2026-11-22-1755.evf"


def test_a_game_no_storage_kept_has_no_id_to_save_by() -> None:
    session = Session(Settings(level=BEGINNER), seed=7, clock=FakeClock())
    lose_session_game(session)
    assert session.result is not None and session.result.kept_as is None


def test_a_game_of_every_first_click_rule_is_kept_to_replay() -> None:
    # Records of a rule but the default carry ``first=``: the keeper's check of a record
    # refused them, so no safe or none game was kept to replay, review or race.
    from engine import FirstClick, Record

    for rule in FirstClick:
        session = kept_session()
        session.change(first_click=rule)
        session.new_game(7)
        session.play(Move.reveal(4, 4))
        layout = session.game.layout
        assert layout is not None
        session.play(Move.reveal(*session.game.grid.row_col(min(layout.mines))))
        (game,) = session.replays.games()
        kept = session.replays.record_text(game.id)
        assert kept is not None and Record.parse(kept).first_click is rule
