"""What a session call changed: the value a front end gets back, to draw.

The session reports every change as an :class:`Update`, delivered to whoever subscribed
(:meth:`play.session.Session.subscribe`): a front end draws in that one place, so no
call can leave the picture behind. A move that takes time (a no-guess board searched,
a big board's mines dealt, the auto-player's thinking) comes back as
:data:`engine.steps.Steps`: slices, and the :class:`engine.steps.Pause` a front end makes
between some of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Game, Move


@dataclass(frozen=True, slots=True)
class Update:
    """What one session call did, for a front end to draw: the board from ``before`` to
    ``game``; everything else (notice, result, settings, clock) is read from the session."""

    before: Game
    """The position before the call: for a move, what the player saw when making it."""
    game: Game
    changed: tuple[int, ...] = ()
    """Cells whose tile changed: the only ones to redraw."""
    message: str | None = None
    """The engine's word on the move, e.g. why it changed nothing."""
    move: Move | None = None
    """The move played, as the session understood it (a tap on a number is a chord);
    None when the call played no move."""
    fresh: bool = False
    """Another game entirely (dealt, resumed, another level): draw it whole."""

    @property
    def counted(self) -> bool:
        """True when the game changed: for a move, that it is part of the game (the engine
        did not ignore it)."""
        return self.game is not self.before
