"""Where a move came from, and what it means on the board: the move and the :class:`Input`
a front end hands to the session, read by :func:`interpret` (a tap on a number is a chord).

>>> Input.TOUCH.value
'touch'
"""

from __future__ import annotations

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
