"""Saved data written by an attacker or a damaged disk never stops the game.

Each test is one kind of bad data the fuzz suite found, through the session
layer as a page or the terminal uses it: the data is written into a store, the
session is opened as at a page load, and the game must start, play, and keep the bad
text aside where the player can find it. Reproduced first, each failed before the fix.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import BEGINNER, Move, Record, Status
from engine.record import MAX_MS
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.ledger.entries import Entry, Ledger
from play.ledger.statistics import DailySummary, board_summaries, daily_summary
from play.session import Session
from play.start.address import Launch
from play.start.startup import open_session
from tests.helpers import FakeClock, lose_session_game

KEYS = ("settings", "game", "ledger", "records", "recent")
SEED = 42
RECORD = f"ms1;9x9/10;seed={SEED};marks=1;noguess=0;O4,4@0"


def blob(data: Any) -> str:
    return json.dumps({"schema": 1, "data": data})


def game_blob(elapsed: Any = 1000, daily: Any = None, record: str = RECORD) -> str:
    return blob({"record": record, "elapsed_ms": elapsed, "assisted": False, "daily": daily})


def entry(n: int, **changes: Any) -> list[Any]:
    fields = {
        "id": f"2026-11-22T10:0{n}:00.000Z-{n:012x}",
        "at": f"2026-11-22T10:0{n}:00.000Z",
        "board": "9x9/10",
        "kind": "normal",
        "won": True,
        "ms": 9000 + n,
        "bbbv": 20,
        "solved": 20,
        "clicks": 25,
        "seed": n,
        "daily": None,
    }
    fields.update(changes)
    return list(fields.values())


def ledger_blob(*entries: list[Any]) -> str:
    return blob({"games": list(entries), "resets": {}})


def start(store: MemoryStorage, clock: FakeClock | None = None) -> Session:
    """A page load: the session opened on ``store`` (every part read and checked)."""
    return open_session(Launch(), store, clock=clock or FakeClock()).session


def backups(store: MemoryStorage, name: str) -> list[str]:
    key = f"minesweeper/{name}.backup"
    return [text for k, text in store.items.items() if k.startswith(key)]


def notice(session: Session) -> str:
    return "" if session.notice is None else session.notice.text


# --- 1. deeply nested JSON ------------------------------------------------------------


@pytest.mark.parametrize("name", KEYS)
@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_deeply_nested_json_under_any_key_is_kept_aside(name: str, depth: int) -> None:
    store = MemoryStorage()
    text = "[" * depth
    store.write(f"minesweeper/{name}", text)
    session = start(store)
    assert backups(store, name) == [text]
    assert "kept aside" in notice(session)
    session.play(Move.reveal(4, 4))
    assert session.game.status is Status.PLAYING
    assert start(store).game.status is not Status.LOST  # and again on the next load


def test_deep_but_closed_nesting_inside_an_envelope_is_kept_aside() -> None:
    store = MemoryStorage()
    text = '{"schema": 1, "data": {"games": ' + "[" * 5000 + "]" * 5000 + "}}"
    store.write("minesweeper/ledger", text)
    session = start(store)
    assert backups(store, "ledger") == [text]
    lose_session_game(session)
    assert len(Keeper(Blobs(store)).ledger().entries) == 1


# --- 2. and 3. the saved game's time ---------------------------------------------------------


@pytest.mark.parametrize("elapsed", [10**400, 10**12, -1, 1.5, "12", float("inf"), True])
def test_a_saved_game_whose_time_no_game_can_have_is_kept_aside(elapsed: Any) -> None:
    store = MemoryStorage()
    text = game_blob(elapsed)
    store.write("minesweeper/game", text)
    session = start(store)
    assert backups(store, "game") == [text]
    lose_session_game(session)  # every move is played and recorded


def test_a_game_resumed_at_the_longest_time_a_record_holds_still_plays() -> None:
    store, clock = MemoryStorage(), FakeClock()
    store.write("minesweeper/game", game_blob(MAX_MS))
    session = start(store, clock)
    assert session.record.moves and backups(store, "game") == []  # resumed
    clock.now += 5.0
    session.play(Move.mark(0, 0))
    assert session.record.moves[-1].ms == MAX_MS  # the clock stops at the record's limit
    Record.parse(session.record.to_text())
    again = start(store, clock)  # and the next load resumes it again
    assert again.record == session.record and backups(store, "game") == []


# --- 4. and 5. bad ledger entries cost that entry only -----------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"ms": 10**400},
        {"solved": 10**400},
        {"bbbv": 10**400},
        {"clicks": 10**400},
        {"seed": 10**400},
        {"ms": MAX_MS + 1},
        {"daily": "not a date"},
        {"daily": "2026-13-45"},
        {"at": "yesterday"},
        {"board": "\ud800"},
        {"id": "\ud800"},
        {"board": "a board"},
        {"ms": float("nan")},
    ],
    ids=repr,
)
def test_a_bad_ledger_entry_costs_that_entry_only(changes: dict[str, Any]) -> None:
    store = MemoryStorage()
    good = [entry(1), entry(2, daily="2026-11-21"), entry(4, won=False)]
    text = ledger_blob(good[0], entry(3, **changes), *good[1:])
    store.write("minesweeper/ledger", text)
    session = start(store)
    keeper = Keeper(Blobs(store))
    assert [e.to_data() for e in keeper.ledger().entries] == good
    assert backups(store, "ledger") == [text]
    assert "kept aside" in notice(session)
    lose_session_game(session)
    ledger = keeper.ledger()
    assert len(ledger.entries) == 4
    assert board_summaries(ledger)[0].played == 4
    daily_summary(ledger)
    Keeper(Blobs(store)).import_text(keeper.export_text())


def test_a_saved_game_with_a_bad_daily_date_is_kept_aside_and_never_counted() -> None:
    store = MemoryStorage()
    text = game_blob(daily="not a date")
    store.write("minesweeper/game", text)
    session = start(store)
    assert backups(store, "game") == [text] and session.daily is None
    lose_session_game(session)
    assert daily_summary(Keeper(Blobs(store)).ledger()) == DailySummary(0, 0, 0, 0)


def test_the_daily_streak_skips_an_entry_whose_date_is_not_one() -> None:
    """A ledger made in memory (not read from storage) may still hold any text."""
    bad = Entry("g", "2026-11-22T10:00:00Z", "9x9/10", "normal", True, 1, 1, 1, 1, 1, "x")
    good = Entry("h", "2026-11-22T11:00:00Z", "9x9/10", "normal", True, 1, 1, 1, 1, 1, "2026-11-22")
    every = daily_summary(Ledger((bad, good)))
    assert (every.played, every.won, every.streak, every.best_streak) == (1, 1, 1, 1)


# --- records and recent games: a bad entry costs that entry only -------------------------------


@pytest.mark.parametrize("bad", ["garbage", 7, None, "ms1;9x9/10;seed=1;marks=1;noguess=0;O40,4@0"])
def test_a_bad_record_costs_that_record_only(bad: Any) -> None:
    store = MemoryStorage()
    records = {"a": RECORD, "b": bad, "c": RECORD.replace("O4,4@0", "F0,0@5")}
    text = blob(records)
    store.write("minesweeper/records", text)
    start(store)
    assert Keeper(Blobs(store)).records() == {"a": records["a"], "c": records["c"]}
    assert backups(store, "records") == [text]


def test_a_bad_recent_game_costs_that_game_only() -> None:
    store = MemoryStorage()
    good = json.loads(game_blob())["data"]
    text = blob({"old": good, "bad": {**good, "elapsed_ms": 10**400}})
    store.write("minesweeper/recent", text)
    start(store)
    keeper = Keeper(Blobs(store))
    assert keeper.recent("old") is not None and keeper.recent("bad") is None
    assert backups(store, "recent") == [text]


# --- settings ------------------------------------------------------------------------------


def test_a_bad_setting_is_kept_aside_and_the_others_are_kept() -> None:
    store = MemoryStorage()
    text = blob({"level": "30x16/99", "theme": "\ud800", "auto_delay_ms": 10**400})
    store.write("minesweeper/settings", text)
    session = start(store)
    assert session.settings.level.cols == 30 and session.settings.theme == "classic"
    assert backups(store, "settings") == [text]


# --- the same through an import --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "minesweeper-export", "ledger": ' + "[" * 100_000,
    ],
)
def test_an_over_deep_import_is_refused_in_words(text: str) -> None:
    store = MemoryStorage()
    with pytest.raises(ValueError, match="not a Minesweeper export"):
        Keeper(Blobs(store)).import_text(text)
    assert store.items == {}


def test_an_import_with_bad_entries_imports_the_rest_and_says_so() -> None:
    store = MemoryStorage()
    export = {
        "format": "minesweeper-export",
        "ledger": {"games": [entry(1), entry(2, ms=10**400), entry(3, daily="x")], "resets": {}},
        "records": {entry(1)[0]: RECORD, "x": 10**400},
    }
    keeper = Keeper(Blobs(store))
    said = keeper.import_text(json.dumps(export))
    assert said == (
        "Imported 1 game; 3 entries of that file were unreadable and left out; "
        "nothing was replaced."
    )
    session = start(store)
    lose_session_game(session)
    assert board_summaries(Keeper(Blobs(store)).ledger())[0].played == 2
    assert backups(store, "ledger") == []  # what was saved is all readable


def test_lone_surrogates_in_an_import_never_reach_what_is_kept() -> None:
    store = MemoryStorage()
    export = {
        "format": "minesweeper-export",
        "ledger": {"games": [entry(1, id="\ud800"), entry(2)], "resets": {"\udfff": "x"}},
    }
    Keeper(Blobs(store)).import_text(json.dumps(export))
    for text in store.items.values():
        text.encode("utf-8")  # strict: no lone surrogate was kept
    assert [e.id for e in Keeper(Blobs(store)).ledger().entries] == [entry(2)[0]]


# --- the session's own guard -----------------------------------------------------------------


def test_resume_refuses_a_snapshot_with_an_impossible_time() -> None:
    from play.keeping.keeper import Snapshot

    session = Session(seed=SEED, clock=FakeClock())
    bad = Snapshot(Record.parse(RECORD), 10**400)
    assert session.resume(bad) is False
    assert session.game.level == BEGINNER and not session.record.moves
