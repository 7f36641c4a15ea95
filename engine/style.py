"""How a game was played: with flags, or none (NF, "no flags"), told from its moves.

A game won without placing a flag is an **NF** game, which the field ranks apart (Minesweeper
Arbiter's and minesweeper.online's best times have an NF list). A flag is placed by a mark
on a covered cell (a mark on a flag takes it off or makes it "?", a mark on "?" clears it);
the flags a won game shows on its mines were put there by the game, not the player.

>>> from engine import Layout, Move, TimedMove, new_game
>>> class DrawnGame:
...     moves = (TimedMove(Move.reveal(0, 2), 0), TimedMove(Move.mark(0, 0), 300))
...     def new_game(self):
...         return new_game(layout=Layout.from_text('*..\\n...\\n..*'))
>>> [str(move) for move in flag_placings(DrawnGame())], style(DrawnGame())
(['F0,0'], 'flagging')
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import tiles as t
from engine.game import Game, apply, with_question_marks
from engine.moves import Action, Move
from engine.record import Replayable

NF = "nf"
"""No flag placed in the whole game."""
FLAGGING = "flagging"
"""At least one flag placed."""
STYLES = (FLAGGING, NF)


def places_flag(game: Game, move: Move) -> bool:
    """Whether ``move`` on ``game`` places a flag: a mark on a covered cell of a game in
    play (a move the engine ignores places nothing).

    >>> from engine import new_game, BEGINNER
    >>> game = new_game(BEGINNER, seed=1)
    >>> places_flag(game, Move.mark(0, 0)), places_flag(game, Move.reveal(0, 0))
    (True, False)
    """
    return (
        move.kind is Action.MARK
        and not game.status.is_over
        and game.grid.contains(move.row, move.col)
        and game.tile(move.row, move.col) == t.COVERED
    )


def style(source: Replayable) -> str:
    """:data:`NF` when no flag was placed in ``source``'s game, else :data:`FLAGGING`. A
    game is an NF game when it is won in that style; a lost one is counted in the style it
    was played in up to its loss. Its moves are replayed only if one is a mark, and only up
    to the first flag placed: told once, when a game ends, at little cost."""
    marks = any(
        isinstance(timed.move, Move) and timed.move.kind is Action.MARK for timed in source.moves
    )
    return FLAGGING if marks and next(flag_placings(source), None) is not None else NF


def flag_placings(source: Replayable) -> Iterator[Move]:
    """Each move of ``source``'s game that places a flag, its moves replayed as far as
    the caller reads (:func:`style` reads the first one only)."""
    game = source.new_game()
    for timed in source.moves:
        event = timed.move
        if not isinstance(event, Move):
            game = with_question_marks(game, event.on)
            continue
        if places_flag(game, event):
            yield event
        game = apply(game, event).game
