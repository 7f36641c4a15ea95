"""The lookahead that chooses a guess when nothing is certain (step 5 of
:mod:`engine.solver.guess`): a one-move look at what each candidate's number leads to.

The safest cell is not always the best guess: a guess is worth what it leads to. A cell
whose number is already settled ("dead") tells nothing, while a slightly riskier cell whose
number is likely to settle its neighbours may save every later guess. So each of the safest
few cells (within :data:`CUTOFF` of the best, plus a few representatives of the cells away
from all numbers) is scored:

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

A work budget (:data:`WORK_BUDGET`) bounds it; the safest candidates are scored first.
Its numbers can be tried in paired games: ``benchmarks.solver --vary CUTOFF=0.8``.
"""

from __future__ import annotations

from fractions import Fraction

from engine.solver.analysis import Analysis, Position
from engine.solver.fifty import fifty_risk

FRONTIER_CANDIDATES = 10
"""How many of the safest cells next to numbers are scored by lookahead."""
INTERIOR_CANDIDATES = 6
"""How many cells away from all numbers are scored (they all share one probability)."""
CUTOFF = 0.9
"""Cells less safe than this fraction of the safest cell's safety are not scored."""
WORK_BUDGET = 150_000
"""Backtracking steps the lookahead may spend on one guess; the safest candidates go first."""
SECOND = 0.2
"""Weight of the second-best living cell in a position's outlook (see :func:`_outlook`)."""
RISK_WEIGHT = 0.9
"""How much the chance of a later 50/50 on a cell adds to its score (see :func:`fifty_risk`)."""
PROGRESS_TIE = 0.001
"""A nudge towards guesses that more often lead to a certain move, for near-ties."""


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


def score_candidates(
    position: Position, analysis: Analysis, with_fifty_risk: bool = True
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
        if with_fifty_risk:
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
