"""The player's own tools: the daily board, statistics, replays, sharing the board, and the
analysis editor (on the position in play: what the player sees of it).

Each button opens its dialog or acts at once; S, R, P and ? open Statistics, Replays,
Practice and Help from the keyboard (anywhere but in a text field: :mod:`web.shortcuts`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from play.game import share_line
from play.game_ui import Command
from play.session import Session
from web import browser, ids
from web.address_bar import AddressBar
from web.analysis_dialog import AnalysisDialog
from web.dom import within
from web.downloads import save_game_video, save_kept_video
from web.help_dialog import HelpDialog
from web.listeners import Listeners
from web.pace import Clock, Scheduler
from web.player_name import PlayerNameField
from web.practice_dialog import PracticeDialog
from web.replay_dialog import ReplayDialog
from web.stats_dialog import StatsDialog


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
    ) -> None:
        self._document, self._window = document, window
        self.session, self.address = session, address
        self._play_daily = play_daily
        self.replays = ReplayDialog(document, session, scheduler, clock)
        self.practice = PracticeDialog(document, window, session, scheduler, clock)
        self.replays.review.on_reviewed = self.practice.drills_from_review
        self.analysis = AnalysisDialog(document, window, session, scheduler, clock)
        self.stats = StatsDialog(document, window, session, watch=self.replays.open)
        self.player_name = PlayerNameField(document, session)  # the name in saved videos
        self.help = HelpDialog(document, session)
        self._tasks: set[asyncio.Task[None]] = set()

    def wire(self, listeners: Listeners) -> None:
        by_id, listen = self._document.getElementById, listeners.listen
        listen(by_id(ids.DAILY), "click", lambda _e: self._play_daily())
        listen(by_id(ids.STATS_OPEN), "click", lambda _e: self.stats.open())
        listen(by_id(ids.REPLAYS_OPEN), "click", lambda _e: self.replays.open())
        listen(by_id(ids.PRACTICE_OPEN), "click", lambda _e: self.practice.open())
        listen(by_id(ids.COPY_LINK), "click", lambda _e: self.share())
        listen(by_id(ids.ANALYSE_OPEN), "click", lambda _e: self.analysis.open_game())
        listen(by_id(ids.HELP_OPEN), "click", lambda _e: self.help.open())
        listen(by_id(ids.REPLAY_ANALYSE), "click", lambda _e: self.analyse_replay_step())
        listen(by_id(ids.STATS), "click", self.on_result_click)
        self.stats.wire(listeners)
        self.replays.wire(listeners)
        self.practice.wire(listeners)
        self.player_name.wire(listeners)
        self.analysis.wire(listeners)
        self.help.wire(listeners)

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
        self.analysis.open_game([frame.game for frame in replay.frames[: step + 1]])

    def on_result_click(self, event: Any) -> None:
        """The result line's Review button: the finished game, reviewed; its Save EVF
        button: the game saved as a video."""
        if within(event.target, "[data-review-result]"):
            self.replays.review_record(self.session.record, "This game")
        elif within(event.target, "[data-save-video]"):
            player = self.session.settings.player_name
            result = self.session.result
            if result is not None and result.kept_as is not None:
                # The game as Replays keeps it: the same file, named for when it ended.
                replays = self.session.replays
                problem = save_kept_video(self._window, replays, result.kept_as, player)
            else:
                problem = save_game_video(self._window, self.session.kept_record, player)
            if problem is not None:
                self.session.say(problem)

    def commands(self) -> dict[Command, Callable[[Any], bool]]:
        """The dialogs S, R and P open (:mod:`web.shortcuts`), and the replay's keys."""

        def opening(open_: Callable[[], None]) -> Callable[[Any], bool]:
            def run(_event: Any) -> bool:
                open_()
                return True

            return run

        return {
            Command.STATS: opening(self.stats.open),
            Command.REPLAYS: opening(self.replays.open),
            Command.PRACTICE: opening(self.practice.open),
            Command.HELP: opening(self.help.open),
            **self.replays.player.commands(),
        }

    def share(self) -> None:
        """The board's link (with the result line after a daily board): shared through the
        phone's share sheet where the browser has one, else copied."""
        url = self.address.url()
        result = self.session.result
        text = share_line(result) if result is not None and result.daily else None
        task = asyncio.create_task(self._share(url, text))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
