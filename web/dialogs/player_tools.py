"""The player's own tools: the daily board, statistics, replays, sharing the board, and the
analysis editor (on the position in play: what the player sees of it).

Each button opens its dialog or acts at once; S, R, P, B and ? open Statistics, Replays,
Practice, the bot lab and Help from the keyboard (anywhere but in a text field:
:mod:`web.page.keyboard`).

A dialog is built, and its own controls wired, the first time it is asked for (its button,
its key, a link, another dialog): a start draws the board and wires only the buttons that
open them (:attr:`replays`, :attr:`practice`, :attr:`editor`, :attr:`stats`). None of
their modules is imported before then either: ``tests/test_start_imports.py`` holds the
start to it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from play.game import share_line
from play.game_ui import Command, Context
from play.session import Session
from web.dialogs.help import HelpDialog
from web.page import (
    BINDINGS,
    AddressBar,
    Clock,
    Listeners,
    Scheduler,
    browser,
    ids,
    query,
    save_game_video,
    save_kept_video,
    within,
)

if TYPE_CHECKING:
    from play.game import Ghost
    from web.dialogs.editor import EditorDialog
    from web.dialogs.lab import LabDialog
    from web.dialogs.practice import PracticeDialog
    from web.dialogs.replays import ReplayDialog
    from web.dialogs.stats import StatsDialog
    from web.page import Handler, Handlers

D = TypeVar("D", bound="Wirable")


class Wirable(Protocol):
    def wire(self, listeners: Listeners) -> None: ...


COPIED = "Copied: the line to share."
"""Said once a daily board's share line is on the clipboard (its Copy button)."""
COPY_REFUSED = "The browser could not copy the line: it is selected, for Ctrl+C (⌘C on a Mac)."
"""Said when the clipboard is refused: the line is selected instead."""

PRACTICE_AFTER_S = 1.0
"""How long after the start Practice is built (and starts making its next drill)."""


class PlayerTools:
    def __init__(
        self,
        document: Any,
        window: Any,
        session: Session,
        address: AddressBar,
        play_daily: Callable[[], None],
        scheduler: Scheduler,
        clock: Clock,
        storage: Any = None,
    ) -> None:
        self._document, self._window = document, window
        self._storage = storage
        """The device's store (the session's port), where the lab keeps the player's bot."""
        self.session, self.address = session, address
        self._play_daily = play_daily
        self._scheduler, self._clock = scheduler, clock
        self._listeners: Listeners | None = None
        self.on_race: Callable[[Ghost], object] = session.start_race
        """How a kept game's ghost is raced from Replays (the page: a game of its own, with
        its own history entry)."""
        # Built now: its button lights on a first visit (point), before any dialog is asked for.
        self.help = HelpDialog(document, session)
        self._tasks: set[asyncio.Task[None]] = set()

    def wire(self, listeners: Listeners) -> None:
        """The buttons that open the tools; each dialog wires its own when it is built."""
        self._listeners = listeners
        by_id, listen = self._document.getElementById, listeners.listen
        listen(by_id(ids.DAILY), "click", lambda _e: self._play_daily())
        listen(by_id(ids.STATS_OPEN), "click", lambda _e: self.stats.open())
        listen(by_id(ids.REPLAYS_OPEN), "click", lambda _e: self.replays.open())
        listen(by_id(ids.PRACTICE_OPEN), "click", lambda _e: self.practice.open())
        listen(by_id(ids.COPY_LINK), "click", lambda _e: self.share())
        listen(by_id(ids.ANALYSE_OPEN), "click", lambda _e: self.editor.open_game())
        listen(by_id(ids.HELP_OPEN), "click", lambda _e: self.help.open())
        listen(by_id(ids.LAB_OPEN), "click", lambda _e: self.lab.open())
        listen(by_id(ids.REPLAY_ANALYSE), "click", lambda _e: self.analyse_replay_step())
        listen(by_id(ids.STATS), "click", self.on_result_click)
        # A replay file dropped anywhere on the page is reviewed, Replays built or not.
        listen(self._document, "dragover", self.on_dragover)
        listen(self._document, "drop", self.on_drop)
        self.help.wire(listeners)

    def _wiring(self) -> Listeners:
        if self._listeners is None:
            raise RuntimeError("PlayerTools.wire comes before any dialog is built")
        return self._listeners

    @cached_property
    def replays(self) -> ReplayDialog:
        """Replays, with the review, the viewer and the name saved in videos."""
        from web.dialogs.replays import PlayerNameField, ReplayDialog

        replays = ReplayDialog(self._document, self.session, self._scheduler, self._clock)
        replays.on_race = lambda ghost: self.on_race(ghost)
        replays.review.on_reviewed = lambda source, moves: self.practice.drills_from_review(
            source, moves
        )
        replays.wire(self._wiring())
        PlayerNameField(self._document, self.session).wire(self._wiring())
        return replays

    @cached_property
    def practice(self) -> PracticeDialog:
        from web.dialogs.practice import PracticeDialog

        return self._wired(PracticeDialog(self._document, self._window, *self._timed()))

    @cached_property
    def editor(self) -> EditorDialog:
        from web.dialogs.editor import EditorDialog

        return self._wired(EditorDialog(self._document, self._window, *self._timed()))

    @cached_property
    def lab(self) -> LabDialog:
        from web.dialogs.lab import LabDialog

        lab = LabDialog(self._document, self._window, self.session, self._scheduler, self._storage)
        return self._wired(lab)

    @cached_property
    def stats(self) -> StatsDialog:
        from web.dialogs.stats import StatsDialog

        stats = StatsDialog(self._document, self._window, self.session, watch=self._watch)
        return self._wired(stats)

    def _watch(self, game_id: str) -> None:
        """A best game, from Statistics: watched in Replays."""
        self.replays.open(game_id)

    def _timed(self) -> tuple[Session, Scheduler, Clock]:
        """What a dialog that plays or makes boards over time is built with."""
        return self.session, self._scheduler, self._clock

    def _wired(self, dialog: D) -> D:
        dialog.wire(self._wiring())
        return dialog

    def prepare(self) -> None:
        """After the start, in the page's idle time: Practice is built, and so makes its next
        drill ahead of the player's first ask
        (:class:`web.dialogs.practice.dialog.PracticeDialog`)."""

        async def build_practice() -> None:
            await self._scheduler.sleep(PRACTICE_AFTER_S)
            self.practice  # noqa: B018  (built and wired: it prepares its next sitting)

        task = asyncio.create_task(build_practice())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def built(self, name: str) -> bool:
        """Whether the dialog ``name`` (``"replays"``, ``"practice"``...) is built yet."""
        return name in self.__dict__

    def on_dragover(self, event: Any) -> None:
        transfer = event.dataTransfer
        if transfer and "Files" in list(transfer.types):
            event.preventDefault()  # lets the file be dropped here, not opened by the browser
            transfer.dropEffect = "copy"

    def on_drop(self, event: Any) -> None:
        transfer = event.dataTransfer
        if not transfer or not transfer.files.length:
            return
        event.preventDefault()
        self.replays.sources.review_dropped(transfer.files.item(0))

    def analyse_replay_step(self) -> None:
        """The replay viewer's position (the review's: the one before the move at hand) in
        the analysis editor, over the viewer, its playback paused; at a loss, the position
        before the losing move."""
        player = self.replays.player
        replay = player.replay
        if replay is None:
            return
        player.pause()
        step = max(player.playback.index, 0)
        self.editor.open_game([frame.game for frame in replay.frames[: step + 1]])

    def on_result_click(self, event: Any) -> None:
        """The result line's Review button: the finished game, reviewed; its Save EVF
        button: the game saved as a video; a daily board's Copy button: its share line
        copied."""
        if within(event.target, "[data-copy-share]"):
            self.copy_share_line()
        elif within(event.target, "[data-review-result]"):
            self.replays.review_record(self.session.record, "This game")
        elif within(event.target, "[data-save-video]"):
            player = self.session.settings.player_name
            result = self.session.result
            replays = self.session.replays
            if result is not None and result.kept_as is not None:
                # The game as Replays keeps it: the same file, named for when it ended.
                problem = save_kept_video(self._window, replays, result.kept_as, player)
            else:
                record = self.session.kept_record
                problem = save_game_video(self._window, replays, record, player)
            if problem is not None:
                self.session.say(problem)

    def commands(self) -> Handlers:
        """The dialogs S, R, P and ? open (:mod:`web.page.keyboard`), and the keys of the
        dialogs that read some: a replay's, a drill's, the editor's. None acts before its
        dialog is built (none of their places can have the focus before)."""

        def opening(open_: Callable[[], None]) -> Handler:
            def run(_event: Any) -> bool:
                open_()
                return True

            return run

        made: dict[str, Handlers] = {}
        """Each built dialog's own keys, asked of it once."""

        def once_built(
            name: str, keys: Callable[[], Handlers], context: Context
        ) -> dict[Command, Handler]:
            def run_for(command: Command) -> Handler:
                def run(event: Any) -> bool:
                    if not self.built(name):
                        return False
                    handlers = made.get(name) or made.setdefault(name, keys())
                    return handlers[context][command](event)

                return run

            return {command: run_for(command) for command in BINDINGS[context].values()}

        return {
            Context.PAGE: {
                Command.STATS: opening(lambda: self.stats.open()),
                Command.REPLAYS: opening(lambda: self.replays.open()),
                Command.PRACTICE: opening(lambda: self.practice.open()),
                Command.HELP: opening(self.help.open),
                Command.LAB: opening(lambda: self.lab.open()),
            },
            Context.REPLAY: once_built(
                "replays", lambda: self.replays.player.commands(), Context.REPLAY
            ),
            Context.PRACTICE: once_built(
                "practice", lambda: self.practice.commands(), Context.PRACTICE
            ),
            Context.EDITOR: once_built("editor", lambda: self.editor.commands(), Context.EDITOR),
            Context.CODE: once_built("lab", lambda: self.lab.commands(), Context.CODE),
        }

    def copy_share_line(self) -> None:
        """A daily board's share line (:func:`play.game.share_line`) copied to the
        clipboard, said in words; where the browser refuses, said so, and the line selected
        for the player to copy."""
        result = self.session.result
        if result is not None and result.daily:
            self._run(self._copy(share_line(result)))

    async def _copy(self, text: str) -> None:
        try:
            await self._window.navigator.clipboard.writeText(text)
        except Exception:  # no clipboard here (an insecure page), or the player refused it
            with contextlib.suppress(Exception):
                shown = query(self._document, f"#{ids.STATS} .share-text")
                if shown is not None:
                    self._window.getSelection().selectAllChildren(shown)
            self.session.say(COPY_REFUSED)
            return
        self.session.say(COPIED)

    def _run(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def share(self) -> None:
        """The board's link (with the result line after a daily board): shared through the
        phone's share sheet where the browser has one, else copied."""
        url = self.address.url()
        result = self.session.result
        text = share_line(result) if result is not None and result.daily else None
        self._run(self._share(url, text))

    async def _share(self, url: str, text: str | None) -> None:
        navigator = self._window.navigator
        coarse = self._window.matchMedia("(pointer: coarse)").matches
        try:
            if coarse and hasattr(navigator, "share"):
                data = {"url": url, **({"text": text} if text else {})}
                await navigator.share(browser.to_js(data))
                return
            await navigator.clipboard.writeText(f"{text}\n{url}" if text else url)
            self.session.say("Link copied: it opens this very board.")
        except Exception:
            self.session.say(f"Copy this link to share the board: {url}")
