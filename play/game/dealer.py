"""What a first reveal needs before it is played, and the moves made while it waits.

A board's mines are placed at its first reveal, as its first-click rule asks
(:mod:`engine.first_click`). Most
boards place them at once; two kinds take a while, and a page must keep painting
meanwhile: a no-guess board is searched for (see :mod:`engine.solver.noguess`), and a
big board's mines are dealt in slices (:data:`DEALT_IN_SLICES`). The :class:`Dealer`,
one of the session's parts, does that work a slice at a time, holds the moves a player
makes meanwhile, and keeps the dealt game for the move it was dealt for. It knows games
and moves, not sessions: it answers the moves to play (:meth:`Dealer.moves_steps`), and
the session plays them (:meth:`play.session.Session.move_steps`).

>>> from engine import BEGINNER, Move, new_game
>>> dealer = Dealer(announce=print)
>>> dealer.preparing(new_game(BEGINNER, seed=1), Move.reveal(4, 4)) is None  # at once
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine import Action, Game, Move, deal_steps
from engine import tiles as t
from engine.steps import Pause, Steps
from play.game.input import Input
from play.game.notice import FINDING

DEALT_IN_SLICES = (1_000, 20_000)
"""Mines or cells from which a first reveal's mines are dealt in slices (see
:meth:`Dealer.preparing`): some 7 ms of a browser's time, where 9,000 mines take 60."""

Held = list[tuple[Move, Input]]
"""Moves handed over while a first reveal was prepared, in order, with how each was made."""


@dataclass(slots=True)
class Waiting:
    """A first reveal being prepared for its game, how it was made, and the moves made on
    it meanwhile."""

    game: Game
    via: Input
    moves: Held = field(default_factory=list)


def covered_cell(game: Game, move: Move) -> int | None:
    """The covered cell of ``game`` that ``move`` reveals, if it reveals one."""
    grid = game.grid
    if move.kind is not Action.REVEAL or not grid.contains(move.row, move.col):
        return None
    cell = grid.index(move.row, move.col)
    return cell if game.tiles[cell] == t.COVERED else None


class Dealer:
    """Prepares a first reveal in slices, holding the moves made meanwhile."""

    def __init__(self, announce: Callable[[str], None]) -> None:
        self._announce = announce
        """How the dealer tells the player a search has begun (the session's notice)."""
        self._dealt: tuple[Game, int, Game] | None = None
        """A game, the first reveal's cell, and that game with the mines the reveal places."""
        self._waiting: Waiting | None = None
        """The first reveal being prepared, if one is."""

    def moves_steps(self, game: Game, move: Move, via: Input) -> Steps[Held]:
        """The moves to play on ``game`` for ``move``, made with ``via``, once what it needs
        is ready: ``move`` first, then those handed over meanwhile, in order (most moves in
        the first slice, with nothing to wait for). A first reveal may need work first
        (:meth:`preparing`: "Finding…", a no-guess search, a big board's deal); a move
        handed over meanwhile is held, answered with no move at once, and follows it.
        What a gesture means changes no first reveal (a covered cell is no number to chord).

        >>> from engine import BEGINNER, Move, new_game
        >>> from engine.steps import drain
        >>> dealer = Dealer(announce=print)
        >>> steps = dealer.moves_steps(new_game(BEGINNER, seed=1), Move.reveal(4, 4), Input.MOUSE)
        >>> [(str(move), via.name) for move, via in drain(steps)]
        [('O4,4', 'MOUSE')]
        """
        if self.hold(game, move, via):
            return []
        preparing = self.preparing(game, move, via)
        held = [] if preparing is None else (yield from preparing)
        return [(move, via), *held]

    def busy_with(self, game: Game) -> bool:
        """Whether a first reveal on ``game`` is being prepared: moves on it must wait."""
        return self._waiting is not None and self._waiting.game is game

    def hold(self, game: Game, move: Move, via: Input) -> bool:
        """Keep ``move`` for after the first reveal being prepared on ``game``; False
        (nothing kept) when none is."""
        if self._waiting is None or self._waiting.game is not game:
            return False
        self._waiting.moves.append((move, via))
        return True

    def let_go(self, via: Input) -> bool:
        """Give up the first reveal being prepared, if ``via`` made it (the auto-player,
        stopped: its work is dropped with it): moves made from now on are not held for it,
        and the next first reveal is prepared afresh. Whether one was given up.

        >>> from engine import EXPERT, new_game
        >>> dealer, game = Dealer(announce=lambda _: None), new_game(EXPERT, no_guess=True)
        >>> steps = dealer.moves_steps(game, Move.reveal(8, 15), Input.SOLVER)
        >>> _ = next(steps)  # the auto-player's first reveal: the search begins
        >>> dealer.busy_with(game), dealer.let_go(Input.MOUSE), dealer.let_go(Input.SOLVER)
        (True, False, True)
        >>> dealer.busy_with(game)
        False
        """
        if self._waiting is None or self._waiting.via is not via:
            return False
        self._waiting = None
        return True

    def preparing(self, game: Game, move: Move, via: Input = Input.MOUSE) -> Steps[Held] | None:
        """What ``move`` (interpreted) on ``game`` needs before it is played, if anything:
        a search for a no-guess board, or a big board's mines dealt. Run to its end, the
        work answers the moves held meanwhile (see :meth:`hold`), to be played after it."""
        first = covered_cell(game, move)
        if first is None or game.layout is not None:
            return None
        mines, cells = DEALT_IN_SLICES
        if game.no_guess:
            work = self._searching()
        elif game.level.mines >= mines or game.level.cells >= cells:
            work = self._dealing(game, first)
        else:
            return None
        return self._waited(game, work, via)

    def _waited(self, game: Game, work: Steps[None], via: Input) -> Steps[Held]:
        """``work``, with moves on ``game`` held while it runs."""
        waiting = self._waiting = Waiting(game, via)
        try:
            yield from work
        finally:
            if self._waiting is waiting:
                self._waiting = None
        return waiting.moves

    def _searching(self) -> Steps[None]:
        """A no-guess board takes a moment to find: the notice says so, and paints first
        (the search itself runs as the move is played)."""
        self._announce(FINDING)
        yield Pause.PAINT

    def _dealing(self, game: Game, first: int) -> Steps[None]:
        """The mines ``game``'s first reveal at ``first`` places, dealt in slices (none in
        the event's own task) and kept for :meth:`dealt_for`. Nothing shows until then; a
        new game meanwhile leaves them unused."""
        yield None
        dealt = yield from deal_steps(game, first)
        self._dealt = (game, first, dealt)

    def dealt_for(self, game: Game, move: Move) -> Game | None:
        """``game`` with its mines dealt, if ``move`` is the first reveal they were dealt
        for; asked once, they are forgotten."""
        found, self._dealt = self._dealt, None
        if found is None or found[0] is not game:
            return None
        return found[2] if covered_cell(game, move) == found[1] else None
