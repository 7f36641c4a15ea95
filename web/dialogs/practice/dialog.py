"""The Practice dialog: a sitting of ten drills, answered by mouse, touch or keyboard.

A thin adapter over the session's practice (:class:`play.practice.coach.Practice` and a
:class:`~play.practice.coach.Sitting`): a click or tap on a cell, or Enter at the keyboard's
cursor (arrows move it; a letter picks a cell offered), is an answer; the session layer
checks it and schedules the drill; what comes back is drawn (:mod:`web.dialogs.practice.board`).
The task and the answer with its proof are live regions, so a screen reader says them.

Drills the sitting still needs are made from the bank while the player thinks, in slices
between the browser's turns (:func:`web.page.pace.drain_in_turns`): a player's drills that are due
come
from storage at once. The scheduler (`fsrs`, with `typing_extensions`) is not in the
page's first download: it is fetched from the site (``static/vendor/fsrs.zip``) when the
dialog first opens, and kept for offline use by the service worker.

Each event type has one listener, on the board or a button; every proxy is the page's
:class:`web.page.listeners.Listeners`', released with the page.

It is long because it is the sitting as the page shows it: one board, one drill at hand.
"""

from __future__ import annotations

import asyncio
import random
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from engine import Grid
from play.game import capitalised
from play.game_ui import MOVES, BoardCursor, Command, Context
from play.practice import (
    LETTERS,
    Drill,
    Sitting,
    Wanted,
    bank_key,
    daily_kind_seed,
    difficulty,
    new_drills_words,
    sitting_plan,
    task_words,
)
from play.session import Session
from web.board import escape
from web.dialogs import modal
from web.dialogs.practice.board import answer_html, board_html, cell_words, due_words
from web.page import Clock, Listeners, Scheduler, closest, data, drain_in_turns, ensure_package, ids

if TYPE_CHECKING:
    from engine import Replayable
    from play.review import MoveReview
    from web.page import Handler, Handlers

PREPARE_AFTER_S = 2.0
"""When the first drill of a sitting is made, and the scheduler loaded, ahead of the player
asking (after the solver's own warm-up): asking then shows a drill at once."""
MAKING_SLICE_S = 0.008
"""A bank drill's slices: short, as the page runs other work meanwhile (a position looked
at takes a few milliseconds of CPython, several times that in the browser: slices of the
page's usual 25 ms made tasks of 60-120 ms)."""
SCHEDULER_URL = "./static/vendor/fsrs.zip"
SCHEDULER_PATH = "/tmp/fsrs.zip"


async def ensure_scheduler(window: Any) -> None:
    """Make ``fsrs`` importable (it is fetched once, then the service worker keeps it);
    OSError, said in our words, when it cannot be fetched."""
    async with _LOADING:
        await _load_scheduler(window)


_LOADING = asyncio.Lock()
"""One load at a time: the dialog's preparation and its first answer may both ask."""


async def _load_scheduler(window: Any) -> None:
    try:
        await ensure_package(window, "fsrs", SCHEDULER_URL, SCHEDULER_PATH)
    except OSError as error:
        raise OSError(f"the practice schedule could not be loaded ({error})") from None


class PracticeDialog:
    def __init__(
        self, document: Any, window: Any, session: Session, scheduler: Scheduler, clock: Clock
    ) -> None:
        self._window = window
        self.session, self.practice = session, session.practice
        self.scheduler, self.clock = scheduler, clock
        by_id = document.getElementById
        self._by_id = by_id
        self.dialog = by_id(ids.PRACTICE_DIALOG)
        self.board = by_id(ids.PRACTICE_BOARD)
        self.sitting: Sitting | None = None
        self.plan: list[Wanted] = []
        self.answer_shown = False
        self.finished = False
        self.left_out = 0
        """Drills of this sitting left out (kept data no layout fits)."""
        self.cursor = BoardCursor(Grid(1, 1))
        """The keys' cursor on the drill's board (the game's kind: one rule for both)."""
        self._making: asyncio.Task[None] | None = None
        self._made: dict[tuple[str, int], Drill] = {}
        """Bank drills made ahead, by kind and seed."""
        self._ahead: list[Wanted] | None = None
        """The next sitting's plan, chosen ahead (its first drill made)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.opened_at: float | None = None
        """When the player last asked for a drill (the clock's seconds): for the figures."""
        self.longest_answer_ms = 0.0
        """The longest answer checked and scheduled (benchmarks/practice_page.py reads it)."""

    def wire(self, listeners: Listeners) -> None:
        by_id, listen = self._by_id, listeners.listen
        listen(self.board, "click", self.on_click)
        listen(by_id(ids.PRACTICE_NEXT), "click", lambda _e: self.next())
        listen(by_id(ids.PRACTICE_CLOSE), "click", lambda _e: self.dialog.close())
        modal.wire(listeners, self.dialog, self.session)
        self._start(self._prepare())

    async def _prepare(self) -> None:
        """Choose the next sitting and make its first drill, then load the scheduler and
        import it (a task of its own), all before the player asks."""
        from play.practice import bank_steps

        await self.scheduler.sleep(PREPARE_AFTER_S)
        plan = sitting_plan(self.practice, datetime.now(UTC).date(), random.Random())
        wanted = plan[0]
        if not isinstance(wanted, Drill) and wanted not in self._made:
            steps = bank_steps(*wanted)
            drill = await drain_in_turns(steps, self.scheduler, self.clock, MAKING_SLICE_S)
            self._made[wanted] = drill
        self._ahead = plan
        try:
            await ensure_scheduler(self._window)
        except OSError:
            return  # offline on a first visit: the first answer says so
        await self.scheduler.give_way()
        import fsrs  # noqa: F401  (its modules run here, not in the first answer's task)

    # --- opening -----------------------------------------------------------------------------

    def open(self, first: str | None = None, note: str | None = None) -> None:
        """A new sitting: ``first`` (a bank drill's name, a kind alone for a seed of
        chance, ``daily`` for the day's) first, then the player's due drills and the
        bank's; ``note`` says why a link's drill was not read, above them."""
        self.opened_at = started = self.clock()
        today = datetime.now(UTC).date()
        plan, self._ahead = self._ahead, None
        due = self.practice.due_count()
        if plan is None or due != sum(isinstance(wanted, Drill) for wanted in plan):
            plan = sitting_plan(self.practice, today, random.Random())  # the deck has changed
        if first is not None:
            plan.insert(0, daily_kind_seed(today) if first == "daily" else bank_key(first))
            plan.pop()
        self.plan, self.left_out = plan, 0
        self.sitting = Sitting([], time.perf_counter, self.practice)
        self.finished = False
        self._set(ids.PRACTICE_DUE, due_words(self.practice.due_count()))
        self._set(ids.PRACTICE_RESULT, "")
        said = self._by_id(ids.PRACTICE_NOTE)
        said.textContent, said.hidden = note or "", note is None
        modal.show(self.dialog, self.session)
        self._start(ensure_scheduler(self._window))
        self._make_drills()
        self._show_current()
        self.board.dataset.openMs = f"{(self.clock() - started) * 1000:.1f}"  # for the figures

    @property
    def size(self) -> int:
        """The sitting's drills: the plan's, but those left out."""
        return len(self.plan) - self.left_out

    def _make_drills(self) -> None:
        if self._making is not None:
            self._making.cancel()
        self._making = asyncio.create_task(self._make())

    async def _make(self) -> None:
        """Make the plan's drills in order, drawing the current one as soon as it is made."""
        from play.practice import bank_steps

        sitting = self.sitting
        assert sitting is not None
        for wanted in self.plan:
            if isinstance(wanted, Drill):
                drill = wanted
            elif wanted in self._made:
                drill = self._made.pop(wanted)
            else:
                steps = bank_steps(*wanted)
                drill = await drain_in_turns(steps, self.scheduler, self.clock, MAKING_SLICE_S)
            sitting.drills.append(drill)
            if len(sitting.drills) == sitting.number and not self.answer_shown:
                self._show_current()

    # --- drawing -----------------------------------------------------------------------------

    def _set(self, element_id: str, text: str) -> None:
        self._by_id(element_id).textContent = text

    def _show_current(self) -> None:
        sitting = self.sitting
        if sitting is None:
            return
        drill = sitting.current
        count = self._by_id(ids.PRACTICE_COUNT)
        if drill is None:  # still being made: drawn as soon as it is
            count.textContent = f"Drill {sitting.number} of {self.size}"
            self._set(ids.PRACTICE_TASK, "Making the next drill…")
            self.board.innerHTML = ""
            self._by_id(ids.PRACTICE_NEXT).disabled = True
            return
        origin = "from your games" if drill.kind == "game" else drill.source
        count.textContent = (
            f"Drill {sitting.number} of {self.size} · {origin} · "
            f"difficulty {difficulty(drill)} of 5"
        )
        first = drill.options[0] if drill.options else self._first_covered(drill)
        self.cursor = BoardCursor(Grid(drill.level.rows, drill.level.cols), first)
        self.board.dataset.state = "asking"
        self.board.style.setProperty("--cols", str(drill.level.cols))
        self.board.innerHTML = board_html(drill, None, self.cursor.cell)
        self._set(ids.PRACTICE_TASK, task_words(drill))
        if self.opened_at is not None:  # how long the player waited for it: for the figures
            self.board.dataset.shownMs = f"{(self.clock() - self.opened_at) * 1000:.1f}"
        self._by_id(ids.PRACTICE_ANSWER).innerHTML = ""
        self._by_id(ids.PRACTICE_NEXT).disabled = True
        self.answer_shown = False
        self.board.focus()

    @staticmethod
    def _first_covered(drill: Drill) -> int:
        return next(c for c, tile in enumerate(drill.tiles) if tile > 8)

    def _finish(self) -> None:
        sitting = self.sitting
        assert sitting is not None
        self.finished = True
        self._set(ids.PRACTICE_TASK, "")
        self._set(ids.PRACTICE_RESULT, sitting.result_line())
        self._set(ids.PRACTICE_DUE, due_words(self.practice.due_count()))
        next_button = self._by_id(ids.PRACTICE_NEXT)
        next_button.textContent = "Ten more"
        next_button.disabled = False
        next_button.focus()

    # --- answering ---------------------------------------------------------------------------

    def _cell_of(self, element: Any) -> int | None:
        cell = closest(element, f"#{ids.PRACTICE_BOARD} .{ids.CELL_CLASS}")
        drill = None if self.sitting is None else self.sitting.current
        if cell is None or drill is None:
            return None
        row, col = data(cell, "row"), data(cell, "col")
        if row is None or col is None:
            return None
        return int(row) * drill.level.cols + int(col)

    def on_click(self, event: Any) -> None:
        """A click or a tap on a cell: the answer (mouse and touch alike)."""
        cell = self._cell_of(event.target)
        if cell is not None:
            self.answer(cell)

    def commands(self) -> Handlers:
        """The drill's keys (:attr:`play.game_ui.Context.PRACTICE`): the cursor moved, the
        answer given at it or by an offered cell's letter, then the next drill."""

        def moving(command: Command) -> Handler:
            def run(_event: Any) -> bool:
                drill = self._drill()
                if drill is None:
                    return False
                self.cursor.press(command)
                self._draw_cursor(drill)
                return True

            return run

        def answering(_event: Any) -> bool:
            if self._drill() is None:
                return False
            if self.answer_shown:
                self.next()
            else:
                self.answer(self.cursor.cell)
            return True

        def picking(event: Any) -> bool:
            drill = self._drill()
            letter = LETTERS.find(str(event.key).lower())
            if drill is None or self.answer_shown or not 0 <= letter < len(drill.options):
                return False
            self.answer(drill.options[letter])
            return True

        return {
            Context.PRACTICE: {
                **{command: moving(command) for command in MOVES},
                Command.ANSWER: answering,
                Command.PICK_OPTION: picking,
            }
        }

    def _drill(self) -> Drill | None:
        return None if self.sitting is None else self.sitting.current

    def _draw_cursor(self, drill: Drill) -> None:
        answer = self._answer_shown_for()
        self.board.innerHTML = board_html(drill, answer, self.cursor.cell)
        self._set(ids.PRACTICE_CURSOR_WORDS, capitalised(cell_words(drill, self.cursor.cell)))

    def _answer_shown_for(self) -> Any:
        sitting = self.sitting
        if sitting is None or not self.answer_shown or not sitting.given:
            return None
        return sitting.given[-1].answer

    def answer(self, cell: int) -> None:
        if self.answer_shown or self.sitting is None or self.sitting.current is None:
            return
        self._start(self._answer(cell))

    async def _answer(self, cell: int) -> None:
        from play.practice import NotACandidate, Unanswerable

        sitting = self.sitting
        assert sitting is not None
        try:
            await ensure_scheduler(self._window)
        except OSError as error:
            self._by_id(ids.PRACTICE_ANSWER).innerHTML = f"<p>{escape(str(error))}.</p>"
            return
        # A browser task of its own: checking and scheduling the answer is the heaviest
        # step of a sitting, and another slice of work resumed in the same message would
        # make one long task of both.
        await self.scheduler.give_way()
        drill = sitting.current
        if drill is None or self.answer_shown:
            return
        started = self.clock()
        try:
            answer = sitting.answer(cell)
        except Unanswerable as error:  # left out: the next drill takes its place
            self.left_out += 1
            if len(sitting.given) >= self.size:
                self._finish()
            else:
                self._show_current()
            self._by_id(ids.PRACTICE_ANSWER).innerHTML = f"<p>{escape(str(error))}</p>"
            return
        except NotACandidate as error:
            self._by_id(ids.PRACTICE_ANSWER).innerHTML = f"<p>{escape(str(error))}</p>"
            return
        self.answer_shown = True
        self.board.dataset.state = "right" if answer.right else "wrong"
        self.board.innerHTML = board_html(drill, answer, None)
        self._by_id(ids.PRACTICE_ANSWER).innerHTML = answer_html(answer)
        next_button = self._by_id(ids.PRACTICE_NEXT)
        next_button.textContent = "Next drill" if len(sitting.given) < self.size else "Finish"
        next_button.disabled = False
        next_button.focus()
        took = (self.clock() - started) * 1000
        self.longest_answer_ms = max(self.longest_answer_ms, took)
        self.board.dataset.answerMs = f"{self.longest_answer_ms:.1f}"  # for the figures

    def next(self) -> None:
        """The next drill once this one is answered; after the last, ten more."""
        sitting = self.sitting
        if sitting is None:
            return
        if self.finished:
            self.open()
            return
        if not self.answer_shown:
            return
        sitting.next()
        self.answer_shown = False
        self._by_id(ids.PRACTICE_NEXT).textContent = "Next drill"
        self.opened_at = self.clock()
        if len(sitting.given) >= self.size:
            self._finish()
            return
        self._show_current()

    # --- after a review ------------------------------------------------------------------------

    def drills_from_review(self, source: Replayable, moves: list[MoveReview]) -> str | None:
        """Keep the drills of a reviewed game's mistakes; what to say of them (``3 new
        drills from this game: open Practice (P).``), None for none."""
        said = new_drills_words(self.practice.add_from_review(source, moves))
        return None if said is None else f"{said[:-1]}: open Practice (P)."

    def _start(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
