"""The solver's help for one session: chances, hints and the auto-player's moves.

A :class:`SolverHelp` is an object the session holds (and a test makes on its own): it
keeps the solver's analysis from move to move, works out the next hint ahead once the
player uses hints, and steps the auto-player's thinking in slices. It knows games, not
sessions: the session decides what its answers mean for the player (the notice, an
assisted game).

The solver is imported on first use: compiling it before the first click would only
delay a page's start.

>>> from engine import Move, new_game
>>> help = SolverHelp()
>>> help.hint(new_game(seed=1)).reason   # an untouched board: the opening
'First move: open row 5, column 5'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import Game, Move, Status
from engine.steps import Done, Steps, drain, step

if TYPE_CHECKING:
    from play.assist import Assistant, Hint, Overlay


def hint_assists(game: Game) -> bool:
    """Whether a hint on ``game`` helps the player, and so makes the game assisted.

    Not before the first reveal: no mine is placed yet, so all the hint says is where a
    first click opens best and how safe the board's first-click rule makes it, which tells
    nothing of the layout (a flag changes none of that). Every later hint reads the numbers.

    >>> from engine import apply, new_game
    >>> fresh = new_game(seed=1)
    >>> hint_assists(fresh), hint_assists(apply(fresh, Move.reveal(4, 4)).game)
    (False, True)
    """
    return game.status is not Status.READY


class SolverHelp:
    def __init__(self) -> None:
        self._assistant: Assistant | None = None
        self._reviewing: Assistant | None = None
        """The analysis of the positions of a game under review (see :meth:`review_overlay`)."""
        self._shown: tuple[object, Game, Hint] | None = None
        """The last hint shown, with the round and the position it was worked out for."""

    def show(self, found: Hint | None, round_: object, game: Game) -> None:
        """Have ``found`` on show for ``game`` of ``round_`` (None: no hint on show)."""
        self._shown = None if found is None else (round_, game, found)

    def shown(self, round_: object, game: Game) -> Hint | None:
        """The hint on show, if it was shown for this round's position: it stands until
        the position changes (a move that changes the board, another game), whatever is
        said meanwhile; once gone, it is forgotten (its position is not kept either)."""
        if self._shown is None:
            return None
        shown_round, shown_game, found = self._shown
        if shown_round is not round_ or (shown_game is not game and shown_game.tiles != game.tiles):
            self._shown = None
            return None
        return found  # same tiles in the same round: question marks switched, say

    @property
    def assistant(self) -> Assistant:
        """The solver's kept analysis; made, and the solver loaded, on first use."""
        if self._assistant is None:
            from play.assist import Assistant  # late: the solver is a third of our Python

            self._assistant = Assistant()
        return self._assistant

    def overlay_steps(self, game: Game, shown: bool, ahead: bool) -> Steps[Overlay | None]:
        """The chances to draw over ``game`` in slices, that yield between slices of the
        solver's work (a front end stays responsive on huge boards); None when they are
        not ``shown`` or the game is over.

        With the chances hidden it still works out the next hint when asked to look
        ``ahead`` (the player has asked for one in this game): the hint then finds its
        move ready, and answers at once instead of analysing the position from scratch."""
        if game.status.is_over:
            return None
        if not shown:
            if ahead:
                yield from self.assistant.prepare_steps(game)
            return None
        return (yield from self.assistant.overlay_steps(game))

    def overlay(self, game: Game) -> Overlay | None:
        """The chances over ``game`` at once; None once it is over."""
        return drain(self.overlay_steps(game, shown=True, ahead=False))

    def review_overlay(self, game: Game) -> Overlay | None:
        """The chances over ``game``, a position of a game under review, at once; None
        once it is over. An analysis of their own works them out: a review jumps between
        positions, which would throw away the one kept for the game being played."""
        if game.status.is_over:
            return None
        if self._reviewing is None:
            from play.assist import Assistant

            self._reviewing = Assistant()
        return self._reviewing.overlay(game)

    def hint(self, game: Game) -> Hint | None:
        """The best next move on ``game`` and why; None when the solver has none."""
        return drain(self.hint_steps(game))

    def hint_steps(self, game: Game) -> Steps[Hint | None]:
        """:meth:`hint` in slices, as the chances and the auto-player's moves are worked
        out: the solver's thinking yields between slices, and the answer is kept, so a
        :meth:`hint` on the same game then answers at once."""
        if game.status.is_over:
            return None
        return (yield from self.assistant.hint_steps(game))

    def move_steps(self, game: Game, wanted: Callable[[], bool]) -> Steps[Done[Move | None] | None]:
        """The auto-player's next move on ``game``, worked out in slices: ``Done(None)``
        when the solver has no move; None, the work dropped, as soon as ``wanted()`` is
        False between two slices (the player stepped in: the position is gone)."""
        steps = self.assistant.next_move_steps(game)
        while (done := step(steps)) is None:
            if not wanted():
                return None
            yield
        return done
