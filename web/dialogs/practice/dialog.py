"""The Practice dialog: a sitting of ten drills, answered by mouse, touch or keyboard.

The page's side of the sitting on show (:class:`play.game_ui.SittingShown`, which holds the
drill at hand, asked or answered, the keys' cursor, the drills left out and those still to
make): a click or tap on a cell, or Enter at the keyboard's cursor (arrows move it; a letter
picks a cell offered), is an answer, which the session's practice checks and schedules; what
the sitting shows is drawn (:mod:`web.dialogs.practice.board`). The task and the answer with
its proof are live regions, so a screen reader says them.

Here is only what a browser needs: the drills the sitting still needs are made while the
player thinks, in slices between the browser's turns (:func:`web.page.pace.drain_in_turns`),
the player's due drills coming from storage at once; and the scheduler (`fsrs`, with
`typing_extensions`) is not in the page's first download: it is fetched from the site
(``static/vendor/fsrs.zip``) when the dialog first opens, and kept for offline use by the
service worker.

Each event type has one listener, on the board or a button; every proxy is the page's
:class:`web.page.listeners.Listeners`', released with the page.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from play.game import capitalised
from play.game_ui import MOVES, Command, Context, SittingShown, Stage
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
        self.session = session
        self.scheduler, self.clock = scheduler, clock
        by_id = document.getElementById
        self._by_id = by_id
        self.dialog = by_id(ids.PRACTICE_DIALOG)
        self.board = by_id(ids.PRACTICE_BOARD)
        self.shown = SittingShown(session.practice, time.perf_counter)
        """The sitting on show: the page draws it and hands it the player's answers."""
        self._making: asyncio.Task[None] | None = None
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
        await self.scheduler.sleep(PREPARE_AFTER_S)
        ahead = self.shown.ahead_steps()
        await drain_in_turns(ahead, self.scheduler, self.clock, MAKING_SLICE_S)
        try:
            await ensure_scheduler(self._window)
        except OSError:
            return  # offline on a first visit: the first answer says so
        await self.scheduler.give_way()
        import fsrs  # noqa: F401  (its modules run here, not in the first answer's task)

    # --- a sitting -----------------------------------------------------------------------------

    def open(self, first: str | None = None, note: str | None = None) -> None:
        """A new sitting: ``first`` (a bank drill's name, a kind alone for a seed of
        chance, ``daily`` for the day's) first, then the player's due drills and the
        bank's; ``note`` says why a link's drill was not read, above them."""
        self.opened_at = started = self.clock()
        self.shown.begin(first)
        self._set(ids.PRACTICE_DUE, due_words(self.session.practice.due_count()))
        self._set(ids.PRACTICE_RESULT, "")
        said = self._by_id(ids.PRACTICE_NOTE)
        said.textContent, said.hidden = note or "", note is None
        modal.show(self.dialog, self.session)
        self._start(ensure_scheduler(self._window))
        if self._making is not None:
            self._making.cancel()
        self._making = asyncio.create_task(self._make())
        self._draw()
        self.board.dataset.openMs = f"{(self.clock() - started) * 1000:.1f}"  # for the figures

    async def _make(self) -> None:
        """Make the plan's drills in order, drawing the one at hand as soon as it is made."""
        while (steps := self.shown.making_steps()) is not None:
            if await drain_in_turns(steps, self.scheduler, self.clock, MAKING_SLICE_S):
                self._draw()

    def next(self) -> None:
        """The next drill once this one is answered; after the last, ten more."""
        if self.shown.stage is Stage.FINISHED:
            self.open()
        elif self.shown.next():
            self.opened_at = self.clock()
            self._draw()

    # --- drawing -----------------------------------------------------------------------------

    def _set(self, element_id: str, text: str) -> None:
        self._by_id(element_id).textContent = text

    def _draw(self) -> None:
        """The sitting as it stands (:attr:`play.game_ui.SittingShown.stage`)."""
        shown, board = self.shown, self.board
        stage, drill, answer = shown.stage, shown.drill, shown.answered
        next_button = self._by_id(ids.PRACTICE_NEXT)
        next_button.textContent = (
            "Ten more" if stage is Stage.FINISHED
            else "Finish" if stage is Stage.ANSWERED and shown.last
            else "Next drill"
        )  # fmt: skip
        next_button.disabled = stage not in (Stage.ANSWERED, Stage.FINISHED)
        self._set(ids.PRACTICE_TASK, shown.task())
        words = self._by_id(ids.PRACTICE_ANSWER)
        said = f"<p>{escape(shown.said)}</p>" if shown.said else ""
        if stage is Stage.FINISHED:
            self._set(ids.PRACTICE_RESULT, shown.result_line())
            self._set(ids.PRACTICE_DUE, due_words(self.session.practice.due_count()))
            if said:  # else the last answer stays on show
                words.innerHTML = said
            next_button.focus()
            return
        self._set(ids.PRACTICE_COUNT, shown.heading())
        words.innerHTML = said if answer is None else answer_html(answer)
        if drill is None:  # still being made: drawn as soon as it is
            board.innerHTML = ""
            return
        board.dataset.state = "asking" if answer is None else ("right" if answer.right else "wrong")
        board.style.setProperty("--cols", str(drill.level.cols))
        board.innerHTML = board_html(drill, answer, None if answer else shown.cursor.cell)
        if answer is not None:
            next_button.focus()
            return
        if self.opened_at is not None:  # how long the player waited for it: for the figures
            board.dataset.shownMs = f"{(self.clock() - self.opened_at) * 1000:.1f}"
            self.opened_at = None
        board.focus()

    def _draw_cursor(self) -> None:
        drill, cell = self.shown.drill, self.shown.cursor.cell
        assert drill is not None
        self.board.innerHTML = board_html(drill, self.shown.answered, cell)
        self._set(ids.PRACTICE_CURSOR_WORDS, capitalised(cell_words(drill, cell)))

    # --- answering ---------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        """A click or a tap on a cell: the answer (mouse and touch alike)."""
        cell = closest(event.target, f"#{ids.PRACTICE_BOARD} .{ids.CELL_CLASS}")
        drill = self.shown.drill
        if cell is None or drill is None:
            return
        row, col = data(cell, "row"), data(cell, "col")
        if row is not None and col is not None:
            self.answer(int(row) * drill.level.cols + int(col))

    def commands(self) -> Handlers:
        """The drill's keys (:attr:`play.game_ui.Context.PRACTICE`): the cursor moved, the
        answer given at it or by an offered cell's letter, then the next drill."""
        shown = self.shown

        def moving(command: Command) -> Handler:
            def run(_event: Any) -> bool:
                if not shown.press(command):
                    return False
                self._draw_cursor()
                return True

            return run

        def answering(_event: Any) -> bool:
            if shown.stage is Stage.ANSWERED:
                self.next()
            elif shown.stage is Stage.ASKING:
                self.answer(shown.cursor.cell)
            else:
                return False
            return True

        def picking(event: Any) -> bool:
            cell = shown.option(str(event.key))
            if cell is not None:
                self.answer(cell)
            return cell is not None

        return {
            Context.PRACTICE: {
                **{command: moving(command) for command in MOVES},
                Command.ANSWER: answering,
                Command.PICK_OPTION: picking,
            }
        }

    def answer(self, cell: int) -> None:
        if self.shown.stage is Stage.ASKING:
            self._start(self._answer(cell))

    async def _answer(self, cell: int) -> None:
        try:
            await ensure_scheduler(self._window)
        except OSError as error:
            self._by_id(ids.PRACTICE_ANSWER).innerHTML = f"<p>{escape(str(error))}.</p>"
            return
        # A browser task of its own: checking and scheduling the answer is the heaviest
        # step of a sitting, and another slice of work resumed in the same message would
        # make one long task of both.
        await self.scheduler.give_way()
        started = self.clock()
        answer = self.shown.answer(cell)  # None: asked no more, or no answer (it says why)
        self._draw()
        if answer is not None:
            took = (self.clock() - started) * 1000
            self.longest_answer_ms = max(self.longest_answer_ms, took)
            self.board.dataset.answerMs = f"{self.longest_answer_ms:.1f}"  # for the figures

    def drills_from_review(self, source: Replayable, moves: list[MoveReview]) -> str | None:
        """Keep the drills of a reviewed game's mistakes (:meth:`Session.keep_drills`, which
        says so); what the review says of them (``3 new drills from this game: open
        Practice (P).``), None for none."""
        said = self.session.keep_drills(source, moves)
        return None if said is None else f"{said[:-1]}: open Practice (P)."

    def _start(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
