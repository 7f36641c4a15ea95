"""The mine chances drawn on a board's cells: each cell next to a number carries its own
``data-hint`` (and a class when it is proven safe or a mine); the chance shared by the
cells away from every number is drawn once under them (:mod:`web.board.chance_mask`).

Used by :class:`web.board.view.View`, which owns the cells: it says where a cell's element is
(``held``: None where a huge board's row holds none) and which rows it wrote anew.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from web.board.chance_mask import interior_mask
from web.page import ids

if TYPE_CHECKING:  # the solver loads on first use (see play.session)
    from play.assist import Overlay

Held = Callable[[int], Any]
"""The element of a cell, or None where the board holds none for it."""
Shown = tuple[int, str]
"""A cell's chance (percent) and its class ("" for neither safe nor a mine)."""


class ChanceMarks:
    def __init__(self, board: Any) -> None:
        self.board = board
        self.shown: dict[int, Shown] = {}
        """What each marked cell shows now."""
        self.wanted: dict[int, Shown] = {}
        """What each cell next to a number should show (the last overlay), for rows
        filled later."""
        self._interior: object = None
        self.on = False
        """Whether the last overlay drawn was one (else nothing is on the board to hide)."""

    def clear(self) -> None:
        """A new board: every cell is a new element, nothing marked."""
        self.shown = {}
        self.wanted = {}

    def draw(self, overlay: Overlay | None, held: Held) -> None:
        """Mine chances over the covered cells (None hides them).

        Cells marked last time and not now are cleared; cells of rewritten rows lost
        their attributes with the old elements and were forgotten (:meth:`forget_rows`).
        """
        self.on = overlay is not None
        self.board.classList.toggle(ids.SHOW_HINTS_CLASS, overlay is not None)
        self.board.classList.toggle(ids.ESTIMATED_CLASS, overlay is not None and not overlay.exact)
        wanted: dict[int, Shown] = {}
        if overlay is not None:
            for cell, chance in overlay.cells.items():
                kind = (
                    ids.HINT_SAFE_CLASS
                    if cell in overlay.safe
                    else ids.HINT_MINE_CLASS
                    if cell in overlay.mines
                    else ""
                )
                wanted[cell] = (chance, kind)
            if self._interior != overlay.interior:
                self._interior = overlay.interior
                self.board.style.setProperty("--interior-mask", interior_mask(overlay.interior))
        self.wanted = wanted
        for cell in [c for c in self.shown if c not in wanted]:
            element = held(cell)
            if element is not None:
                element.removeAttribute("data-hint")
                element.classList.remove(ids.HINT_SAFE_CLASS, ids.HINT_MINE_CLASS)
            del self.shown[cell]
        for cell, shown in wanted.items():
            if self.shown.get(cell) != shown:
                self._mark(cell, shown, held)

    def forget_rows(self, rows: Iterable[int], cols: int) -> None:
        """``rows`` were written anew or emptied: their cells carry no marks."""
        gone = set(rows)
        self.shown = {c: shown for c, shown in self.shown.items() if c // cols not in gone}

    def mark_rows(self, rows: Iterable[int], cols: int, held: Held) -> None:
        """Mark ``rows`` (a huge board's, filled as they come near) from the last overlay."""
        drawn = set(rows)
        for cell, shown in self.wanted.items():
            if cell // cols in drawn:
                self._mark(cell, shown, held)

    def _mark(self, cell: int, shown: Shown, held: Held) -> None:
        element = held(cell)
        if element is None:  # drawn when its row is
            return
        chance, kind = shown
        element.setAttribute("data-hint", str(chance))
        element.classList.remove(ids.HINT_SAFE_CLASS, ids.HINT_MINE_CLASS)
        if kind:
            element.classList.add(kind)
        self.shown[cell] = shown
