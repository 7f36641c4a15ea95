"""Every proof the game prints is a derivation that an independent checker accepts.

The derivations come from :mod:`engine.solver.derive`; the checker (:mod:`engine.proof_check`)
shares none of its reasoning, and is itself shown to reject bad derivations. Each proven cell
is also held to the exact solver's chances (0% or 100%), and the words printed by Hint, the
review and the analysis editor are the words of the checked derivation.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, Level, Move, apply, new_game
from engine.grid import Grid
from engine.position_text import SeenPosition
from engine.proof import Derivation, Rule, Step
from engine.proof_check import check
from engine.solver import analyse
from engine.solver.derive import derive
from engine.steps import drain
from play.assist.assistant import Assistant
from play.assist.editor import PositionEditor
from play.game.notice import capitalised, sentence
from play.review.proof_words import explain, spot
from play.review.proof_words import words as words_of
from play.review.reasons import Seen, why_mine, why_safe

OLD_WORDS = (
    "already touches",
    "is the only covered cell left for it",
    "global mine count",
    "only 1 are left",
    "1 known mines",
    "all 0 mines",
    " 1 mines",
    "1 more mines",
    "1 covered cells",
)
"""The circular and ill-agreeing words of the old explanations, never to come back."""


def position(text: str) -> SeenPosition:
    return SeenPosition.parse(text.replace("/", "\n"))


def proven(seen: SeenPosition) -> dict[int, bool]:
    """Each cell the exact solver proves, as cell -> is a mine."""
    grid = Grid(seen.rows, seen.cols)
    analysis = analyse(grid, seen.mines, seen.tiles)
    for cell in analysis.safe | analysis.mines:  # the oracle's own chances, 0% or 100%
        assert analysis.probability[cell] == (1.0 if cell in analysis.mines else 0.0)
    return {c: c in analysis.mines for c in analysis.safe | analysis.mines}


def checked(seen: SeenPosition, cell: int, mine: bool) -> Derivation:
    """The derivation the game prints for ``cell``, checked: it passes the checker and
    proves what the solver says."""
    grid = Grid(seen.rows, seen.cols)
    found = explain(grid, seen.mines, seen.tiles, cell, mine)
    assert found.derivation is not None, spot(grid, cell)
    assert found.derivation.proves == (cell, mine)
    assert check(grid, seen.mines, seen.tiles, found.derivation) is None
    assert not any(old in found.words for old in OLD_WORDS), found.words
    assert found.words.endswith(f"{spot(grid, cell)} {'is a mine' if mine else 'is safe'}") or (
        spot(grid, cell) in found.words.rsplit("; ", 1)[-1]
    )
    return found.derivation


def words(seen: SeenPosition, cell: int) -> str:
    grid = Grid(seen.rows, seen.cols)
    return explain(grid, seen.mines, seen.tiles, cell, proven(seen)[cell]).words


# The positions the old explanations got wrong ---------------------------------------------


def test_the_three_ones_against_a_wall_prove_without_leaning_on_each_other() -> None:
    seen = position("1 mines/.1#/.1#/.1#")
    facts = proven(seen)
    assert facts == {2: False, 5: True, 8: False}
    for cell, mine in facts.items():
        checked(seen, cell, mine)
    assert words(seen, 2) == (
        "the 1 at row 3, column 2 needs 1 mine among row 2, column 3 and row 3, column 3, all "
        "of them touching the 1 at row 2, column 2 too; that is every mine the 1 at row 2, "
        "column 2 needs, so row 1, column 3 is safe"
    )
    assert words(seen, 5).endswith(
        "; the 1 at row 1, column 2 needs 1 mine and, with row 1, column 3 safe, has only 1 "
        "covered cell left, so row 2, column 3 is a mine"
    )


def test_the_one_two_one_link_is_proven_from_the_two() -> None:
    seen = SeenPosition.parse_link("2:---/121/...")
    derivation = checked(seen, 1, False)
    first = derivation.steps[0]
    assert first.rule is Rule.PAIR and first.numbers[0] == 4  # the 2 starts it
    assert [s.cell for s in derivation.steps] == [0, 1]
    assert words(seen, 1) == (
        "the 2 at row 2, column 2 needs 2 mines among row 1, column 1; row 1, column 2 and row "
        "1, column 3, but row 1, column 2 and row 1, column 3, which the 1 at row 2, column 3 "
        "touches too, hold at most 1 mine (the 1 at row 2, column 3 needs only 1), so row 1, "
        "column 1 is a mine; the 1 at row 2, column 1 has its mine at row 1, column 1, so row "
        "1, column 2 is safe"
    )


# The classic patterns, on a wall: a covered back row that holds spare mines, the wall's
# row, its numbers, and open zeros behind ---------------------------------------------


def wall(mines_on_wall: set[int], cols: int, spare: int = 2) -> SeenPosition:
    numbers = "".join(
        str(sum(1 for c in (col - 1, col, col + 1) if c in mines_on_wall)) for col in range(cols)
    )
    total = len(mines_on_wall) + spare
    return position(f"{total} mines/{'#' * cols}/{'#' * cols}/{numbers}/{'.' * cols}")


def test_one_one() -> None:
    seen = wall({1, 4}, 5)  # 1 1 1 1 1
    derivation = checked(seen, 7, False)  # row 2, column 3
    assert [(s.rule, s.numbers) for s in derivation.steps] == [(Rule.PAIR, (11, 10))]


def test_one_two() -> None:
    seen = wall({0, 2}, 4)  # 1 2 1 1
    derivation = checked(seen, 6, True)  # row 2, column 3: the 2 needs it
    assert [(s.rule, s.numbers) for s in derivation.steps] == [(Rule.PAIR, (9, 8))]


def test_one_two_one() -> None:
    seen = wall({0, 2}, 3)  # 1 2 1
    derivation = checked(seen, 4, False)  # row 2, column 2
    assert derivation.steps[0].rule is Rule.PAIR and derivation.steps[0].numbers[0] == 7
    assert len(derivation.steps) == 2


def test_one_two_two_one() -> None:
    seen = wall({1, 2}, 4)  # 1 2 2 1
    for cell in (5, 6):  # both mines, each by one 1-2 from its own end
        derivation = checked(seen, cell, True)
        assert [s.rule for s in derivation.steps] == [Rule.PAIR]
    for cell in (4, 7):
        assert len(checked(seen, cell, False).steps) == 2


def test_a_mine_count_ending_names_the_count_and_its_cell() -> None:
    seen = position("1 mine/####1")
    derivation = checked(seen, 1, False)
    assert [s.rule for s in derivation.steps] == [Rule.ONE, Rule.TOTAL]
    assert words(seen, 1) == (
        "the 1 at row 1, column 5 needs 1 mine and has only 1 covered cell left, so row 1, "
        "column 4 is a mine; the board has 1 mine, found already, so row 1, column 2 is safe"
    )


def test_a_count_with_mines_left_names_the_numbers_and_the_cell() -> None:
    seen = position("3 mines/####/##3#")  # the 3 takes every mine: the far corner is safe
    assert [s.rule for s in checked(seen, 0, False).steps] == [Rule.TOTAL]
    assert words(seen, 0) == (
        "the board has 3 mines; every way to place them that fits the 3 at row 2, column 3 "
        "leaves row 1, column 1 clear, so row 1, column 1 is safe"
    )


# The checker can fail -------------------------------------------------------------------

ONE_TWO_ONE = SeenPosition.parse_link("2:---/121/...")
GRID = Grid(3, 3)


def rejected(*steps: Step) -> str | None:
    return check(GRID, 2, ONE_TWO_ONE.tiles, Derivation(steps))


def test_the_checker_rejects_a_circular_pair() -> None:
    # The reported words: the safe cell because of the mine, the mine because of the safe cell.
    safe = Step(1, False, Rule.ONE, (3,), facts=(1,))
    mine = Step(0, True, Rule.ONE, (3,), facts=(0,))
    assert rejected(safe, mine) == "step 1 cites step 2, which is not an earlier step"


def test_the_checker_rejects_a_premise_cited_before_it_is_proven() -> None:
    mine = Step(0, True, Rule.PAIR, (4, 5))
    safe = Step(1, False, Rule.ONE, (3,), facts=(0,))
    assert rejected(mine, safe) is None
    assert rejected(Step(1, False, Rule.ONE, (3,), facts=(1,)), mine) is not None
    assert rejected(Step(1, False, Rule.ONE, (3,), facts=(0,))) is not None  # itself


def test_the_checker_rejects_a_wrong_conclusion() -> None:
    assert rejected(Step(1, True, Rule.PAIR, (4, 5))) == (  # the 1-2-1's safe cell as a mine
        "step 1 does not follow: row 1, column 2 can be safe"
    )
    assert rejected(Step(0, True, Rule.ONE, (3,))) == (  # one number alone: a 50/50
        "step 1 does not follow: row 1, column 1 can be safe"
    )
    mine = Step(0, True, Rule.PAIR, (4, 5))
    assert rejected(mine, Step(2, False, Rule.ONE, (5,), facts=(0,))) == (
        "step 2 does not follow: row 1, column 3 can be a mine"
    )


def test_the_checker_rejects_what_is_not_on_the_board() -> None:
    assert (
        rejected(Step(0, True, Rule.ONE, (0,))) == "step 1 cites a cell that is not an open number"
    )
    assert rejected(Step(4, True, Rule.ONE, (3,))) == (
        "step 1 concludes about a cell that is not covered"
    )
    assert (
        rejected(Step(0, True, Rule.PAIR, (6,)))
        == "step 1 cites no number touching row 1, column 1"
    )
    assert check(GRID, 2, ONE_TWO_ONE.tiles, Derivation(())) is not None


def test_the_checker_counts_the_mines_left_only_when_the_total_is_cited() -> None:
    seen = position("1 mine/####1")
    grid = Grid(1, 5)
    mine = Step(3, True, Rule.ONE, (4,))
    by_count = Step(1, False, Rule.TOTAL, (4,), facts=(0,), total=True)
    assert check(grid, 1, seen.tiles, Derivation((mine, by_count))) is None
    without = Step(1, False, Rule.TOTAL, (4,), facts=(0,), total=False)
    assert check(grid, 1, seen.tiles, Derivation((mine, without))) is not None
    assert check(grid, 2, seen.tiles, Derivation((mine, by_count))) is not None  # 2 mines


# Every proof the game prints, on generated positions -------------------------------------

LEVELS = (Level(5, 5, 5), Level(6, 6, 8), Level(8, 8, 12), Level(9, 9, 10), Level(16, 16, 40))


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A game dealt by the engine, opened from a first click, played some proven moves on."""
    level = draw(st.sampled_from(LEVELS))
    game = new_game(level=level, seed=draw(st.integers(0, 10**6)))
    first = (draw(st.integers(0, level.rows - 1)), draw(st.integers(0, level.cols - 1)))
    game = apply(game, Move.reveal(*first)).game
    for _ in range(draw(st.integers(0, 30))):
        if game.status.is_over:
            break
        safe = sorted(analyse(game.grid, level.mines, game.tiles).safe)
        if not safe:
            break
        cell = safe[draw(st.integers(0, len(safe) - 1))]
        game = apply(game, Move.reveal(*game.grid.row_col(cell))).game
    return game


def seen_in(game: Game) -> SeenPosition:
    level = game.level
    return SeenPosition.seen_in(level.rows, level.cols, level.mines, game.tiles)


@settings(max_examples=60, deadline=None)
@given(games())
def test_every_proof_passes_the_checker_and_agrees_with_the_chances(game: Game) -> None:
    if game.status.is_over:
        return
    seen = seen_in(game)
    for cell, mine in proven(seen).items():
        checked(seen, cell, mine)


@settings(max_examples=15, deadline=None)
@given(games())
def test_the_analysis_editor_the_hint_and_the_review_print_the_checked_words(game: Game) -> None:
    if game.status.is_over:
        return
    seen = seen_in(game)
    grid = game.grid
    facts = proven(seen)
    for finding in drain(PositionEditor().report_steps(seen)).findings:
        if finding.kind in ("safe", "mine") and not finding.words.startswith("And "):
            cell, *numbers = finding.cells  # the cell, then the numbers its proof reads
            derivation = checked(seen, cell, facts[cell])
            assert tuple(numbers) == derivation.numbers  # each outlined when picked
            said = words_of(grid, seen.mines, seen.tiles, derivation)
            what = "is a mine" if facts[cell] else "is safe"
            assert finding.words == sentence(f"{capitalised(spot(grid, cell))} {what}: {said}")
    hint = drain(Assistant().hint_steps(game))
    if hint is not None and hint.certain:
        said = words_of(grid, seen.mines, seen.tiles, checked(seen, hint.cell, False))
        assert hint.reason == capitalised(f"{spot(grid, hint.cell)} is safe: {said}.")
    analysis = analyse(grid, seen.mines, seen.tiles)
    review = Seen(grid, seen.mines, seen.tiles, analysis)
    for cell, mine in facts.items():
        said = words_of(grid, seen.mines, seen.tiles, checked(seen, cell, mine))
        assert (why_mine if mine else why_safe)(cell, review) == said


def test_no_old_words_in_the_sources() -> None:
    """The circular explanations are gone from every producer (grep, as a reviewer would)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for folder in ("engine", "play", "terminal", "web"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text()
            for old in (
                "already touches",
                "the only covered cell left for it",
                "global mine count",
            ):
                assert old not in text, f"{path}: {old}"


# A pattern drill is proven by its own pattern ------------------------------------------


@pytest.mark.parametrize("kind", ["1-1", "1-2", "1-2-1", "1-2-2-1"])
def test_a_pattern_drill_is_proven_from_its_own_numbers(kind: str) -> None:
    """Where the pattern's numbers prove the cell, the proof reads them and nothing else
    (a 1-2-1 drill was once proven by the 3 beside it); a 1-2-1 starts from its 2."""
    from play.practice.bank import bank_drill
    from play.practice.checking import analysis_of, check
    from play.practice.proof import pattern_numbers

    proven_by_pattern = 0
    for seed in range(12):
        drill = bank_drill(kind, seed)
        window = pattern_numbers(drill)
        if window is None:  # the bank's fallback: a safe cell anywhere
            continue
        level = drill.level
        analysis = analysis_of(drill)
        for cell in sorted(set(drill.options) & analysis.safe):
            answer = check(drill, cell)
            alone = derive(level.grid, level.mines, drill.tiles, cell, window)
            if alone is None:
                continue
            proven_by_pattern += 1
            assert set(answer.numbers) <= set(window), (kind, seed, answer.proof)
            if kind == "1-2-1":
                assert window[1] in alone.steps[0].numbers  # the 2 in the first step
                assert answer.proof.startswith(f"the 2 at {spot(level.grid, window[1])}")
    assert proven_by_pattern >= 6


def test_a_known_mine_on_the_board_counts_for_its_numbers() -> None:
    seen = position("2 mines/*1#/##1/###")  # the * is the board's own, no step proves it
    derivation = checked(seen, 2, False)
    assert [(s.rule, s.numbers, s.facts) for s in derivation.steps] == [(Rule.ONE, (1,), ())]
    assert (
        words(seen, 2)
        == "the 1 at row 1, column 2 has its mine at row 1, column 1, so row 1, column 3 is safe"
    )
