"""A replay played back on the replay dialog's board: drawing and the timer's ticks only.

Play, pause, step forward and back, speed and a scrubber; a ring marks where each click
landed; the LEDs and the face show what they showed then, and the pointer moves as it did
(:class:`web.dialogs.replays.pointer_view.ReplayPointerView`); the live counters show what they
showed then (:meth:`play.game_ui.Playback.counters`). Where the playback is, how fast it goes
and where it stops is :class:`play.game_ui.Playback`'s; this module draws the position it
shows and gives it a tick every :data:`play.game_ui.TICK_S`, a sleep of a
:class:`web.page.pace.Scheduler` (the page's, or a test's in CPython).

Under review (:class:`web.dialogs.replays.review_panel.ReviewPanel` active), each frame is the
position
*before* a move, and the review draws the board with its chances.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from play.game_ui import TICK_S, Command, Context, Playback
from web.board import board_html, counters_html, face_name, led_html
from web.dialogs.replays.pointer_view import ReplayPointerView
from web.page import ids

if TYPE_CHECKING:
    from collections.abc import Callable

    from play.videos import Replay
    from web.dialogs.replays.review_panel import ReviewPanel
    from web.page import Handlers, Listeners, Scheduler


class ReplayPlayer:
    def __init__(self, document: Any, scheduler: Scheduler, review: ReviewPanel) -> None:
        by_id = document.getElementById
        self._by_id = by_id
        self.scheduler = scheduler
        self.review = review
        self.board = by_id(ids.REPLAY_BOARD)
        self.scrub = by_id(ids.REPLAY_SCRUB)
        self.playback = Playback()
        self.pointer = ReplayPointerView(document, self.board, TICK_S)
        """The pointer, its buttons and the cells pressed under it, as the time shows them."""
        self._task: asyncio.Task[None] | None = None
        """The ticks, while the playback plays."""
        self._counters = ""
        """The counters drawn (each tick writes them only when they changed)."""

    def wire(self, listeners: Listeners) -> None:
        listen, by_id = listeners.listen, self._by_id
        listen(by_id(ids.REPLAY_PLAY), "click", lambda _e: self.toggle())
        listen(by_id(ids.REPLAY_STEP), "click", lambda _e: self.step(1))
        listen(by_id(ids.REPLAY_BACK), "click", lambda _e: self.step(-1))
        listen(by_id(ids.REPLAY_SPEED), "change", self.on_speed)
        listen(self.scrub, "input", self.on_scrub)

    @property
    def replay(self) -> Replay | None:
        return self.playback.replay

    def commands(self) -> Handlers:
        """The replay's keys (:data:`play.game_ui.Context.REPLAY`): arrows step through the
        moves; with Shift, under review, to the previous or next mistake."""

        def stepping(by: Callable[[], int]) -> Callable[[Any], bool]:
            def run(_event: Any) -> bool:
                if self.replay is None:
                    return False
                self.step(by())
                return True

            return run

        def jumping(forward: bool) -> Callable[[Any], bool]:
            def run(_event: Any) -> bool:
                if self.replay is None:
                    return False
                if self.review.active:
                    self.review.jump(forward)
                else:
                    self.step(1 if forward else -1)
                return True

            return run

        def frames() -> int:
            return 0 if self.replay is None else len(self.replay.frames)

        return {
            Context.REPLAY: {
                Command.STEP_BACK: stepping(lambda: -1),
                Command.STEP_FORWARD: stepping(lambda: 1),
                Command.FIRST_MOVE: stepping(lambda: -frames()),
                Command.LAST_MOVE: stepping(frames),
                Command.PREVIOUS_MISTAKE: jumping(False),
                Command.NEXT_MISTAKE: jumping(True),
            }
        }

    def load(self, replay: Replay) -> None:
        """``replay`` (the session's: :attr:`play.session.Session.replays`, or a review's),
        from its start, paused; drawn by the caller (a review goes to its first move itself)."""
        self.playback.load(replay)
        self.pointer.load(replay.track)
        level = replay.frames[0].game.level
        self.board.style.setProperty("--rows", str(level.rows))
        self.board.style.setProperty("--cols", str(level.cols))
        self.scrub.max = str(replay.duration_ms)

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, changed: bool = True) -> None:
        """The position the clock has reached (``changed``: another than the one drawn)."""
        if self.replay is not None:
            if changed:
                self._draw_frame()
            self._draw_clock()

    def _draw_frame(self) -> None:
        assert self.replay is not None
        index = self.playback.index
        frames = self.replay.frames
        frame = frames[index]
        self._by_id(ids.REPLAY_COUNTER).innerHTML = led_html(frame.game.mines_left)
        self._by_id(ids.REPLAY_FACE).dataset.face = face_name(frame.game.status)
        moves = len(frames) - 1
        if self.review.active:
            # The ring is on the cell the next move chose; the review draws the board.
            number = index + 1 if index < moves else None
            ring = frames[index + 1].spot if number is not None else None
            self.review.show(number, self.board, frame.game, self._task is not None, ring)
            self._by_id(ids.REPLAY_MOVE).textContent = (
                f"The position before move {number} of {moves}"
                if number is not None
                else "The end of the game"
            )
            return
        self.board.innerHTML = board_html(frame.game)
        if frame.spot is not None:  # the ring on the last click
            row, col = frame.spot
            self.board.children.item(row).children.item(col).classList.add(ids.REPLAY_RING_CLASS)
        heading = self.replay.heading(index)
        self._by_id(ids.REPLAY_MOVE).textContent = (
            f"{heading}: {frame.words} at {frame.ms / 1000:.2f} s"
            if heading is not None
            else f"Start ({self.replay.moves} moves)"
        )

    def _draw_clock(self) -> None:
        """The time: the LED, the scrubber, and the pointer with the face under it."""
        assert self.replay is not None
        playback = self.playback
        seconds = self.replay.led_seconds(playback.index, playback.ms)
        self._by_id(ids.REPLAY_TIMER).innerHTML = led_html(seconds)
        self.scrub.value = str(playback.ms)
        game = self.replay.frames[playback.index].game
        pressing = self.pointer.draw(playback.ms, game)
        self._by_id(ids.REPLAY_FACE).dataset.face = face_name(game.status, pressing)
        counters = counters_html(playback.counters())  # as the player saw them live
        if counters != self._counters:
            self._counters = counters
            self._by_id(ids.REPLAY_COUNTERS).innerHTML = counters

    def _playing(self, on: bool) -> None:
        button = self._by_id(ids.REPLAY_PLAY)
        button.setAttribute("aria-pressed", "true" if on else "false")
        button.textContent = "Pause" if on else "Play"

    # --- the playback's buttons and ticks --------------------------------------------------------

    def toggle(self) -> None:
        if self._task is not None:
            self.pause()
        elif self.playback.play():
            self._task = asyncio.create_task(self._run())
            self._playing(True)

    def pause(self) -> None:
        self.playback.pause()
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._playing(False)

    async def _run(self) -> None:
        """Tick until the playback stops (at its end, or where a clip ends)."""
        playback = self.playback
        try:
            while playback.playing:
                await self.scheduler.sleep(TICK_S)
                self.draw(playback.tick())
            if self.review.active:  # paused at its end: the position with its chances
                self._task = None
                self._playing(False)
                self.draw()
        finally:
            if self._task is asyncio.current_task():  # not paused, nor another playing since
                self._task = None
                self._playing(False)

    def watch(self, number: int) -> None:
        """Move ``number`` (from 1) as a clip (:meth:`play.game_ui.Playback.clip`), at the
        speed chosen; paused at its end, on the position the move was made in."""
        if self.replay is None or not 1 <= number < len(self.replay.frames):
            return
        self.pause()
        self.playback.clip(number)
        self._task = asyncio.create_task(self._run())
        self._playing(True)
        self.draw()  # playing: drawn without the chances

    def step(self, by: int) -> None:
        """To the next (or previous) move, paused; moves made in the same millisecond are
        still stepped through one by one."""
        self.go_to(self.playback.index + by)

    def go_to(self, index: int) -> None:
        """Paused at frame ``index`` (kept within the game)."""
        if self.replay is None:
            return
        self.pause()
        self.playback.go_to(index)
        self.draw()

    def on_speed(self, event: Any) -> None:
        self.playback.speed = float(event.target.value)

    def on_scrub(self, event: Any) -> None:
        self.pause()
        self.draw(self.playback.seek(int(float(event.target.value))))
