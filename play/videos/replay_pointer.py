"""The pointer of a video: where it was, which buttons were held and which cells showed
pressed under it, at any time of a replay, the same for every front end.

A replay file of another clone (RMV, AVF, EVF) has its own mouse events; our own game has
the mouse events :func:`play.videos.evf.mouse_of_record` writes for its EVF file (the pointer's
recorded path where the page kept one, else each click at its cell's centre). Times are on
the game's clock, as the replay's frames are (a file's clock starts earlier: at its first
press, or its first move).

What shows pressed is what Windows Minesweeper shows: the cell under the pointer while the
left button alone is held, the block of nine around it while both are (or the middle one).

>>> from engine import BEGINNER, Move, Record
>>> record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.chord(4, 4), 1500)
>>> track = PointerTimeline.of_record(record)
>>> track.at(-5) is None, track.at(0)
(True, PointerState(x=4.5, y=4.5, buttons=0, pressed=None, block=False))
>>> track.at(1500).block, track.at(1499).x
(False, 4.5)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.grid import Spot
from engine.record import LEFT, MIDDLE, PATH_CELL_PX, RIGHT, Record

if TYPE_CHECKING:
    from play.videos.replay_files import ImportedGame
    from play.videos.replay_mouse import MouseEvent


@dataclass(frozen=True, slots=True)
class PointerState:
    """The pointer at one time: where (in cells from the board's top-left corner, so a
    front end draws it at any cell size), the buttons held (bits of
    :data:`~engine.record.LEFT`, ``RIGHT``, ``MIDDLE``), and the cell shown pressed
    (with the block around it when ``block``); None off the board or with no button."""

    x: float
    y: float
    buttons: int
    pressed: Spot | None
    block: bool

    @property
    def words(self) -> str:
        """The buttons held, as a player says them: ``left``, ``right``, ``both`` or ``""``."""
        held = self.buttons & (LEFT | RIGHT)
        if self.buttons & MIDDLE or held == LEFT | RIGHT:
            return "both"
        return {LEFT: "left", RIGHT: "right"}.get(held, "")


_PRESS = {"lc": LEFT, "rc": RIGHT, "mc": MIDDLE, "cc": LEFT | RIGHT}
_RELEASE = {"lr": LEFT, "rr": RIGHT, "mr": MIDDLE}
_TOGGLE = {"l": LEFT, "r": RIGHT, "m": MIDDLE}


class PointerTimeline:
    """A replay's pointer, asked for at any time (:meth:`at`)."""

    def __init__(
        self, events: Iterable[MouseEvent], cell_px: int, rows: int, cols: int, began: int = 0
    ) -> None:
        """``events`` on a clock where the game's starts at ``began``, over cells of
        ``cell_px`` pixels, on a board of ``rows`` by ``cols``."""
        self.rows, self.cols = rows, cols
        self._times: list[int] = []
        self._states: list[tuple[float, float, int]] = []
        buttons = 0
        for event in events:
            if event.kind in _PRESS:
                buttons |= _PRESS[event.kind]
            elif event.kind in _RELEASE:
                buttons &= ~_RELEASE[event.kind]
            elif event.kind in _TOGGLE:
                buttons ^= _TOGGLE[event.kind]
            elif event.kind == "pf":
                continue
            ms = max(event.ms - began, self._times[-1] if self._times else event.ms - began)
            self._times.append(ms)
            self._states.append((event.x / cell_px, event.y / cell_px, buttons))

    @classmethod
    def of_record(cls, record: Record) -> PointerTimeline:
        """Our own game's pointer (see the module's docstring)."""
        from play.videos.evf import mouse_of_record

        level = record.level
        return cls(mouse_of_record(record), PATH_CELL_PX, level.rows, level.cols)

    @classmethod
    def of_imported(cls, game: ImportedGame) -> PointerTimeline:
        """A replay file's pointer, from its own mouse events."""
        level = game.layout.level
        return cls(game.mouse, game.cell_px, level.rows, level.cols, game.began_ms)

    def __len__(self) -> int:
        return len(self._times)

    def at(self, ms: int) -> PointerState | None:
        """The pointer as it was at ``ms`` on the game's clock; None before its first event."""
        index = bisect_right(self._times, ms) - 1
        if index < 0:
            return None
        x, y, buttons = self._states[index]
        row, col = int(y // 1), int(x // 1)
        on_board = 0 <= row < self.rows and 0 <= col < self.cols and x >= 0 and y >= 0
        both = buttons & MIDDLE or buttons & (LEFT | RIGHT) == LEFT | RIGHT
        shows = on_board and (both or buttons & (LEFT | RIGHT) == LEFT)
        return PointerState(x, y, buttons, (row, col) if shows else None, bool(shows and both))
