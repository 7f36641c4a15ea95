"""The replay dialog: a recorded game played back on its own board, or reviewed beside it.

This module hosts the dialog: it opens and closes it, shows the replay chosen (by
:class:`web.dialogs.replays.sources.ReplaySources`: a kept game, a record pasted, a file picked or
dropped), opens a review (:class:`web.dialogs.replays.review_panel.ReviewPanel` beside the board)
and owns
the error line they share. The playback, drawn, is
:class:`web.dialogs.replays.player.ReplayPlayer`'s;
its clock is :class:`play.game_ui.Playback`.

Under review each frame is the position *before* a move, and the arrow keys step (with
Shift: to the previous or next mistake).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from engine import Level, Record
from web.board import NEAR_ONLY_ABOVE
from web.dialogs import modal
from web.dialogs.replays.player import ReplayPlayer
from web.dialogs.replays.review_panel import ReviewPanel
from web.dialogs.replays.sources import ReplaySources
from web.page import Clock, Scheduler, drain_in_turns, ids

if TYPE_CHECKING:
    from play.game import Ghost
    from play.review import Review
    from play.session import Session
    from play.videos import Replay
    from web.page import Listeners  # the browser's: a test runs this module in CPython


class ReplayDialog:
    def __init__(self, document: Any, session: Session, scheduler: Scheduler, clock: Clock) -> None:
        """The kept games are ``session``'s (:attr:`play.session.Session.replays`), and so is
        the review's solver help; the playback's ticks are ``scheduler``'s sleeps, the
        review's slices measured on ``clock``: the page's, or a test's (in CPython, on a
        fake clock)."""
        self.session = session
        self.scheduler = scheduler
        self.clock = clock
        self.document = document
        by_id = document.getElementById
        self._by_id = by_id
        self.dialog = by_id(ids.REPLAY_DIALOG)
        self.review = ReviewPanel(
            document, self.go_to_move, session.review_chances, scheduler, clock
        )
        self.player = ReplayPlayer(document, scheduler, self.review)
        self.sources = ReplaySources(document, session, self)
        self.on_race: Callable[[Ghost], object] = session.start_race
        """How a kept game's ghost is raced: the page deals its board as a game of its own
        (a history entry)."""
        self._jobs: set[asyncio.Task[None]] = set()

    def wire(self, listeners: Listeners) -> None:
        listen, review = listeners.listen, self.review
        self.sources.wire(listeners)
        self.player.wire(listeners)
        listen(self._by_id(ids.REPLAY_CLOSE), "click", lambda _e: self.dialog.close())
        listen(self.dialog, "close", lambda _e: self.player.pause())
        modal.wire(listeners, self.dialog, self.session)
        listen(review.list, "click", review.on_list_click)
        listen(review.curves, "click", review.on_curve_click)
        listen(review.prev_button, "click", lambda _e: review.jump(False))
        listen(review.next_button, "click", lambda _e: review.jump(True))
        listen(review.watch_button, "click", lambda _e: self.player.watch(review.current or 0))

    def open(self, game_id: str | None = None) -> None:
        """The dialog with the kept games listed; ``game_id``'s game played back, if kept."""
        games = self.sources.list_games()
        self.error(None)
        modal.show(self.dialog, self.session)
        self.sources.focus_first(games)
        chosen = next((game for game in games if game.id == game_id), None)
        if chosen is not None:
            self.show(Record.parse(chosen.text))

    def race(self, ghost: Ghost) -> None:
        """The dialog closed, and ``ghost``'s board dealt to race it."""
        self.dialog.close()
        self.on_race(ghost)

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of its own, kept until it is done."""
        task = asyncio.create_task(work)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    def error(self, text: str | None) -> None:
        error = self._by_id(ids.REPLAY_ERROR)
        error.textContent = text or ""
        error.hidden = text is None

    def error_in_view(self) -> None:
        self._by_id(ids.REPLAY_ERROR).scrollIntoView()

    # --- playing a game back ---------------------------------------------------------------

    def show(self, record: Record) -> None:
        if self._too_big(record.level):
            return
        title = f"{record.level.title} · seed {record.seed}"
        self._show(self.session.replays.replay(record), title)

    def _too_big(self, level: Level) -> bool:
        """A replay's board is drawn whole, every cell at every move: a board bigger than
        the game's own board is drawn whole (:data:`web.board.view.NEAR_ONLY_ABOVE`) is said, not
        played back (a 1000x1000 game's review took 31 s, with frames of 21 s)."""
        cells = level.cells
        if cells <= NEAR_ONLY_ABOVE:
            return False
        self.player.pause()
        self.review.stop()
        self._by_id(ids.REPLAY_VIEWER).hidden = True
        self.error(
            f"A board of {cells:,} cells is too big to play back here: replays and reviews "
            f"show boards of up to {NEAR_ONLY_ABOVE:,} cells."
        )
        self.error_in_view()
        return True

    def _show(self, replay: Replay, title: str, reviewing: bool = False) -> None:
        self.player.pause()
        if not reviewing:
            self.review.stop()
        self.player.load(replay)
        viewer = self._by_id(ids.REPLAY_VIEWER)
        viewer.hidden = False
        viewer.classList.toggle("reviewing", reviewing)
        self.dialog.classList.toggle("reviewing", reviewing)
        self._by_id(ids.REPLAY_TITLE).textContent = f"{title} · {replay.moves} moves"
        if not reviewing:  # a review goes to its first move itself: one drawing, not two
            self.player.draw()

    # --- reviewing -----------------------------------------------------------------------

    def review_game(self, review: Review) -> None:
        """Open ``review`` (the session's): the replay viewer with the review beside it."""
        self.later(self._open_review(review))

    async def _open_review(self, review: Review) -> None:
        # Each step a task of its own (measured in Chromium, all at once they were one task
        # of 90 ms, 350 ms for the first review): the first verdict, then the replay's
        # positions, then the board, then the focus and the scroll, once the browser has
        # laid the board out (a focus() before costs the style of it all: 25-30 ms).
        scheduler = self.scheduler
        if not self.dialog.open:
            self.open()
        self.error(None)
        if self._too_big(review.level):
            return
        self.review.start(review)
        await self.review.first_shown.wait()
        await scheduler.give_way()  # a task of its own, not the review's
        # 150 moves: 50 ms in a busy browser
        replay = await drain_in_turns(review.replay_steps(), scheduler, self.clock)
        await scheduler.give_way()
        self._show(replay, f"Review: {review.title}", reviewing=True)
        await scheduler.give_way()
        self.go_to_move(1)
        await scheduler.next_frame()
        self.review.focus_in_sight(self._by_id(ids.REPLAY_BODY))  # the arrow keys step from there

    def review_record(self, record: Record, title: str) -> None:
        self.review_game(self.session.review(record, title))

    def go_to_move(self, number: int) -> None:
        """The position before move ``number`` (from 1; past the last: the end)."""
        self.player.go_to(number - 1)
