"""A sitting of practice as a front end shows it: the drill at hand, whether it is asked or
answered, the keyboard's cursor on its board, and the drills still to make.

Ten drills are planned (:func:`play.practice.coach.sitting_plan`): the player's due ones,
kept, and bank drills named by a kind and a seed, which take some milliseconds each to make.
A front end runs their making in slices between its frames (:meth:`SittingShown.making_steps`;
the next sitting's first drill even before the player asks, :meth:`SittingShown.ahead_steps`)
and draws what :attr:`SittingShown.stage` says; every change is one of the methods below, as
the player answers, goes on, or asks for ten more. The answers are checked and scheduled by
the :class:`~play.practice.coach.Sitting` inside; a kept drill no layout fits is left out,
and the sitting is a drill shorter.

>>> from engine import Level
>>> from play.practice import Drill, Practice, Task
>>> practice = Practice(None)
>>> practice.add([Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.SAFE)])
1
>>> shown = SittingShown(practice, clock=lambda: 0.0)
>>> shown.begin(); shown.stage, shown.heading()
(<Stage.ASKING: 'asking'>, 'Drill 1 of 10 · from your games · difficulty 2 of 5')
>>> shown.cursor.cell, shown.press(Command.CURSOR_RIGHT), shown.cursor.cell
(0, True, 1)
>>> shown.answer(shown.cursor.cell).words, shown.stage
('Right: row 1, column 2 is safe.', <Stage.ANSWERED: 'answered'>)
>>> shown.answer(2), shown.next(), shown.stage  # answered once; the next, a bank drill, made
(None, True, <Stage.MAKING: 'making'>)
>>> from engine.steps import drain
>>> drain(shown.making_steps()), shown.stage, shown.heading()  # doctest: +ELLIPSIS
(True, <Stage.ASKING: 'asking'>, 'Drill 2 of 10 · ... #... · difficulty ... of 5')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from engine import Grid
from play.game_ui.commands import Command
from play.game_ui.cursor import MOVES, BoardCursor
from play.practice import (
    GAME,
    LETTERS,
    SITTING,
    Drill,
    Sitting,
    bank_key,
    daily_kind_seed,
    difficulty,
    sitting_plan,
    task_words,
)

if TYPE_CHECKING:
    from engine.steps import Steps
    from play.practice import Answer, Practice, Wanted

__all__ = ["SittingShown", "Stage"]


class Stage(Enum):
    """Where a sitting's screen is."""

    NONE = "none"
    """No sitting yet."""
    MAKING = "making"
    """The drill at hand is still being made: it shows as soon as it is."""
    ASKING = "asking"
    ANSWERED = "answered"
    """The drill's answer and its proof on show, until the player goes on."""
    FINISHED = "finished"
    """Every drill answered (or left out): the sitting's result line, and ten more."""


class SittingShown:
    """The sitting on show, and the next one's plan made ahead."""

    def __init__(
        self,
        practice: Practice,
        clock: Callable[[], float],
        chooser: random.Random | None = None,
    ) -> None:
        self._practice, self._clock = practice, clock
        self._chooser = chooser or random.Random()
        """Where the bank drills' seeds come from."""
        self.sitting: Sitting | None = None
        self.plan: list[Wanted] = []
        """The sitting's drills as planned, in order: kept ones, and bank ones to make."""
        self.left_out = 0
        """Drills of this sitting left out (kept data no layout fits)."""
        self.answered: Answer | None = None
        """The answer on show to the drill at hand (None while it is asked)."""
        self.said = ""
        """Why the last cell given is no answer (not a cell the drill asks about, or a drill
        left out), until the next answer or drill."""
        self.finished = False
        self.cursor = BoardCursor(Grid(1, 1))
        """The keys' cursor on the drill's board (the game's kind: one rule for both)."""
        self._filled = 0
        """How many of the plan's drills the sitting has been handed (made, or kept)."""
        self._made: dict[tuple[str, int], Drill] = {}
        """Bank drills made ahead, by kind and seed."""
        self._ahead: list[Wanted] | None = None
        """The next sitting's plan, chosen ahead (its first drill made)."""

    # --- what is shown -------------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        if self.sitting is None:
            return Stage.NONE
        if self.finished:
            return Stage.FINISHED
        if self.answered is not None:
            return Stage.ANSWERED
        return Stage.ASKING if self.sitting.current is not None else Stage.MAKING

    @property
    def drill(self) -> Drill | None:
        """The drill at hand, asked or answered (None while it is made, or when none is)."""
        if self.sitting is None or self.finished:
            return None
        return self.sitting.current

    @property
    def size(self) -> int:
        """The sitting's drills: the plan's, but those left out."""
        return len(self.plan) - self.left_out

    @property
    def last(self) -> bool:
        """The drill at hand is the sitting's last."""
        return self.sitting is not None and self.sitting.number >= self.size

    def heading(self) -> str:
        """``Drill 3 of 10 · from your games · difficulty 2 of 5`` (its place alone while
        it is made; nothing once the sitting is finished)."""
        if self.sitting is None or self.finished:
            return ""
        place = f"Drill {self.sitting.number} of {self.size}"
        drill = self.drill
        if drill is None:
            return place
        origin = "from your games" if drill.kind == GAME else drill.source
        return f"{place} · {origin} · difficulty {difficulty(drill)} of 5"

    def task(self) -> str:
        """The drill's task in words (with the cells offered and the mine total)."""
        drill = self.drill
        if drill is not None:
            return task_words(drill)
        return "Making the next drill…" if self.stage is Stage.MAKING else ""

    def result_line(self) -> str:
        return "" if self.sitting is None else self.sitting.result_line()

    # --- the drills made -----------------------------------------------------------------------

    def ahead_steps(self) -> Steps[None]:
        """Choose the next sitting and make its first drill, in slices, before the player
        asks: :meth:`begin` then shows a drill at once (unless the deck changed)."""
        plan = sitting_plan(self._practice, self._practice.today(), self._chooser)
        first = plan[0]
        if not isinstance(first, Drill) and first not in self._made:
            from play.practice import bank_steps  # late: the solver

            self._made[first] = yield from bank_steps(*first)
        self._ahead = plan

    def making_steps(self) -> Steps[bool] | None:
        """The plan's next bank drill still to make, in slices; it joins the sitting once
        made, and the answer says whether it is the drill at hand now (to draw). None when
        every drill is made."""
        sitting = self.sitting
        if sitting is None or self._filled >= len(self.plan):
            return None
        wanted = self.plan[self._filled]
        assert not isinstance(wanted, Drill)  # kept drills join at once (_fill)
        return self._making(sitting, wanted)

    def _making(self, sitting: Sitting, wanted: tuple[str, int]) -> Steps[bool]:
        from play.practice import bank_steps  # late: the solver

        drill = yield from bank_steps(*wanted)
        if sitting is not self.sitting:
            return False  # a sitting since gone
        was = self.stage
        self._made[wanted] = drill
        self._fill()
        return was is Stage.MAKING and self._at_hand()

    def _fill(self) -> None:
        """Hand the sitting the plan's drills that are there, in order, up to the first
        still to make."""
        assert self.sitting is not None
        while self._filled < len(self.plan):
            wanted = self.plan[self._filled]
            if isinstance(wanted, Drill):
                drill = wanted
            elif wanted in self._made:
                drill = self._made.pop(wanted)
            else:
                return
            self.sitting.drills.append(drill)
            self._filled += 1

    def _at_hand(self) -> bool:
        """A drill newly at hand: the cursor starts on its first offered cell, or its first
        covered one. False when none is."""
        drill = self.drill
        if drill is None or self.answered is not None:
            return False
        covered = (cell for cell, tile in enumerate(drill.tiles) if tile > 8)
        first = drill.options[0] if drill.options else next(covered)
        self.cursor = BoardCursor(drill.level.grid, first)
        return True

    # --- the player's changes ----------------------------------------------------------------

    def begin(self, first: str | None = None) -> None:
        """A new sitting (ten more, after one): ``first`` (a bank drill's name, a kind alone
        for a seed of chance, ``daily`` for the day's) first, then the player's due drills
        and the bank's, as planned ahead unless the deck has changed since."""
        today = self._practice.today()
        plan, self._ahead = self._ahead, None
        due = [kept.drill for kept in self._practice.due()][:SITTING]
        if plan is None or [wanted for wanted in plan if isinstance(wanted, Drill)] != due:
            plan = sitting_plan(self._practice, today, self._chooser)
        if first is not None:
            plan = [daily_kind_seed(today) if first == "daily" else bank_key(first), *plan[:-1]]
        self.plan, self.left_out, self._filled = plan, 0, 0
        self.sitting = Sitting([], self._clock, self._practice)
        self.answered, self.said, self.finished = None, "", False
        self._fill()
        self._at_hand()

    def press(self, command: Command) -> bool:
        """Move the cursor on the drill at hand (False when there is none, or ``command``
        moves no cursor)."""
        if self.drill is None or command not in MOVES:
            return False
        self.cursor.press(command)
        return True

    def option(self, letter: str) -> int | None:
        """The cell offered as ``letter`` while the drill at hand is asked, else None."""
        drill = self.drill
        index = LETTERS.find(letter.lower()) if len(letter) == 1 else -1
        if drill is None or self.answered is not None or not 0 <= index < len(drill.options):
            return None
        return drill.options[index]

    def answer(self, cell: int) -> Answer | None:
        """``cell`` as the answer to the drill asked, checked and scheduled: the answer on
        show. None when it is none: no drill is asked (each is answered once), or the
        cell is not one the drill asks about, or no layout fits the drill, which is left
        out (:attr:`said` says why)."""
        from play.practice import NotACandidate, Unanswerable  # late: the solver

        sitting = self.sitting
        if sitting is None or self.stage is not Stage.ASKING:
            return None
        try:
            self.answered = sitting.answer(cell)
        except Unanswerable as error:  # the next drill takes its place
            self.left_out += 1
            self.said = str(error)
            self.finished = len(sitting.given) >= self.size
            self._at_hand()
            return None
        except NotACandidate as error:
            self.said = str(error)
            return None
        self.said = ""
        return self.answered

    def next(self) -> bool:
        """On from the drill answered to the next one; after the last, the sitting is
        finished. False when no answer is on show."""
        sitting = self.sitting
        if sitting is None or self.stage is not Stage.ANSWERED:
            return False
        sitting.next()
        self.answered, self.said = None, ""
        self.finished = len(sitting.given) >= self.size
        self._at_hand()
        return True
