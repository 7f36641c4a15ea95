"""The auto-player: the solver plays the session's game, a move a turn, until it stops.

An :class:`AutoPlayer` is a part the session holds: its switch, and the work of one
move (:meth:`AutoPlayer.move_steps`): the solver's thinking in slices, then the move
played the way a player's is, through the session's one way in for moves. It stops when
the game ends, when the player steps in, or when the solver has no move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from engine import Game, Move
from engine.steps import Pause, Steps, step
from play.game.channel import Update
from play.game.input import Input

if TYPE_CHECKING:
    from play.assist.assistant import Assistant

NO_AUTO_MOVE = "Auto-play stopped: the solver has no move here."


class AutoPlayerHost(Protocol):
    """What the auto-player needs of its session: the game, the way in for a move, and
    the command that stops it (with a notice why)."""

    @property
    def game(self) -> Game: ...

    def move_steps(self, move: Move, via: Input = Input.MOUSE) -> Steps[Update | None]: ...

    def stop_auto(self, why: str | None = None) -> None: ...


class AutoPlayer:
    """The solver's moves in a session, while :attr:`playing`."""

    def __init__(self, assistant: Assistant, busy: Callable[[Game], bool]) -> None:
        self.playing = False
        self._assistant = assistant
        self._busy = busy
        """Whether a first reveal of the game is being prepared (it goes first)."""

    def _thinking(self, session: AutoPlayerHost) -> Steps[Move | None]:
        """The next move, worked out in slices, not played yet. None when the auto-player
        stops: the game ended, the player stepped in (the work is dropped between two
        slices: the position is gone), or the solver has no move."""
        game = session.game
        if not self.playing or game.status.is_over:
            session.stop_auto()
            return None
        thinking = self._assistant.next_move_steps(game)
        while (done := step(thinking)) is None:
            if session.game is not game or not self.playing:
                return None
            yield None
        if done.value is None:
            session.stop_auto(NO_AUTO_MOVE)
        return done.value

    def move_steps(self, session: AutoPlayerHost) -> Steps[Update | None]:
        """The next move: worked out in slices, then played in a turn of its own (on a
        huge board the move alone, an opening of thousands of cells, takes a slice) the
        way a player's move is (the no-guess search, a big board's mines dealt in
        slices). None, and nothing played, once the auto-player has stopped, or when the
        player moved meanwhile (the solver's move was for a position that is gone)."""
        while self._busy(session.game):
            yield Pause.TURN  # the player's first reveal is being prepared: it goes first
        game = session.game
        move = yield from self._thinking(session)
        if move is None:
            return None
        yield Pause.TURN
        if session.game is not game or not self.playing:
            return None
        update = yield from session.move_steps(move, Input.SOLVER)
        if update is not None and not update.changed and session.game.layout is not None:
            session.stop_auto()  # a move that changed nothing would only repeat
        return update
