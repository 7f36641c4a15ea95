"""The one line of news the player sees above the board, and when it stops applying.

A notice lives until the next move, or until the game ends. A front end draws
:attr:`play.session.Session.notice` after every call; it never decides itself when
a notice goes.

>>> Notice("Row 3, column 4 is safe.", Until.NEXT_MOVE).text
'Row 3, column 4 is safe.'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Until(Enum):
    """When a notice stops applying."""

    NEXT_MOVE = "move"
    """A hint's reason, a move's news, "Finding a board…": the next move makes them stale."""
    GAME_OVER = "game"
    """A warning about this game's settings (a bad URL value): gone when the game ends."""


@dataclass(frozen=True, slots=True)
class Notice:
    text: str
    until: Until = Until.NEXT_MOVE


GAME_OVER = "The game is over: press the face (or F2) for a new one."
FINDING = "Finding a board that needs no guessing…"
