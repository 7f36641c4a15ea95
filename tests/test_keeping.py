"""Nothing is forgotten: settings, the game in progress, statistics, records, in CPython."""

from __future__ import annotations

import doctest
import itertools
import json
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest

import play.game.daily
import play.keeping.blobs
import play.keeping.keeper
import play.keeping.storage
import play.ledger.entries
import play.ledger.statistics
import play.videos.replay
from engine import BEGINNER, EXPERT, Level, Move, Record, Status
from engine import tiles as t
from engine.solver import analyse
from engine.steps import drain
from play.game import Settings
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.storage import MemoryStorage
from play.ledger.entries import Ledger
from play.ledger.statistics import board_summaries
from play.session import Session
from play.videos.replay import Replay
from tests.helpers import FakeClock, lose_session_game

SEED = 42


class FakeTime:
    """UTC wall-clock time that moves a minute per call."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.moment += timedelta(minutes=1)
        return self.moment


# One wall clock and one id sequence for every keeper, as two tabs of one browser share.
TIME = FakeTime()
IDS = itertools.count()


def keeper_on(store: MemoryStorage) -> Keeper:
    return Keeper(Blobs(store), now=TIME, new_id=lambda: f"{next(IDS):04d}")


def session_on(
    store: MemoryStorage, clock: FakeClock | None = None, seed: int = SEED, **settings: object
) -> Session:
    keeper = keeper_on(store)
    saved = keeper.settings() or Settings()
    return Session(
        replace(saved, **settings),  # type: ignore[arg-type]
        seed=seed,
        clock=clock or FakeClock(),
        keeper=keeper,
    )


def safe_cells(session: Session) -> list[int]:
    game = session.game
    analysis = analyse(game.grid, game.level.mines, game.tiles)
    return sorted(c for c in analysis.safe if game.tiles[c] == t.COVERED)


def win(session: Session, clock: FakeClock, seconds: float = 5.0) -> None:
    """Play the game to a win, using the layout, ``seconds`` after its first reveal."""
    if session.game.layout is None:
        grid = session.game.grid
        session.play(Move.reveal(grid.rows // 2, grid.cols // 2))
    layout = session.game.layout
    assert layout is not None
    clock.now += seconds
    for cell in range(session.game.level.cells):
        if session.game.status is not Status.PLAYING:
            break
        if cell not in layout.mines and session.game.tiles[cell] == t.COVERED:
            session.play(Move.reveal(*session.game.grid.row_col(cell)))
    assert session.game.status is Status.WON


@pytest.mark.parametrize(
    "module",
    [
        play.game.daily,
        play.keeping.keeper,
        play.ledger.entries,
        play.videos.replay,
        play.keeping.blobs,
        play.ledger.statistics,
        play.keeping.storage,
    ],
)
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0


# --- settings and the game in progress ------------------------------------------------------


def test_settings_are_kept_as_soon_as_they_change() -> None:
    store = MemoryStorage()
    session = session_on(store)
    session.change(question_marks=False)
    session.change(level=Level(10, 12, 20))
    session.change(level=EXPERT)
    session.change(auto_delay_ms=40)
    kept = keeper_on(store).settings()
    assert kept is not None
    assert (kept.level, kept.question_marks, kept.auto_delay_ms) == (EXPERT, False, 40)
    assert kept.last_custom == Level(10, 12, 20)


def test_a_reload_resumes_the_game_and_its_clock_without_the_time_away() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    session.play(Move.reveal(4, 4))
    clock.now += 3.5
    cell = safe_cells(session)[0]
    session.play(Move.mark(*session.game.grid.row_col(cell)))
    clock.now += 1.0
    session.save()  # the page is hidden or closed: 4.5 s played
    clock.now += 3600  # an hour away
    keeper = keeper_on(store)
    again = Session(clock=clock, keeper=keeper)
    snapshot = keeper.game()
    assert snapshot is not None and again.resume(snapshot)
    assert again.game == session.game and again.record == session.record
    assert again.timer.seconds() == pytest.approx(4.5)
    assert again.timer.running and again.timer.display() == 5


def test_a_finished_game_is_not_resumed() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    lose_session_game(session)
    assert keeper_on(store).game() is None


def test_no_guess_and_assisted_games_resume_with_their_flags() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock, no_guess=True)
    session.play(Move.reveal(4, 4))
    drain(session.hint_steps())
    snapshot = keeper_on(store).game()
    assert snapshot is not None
    again = Session(clock=clock)
    assert again.resume(snapshot)
    assert again.game.no_guess and again.assisted and again.game == session.game


# --- statistics --------------------------------------------------------------------------------


def test_statistics_and_best_times_after_scripted_games() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    for seconds in (9.0, 7.0):
        win(session, clock, seconds)
        session.new_game()
    lose_session_game(session)
    session.new_game()
    win(session, clock, 8.0)
    (beginner,) = board_summaries(keeper_on(store).ledger())
    assert (beginner.played, beginner.won, beginner.streak, beginner.best_streak) == (4, 3, 1, 2)
    assert [b.seconds for b in beginner.bests] == [7.0, 8.0, 9.0]
    assert beginner.average_seconds == pytest.approx(8.0)
    assert len(beginner.recent) == 3


def test_a_new_best_is_celebrated() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    win(session, clock, 9.0)
    assert session.result is not None and session.result.news == "New best on Beginner: 9.00 s"
    session.new_game()
    win(session, clock, 12.0)
    assert session.result is not None and session.result.news is None
    session.new_game()
    win(session, clock, 7.0)
    assert session.result is not None
    assert session.result.news == "New best on Beginner: 7.00 s (was 9.00 s)"


def test_a_board_played_before_or_from_a_link_sets_no_best_time() -> None:
    """The same seed (after a loss, F5 kept it in the address) or a board from a shared
    link was once ranked: "New best on Beginner: 1.03 s" on a known board."""
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    lose_session_game(session)
    session.new_game(SEED)  # the same board again
    win(session, clock, 1.0)
    assert session.result is not None
    assert session.result.news == "No best time: a board you have played before."
    session.new_game(SEED + 7, linked=True)  # never played, but a link's
    win(session, clock, 0.5)
    assert session.result is not None
    assert session.result.news == "No best time: a board from a link or a given seed."
    session.new_game()
    win(session, clock, 3.0)
    assert session.result is not None and session.result.news == "New best on Beginner: 3.00 s"
    summaries = {s.kind: s for s in board_summaries(keeper_on(store).ledger())}
    assert (summaries["known"].played, summaries["known"].won) == (2, 2)
    assert summaries["known"].bests == () and summaries["known"].title == "Beginner (known)"
    assert [b.seconds for b in summaries["normal"].bests] == [3.0]


def test_a_link_board_stays_a_link_board_when_resumed() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    session.new_game(SEED + 3, linked=True)
    session.play(Move.reveal(4, 4))
    snapshot = keeper_on(store).game()
    assert snapshot is not None and snapshot.linked
    again = Session(clock=clock, keeper=keeper_on(store))
    assert again.resume(snapshot)
    win(again, clock, 2.0)
    assert again.result is not None
    assert again.result.news == "No best time: a board from a link or a given seed."


def test_a_reset_dated_in_the_future_never_hides_new_games() -> None:
    """A clock that ran ahead when the statistics were reset (or an imported file) left a
    mark after today: every game since vanished from the statistics."""
    store, clock = MemoryStorage(), FakeClock()
    keeper = keeper_on(store)
    keeper.import_text(
        json.dumps(
            {
                "format": "minesweeper-export",
                "ledger": {"games": [], "resets": {"9x9/10|*": "2030-01-01T00:00:00.000Z"}},
            }
        )
    )
    session = session_on(store, clock)
    win(session, clock, 4.0)
    (beginner,) = board_summaries(keeper_on(store).ledger())
    assert beginner.won == 1 and [b.seconds for b in beginner.bests] == [4.0]


def test_assisted_and_no_guess_games_stay_out_of_the_best_times() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock, show_chances=True)
    win(session, clock, 1.0)
    assert session.result is not None and session.result.news is None
    session.change(show_chances=False)
    session.change(no_guess=True)
    session.new_game()
    win(session, clock, 2.0)
    summaries = {s.kind: s for s in board_summaries(keeper_on(store).ledger())}
    assert set(summaries) == {"assisted", "noguess"}
    assert all(s.bests == () for s in summaries.values())
    assert all(s.won == 1 for s in summaries.values())


def test_two_tabs_finishing_games_are_both_counted() -> None:
    store, clock = MemoryStorage(), FakeClock()
    first, second = session_on(store, clock), session_on(store, clock, seed=SEED + 1)
    win(first, clock)
    lose_session_game(second)
    first.new_game()
    win(first, clock)
    (beginner,) = board_summaries(keeper_on(store).ledger())
    assert (beginner.played, beginner.won) == (3, 2)


def test_export_then_import_leaves_the_statistics_identical() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    win(session, clock)
    session.new_game()
    lose_session_game(session)
    text = keeper_on(store).export_text()
    before = board_summaries(keeper_on(store).ledger())
    message = keeper_on(store).import_text(text)
    assert board_summaries(keeper_on(store).ledger()) == before
    assert message.startswith("Imported 0 games")
    other = MemoryStorage()
    keeper_on(other).import_text(text)
    assert board_summaries(keeper_on(other).ledger()) == before
    assert set(keeper_on(other).records()) == set(keeper_on(store).records())


def test_an_import_merges_and_never_drops() -> None:
    mine, theirs, clock = MemoryStorage(), MemoryStorage(), FakeClock()
    win(session_on(mine, clock), clock)
    lose_session_game(session_on(theirs, clock))
    keeper_on(mine).import_text(keeper_on(theirs).export_text())
    (beginner,) = board_summaries(keeper_on(mine).ledger())
    assert (beginner.played, beginner.won) == (2, 1)


@pytest.mark.parametrize("text", ["", "[]", '{"format": "other"}', "{nope"])
def test_a_bad_import_file_is_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError, match="Minesweeper export"):
        keeper_on(MemoryStorage()).import_text(text)


def test_a_reset_forgets_one_level_only() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    win(session, clock)
    session.change(level=Level(8, 8, 12))
    session.new_game()
    lose_session_game(session)
    keeper_on(store).reset("9x9/10", "normal")
    assert [s.board for s in board_summaries(keeper_on(store).ledger())] == ["8x8/12"]
    keeper_on(store).reset("8x8/12", None)  # every kind of one board
    assert board_summaries(keeper_on(store).ledger()) == []
    session.new_game()
    lose_session_game(session)
    keeper_on(store).reset(None, None)
    assert board_summaries(keeper_on(store).ledger()) == []


# --- bad storage never costs the player anything ----------------------------------------------


def test_corrupt_data_is_kept_aside_and_play_goes_on_fresh() -> None:
    store = MemoryStorage()
    store.write("minesweeper/ledger", "garbage{")
    store.write("minesweeper/settings", '{"schema": 1, "data": 7}')
    keeper = keeper_on(store)
    assert keeper.ledger() == Ledger() and keeper.settings() is None
    assert store.read("minesweeper/ledger.backup") == "garbage{"
    assert store.read("minesweeper/settings.backup") == '{"schema": 1, "data": 7}'
    assert len(keeper.notes) == 2 and all("kept aside" in n for n in keeper.notes)
    clock = FakeClock()
    session = Session(seed=SEED, clock=clock, keeper=keeper)
    win(session, clock)
    assert len(keeper_on(store).ledger().entries) == 1


def test_a_second_corruption_does_not_overwrite_the_first_backup() -> None:
    store = MemoryStorage()
    store.write("minesweeper/ledger", "first{")
    keeper_on(store).ledger()
    store.write("minesweeper/ledger", "second{")
    keeper_on(store).ledger()
    assert store.read("minesweeper/ledger.backup") == "first{"
    assert store.read("minesweeper/ledger.backup2") == "second{"


def test_a_full_store_is_said_once_and_the_game_goes_on() -> None:
    store, clock = MemoryStorage(quota=200), FakeClock()
    keeper = keeper_on(store)
    session = Session(seed=SEED, clock=clock, keeper=keeper)
    win(session, clock)
    assert session.game.status is Status.WON and session.result is not None
    assert keeper.notes == ["Storage is full: this game goes on, but it is not being saved."]


def test_data_that_cannot_be_set_aside_is_never_overwritten() -> None:
    store = MemoryStorage(quota=40)
    store.write("minesweeper/ledger", "x" * 15)
    keeper = keeper_on(store)
    assert keeper.ledger() == Ledger()
    keeper.blobs.store("ledger", Ledger().to_data())
    assert store.read("minesweeper/ledger") == "x" * 15


def test_no_storage_at_all_plays_without_saving_and_says_so_quietly() -> None:
    keeper = Keeper(Blobs(None))
    clock = FakeClock()
    session = Session(seed=SEED, clock=clock, keeper=keeper)
    win(session, clock)
    assert session.result is not None
    assert keeper.notes and "without saving" in keeper.notes[0]


def test_schema_zero_data_is_migrated() -> None:
    store = MemoryStorage()
    store.write("minesweeper/settings", json.dumps({"question_marks": False}))
    settings = keeper_on(store).settings()
    assert settings is not None and not settings.question_marks


# --- records, replays and the daily board ------------------------------------------------


def test_every_finished_games_record_is_kept_and_replays_to_its_final_board() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    lose_session_game(session)
    final = session.game
    (text,) = keeper_on(store).records().values()
    replay = Replay(Record.parse(text))
    assert replay.frames[-1].game == final
    assert replay.frames[-1].game.status is Status.LOST


def test_only_the_last_hundred_records_and_the_best_times_are_kept() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock, level=Level(1, 4, 1))
    win(session, clock, 0.5)  # the best, kept whatever comes after
    best_id = next(iter(keeper_on(store).records()))
    for _ in range(play.keeping.keeper.KEEP_RECORDS + 5):
        session.new_game()
        win(session, clock, 3.0)
    records = keeper_on(store).records()
    kept = play.keeping.keeper.KEEP_RECORDS + play.ledger.statistics.TOP
    assert best_id in records and play.keeping.keeper.KEEP_RECORDS <= len(records) <= kept


def test_the_daily_board_is_the_same_for_a_date_and_differs_the_next_day() -> None:
    today, tomorrow = date(2026, 11, 22), date(2026, 11, 23)
    a, b, c = Session(Settings(level=EXPERT)), Session(Settings(level=EXPERT)), Session()
    a.new_game(day=today)
    b.new_game(day=today)
    c.change(level=EXPERT)
    c.new_game(day=tomorrow)
    assert a.game == b.game and a.game.layout == b.game.layout
    assert a.game.layout != c.game.layout
    assert a.game.tile(8, 15) != t.COVERED  # the centre is opened for the player
    assert not a.timer.running and a.daily == "2026-11-22"


def test_a_daily_board_counts_for_its_streak() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock, level=BEGINNER)
    for day in (date(2026, 11, 20), date(2026, 11, 21), date(2026, 11, 22)):
        session.new_game(day=day)
        win(session, clock)
    daily = play.ledger.statistics.daily_summary(keeper_on(store).ledger())
    assert (daily.streak, daily.best_streak) == (3, 3)
    assert session.result is not None and session.result.daily == "2026-11-22"
    assert play.game.daily.share_line(session.result).startswith("Minesweeper daily 2026-11-22 · ")


def test_a_daily_board_counts_once_and_later_attempts_are_practice() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock, level=BEGINNER)
    day = date(2026, 11, 22)
    session.new_game(day=day)
    assert session.notice is None  # the first attempt: nothing to say
    lose_session_game(session)
    session.new_game(day=day)  # the same board again: said to be practice at once
    assert session.notice is not None and "practice" in session.notice.text.lower()
    win(session, clock)
    result = session.result
    assert result is not None and result.news is not None and "Practice" in result.news
    assert "practice" in play.game.daily.share_line(result)
    ledger = keeper_on(store).ledger()
    (beginner,) = board_summaries(ledger)  # the practice win is in no statistics, no best time
    assert (beginner.title, beginner.played, beginner.won, beginner.bests) == ("Beginner", 1, 0, ())
    daily = play.ledger.statistics.daily_summary(ledger)
    assert (daily.played, daily.won, daily.streak, daily.best_streak) == (1, 0, 0, 0)
    assert len(keeper_on(store).records()) == 2  # both can be watched again


def test_the_daily_boards_row_counts_first_attempts_and_days_won_in_a_row() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock, level=BEGINNER)
    for day, won in ((20, True), (21, True), (22, False), (23, True), (24, True)):
        session.new_game(day=date(2026, 11, day))
        if won:
            win(session, clock)
        else:
            lose_session_game(session)
            session.new_game(day=date(2026, 11, day))
            win(session, clock)  # practice: the day stays lost
    ledger = keeper_on(store).ledger()
    daily = play.ledger.statistics.daily_summary(ledger)
    assert (daily.played, daily.won, daily.streak, daily.best_streak) == (5, 4, 2, 2)


def test_a_snapshot_round_trips() -> None:
    snapshot = Snapshot(Record(BEGINNER, 3).add(Move.reveal(4, 4), 0), 1500, True, "2026-11-22")
    assert Snapshot.from_data(json.loads(json.dumps(snapshot.to_data()))) == snapshot


# --- where a front end starts -----------------------------------------------------------------


def test_start_resumes_the_saved_game_unless_the_address_names_another() -> None:
    from play.start.address import from_query
    from play.start.startup import start_with

    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock, level=EXPERT)
    session.change(question_marks=False)
    session.play(Move.reveal(8, 15))
    played = session.game
    for query in ("", "?level=expert", f"?level=expert&seed={SEED}", "?hints"):
        start = start_with(from_query(query), keeper_on(store), clock=clock)
        again = start.session
        assert again.game == played and start.displaced is None, query
    assert again.settings.show_chances and not again.settings.question_marks
    shared = start_with(from_query("?level=expert&seed=7"), keeper_on(store), clock=clock)
    assert shared.session.game.seed == 7 and shared.session.game.status is Status.READY
    assert shared.displaced is not None  # the game in progress is kept, not lost
    assert shared.displaced.record.replay() == played
    other = start_with(from_query("?level=beginner"), keeper_on(MemoryStorage()), clock=clock)
    assert other.session.game.level == BEGINNER and other.displaced is None


def test_start_deals_the_daily_board_and_says_what_was_wrong() -> None:
    from play.start.address import from_query
    from play.start.startup import start_with

    store = MemoryStorage()
    store.write("minesweeper/records", "{bad")
    session = start_with(
        from_query("?daily=2026-13-01&seed=x"), keeper_on(store), today=lambda: date(2026, 11, 22)
    ).session
    assert session.daily == "2026-11-22"
    assert session.notice is not None
    text = session.notice.text
    assert "kept aside" in text and "daily=2026-13-01" in text and "seed=x" in text


def test_the_daily_board_is_everyones_whatever_the_players_no_guess_setting() -> None:
    """No-guess boards on or off, a date and a level give one board: the one shared."""
    day = date(2026, 11, 22)
    plain = Session(Settings(level=EXPERT))
    no_guess = Session(Settings(level=EXPERT, no_guess=True))
    plain.new_game(day=day)
    no_guess.new_game(day=day)
    assert no_guess.game.layout == plain.game.layout and not no_guess.game.no_guess
    assert no_guess.settings.no_guess  # the setting itself stays, for the next game


def test_analysing_the_game_in_play_sets_no_best_time() -> None:
    """Analyse on the game in play shows every chance and proof of the live position, yet
    the game once set "New best on Beginner: 2.03 s"."""
    store, clock = MemoryStorage(), FakeClock()
    session = session_on(store, clock)
    session.analyse_live()  # before the first reveal: it tells nothing of the layout
    assert not session.assisted
    session.play(Move.reveal(4, 4))
    session.analyse_live()
    assert session.assisted
    again = Session(clock=clock, keeper=keeper_on(store))  # a reload keeps it assisted
    snapshot = keeper_on(store).game()
    assert snapshot is not None and again.resume(snapshot) and again.assisted
    win(session, clock, 2.0)
    assert session.result is not None and session.result.assisted
    assert session.result.news is None
    (summary,) = board_summaries(keeper_on(store).ledger())
    assert summary.kind == "assisted" and summary.bests == ()
    session.analyse_live()  # a finished game: nothing changes
    session.new_game()
    win(session, clock, 3.0)
    assert session.result is not None and session.result.news == "New best on Beginner: 3.00 s"
