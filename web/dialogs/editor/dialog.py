"""The analysis editor: set up any position and see what the solver finds in it.

A thin adapter: clicks, drags, touches and keys become calls of the editor's state of play
(:class:`play.game_ui.editing.Editing`, which holds the position, the cursor, the brush and
the finding picked, and edits by :mod:`play.assist`'s rules); the position goes to the
session's position editor (:class:`play.assist.PositionEditor`, worked out in slices between
the browser's turns: :func:`web.page.pace.drain_in_turns`), and what comes back is drawn
(:mod:`web.dialogs.editor.board`). A click cycles a cell (covered, open, flagged, known
mine); a brush (covered, 0-8, flag, known mine) sets it instead, and a drag across cells
paints them as the first one became; keys (the page's one listener,
:attr:`play.game_ui.Context.EDITOR`) move the cursor and set its cell. The position travels
as text (copied, or pasted into the text field) and as a link (``?position=``:
:meth:`engine.position_text.SeenPosition.link_text`).

Each event type has one listener, on the board, the brushes or a button; every proxy is
the page's :class:`web.page.listeners.Listeners`', released with the page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine import Game, InvalidLevelError, PositionTextError, SeenPosition, parse_custom
from play.game import sentence
from play.game_ui import Command, Context, Editing
from play.session import Session
from play.start import position_query
from web.dialogs import modal
from web.dialogs.editor.board import board_html, cell_words, findings_html
from web.page import (
    BINDINGS,
    Clock,
    Listeners,
    Scheduler,
    browser,
    closest,
    data,
    dialog_message,
    drain_in_turns,
    ids,
    query,
)

if TYPE_CHECKING:
    from play.assist import Report
    from web.page import Handler, Handlers


class EditorDialog:
    def __init__(
        self, document: Any, window: Any, session: Session, scheduler: Scheduler, clock: Clock
    ) -> None:
        self._document, self._window = document, window
        self.session, self.scheduler, self.clock = session, scheduler, clock
        by_id = document.getElementById
        self._by_id = by_id
        self.dialog = by_id(ids.ANALYSIS_DIALOG)
        self.board = by_id(ids.ANALYSIS_BOARD)
        self.editing = Editing()
        self._task: asyncio.Task[None] | None = None
        self._listed: Report | None = None
        """The report whose findings the list shows."""
        self._tasks: set[asyncio.Task[None]] = set()

    def wire(self, listeners: Listeners) -> None:
        by_id, listen = self._by_id, listeners.listen
        listen(self.board, "pointerdown", self.on_pointerdown)
        listen(self.board, "pointermove", self.on_pointermove)
        listen(self.board, "pointerup", self.on_pointerup)
        listen(self.board, "pointercancel", self.on_pointerup)
        listen(self.board, "lostpointercapture", self.on_pointerup)
        listen(self.board, "contextmenu", lambda event: event.preventDefault())
        listen(by_id(ids.ANALYSIS_BRUSHES), "click", self.on_brush)
        listen(by_id(ids.ANALYSIS_FINDINGS), "click", self.on_finding)
        listen(by_id(ids.ANALYSIS_SIZE), "submit", self.on_size)
        listen(by_id(ids.ANALYSIS_COPY), "click", lambda _e: self.copy_text())
        listen(by_id(ids.ANALYSIS_PASTE), "click", lambda _e: self.paste_text())
        listen(by_id(ids.ANALYSIS_LINK), "click", lambda _e: self.copy_link())
        listen(by_id(ids.ANALYSIS_CLOSE), "click", lambda _e: self.dialog.close())
        modal.wire(listeners, self.dialog, self.session)

    @property
    def position(self) -> SeenPosition:
        """The position on show (the editor's state of play holds it)."""
        return self.editing.position

    # --- opening -----------------------------------------------------------------------------

    def open(self, position: SeenPosition | None = None, note: str | None = None) -> None:
        """Show the editor on ``position`` (else the last one, afresh: no finding picked)
        and analyse it."""
        if position is None:
            self.editing.show(self.position)
        self._opened(position is None or self.editing.open(position), note)

    def open_game(self, games: Sequence[Game] | None = None) -> None:
        """The editor on what the player sees of a game (the game in play, or a replay's
        positions up to its step at hand), never its layout: "Analyse this position".
        After a loss, the position before the losing move (:meth:`Editing.open_game`)."""
        if games is None:
            self.session.analyse_live()  # the live position's every chance: an assisted game
            opened = self.editing.open_game(self.session.game, self.session.record)
        else:
            opened = self.editing.open_positions(games)
        self._opened(opened, None)

    def _opened(self, shown: bool, note: str | None) -> None:
        """The dialog shown; on the position brought in when ``shown``, else on the last
        one with the words that refused it."""
        if shown:
            self.editing.say(note)
        modal.show(self.dialog, self.session)
        self._position_changed()
        self.board.focus()

    # --- editing: every change through the state of play, then drawn ------------------------

    def _edited(self, before: SeenPosition) -> None:
        """After a change of the editor's state: the fields, the analysis and the link
        follow a new position; the board and the words are drawn either way."""
        if self.editing.position is not before:
            self._position_changed()
        else:
            self._draw()

    def _cell_of(self, element: Any) -> int | None:
        cell = closest(element, f"#{ids.ANALYSIS_BOARD} .{ids.CELL_CLASS}")
        if cell is None:
            return None
        row, col = data(cell, "row"), data(cell, "col")
        if row is None or col is None:
            return None
        return int(row) * self.position.cols + int(col)

    def _cell_at(self, x: float, y: float) -> int | None:
        """The cell under the point (``x``, ``y``) of the window, or None off the board."""
        first = query(self.board, f".{ids.CELL_CLASS}")
        if first is None:
            return None
        box = first.getBoundingClientRect()
        if box.width <= 0 or box.height <= 0:
            return None
        row, col = int((y - box.top) // box.height), int((x - box.left) // box.width)
        if not (0 <= row < self.position.rows and 0 <= col < self.position.cols):
            return None
        return row * self.position.cols + col

    def on_pointerdown(self, event: Any) -> None:
        cell = self._cell_of(event.target)
        if cell is None:
            return
        event.preventDefault()  # no text selection, no focus moving by itself
        # The keys' cursor follows the pointer; scrolling now would move the cells away
        # from under a drag.
        self.board.focus(browser.to_js({"preventScroll": True}))
        before = self.position
        self.editing.click(cell, right=event.button == 2)
        self._edited(before)

    def on_pointermove(self, event: Any) -> None:
        if self.editing.painting is None:
            return
        # A touch (and a mouse whose first cell was redrawn) keeps its events on the cell it
        # began on: work out the cell under the pointer from the board's grid instead.
        cell = self._cell_at(float(event.clientX), float(event.clientY))
        before = self.position
        if cell is not None and self.editing.drag(cell):
            self._edited(before)

    def on_pointerup(self, _event: Any) -> None:
        self.editing.release()

    def commands(self) -> Handlers:
        """The editor's keys (:attr:`play.game_ui.Context.EDITOR`): the cursor moved, its
        cell cycled as a click cycles it, or set to the tile the key names."""

        def pressing(command: Command) -> Handler:
            def run(_event: Any) -> bool:
                before = self.position
                self.editing.press(command)
                self._edited(before)
                self._say_cursor()
                return True

            return run

        table = BINDINGS[Context.EDITOR].values()
        return {Context.EDITOR: {command: pressing(command) for command in table}}

    def on_brush(self, event: Any) -> None:
        button = closest(event.target, "[data-brush]")
        if button is None:
            return
        self.editing.choose_brush(data(button, "brush") or "cycle")
        for other in self._by_id(ids.ANALYSIS_BRUSHES).querySelectorAll("[data-brush]"):
            other.setAttribute("aria-pressed", "true" if other == button else "false")

    def on_finding(self, event: Any) -> None:
        """A finding picked in the list: its cells marked, the cursor on the first."""
        button = closest(event.target, "[data-cells]")
        if button is None:
            return
        self.editing.pick(tuple(int(cell) for cell in (data(button, "cells") or "").split()))
        self._draw()
        self._say_cursor()

    def on_size(self, event: Any) -> None:
        event.preventDefault()
        fields = (ids.ANALYSIS_ROWS, ids.ANALYSIS_COLS, ids.ANALYSIS_MINES)
        height, width, mines = (str(self._by_id(key).value) for key in fields)
        before = self.position
        try:
            level = parse_custom(height, width, mines)
        except InvalidLevelError as problem:
            self.editing.say(dialog_message(str(problem)))
        else:
            self.editing.resize(level.rows, level.cols, level.mines)
        self._edited(before)

    # --- the analysis ------------------------------------------------------------------------

    def _position_changed(self) -> None:
        position, by_id = self.position, self._by_id
        by_id(ids.ANALYSIS_ROWS).value = str(position.rows)
        by_id(ids.ANALYSIS_COLS).value = str(position.cols)
        by_id(ids.ANALYSIS_MINES).value = str(position.mines)
        by_id(ids.ANALYSIS_TEXT).value = position.text()
        by_id(ids.ANALYSIS_LINK_TEXT).value = self.link()
        self._draw()
        if self._task is not None:
            self._task.cancel()  # its position is gone: only the newest is worth the work
        self.board.dataset.analysis = "pending"
        steps = self.session.editor.report_steps(position)
        self._task = asyncio.create_task(self._run(steps, position))

    async def _run(self, steps: Any, position: SeenPosition) -> None:
        report: Report = await drain_in_turns(steps, self.scheduler, self.clock)
        if self.editing.reported(report, position):
            self._draw()
            self.board.dataset.analysis = "done"

    def _draw(self) -> None:
        editing, board = self.editing, self.board
        position, report = editing.position, editing.report
        error = self._by_id(ids.ANALYSIS_ERROR)
        error.textContent = editing.note or ""
        error.hidden = not editing.note
        board.style.setProperty("--cols", str(position.cols))
        board.style.setProperty("--rows", str(position.rows))  # the board fits the dialog
        board.classList.toggle(ids.CHANCES_CLASS, report is not None and report.clash is None)
        board.innerHTML = board_html(position, report, editing.cursor.cell, editing.picked)
        summary = self._by_id(ids.ANALYSIS_SUMMARY)
        if report is None:
            summary.textContent = "Working it out…"
            summary.classList.toggle("error", False)  # the last position's clash is gone
            return
        clash = report.clash is not None
        summary.textContent = (
            report.findings[0].words
            if clash
            else "Each covered cell shows its chance of a mine, in percent."
        )
        summary.classList.toggle("error", clash)
        if report is not self._listed:  # the list stays while the cursor moves: its focus too
            self._listed = report
            self._by_id(ids.ANALYSIS_FINDINGS).innerHTML = findings_html(report)

    def _say_cursor(self) -> None:
        editing = self.editing
        words = cell_words(editing.position, editing.report, editing.cursor.cell)
        self._by_id(ids.ANALYSIS_CURSOR).textContent = sentence(words[:1].upper() + words[1:])

    def _say(self, text: str) -> None:
        self._by_id(ids.ANALYSIS_STATUS).textContent = text

    # --- positions travel --------------------------------------------------------------------

    def link(self) -> str:
        """The address that opens this position in the editor."""
        location = self._window.location
        return f"{location.origin}{location.pathname}?{position_query(self.position)}"

    def copy_text(self) -> None:
        text = self.position.text()
        self._by_id(ids.ANALYSIS_TEXT).value = text
        self._spawn(self._copy(text, "Position copied as text."))

    def copy_link(self) -> None:
        self._spawn(self._copy(self.link(), "Link copied: it opens this position."))

    def paste_text(self) -> None:
        text = str(self._by_id(ids.ANALYSIS_TEXT).value)
        before = self.position
        try:
            position = SeenPosition.parse(text)
        except PositionTextError as error:
            self.editing.say(sentence(str(error)[:1].upper() + str(error)[1:]))
        else:
            if self.editing.open(position):
                self._say("Position read from the text.")
        self._edited(before)

    async def _copy(self, text: str, done: str) -> None:
        try:
            await self._window.navigator.clipboard.writeText(text)
            self._say(done)
        except Exception:
            self._say("Copy it from the field below.")

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)  # kept until it ends, as asyncio asks
        task.add_done_callback(self._tasks.discard)
