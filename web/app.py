"""The page: one session, the adapters around it, their wiring, and its one drawing.

The session (:mod:`play`) owns the game and every rule above the engine, the start
included (:func:`play.start.startup.open_session`); the modules here only translate:
:mod:`web.board.pointer` (mouse and touch) and :mod:`web.board.keys` (keyboard, its keys read by
:mod:`web.page.keyboard`) turn events into moves, :mod:`web.controls.buttons`,
:mod:`web.controls.level_menu` and :mod:`web.dialogs.custom` into session calls. The session
hands every change over as a picture of everything shown (:class:`play.game.Picture`), and
:class:`web.drawing.PageDrawing` draws it by difference, part by part. Each event type has
one listener, on the board or the control (the page's keys: one on the document);
:meth:`Page.close` releases them all.

:class:`Page` takes the browser as parameters (its document and window, the device's store,
a scheduler and the clocks), so a CPython test builds the real page on a fake document;
:func:`start` builds it in the browser.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import date
from typing import Any

from engine import Level, random_seed
from play.game_ui import Context
from play.start import open_session, today_utc
from web.board import Keys, Panel, Pointer, Screen, View, play_kept_click
from web.controls import TURNED, AfterGame, Appearance, AutoPlay, Controls, LevelMenu, RaceBar
from web.controls.appearance import look
from web.controls.race_bar import offers, race_motion
from web.dialogs import CustomDialog, PlayerTools
from web.drawing import PageDrawing, Part
from web.page import (
    AddressBar,
    BrowserScheduler,
    Clock,
    Listeners,
    LocalStorage,
    Scheduler,
    Shortcuts,
    after_frame,
    browser,
    drain_in_turns,
    ids,
    open_local_storage,
    start_launch,
)
from web.page.address_bar import address


class Page:
    def __init__(
        self,
        document: Any,
        window: Any,
        storage: LocalStorage | None,
        scheduler: Scheduler,
        clock: Clock,
        log: Callable[[str], None],
        *,
        game_clock: Clock = time.monotonic,
        seeds: Callable[[], int] = random_seed,
        today: Callable[[], date] = today_utc,
    ) -> None:
        """The page over ``document`` and ``window``, the device's ``storage`` (None: the
        browser keeps nothing), the pace of ``scheduler`` and ``clock`` (the page's work),
        ``log`` for a background task's error; the session's ``game_clock``, ``seeds``
        and ``today`` (a test's own, in CPython)."""
        self.document, self.window = document, window
        self._today = today
        self.storage = storage
        launch = start_launch(window)
        self.linked_drill = launch.drill
        """A drill the address asks Practice to open (``?drill=1-2-1-42``, or ``daily``)."""
        self.drill_note = launch.drill_note
        """Why the address's drill was not read: Practice says it."""
        self.linked_position = launch.position
        """A position the address asks the analysis editor to open (``?position=``)."""
        self.lab_asked = launch.lab
        """``?lab``: the bot lab opens over the game."""
        # keeps_start: what the next start shows, for static/skeleton.js (play.keeping.start_view)
        start = open_session(
            launch,
            storage,
            keeps_start=True,
            clock=game_clock,
            seeds=seeds,
            today=today,
            later=after_frame(scheduler, log),
        )
        self.session = session = start.session
        view, panel = View(document), Panel(document)
        self.screen = screen = Screen(session, view, panel, scheduler, clock, log, game_clock)
        self.auto = AutoPlay(session, scheduler, clock, log)
        self.address = AddressBar(window, session, linked=session.linked)
        self.listeners = Listeners(on_error=screen.error, log=log)
        self.pointer = Pointer(session, screen, window)
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
        self.race_bar = RaceBar(document, lambda: screen.picture, game_clock, scheduler, log)
        self.drawing = PageDrawing(
            [
                *screen.parts(),
                Part(lambda picture: (picture.deal, picture.settings.level), self.level_menu.dealt),
                Part(look, self.appearance.show),
                Part(lambda picture: (picture.settings, picture.auto_playing), self.controls.show),
                Part(lambda picture: picture.auto_playing, self.auto.show),
                Part(offers, self.after_game.show),
                Part(lambda picture: picture.race, self.race_bar.show),
                Part(race_motion, self.race_bar.moved),
                Part(address, self.address.draw),
            ]
        )
        session.subscribe(self.drawing.update)
        self._wire()

    def _wire(self) -> None:
        document, window = self.document, self.window
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
        self._deal(lambda: self.session.new_game(day=self._today()))

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
    """Build the game in the browser, from the page's address, and mark the page ready."""
    window = browser.window
    page = Page(
        browser.document,
        window,
        open_local_storage(),  # opened once: opening probes the store with a write
        BrowserScheduler(),
        time.perf_counter,
        window.console.error,
    )
    body = page.document.body
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
