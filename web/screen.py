"""The page's picture of the session: after every session call, draw what it reports.

Input adapters (pointer, keys, controls) call the session through :meth:`Screen.play`
or change it directly and then call :meth:`Screen.redraw`; this module turns the
session's state into :class:`web.view.View` calls and runs the two background
tasks the picture needs: the timer LED and the chances overlay.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Generator
from dataclasses import replace
from typing import TypeVar

from pyodide.ffi import create_once_callable
from pyscript import window

from engine import Game, Move
from play import Input, Session, Update
from web.gestures import Preview
from web.keyboard import Keyboard
from web.render import result_html
from web.view import View

SLOW_BOARD = 250_000
"""Cells above which the page warns that drawing takes seconds."""
SEARCH_PAINT_S = 0.03
"""How long a no-guess search waits, so "Finding a board…" paints before Python is busy."""
SLICE_S = 0.025
"""Longest stretch of solver work before the page gets the event loop back (a click made
meanwhile is then handled first, and a frame can paint)."""

FRAME_WAIT_S = 0.1
"""The longest wait for a frame: a hidden page renders none, and its rows are drawn anyway."""

DRAW_CHUNK = 200
"""New chances drawn a frame: each cell costs the view 0.15 to 0.35 ms, and the browser
some 75 µs to render its new chance (measured in Chromium on a 300x300 board, where a
first opening brings some 2,700 of them: given no frame of their own, 1,400 of them
once made a frame of 104 ms)."""

T = TypeVar("T")


async def give_way() -> None:
    """Let the browser handle pending input and paint, then go on.

    Pyodide runs ``asyncio.sleep(0)`` through a ``MessageChannel``, whose messages can
    starve timers; ``scheduler.yield()`` (Chromium 129+) is made for this: input and
    rendering first, then this task before other ones. Elsewhere a 1 ms timer will do.
    """
    scheduler = getattr(window, "scheduler", None)
    resume = getattr(scheduler, "yield", None) if scheduler is not None else None
    if resume is None:
        await asyncio.sleep(0.001)
    else:
        await resume()


async def next_frame() -> None:
    """Wait until the browser has rendered a frame (styled, laid out and painted what was
    written before), so that the next slice of drawing lands in a frame of its own.

    ``requestAnimationFrame`` callbacks run just before the rendering; the task after
    them runs once it is done. A hidden page renders nothing: then a timer goes on.
    """
    loop = asyncio.get_running_loop()
    rendered: asyncio.Future[None] = loop.create_future()

    def done(*_: object) -> None:
        if not rendered.done():
            rendered.set_result(None)

    window.requestAnimationFrame(create_once_callable(done))
    timer = loop.call_later(FRAME_WAIT_S, done)
    try:
        await rendered
    finally:
        timer.cancel()
    await give_way()


async def sliced(steps: Generator[None, None, T]) -> T:
    """Run a generator of work slices to its end, giving the browser its turn every
    :data:`SLICE_S` seconds. Cancelling the awaiting task drops the work where it is."""
    deadline = time.perf_counter() + SLICE_S
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
        if time.perf_counter() >= deadline:
            await give_way()
            deadline = time.perf_counter() + SLICE_S


class Screen:
    def __init__(self, session: Session, view: View) -> None:
        self.session = session
        self.view = view
        self.cursor = Keyboard(session.game.grid)
        self._timer: asyncio.Task[None] | None = None
        self._overlay: asyncio.Task[None] | None = None
        self._overlay_of: tuple[Game, bool] | None = None
        """The game and chances setting of the overlay drawn or being drawn."""
        self._rows: asyncio.Task[None] | None = None
        """Draws the view's stale rows, a slice a frame."""

    # --- what changes the picture ---------------------------------------------------

    def new_board(self) -> None:
        """The session has a new game: draw it whole."""
        game = self.session.game
        self.view.build(game)  # every row drawn: none is stale
        self._overlay_of = None  # the new cells carry no chances yet
        grid = game.grid
        self.cursor = Keyboard(grid, grid.index(grid.rows // 2, grid.cols // 2))
        if self.view.board.matches(":focus-visible"):
            self.view.focus(game, self.cursor.cursor)
        if game.level.cells > SLOW_BOARD:
            # Measured: a 1000x1000 board takes about 10 s to draw and 4 s per big reveal.
            self.session.say(
                f"A board of {game.level.cells:,} cells takes a few seconds to draw in a browser."
            )
        self.redraw()

    def play(self, move: Move, via: Input) -> None:
        """Play ``move`` and draw it; a no-guess search first lets its notice paint."""
        if self.session.deals_search(move, via):
            self.redraw()
            asyncio.get_running_loop().call_later(SEARCH_PAINT_S, self._play_now, move, via)
            return
        self._play_now(move, via)

    def _play_now(self, move: Move, via: Input) -> None:
        if self.session.game.status.is_over:
            return  # the player started over while the search notice was painting
        self.moved(self.session.play(move, via))

    def moved(self, update: Update) -> None:
        if update.changed:
            self.view.cells(update.before, update.game, update.changed)
            if self.view.stale and (self._rows is None or self._rows.done()):
                self._rows = asyncio.create_task(self._draw_rows())
        self.view.best(update.game, None)
        self.redraw()

    async def _draw_rows(self) -> None:
        """Draw the stale rows a slice at a time, each slice in a frame of its own, from
        the session's game as it is at each slice: a move made meanwhile (the player's
        click on a cell not drawn yet is played on the real game) is drawn with them."""
        try:
            while self.view.stale:
                self.view.draw_stale(self.session.game)
                await next_frame()
        except Exception:
            window.console.error(traceback.format_exc())
            self.view.stale.clear()  # the chances wait for these rows: never forever

    def redraw(self) -> None:
        """Everything but the cells: counter, face, timer, notice, results, chances."""
        session = self.session
        game = session.game
        self.view.mines_left(game)
        self.view.status(game, pressing=bool(self.view.pressed))
        notice = session.notice
        self.view.notice(None if notice is None else notice.text)
        result = session.result
        self.view.results(None if result is None else result_html(result))
        self._restart_timer()
        self._refresh_overlay()

    def pointer(self, preview: Preview | None) -> None:
        """The cell (or block) a held button or finger presses."""
        game = self.session.game
        self.view.preview(game, preview)
        self.view.status(game, pressing=preview is not None)

    def show_hint(self) -> None:
        found = self.session.hint()
        self.view.best(self.session.game, None if found is None else found.cell)
        self.redraw()

    def error(self, text: str) -> None:
        self.session.say(text)
        self.view.notice(text)

    # --- the timer -------------------------------------------------------------------

    def _restart_timer(self) -> None:
        """Draw the timer now and keep a task redrawing it while the clock runs."""
        self.view.time(self.session.display_seconds())
        running = self.session.clock_running
        if running and self._timer is None:
            self._timer = asyncio.create_task(self._tick())
        elif not running and self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _tick(self) -> None:
        session = self.session
        while session.clock_running:
            self.view.time(session.display_seconds())
            # Sleep to the next whole second of the game, not for one second: no drift.
            await asyncio.sleep(session.until_next_tick() + 0.002)
        self._timer = None

    # --- the chances overlay -----------------------------------------------------------

    def _refresh_overlay(self) -> None:
        """Redraw the chances after the move is drawn, in slices, so the click stays fast.

        A newer position cancels the work for an older one, so a stale overlay is never
        drawn; a redraw of the same position lets the work in progress go on."""
        session = self.session
        wanted = (session.game, session.settings.show_chances)
        drawn = self._overlay_of
        if drawn is not None and drawn[0] is wanted[0] and drawn[1] == wanted[1]:
            return
        if self._overlay is not None:
            self._overlay.cancel()
        self._overlay_of = wanted
        self._overlay = asyncio.create_task(self._draw_overlay(wanted[0]))

    async def _draw_overlay(self, game: Game) -> None:
        # For tests and benchmarks, #board[data-chances]: "pending" while the chances are
        # worked out, then the number of moves of the position they are drawn for ("off"
        # when they are not shown).
        board = self.view.board.dataset
        try:
            await give_way()  # the move paints first
            board.chances = "pending"
            overlay = await sliced(self.session.overlay_steps())
        except Exception:
            window.console.error(traceback.format_exc())
            self._overlay_of = None
            return
        while self.view.stale:  # chances go on the cells as they are drawn at last
            await next_frame()
        if self.session.game is not game:
            return  # a newer move is being analysed: never draw a stale overlay
        if overlay is not None:
            # Many new cells (a big opening) are drawn a part a frame: the cells kept from
            # the last overlay and a growing share of the new ones, so that no cell is
            # drawn twice, and no frame renders more new chances than it can at once.
            fresh = [c for c in overlay.cells if c not in self.view.hinted]
            kept = {c: p for c, p in overlay.cells.items() if c in self.view.hinted}
            for start in range(DRAW_CHUNK, len(fresh), DRAW_CHUNK):
                part = kept | {c: overlay.cells[c] for c in fresh[:start]}
                self.view.overlay(game, replace(overlay, cells=part))
                await next_frame()
                if self.session.game is not game:
                    return  # stop drawing chances of a position that is gone
        self.view.overlay(game, overlay)
        board.chances = "off" if overlay is None else str(len(self.session.record.moves))

    def close(self) -> None:
        for task in (self._timer, self._overlay, self._rows):
            if task is not None:
                task.cancel()
