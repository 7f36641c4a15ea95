"""The replay viewer: a recorded game played back on its own board.

Play, pause, step forward and back, speed and a scrubber; a ring marks where each
click landed; the LEDs and the face show what they showed then. The positions come
from :class:`play.replay.Replay`; this module only draws them and keeps the pace.

A game under review (a finished game's Review button, a replay file picked or dropped on
the page) opens here too, with :class:`web.review_panel.ReviewPanel` beside the board: then
each frame is the position *before* a move, and the arrow keys step (with Shift: to the
previous or next mistake).

The module is longer than most (some 450 lines) because the dialog holds one replay at a time:
the kept games' list, a record pasted, a file picked or dropped, the review beside the board and
the playback's pace all open, draw or step that same replay on the same board, and share its
error line; apart, each part would reach into the others' state.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, cast

from engine import InvalidRecordError, Record
from engine.steps import Steps
from play.keeping.views import KeptGame
from play.replay import Frame, Replay, face_of, frames_of
from play.statistics import board_title
from web import ids, modal
from web.dom import closest, data, within
from web.downloads import save_kept_video
from web.pace import Clock, Scheduler, drain_in_turns
from web.render import board_html, escape, led_html
from web.replay_cursor_view import ReplayCursorView
from web.review_panel import ReviewPanel
from web.view import NEAR_ONLY_ABOVE

if TYPE_CHECKING:
    from play import Session
    from play.review import Reviewable
    from play.review.source import Loaded
    from web.listeners import Listeners  # the browser's: a test runs this module in CPython

TICK_S = 0.05
"""How often a replay playing back draws the position its clock has reached."""
FILE_INPUT = "review-file"


def _label(game: KeptGame) -> str:
    """``2026-11-22 17:55 · Expert · won · 97.12 s``."""
    when = game.at[:16].replace("T", " ")
    return f"{when} · {board_title(game.board)} · {game.outcome} · {game.seconds:.2f} s"


def _frames_steps(source: Reviewable) -> Steps[list[Frame]]:
    """The replay's positions of ``source``, one a slice."""
    frames: list[Frame] = []
    for frame in frames_of(cast(Record, source)):
        frames.append(frame)
        yield None
    return frames


class ReplayDialog:
    def __init__(self, document: Any, session: Session, scheduler: Scheduler, clock: Clock) -> None:
        """The kept games are ``session``'s (:attr:`play.session.Session.replays`), and so is
        the review's solver help; the playback's ticks are ``scheduler``'s sleeps, the
        review's slices measured on ``clock``: the page's, or a test's (in CPython, on a
        fake clock)."""
        self.session, self._replays = session, session.replays
        self._player: Callable[[], str] = lambda: session.settings.player_name  # in videos
        self.scheduler = scheduler
        self.clock = clock
        self.document = document
        self.window = document.defaultView
        by_id = document.getElementById
        self._by_id = by_id
        self.dialog = by_id(ids.REPLAY_DIALOG)
        self.board = by_id(ids.REPLAY_BOARD)
        self.scrub = by_id(ids.REPLAY_SCRUB)
        self.replay: Replay | None = None
        self.cursor = ReplayCursorView(document, self.board, TICK_S)
        """The pointer, its buttons and the cells pressed under it, as the time shows them."""
        self.ms = 0
        self.index = -1
        self.speed = 1.0
        self._task: asyncio.Task[None] | None = None
        self.review = ReviewPanel(
            document, self.go_to_move, session.review_chances, scheduler, clock
        )
        self._jobs: set[asyncio.Task[None]] = set()

    def wire(self, listeners: Listeners) -> None:
        listen, by_id = listeners.listen, self._by_id
        listen(by_id(ids.REPLAY_LIST), "click", self.on_list_click)
        listen(by_id(ids.REPLAY_LOAD), "click", lambda _e: self.load_text())
        listen(by_id(ids.REPLAY_PLAY), "click", lambda _e: self.toggle())
        listen(by_id(ids.REPLAY_STEP), "click", lambda _e: self.step(1))
        listen(by_id(ids.REPLAY_BACK), "click", lambda _e: self.step(-1))
        listen(by_id(ids.REPLAY_SPEED), "change", self.on_speed)
        listen(self.scrub, "input", self.on_scrub)
        listen(by_id(ids.REPLAY_CLOSE), "click", lambda _e: self.dialog.close())
        listen(self.dialog, "close", lambda _e: self.pause())
        modal.wire(listeners, self.dialog, self.session)
        listen(by_id(ids.REPLAY_LIST), "click", self.on_review_click)
        listen(self.dialog, "keydown", self.on_keydown)
        listen(self.review.list, "click", self.review.on_list_click)
        listen(self.review.curves, "click", self.review.on_curve_click)
        listen(self.review.prev_button, "click", lambda _e: self.review.jump(False))
        listen(self.review.next_button, "click", lambda _e: self.review.jump(True))
        listen(self.review.watch_button, "click", lambda _e: self.watch(self.review.current or 0))
        listen(by_id(FILE_INPUT), "change", self.on_file_input)
        listen(self.document, "dragover", self.on_dragover)
        listen(self.document, "drop", self.on_drop)

    # --- choosing a game -----------------------------------------------------------------

    def open(self, game_id: str | None = None) -> None:
        games = self._replays.games()
        items = [
            f'<li><button type="button" class="link" data-replay="{escape(game.id)}">'
            f"{escape(_label(game))}</button> "
            f'<button type="button" class="review-game" data-review="{escape(game.id)}" '
            f'aria-label="Review the game of {escape(_label(game))}">Review</button> '
            f'<button type="button" class="save-video" data-video="{escape(game.id)}" '
            f'aria-label="Save EVF of the game of {escape(_label(game))}" '
            f'title="Save as an EVF video (Metasweeper\'s format)">Save EVF</button></li>'
            for game in games
        ]
        empty = "<li>No finished games yet.</li>"
        self._by_id(ids.REPLAY_LIST).innerHTML = "".join(items) or empty
        self._error(None)
        modal.show(self.dialog, self.session)
        if not games and within(self.document.activeElement, "input[type=text], textarea"):
            # The dialog's first action, not the name field: on a phone a text field
            # focused raises the keyboard over the dialog.
            self._by_id(FILE_INPUT).focus()
        chosen = next((game for game in games if game.id == game_id), None)
        if chosen is not None:
            self.show(Record.parse(chosen.text))

    def on_list_click(self, event: Any) -> None:
        target = closest(event.target, "button")
        video = None if target is None else data(target, "video")
        if video is not None:
            self._error(save_kept_video(self.window, self._replays, video, self._player()))
            return
        game_id = None if target is None else data(target, "replay")
        if game_id is not None:
            text = self._replays.record_text(game_id)
            if text is not None:
                self.show(Record.parse(text))

    def load_text(self) -> None:
        """Watch a record pasted as text; a bad one is named, with where it goes wrong."""
        text = str(self._by_id(ids.REPLAY_TEXT).value).strip()
        try:
            record = Record.parse(text)
        except InvalidRecordError as problem:
            message = str(problem)
            self._error(f"That record cannot be played: {message[:1].lower()}{message[1:]}.")
            return
        self._error(None)
        self.show(record)

    def _error(self, text: str | None) -> None:
        error = self._by_id(ids.REPLAY_ERROR)
        error.textContent = text or ""
        error.hidden = text is None

    # --- playing it back -------------------------------------------------------------------

    def show(self, record: Record) -> None:
        if self._too_big(record):
            return
        title = f"{board_title(str(record.level))} · seed {record.seed}"
        self._show(record, title)

    def _too_big(self, source: Reviewable) -> bool:
        """A replay's board is drawn whole, every cell at every move: a board bigger than
        the game's own board is drawn whole (:data:`web.view.NEAR_ONLY_ABOVE`) is said, not
        played back (a 1000x1000 game's review took 31 s, with frames of 21 s)."""
        cells = source.new_game().level.cells
        if cells <= NEAR_ONLY_ABOVE:
            return False
        self.pause()
        self.review.stop()
        self._by_id(ids.REPLAY_VIEWER).hidden = True
        self._error(
            f"A board of {cells:,} cells is too big to play back here: replays and reviews "
            f"show boards of up to {NEAR_ONLY_ABOVE:,} cells."
        )
        self._error_in_view()
        return True

    def _show(
        self,
        source: Reviewable,
        title: str,
        reviewing: bool = False,
        frames: list[Frame] | None = None,
    ) -> None:
        self.pause()
        if not reviewing:
            self.review.stop()
        # Replay reads only a game's moves and new_game(): a replay file's game plays too.
        self.replay = Replay(cast(Record, source), frames)
        self.cursor.load(source)
        self.ms, self.index = 0, -1
        level = self.replay.frames[0].game.level
        self.board.style.setProperty("--rows", str(level.rows))
        self.board.style.setProperty("--cols", str(level.cols))
        self.scrub.max = str(self.replay.duration_ms)
        viewer = self._by_id(ids.REPLAY_VIEWER)
        viewer.hidden = False
        viewer.classList.toggle("reviewing", reviewing)
        self.dialog.classList.toggle("reviewing", reviewing)
        self._by_id(ids.REPLAY_TITLE).textContent = f"{title} · {len(source.moves)} moves"
        if not reviewing:  # a review goes to its first move itself: one drawing, not two
            self.draw()

    # --- reviewing -----------------------------------------------------------------------

    def review_game(self, loaded: Loaded) -> None:
        """Open the review of ``loaded``: the replay viewer with the review beside it."""
        self._later(self._open_review(loaded))

    async def _open_review(self, loaded: Loaded) -> None:
        # Each step a task of its own (measured in Chromium, all at once they were one task
        # of 90 ms, 350 ms for the first review): the first verdict, then the replay's
        # positions, then the board, then the focus and the scroll, once the browser has
        # laid the board out (a focus() before costs the style of it all: 25-30 ms).
        scheduler = self.scheduler
        if not self.dialog.open:
            self.open()
        self._error(None)
        if self._too_big(loaded):
            return
        self.review.start(loaded)
        await self.review.first_shown.wait()
        await scheduler.give_way()  # a task of its own, not the review's
        # 150 moves: 50 ms in a busy browser
        frames = await drain_in_turns(_frames_steps(loaded), scheduler, self.clock)
        await scheduler.give_way()
        self._show(loaded, f"Review: {loaded.title}", reviewing=True, frames=frames)
        await scheduler.give_way()
        self.go_to_move(1)
        await scheduler.next_frame()
        self.review.focus_in_sight(self.dialog)  # the arrow keys step from there

    def review_record(self, record: Record, title: str) -> None:
        from play.review.source import from_record

        self.review_game(from_record(record, title))

    def go_to_move(self, number: int) -> None:
        """The position before move ``number`` (from 1; past the last: the end)."""
        if self.replay is None:
            return
        self.pause()
        index = min(max(number - 1, 0), len(self.replay.frames) - 1)
        self.ms = self.replay.frames[index].ms
        self._draw_frame(index)
        self._draw_clock()

    def on_review_click(self, event: Any) -> None:
        target = closest(event.target, "button")
        game_id = None if target is None else data(target, "review")
        game = next((g for g in self._replays.games() if g.id == game_id), None)
        if game is not None:
            self.review_record(Record.parse(game.text), _label(game))

    def on_keydown(self, event: Any) -> None:
        """Arrows step through the moves; with Shift, to the previous or next mistake."""
        key = str(event.key)
        if self.replay is None or str(event.target.tagName) in ("INPUT", "TEXTAREA", "SELECT"):
            return
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        event.preventDefault()
        forward = key in ("ArrowRight", "End")
        if key in ("Home", "End"):
            self.step(len(self.replay.frames) * (1 if forward else -1))
        elif event.shiftKey and self.review.active:
            self.review.jump(forward)
        else:
            self.step(1 if forward else -1)

    def on_file_input(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            self._later(self._review_file(files.item(0)))
        event.target.value = ""  # the same file can be picked again

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
        self._later(self._review_file(transfer.files.item(0)))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    async def _review_file(self, file: Any) -> None:
        from play.review.source import UnreadableError
        from web.review_files import read_file

        if not self.dialog.open:
            self.open()
        self._error(f"Reading {file.name}…")
        try:
            loaded = await read_file(self.window, file)
        except UnreadableError as problem:
            self._error(str(problem))
            self._error_in_view()
            return
        except Exception as error:  # a reader's bug: a message still, never a traceback
            self.window.console.error(f"review of {file.name}: {traceback.format_exc()}")
            self._error(f"{file.name} could not be read ({type(error).__name__}).")
            self._error_in_view()
            return
        self.review_game(loaded)

    def _error_in_view(self) -> None:
        self._by_id(ids.REPLAY_ERROR).scrollIntoView()

    def draw(self) -> None:
        """The position the clock has reached."""
        if self.replay is not None:
            index = self.replay.index_at(self.ms)
            if index != self.index:
                self._draw_frame(index)
            self._draw_clock()

    def _draw_frame(self, index: int) -> None:
        assert self.replay is not None
        self.index = index
        frame = self.replay.frames[index]
        frames = self.replay.frames
        self._by_id(ids.REPLAY_COUNTER).innerHTML = led_html(frame.game.mines_left)
        self._by_id(ids.REPLAY_FACE).dataset.face = self.replay.face(index)
        moves = len(self.replay.frames) - 1
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
            self.board.children.item(row).children.item(col).classList.add(ids.REPLAY_CURSOR_CLASS)
        self._by_id(ids.REPLAY_MOVE).textContent = (
            f"Move {index} of {moves}: {frame.words} at {frame.ms / 1000:.2f} s"
            if frame.words
            else f"Start ({moves} moves)"
        )

    def _draw_clock(self) -> None:
        """The time: the LED, the scrubber, and the cursor with the face under it."""
        assert self.replay is not None
        seconds = self.replay.led_seconds(self.index, self.ms)
        self._by_id(ids.REPLAY_TIMER).innerHTML = led_html(seconds)
        self.scrub.value = str(self.ms)
        game = self.replay.frames[self.index].game
        pressing = self.cursor.draw(self.ms, game)
        self._by_id(ids.REPLAY_FACE).dataset.face = face_of(game.status, pressing)

    def toggle(self) -> None:
        if self._task is not None:
            self.pause()
        elif self.replay is not None:
            if self.ms >= self.replay.duration_ms:
                self.ms, self.index = 0, -1
            self._task = asyncio.create_task(self._run())
            self._playing(True)

    def pause(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._playing(False)

    def _playing(self, on: bool) -> None:
        button = self._by_id(ids.REPLAY_PLAY)
        button.setAttribute("aria-pressed", "true" if on else "false")
        button.textContent = "Pause" if on else "Play"

    async def _run(self, until: int | None = None) -> None:
        """Play on to ``until`` (None: the end)."""
        assert self.replay is not None
        end = self.replay.duration_ms if until is None else until
        try:
            while self.ms < end:
                await self.scheduler.sleep(TICK_S)
                self.ms = min(end, self.ms + round(TICK_S * 1000 * self.speed))
                self.draw()
            if self.review.active:  # paused at its end: the position with its chances
                self._task = None
                self._playing(False)
                self._draw_frame(self.index)
                self._draw_clock()
        finally:
            if self._task is asyncio.current_task():  # not paused, nor another playing since
                self._task = None
                self._playing(False)

    def watch(self, number: int) -> None:
        """Move ``number`` (from 1) as a clip (:func:`play.video.clip_of`): played from a
        second before it to the moment before it, the pointer on its way, at the speed
        chosen; paused there, on the position the move was made in."""
        from play.video import clip_of

        if self.replay is None or not 1 <= number < len(self.replay.frames):
            return
        self.pause()
        self.ms, until = clip_of(self.replay.frames[number].ms)
        self._task = asyncio.create_task(self._run(until))
        self._playing(True)
        self._draw_frame(self.replay.index_at(self.ms))  # playing: drawn without the chances
        self._draw_clock()

    def step(self, by: int) -> None:
        """To the next (or previous) move, paused; moves made in the same millisecond are
        still stepped through one by one."""
        if self.replay is None:
            return
        self.pause()
        index = min(max(self.index + by, 0), len(self.replay.frames) - 1)
        self.ms = self.replay.frames[index].ms
        self._draw_frame(index)
        self._draw_clock()

    def on_speed(self, event: Any) -> None:
        self.speed = float(event.target.value)

    def on_scrub(self, event: Any) -> None:
        self.pause()
        self.ms = int(float(event.target.value))
        self.draw()
