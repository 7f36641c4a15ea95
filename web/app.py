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
from collections.abc import Callable

from pyscript import document, window

from engine import Level
from play.address import Launch, first_values, from_params
from play.keeper import Keeper
from play.saves import Saves
from play.startup import open_session, today_utc
from web.address_bar import AddressBar
from web.appearance import TURNED, Appearance
from web.controls import Controls
from web.custom_dialog import CustomDialog
from web.early_click import play_kept_click
from web.keys import Keys
from web.level_menu import LevelMenu
from web.listeners import Listeners
from web.local_storage import open_local_storage
from web.player_tools import PlayerTools
from web.pointer import Pointer
from web.screen import Screen, sliced
from web.view import View


class Page:
    def __init__(self, launch: Launch) -> None:
        self.keeper = keeper = Keeper(Saves(open_local_storage()))
        start = open_session(launch, keeper)
        self.session = session = start.session
        self.screen = screen = Screen(session, View(document))
        self.address = AddressBar(window, session, keeper, on_game=self.show_game)
        self.listeners = Listeners(on_error=screen.error)
        self.pointer = Pointer(session, screen, on_player=self.player_steps_in)
        self.keys = Keys(session, screen, on_player=self.player_steps_in)
        self.controls = Controls(document, session, screen, new_game=self.new_game)
        self.appearance = Appearance(document, window, session)
        choose, say = self.choose_level, self.say
        self.level_menu = LevelMenu(document, session, choose, self.open_custom, say)
        self.custom = CustomDialog(document, session, self.play_level, self.level_menu.sync)
        self.tools = PlayerTools(
            document, window, session, keeper, screen, self.address, self.play_daily
        )
        if start.displaced is not None:
            self.address.keep_behind(start.displaced)
        else:
            self.address.show()
        self.show_game()
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
        self.appearance.wire(self.listeners)
        self.tools.wire(self.listeners)
        self.listeners.listen(window, "popstate", self.address.on_popstate)
        # Hidden or closed: keep the time played, so time away from the page never counts.
        self.listeners.listen(window, "pagehide", lambda _event: self.session.save())
        self.listeners.listen(document, "visibilitychange", lambda _event: self.session.save())

    def player_steps_in(self) -> None:
        """The player touched the board: the auto-player stops at once."""
        if self.session.auto_playing:
            self.controls.auto.stop()

    def show_game(self) -> None:
        """Draw the session's game whole, with the controls showing its settings."""
        self.screen.new_board()
        self.level_menu.sync()
        self.controls.sync()
        self.appearance.sync()

    def _deal(self, deal: Callable[[], None]) -> None:
        """Leave the game being played for a new one, with its own history entry."""
        self.controls.auto.stop()
        self.pointer.cancel()
        self.address.leave()
        deal()
        self.address.push()
        self.show_game()

    def new_game(self) -> None:
        self._deal(self.session.new_game)

    def play_level(self, level: Level) -> None:
        self._deal(lambda: self.session.change_level(level))

    def choose_level(self, level: Level) -> None:
        """A level from the menu, in the form this screen plays best (expert on a phone)."""
        fitted = self.appearance.level_for_screen(level)
        self.play_level(fitted)
        if fitted != level:
            self.say(TURNED)

    def play_daily(self) -> None:
        self._deal(lambda: self.session.new_daily(today_utc()))

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
    """Run the solver once while the player looks at the new board, a move at a time,
    so that the first hint is as quick as the next ones."""
    await asyncio.sleep(0.5)
    import play.assist

    await sliced(play.assist.warm_up_steps())


_background: set[asyncio.Task[None]] = set()


def start() -> Page:
    """Build the game from the page's address and mark the page ready."""
    # The browser parses its own URL (urllib.parse costs 60 ms to import under Pyodide).
    entries = window.URLSearchParams.new(window.location.search).entries()
    page = Page(from_params(first_values((str(k), str(v)) for k, v in entries)))
    # The first click made while the page loaded, if it still fits this fresh board.
    play_kept_click(document.body, page.session, page.screen)
    document.body.dataset.ready = "true"
    task = asyncio.create_task(_warm_up())
    _background.add(task)
    task.add_done_callback(_background.discard)
    return page
