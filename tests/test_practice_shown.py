"""Practice's state of play, in CPython: the sitting on show (:class:`play.game_ui.SittingShown`)
through any sequence of the player's cursor moves, answers, next drills and new sittings, and
the drills made meanwhile; and a reviewed game's mistakes kept through the session's one call,
which reports them."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engine import Level
from engine.steps import drain
from play.game import Update
from play.game_ui import MOVES, Command, SittingShown, Stage
from play.practice import SITTING, Drill, Practice, Task
from play.review import review_moves
from play.session import Session
from tests.helpers import drawn_game

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
IMPOSSIBLE = Drill(Level(1, 3, 1), bytes([2, 9, 0]), Task.SAFE, source="seed 99, move 2")
"""Kept data no game made: a 2 with one covered cell (no layout fits it: it is left out)."""
OFFERING = Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.MINE, (0, 1))
"""A drill that offers cells, lettered a and b."""


def small(n: int) -> Drill:
    """A small kept drill, a different one for each ``n``: ``n`` open zeros, a 1, its mine
    and a safe cell (``..1##``)."""
    return Drill(Level(1, n + 3, 1), bytes([0] * n + [1, 9, 9]), Task.SAFE, source=f"seed {n}")


def practice_with(drills: list[Drill]) -> Practice:
    practice = Practice(None, now=lambda: NOW)
    practice.add(drills)
    return practice


def at(shown: SittingShown, stage: Stage) -> bool:
    """Whether ``shown`` is at ``stage`` (read afresh: each change moves it)."""
    return shown.stage is stage


def shown_with(drills: list[Drill], seed: int = 0) -> SittingShown:
    ticks = itertools.count()
    return SittingShown(practice_with(drills), lambda: float(next(ticks)), random.Random(seed))


# --- the sitting on show -----------------------------------------------------------------------


def test_the_due_drills_show_at_once_and_the_banks_once_made() -> None:
    shown = shown_with([small(0), OFFERING])
    assert at(shown, Stage.NONE) and shown.heading() == "" and shown.making_steps() is None
    shown.begin()
    assert at(shown, Stage.ASKING) and shown.drill == small(0) and shown.size == SITTING
    assert shown.cursor.cell == 1  # the first covered cell
    assert shown.option("a") is None  # no cell offered
    assert shown.answer(0) is None and shown.said == "Pick a covered cell."
    answer = shown.answer(2)
    assert answer is not None and answer.right and shown.stage is Stage.ANSWERED
    assert shown.answer(2) is None and shown.press(Command.CURSOR_LEFT)  # answered once
    assert shown.next() and shown.drill == OFFERING and shown.cursor.cell == 0  # offered a
    assert shown.option("B") == 1 and shown.answer(1) is not None and shown.next()
    assert at(shown, Stage.MAKING) and shown.task() == "Making the next drill…"
    assert not shown.press(Command.CURSOR_RIGHT) and not shown.next()
    steps = shown.making_steps()
    assert steps is not None and drain(steps)  # the drill at hand, to draw
    assert at(shown, Stage.ASKING) and shown.heading().startswith("Drill 3 of 10 · ")


def test_a_drill_no_layout_fits_is_left_out_and_the_sitting_is_a_drill_shorter() -> None:
    shown = shown_with([IMPOSSIBLE, small(1)])
    shown.begin()
    assert shown.drill == IMPOSSIBLE
    assert shown.answer(shown.cursor.cell) is None and "fit no layout" in shown.said
    assert shown.left_out == 1 and shown.size == SITTING - 1
    assert shown.drill == small(1) and shown.stage is Stage.ASKING and shown.cursor.cell == 2
    assert shown.heading().startswith("Drill 1 of 9 · ")


def test_the_last_answer_finishes_the_sitting_and_ten_more_begin_another() -> None:
    shown = shown_with([small(n) for n in range(SITTING + 2)])
    shown.begin()
    asked = []
    for number in range(1, SITTING + 1):
        assert shown.heading().startswith(f"Drill {number} of 10")
        asked.append(shown.drill)
        assert shown.answer(shown.cursor.cell + 1) is not None  # the cell after the mine
        assert shown.last == (number == SITTING)
        shown.next()
    assert at(shown, Stage.FINISHED) and shown.drill is None and shown.heading() == ""
    assert shown.result_line().startswith("Solved 10 of 10 · ")
    assert shown.answer(0) is None and not shown.next()
    shown.begin()  # ten more: the two drills still due first
    left = {small(n) for n in range(SITTING + 2)} - set(asked)
    assert at(shown, Stage.ASKING) and len(left) == 2 and set(shown.plan[:2]) == left


def test_a_link_drill_comes_first_and_a_plan_made_ahead_is_used() -> None:
    shown = shown_with([small(0)])
    drain(shown.ahead_steps())  # the next sitting chosen, its first drill made: kept, here
    shown.begin("1-2-1-42")
    assert shown.stage is Stage.MAKING and shown.plan[1] == small(0)
    assert len(shown.plan) == SITTING
    steps = shown.making_steps()
    assert steps is not None and drain(steps)
    assert shown.drill is not None and shown.drill.source == "1-2-1 #42"


def test_a_drill_made_for_a_sitting_gone_joins_no_other() -> None:
    shown = shown_with([])
    shown.begin()
    old = shown.making_steps()
    shown.begin()
    assert old is not None and not drain(old)
    assert shown.stage is Stage.MAKING and shown.sitting is not None and not shown.sitting.drills


class SittingMachine(RuleBasedStateMachine):
    """Any sequence of the player's changes, with drills made between them."""

    @initialize(
        kept=st.integers(0, SITTING + 2),
        impossible=st.booleans(),
        offering=st.booleans(),
        seed=st.integers(0, 3),
    )
    def start(self, kept: int, impossible: bool, offering: bool, seed: int) -> None:
        drills = [small(n) for n in range(kept)]
        drills += [IMPOSSIBLE] * impossible + [OFFERING] * offering
        self.shown = shown_with(drills, seed)
        self.shown.begin()

    @rule(first=st.sampled_from([None, None, "daily", "1-2-1-42", "corner"]))
    def begin(self, first: str | None) -> None:
        self.shown.begin(first)
        sitting = self.shown.sitting
        assert sitting is not None and not sitting.given and self.shown.left_out == 0
        assert self.shown.stage in (Stage.ASKING, Stage.MAKING)

    @rule()
    def make(self) -> None:
        before = self.shown.stage
        steps = self.shown.making_steps()
        if steps is not None:
            assert drain(steps) == (before is Stage.MAKING)

    @rule()
    def plan_ahead(self) -> None:
        drain(self.shown.ahead_steps())

    @rule(command=st.sampled_from(sorted(MOVES)))
    def press(self, command: Command) -> None:
        assert self.shown.press(command) == (self.shown.drill is not None)

    @rule(where=st.one_of(st.just("cursor"), st.integers(-1, 40), st.sampled_from("abcz")))
    def answer(self, where: str | int) -> None:
        shown = self.shown
        stage, given = shown.stage, 0 if shown.sitting is None else len(shown.sitting.given)
        if isinstance(where, int):
            cell: int | None = where
        else:
            cell = shown.cursor.cell if where == "cursor" else shown.option(where)
        if cell is None:
            return
        answer = shown.answer(cell)
        now = 0 if shown.sitting is None else len(shown.sitting.given)
        if stage is not Stage.ASKING:  # each drill answered once
            assert answer is None and now == given and shown.stage is stage
        elif answer is not None:
            assert now == given + 1 and shown.stage is Stage.ANSWERED and not shown.said
        else:
            assert now == given and shown.said

    @rule()
    def next(self) -> None:
        stage = self.shown.stage
        assert self.shown.next() == (stage is Stage.ANSWERED)
        if stage is Stage.ANSWERED:
            assert self.shown.answered is None and self.shown.stage is not Stage.ANSWERED

    @rule()
    def go_on(self) -> None:
        """The player's usual way: the drill at the cursor answered, then the next."""
        if self.shown.stage is Stage.MAKING:
            self.make()
        if self.shown.stage is Stage.ASKING:
            self.answer("cursor")
        self.next()

    @invariant()
    def holds(self) -> None:
        shown = self.shown
        sitting, stage, drill = shown.sitting, shown.stage, shown.drill
        if sitting is None:
            assert stage is Stage.NONE and drill is None
            return
        assert len(shown.plan) == SITTING and 0 < shown.size <= SITTING
        assert len(sitting.given) <= shown.size and len(sitting.drills) <= shown.size
        assert [given.drill for given in sitting.given] == sitting.drills[: len(sitting.given)]
        if len(sitting.given) >= shown.size:
            assert stage in (Stage.ANSWERED, Stage.FINISHED)
        if stage is Stage.FINISHED:
            assert len(sitting.given) >= shown.size and drill is None
        if stage is Stage.ANSWERED:
            assert shown.answered is sitting.given[-1].answer and drill is not None
        if drill is not None:
            assert shown.cursor.grid == drill.level.grid
            assert 0 <= shown.cursor.cell < drill.level.cells
            assert shown.heading().startswith(f"Drill {sitting.number} of {shown.size} · ")
            assert sitting.number <= shown.size


SittingMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_any_sequence_of_the_players_changes_keeps_the_sitting_whole = SittingMachine.TestCase


# --- the session's call -----------------------------------------------------------------------


def test_a_reviewed_games_new_drills_are_kept_and_said_in_one_update() -> None:
    session, seen = Session(seed=1), list[Update]()
    session.subscribe(seen.append)
    seen.clear()
    source = drawn_game("*...\n....\n.*..", "O2,3", "O1,0")  # a needless guess
    moves = list(review_moves(source))
    said = session.keep_drills(source, moves)
    assert said == "1 new drill from this game."
    assert len(seen) == 1 and session.notice is not None and session.notice.text == said
    assert session.practice.due_count() == 1
    seen.clear()
    assert session.keep_drills(source, moves) is None  # kept already: nothing new, said
    assert seen == [] and session.practice.due_count() == 1
