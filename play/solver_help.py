"""The solver's help, as the session gives it: chances, hints and the auto-player's moves.

:class:`SolverHelp` is the part of :class:`play.session.Session` that asks the solver;
it lives here so that the session's own module stays about the game itself. The
solver is imported on first use: compiling it before the first click would only
delay a page's start.
"""

from __future__ import annotations

from collections.abc import Generator
from types import ModuleType
from typing import TYPE_CHECKING

from engine import Game, Move
from play.notice import GAME_OVER, Notice
from play.settings import Settings
from play.update import Input, Update

if TYPE_CHECKING:
    from play.assist import Hint, Overlay


class SolverHelp:
    """Mixed into the session: it relies on the session's game, settings, notice and
    assisted flag, and on its :meth:`play` and :meth:`save`."""

    game: Game
    notice: Notice | None
    assisted: bool
    auto_playing: bool

    @property
    def settings(self) -> Settings:
        raise NotImplementedError

    def play(self, move: Move, via: Input = Input.MOUSE) -> Update:
        raise NotImplementedError

    def save(self) -> None:
        raise NotImplementedError

    def overlay(self) -> Overlay | None:
        """The chances to draw, or None when they are off or the game is over."""
        if not self.settings.show_chances or self.game.status.is_over:
            return None
        shown: Overlay | None = _assist().overlay(self.game)
        return shown

    def overlay_steps(self) -> Generator[None, None, Overlay | None]:
        """:meth:`overlay` as a generator that yields between slices of the solver's work,
        for a front end that must stay responsive on huge boards.

        With the chances off it still works out the next hint once the player has asked
        for one in this game (and returns None): the hint then finds its move ready, and
        answers at once instead of analysing the position from scratch."""
        if self.game.status.is_over:
            return None
        if not self.settings.show_chances:
            if self.assisted:
                yield from _assist().prepare_steps(self.game)
            return None
        shown: Overlay | None = yield from _assist().overlay_steps(self.game)
        return shown

    def hint(self) -> Hint | None:
        """The best next move, its reason as the notice; the game becomes assisted."""
        if self.game.status.is_over:
            self.notice = Notice(GAME_OVER)
            return None
        found: Hint | None = _assist().hint(self.game)
        if found is None:
            self.notice = Notice("The solver has no move to suggest here.")
            return None
        self.assisted = True
        self.notice = Notice(found.reason)
        self.save()
        return found

    def start_auto(self) -> bool:
        """Let the solver play; False (and a notice why) when there is nothing to play."""
        if self.game.status.is_over:
            self.notice = Notice(GAME_OVER)
            return False
        self.auto_playing = True
        return True

    def stop_auto(self) -> None:
        self.auto_playing = False

    def auto_step(self) -> Update | None:
        """One move of the auto-player; None once it has stopped (the game ended, the
        player stepped in, or the solver has nothing useful left to play)."""
        from engine.solver.analysis import drain  # late, like the solver (see _assist)

        update: Update | None = drain(self.auto_steps())
        return update

    def auto_steps(self) -> Generator[None, None, Update | None]:
        """:meth:`auto_step` as a generator that yields while the solver thinks. If the
        game changed meanwhile (the player moved), the solver's move is dropped."""
        game = self.game
        move = yield from self.auto_move_steps()
        return None if move is None else self.auto_play(move, game)

    def auto_move_steps(self) -> Generator[None, None, Move | None]:
        """The auto-player's next move, worked out in slices, not played yet: a front end
        can let the page breathe between the thinking and the move (on a huge board the
        move itself, an opening of thousands of cells, is a slice of its own). None when
        the auto-player stops: the game ended, the player stepped in, or no move."""
        if not self.auto_playing or self.game.status.is_over:
            self.auto_playing = False
            return None
        game = self.game
        steps = _assist().next_move_steps(game)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                move: Move | None = done.value
                break
            if self.game is not game or not self.auto_playing:
                return None  # the player stepped in: drop the work for a position now gone
            yield
        if move is None:
            self.auto_playing = False
            self.notice = Notice("Auto-play stopped: the solver has no move here.")
        return move

    def auto_play(self, move: Move, game: Game) -> Update | None:
        """Play the auto-player's ``move``, worked out for ``game``; None (and nothing
        played) when the game is another by now or the auto-player has stopped."""
        if self.game is not game or not self.auto_playing or game.status.is_over:
            return None
        update = self.play(move, Input.SOLVER)
        if not update.changed and self.game.layout is not None:
            self.auto_playing = False  # a move that changed nothing would only repeat
        return update


def _assist() -> ModuleType:
    import play.assist

    return play.assist
