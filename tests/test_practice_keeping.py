"""Drills kept with the player's data: the schedule on a fake clock, storage, hostile entries,
export and import."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from engine import Level
from play.keeping.blobs import Blobs
from play.keeping.keeper import BadImport, Keeper
from play.keeping.storage import MemoryStorage
from play.ledger.moments import moment_of
from play.practice.checking import Unanswerable
from play.practice.coach import PART, Practice, Sitting
from play.practice.deck import KEEP_DRILLS, KeptDrill, Memory, pruned, read_deck
from play.practice.drill import Drill, Task
from play.practice.schedule import answered
from play.session import Session

START = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


class FakeTime:
    """A wall clock that moves only when told."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def drill(n: int = 0, kind: str = "game") -> Drill:
    """A small drill, a different one for each ``n``: ``n`` open zeros, a 1, its mine and a
    safe cell (``..1##``)."""
    source = f"{kind} #{n}" if kind != "game" else f"seed {n}, move 2"
    return Drill(Level(1, n + 3, 1), bytes([0] * n + [1, 9, 9]), Task.SAFE, source=source,
                 kind=kind)  # fmt: skip


# --- the schedule (fsrs) on a fake clock ---------------------------------------------------


def test_right_answers_bring_a_drill_back_later_each_time() -> None:
    memory, now, delays = Memory.new("2026-11-26T12:00:00.000Z"), START, []
    for _ in range(6):
        memory = answered(memory, True, now)
        due = moment_of(memory.due)
        delays.append(due - now)
        now = due
    assert delays == sorted(delays) and delays[-1] > delays[1] * 4, delays
    assert delays[-1] >= timedelta(days=30)


def test_a_missed_drill_comes_back_within_minutes_and_its_delay_starts_again() -> None:
    memory, now = Memory.new("2026-11-26T12:00:00.000Z"), START
    for _ in range(4):
        memory = answered(memory, True, now)
        long_delay = moment_of(memory.due) - now
        now = moment_of(memory.due)
    missed = answered(memory, False, now)
    assert moment_of(missed.due) - now <= timedelta(minutes=10)
    again = answered(missed, True, moment_of(missed.due))
    assert moment_of(again.due) - moment_of(missed.due) < long_delay


def test_the_schedule_is_the_same_for_the_same_answers() -> None:
    def run() -> list[str]:
        memory, now, dues = Memory.new("2026-11-26T12:00:00.000Z"), START, []
        for right in (True, True, False, True, True):
            memory = answered(memory, right, now)
            dues.append(memory.due)
            now = moment_of(memory.due)
        return dues

    assert run() == run()  # no fuzzing: both front ends and the tests agree


def test_due_drills_come_in_order_and_only_when_due() -> None:
    clock = FakeTime()
    practice = Practice(Blobs(MemoryStorage()), now=clock)
    assert practice.add([drill(1), drill(2)]) == 2
    assert [k.key for k in practice.due()] == sorted([drill(1).key, drill(2).key])
    practice.answer(drill(1), right=True, ms=3000)
    assert [k.key for k in practice.due()] == [drill(2).key]
    clock.now += timedelta(minutes=11)
    assert practice.due_count() == 2


# --- kept in storage --------------------------------------------------------------------------


def test_drills_are_kept_across_sessions_with_their_schedule_and_score() -> None:
    store, clock = MemoryStorage(), FakeTime()
    first = Practice(Blobs(store), now=clock)
    first.add([drill(1), drill(2, "1-2-1")])
    first.answer(drill(1), right=False, ms=5000)
    again = Practice(Blobs(store), now=clock)
    kept = again.deck()[drill(1).key]
    assert (kept.solved, kept.missed, kept.ms) == (0, 1, 5000)
    assert kept.memory == first.deck()[drill(1).key].memory
    assert [(p.kind, p.drills, p.missed) for p in again.progress()] == [
        ("game", 1, 1),
        ("1-2-1", 1, 0),
    ]


def test_adding_the_same_mistake_twice_keeps_one_drill() -> None:
    practice = Practice(Blobs(MemoryStorage()), now=FakeTime())
    assert practice.add([drill(1)]) == 1
    assert practice.add([drill(1), drill(3)]) == 1
    assert len(practice.deck()) == 2


def test_the_session_holds_the_players_practice_kept_with_the_rest() -> None:
    store = MemoryStorage()
    session = Session(seed=1, keeper=Keeper(Blobs(store)))
    session.practice.add([drill(1)])
    assert store.read("minesweeper/" + PART) is not None
    assert Session(seed=1).practice.deck() == {}  # a session that keeps nothing


@pytest.mark.parametrize(
    "bad",
    [
        "not a drill",
        {"drill": "drill1;kind=game;level=3x1/1;task=safe;tiles=1#"},
        {"drill": "oops", "schedule": {}, "added": "2026-11-26T12:00:00.000Z"},
        {"schedule": {"state": 9}},
        10**400,
        [],
    ],
)
def test_a_bad_stored_drill_costs_that_drill_only(bad: object) -> None:
    store, clock = MemoryStorage(), FakeTime()
    good = Practice(Blobs(store), now=clock)
    good.add([drill(1)])
    data = json.loads(store.read("minesweeper/practice") or "")
    data["data"]["bad-key"] = bad
    store.write("minesweeper/practice", json.dumps(data))
    blobs = Blobs(store)
    deck = Practice(blobs, now=clock).deck()
    assert list(deck) == [drill(1).key]
    assert store.read("minesweeper/practice.backup") is not None  # kept aside, never lost
    assert "1 entry is unreadable" in blobs.notes[-1]


@pytest.mark.parametrize(
    "schedule",
    [
        {"state": 1, "step": 0, "stability": float("nan"), "difficulty": None, "due": "x"},
        {"state": 2, "step": None, "stability": -1, "difficulty": 5, "due": "2026-11-26T12:00:00Z"},
        {"state": 2, "step": None, "stability": 3, "difficulty": 99, "due": "2026-11-26T12:00:00Z"},
        {"state": True, "step": 0, "due": "2026-11-26T12:00:00Z"},
    ],
)
def test_a_schedule_that_is_not_ours_is_refused(schedule: dict[str, object]) -> None:
    kept = KeptDrill(drill(1), Memory.new("2026-11-26T12:00:00.000Z"), "2026-11-26T12:00:00.000Z")
    data = {**kept.to_data(), "schedule": schedule}
    assert read_deck({kept.key: data}).lost == 1


def test_a_drill_under_another_drills_key_is_refused() -> None:
    kept = KeptDrill(drill(1), Memory.new("2026-11-26T12:00:00.000Z"), "2026-11-26T12:00:00.000Z")
    assert read_deck({drill(2).key: kept.to_data()}).lost == 1


def test_a_deck_grown_past_its_limit_keeps_the_drills_still_to_learn() -> None:
    at = "2026-11-26T12:00:00.000Z"
    deck = {
        f"k{n}": KeptDrill(drill(n % 7), Memory.new(at), at, solved=n % 3, missed=(n + 1) % 2)
        for n in range(KEEP_DRILLS + 20)
    }
    kept = pruned(deck)
    assert len(kept) == KEEP_DRILLS
    dropped = set(deck) - set(kept)
    assert all(deck[k].solved - deck[k].missed >= 1 for k in dropped)


# --- export and import ------------------------------------------------------------------------


def test_drills_travel_in_an_export_and_an_import_adds_without_replacing() -> None:
    clock = FakeTime()
    home = Keeper(Blobs(MemoryStorage()), now=clock)
    Practice(home.blobs, now=clock).add([drill(1), drill(2)])
    Practice(home.blobs, now=clock).answer(drill(1), right=True, ms=2000)
    exported = home.export_text()
    assert json.loads(exported)["practice"].keys() == {drill(1).key, drill(2).key}

    away = Keeper(Blobs(MemoryStorage()), now=clock)
    mine = Practice(away.blobs, now=clock)
    mine.add([drill(2), drill(3)])
    mine.answer(drill(2), right=False, ms=9000)
    said = away.import_text(exported)
    assert "and 1 drill" in said and "nothing was replaced" in said
    deck = mine.deck()
    assert set(deck) == {drill(1).key, drill(2).key, drill(3).key}
    assert deck[drill(2).key].missed == 1  # its own, not the file's
    assert deck[drill(1).key].solved == 1  # the file's


def test_an_import_with_a_bad_drill_loses_that_drill_only_and_says_so() -> None:
    clock = FakeTime()
    home = Keeper(Blobs(MemoryStorage()), now=clock)
    Practice(home.blobs, now=clock).add([drill(1)])
    data = json.loads(home.export_text())
    data["practice"]["evil"] = {"drill": "drill1;" + "x" * 10_000}
    away = Keeper(Blobs(MemoryStorage()), now=clock)
    said = away.import_text(json.dumps(data))
    assert "and 1 drill" in said and "1 entry of that file was unreadable" in said
    assert list(Practice(away.blobs, now=clock).deck()) == [drill(1).key]


def test_an_import_whose_drills_are_not_a_map_is_refused_whole() -> None:
    away = Keeper(Blobs(MemoryStorage()), now=FakeTime())
    text = json.dumps({"format": "minesweeper-export", "ledger": {}, "practice": [1, 2]})
    with pytest.raises(BadImport, match="damaged"):
        away.import_text(text)


def test_an_export_from_before_drills_still_imports() -> None:
    away = Keeper(Blobs(MemoryStorage()), now=FakeTime())
    said = away.import_text(json.dumps({"format": "minesweeper-export", "records": {}}))
    assert said.startswith("Imported 0 games;")


# --- a sitting ----------------------------------------------------------------------------


def test_a_sitting_times_each_drill_on_its_clock_and_schedules_each_answer() -> None:
    ticks = iter([0.0, 4.0, 5.0, 7.0, 7.5])
    clock = FakeTime()
    practice = Practice(Blobs(MemoryStorage()), now=clock)
    safe = Drill(Level(2, 3, 1), bytes([1, 9, 9, 1, 9, 9]), Task.SAFE, source="seed 9, move 2")
    sitting = Sitting([safe, drill(1)], clock=lambda: next(ticks), practice=practice)
    assert sitting.answer(5).right
    assert sitting.next() == drill(1)
    assert not sitting.answer(2).right  # the 1's only covered neighbour is its mine
    assert sitting.next() is None and sitting.over
    assert sitting.result_line() == "Solved 1 of 2 · 3.0 s a drill · best streak 1"
    deck = practice.deck()
    assert (deck[safe.key].solved, deck[drill(1).key].missed) == (1, 1)
    assert deck[safe.key].ms == 4000


def test_a_kept_drill_whose_numbers_fit_no_layout_is_skipped_said_and_forgotten() -> None:
    """Storage may hold a drill no game made (its text reads, its numbers fit no layout: a
    2 with one covered cell): answering it says so, drops it, and the sitting goes on."""
    store, clock = MemoryStorage(), FakeTime()
    practice = Practice(Blobs(store), now=clock)
    impossible = Drill(Level(1, 3, 1), bytes([2, 9, 0]), Task.SAFE, source="seed 5, move 2")
    practice.add([impossible, drill(1)])
    sitting = Sitting([impossible, drill(1)], clock=lambda: 0.0, practice=practice)
    with pytest.raises(Unanswerable, match="fit no layout: it is left out"):
        sitting.answer(1)
    assert sitting.current == drill(1) and not sitting.given
    assert impossible.key not in practice.deck()
    assert sitting.answer(3).right  # .1## : the cell after the mine
