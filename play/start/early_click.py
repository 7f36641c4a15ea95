"""The player's first click, made while the page was still loading: played if it still fits.

Before Python runs, the page's skeleton (static/skeleton.js) draws the board it expects
Python to show and keeps the first reveal the player makes on it, as text::

    30x16/99;O8,15;mouse        the board (COLSxROWS/MINES), the move, the input

Once the session is open, the click is played only on the board it was made on, and only
while nothing has been played there: a fresh game (no move, no daily opening) of exactly
that size. Anything else, including text that does not read, is dropped without a word.

>>> from play.session import Session
>>> session = Session(seed=1)                       # a fresh beginner board
>>> early_move("9x9/10;O4,4;touch", session)
EarlyClick(level=Level(rows=9, cols=9, mines=10), move=Move(kind=<Action.REVEAL: 'O'>, row=4, \
col=4), via=<Input.TOUCH: 'touch'>)
>>> early_move("30x16/99;O4,4;mouse", session) is None     # another board
True
>>> _ = session.play(Move.reveal(0, 0))
>>> early_move("9x9/10;O4,4;mouse", session) is None       # not fresh any more
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Action, Game, Level, Move, Record, Status
from play.game.input import Input

if TYPE_CHECKING:
    from play.session import Session

INPUTS = {"mouse": Input.MOUSE, "touch": Input.TOUCH}
"""What the skeleton may say the click was made with."""


@dataclass(frozen=True, slots=True)
class EarlyClick:
    level: Level
    """The board the click was made on."""
    move: Move
    via: Input

    @classmethod
    def parse(cls, text: str) -> EarlyClick | None:
        """The click ``text`` describes, or None when it does not read as a kept reveal.

        >>> EarlyClick.parse("9x9/10;O0,8;mouse").move
        Move(kind=<Action.REVEAL: 'O'>, row=0, col=8)
        >>> [EarlyClick.parse(t) for t in ("9x9/10;F0,8;mouse", "9x9/10;O0,9;mouse",
        ...                                "9x9/10;O0,8;pen", "9x9/10", "", "x;y;z")]
        [None, None, None, None, None, None]
        """
        parts = text.split(";")
        if len(parts) != 3 or parts[2] not in INPUTS:
            return None
        try:
            level = Level.parse(parts[0])
            move = Move.parse(parts[1])
        except ValueError:
            return None
        if move.kind is not Action.REVEAL or not level.grid.contains(move.row, move.col):
            return None
        return cls(level, move, INPUTS[parts[2]])


def fits(click: EarlyClick, game: Game, record: Record, daily: str | None) -> bool:
    """True when ``click`` may be played on ``game``: the very board it was made on, of
    the same size, and still fresh (nothing played, not a daily board, whose first reveal
    is made for the player)."""
    return (
        daily is None
        and not record.moves
        and game.status is Status.READY
        and game.level == click.level
    )


def early_move(text: str | None, session: Session) -> EarlyClick | None:
    """The kept click that ``text`` describes, when it fits the session's game; else None."""
    click = None if text is None else EarlyClick.parse(text)
    if click is None or not fits(click, session.game, session.record, session.daily):
        return None
    return click
