"""The replay viewer: a recorded game played back on its own board.

Play, pause, step forward and back, speed and a scrubber; a ring marks where each
click landed; the LEDs and the face show what they showed then. The positions come
from :class:`play.replay.Replay`; this module only draws them and keeps the pace.
"""

from __future__ import annotations

import asyncio
from typing import Any

from engine import InvalidRecordError, Record
from play.keeper import Keeper
from play.replay import KeptGame, Replay, kept_games
from play.statistics import board_title
from web import ids
from web.dom import closest, data
from web.listeners import Listeners
from web.render import board_html, escape, led_html

TICK_S = 0.05


def _label(game: KeptGame) -> str:
    """``2026-11-22 17:55 · Expert · won · 97.12 s``."""
    when = game.at[:16].replace("T", " ")
    return f"{when} · {board_title(game.board)} · {game.outcome} · {game.seconds:.2f} s"


class ReplayDialog:
    def __init__(self, document: Any, keeper: Keeper) -> None:
        self.keeper = keeper
        by_id = document.getElementById
        self._by_id = by_id
        self.dialog = by_id(ids.REPLAY_DIALOG)
        self.board = by_id(ids.REPLAY_BOARD)
        self.scrub = by_id(ids.REPLAY_SCRUB)
        self.replay: Replay | None = None
        self.ms = 0
        self.index = -1
        self.speed = 1.0
        self._task: asyncio.Task[None] | None = None

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

    # --- choosing a game -----------------------------------------------------------------

    def open(self, game_id: str | None = None) -> None:
        games = kept_games(self.keeper)
        items = [
            f'<li><button type="button" class="link" data-replay="{escape(game.id)}">'
            f"{escape(_label(game))}</button></li>"
            for game in games
        ]
        empty = "<li>No finished games yet.</li>"
        self._by_id(ids.REPLAY_LIST).innerHTML = "".join(items) or empty
        self._error(None)
        if not self.dialog.open:
            self.dialog.showModal()
        chosen = next((game for game in games if game.id == game_id), None)
        if chosen is not None:
            self.show(Record.parse(chosen.text))

    def on_list_click(self, event: Any) -> None:
        target = closest(event.target, "button")
        game_id = None if target is None else data(target, "replay")
        if game_id is not None:
            text = self.keeper.records().get(game_id)
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
        self.pause()
        self.replay = Replay(record)
        self.ms, self.index = 0, -1
        level = record.level
        self.board.style.setProperty("--rows", str(level.rows))
        self.board.style.setProperty("--cols", str(level.cols))
        self.scrub.max = str(self.replay.duration_ms)
        self._by_id(ids.REPLAY_VIEWER).hidden = False
        self._by_id(
            ids.REPLAY_TITLE
        ).textContent = (
            f"{board_title(str(level))} · seed {record.seed} · {len(record.moves)} moves"
        )
        self.draw()

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
        self.board.innerHTML = board_html(frame.game)
        if frame.spot is not None:
            row, col = frame.spot
            self.board.children.item(row).children.item(col).classList.add(ids.REPLAY_CURSOR_CLASS)
        self._by_id(ids.REPLAY_COUNTER).innerHTML = led_html(frame.game.mines_left)
        self._by_id(ids.REPLAY_FACE).dataset.face = self.replay.face(index)
        moves = len(self.replay.frames) - 1
        self._by_id(ids.REPLAY_MOVE).textContent = (
            f"Move {index} of {moves}: {frame.move} at {frame.ms / 1000:.2f} s"
            if frame.move
            else f"Start ({moves} moves)"
        )

    def _draw_clock(self) -> None:
        assert self.replay is not None
        seconds = self.replay.led_seconds(self.index, self.ms)
        self._by_id(ids.REPLAY_TIMER).innerHTML = led_html(seconds)
        self.scrub.value = str(self.ms)

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

    async def _run(self) -> None:
        assert self.replay is not None
        try:
            while self.ms < self.replay.duration_ms:
                await asyncio.sleep(TICK_S)
                self.ms = min(self.replay.duration_ms, self.ms + round(TICK_S * 1000 * self.speed))
                self.draw()
        finally:
            self._task = None
            self._playing(False)

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
