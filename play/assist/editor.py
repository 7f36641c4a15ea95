"""The position editor: everything the solver can say about one position, in words.

A position comes from a text (:mod:`engine.position_text`), from the editor, or from a
game (what the player saw, never the layout). The editor reports, for that position:
every covered cell's exact chance of a mine (the mine total counted in), the cells
proven safe or mines with the proof in words (each cell's derivation from the board, as
the hint and the review word it: :mod:`play.review.proof_words`), the 50/50s and pseudo-50/50s,
the dead cells, the best move (the hint's), and the chance of winning with best play where
the position is small enough to search (:func:`engine.solver.endgame.win_chance`), or how
far the search went.
Numbers that no layout can satisfy are said first, with the cells that clash
(:mod:`engine.solver.clash`), and nothing else.

A :class:`PositionEditor` is an object the session holds: it keeps one board's
incremental analysis from one position to the next (a cell changed in the editor
solves again only the numbers it touched) and works in slices
(:meth:`PositionEditor.report_steps`), which a page runs between its frames.

It is long because the editor's report is one ordered list of findings, made in one pass.

>>> from engine.position_text import SeenPosition
>>> from engine.steps import drain
>>> report = drain(PositionEditor().report_steps(SeenPosition.parse("2 mines\\n###\\n121\\n...")))
>>> for finding in report.findings[:2]: print(finding.words)
Best move: open row 1, column 2: it is proven safe below.
Row 1, column 2 is safe: the 2 at row 2, column 2 needs 2 mines among row 1, column 1; row 1, \
column 2 and row 1, column 3, but row 1, column 2 and row 1, column 3, which the 1 at row 2, \
column 3 touches too, hold at most 1 mine (the 1 at row 2, column 3 needs only 1), so row 1, \
column 1 is a mine; the 1 at row 2, column 1 has its mine at row 1, column 1, so row 1, \
column 2 is safe.
>>> report.percent(0), report.percent(1)
(100, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from engine import tiles as t
from engine.grid import Grid, spot_name
from engine.position_text import SeenPosition
from engine.steps import Steps
from play.game.notice import capitalised, sentence

if TYPE_CHECKING:  # the solver loads on first use: a session holds an editor from its start
    from engine.solver import Analyser, Analysis, Clash, Position, WinChance

MOST_NAMED = 4
"""Cells named in one finding before they are counted instead."""
MOST_PROVEN = 12
"""Proven cells worded one by one; the rest are counted ("and 30 more safe cells")."""
WIN_STEPS = 300_000
"""The win-chance search's budget of steps (not seconds: the same answer everywhere); a
fraction of a second of CPython, so the page's one long slice stays short."""


_FIRST = ("estimate", "solved", "first-click", "best", "win", "fifty", "pseudo-fifty", "dead")
"""The findings said before the proofs of the proven cells, in this order."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the editor found, in a sentence, and the cells it is about."""

    kind: str
    """``clash``, ``safe``, ``mine``, ``fifty``, ``pseudo-fifty``, ``dead``, ``best``,
    ``win``, ``estimate``, ``solved`` or ``first-click``."""
    cells: tuple[int, ...]
    words: str


@dataclass(frozen=True, slots=True)
class Report:
    """What the solver says about one position."""

    position: SeenPosition
    chances: dict[int, float]
    """Every covered (or flagged) cell's chance of a mine; empty when the numbers clash."""
    safe: frozenset[int]
    mines: frozenset[int]
    dead: frozenset[int]
    fifties: tuple[tuple[int, int], ...]
    """The 50/50s, which the board marks (a pseudo-50/50 is a finding only)."""
    best: int | None
    """The cell the hint would open; None when nothing is left to open or the numbers clash."""
    clash: Clash | None
    exact: bool
    """False when a part of the board was too large to count: its chances are estimates."""
    findings: tuple[Finding, ...]
    interior: frozenset[int] = frozenset()
    """Covered cells away from every number: they all share one chance."""

    def percent(self, cell: int) -> int | None:
        """``cell``'s chance as a whole percentage (0 and 100 only when certain); None for
        a cell that is not covered."""
        from play.assist.assistant import percent

        chance = self.chances.get(cell)
        return None if chance is None else percent(chance)


WinSearch = Callable[["Position", "Analysis"], "WinChance"]
"""The exact win-chance search: :func:`win_search` in play, a stand-in in tests."""


def win_search(position: Position, analysis: Analysis) -> WinChance:
    """The endgame's exact chance of winning with best play
    (:func:`engine.solver.endgame.win_chance`), within the editor's budget of steps."""
    from engine.solver import win_chance

    return win_chance(position, budget=WIN_STEPS, analysis=analysis)


class PositionEditor:
    """The solver's view of positions set up by hand, one board at a time."""

    def __init__(self, win: WinSearch | None = None) -> None:
        self._analyser: Analyser | None = None
        self._win = win or win_search
        self.last: Report | None = None
        """The last report made (a page redraws it without asking again)."""

    def report_steps(self, position: SeenPosition) -> Steps[Report]:
        """The report on ``position``, in slices that yield between pieces of work."""
        from engine.solver import Analyser, InconsistentError

        grid = position.grid
        kept = self._analyser
        if kept is None or kept.grid != grid or kept.mines != position.mines:
            kept = self._analyser = Analyser(grid, position.mines)
        try:
            analysis = yield from kept.steps(position.tiles)
        except InconsistentError:
            self._analyser = None  # its state is that of a position no layout shows
            yield None
            report = _clashing(position)
        else:
            report = yield from self._report_steps(position, kept.position(), analysis)
        self.last = report
        return report

    def _report_steps(
        self, seen: SeenPosition, position: Position, analysis: Analysis
    ) -> Steps[Report]:
        from engine.solver import (
            choose,
            dead_cells_steps,
            fifty_pairs,
            hint_cell,
            side_by_side_fifties_steps,
        )
        from play.review.proof_words import explain
        from play.review.reasons import listed

        grid, tiles = seen.grid, seen.tiles
        findings: list[Finding] = []
        """What to look at first: the best move, the win chance, 50/50s, dead cells."""
        proofs: list[Finding] = []
        """Each proven cell and its proof, after them (there may be dozens)."""
        covered = [c for c, tile in enumerate(tiles) if t.is_covered(tile)]
        chances = {c: analysis.probability[c] for c in covered}
        if not analysis.exact:
            findings.append(
                Finding(
                    "estimate",
                    (),
                    "Part of the board is too large to count: its chances are estimates.",
                )
            )
        if covered and all(c in analysis.mines for c in covered):
            findings.append(
                Finding("solved", (), "Every covered cell is a mine: nothing is left to open.")
            )
        for kind, cells, what in (
            ("safe", analysis.safe, "is safe"),
            ("mine", analysis.mines, "is a mine"),
        ):
            # A flag on a proven mine is already right: only the rest are worth a word.
            proven = sorted(
                c
                for c in cells
                if tiles[c] == t.COVERED or (kind == "safe" and t.is_covered(tiles[c]))
            )
            for cell in proven[:MOST_PROVEN]:
                yield None
                proof = explain(grid, seen.mines, tiles, cell, kind == "mine")
                words = f"{spot_name(grid.row_col(cell))} {what}: {proof.words}"
                # The cell first (the cursor goes there), then every number its proof reads:
                # picked in the list, all of them are outlined on the board.
                proofs.append(Finding(kind, (cell, *proof.numbers), sentence(words)))
            if len(proven) > MOST_PROVEN:
                more = len(proven) - MOST_PROVEN
                noun = "safe cell" if kind == "safe" else "mine"
                proofs.append(
                    Finding(
                        kind,
                        tuple(proven[MOST_PROVEN:]),
                        f"And {more} more {noun}{'s' * (more != 1)}.",
                    )
                )
        yield None
        pairs, pseudo = yield from side_by_side_fifties_steps(position, analysis, tiles)
        fifties = sorted(set(fifty_pairs(position, analysis)) | set(pairs))
        for a, b in fifties:
            words = (
                f"{listed(grid, [a, b])} are a 50/50: one mine between them, and nothing can "
                "ever tell them apart"
            )
            findings.append(Finding("fifty", (a, b), sentence(capitalised(words))))
        for a, b in pseudo:
            words = (
                f"{listed(grid, [a, b])} are a pseudo-50/50: either both safe or a 50/50 that "
                "nothing can tell apart, so guessing one now costs nothing that waiting saves"
            )
            findings.append(Finding("pseudo-fifty", (a, b), sentence(capitalised(words))))
        dead = yield from dead_cells_steps(position, analysis)
        in_pairs = {c for pair in fifties for c in pair}
        if dead - in_pairs:
            shown = sorted(dead - in_pairs)
            one = len(shown) == 1
            words = (
                f"Dead cell{'' if one else 's'} (opening {'it' if one else 'one'} can tell "
                f"nothing new, only risk a mine): {listed(grid, shown)}"
            )
            findings.append(Finding("dead", tuple(shown), sentence(words)))
        yield None
        suggestion = choose(position, analysis)
        best = None if suggestion is None else suggestion.cell
        reason = "" if suggestion is None else suggestion.reason
        if suggestion is not None and suggestion.kind == "opening":
            reason = f"open {spot_name(grid.row_col(suggestion.cell))} first"
        if suggestion is not None and not suggestion.certain:
            yield None
            found = self._win(position, analysis)
            searched = hint_cell(found, analysis)
            if searched is not None and searched != best:
                # The exact search outranks the heuristics that chose first: the best
                # move is one of the first moves the win chance names (not a dead one).
                best, safety = searched, 1.0 - analysis.probability[searched]
                reason = (
                    f"no certain move: guess {spot_name(grid.row_col(best))} "
                    f"({safety:.0%} safe), one of the first moves that reach the best "
                    "chance of winning"
                )
            findings.extend(_win_findings(grid, found))
        if best is not None and suggestion is not None and suggestion.certain:
            # A proven cell's proof is one of the findings below: the best move points to
            # it rather than saying the engine's bare "no layout ... has a mine there".
            name = spot_name(grid.row_col(best))
            below = any(f.kind == "safe" and f.cells[:1] == (best,) for f in proofs)
            reason = f"open {name}: it is proven safe{' below' if below else ''}"
        if best is not None:
            findings.append(Finding("best", (best,), sentence(f"Best move: {reason}")))
        if not any(t.is_open(tile) or tile == t.MINE for tile in tiles) and best is not None:
            findings.append(_first_click(seen, chances))
        return Report(
            position=seen,
            chances=chances,
            safe=analysis.safe,
            mines=analysis.mines,
            dead=dead,
            fifties=tuple(fifties),
            best=best,
            clash=None,
            exact=analysis.exact,
            findings=(*sorted(findings, key=lambda f: _FIRST.index(f.kind)), *proofs),
            interior=analysis.interior,
        )


def _first_click(position: SeenPosition, chances: dict[int, float]) -> Finding:
    """The rule a position with nothing open is analysed under, in words: as any position,
    every layout of its mines equally likely, so its first click may hit a mine (a game's
    follows its board's first-click rule, :mod:`engine.first_click`: by default it opens an
    area, and its mines are placed after it, which no position shows).

    >>> words = _first_click(SeenPosition.covered(3, 3, 2), {c: 2 / 9 for c in range(9)}).words
    >>> print(words)  # doctest: +NORMALIZE_WHITESPACE
    Nothing is open, so this is analysed with no first-click rule: every way to place the 2
    mines counts the same, and a first click here may hit one (22% on each cell). In a game
    the first click follows the board's rule (by default it is safe and opens an area);
    these chances are not that click's.
    """
    from play.assist.assistant import percent

    shares = sorted({percent(chance) for chance in chances.values()})
    each = f"{shares[0]}% on each cell" if len(shares) == 1 else f"{shares[0]}% to {shares[-1]}%"
    mines = f"{position.mines} mine{'s' * (position.mines != 1)}"
    words = (
        "Nothing is open, so this is analysed with no first-click rule: every way to place "
        f"the {mines} counts the same, and a first click here may hit one ({each}). In a "
        "game the first click follows the board's rule (by default it is safe and opens an "
        "area); these chances are not that click's."
    )
    return Finding("first-click", (), words)


def _clashing(position: SeenPosition) -> Report:
    """The report on a position that no layout shows: the clash, and nothing else."""
    from engine.solver import Clash, find_clash

    clash = find_clash(position.grid, position.mines, position.tiles)
    if clash is None:  # the analysis and the clash finder disagree: say it plainly
        clash = Clash((), (), "no layout of mines fits these numbers")
    words = sentence(f"No layout fits: {clash.reason}")
    return Report(
        position=position,
        chances={},
        safe=frozenset(),
        mines=frozenset(),
        dead=frozenset(),
        fifties=(),
        best=None,
        clash=clash,
        exact=True,
        findings=(Finding("clash", clash.numbers + clash.cells, words),),
    )


def _win_findings(grid: Grid, found: WinChance) -> list[Finding]:
    """The win-chance search's answer in words (see ``engine.solver.endgame.WinChance``)."""
    from play.review.reasons import listed

    if found.complete and found.chance is not None:
        best = list(found.best)
        first = ""
        if len(best) == 1:
            first = f", opening {listed(grid, best)} first"
        elif len(best) > MOST_NAMED:
            first = f", opening any of {len(best)} cells first, such as {listed(grid, best[:2])}"
        elif best:
            first = f", opening any of {listed(grid, best)} first"
        words = f"Chance of winning with best play: {_share(found.chance)}{first}"
        return [Finding("win", tuple(found.best), sentence(words))]
    words = (
        f"The search for the chance of winning stopped ({found.reason}): it lies between "
        f"{_share(found.low)} and {_share(found.high)}"
    )
    return [Finding("win", (), sentence(words))]


def _share(chance: Fraction) -> str:
    """A chance as a percentage with the exact fraction when it is short.

    >>> _share(Fraction(3, 8)), _share(Fraction(1)), _share(Fraction(123456, 1000003))
    ('37.5% (3/8)', '100%', '12.3%')
    """
    shown = f"{float(chance) * 100:.1f}".removesuffix(".0") + "%"
    if chance.denominator == 1 or chance.denominator > 1000:
        return shown
    return f"{shown} ({chance.numerator}/{chance.denominator})"
