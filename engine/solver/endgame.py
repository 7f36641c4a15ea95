"""Perfect play when few layouts are left: search every sequence of guesses.

Late in a game the numbers often leave only a handful of layouts. Then the best
guess can be computed exactly: list every consistent layout (each equally
likely), and for every cell compute the chance of winning if it is revealed
next, recursively:

    win(S) = 1                                      if S holds one layout
    win(S) = sum |S_v| / |S| * win(S_v)             over the numbers v shown by
                                                    a cell safe in every layout of S
                                                    (a free move, taken first)
    win(S) = max over cells c of
             sum over v of |S_{c,v}| / |S| * win(S_{c,v})   otherwise

where ``S_{c,v}`` keeps the layouts in which ``c`` is safe and shows ``v``.

The search counts layouts won rather than chances: ``won(S) = |S| * win(S)`` is
a whole number (each layout of ``S`` is won or lost by the best strategy), and
``won(S)`` is the sum of ``won(S_v)`` over a move's outcomes. A set of layouts is
a bit set over the listed layouts (a Python int), so splitting it by a cell's
number is one ``&`` per number, whatever the number of layouts: the masks of
"cell ``c`` is safe and shows ``v``" are worked out once, with bit-sliced adders
over the neighbours' mine masks (the layouts and their bit sets:
:mod:`engine.solver.layout_sets`). States are memoised by their bit set,
candidates are tried safest first, and a candidate is dropped once its safe
layouts (an upper bound on what it can win) cannot beat the best found, or once
what its outcomes have won so far plus what the rest could win cannot.

A step budget keeps the worst case short; when it runs out the search says so
and how far it went (:class:`WinChance`), and a hint falls back to the heuristic.

>>> from engine.grid import Grid
>>> from engine.solver.analysis import Position
>>> from engine.tiles import from_char
>>> board = bytes(from_char(c) for c in "#1." "#1.")
>>> position = Position(Grid(2, 3), 1, board)
>>> analysis = position.analysis()
>>> found = win_chance(position, analysis=analysis)
>>> found.chance, found.best, found.complete, found.layouts
(Fraction(1, 2), (0, 3), True, 2)
>>> hint_cell(found, analysis)  # the one a hint shows: both are as safe, the first is
0
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from engine.solver.analysis import Analysis, Position
from engine.solver.budget import Budget, OutOfBudget
from engine.solver.layout_sets import by_number, list_layouts, mine_columns

LAYOUT_LIMIT = 1_000
"""A hint searches only when at most this many layouts remain. Raising it and
:data:`STEP_LIMIT` to 2,000 and 300,000 changed nothing measurable (5,000 expert games:
10 won only with, 14 only without), at four times the cost."""
STEP_LIMIT = 120_000
"""Work units (layouts listed, cells tried) a hint's search may spend before giving up:
at most 39 ms of CPython over 760 searches of 1,000 expert games (load average 4-6)."""
ANALYSIS_LAYOUTS = 20_000
"""The analysis editor's layout limit: a person waits for an answer a hint could not."""
ANALYSIS_STEPS = 2_000_000
"""A step budget for a person who asks (2 to 3.4 s of CPython on expert positions of
8,000 to 18,000 layouts, load average 3-5: a step's bit sets grow with the layouts;
300,000 steps took at most 0.47 s on them)."""
WON_STEPS = 4
"""What looking a position up costs, in steps (a step: one cell scanned): measured, a
call and a lookup take as long as about four cells' scan."""
MAX_DEPTH = 400
"""Moves deep at most: a chain longer than this is cut (counted as incomplete), which
keeps the recursion far inside Python's own limit."""


@dataclass(frozen=True, slots=True)
class WinChance:
    """The chance of winning from a position with best play, and how it was found.

    ``low <= chance <= high`` always holds for the true chance; when the search
    completed, ``low == high`` and ``chance`` is it exactly. When it stopped
    (``complete`` False), ``chance`` is None and the bounds say what is known:
    ``low`` is won by a strategy the search finished, ``high`` by no strategy at all.
    """

    chance: Fraction | None
    """The exact chance of winning with best play; None when the search had to stop."""
    best: tuple[int, ...]
    """Every cell whose opening now reaches ``chance`` (reading order); empty when the
    search stopped or nothing is left to open. When some cells are certainly safe,
    ``best`` lists those: opening a safe cell risks nothing and can only tell more
    (a guess may tie them, never beat them)."""
    complete: bool
    low: Fraction
    high: Fraction
    layouts: int | None
    """How many layouts fit what the player sees (None when too many to count exactly)."""
    steps: int
    """Work units spent (layouts listed, states and cells tried)."""
    states: int
    """Positions whose chance the search worked out (each remembered once)."""
    depth: int
    """The longest line of moves the search looked at (free moves and guesses)."""
    reason: str
    """Why the search stopped short, in words; empty when it completed."""
    dead: tuple[int, ...] = ()
    """The cells of ``best`` that are dead (:mod:`engine.solver.dead`): safe, each shows
    the one number it can, so opening one first only risks its mine. One may tie the best
    chance, but a cell that is not dead always reaches it too (open the dead cell last
    instead: nothing it shows was needed, and the others may prove it first), unless
    every undecided cell is dead: :func:`hint_cell` takes those last."""


def win_chance(
    position: Position,
    budget: int = ANALYSIS_STEPS,
    layout_limit: int = ANALYSIS_LAYOUTS,
    analysis: Analysis | None = None,
) -> WinChance:
    """The exact chance of winning from ``position`` with best play, and the moves that reach it.

    ``budget`` bounds the work (steps, never seconds: the same answer on every
    machine) and ``layout_limit`` the layouts listed; past either the answer is
    incomplete, with honest bounds. ``analysis`` is ``position.analysis()`` when
    the caller has it. Raises :class:`~engine.solver.InconsistentError` for tiles
    that no layout shows.

    A lone 50/50 is won half the time, whichever cell is opened:

    >>> from engine.grid import Grid
    >>> from engine.tiles import from_char
    >>> lone = Position(Grid(1, 3), 1, bytes(from_char(c) for c in "#1#"))
    >>> found = win_chance(lone)
    >>> found.chance, found.best, found.steps > 0
    (Fraction(1, 2), (0, 2), True)

    A budget too small to finish says so, with bounds (no first guess is safer than 1/2):

    >>> short = win_chance(lone, budget=1)
    >>> short.complete, short.chance, short.low, short.high, short.reason
    (False, None, Fraction(0, 1), Fraction(1, 2), 'the search ran out of its 1 steps')
    """
    if analysis is None:
        analysis = position.analysis()
    return _Endgame(position, analysis).solve(budget, layout_limit)


def worth_searching(analysis: Analysis, layout_limit: int = LAYOUT_LIMIT) -> bool:
    """True when few enough layouts remain for a hint to search them (:func:`win_chance`
    with :data:`STEP_LIMIT` steps, as :func:`engine.solver.guess.choose` does): its
    defaults suit a hint; an offline measurement (``benchmarks.solver --bound``) can
    afford larger limits."""
    # A large interior means astronomically many layouts; skip it before counting them.
    if not analysis.exact or len(analysis.interior) > 1000:
        return False
    return analysis.layout_count() <= layout_limit


def hint_cell(found: WinChance, analysis: Analysis) -> int | None:
    """The one cell a hint shows of a search's best moves: one that is not dead
    (``WinChance.dead``) where there is one, the safest, then the first in reading order (a
    safer guess loses no more often, and its number comes sooner). None when the search
    stopped or has nothing to open."""
    if not found.complete or not found.best:
        return None
    dead = set(found.dead)
    return min(found.best, key=lambda c: (c in dead, analysis.probability[c], c))


class _Endgame:
    """One position's layouts as bit sets, and the memoised search over them."""

    def __init__(self, position: Position, analysis: Analysis) -> None:
        self.position = position
        self.analysis = analysis
        self.work = Budget(0)
        self.allowed = 0
        self.depth = 0
        self.memo: dict[int, int] = {}
        self.size = 0
        self.openable: list[int] = []
        self.mine_of: list[int] = []
        """Per openable cell, the bit set of the layouts with a mine there."""
        self.outcomes: list[tuple[int, ...]] = []
        """Per openable cell, the layouts where it is safe, grouped by the number it shows."""

    def solve(self, budget: int, layout_limit: int) -> WinChance:
        """The :class:`WinChance`, searching with at most ``budget`` steps."""
        analysis = self.analysis
        self.work, self.allowed = Budget(budget), budget
        safe = tuple(sorted(analysis.safe))
        count = analysis.layout_count() if analysis.exact else None
        if count == 1 or all(p == 1.0 for p in analysis.probability.values()):
            return self._answer(Fraction(1), safe, count)  # nothing left to tell apart
        if count is None or count > layout_limit:
            what = "too many layouts to count" if count is None else _layouts_in_words(count)
            why = f"{what}, more than the {layout_limit:,} it lists"
            return self._stopped(Fraction(0), self._high(), count, why)
        # The cells whose opening may tell something: the undecided ones, and the safe
        # ones beside them (any other safe cell shows the same number in every layout).
        undecided = {c for c, p in analysis.probability.items() if 0.0 < p < 1.0}
        neighbours = self.position.neighbours
        beside = {c for c in analysis.safe if any(n in undecided for n in neighbours[c])}
        self.openable = sorted(undecided | beside)
        try:
            self._prepare()
            if safe:
                won = self._won(self.full, list(range(len(self.openable))), 0)
                return self._answer(Fraction(won, self.size), safe, count)
        except OutOfBudget as stop:
            return self._stopped(Fraction(0), self._high(), count, self._why(stop))
        return self._first_guess(count)

    def _high(self) -> Fraction:
        """An upper bound on the chance: a guess wins no more often than it is survived
        (worked out only for an answer cut short)."""
        if self.analysis.safe or not self.analysis.exact:
            return Fraction(1)
        if self.size and len(self.mine_of) == len(self.openable):
            # The layouts are listed: the safest cell's mines, counted on them.
            return Fraction(self.size - min(m.bit_count() for m in self.mine_of), self.size)
        return _best_safety(self.position, self.analysis)  # costs an analysis

    def _prepare(self) -> None:
        """List the layouts and work out every cell's masks."""
        layouts, enumerated = list_layouts(self.position, self.analysis, self.work)
        self.size = len(layouts)
        self.full = (1 << self.size) - 1
        mine_masks = mine_columns(layouts, len(enumerated))
        self._spend(len(enumerated))
        at = {c: i for i, c in enumerate(enumerated)}
        for c in self.openable:
            i = at.get(c)
            mine = mine_masks[i] if i is not None else 0
            around = [mine_masks[at[n]] for n in self.position.neighbours[c] if n in at]
            self.mine_of.append(mine)
            self.outcomes.append(tuple(by_number(around, self.full & ~mine)))
        self._spend(len(self.openable))

    def _first_guess(self, count: int) -> WinChance:
        """The first guess: every candidate that may be best is searched, ties kept."""
        best_won = -1
        best: list[int] = []
        pending = self.size  # safe layouts of the candidate being searched
        try:
            _, guesses, live = self._look(self.full, list(range(len(self.openable))))
            for k in guesses:
                safe_count = self._safe_count(self.full, k)
                if safe_count < best_won:
                    break
                pending = safe_count
                won = self._guess(self.full, k, best_won - 1, live, 1)
                if won > best_won:
                    best_won, best = won, [self.openable[k]]
                elif won == best_won:
                    best.append(self.openable[k])
        except OutOfBudget as stop:
            # The candidates not yet finished are no safer than the one being searched.
            low = Fraction(max(best_won, 0), self.size)
            high = min(self._high(), max(low, Fraction(pending, self.size)))
            return self._stopped(low, high, count, self._why(stop))
        # A cell whose safe layouts all show one number: dead (``WinChance.dead``).
        index = {cell: k for k, cell in enumerate(self.openable)}
        dead = tuple(c for c in sorted(best) if len(self.outcomes[index[c]]) == 1)
        return replace(
            self._answer(Fraction(best_won, self.size), tuple(sorted(best)), count), dead=dead
        )

    def _why(self, stop: OutOfBudget) -> str:
        if self.work.left < 0:
            return f"the search ran out of its {self.allowed} steps"
        return str(stop)

    def _steps(self) -> int:
        return min(self.allowed, self.allowed - self.work.left)

    def _answer(self, chance: Fraction, best: tuple[int, ...], count: int | None) -> WinChance:
        return WinChance(
            chance=chance,
            best=best,
            complete=True,
            low=chance,
            high=chance,
            layouts=count,
            steps=self._steps(),
            states=len(self.memo),
            depth=self.depth,
            reason="",
        )

    def _stopped(self, low: Fraction, high: Fraction, count: int | None, why: str) -> WinChance:
        return WinChance(
            chance=None,
            best=(),
            complete=False,
            low=low,
            high=high,
            layouts=count,
            steps=self._steps(),
            states=len(self.memo),
            depth=self.depth,
            reason=why,
        )

    def _spend(self, amount: int) -> None:
        self.work.spend(amount)

    def _look(self, state: int, live: list[int]) -> tuple[list[int], list[int], list[int]]:
        """One scan of the cells that may still matter in ``state`` (``live``, by number).

        Returns a free move's outcomes (empty when there is none), the undecided cells
        safest first, and the cells that may still matter below ``state``. A cell safe
        in every layout that tells none apart, or a mine in every one, is dropped for
        good: on any part of ``state`` it is the same.
        """
        self._spend(len(live))
        size = state.bit_count()
        undecided: list[tuple[int, int]] = []
        for at, k in enumerate(live):
            hit = state & self.mine_of[k]
            if not hit:
                parts = [part for g in self.outcomes[k] if (part := state & g)]
                if len(parts) > 1:
                    return parts, [], [k for _, k in undecided] + live[at + 1 :]
            elif hit != state:
                undecided.append((size - hit.bit_count(), k))
        kept = [k for _, k in undecided]
        undecided.sort(key=lambda x: (-x[0], x[1]))
        return [], [k for _, k in undecided], kept

    def _safe_count(self, state: int, k: int) -> int:
        return (state & ~self.mine_of[k]).bit_count()

    def _won(self, state: int, live: list[int], depth: int) -> int:
        """How many layouts of ``state`` the best strategy wins."""
        if state & (state - 1) == 0:
            return 1  # one layout left: everything is known
        self._spend(WON_STEPS)  # a position met again costs its lookup
        cached = self.memo.get(state)
        if cached is not None:
            return cached
        if depth > MAX_DEPTH:
            raise OutOfBudget(f"the search went more than {MAX_DEPTH} moves deep")
        free, guesses, live = self._look(state, live)
        if free:
            # A free move: a cell safe in every layout whose number tells some apart.
            self.depth = max(self.depth, depth + 1)
            won = sum(self._won(part, live, depth + 1) for part in free)
            self.memo[state] = won
            return won
        best = 0
        for k in guesses:
            if self._safe_count(state, k) <= best:
                break
            best = max(best, self._guess(state, k, best, live, depth + 1))
        self.memo[state] = best
        return best

    def _guess(self, state: int, k: int, beat: int, live: list[int], depth: int) -> int:
        """Layouts of ``state`` won by opening cell ``k`` then playing best; once the
        outcome cannot exceed ``beat``, some value at most ``beat`` is returned."""
        self._spend(len(self.outcomes[k]))
        self.depth = max(self.depth, depth)
        parts = [part for g in self.outcomes[k] if (part := state & g)]
        # The largest outcomes first: they settle soonest whether ``beat`` can be passed.
        parts.sort(key=int.bit_count, reverse=True)
        left = sum(part.bit_count() for part in parts)
        won = 0
        for part in parts:
            if won + left <= beat:
                return won  # even winning every layout left would not pass ``beat``
            left -= part.bit_count()
            won += self._won(part, live, depth)
        return won


def _layouts_in_words(count: int) -> str:
    """A layout count, short: a huge board's has thousands of digits (too many for
    ``str``, which refuses more than 4,300).

    >>> _layouts_in_words(25_000), _layouts_in_words(10**40 * 3)
    ('25,000 layouts', 'about 10^40 layouts')
    """
    if count < 10**6:
        return f"{count:,} layouts"
    digits = int((count.bit_length() - 1) * 0.30103)  # log10(2): the power of ten, about
    return f"about 10^{digits} layouts"


def _best_safety(position: Position, analysis: Analysis) -> Fraction:
    """The exact chance that the safest covered cell is safe (the analysis's are floats)."""
    cell = min(analysis.probability, key=lambda c: (analysis.probability[c], c))
    total = analysis.layout_count()
    return 1 - Fraction(position.count_if([cell], []), total)
