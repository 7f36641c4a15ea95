"""The page: one session, the adapters around it, and their wiring.

The session (:mod:`play`) owns the game and every rule above the engine; the
modules here only translate: :mod:`web.pointer` (mouse and touch) and
:mod:`web.keys` (keyboard) turn events into moves, :mod:`web.controls`,
:mod:`web.level_menu` and :mod:`web.custom_dialog` into setting changes, and
:mod:`web.screen` draws what the session then reports. Each event type has one
listener, on the board or the control; :meth:`Page.close` releases them all.
"""

from __future__ import annotations

import asyncio

from pyscript import document, window

from engine import Level
from play import Session
from play.address import Launch, first_values, from_params
from web.controls import Controls
from web.custom_dialog import CustomDialog
from web.keys import Keys
from web.level_menu import LevelMenu
from web.listeners import Listeners
from web.pointer import Pointer
from web.screen import Screen
from web.view import View


class Page:
    def __init__(self, launch: Launch) -> None:
        self.session = session = Session(launch.settings, seed=launch.seed)
        self.screen = screen = Screen(session, View(document))
        self.listeners = Listeners(on_error=screen.error)
        self.pointer = Pointer(session, screen, on_player=self.player_steps_in)
        self.keys = Keys(session, screen, on_player=self.player_steps_in)
        self.controls = Controls(document, session, screen, new_game=self.new_game)
        self.level_menu = LevelMenu(document, session, self.play_level, self.open_custom, self.say)
        self.custom = CustomDialog(document, session, self.play_level, self.level_menu.sync)
        screen.new_board()
        if launch.messages:
            session.warn(" ".join(launch.messages))
        self.controls.sync()
        self.level_menu.sync()
        screen.redraw()
        self._wire()
        if launch.auto:
            self.controls.auto.toggle()

    def _wire(self) -> None:
        board = self.screen.view.board
        self.pointer.wire(self.listeners, board, document)
        self.keys.wire(self.listeners, board)
        self.controls.wire(self.listeners, document)
        self.level_menu.wire(self.listeners)
        self.custom.wire(self.listeners)

    def player_steps_in(self) -> None:
        """The player touched the board: the auto-player stops at once."""
        if self.session.auto_playing:
            self.controls.auto.stop()

    def new_game(self) -> None:
        self.controls.auto.stop()
        self.pointer.cancel()
        self.session.new_game()
        self.screen.new_board()
        self.controls.sync()

    def play_level(self, level: Level) -> None:
        self.controls.auto.stop()
        self.pointer.cancel()
        self.session.change_level(level)
        self.screen.new_board()
        self.level_menu.sync()
        self.controls.sync()

    def open_custom(self) -> None:
        self.custom.open()

    def say(self, text: str) -> None:
        self.session.say(text)
        self.screen.redraw()

    def close(self) -> None:
        self.listeners.close()
        self.controls.auto.stop()
        self.pointer.close()
        self.screen.close()


async def _warm_up() -> None:
    """Compile the solver while the player looks at the new board."""
    await asyncio.sleep(0.5)
    import play.assist  # noqa: F401


_background: set[asyncio.Task[None]] = set()


def start() -> Page:
    """Build the game from the page's address and mark the page ready."""
    # The browser parses its own URL (urllib.parse costs 60 ms to import under Pyodide).
    entries = window.URLSearchParams.new(window.location.search).entries()
    page = Page(from_params(first_values((str(k), str(v)) for k, v in entries)))
    document.body.dataset.ready = "true"
    task = asyncio.create_task(_warm_up())
    _background.add(task)
    task.add_done_callback(_background.discard)
    return page
