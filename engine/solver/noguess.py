"""Boards that can be cleared from the first click without ever guessing.

The method is Simon Tatham's "place, solve, perturb": place the mines at random
(never in the first click's 3x3 block), then play the board with the solver,
revealing only cells that are certainly safe. When the solver gets stuck, the
board is changed *where it is stuck* instead of being thrown away: one of the
undecided constraints (an open number's undecided neighbours) is either emptied
(its mines move elsewhere) or filled (mines move in from elsewhere), which makes
its cells certain; "elsewhere" prefers covered cells away from every open
number, so that what the solver has already seen changes as little as possible.
Solving then carries on from the cells already open.

Changing mines changes some open numbers, so the deductions made before a
change may no longer hold; a board is therefore accepted only after one final,
clean run from the first click (on the final layout) clears it with no guess.
If that run gets stuck, perturbing simply continues from there.

Everything is deterministic for a seed: there is no clock in the loop unless the
caller passes ``deadline_s``, so the same seed gives the same board on every
machine (the browser is slower, but makes the same board).

>>> mines = generate_no_guess(Level(9, 9, 10), seed=3, first_cell=40)
>>> len(mines), 40 in mines, clears_without_guessing(9, 9, mines, 40)
(10, False, True)
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from engine import tiles as t
from engine.first_click import FirstClick
from engine.grid import Grid
from engine.layout import Layout, generate, safe_zone
from engine.level import Level
from engine.rng import Rng
from engine.solver.analysis import Position
from engine.solver.budget import Budget, OutOfBudget
from engine.solver.components import ComponentCache

MAX_ATTEMPTS = 12
"""Fresh random placements tried before giving up."""
MAX_PERTURBATIONS = 400
"""Changes made to one placement before it is abandoned for a fresh one."""
MAX_WORK = 3_000_000
"""Total solver work allowed, counted as board cells per analysis (an expert board
costs 480 per analysis and is usually done in about 50 analyses). This bounds
huge boards, where every analysis is slow, without a clock."""
ENGINE_WORK = 1_000_000
"""The work budget of :func:`no_guess_layout`, the game's entry point: about 1 s of
CPython and 3 s of Pyodide at worst (a dense or huge custom board), an expert board
needing about 25,000. It is a count, not a clock, so that a seed gives the same board
on every machine, and a recorded no-guess game replays exactly."""


class _Board:
    """A layout being tuned plus what a player who only makes safe moves has opened."""

    __slots__ = ("cells", "grid", "mine", "neighbours", "tiles", "total")

    def __init__(self, grid: Grid, mines: Iterable[int], total: int) -> None:
        self.grid = grid
        self.cells = grid.size
        self.total = total
        self.neighbours = [grid.neighbours(c) for c in range(grid.size)]
        self.mine = bytearray(grid.size)
        for c in mines:
            self.mine[c] = 1
        self.tiles = bytearray([t.COVERED] * grid.size)

    def count(self, cell: int) -> int:
        mine = self.mine
        return sum(mine[n] for n in self.neighbours[cell])

    def reset(self) -> None:
        self.tiles = bytearray([t.COVERED] * self.cells)

    def reveal(self, cell: int) -> None:
        """Open a safe cell, flooding from zeros as the game does."""
        tiles, mine = self.tiles, self.mine
        stack = [cell]
        while stack:
            c = stack.pop()
            if tiles[c] != t.COVERED:
                continue
            if mine[c]:
                raise AssertionError("the solver called a mine safe")  # never: it is exact
            number = self.count(c)
            tiles[c] = number
            if number == 0:
                stack.extend(n for n in self.neighbours[c] if tiles[n] == t.COVERED)

    def refresh(self, changed: Iterable[int]) -> None:
        """Recompute open numbers around moved mines; open around any new zero."""
        tiles = self.tiles
        zeros = []
        for c in changed:
            for n in self.neighbours[c]:
                if tiles[n] <= 8:
                    tiles[n] = self.count(n)
                    if tiles[n] == 0:
                        zeros.append(n)
        for z in zeros:
            for n in self.neighbours[z]:
                if tiles[n] == t.COVERED:
                    self.reveal(n)

    def solved(self) -> bool:
        return sum(1 for x in self.tiles if x <= 8) == self.cells - self.total


def _solve(board: _Board, cache: ComponentCache, budget: Budget | None = None) -> Position | None:
    """Reveal certain cells until none is left: None when solved, else the stuck position.

    Each analysis spends the board's size from ``budget``, which raises
    :class:`~engine.solver.budget.OutOfBudget` when it runs out.
    """
    grid = board.grid
    while not board.solved():
        if budget is not None:
            budget.spend(grid.size)
        position = Position(grid, board.total, bytes(board.tiles), cache)
        analysis = position.analysis()
        safe = [c for c in sorted(analysis.safe) if board.tiles[c] == t.COVERED]
        if not safe:
            return position
        for c in safe:
            board.reveal(c)
    return None


def _perturb(board: _Board, position: Position, protected: set[int], rng: Rng) -> bool:
    """Change the layout where the solver is stuck so that it can go on; False if it cannot."""
    analysis = position.analysis()
    known_mines = analysis.mines
    stuck = sorted(
        (tuple(sorted(c for c in cells if c not in known_mines)), need)
        for cells, need in position.constraints()
    )
    tiles, mine = board.tiles, board.mine
    undecided = [
        c
        for c in range(board.cells)
        if tiles[c] == t.COVERED and c not in known_mines and c not in protected
    ]
    if not stuck:
        # Only cells touching no number are left (walled in by known mines): treat them
        # all as one group to empty or fill.
        stuck = [(tuple(undecided), sum(mine[c] for c in undecided))]
    cells = stuck[rng.below(len(stuck))][0]
    if not cells:
        return False
    group = set(cells)
    near_open = {n for c in range(board.cells) if tiles[c] <= 8 for n in board.neighbours[c]}
    outside = [c for c in undecided if c not in group]
    # Prefer moving mines to or from cells no open number sees: nothing visible changes.
    far = [c for c in outside if c not in near_open]
    near = [c for c in outside if c in near_open]
    rng.shuffle(far)
    rng.shuffle(near)
    pool = far + near
    to_clear = [c for c in cells if mine[c]]
    to_fill = [c for c in cells if not mine[c]]
    free = [c for c in pool if not mine[c]]
    taken = [c for c in pool if mine[c]]
    options = []
    if len(free) >= len(to_clear):
        options.append("clear")
    if len(taken) >= len(to_fill):
        options.append("fill")
    if not options:
        return False
    # Emptying is the usual fix (its cells then open); filling is for crowded endings.
    choice = options[0] if len(options) == 1 or rng.below(4) else options[1]
    changed: list[int] = []
    if choice == "clear":
        for c, target in zip(to_clear, free, strict=False):
            mine[c], mine[target] = 0, 1
            changed += [c, target]
    else:
        for c, source in zip(to_fill, taken, strict=False):
            mine[c], mine[source] = 1, 0
            changed += [c, source]
    board.refresh(changed)
    return True


def generate_no_guess(
    level: Level,
    seed: int,
    first_cell: int,
    *,
    rule: FirstClick = FirstClick.OPENING,
    rng: Rng | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    max_perturbations: int = MAX_PERTURBATIONS,
    max_work: int = MAX_WORK,
    deadline_s: float | None = None,
) -> frozenset[int] | None:
    """Mine cells for a ``level`` board the solver clears from ``first_cell`` with no guess.

    The 3x3 block around ``first_cell`` is mine-free (only ``first_cell`` itself
    when the board is too dense for that, as in :func:`engine.layout.safe_zone`); under
    the first-click rule ``rule`` :attr:`~FirstClick.SAFE` only ``first_cell`` is, and it
    may show a number (``NONE`` is the caller's: :func:`no_guess_layout`).
    ``rng`` defaults to ``Rng(seed)``. Returns None when ``max_attempts`` fresh
    placements of ``max_perturbations`` changes each, or ``max_work`` (see
    :data:`MAX_WORK`), or ``deadline_s`` seconds of wall-clock time if given, run
    out; the caller then makes a normal board. Without ``deadline_s`` the result
    depends on the arguments only.
    """
    grid = level.grid
    if not 0 <= first_cell < grid.size:
        raise ValueError(f"first cell {first_cell} is outside the {level.cols}x{level.rows} board")
    rng = Rng(seed) if rng is None else rng
    # Under NONE the caller has already drawn the first click safe: it is kept so.
    protected = set(safe_zone(level, first_cell, rule) or [first_cell])
    allowed = [c for c in range(grid.size) if c not in protected]
    stop = None if deadline_s is None else time.monotonic() + deadline_s
    cache = ComponentCache()
    budget = Budget(max_work)
    try:
        return _search(
            grid,
            level.mines,
            first_cell,
            rng,
            protected,
            allowed,
            cache,
            budget,
            max_attempts,
            max_perturbations,
            stop,
        )
    except OutOfBudget:
        return None


def _search(
    grid: Grid,
    mines: int,
    first_cell: int,
    rng: Rng,
    protected: set[int],
    allowed: list[int],
    cache: ComponentCache,
    budget: Budget,
    max_attempts: int,
    max_perturbations: int,
    stop: float | None,
) -> frozenset[int] | None:
    for _ in range(max_attempts):
        rng.shuffle(allowed)
        board = _Board(grid, allowed[:mines], mines)
        board.reveal(first_cell)
        clean = True  # this run started from the first click and nothing moved since
        for _ in range(max_perturbations):
            if stop is not None and time.monotonic() > stop:
                return None
            stuck = _solve(board, cache, budget)
            if stuck is None:
                if clean:
                    return frozenset(c for c in range(grid.size) if board.mine[c])
                # Solved, but with changes made on the way: check it from scratch; a
                # failure there is just another place to perturb.
                board.reset()
                board.reveal(first_cell)
                clean = True
                continue
            if not _perturb(board, stuck, protected, rng):
                break
            clean = False
    return None


def no_guess_layout(
    level: Level, seed: int, first: int, rule: FirstClick = FirstClick.OPENING
) -> Layout | None:
    """The engine's entry point: a no-guess :class:`Layout`, or None if none was found
    within :data:`ENGINE_WORK`.

    Under the first-click rule :attr:`~FirstClick.NONE` the first click is the one guess
    the rule makes: it is a mine exactly when it is one on the board the seed deals under
    that rule (a chance of the mine density), and that board is the game; else the
    board is searched for as under :attr:`~FirstClick.SAFE`, from the first click.

    >>> from engine.level import BEGINNER
    >>> lost = [s for s in range(40) if 40 in generate(BEGINNER, s, 40, FirstClick.NONE).mines]
    >>> no_guess_layout(BEGINNER, lost[0], 40, FirstClick.NONE).mines == generate(
    ...     BEGINNER, lost[0], 40, FirstClick.NONE).mines
    True
    """
    if rule is FirstClick.NONE:
        dealt = generate(level, seed, first, rule)
        if first in dealt.mines:
            return dealt
        rule = FirstClick.SAFE
    mines = generate_no_guess(level, seed, first, rule=rule, max_work=ENGINE_WORK)
    return None if mines is None else Layout(level, mines)


def clears_without_guessing(rows: int, cols: int, mines: Iterable[int], first_cell: int) -> bool:
    """True when the solver clears the board from ``first_cell`` using certain moves only."""
    mine_set = frozenset(mines)
    board = _Board(Grid(rows, cols), mine_set, len(mine_set))
    if board.mine[first_cell]:
        return False
    board.reveal(first_cell)
    return _solve(board, ComponentCache()) is None
