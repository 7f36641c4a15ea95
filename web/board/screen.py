"""The board and what surrounds it, drawn from the picture the session hands over.

:meth:`Screen.parts` are the page's parts of the board (:class:`web.drawing.Part`: the
cells, the board's status, the counter, the face, the notice, the hint's ring, the result
line, the clock, the chances, the live counters, the daily board's name), each drawn by
:class:`web.drawing.PageDrawing` when what it shows of the picture changed. The drawing
itself is :class:`web.board.view.View`'s (the board) and :class:`web.board.panel.Panel`'s
(the counters, the face, the lines around the board); this module runs the four background
tasks the picture needs: the timer LED, the chances overlay (only ever of the position
drawn), the live counters, and a huge opening's rows, drawn a slice a frame. Their pace is a
:class:`web.page.pace.Scheduler`'s and a clock's, given as parameters: the page gives the
browser's, a test its own, in CPython. Nothing here reads the session while drawing: the
picture drawn last (:attr:`Screen.picture`) is what the tasks draw from.
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import Done, Game, Move, Status, Steps
from play.game import Input, Notice, Picture, Topic, Update
from play.game_ui import BoardCursor, LiveCounters
from play.session import Session
from web.board.gestures import Preview
from web.board.panel import Panel
from web.board.render import result_html
from web.board.view import View
from web.drawing import Part
from web.page import Clock, Scheduler, drain_in_turns, first_step

if TYPE_CHECKING:
    from engine import Layout
    from play.game import ClockFace, Result

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
        game_clock: Clock | None = None,
    ) -> None:
        self.session = session
        """The door, for the player's moves (:meth:`play`) and the solver's chances: never
        read while drawing."""
        self.view = view
        self.panel = panel
        self.scheduler = scheduler
        self.clock = clock
        self.game_clock: Clock = game_clock or session.timer.clock
        """The session's clock, on which the picture's clock is read."""
        self._log = log
        """Where a background task's error goes (the browser's console)."""
        self.picture = session.picture
        """The picture drawn last (:class:`web.drawing.PageDrawing` keeps it current)."""
        self.cursor = BoardCursor(self.picture.game.grid)
        """The keyboard's cursor on the board (its rules are play's)."""
        self.pressing = False
        """A cell is held down (the face is surprised)."""
        self._timer: asyncio.Task[None] | None = None
        self._overlay: asyncio.Task[None] | None = None
        self._rows: asyncio.Task[None] | None = None
        """Draws the view's stale rows, a slice a frame."""
        view.on_stale = self._draw_rows_soon  # rows of a huge board come near the window
        self._later: set[asyncio.Task[None]] = set()
        self.live = LiveCounters()
        """The live counters' last moment (play's state: the page only draws it)."""
        self._live: asyncio.Task[None] | None = None
        """Draws the live counters at the next frame, once however many moves came."""

    # --- the parts of the picture ---------------------------------------------------------

    def parts(self) -> list[Part[Any]]:
        """The board's parts, in the order they are drawn: the picture taken first (the
        background tasks draw from it), then the cells, then what surrounds them."""
        return [
            Part(lambda picture: picture, self._take),
            Part(lambda picture: (picture.deal, picture.game), self._board),
            Part(lambda picture: picture.game.status, self.view.status),
            Part(counter, self._counter),
            Part(lambda picture: picture.game.status, self._face),
            Part(notice_line, self.panel.notice),
            Part(lambda picture: None if picture.hint is None else picture.hint.cell, self._hint),
            Part(lambda picture: picture.result, self._results),
            Part(lambda picture: picture.clock, self._clock),
            Part(lambda picture: (picture.game, picture.settings.show_chances), self._chances),
            Part(live, self._live_soon),
            Part(lambda picture: picture.daily, self.panel.daily),
            Part(lambda picture: picture.game.layout, self._work_out_stats),
        ]

    def _take(self, picture: Picture) -> None:
        self.picture = picture

    def _board(self, shown: tuple[int, Game]) -> None:
        """A new game's board whole; else the difference between the cells drawn and the
        game (whatever the call: a move, an undo)."""
        deal, game = shown
        if deal != self.view.deal:
            self.view.deal = deal
            self.view.build(game)  # every row drawn: none is stale
            self.cursor.new_board(game.grid)
            if self.view.board.matches(":focus-visible"):
                self.view.highlights.focus(game, self.cursor.cell)
        else:
            self.view.cells(game)
            self._draw_rows_soon()

    def _counter(self, shown: tuple[int, int]) -> None:
        self.panel.mines_left(*shown)

    def _face(self, status: Status) -> None:
        self.panel.face(status, self.pressing)

    def _hint(self, cell: int | None) -> None:
        self.view.highlights.best(self.picture.game, cell)

    def _results(self, result: Result | None) -> None:
        self.panel.results(None if result is None else result_html(result))

    def _chances(self, shown: tuple[Game, bool]) -> None:
        """Redraw the chances after the move is drawn, in slices, so the click stays fast;
        a newer position cancels the work for an older one, so a stale overlay is never
        drawn."""
        if self._overlay is not None:
            self._overlay.cancel()
        self._overlay = asyncio.create_task(self._draw_overlay(shown[0]))

    # --- the player's input ---------------------------------------------------------------

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

    def _work_out_stats(self, layout: Layout | None) -> None:
        """The game's 3BV, in slices while it is played, so that its end is quick."""
        if layout is not None:
            self._later_task(self._count_openings(layout))

    async def _count_openings(self, layout: Layout) -> None:
        try:
            await self.scheduler.give_way()  # the move paints first
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
        if self.picture.auto_playing:
            self.session.stop_auto()

    def pointer(self, preview: Preview | None) -> None:
        """The cell (or block) a held button or finger presses."""
        game = self.picture.game
        self.view.highlights.preview(game, preview)
        pressing = preview is not None
        if pressing != self.pressing:
            self.pressing = pressing
            self.panel.face(game.status, pressing)

    def error(self, text: str) -> None:
        """A bug's message: said through the session, and written here too, in case
        drawing is what failed."""
        with contextlib.suppress(Exception):
            self.session.say(text)
        self.panel.notice(text)

    # --- the timer ---------------------------------------------------------------------------

    def _clock(self, face: ClockFace) -> None:
        """Draw the timer now, and keep a task redrawing it while the clock runs."""
        self.panel.time(face.display(self.game_clock()))
        self.panel.paused(face.paused)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if face.running:
            self._timer = asyncio.create_task(self._tick(face))

    async def _tick(self, face: ClockFace) -> None:
        """The LED each second of the game, from the clock ``face`` (a new one, from the
        next picture, starts a new task)."""
        while True:
            now = self.game_clock()
            # Sleep to the next whole second of the game, not for one second: no drift.
            await self.scheduler.sleep(face.until_next_tick(now) + 0.002)
            self.panel.time(face.display(self.game_clock()))
            self._live_soon()  # the 3BV/s and the finish move on with the clock

    # --- the live counters ----------------------------------------------------------------------

    def _live_soon(self, _shown: object = None) -> None:
        """Have the live counters drawn at the next frame, never in the click's own task
        (a click on a big board costs the counting of its 3BV solved), at most once a
        frame: moves made meanwhile are drawn together."""
        if self._live is None or self._live.done():
            self._live = asyncio.create_task(self._draw_live())

    async def _draw_live(self) -> None:
        try:
            await self.scheduler.next_frame()
            picture = self.picture
            on = picture.settings.live_counters
            moment = None
            if on and picture.record is not None:
                now = round(picture.seconds(self.game_clock()) * 1000)
                moment = self.live.now(picture.record, picture.game, now)
            self.panel.live_counters(moment, on)
        except Exception:
            self._log(traceback.format_exc())

    # --- a huge opening's rows ------------------------------------------------------------------

    def _draw_rows_soon(self) -> None:
        """Have the view's stale rows drawn, a slice a frame, unless that is under way."""
        if self.view.stale and (self._rows is None or self._rows.done()):
            self._rows = asyncio.create_task(self._draw_rows())

    async def _draw_rows(self) -> None:
        """Draw the stale rows a slice at a time, each slice in a frame of its own, from
        the picture as it is at each slice: a move made meanwhile (the player's click on a
        cell not drawn yet is played on the real game) is drawn with them."""
        try:
            while self.view.stale:
                self.view.draw_stale(self.picture.game)
                await self.scheduler.next_frame()
        except Exception:
            self._log(traceback.format_exc())
            self.view.stale.clear()  # the chances wait for these rows: never forever

    # --- the chances overlay ---------------------------------------------------------------------

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
            return
        while self.view.stale:  # chances go on the cells as they are drawn at last
            await self.scheduler.next_frame()
        if self.picture.game is not game:
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
                if self.picture.game is not game:
                    return  # stop drawing chances of a position that is gone
        self.view.overlay(game, overlay)
        record = self.picture.record
        moves = 0 if record is None else len(record.moves)
        board.chances = "off" if overlay is None else str(moves)

    def close(self) -> None:
        for task in (self._timer, self._overlay, self._rows, self._live, *self._later):
            if task is not None:
                task.cancel()
        self.view.close()


def counter(picture: Picture) -> tuple[int, int]:
    """What the mine counter shows: the mines left, and the board's mines (its digits)."""
    return picture.game.mines_left, picture.game.level.mines


def live(picture: Picture) -> tuple[Game | None, bool]:
    """What the live counters count: the game, while they are on (off, nothing moves them)."""
    return (picture.game, True) if picture.settings.live_counters else (None, False)


def notice_line(picture: Picture) -> str | None:
    """The notice line as the page shows it: the notice in the page's words, and on a board
    too big to draw at once, before its first move, a word of warning."""
    said = notice_text(picture.notice)
    level = picture.game.level
    if level.cells <= SLOW_BOARD or picture.game.status is not Status.READY:
        return said
    # Measured: a 1000x1000 board takes about 10 s to draw and 4 s per big reveal.
    slow = f"A board of {level.cells:,} cells takes a few seconds to draw in a browser."
    return slow if said is None else f"{said} {slow}"
