"""The page: one session, the adapters around it, their wiring, and the one place it draws.

The session (:mod:`play`) owns the game and every rule above the engine, the start
included (:func:`play.start.startup.open_session`); the modules here only translate:
:mod:`web.board.pointer` (mouse and touch) and :mod:`web.board.keys` (keyboard, its keys read by
:mod:`web.page.keyboard`) turn events into moves, :mod:`web.controls.buttons`,
:mod:`web.controls.level_menu`
and :mod:`web.dialogs.custom` into session calls. The session reports every change to one
drawing function (:class:`web.drawing.PageDrawing`), which draws it (:mod:`web.board.screen`) and
shows the settings in the controls. Each event type has one listener, on the board or the
control (the page's keys: one on the document); :meth:`Page.close` releases them all.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from engine import Level
from play.game_ui import Context
from play.keeping import Blobs, Keeper
from play.start import open_session, today_utc
from web.board import Keys, Panel, Pointer, Screen, View, play_kept_click
from web.controls import TURNED, AfterGame, Appearance, AutoPlay, Controls, LevelMenu, RaceBar
from web.dialogs import CustomDialog, PlayerTools
from web.drawing import PageDrawing
from web.page import (
    AddressBar,
    BrowserScheduler,
    Listeners,
    Shortcuts,
    browser,
    drain_in_turns,
    ids,
    open_local_storage,
    start_launch,
)


class Page:
    def __init__(self) -> None:
        document, window = browser.document, browser.window
        # keeps_start: what the next start shows, for static/skeleton.js (play.keeping.start_view)
        # Opened once: opening probes the store with a write (see web.page.local_storage).
        self.storage = storage = open_local_storage()
        self.keeper = keeper = Keeper(Blobs(storage), keeps_start=True)
        launch = start_launch(window)
        self.linked_drill = launch.drill
        """A drill the address asks Practice to open (``?drill=1-2-1-42``, or ``daily``)."""
        self.drill_note = launch.drill_note
        """Why the address's drill was not read: Practice says it."""
        self.linked_position = launch.position
        self.lab_asked = launch.lab
        """``?lab``: the bot lab opens over the game."""
        """A position the address asks the analysis editor to open (``?position=``)."""
        start = open_session(launch, keeper)
        self.session = session = start.session
        scheduler, clock, log = BrowserScheduler(), time.perf_counter, window.console.error
        view, panel = View(document), Panel(document)
        self.screen = screen = Screen(session, view, panel, scheduler, clock, log)
        self.auto = AutoPlay(session, scheduler, clock, log)
        self.address = AddressBar(window, session, linked=session.linked)
        self.listeners = Listeners(on_error=screen.error)
        self.pointer = Pointer(session, screen)
        self.keys = Keys(session, screen)
        self.controls = Controls(document, session, self.new_game, scheduler, clock, log)
        self.appearance = Appearance(document, window, session, storage)
        choose, say = self.choose_level, session.say
        self.level_menu = LevelMenu(document, session, choose, self.open_custom, say)
        self.custom = CustomDialog(document, session, self.play_level, self.level_menu.sync)
        self.tools = PlayerTools(
            document, window, session, self.address, self.play_daily, scheduler, clock, storage
        )
        # A kept game raced from Replays: its board is a game of its own, with its own entry.
        self.tools.on_race = lambda ghost: self._deal(lambda: session.start_race(ghost))
        if start.displaced is not None:
            self.address.keep_behind(start.displaced)
        else:
            self.address.show()
        self._warming: asyncio.Task[None] | None = None
        self.after_game = AfterGame(document, window, session, self._deal)
        self.race_bar = RaceBar(document, session, scheduler, log)
        self.drawing = PageDrawing(
            screen,
            self.appearance,
            self.level_menu,
            self.controls,
            self.auto,
            self.after_game,
            self.race_bar,
            self.address,
        )
        session.subscribe(self.drawing.draw)
        self._wire()

    def _wire(self) -> None:
        document, window = browser.document, browser.window
        board = self.screen.view.board
        self.pointer.wire(self.listeners, board, document)
        self.keys.wire(self.listeners, board)
        self.controls.wire(self.listeners)
        self.level_menu.wire(self.listeners)
        self.custom.wire(self.listeners)
        self.appearance.wire(self.listeners)
        self.tools.wire(self.listeners)
        self.after_game.wire(self.listeners)
        by_id = document.getElementById
        self.shortcuts = Shortcuts(
            document,
            {  # where the focus puts a key press in a context of its own
                Context.BOARD: board,
                Context.REPLAY: by_id(ids.REPLAY_DIALOG),
                Context.PRACTICE: by_id(ids.PRACTICE_BOARD),
                Context.EDITOR: by_id(ids.ANALYSIS_BOARD),
                Context.CODE: by_id(ids.LAB_CODE),
                Context.LEVEL_MENU: self.level_menu.select,
            },
            self.keys.commands(),
            self.controls.commands(),
            self.level_menu.commands(),
            self.appearance.menu.commands(),
            self.appearance.zoom.commands(),
            self.tools.commands(),
        )
        self.shortcuts.wire(self.listeners)
        self.listeners.listen(window, "popstate", self.address.on_popstate)
        # Hidden or closed: keep the time played, so time away from the page never counts.
        self.listeners.listen(window, "pagehide", lambda _event: self.session.save())
        self.listeners.listen(document, "visibilitychange", lambda _event: self.session.save())

    def _deal(self, deal: Callable[[], bool | None]) -> None:
        """Leave the game being played for a new one, with its own history entry: none
        when ``deal`` answers False (nothing was dealt, and the session's notice says why).
        A game dealt stops the auto-player (:meth:`play.session.Session.new_game`)."""
        self.pointer.cancel()
        self.address.leave()
        if deal() is not False:
            self.address.push()
        else:
            self.address.stay()

    def new_game(self) -> None:
        self._deal(self.session.new_game)

    def play_level(self, level: Level) -> None:
        self._deal(lambda: self.session.change(level=level))

    def choose_level(self, level: Level) -> None:
        """A level from the menu, in the form this screen plays best (expert on a phone)."""
        fitted = self.appearance.level_for_screen(level)
        self.play_level(fitted)
        if fitted != level:
            self.session.say(TURNED)

    def play_daily(self) -> None:
        """Today's daily board; on a custom level none is dealt (the notice says why)."""
        self._deal(lambda: self.session.new_game(day=today_utc()))

    def open_custom(self) -> None:
        self.custom.open()

    def warm_up(self) -> None:
        """Run the solver once while the player looks at the new board, a move at a time,
        so that the first hint is as quick as the next ones."""
        self._warming = asyncio.create_task(self._warm_up())

    async def _warm_up(self) -> None:
        await self.screen.scheduler.sleep(0.5)
        steps = self.session.warm_up_steps()  # the solver loads here, after the start
        await drain_in_turns(steps, self.screen.scheduler, self.screen.clock)

    def close(self) -> None:
        self.listeners.close()
        if self.session.auto_playing:
            self.session.stop_auto()
        self.pointer.close()
        self.race_bar.close()
        self.screen.close()


def start() -> Page:
    """Build the game from the page's address and mark the page ready."""
    page = Page()
    body = browser.document.body
    # The first click made while the page loaded, if it still fits this fresh board.
    play_kept_click(body, page.session, page.screen)
    if page.linked_position is not None:  # a position's link opens it in the editor
        page.tools.editor.open(page.linked_position)
    elif page.lab_asked:  # ?lab: the bot lab, over the game
        page.tools.lab.open()
    if page.linked_drill is not None:  # a drill's link opens it in Practice
        page.tools.practice.open(page.linked_drill, page.drill_note)
    page.tools.help.point(page.storage)  # a first visit's, once
    body.dataset.ready = "true"
    page.warm_up()
    page.tools.prepare()
    return page
