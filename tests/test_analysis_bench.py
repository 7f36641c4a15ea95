"""The position editor on known positions: chances, proofs, 50/50s, dead cells, clashes."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tiles as t
from engine.grid import Grid
from engine.position_text import SeenPosition
from engine.solver import analyse
from engine.solver.analysis import Analysis, Position
from engine.solver.clash import find_clash
from engine.solver.dead import dead_cells_steps
from engine.solver.fifty import fifty_pairs, forced_fifty
from engine.steps import drain
from play.assist.editor import PositionEditor, Report


def report_on(text: str, win: Any = None) -> Report:
    return drain(PositionEditor(win=win).report_steps(SeenPosition.parse(text)))


def kinds(report: Report) -> list[str]:
    return [finding.kind for finding in report.findings]


def test_the_one_two_one_proves_its_mines_and_its_safe_cell_in_words() -> None:
    report = report_on("2 mines\n###\n121\n...")
    assert report.safe == {1} and report.mines == {0, 2}
    assert [report.percent(c) for c in (0, 1, 2)] == [100, 0, 100]
    safe = next(f for f in report.findings if f.kind == "safe")
    assert safe.cells == (1, 3, 4, 5)  # the cell, then the numbers its proof reads: outlined
    assert safe.words.startswith("Row 1, column 2 is safe: the 2 at row 2, column 2")  # the 1-2-1
    assert report.best == 1 and report.clash is None


def test_every_covered_cell_has_its_exact_chance_with_the_mine_total_counted() -> None:
    # A 1 in a corner, and covered cells away from it: 2 mines in all.
    text = "2 mines\n####\n1###"
    report = report_on(text)
    exact = analyse(Grid(2, 4), 2, SeenPosition.parse(text).tiles)
    covered = [0, 1, 2, 3, 5, 6, 7]
    assert report.chances == {c: exact.probability[c] for c in covered}
    assert report.percent(3) != report.percent(0) and report.percent(4) is None


def test_a_flag_is_the_players_opinion_and_a_known_mine_is_counted() -> None:
    flagged = report_on("1 mine\n#F\n11")
    assert flagged.percent(1) == 50  # a flag reads as covered
    known = report_on("1 mine\n#*\n11")
    assert known.safe == {0} and known.percent(1) is None


def test_numbers_that_clash_are_said_with_the_fewest_numbers_and_their_cells() -> None:
    report = report_on("3 mines\n###\n131\n...")
    assert kinds(report) == ["clash"]
    assert report.clash is not None and report.clash.numbers == (4, 5)
    assert report.clash.cells == (0, 1, 2)
    assert report.findings[0].words == (
        "No layout fits: the 3 at row 2, column 2 and the 1 at row 2, column 3 cannot all "
        "be right: no way to place mines around them fits every one."
    )
    assert report.chances == {} and report.best is None


@pytest.mark.parametrize(
    ("text", "numbers", "words"),
    [
        ("2 mines\n*3#\n...", (1,), "the 3 at row 1, column 2 needs 2 more mines but has only 1"),
        ("2 mines\n**#\n1..", (3,), "the 1 at row 2, column 1 touches 2 known mines"),
        ("3 mines\n###\n121\n...", (), "3 mines are left to place, but the covered cells can"),
        ("3 mines\n#####\n#1#1#", (), "can hold at most 2 of them"),
        ("2 mines\n#####\n#1#1#", (), None),
    ],
)
def test_each_kind_of_clash_is_named(
    text: str, numbers: tuple[int, ...], words: str | None
) -> None:
    position = SeenPosition.parse(text)
    clash = find_clash(position.grid, position.mines, position.tiles)
    if words is None:  # a position some layout shows: no clash
        assert clash is None
        return
    assert clash is not None and clash.numbers == numbers and words in clash.reason


def test_the_clashing_set_is_minimal_each_number_is_needed() -> None:
    # Two far-apart clashes: only the first is named, and no number of it can go.
    position = SeenPosition.parse("4 mines\n###.###\n131.1.1\n.......")
    clash = find_clash(position.grid, position.mines, position.tiles)
    assert clash is not None and len(clash.numbers) == 2


def test_a_lone_pair_under_two_ones_is_a_fifty_and_both_cells_are_dead() -> None:
    report = report_on("1 mine\n##\n11")
    assert report.fifties == ((0, 1),)
    assert report.dead == {0, 1}
    assert "fifty" in kinds(report) and "dead" not in kinds(report)  # said once, as a 50/50


def test_fifty_pairs_lists_what_forced_fifty_picks_from() -> None:
    tiles = bytes(t.from_char(c) for c in "#1.#1.")
    position = Position(Grid(2, 3), 1, tiles)
    analysis = position.analysis()
    assert fifty_pairs(position, analysis) == [(0, 3)]
    assert forced_fifty(position, analysis) == 0


def test_a_pair_that_is_either_safe_or_a_fifty_is_a_pseudo_fifty() -> None:
    report = report_on("1 mine\n##\n#1")
    said = [finding.cells for finding in report.findings if finding.kind == "pseudo-fifty"]
    assert said == [(0, 1), (0, 2)]
    assert report.fifties == ()


def test_a_cell_whose_neighbours_are_all_settled_is_dead() -> None:
    # 0 and 2 share the 1's mine; 3 is safe by the mine total. Opening 0 or 2 shows a
    # number known in advance: dead. Opening 3 tells which: it is the move.
    report = report_on("1 mine\n#1##")
    assert report.dead == {0, 2} and report.safe == {3} and report.best == 3


def test_a_living_cell_is_not_dead() -> None:
    report = report_on("2 mines\n###\n#2#\n###")
    assert report.dead == frozenset()


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[Grid, int, bytes]:
    """Positions of real games: a layout, some cells opened."""
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    cells = rows * cols
    mines = draw(st.sets(st.integers(0, cells - 1), min_size=1, max_size=cells - 1))
    grid = Grid(rows, cols)
    opened = draw(st.sets(st.sampled_from(sorted(set(range(cells)) - mines))))
    tiles = bytes(
        sum(1 for n in grid.neighbours(c) if n in mines) if c in opened else t.COVERED
        for c in range(cells)
    )
    return grid, len(mines), tiles


def brute_numbers(grid: Grid, mines: int, tiles: bytes, cell: int) -> set[int]:
    """Every number ``cell`` can show when safe, by listing every layout."""
    from itertools import combinations

    covered = [c for c, tile in enumerate(tiles) if t.is_covered(tile)]
    shown: set[int] = set()
    for layout in combinations(covered, mines):
        chosen = set(layout)
        if cell in chosen:
            continue
        fits = all(
            tiles[c] == sum(1 for n in grid.neighbours(c) if n in chosen)
            for c, tile in enumerate(tiles)
            if tile <= 8
        )
        if fits:
            shown.add(sum(1 for n in grid.neighbours(cell) if n in chosen))
    return shown


@settings(max_examples=60, deadline=None)
@given(small_positions())
def test_dead_cells_are_exactly_the_undecided_cells_with_one_possible_number(
    case: tuple[Grid, int, bytes],
) -> None:
    grid, mines, tiles = case
    position = Position(grid, mines, tiles)
    analysis: Analysis = position.analysis()
    dead = drain(dead_cells_steps(position, analysis))
    for cell, chance in analysis.probability.items():
        if 0.0 < chance < 1.0:
            assert (cell in dead) == (len(brute_numbers(grid, mines, tiles, cell)) == 1)
        else:
            assert cell not in dead


def test_the_report_is_worked_out_in_slices() -> None:
    steps = PositionEditor().report_steps(SeenPosition.parse("2 mines\n###\n121\n..."))
    slices = 0
    try:
        while True:
            next(steps)
            slices += 1
    except StopIteration as done:
        assert isinstance(done.value, Report)
    assert slices > 3


def test_the_win_chance_is_said_when_the_endgame_search_answers() -> None:
    def search(position: Position, analysis: Analysis) -> Any:
        return SimpleNamespace(
            complete=True, chance=Fraction(1, 2), best=(0, 1), low=Fraction(1, 2),
            high=Fraction(1, 2), reason="", dead=(),
        )  # fmt: skip

    report = report_on("1 mine\n##\n11", win=search)
    win = next(f for f in report.findings if f.kind == "win")
    assert win.words == (
        "Chance of winning with best play: 50% (1/2), opening any of row 1, column 1 and "
        "row 1, column 2 first."
    )


def test_a_search_that_stopped_says_how_far_it_went() -> None:
    def search(position: Position, analysis: Analysis) -> Any:
        return SimpleNamespace(
            complete=False, chance=None, best=(), low=Fraction(1, 4), high=Fraction(1, 2),
            reason="the search ran out of its 10 steps", dead=(),
        )  # fmt: skip

    report = report_on("2 mines\n###\n#2#\n###", win=search)
    win = next(f for f in report.findings if f.kind == "win")
    assert win.words == (
        "The search for the chance of winning stopped (the search ran out of its 10 steps): "
        "it lies between 25% (1/4) and 50% (1/2)."
    )


def test_a_certain_move_needs_no_win_search() -> None:
    def search(position: Position, analysis: Analysis) -> Any:
        raise AssertionError("searched")

    assert "win" not in kinds(report_on("2 mines\n###\n121\n...", win=search))


def test_the_editor_keeps_its_board_from_one_position_to_the_next() -> None:
    editor = PositionEditor()
    first = drain(editor.report_steps(SeenPosition.parse("2 mines\n###\n12#")))
    second = drain(editor.report_steps(SeenPosition.parse("2 mines\n###\n121")))
    assert editor.last is second and first.mines != second.mines
    # After a clash the next position is analysed afresh.
    drain(editor.report_steps(SeenPosition.parse("3 mines\n###\n131\n...")))
    assert drain(editor.report_steps(SeenPosition.parse("2 mines\n###\n121\n..."))).mines == {0, 2}


@st.composite
def seen_positions(draw: st.DrawFn) -> SeenPosition:
    """What a player may see of a real layout: some cells open, some mines known (``*``),
    some cells flagged (rightly or not)."""
    grid, mines, tiles = draw(small_positions())
    cells = [c for c, tile in enumerate(tiles) if tile == t.COVERED]
    marks = draw(
        st.lists(st.sampled_from([t.COVERED, t.FLAGGED]), min_size=len(cells), max_size=len(cells))
    )
    board = bytearray(tiles)
    for cell, mark in zip(cells, marks, strict=True):
        board[cell] = mark
    return SeenPosition(grid.rows, grid.cols, mines, bytes(board))


@settings(max_examples=60, deadline=None)
@given(st.lists(seen_positions(), min_size=1, max_size=4))
def test_the_kept_editor_gives_a_fresh_analysis_chances(positions: list[SeenPosition]) -> None:
    editor = PositionEditor()
    for position in positions:
        report = drain(editor.report_steps(position))
        fresh = analyse(position.grid, position.mines, position.tiles)
        assert report.chances == {c: fresh.probability[c] for c in report.chances}
        assert report.safe == fresh.safe and report.mines == fresh.mines


# --- the best move and the win chance against brute force -----------------------------------


def brute_win(grid: Grid, mines: int, tiles: bytes) -> tuple[Fraction, set[int]]:
    """The chance of winning with best play and every best cell to open now, worked out
    from nothing but the rules: every layout that fits what is shown (each as likely), and
    for each covered cell the chance of winning after opening it, by recursion over the
    numbers it may show (a zero's flood opens only cells safe anyway, so it changes
    nothing). Independent of the solver: no analysis, no endgame search."""
    from functools import cache
    from itertools import combinations

    known = [c for c, tile in enumerate(tiles) if tile == t.MINE]
    covered = [c for c, tile in enumerate(tiles) if t.is_covered(tile)]
    around = [set(grid.neighbours(c)) for c in range(grid.size)]

    def fits(chosen: set[int]) -> bool:
        return all(
            tile == len(around[c] & chosen) for c, tile in enumerate(tiles) if t.is_open(tile)
        )

    layouts = [
        frozenset(known) | frozenset(laid)
        for laid in combinations(covered, mines - len(known))
        if fits(set(known) | set(laid))
    ]

    def outcome(kept: frozenset[int], cell: int) -> Fraction | None:
        """The chance of winning from ``kept`` (layout numbers) after opening ``cell``;
        None when opening it can tell nothing (safe in all, the same number in all)."""
        shows: dict[int, list[int]] = {}
        for n in kept:
            if cell not in layouts[n]:
                shows.setdefault(len(around[cell] & layouts[n]), []).append(n)
        if len(shows) == 1 and sum(len(g) for g in shows.values()) == len(kept):
            return None
        won = sum((len(g) * win(frozenset(g)) for g in shows.values()), Fraction(0))
        return won / len(kept)

    @cache
    def win(kept: frozenset[int]) -> Fraction:
        if len(kept) == 1:
            return Fraction(1)
        chances = (outcome(kept, c) for c in covered)
        return max((chance for chance in chances if chance is not None), default=Fraction(0))

    start = frozenset(range(len(layouts)))
    chances = {c: outcome(start, c) for c in covered}
    best = win(start)
    return best, {c for c, chance in chances.items() if chance == best}


def check_best_move(report: Report, grid: Grid, tiles: bytes) -> None:
    """The report's best move, dead cells and win chance against :func:`brute_win`."""
    undecided = {c for c, chance in report.chances.items() if 0 < chance < 1}
    if report.best is not None and not undecided <= report.dead:
        assert report.best not in report.dead, report.findings
    if report.best is None:  # nothing to open: every covered cell is a mine
        assert all(chance == 1 for chance in report.chances.values())
        return
    if report.safe:
        assert report.best in report.safe
        return
    chance, best = brute_win(grid, report.position.mines, tiles)
    assert report.best in best, (report.best, best)
    (win,) = (finding for finding in report.findings if finding.kind == "win")
    assert set(win.cells) == best, (win.cells, best)
    shown = f"{float(chance) * 100:.1f}".removesuffix(".0") + "%"
    assert f"best play: {shown}" in win.words, (win.words, chance)


@pytest.mark.parametrize(
    ("rows", "cols", "mines"),
    [(3, 3, 2), (3, 3, 1), (3, 3, 3), (2, 2, 1), (2, 3, 2), (1, 3, 1), (2, 4, 2), (3, 4, 2)],
)
def test_an_untouched_tiny_board_gets_a_best_move_brute_force_agrees_with(
    rows: int, cols: int, mines: int
) -> None:
    position = SeenPosition.covered(rows, cols, mines)
    report = drain(PositionEditor().report_steps(position))
    check_best_move(report, position.grid, position.tiles)
    # The rule it is analysed under is said first: no first click is safe here.
    assert report.findings[0].kind == "first-click"
    assert f"the {mines} mine" in report.findings[0].words
    assert "may hit one" in report.findings[0].words


def test_the_centre_of_an_empty_3x3_with_2_mines_is_dead_and_not_the_best_move() -> None:
    """The position once reported: "Best move: open row 2, column 2" beside "Dead cell: row 2,
    column 2", and a win chance naming the four edges. Opened, the centre always shows 2."""
    report = report_on("2 mines\n###\n###\n###")
    assert report.dead == {4}
    assert report.best in {1, 3, 5, 7}
    win = next(f for f in report.findings if f.kind == "win")
    assert win.cells == (1, 3, 5, 7) and "66.7% (2/3)" in win.words
    best = next(f for f in report.findings if f.kind == "best")
    assert "row 2, column 2" not in best.words


def test_a_position_with_a_number_says_no_first_click_rule() -> None:
    assert "first-click" not in kinds(report_on("2 mines\n###\n#2#\n###"))
    assert "first-click" not in kinds(report_on("1 mine\n#*\n##"))


@settings(max_examples=60, deadline=None)
@given(small_positions())
def test_the_best_move_is_one_brute_force_finds_best(drawn: tuple[Grid, int, bytes]) -> None:
    from math import comb

    grid, mines, tiles = drawn
    covered = sum(1 for tile in tiles if t.is_covered(tile))
    if comb(covered, mines) > 120:
        return  # too many layouts for the brute force to list in a test's time
    position = SeenPosition(grid.rows, grid.cols, mines, tiles)
    check_best_move(drain(PositionEditor().report_steps(position)), grid, tiles)
