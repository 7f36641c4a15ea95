"""The solver: what the visible tiles say, the move to play, and boards that need no guess.

It sees only what a player sees (the board's shape, the mine total and the
tiles), never a layout. Imported on demand (``engine`` itself does not import
it): a front end asks it for hints, the game for no-guess boards.

- :func:`analyse` gives every covered cell's exact mine probability and the
  cells that are certain (:class:`Analysis`); tiles that no layout shows raise
  :class:`InconsistentError`. An :class:`Analyser` keeps one board's analysis up
  to date move by move, recomputing only what a move touched, in slices.
- :func:`best_move` gives the next move (a :class:`Suggestion`): a certain cell
  when there is one, else the best guess; :func:`opening_cell` is the first click.
- :func:`win_chance` gives the exact chance of winning from a position with best
  play and the first moves that reach it (a :class:`WinChance`), within a budget.
- :func:`generate_no_guess` and :func:`no_guess_layout` make boards that the
  solver clears from the first click with certain moves only, which
  :func:`clears_without_guessing` checks.
- For the review, the position editor and practice: :func:`choose` (the move, for an
  :class:`Analyser` kept move by move), :func:`derive` (a proof of a cell, step by step),
  :func:`find_clash` (why no layout fits), :func:`dead_cells_steps`, :func:`fifty_pairs`,
  :func:`side_by_side_fifties_steps` and :func:`hint_cell`. Outside the engine, the solver
  is reached through these names only (``tests/test_session_door.py``); the few small
  modules they add (derive, clash, dead) cost a tenth more to import in CPython, nothing in
  the page, whose memory snapshot holds every module.

The modules, each with one job:

- :mod:`~engine.solver.deduce`: the cheap certain deductions on the constraints;
- :mod:`~engine.solver.components`: enumerating what they leave, component by component;
- :mod:`~engine.solver.analysis`: combining the components into probabilities;
- :mod:`~engine.solver.incremental`: the same, kept up to date move by move;
- :mod:`~engine.solver.guess`: choosing a move, in order;
- :mod:`~engine.solver.lookahead`: the guess scored by what its number leads to;
- :mod:`~engine.solver.endgame`: perfect play once few layouts remain;
- :mod:`~engine.solver.noguess`: no-guess boards by place, solve, perturb;
- :mod:`~engine.solver.budget`: the step counts that bound the searches.

>>> from engine.grid import Grid
>>> from engine.tiles import from_char
>>> board = bytes(from_char(c) for c in "###" "121" "...")
>>> sorted(analyse(Grid(3, 3), 2, board).mines)
[0, 2]
>>> best_move(Grid(3, 3), 2, board).cell
1
"""

from engine.solver.analysis import Analysis, InconsistentError, Position, analyse
from engine.solver.clash import Clash, find_clash
from engine.solver.dead import dead_cells_steps
from engine.solver.derive import derive
from engine.solver.endgame import WinChance, hint_cell, win_chance
from engine.solver.fifty import fifty_pairs, side_by_side_fifties_steps
from engine.solver.guess import Suggestion, best_move, choose, first_click_risk, opening_cell
from engine.solver.incremental import Analyser
from engine.solver.noguess import clears_without_guessing, generate_no_guess, no_guess_layout

__all__ = [
    "Analyser",
    "Analysis",
    "Clash",
    "InconsistentError",
    "Position",
    "Suggestion",
    "WinChance",
    "analyse",
    "best_move",
    "choose",
    "clears_without_guessing",
    "dead_cells_steps",
    "derive",
    "fifty_pairs",
    "find_clash",
    "first_click_risk",
    "generate_no_guess",
    "hint_cell",
    "no_guess_layout",
    "opening_cell",
    "side_by_side_fifties_steps",
    "win_chance",
]
