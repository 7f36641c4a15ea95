"""The pointer of a replay, drawn over the replay's board: where it was, the mouse buttons
it held, and the cell (or block of nine) pressed under it, as a video shows them.

Where the pointer was and what it held at any time is the replay's track
(:attr:`play.videos.replay.Replay.track`: a replay file's own mouse events, or our game's
recorded path); which of the cells under it look pressed is the game board's own rule
(:func:`web.board.highlights.shown_pressed`). This module only draws them:
``#replay-pointer``, an arrow
over the board placed in cells (``--x``, ``--y`` over ``--cols`` and ``--rows``, so the
style sheet scales it with the cell), its buttons as
``data-buttons`` (``left``, ``right``, ``both`` or ``none``), and the pressed cells with the
game board's ``pressed`` class.

It is decoration: the pointer is ``aria-hidden``, and the replay's words (the move, the
time) say what a screen reader needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.board import shown_pressed
from web.page import ids

if TYPE_CHECKING:
    from engine import Game
    from play.videos import PointerState, PointerTimeline

NO_BUTTON = "none"
"""``data-buttons`` while no button is held."""


def on_board(pointer: PointerState | None, track: PointerTimeline) -> bool:
    """Whether ``pointer`` is over the board (the pointer is drawn there only: a video shows
    the board, not the window around it).

    >>> from engine import BEGINNER, Move, Record
    >>> from play.videos import PointerTimeline
    >>> track = PointerTimeline.of_record(Record(BEGINNER, 42).add(Move.reveal(8, 8), 0))
    >>> on_board(track.at(0), track), on_board(track.at(-1), track)
    (True, False)
    """
    return pointer is not None and 0 <= pointer.x <= track.cols and 0 <= pointer.y <= track.rows


class ReplayPointerView:
    def __init__(self, document: Any, board: Any, tick_s: float) -> None:
        """Draws over ``board``, the replay's board element, every ``tick_s`` seconds while
        a replay plays: the pointer glides from one place to the next meanwhile (``--glide``,
        none when the player asks for reduced motion), so it moves as smoothly as a video."""
        self.board = board
        self.arrow = document.getElementById(ids.REPLAY_POINTER)
        self.arrow.style.setProperty("--glide", f"{round(tick_s * 1000)}ms")
        self.track: PointerTimeline | None = None
        self._shown: tuple[float, float, str] | None = None
        """The pointer's place and buttons as drawn (None: hidden)."""
        self._pressed: list[Any] = []
        """The cells drawn pressed."""

    def load(self, track: PointerTimeline) -> None:
        """The pointer of ``track`` (a replay's: :attr:`play.videos.replay.Replay.track`) is
        shown from now on."""
        self.track = track
        style = self.arrow.style
        style.setProperty("--rows", str(track.rows))
        style.setProperty("--cols", str(track.cols))
        self._place(None)  # until drawn at the replay's time: not where the last one left it

    def draw(self, ms: int, game: Game) -> bool:
        """The pointer at ``ms`` on the game's clock, over ``game``, the position the board
        shows then; whether a cell shows pressed (the face is surprised then)."""
        track = self.track
        pointer = None if track is None else track.at(ms)
        shown = None
        if track is not None and pointer is not None and on_board(pointer, track):
            shown = (round(pointer.x, 3), round(pointer.y, 3), pointer.words or NO_BUTTON)
        if shown != self._shown:
            self._place(shown)
        pressed: set[int] = set()
        if pointer is not None and pointer.pressed is not None:
            pressed = shown_pressed(game, pointer.pressed, pointer.block)
        self._press(pressed, game.level.cols)
        return bool(pressed)

    def _place(self, shown: tuple[float, float, str] | None) -> None:
        arrow = self.arrow
        self._shown = shown
        arrow.hidden = shown is None
        if shown is not None:
            x, y, buttons = shown
            arrow.style.setProperty("--x", str(x))
            arrow.style.setProperty("--y", str(y))
            arrow.dataset.buttons = buttons

    def _press(self, cells: set[int], cols: int) -> None:
        """Draw ``cells`` pressed; the board may have been written again since the last
        time (a new position), so the cells are looked up each time, a block of nine at
        most, and only while a button is held."""
        if not cells and not self._pressed:
            return
        for element in self._pressed:  # on the old board these are gone: no harm
            element.classList.remove(ids.PRESSED_CLASS)
        rows = self.board.children
        self._pressed = [rows.item(cell // cols).children.item(cell % cols) for cell in cells]
        for element in self._pressed:
            element.classList.add(ids.PRESSED_CLASS)

    def clear(self) -> None:
        """Nothing shown (no replay, or one without a pointer)."""
        self.track = None
        self._place(None)
        self._press(set(), 1)
