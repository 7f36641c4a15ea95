"""The choices that shape a game and how it is played, as one immutable value.

The session holds the current :class:`Settings`; every change goes through the
session, which knows whether it takes effect at once or with the next game.

>>> s = Settings()
>>> s.level.name, s.question_marks, s.click_chords, s.no_guess
('beginner', True, False, False)
>>> s.custom_default
Level(rows=9, cols=9, mines=10)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import BEGINNER, Level

AUTO_DELAYS_MS = (600, 200, 40, 0)
"""Slow, Normal, Fast, Instant: pauses between the auto-player's moves."""


@dataclass(frozen=True, slots=True)
class Settings:
    level: Level = BEGINNER
    question_marks: bool = True
    """Marks cycle flag -> ? -> covered; without them flag -> covered."""
    click_chords: bool = False
    """A left click on an open number chords (touch and keys always do)."""
    flag_mode: bool = False
    """Taps flag and long presses reveal: for one-handed play on a phone."""
    no_guess: bool = False
    show_chances: bool = False
    """The solver's mine chances over every covered cell (an assisted game)."""
    auto_delay_ms: int = 200
    last_custom: Level | None = None
    """The player's last custom board, which the custom dialog offers again."""

    @property
    def custom_default(self) -> Level:
        """What the custom dialog is filled with: the last custom board, else the level."""
        return self.last_custom or self.level
