"""Where a move came from, and what it did: the values a front end hands to the session
and gets back.

>>> Input.TOUCH.value
'touch'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import Game


class Input(Enum):
    """Where a move came from: a finger and a key have no second button."""

    MOUSE = "mouse"
    TOUCH = "touch"
    KEYS = "keys"
    TEXT = "text"
    """Typed coordinates (the terminal)."""
    SOLVER = "solver"


@dataclass(frozen=True, slots=True)
class Update:
    """What one move did, for a front end to draw."""

    before: Game
    game: Game
    changed: tuple[int, ...] = ()
    """Cells whose tile changed: the only ones to redraw."""
    message: str | None = None
    """The engine's word on the move, e.g. why it changed nothing."""

    @property
    def counted(self) -> bool:
        """True when the move is part of the game (the engine did not ignore it)."""
        return self.game is not self.before
