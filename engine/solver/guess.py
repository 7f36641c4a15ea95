"""The next move to play: a certain one when there is one, else the best guess.

In order:

1. A cell that is safe in every consistent layout (:func:`engine.solver.analyse`).
2. The first move on an untouched board: the centre. Measured with
   ``benchmarks.solver`` (first reveal opens a zero): the centre wins as often as a
   corner on beginner and more often on expert (51.8% against 47.3%, 5000 games).
   (3, 3), JSMinesweeper's opening, wins more often, but the first click is the
   player's: the benchmark's conventions are in the README.
3. When at most :data:`engine.solver.endgame.LAYOUT_LIMIT` layouts remain: the
   guess with the best exact chance to win the game
   (:func:`engine.solver.endgame.win_chance`), when the search finishes within
   :data:`~engine.solver.endgame.STEP_LIMIT` steps; the suggestion keeps the search
   (``Suggestion.search``), finished or not. Measured in paired games:
   ``benchmarks.solver --paired endgame``.
4. An unavoidable 50/50, when there is one (:mod:`engine.solver.fifty`): it must
   be guessed sooner or later at the same odds, and guessing it first may let its
   number help. Measured in paired games: ``benchmarks.solver --paired fifty_first``.
5. Otherwise a one-move lookahead. The safest cell is not always the best
   guess: a guess is worth what it leads to. A cell whose number is already
   settled ("dead") tells nothing, while a slightly riskier cell whose number is
   likely to settle its neighbours may save every later guess. So each of the
   safest few cells (within :data:`CUTOFF` of the best, plus a few
   representatives of the cells away from all numbers) is scored:

       score(c) = P(c safe) * sum over numbers v of P(v | c safe) * next(v)

   where ``next(v)`` is 1 when the position after seeing ``v`` at ``c`` has a
   certainly safe cell that tells something new (progress without risk), and
   otherwise the safety of the best guesses then (see :func:`_outlook`). Both
   come from the exact solver run on the hypothetical position; the weights
   ``P(v | c safe)`` are ratios of exact layout counts. Dead candidates come
   last, and a candidate whose safety implies a safer candidate's safety yields
   to it. The approach follows the published "secondary safety" idea of
   David Hill's JSMinesweeper solver (reimplemented here, not copied).

   A candidate that would likely end up in a 50/50 if left for later (its
   "long-term risk", :func:`engine.solver.fifty.fifty_risk`) is worth guessing
   now, while it is safer than a coin toss: its score is multiplied by
   ``1 + RISK_WEIGHT * risk / P(c safe)``, as JSMinesweeper does.
   Measured in paired games: ``benchmarks.solver --paired fifty_risk``.

A work budget bounds the lookahead, and boards with more than
:data:`LOOKAHEAD_MAX_COVERED` covered cells get the safest cell directly.

The module is longer than most (some 410 lines, a seventh of them this docstring) because it is
the order above, whole: the lookahead of step 5 (its candidates, their outlook and their scores)
is most of it, and it reads the same analysis as the steps before it and gives its reason the
same way.

>>> from engine.grid import Grid
>>> from engine.tiles import from_char
>>> board = bytes(from_char(c) for c in "###" "121" "...")
>>> move = best_move(Grid(3, 3), 2, board)
>>> move.cell, move.certain, move.reason
(1, True, 'row 1, column 2 is safe: no layout that fits the numbers has a mine there')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from engine.grid import Grid, spot_name
from engine.solver.analysis import Analysis, Position, Situation
from engine.solver.endgame import (
    LAYOUT_LIMIT,
    STEP_LIMIT,
    WinChance,
    hint_cell,
    win_chance,
    worth_searching,
)
from engine.solver.fifty import fifty_risk, forced_fifty

FRONTIER_CANDIDATES = 10
"""How many of the safest cells next to numbers are scored by lookahead."""
INTERIOR_CANDIDATES = 6
"""How many cells away from all numbers are scored (they all share one probability)."""
CUTOFF = 0.9
"""Cells less safe than this fraction of the safest cell's safety are not scored."""
LOOKAHEAD_MAX_COVERED = 5_000
"""Boards with more covered cells get the safest cell instead of the lookahead, whose
hypotheses each cost time in proportion to the covered cells."""
WORK_BUDGET = 150_000
"""Backtracking steps the lookahead may spend on one guess; the safest candidates go first."""
SECOND = 0.2
"""Weight of the second-best living cell in a position's outlook (see :func:`_outlook`)."""
RISK_WEIGHT = 0.9
"""How much the chance of a later 50/50 on a cell adds to its score (see :func:`fifty_risk`)."""
PROGRESS_TIE = 0.001
"""A nudge towards guesses that more often lead to a certain move, for near-ties."""


@dataclass(frozen=True, slots=True)
class Tactics:
    """The guessing ideas that can be switched off, to measure what each is worth.

    ``benchmarks.solver --paired NAME`` plays the same games with and without one.
    """

    fifty_first: bool = True
    """Take an unavoidable 50/50 before any other guess (:mod:`engine.solver.fifty`)."""
    fifty_risk: bool = True
    """Favour guesses that would otherwise likely end up in a 50/50 (:func:`fifty_risk`)."""
    endgame: bool = True
    """Search the guess exactly when few layouts remain (:mod:`engine.solver.endgame`)."""


PLAY_BEST = Tactics()
"""Every idea that paid in paired games."""

MoveKind = Literal["certain", "opening", "endgame", "fifty", "safest", "lookahead"]
"""Which step of the order above chose a move (the module docstring's 1 to 5; ``safest``
is a board too large for the lookahead). ``benchmarks.solver --losses`` counts the
games lost by each kind of guess."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A cell to reveal and why."""

    cell: int
    certain: bool
    """True when the cell is safe in every layout that fits what the player sees."""
    safety: float
    """The probability that revealing the cell does not hit a mine."""
    reason: str
    analysis: Analysis
    """The analysis the choice was made from (its ``safe`` set lists every certain move)."""
    search: WinChance | None = None
    """The exact endgame search run for this guess, complete or not (None when the
    position had too many layouts to try it)."""
    kind: MoveKind = "lookahead"
    """Which step chose the move."""


def _where(grid: Grid, cell: int) -> str:
    return spot_name(grid.row_col(cell))


def best_move(grid: Grid, mines: int, tiles: bytes) -> Suggestion | None:
    """The cell to reveal next, from the visible tiles and the mine total only.

    None when no covered cell is left to reveal (all are mines). Raises
    :class:`engine.solver.InconsistentError` for tiles that no layout shows.

    >>> from engine.tiles import COVERED
    >>> move = best_move(Grid(1, 3), 1, bytes([COVERED, 1, COVERED]))  # a 50/50
    >>> move.certain, move.safety
    (False, 0.5)
    >>> best_move(Grid(1, 3), 1, bytes([COVERED, 1, 0])) is None  # only a mine is left
    True
    """
    position = Position(grid, mines, tiles)
    return choose(position, position.analysis())


def choose(
    position: Situation, analysis: Analysis, tactics: Tactics = PLAY_BEST
) -> Suggestion | None:
    """:func:`best_move` for a position already analysed.

    ``position`` may be a :class:`Position` or an incremental
    :class:`~engine.solver.incremental.Analyser`: the full position (for the
    endgame search and the lookahead's hypotheses) is asked for only when needed.
    """
    grid = position.grid
    if analysis.safe:
        # Any certain cell will do; prefer the one with most open neighbours (likely to
        # be where the player is looking), then reading order.
        cell = min(analysis.safe, key=lambda c: (-_open_neighbours(position, c), c))
        return Suggestion(
            cell,
            True,
            1.0,
            f"{_where(grid, cell)} is safe: no layout that fits the numbers has a mine there",
            analysis,
            kind="certain",
        )
    if not analysis.probability or min(analysis.probability.values()) == 1.0:
        return None  # nothing left to reveal: every covered cell is a mine
    if not analysis.frontier and not position_has_numbers(position):
        cell = opening_cell(grid)
        if cell not in analysis.probability:
            cell = min(analysis.probability)
        safety = 1.0 - analysis.probability[cell]
        why = f"first move: open {_where(grid, cell)}"
        return Suggestion(cell, False, safety, why, analysis, kind="opening")
    search = None
    if tactics.endgame and worth_searching(analysis, LAYOUT_LIMIT):
        search = win_chance(position.position(), STEP_LIMIT, LAYOUT_LIMIT, analysis)
        best = hint_cell(search, analysis)
        if best is not None and search.chance is not None:
            safety = 1.0 - analysis.probability[best]
            return Suggestion(
                best,
                False,
                safety,
                f"no certain move: guess {_where(grid, best)} ({safety:.0%} safe); "
                f"an exact search of the {search.layouts} remaining layouts gives it "
                f"the best chance to win: {float(search.chance):.0%}",
                analysis,
                search,
                "endgame",
            )
    best_safety = 1.0 - min(analysis.probability.values())
    if len(position.unknown) > LOOKAHEAD_MAX_COVERED:
        cell = _safest(analysis)
        return Suggestion(
            cell,
            False,
            best_safety,
            f"no certain move: guess {_where(grid, cell)}, "
            f"the safest cell ({best_safety:.0%} safe)",
            analysis,
            kind="safest",
        )
    fifty = forced_fifty(position.position(), analysis) if tactics.fifty_first else None
    if fifty is not None:
        safety = 1.0 - analysis.probability[fifty]
        return Suggestion(
            fifty,
            False,
            safety,
            f"no certain move: guess {_where(grid, fifty)} ({safety:.0%} safe), one of two cells "
            "that nothing will ever tell apart: it must be guessed sooner or later, so guess it "
            "now, while its number can still help",
            analysis,
            search,
            "fifty",
        )
    scored = _score_candidates(position.position(), analysis, tactics)
    score, safety, cell = max(scored, key=lambda x: (x[0], x[1], -x[2]))
    if safety >= best_safety - 1e-12:
        why = f"the safest cell ({safety:.0%} safe)"
    else:
        why = f"{safety:.0%} safe, not the safest ({best_safety:.0%}) but more likely to lead on"
    if score >= 0:
        outlook = f"chance to survive it and the next step {min(score, 1.0):.0%}"
    else:
        outlook = "it will tell nothing new, but it has to be guessed sooner or later"
    return Suggestion(
        cell,
        False,
        safety,
        f"no certain move: guess {_where(grid, cell)}, {why}; {outlook}",
        analysis,
        search,
    )


def _safest(analysis: Analysis) -> int:
    """The safest cell, preferring cells beside the numbers (they tell the most)."""
    prob = analysis.probability
    best = min(prob.values())
    frontier = [c for c in analysis.frontier if prob.get(c) == best]
    if frontier:
        return min(frontier)
    return min(c for c in analysis.interior if prob[c] == best)


def _open_neighbours(position: Situation, cell: int) -> int:
    return sum(1 for n in position.neighbours[cell] if n not in position.unknown)


def position_has_numbers(position: Situation) -> bool:
    return len(position.unknown) < position.grid.size


def opening_cell(grid: Grid) -> int:
    """Where to click first: the centre, where a guaranteed opening spreads furthest."""
    return grid.index(grid.rows // 2, grid.cols // 2)


def _candidates(position: Position, analysis: Analysis) -> list[int]:
    """The cells worth scoring: the safest ones, and a few away from all numbers."""
    prob = analysis.probability
    best_safety = 1.0 - min(prob.values())
    cutoff = CUTOFF * best_safety
    frontier = sorted(
        (c for c in analysis.frontier if c in prob and 1.0 - prob[c] >= cutoff),
        key=lambda c: (prob[c], c),
    )[:FRONTIER_CANDIDATES]
    chosen = list(frontier)
    p_int = analysis.interior_probability
    if p_int is not None and 1.0 - p_int >= cutoff:
        chosen += _interior_candidates(position, analysis)
    # Safest first (a stable sort keeps the order of equals), for the work budget.
    chosen.sort(key=prob.__getitem__)
    return chosen


def _interior_candidates(position: Position, analysis: Analysis) -> list[int]:
    """Representatives of the interior, whose cells all share one probability.

    Cells with few covered neighbours (corners, edges) most often show a zero and
    open an area; cells two steps from an open number can tell about the frontier
    without touching it. Take the best of each kind.
    """
    unknown = position.unknown
    neighbours = position.neighbours
    interior = analysis.interior
    grid = position.grid

    def covered_around(c: int) -> int:
        return sum(1 for n in neighbours[c] if n in unknown)

    near: set[int] = set()
    for c in analysis.frontier:
        row, col = grid.row_col(c)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, k = row + dr, col + dc
            if grid.contains(r, k) and grid.index(r, k) in interior:
                near.add(grid.index(r, k))
    by_opening = sorted(interior, key=lambda c: (covered_around(c), c))
    by_info = sorted(near, key=lambda c: (covered_around(c), c))
    half = INTERIOR_CANDIDATES // 2
    out: list[int] = []
    for c in by_opening[:half] + by_info + by_opening[half:]:
        if len(out) >= INTERIOR_CANDIDATES:
            break
        if c not in out:
            out.append(c)
    return out


def _is_living(cell: int, probability: dict[int, float], position: Position) -> bool:
    """False when the cell's number is already settled: revealing it would tell nothing."""
    for n in position.neighbours[cell]:
        p = probability.get(n)
        if p is not None and 0.0 < p < 1.0:
            return True
    return False


def _outlook(after: Analysis, position: Position) -> tuple[float, bool]:
    """(chance of surviving the next step, progress) for a position after a guess.

    Only *living* cells count: a cell whose number is already settled tells
    nothing when revealed (a dead safe cell is free, but leaves the same guess to
    make). The next step's chance blends the two best living cells,
    ``(1 - SECOND) * best + SECOND * second``: one good option is worth less than
    two, since the first may turn out to be dead-ended. Progress means a living
    certainly safe cell. Dead cells count only when nothing else is left.
    """
    prob = after.probability
    if not prob:
        return 1.0, True
    best: list[float] = []
    best_dead = 0.0
    progress = False
    for c in sorted(prob, key=prob.__getitem__):
        p = prob[c]
        if p == 1.0:
            break
        if _is_living(c, prob, position):
            best.append(1.0 - p)
            progress = progress or p == 0.0
            if len(best) == 2:
                break
        elif p > 0.0:
            best_dead = max(best_dead, 1.0 - p)
    if not best:
        return best_dead, False
    if len(best) == 1:
        return best[0], progress
    return (1.0 - SECOND) * best[0] + SECOND * best[1], progress


def _score_candidates(
    position: Position, analysis: Analysis, tactics: Tactics
) -> list[tuple[float, float, int]]:
    """(lookahead score, safety, cell) for each candidate guess.

    A candidate with a single possible number is dead: it can wait, since
    revealing it now changes nothing. Dead candidates score below every living
    one (score minus one), unless every candidate is dead.

    A candidate ``a`` is dominated by a safer candidate ``b`` that is certainly
    safe whenever ``a`` is (whatever ``a`` shows): ``b`` then carries less risk and
    loses nothing, because ``a`` can still be revealed after it. Such an ``a``
    hands its score to ``b``.
    """
    out: list[tuple[float, float, int]] = []
    implied: dict[int, frozenset[int]] = {}
    limit = position.work + WORK_BUDGET
    total_layouts: int | None = None
    for cell in _candidates(position, analysis):
        if out and position.work > limit:
            break  # keeps the worst case short; the safest candidates were scored first
        safety = 1.0 - analysis.probability[cell]
        covered = [n for n in position.neighbours[cell] if n in position.unknown]
        afters = [position.hypothesis(cell, number) for number in range(len(covered) + 1)]
        possible = [a for a in afters if a is not None]
        if not possible:
            continue
        # Every hypothesis about this cell leaves the same interior, so their layout
        # counts compare exactly relative to one binomial of it.
        reference = max(0, min(len(possible[0].interior), position.mines_left))
        counts = [a.relative_count(reference) for a in possible]
        total = sum(counts, Fraction(0))
        expected = 0.0
        progress = 0.0
        for after, count in zip(possible, counts, strict=True):
            weight = float(count / total)
            following, advanced = _outlook(after, position)
            expected += weight * following
            progress += weight * advanced
        score = safety * expected
        if tactics.fifty_risk:
            if total_layouts is None:
                total_layouts = analysis.layout_count()
            risk = fifty_risk(position, analysis, cell, total_layouts)
            score *= 1.0 + RISK_WEIGHT * risk / safety
        if len(possible) == 1:
            score -= 1.0
        implied[cell] = frozenset.intersection(*(a.safe for a in possible))
        out.append((score + PROGRESS_TIE * progress, safety, cell))
    safety_of = {cell: safety for _, safety, cell in out}
    for i, (score, safety, cell) in enumerate(out):
        better = [b for b in implied[cell] if safety_of.get(b, 0.0) > safety + 1e-9]
        if better:
            b = max(better, key=lambda c: (safety_of[c], -c))
            out[i] = (score, safety_of[b], b)
    if not out:
        # Cannot happen for a consistent position; stay total anyway.
        cell = min(analysis.probability, key=lambda c: (analysis.probability[c], c))
        out.append((1.0 - analysis.probability[cell], 1.0 - analysis.probability[cell], cell))
    return out
