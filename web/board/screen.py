"""The page's picture of the session: every :class:`play.Update` the session reports is drawn
here, by :meth:`Screen.draw`, and nowhere else.

The drawing itself is :class:`web.board.view.View`'s (the board) and
:class:`web.board.panel.Panel`'s
(the counters, the face, the lines around the board); this module decides what to draw
and runs the three background tasks the picture needs: the timer LED, the chances
overlay (only ever of the position being played), and a huge opening's rows, drawn a
slice a frame. Their pace is a :class:`web.page.pace.Scheduler`'s and a clock's, given as
parameters: the page gives the browser's, a test its own, in CPython.
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections.abc import Callable, Coroutine
from dataclasses import replace

from engine import Done, Game, Move, Steps
from play.game import Input, Notice, Topic, Update
from play.game_ui import BoardCursor, LiveCounters
from play.session import Session
from web.board.gestures import Preview
from web.board.panel import Panel
from web.board.render import result_html
from web.board.view import View
from web.page import Clock, Scheduler, drain_in_turns, first_step

SLOW_BOARD = 250_000
"""Cells above which the page warns that drawing takes seconds."""
DRAW_CHUNK = 200
"""New chances drawn a frame: each cell costs the view 0.15 to 0.35 ms, and the browser
some 75 µs to render its new chance (measured in Chromium on a 300x300 board, where a
first opening brings some 2,700 of them: given no frame of their own, 1,400 of them
once made a frame of 104 ms)."""
WORDS = {Topic.GAME_OVER: "The game is over: press the face (or F2) for a new one."}
"""The page's words for the notices whose words name its controls."""


def notice_text(notice: Notice | None) -> str | None:
    """The notice line as the page shows it."""
    if notice is None:
        return None
    return WORDS.get(notice.topic, notice.text) if notice.topic else notice.text


class Screen:
    def __init__(
        self,
        session: Session,
        view: View,
        panel: Panel,
        scheduler: Scheduler,
        clock: Clock,
        log: Callable[[str], None],
    ) -> None:
        self.session = session
        self.view = view
        self.panel = panel
        self.scheduler = scheduler
        self.clock = clock
        self._log = log
        """Where a background task's error goes (the browser's console)."""
        self.cursor = BoardCursor(session.game.grid)
        """The keyboard's cursor on the board (its rules are play's)."""
        self._timer: asyncio.Task[None] | None = None
        self._overlay: asyncio.Task[None] | None = None
        self._overlay_of: tuple[Game, bool] | None = None
        """The game and chances setting of the overlay drawn or being drawn."""
        self._rows: asyncio.Task[None] | None = None
        """Draws the view's stale rows, a slice a frame."""
        view.on_stale = self._draw_rows_soon  # rows of a huge board come near the window
        self._later: set[asyncio.Task[None]] = set()
        self._stats_of: object = None
        """The layout whose 3BV is worked out (or being worked out) in the background."""
        self.live = LiveCounters()
        """The live counters' last moment (play's state: the page only draws it)."""
        self._live: asyncio.Task[None] | None = None
        """Draws the live counters at the next frame, once however many moves came."""
        self._live_shown = False
        """Whether the live counters are on show (to hide once they are switched off)."""

    # --- what changes the picture ---------------------------------------------------------

    def draw(self, update: Update) -> None:
        """Draw what a session call changed: a new board whole, else the difference between
        the cells drawn and the game (whatever the call: a move, an undo), and then
        everything around them from the session as it is."""
        if update.fresh:
            self._new_board()
        else:
            self.view.cells(self.session.game)
            self._draw_rows_soon()
        self._redraw()
        layout = self.session.game.layout
        if layout is not None and layout is not self._stats_of:
            self._stats_of = layout
            self._later_task(self._work_out_stats())

    def _new_board(self) -> None:
        game = self.session.game
        self.view.build(game)  # every row drawn: none is stale
        self.panel.results(None)
        self._overlay_of = None  # the new cells carry no chances yet
        self.cursor.new_board(game.grid)
        if self.view.board.matches(":focus-visible"):
            self.view.highlights.focus(game, self.cursor.cell)
        if game.level.cells > SLOW_BOARD:
            # Measured: a 1000x1000 board takes about 10 s to draw and 4 s per big reveal.
            slow = (
                f"A board of {game.level.cells:,} cells takes a few seconds to draw in a browser."
            )
            before = self.session.notice  # a warning about the address, say: both are said
            if before is None:
                self.session.say(slow)
            else:
                self.session.say(f"{before.text} {slow}", warning=True)

    def _redraw(self) -> None:
        """Everything but the cells: counter, face, timer, notice, hint, results, chances."""
        session = self.session
        game, notice = session.game, session.notice
        self.panel.mines_left(game)
        self.view.status(game)
        self.panel.face(game, pressing=bool(self.view.highlights.pressed))
        self.panel.notice(notice_text(notice))
        hint = session.hinted
        hinted = None if hint is None else hint.cell
        if hinted != self.view.highlights.best_cell:
            self.view.highlights.best(game, hinted)
        result = session.result
        self.panel.results(None if result is None else result_html(result))
        self._restart_timer()
        self._refresh_overlay()
        self._live_soon()

    def play(self, move: Move, via: Input) -> None:
        """Hand ``move`` to the session (:meth:`play.session.Session.move_steps`), which
        decides what it needs first; most moves are played and drawn at once, in the
        event's task, and the work of the others runs between frames."""
        rest = first_step(self.session.move_steps(move, via))
        if not isinstance(rest, Done):
            self._later_task(self._finish_move(rest))

    def _later_task(self, work: Coroutine[None, None, None]) -> None:
        task = asyncio.create_task(work)
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    async def _work_out_stats(self) -> None:
        """The game's 3BV, in slices while it is played, so that its end is quick."""
        try:
            await self.scheduler.give_way()  # the move paints first
            layout = self.session.game.layout
            if layout is not None:
                await drain_in_turns(layout.openings_steps(), self.scheduler, self.clock)
        except Exception:
            self._log(traceback.format_exc())

    async def _finish_move(self, work: Steps[Update | None]) -> None:
        try:
            await drain_in_turns(work, self.scheduler, self.clock)
        except Exception:
            self._log(traceback.format_exc())

    def player_steps_in(self) -> None:
        """The player touched the board: the auto-player stops at once."""
        if self.session.auto_playing:
            self.session.stop_auto()

    def pointer(self, preview: Preview | None) -> None:
        """The cell (or block) a held button or finger presses."""
        game = self.session.game
        self.view.highlights.preview(game, preview)
        self.panel.face(game, pressing=preview is not None)

    def error(self, text: str) -> None:
        """A bug's message: said through the session, and written here too, in case
        drawing is what failed."""
        with contextlib.suppress(Exception):
            self.session.say(text)
        self.panel.notice(text)

    # --- the timer ---------------------------------------------------------------------------

    def _restart_timer(self) -> None:
        """Draw the timer now and keep a task redrawing it while the clock runs."""
        self.panel.time(self.session.timer.display())
        self.panel.paused(self.session.timer.paused)
        running = self.session.timer.running
        if running and self._timer is None:
            self._timer = asyncio.create_task(self._tick())
        elif not running and self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _tick(self) -> None:
        session = self.session
        while session.timer.running:
            self.panel.time(session.timer.display())
            self._live_soon()  # the 3BV/s and the finish move on with the clock
            # Sleep to the next whole second of the game, not for one second: no drift.
            await self.scheduler.sleep(session.timer.until_next_tick() + 0.002)
        self._timer = None

    # --- the live counters ----------------------------------------------------------------------

    def _live_soon(self) -> None:
        """Have the live counters drawn at the next frame, never in the click's own task
        (a click on a big board costs the counting of its 3BV solved), at most once a
        frame: moves made meanwhile are drawn together. Off, nothing is scheduled (once
        hidden)."""
        if not (self.session.settings.live_counters or self._live_shown):
            return
        if self._live is None or self._live.done():
            self._live = asyncio.create_task(self._draw_live())

    async def _draw_live(self) -> None:
        try:
            await self.scheduler.next_frame()
            session = self.session
            on = session.settings.live_counters
            moment = None
            if on:
                now = round(session.timer.seconds() * 1000)
                moment = self.live.now(session.record, session.game, now)
            self.panel.live_counters(moment, on)
            self._live_shown = on
        except Exception:
            self._log(traceback.format_exc())

    # --- a huge opening's rows ------------------------------------------------------------------

    def _draw_rows_soon(self) -> None:
        """Have the view's stale rows drawn, a slice a frame, unless that is under way."""
        if self.view.stale and (self._rows is None or self._rows.done()):
            self._rows = asyncio.create_task(self._draw_rows())

    async def _draw_rows(self) -> None:
        """Draw the stale rows a slice at a time, each slice in a frame of its own, from
        the session's game as it is at each slice: a move made meanwhile (the player's
        click on a cell not drawn yet is played on the real game) is drawn with them."""
        try:
            while self.view.stale:
                self.view.draw_stale(self.session.game)
                await self.scheduler.next_frame()
        except Exception:
            self._log(traceback.format_exc())
            self.view.stale.clear()  # the chances wait for these rows: never forever

    # --- the chances overlay ---------------------------------------------------------------------

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
            await self.scheduler.give_way()  # the move paints first
            board.chances = "pending"
            overlay = await drain_in_turns(self.session.overlay_steps(), self.scheduler, self.clock)
        except Exception:
            self._log(traceback.format_exc())
            self._overlay_of = None
            return
        while self.view.stale:  # chances go on the cells as they are drawn at last
            await self.scheduler.next_frame()
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
                await self.scheduler.next_frame()
                if self.session.game is not game:
                    return  # stop drawing chances of a position that is gone
        self.view.overlay(game, overlay)
        board.chances = "off" if overlay is None else str(len(self.session.record.moves))

    def close(self) -> None:
        for task in (self._timer, self._overlay, self._rows, self._live, *self._later):
            if task is not None:
                task.cancel()
        self.view.close()
