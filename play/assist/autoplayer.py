"""The auto-player: the solver plays the session's game, a move a turn, until it stops.

An :class:`AutoPlayer` is a part the session holds: its switch, and the work of one
move (:meth:`AutoPlayer.move_steps`): the solver's thinking in slices, answering the move
that the session then plays the way a player's is, through its one way in for moves. It
stops when the game ends, when the player steps in, or when the solver has no move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Game, Move
from engine.steps import Pause, Steps, step

if TYPE_CHECKING:
    from play.assist.assistant import Assistant

NO_AUTO_MOVE = "Auto-play stopped: the solver has no move here."


@dataclass(frozen=True, slots=True)
class Stop:
    """The auto-player stops: its session turns it off, saying ``why`` if anything."""

    why: str | None = None


class AutoPlayer:
    """The solver's moves in a session, while :attr:`playing`. It plays nothing itself:
    it answers the move to play, and its session plays it."""

    def __init__(
        self, assistant: Assistant, game: Callable[[], Game], busy: Callable[[Game], bool]
    ) -> None:
        self.playing = False
        self._assistant = assistant
        self._game = game
        """The session's game in play, now (the player may move while the solver thinks)."""
        self._busy = busy
        """Whether a first reveal of the game is being prepared (it goes first)."""

    def _thinking(self) -> Steps[Move | Stop | None]:
        """The next move, worked out in slices, not played yet. A :class:`Stop` when the
        game ended or the solver has no move; None when the player stepped in (the work
        is dropped between two slices: the position is gone)."""
        game = self._game()
        if not self.playing or game.status.is_over:
            return Stop()
        thinking = self._assistant.next_move_steps(game)
        while (done := step(thinking)) is None:
            if self._game() is not game or not self.playing:
                return None
            yield None
        return Stop(NO_AUTO_MOVE) if done.value is None else done.value

    def move_steps(self) -> Steps[Move | Stop | None]:
        """The next move to play: worked out in slices, answered in a turn of its own (on
        a huge board the move alone, an opening of thousands of cells, takes a slice), to
        be played the way a player's move is (the no-guess search, a big board's mines
        dealt in slices). A :class:`Stop` once the auto-player stops; None, nothing to
        play, when the player moved meanwhile (the move was for a position that is gone)."""
        while self._busy(self._game()):
            yield Pause.TURN  # the player's first reveal is being prepared: it goes first
        game = self._game()
        move = yield from self._thinking()
        if not isinstance(move, Move):
            return move
        yield Pause.TURN
        if self._game() is not game or not self.playing:
            return None
        return move
