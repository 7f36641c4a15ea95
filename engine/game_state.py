"""A game as a value: its tiles, its status and its clicks (:class:`Game`), and what a move
gives back (:class:`Outcome`). Immutable: :mod:`engine.game`'s rules make the next game from
one and a move, and everything else only reads them.

>>> game = Game(Level(1, 3, 1), seed=7, tiles=bytes([t.COVERED, 1, 0]), flags=1)
>>> game.status.is_over, game.mines_left, game.tile(0, 1)
(False, 0, 1)
>>> print(game.to_text())
#1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine import tiles as t
from engine.first_click import FirstClick
from engine.grid import Grid
from engine.layout import Layout
from engine.level import Level


class Status(Enum):
    READY = "ready"
    """No cell revealed yet: the mines are not placed and the clock has not started."""
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"

    @property
    def is_over(self) -> bool:
        return self is Status.WON or self is Status.LOST


@dataclass(frozen=True, slots=True)
class Clicks:
    """Clicks made while the game was in play, for the statistics."""

    left: int = 0
    right: int = 0
    chord: int = 0
    effective: int = 0
    """Clicks that did the game some good, as the field counts them (ms-toollib's "ce",
    Arbiter's effective clicks): a reveal that opened a cell, a chord that opened cells (or
    a mine), and the first flag on each mine. Unflagging, a flag on a safe cell, a mine
    flagged again, a question mark and the reveal of a mine are clicks, but not effective."""

    @property
    def total(self) -> int:
        return self.left + self.right + self.chord

    def plus_wasted(self, more: Clicks) -> Clicks:
        """These clicks and ``more``, none of which did the game good: clicks released off
        the board, or losing clicks an Undo took back. One rule for every figure that counts
        clicks (the result line, the counters, the live line).

        >>> Clicks(3, 1, 0, 4).plus_wasted(Clicks(left=1, effective=1))
        Clicks(left=4, right=1, chord=0, effective=4)
        """
        return Clicks(
            self.left + more.left, self.right + more.right, self.chord + more.chord, self.effective
        )


@dataclass(frozen=True, slots=True)
class Game:
    level: Level
    seed: int
    tiles: bytes
    """What the player sees, one :mod:`engine.tiles` code per cell."""
    status: Status = Status.READY
    layout: Layout | None = field(default=None, repr=False)
    """None until the first reveal places the mines."""
    question_marks: bool = True
    no_guess: bool = False
    first_click: FirstClick = FirstClick.OPENING
    """What the first reveal is promised (see :mod:`engine.first_click`)."""
    flags: int = 0
    opened: int = 0
    clicks: Clicks = Clicks()
    flagged_mines: frozenset[int] = field(default=frozenset(), repr=False)
    """The mines flagged at least once: flagging one again is no effective click."""

    @property
    def grid(self) -> Grid:
        return self.level.grid

    @property
    def mines_left(self) -> int:
        """Mines minus flags, as the counter shows it: negative when over-flagged."""
        return self.level.mines - self.flags

    def tile(self, row: int, col: int) -> int:
        return self.tiles[row * self.level.cols + col]

    def to_text(self) -> str:
        """The board as the player sees it, one :func:`engine.tiles.char` per cell."""
        cols = self.level.cols
        chars = "".join(t.char(tile) for tile in self.tiles)
        return "\n".join(chars[i : i + cols] for i in range(0, len(chars), cols))


@dataclass(frozen=True, slots=True)
class Outcome:
    game: Game
    changed: tuple[int, ...] = ()
    """Cells whose tile differs from the game the move was applied to, in no set order."""
    message: str | None = None
    """Why the move changed no tile, or news the player should have (None otherwise)."""
