"""The browser game: DOM events in, engine moves out, changed cells drawn.

One :class:`App` owns the current game. Each event type has one listener on the
board (delegation: a cell is found from ``event.target``), plus the few controls
around it. Every proxy handed to the browser is kept in ``_listeners`` and
destroyed by :meth:`App.close`.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from engine import (
    Action,
    Game,
    InvalidLevelError,
    Level,
    Move,
    Record,
    Status,
    apply,
    game_stats,
    new_game,
)
from engine import tiles as t
from engine.level import PRESETS
from web import ids
from web.gestures import LONG_PRESS_S, MIDDLE, Intent, MouseGesture, Preview, TouchGesture
from web.keyboard import Keyboard
from web.render import stats_line
from web.settings import Settings, from_params
from web.stopwatch import Stopwatch
from web.view import View

Handler = Callable[[Any], None]
SLOW_BOARD = 250_000
"""Cells above which the page warns that drawing takes seconds."""


class App:
    def __init__(self, settings: Settings) -> None:
        self.view = View(document)
        self.level = settings.level
        self.question_marks = True
        self.click_chords = False
        self.flag_mode = False
        self.show_hints = settings.hints
        self.no_guess = settings.no_guess
        self.assisted = False
        """Hints were on, the hint button was used, or the solver played a move."""
        self.auto_delay = 0.2
        self._auto: asyncio.Task[None] | None = None
        self._hints: asyncio.Task[None] | None = None
        self.background: asyncio.Task[None] | None = None
        self.mouse = MouseGesture()
        self.touch = TouchGesture()
        self.watch = Stopwatch()
        self._listeners: list[tuple[Any, str, Any]] = []
        self._timer: asyncio.Task[None] | None = None
        self._long_press_task: asyncio.Task[None] | None = None
        self._record_start = 0.0
        self.game: Game = new_game(self.level)
        self.record = Record.of(self.game)
        self._sync_controls()
        self.start(settings.seed)
        if settings.messages:
            self.view.notice(" ".join(settings.messages))
        self._wire()
        if settings.auto:
            self._set_auto(True)

    # --- game flow -------------------------------------------------------------------

    def start(self, seed: int | None = None) -> None:
        """A new game of the current level (a fresh seed unless one is given)."""
        if self._auto is not None:
            self._set_auto(False)
        self.game = new_game(
            self.level, seed, question_marks=self.question_marks, no_guess=self.no_guess
        )
        self.record = Record.of(self.game)
        self.assisted = self.show_hints
        self.mouse.cancel()
        self.touch.cancel()
        self.watch.reset()
        self.view.build(self.game)
        if self.level.cells > SLOW_BOARD:
            # Measured: a 1000x1000 board takes about 10 s to draw and 4 s per big reveal.
            self.view.notice(
                f"A board of {self.level.cells:,} cells takes a few seconds to draw in a browser."
            )
        grid = self.game.grid
        self.keys = Keyboard(grid, grid.index(grid.rows // 2, grid.cols // 2))
        if self.view.board.matches(":focus-visible"):
            self.view.focus(self.game, self.keys.cursor)
        self.view.time(0)
        self._select_level()
        self._restart_timer()
        self.view.best(self.game, None)
        self._refresh_hints()

    def play(self, intent: Intent) -> None:
        game = self.game
        if game.status.is_over:
            return
        if game.no_guess and game.layout is None and intent.action is Action.REVEAL:
            # Finding a board without guesses takes a moment: say so, let the page paint.
            self.view.notice("Finding a board that needs no guessing…")
            asyncio.get_running_loop().call_later(0.03, self._first_no_guess_reveal, intent)
            return
        self._apply(intent)

    def _first_no_guess_reveal(self, intent: Intent) -> None:
        if self.game.layout is None:
            self.view.notice(None)
            self._guard(lambda _: self._apply(intent))(None)

    def _apply(self, intent: Intent) -> None:
        game = self.game
        action = intent.action
        tile = game.tiles[intent.cell]
        if action is Action.REVEAL and t.is_open(tile) and tile > 0 and self.click_chords:
            action = Action.CHORD
        move = Move(action, *game.grid.row_col(intent.cell))
        now = time.monotonic()
        outcome = apply(game, move)
        if outcome.game is game:
            return
        if not self.record.moves:
            self._record_start = now
        self.record = self.record.add(move, round((now - self._record_start) * 1000))
        self.game = outcome.game
        if game.status is Status.READY and self.game.status is not Status.READY:
            self.watch.start(now)
            self._restart_timer()
        self.view.cells(game, self.game, outcome.changed)
        self.view.mines_left(self.game)
        if outcome.changed and outcome.message:
            self.view.notice(outcome.message)
        if self.game.status.is_over:
            self.watch.stop(now)
            self._restart_timer()
            self._show_results(now)
        self._refresh_pointer()
        self.view.best(self.game, None)
        self._refresh_hints()

    def _show_results(self, now: float) -> None:
        seconds = self.watch.elapsed(now)
        stats = game_stats(self.game, seconds)
        if stats is None:
            return
        parts = [
            ("Won in" if self.game.status is Status.WON else "Lost after", f"{seconds:.2f} s"),
            ("3BV", f"{stats.solved_bbbv}/{stats.bbbv}"),
            ("3BV/s", f"{stats.bbbv_per_second or 0:.2f}"),
            ("clicks", str(stats.clicks.total)),
            ("efficiency", f"{(stats.efficiency or 0) * 100:.0f}%"),
            ("seed", str(self.game.seed)),
        ]
        if self.assisted:
            parts.append(("assisted", "hints or auto-play"))
        self.view.results(stats_line(parts))

    # --- the solver's help ------------------------------------------------------------

    def _refresh_hints(self) -> None:
        """Redraw the chances soon after the move is drawn, so the click stays fast."""
        if self._hints is not None:
            self._hints.cancel()
        self._hints = asyncio.create_task(self._draw_hints())

    async def _draw_hints(self) -> None:
        await asyncio.sleep(0)
        shown = assist().overlay(self.game) if self.show_hints else None
        self.view.overlay(self.game, shown)

    def on_hint(self, _event: Any) -> None:
        found = assist().hint(self.game)
        if found is None:
            return
        cell, _certain, reason = found
        self.assisted = True
        self.view.best(self.game, cell)
        self.view.notice(reason[:1].upper() + reason[1:])

    def on_show_hints(self, event: Any) -> None:
        self.show_hints = bool(event.target.checked)
        if self.show_hints:
            self.assisted = True
        self._refresh_hints()

    def on_auto(self, _event: Any) -> None:
        self._set_auto(self._auto is None)

    def on_auto_speed(self, event: Any) -> None:
        self.auto_delay = int(event.target.value) / 1000

    def _set_auto(self, on: bool) -> None:
        if self._auto is not None:
            self._auto.cancel()
            self._auto = None
        if on:
            self._auto = asyncio.create_task(self._auto_play())
        document.getElementById(ids.AUTO).setAttribute("aria-pressed", "true" if on else "false")

    async def _auto_play(self) -> None:
        """Play the solver's moves one by one until the game ends or the player steps in."""
        try:
            while not self.game.status.is_over:
                intent = assist().next_move(self.game)
                if intent is None:
                    break
                self.assisted = True
                before = self.game
                self.play(intent)
                if self.game is before and before.layout is not None:
                    break  # a move that changed nothing would only repeat: stop, never spin
                # At full speed still yield each move, so the page paints and stays responsive.
                await asyncio.sleep(max(self.auto_delay, 0.035 if self.game.layout is None else 0))
        except Exception:
            window.console.error(traceback.format_exc())
            self.view.notice("Auto-play stopped on an error.")
        finally:
            self._auto = None
            document.getElementById(ids.AUTO).setAttribute("aria-pressed", "false")

    def on_no_guess(self, event: Any) -> None:
        self.no_guess = bool(event.target.checked)
        if self.game.status is Status.READY:
            self.start(self.game.seed)  # nothing played yet: apply at once

    def _sync_controls(self) -> None:
        """Controls show the settings the page started with (from the URL)."""
        document.getElementById(ids.SHOW_HINTS).checked = self.show_hints
        document.getElementById(ids.NO_GUESS).checked = self.no_guess
        speed = document.getElementById(ids.AUTO_SPEED)
        self.auto_delay = int(speed.value) / 1000

    # --- the timer -------------------------------------------------------------------

    def _restart_timer(self) -> None:
        """(Re)start the task that redraws the timer, in phase with the stopwatch."""
        if self._timer is not None:
            self._timer.cancel()
        self.view.time(self.watch.display(time.monotonic()))
        self._timer = asyncio.create_task(self._tick()) if self.watch.running else None

    async def _tick(self) -> None:
        while self.watch.running:
            now = time.monotonic()
            self.view.time(self.watch.display(now))
            # Sleep to the next whole second of the game, not for one second: no drift.
            await asyncio.sleep(self.watch.until_next_tick(now) + 0.002)

    # --- mouse -----------------------------------------------------------------------

    def _cell_of(self, event: Any) -> int | None:
        element = event.target.closest(f".{ids.CELL_CLASS}") if event.target.closest else None
        if element is None or not self.view.board.contains(element):
            return None
        return self.game.grid.index(int(element.dataset.row), int(element.dataset.col))

    def _player_steps_in(self) -> None:
        if self._auto is not None:
            self._set_auto(False)

    def on_mousedown(self, event: Any) -> None:
        if event.button == MIDDLE:
            event.preventDefault()  # no autoscroll
        self._player_steps_in()
        if self.game.status.is_over:
            return
        cell = self._cell_of(event)
        intent = self.mouse.press(event.button, cell)
        if intent is not None:
            self.play(intent)
        self._refresh_pointer()

    def on_mousemove(self, event: Any) -> None:
        if self.mouse.active:
            self.mouse.move(self._cell_of(event))
            self._refresh_pointer()

    def on_mouseleave(self, _event: Any) -> None:
        if self.mouse.active:
            self.mouse.move(None)
            self._refresh_pointer()

    def on_mouseup(self, event: Any) -> None:
        """Listens on the document, so that a release off the board cancels the press."""
        intent = self.mouse.release(event.button, self._cell_of(event))
        if intent is not None:
            self.keys.cursor = intent.cell  # the keyboard carries on from the last click
            if self.flag_mode and intent.action is Action.REVEAL:
                intent = Intent(Action.MARK, intent.cell)
            self.play(intent)
        self._refresh_pointer()

    def _refresh_pointer(self) -> None:
        preview = self.mouse.preview
        touching = self.touch.pressing
        if preview is None and touching is not None:
            preview = Preview(touching, block=False)
        self.view.preview(self.game, preview)
        self.view.status(self.game, pressing=preview is not None)

    # --- touch -----------------------------------------------------------------------

    def on_touchstart(self, event: Any) -> None:
        self._player_steps_in()
        if event.touches.length != 1 or self.game.status.is_over:
            self.touch.cancel()
            self._refresh_pointer()
            return
        touch = event.touches.item(0)
        self.touch.start(self._cell_of(event), touch.clientX, touch.clientY)
        self._refresh_pointer()
        if self._long_press_task is not None:
            self._long_press_task.cancel()
        self._long_press_task = asyncio.create_task(self._long_press(self.touch.token))

    async def _long_press(self, token: int) -> None:
        await asyncio.sleep(LONG_PRESS_S)
        if token == self.touch.token:
            intent = self.touch.long_press(self.flag_mode)
            if intent is not None:
                self._vibrate()
                self.play(intent)
            self._refresh_pointer()

    def on_touchmove(self, event: Any) -> None:
        touch = event.touches.item(0)
        if touch is not None:
            self.touch.move(touch.clientX, touch.clientY)
            self._refresh_pointer()

    def on_touchend(self, event: Any) -> None:
        if self.touch.pressing is not None:
            # A tap: keep the browser from also sending mouse events and a click.
            event.preventDefault()
        intent = self.touch.end(self.flag_mode)
        if intent is not None:
            self.play(self._chord_on_numbers(intent))
        self._refresh_pointer()

    def _chord_on_numbers(self, intent: Intent) -> Intent:
        """A reveal on an open number chords: a finger or a key has no second button."""
        tile = self.game.tiles[intent.cell]
        if intent.action is Action.REVEAL and t.is_open(tile) and tile > 0:
            return Intent(Action.CHORD, intent.cell)
        return intent

    # --- keyboard --------------------------------------------------------------------

    def on_board_keydown(self, event: Any) -> None:
        if event.ctrlKey or event.altKey or event.metaKey or not self.keys.handles(event.key):
            return
        event.preventDefault()  # no page scrolling on arrows and Space
        intent = self.keys.press(event.key)
        if intent is not None:
            self._player_steps_in()
            self.play(self._chord_on_numbers(intent))
        self.view.focus(self.game, self.keys.cursor)
        self.view.announce(self._describe(self.keys.cursor))

    def on_board_focus(self, _event: Any) -> None:
        # A click focuses the board too; the cursor is only for keyboard players.
        if self.view.board.matches(":focus-visible"):
            self.view.focus(self.game, self.keys.cursor)
            self.view.announce(self._describe(self.keys.cursor))

    def on_board_blur(self, _event: Any) -> None:
        self.view.focus(self.game, None)

    def _describe(self, cell: int) -> str:
        row, col = self.game.grid.row_col(cell)
        tile = self.game.tiles[cell]
        value = t.value(tile)
        what = t.state_name(tile).replace("-", " ") if value is None else str(value or "empty")
        end = {Status.WON: " You won.", Status.LOST: " You lost."}.get(self.game.status, "")
        return f"Row {row + 1}, column {col + 1}: {what}.{end}"

    def on_touchcancel(self, _event: Any) -> None:
        self.touch.cancel()
        self._refresh_pointer()

    def _vibrate(self) -> None:
        if hasattr(window.navigator, "vibrate"):
            window.navigator.vibrate(20)

    # --- controls --------------------------------------------------------------------

    def on_face(self, _event: Any) -> None:
        self.view.notice(None)
        self.start()

    def on_level(self, event: Any) -> None:
        name = event.target.value
        if name == "custom":
            self._open_custom()
            return
        self.level = PRESETS[name]
        self.view.notice(None)
        self.start()

    def _select_level(self) -> None:
        name = self.level.name
        select = document.getElementById(ids.LEVEL)
        select.value = name if name in ("beginner", "intermediate", "expert") else "custom"

    def _open_custom(self) -> None:
        level = self.level
        for key, number in ((ids.CUSTOM_ROWS, level.rows), (ids.CUSTOM_COLS, level.cols)):
            document.getElementById(key).value = str(number)
        document.getElementById(ids.CUSTOM_MINES).value = str(level.mines)
        document.getElementById(ids.CUSTOM_ERROR).hidden = True
        document.getElementById(ids.CUSTOM_DIALOG).showModal()

    def on_custom_submit(self, event: Any) -> None:
        event.preventDefault()
        error = document.getElementById(ids.CUSTOM_ERROR)
        try:
            values = [
                document.getElementById(key).value.strip()
                for key in (ids.CUSTOM_ROWS, ids.CUSTOM_COLS, ids.CUSTOM_MINES)
            ]
            if not all(v.isascii() and v.isdigit() for v in values):
                raise InvalidLevelError("height, width and mines must be whole numbers")
            level = Level(*(int(v) for v in values))
        except InvalidLevelError as problem:
            error.textContent = str(problem).capitalize()
            error.hidden = False
            return
        document.getElementById(ids.CUSTOM_DIALOG).close()
        self.level = level
        self.view.notice(None)
        self.start()

    def on_custom_close(self, _event: Any) -> None:
        """Cancel, Escape or OK: the select shows the level actually played."""
        self._select_level()

    def on_custom_cancel(self, _event: Any) -> None:
        document.getElementById(ids.CUSTOM_DIALOG).close()

    def on_marks(self, event: Any) -> None:
        self.question_marks = bool(event.target.checked)
        if self.game.status is Status.READY:
            self.start(self.game.seed)  # nothing played yet: apply at once

    def on_click_chords(self, event: Any) -> None:
        self.click_chords = bool(event.target.checked)

    def on_flag_mode(self, event: Any) -> None:
        self.flag_mode = not self.flag_mode
        event.currentTarget.setAttribute("aria-pressed", "true" if self.flag_mode else "false")

    def on_keydown(self, event: Any) -> None:
        if event.key == "F2":
            event.preventDefault()
            self.view.notice(None)
            self.start()

    # --- wiring ----------------------------------------------------------------------

    def _wire(self) -> None:
        board = self.view.board
        by_id = document.getElementById
        self._listen(board, "mousedown", self.on_mousedown)
        self._listen(board, "mousemove", self.on_mousemove)
        self._listen(board, "mouseleave", self.on_mouseleave)
        self._listen(board, "contextmenu", lambda event: event.preventDefault())
        self._listen(board, "touchstart", self.on_touchstart, passive=True)
        self._listen(board, "touchmove", self.on_touchmove, passive=True)
        self._listen(board, "touchend", self.on_touchend)
        self._listen(board, "touchcancel", self.on_touchcancel)
        self._listen(board, "keydown", self.on_board_keydown)
        self._listen(board, "focus", self.on_board_focus)
        self._listen(board, "blur", self.on_board_blur)
        self._listen(document, "mouseup", self.on_mouseup)
        self._listen(document, "keydown", self.on_keydown)
        self._listen(by_id(ids.FACE), "click", self.on_face)
        self._listen(by_id(ids.LEVEL), "change", self.on_level)
        self._listen(by_id(ids.CUSTOM_FORM), "submit", self.on_custom_submit)
        self._listen(by_id(ids.CUSTOM_DIALOG), "close", self.on_custom_close)
        self._listen(by_id(ids.CUSTOM_CANCEL), "click", self.on_custom_cancel)
        self._listen(by_id(ids.QUESTION_MARKS), "change", self.on_marks)
        self._listen(by_id(ids.CLICK_CHORDS), "change", self.on_click_chords)
        self._listen(by_id(ids.FLAG_MODE), "click", self.on_flag_mode)
        self._listen(by_id(ids.HINT), "click", self.on_hint)
        self._listen(by_id(ids.SHOW_HINTS), "change", self.on_show_hints)
        self._listen(by_id(ids.AUTO), "click", self.on_auto)
        self._listen(by_id(ids.AUTO_SPEED), "change", self.on_auto_speed)
        self._listen(by_id(ids.NO_GUESS), "change", self.on_no_guess)

    def _listen(self, target: Any, event: str, handler: Handler, passive: bool = False) -> None:
        proxy = create_proxy(self._guard(handler))
        # Passive touch listeners keep scrolling a large board smooth.
        target.addEventListener(event, proxy, to_js({"passive": passive}))
        self._listeners.append((target, event, proxy))

    def _guard(self, handler: Handler) -> Handler:
        """Show the player a readable message instead of dying silently on a bug."""

        def run(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:
                window.console.error(traceback.format_exc())
                self.view.notice(
                    f"Something went wrong ({type(error).__name__}: {error}). "
                    "Press the face or F2 to start a new game."
                )

        return run

    def close(self) -> None:
        """Remove every listener and release its proxy."""
        for target, event, proxy in self._listeners:
            target.removeEventListener(event, proxy)
            proxy.destroy()
        self._listeners.clear()
        for task in (self._timer, self._auto, self._hints, self._long_press_task):
            if task is not None:
                task.cancel()


def assist() -> ModuleType:
    """The solver's help, imported on first use: the solver is a third of our Python,
    and compiling it before the first click would only delay the page."""
    import web.assist

    return web.assist


async def _warm_up() -> None:
    """Import the solver while the player looks at the new board."""
    await asyncio.sleep(0.5)
    assist()


def start() -> App:
    """Build the game from the page's URL and mark the page ready."""
    # The browser parses its own URL (urllib.parse costs 60 ms to import under Pyodide);
    # the first value of each parameter counts.
    params: dict[str, str] = {}
    for key, value in window.URLSearchParams.new(window.location.search).entries():
        params.setdefault(str(key), str(value))
    app = App(from_params(params))
    document.body.dataset.ready = "true"
    app.background = asyncio.create_task(_warm_up())
    return app
