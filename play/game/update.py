"""Where a move came from, and what a session call changed: the values a front end hands to
the session and gets back.

The session reports every change as an :class:`Update`, delivered to whoever subscribed
(:meth:`play.session.Session.subscribe`): a front end draws in that one place, so no
command can leave the picture behind. A move that takes time (a no-guess board searched,
a big board's mines dealt, the auto-player's thinking) comes back as
:data:`engine.steps.Steps`: slices, and the :class:`engine.steps.Pause` a front end makes
between some of them.

>>> Input.TOUCH.value
'touch'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import Action, Game, Move
from engine import tiles as t


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


def interpret(game: Game, move: Move, via: Input, click_chords: bool) -> Move:
    """The move a gesture means on ``game``: on an open number, a reveal chords with touch
    and keys (no second button) or with click-to-chord on, and a finger's mark (a long
    press, or a tap in Flag mode) chords too.

    >>> from engine import Layout, apply, new_game
    >>> game = apply(new_game(layout=Layout.from_text("*...")), Move.reveal(0, 3)).game
    >>> interpret(game, Move.reveal(0, 1), Input.TOUCH, click_chords=False)
    Move(kind=<Action.CHORD: 'C'>, row=0, col=1)
    >>> interpret(game, Move.reveal(0, 1), Input.MOUSE, click_chords=False)
    Move(kind=<Action.REVEAL: 'O'>, row=0, col=1)
    """
    if move.kind is Action.CHORD or not game.grid.contains(move.row, move.col):
        return move
    tile = game.tile(move.row, move.col)
    if not t.is_open(tile) or tile == 0:
        return move
    if move.kind is Action.REVEAL and (via in (Input.TOUCH, Input.KEYS) or click_chords):
        return Move.chord(move.row, move.col)
    if move.kind is Action.MARK and via is Input.TOUCH:
        return Move.chord(move.row, move.col)
    return move
