"""What the solver tells the player: the chances overlay, the hint and the auto-player's move.

Plain Python on the solver's public face (:mod:`engine.solver`), which sees the
tiles and the mine total only, exactly what the player sees. The session imports
this module on first use: the solver is a third of our Python.

The analysis is kept from one call to the next (an :class:`engine.solver.Analyser`
per board), so that after a move only what the move touched is computed again.
:func:`overlay_steps` and :func:`next_move_steps` are the same answers as
generators that yield between slices of work: a page runs them a slice at a time
and stays responsive on huge boards.

>>> from engine import Layout, Move, apply, new_game
>>> game = new_game(layout=Layout.from_text("*..\\n..."))
>>> next_move(game)  # nothing open yet: the solver's opening cell
Move(kind=<Action.REVEAL: 'O'>, row=1, col=1)
>>> game = apply(game, Move.reveal(1, 1)).game
>>> overlay(game).interior is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Generator
from dataclasses import dataclass

from engine import EXPERT, Game, Move, apply, new_game
from engine import tiles as t
from engine.solver import Analyser, Analysis, InconsistentError, Suggestion
from engine.solver.analysis import Position, drain
from engine.solver.guess import choose


@dataclass(frozen=True, slots=True)
class Overlay:
    """Mine chances to show over covered cells, as whole percentages."""

    cells: dict[int, int]
    """Percent for each covered cell next to a number (and for every cell when all share)."""
    safe: frozenset[int]
    mines: frozenset[int]
    interior: int | None
    """The one percentage shared by every covered cell away from the numbers, if any."""
    exact: bool
    """False when a part of the board was too large to count and its chances are estimates."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint button's answer: the cell to show and why, in words for the player."""

    cell: int
    certain: bool
    reason: str


def percent(probability: float) -> int:
    """A chance as a whole percentage; 0 and 100 only when certain.

    >>> percent(0.0), percent(0.001), percent(0.5), percent(0.999), percent(1.0)
    (0, 1, 50, 99, 100)
    """
    if probability <= 0.0:
        return 0
    if probability >= 1.0:
        return 100
    return min(99, max(1, round(probability * 100)))


_kept: Analyser | None = None
"""The last board's analysis, carried from one call to the next."""


def _analyser(game: Game) -> Analyser:
    """The kept analyser when it is for ``game``'s board, else a new one."""
    global _kept
    level = game.level
    if _kept is None or _kept.grid != game.grid or _kept.mines != level.mines:
        _kept = Analyser(game.grid, level.mines)
    return _kept


def analysis_steps(game: Game) -> Generator[None, None, Analysis | None]:
    """:func:`analysis_of` in slices."""
    if game.status.is_over:
        return None
    try:
        return (yield from _analyser(game).steps(game.tiles))
    except InconsistentError:
        return None


def analysis_of(game: Game) -> Analysis | None:
    """The solver's view of ``game``, or None when there is nothing to analyse."""
    return drain(analysis_steps(game))


def overlay_steps(game: Game) -> Generator[None, None, Overlay | None]:
    """:func:`overlay` in slices."""
    analysis = yield from analysis_steps(game)
    if analysis is None:
        return None
    yield
    interior = analysis.interior
    shared = analysis.interior_probability
    probability, tiles = analysis.probability, game.tiles
    # Every covered cell away from the interior is in one of these: no need to look at
    # the interior's cells one by one (most of a huge board).
    cells = {
        cell: percent(probability[cell])
        for cell in itertools.chain(analysis.frontier, analysis.safe, analysis.mines)
        if cell not in interior and t.is_covered(tiles[cell])
    }
    return Overlay(
        cells=cells,
        safe=analysis.safe,
        mines=analysis.mines,
        interior=None if shared is None or not interior else percent(shared),
        exact=analysis.exact,
    )


def overlay(game: Game) -> Overlay | None:
    """The chances to show over ``game``, or None when it is over."""
    return drain(overlay_steps(game))


_suggested: tuple[Game, Suggestion | None] | None = None
"""The last game asked about and the solver's move for it (a game never changes)."""


def _suggest_steps(game: Game) -> Generator[None, None, Suggestion | None]:
    """The solver's move for ``game`` (the centre on an untouched board), if any."""
    global _suggested
    if _suggested is not None and _suggested[0] is game:
        return _suggested[1]
    analysis = yield from analysis_steps(game)
    if analysis is None:
        return None  # over, or tiles no layout shows: never crash the game over a hint
    analyser = _analyser(game)
    if analyser.describes(game.tiles):
        suggestion = choose(analyser, analysis)
    else:
        # Another call moved the kept analysis on while this one finished: start afresh.
        suggestion = choose(Position(game.grid, game.level.mines, game.tiles), analysis)
    _suggested = (game, suggestion)
    return suggestion


def prepare_steps(game: Game) -> Generator[None, None, None]:
    """Work out, in slices, the move a hint on ``game`` will suggest, so that the hint
    can answer at once: the analysis is kept, and so is the move."""
    yield from _suggest_steps(game)


def next_move_steps(game: Game) -> Generator[None, None, Move | None]:
    """:func:`next_move` in slices."""
    suggestion = yield from _suggest_steps(game)
    return None if suggestion is None else _move_for(game, suggestion)


def next_move(game: Game) -> Move | None:
    """The auto-player's next move: flag a certain mine, else reveal the best cell.

    Certain mines are flagged as a careful player would (it makes the game
    readable as it is played); flags the player placed are ignored by the solver.
    """
    return drain(next_move_steps(game))


def _move_for(game: Game, suggestion: Suggestion) -> Move:
    grid = game.grid
    unflagged = sorted(m for m in suggestion.analysis.mines if game.tiles[m] != t.FLAGGED)
    if unflagged:
        return Move.mark(*grid.row_col(unflagged[0]))
    cell = suggestion.cell
    if game.tiles[cell] == t.FLAGGED or game.tiles[cell] == t.QUESTIONED:
        # A mark of the player's sits on the cell the solver wants: clear it first.
        return Move.mark(*grid.row_col(cell))
    return Move.reveal(*grid.row_col(cell))


def hint(game: Game) -> Hint | None:
    """The best next reveal for the hint button, with its reason.

    A flag of the player's on that cell is named: a certain safe cell under a flag
    means the flag is wrong, and any other must be unflagged before it is revealed.
    """
    suggestion = drain(_suggest_steps(game))
    if suggestion is None:
        return None
    reason = suggestion.reason[:1].upper() + suggestion.reason[1:]
    if game.tiles[suggestion.cell] == t.FLAGGED:
        reason = reason.rstrip(".") + (
            ". Your flag on it is wrong: remove it."
            if suggestion.certain
            else ". Remove your flag there first."
        )
    return Hint(suggestion.cell, suggestion.certain, reason)


WARM_UP_SEED = 1
"""The throwaway game :func:`warm_up_steps` plays: on expert its first guess comes early."""


def warm_up_steps() -> Generator[None, None, None]:
    """Let the solver think through a throwaway expert game, from its first move to its
    first guess, yielding after each move, then forget it (whatever board the player is
    on: the code to compile is the same, and expert bounds the work).

    A fresh page's WebAssembly runtime compiles code the first time it runs; without
    this, a player's first hint (measured: 9 to 33 ms on expert, against 1 to 3 ms for
    the next ones) would pay for it.
    """
    global _kept, _suggested
    game = new_game(EXPERT, seed=WARM_UP_SEED)
    yield from _suggest_steps(game)  # the first move: a hint on a fresh board takes this path
    yield
    grid = game.grid
    game = apply(game, Move.reveal(grid.rows // 2, grid.cols // 2)).game
    for _ in range(EXPERT.cells):
        suggestion = yield from _suggest_steps(game)
        yield
        if suggestion is None or not suggestion.certain or game.status.is_over:
            break
        game = apply(game, Move.reveal(*grid.row_col(suggestion.cell))).game
    _kept = _suggested = None
