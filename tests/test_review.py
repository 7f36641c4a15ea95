"""The review: every verdict on hand-made games, and properties on random and solver games.

The hand-made boards are small enough to check by hand; the risks the review records are
also checked against a brute-force count of the layouts that fit what the player saw.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EXPERT, Game, Layout, Level, Move, Record, new_game
from engine import tiles as t
from engine.solver import Analyser
from engine.solver.guess import choose
from play.review import GUESSES, MoveReview, Verdict, review, review_moves
from tests.helpers import DrawnGame, drawn_game, shared_replay


def last(layout: str, *moves: str) -> MoveReview:
    return list(review_moves(drawn_game(layout, *moves)))[-1]


# After the first click at (0,3) this board shows:   # 1 . .     mines at (0,0) and (2,3)
#   (2,0), (2,1), (2,2) proven safe, (2,3) a mine,  # 1 1 1     (0,0) and (1,0) a 50/50
#                                                    # # # # #
BOARD = """
    *...
    ....
    ...*
"""


def test_certain_reveal_names_the_number_that_proves_it() -> None:
    move = last(BOARD, "O0,3", "O2,2")
    assert move.verdict is Verdict.CERTAIN and move.risk == 0.0
    assert move.reason == (  # the 1-1 on the left wall, then its cell named last
        "the 1 at row 1, column 2 needs 1 mine among row 1, column 1 and row 2, column 1, all "
        "of them touching the 1 at row 2, column 2 too; that is every mine the 1 at row 2, "
        "column 2 needs, so its other covered cells, row 3, column 1; row 3, column 2 and "
        "row 3, column 3, are all safe: row 3, column 3 is safe"
    )


def test_the_first_click_is_certain() -> None:
    assert last(BOARD, "O0,3").reason == "the first click is always safe"


def test_certain_flag_names_the_number_that_proves_it() -> None:
    move = last(BOARD, "O0,3", "F2,3")
    assert move.verdict is Verdict.CERTAIN
    assert move.reason.endswith(  # row 3, column 3 proven safe first, then the mine
        "row 3, column 3 is safe; the 1 at row 2, column 4 needs 1 mine and, with row 3, "
        "column 3 safe, has only 1 covered cell left, so row 3, column 4 is a mine"
    )


def test_needless_guess_names_the_safe_cell_and_its_proof() -> None:
    move = last(BOARD, "O0,3", "O1,0")
    assert move.verdict is Verdict.NEEDLESS and move.risk == 0.5 and move.safe_cell == (2, 0)
    assert move.reason == (
        "opening row 2, column 1 risked 50% while row 3, column 1 was proven safe: the 1 at "
        "row 1, column 2 needs 1 mine among row 1, column 1 and row 2, column 1, all of them "
        "touching the 1 at row 2, column 2 too; that is every mine the 1 at row 2, column 2 "
        "needs, so its other covered cells, row 3, column 1; row 3, column 2 and row 3, "
        "column 3, are all safe: row 3, column 1 is safe"
    )


def test_opening_a_proven_mine_is_a_blunder() -> None:
    move = last(BOARD, "O0,3", "O2,3")
    assert move.verdict is Verdict.BLUNDER and move.risk == 1.0 and move.survival == 0.0
    assert move.reason.startswith(
        "row 3, column 4 was a proven mine: the 1 at row 1, column 2 needs 1 mine"
    )


def test_a_flag_on_a_proven_safe_cell_is_a_blunder_without_risk() -> None:
    move = last(BOARD, "O0,3", "F2,1")
    assert move.verdict is Verdict.BLUNDER and move.risk == 0.0
    assert move.reason.startswith("a flag on a proven-safe cell: ")


def test_a_chord_is_certain_when_everything_it_opens_is_proven_safe() -> None:
    move = last(BOARD, "O0,3", "F2,3", "C1,3")
    assert move.verdict is Verdict.CERTAIN
    assert (
        move.reason == "its flags are on proven mines, so it opens only safe cells: row 3, column 3"
    )


def test_a_chord_around_a_wrong_flag_is_a_blunder() -> None:
    moves = list(review_moves(drawn_game(BOARD, "O0,3", "F2,2", "C1,3")))
    assert [m.verdict for m in moves] == [Verdict.CERTAIN, Verdict.BLUNDER, Verdict.BLUNDER]
    assert moves[-1].risk == 1.0
    assert moves[-1].reason == (
        "a chord around a wrong flag: row 3, column 3 is proven safe, so it opens the mine at "
        "row 3, column 4"
    )


def test_forced_guess_gives_the_risk_the_safest_cell_and_the_solver_choice() -> None:
    move = last("*..*", "O0,1", "O0,2")
    assert move.verdict is Verdict.FORCED
    assert (move.risk, move.safest_risk, move.choice, move.choice_risk) == (0.5, 0.5, (0, 0), 0.5)
    assert move.reason == (
        "no cell was proven safe: opening row 1, column 3 risked 50%; the safest cell had 50%, "
        "the solver's choice row 1, column 1 had 50%"
    )


WORSE_BOARD = """
    ...*
    **..
    ...*
"""


def test_worse_guess_is_a_guess_clearly_riskier_than_the_solver_choice() -> None:
    move = last(WORSE_BOARD, "O1,2", "F2,3", "O2,2", "O2,0", "O1,3")
    assert move.verdict is Verdict.WORSE
    assert move.choice == (0, 0)
    assert move.risk == pytest.approx(0.4) and move.choice_risk == pytest.approx(0.2)
    assert move.reason == (
        "opening row 2, column 4 risked 40% where the solver's choice row 1, column 1 had 20%: "
        "20 percentage points more risk of losing here"
    )


def test_only_the_global_mine_count_says_so() -> None:
    move = last("...*.", "O0,4", "O0,1")
    assert move.verdict is Verdict.CERTAIN
    assert move.reason == (  # the mine found first, then the count, naming the cell
        "the 1 at row 1, column 5 needs 1 mine and has only 1 covered cell left, so row 1, "
        "column 4 is a mine; the board has 1 mine, found already, so row 1, column 2 is safe"
    )


def test_a_chain_of_numbers_is_named_as_a_group() -> None:
    move = last("...*\n.*..\n....", "O1,3", "O1,0", "O1,2", "O2,2")
    assert move.verdict is Verdict.NEEDLESS and move.safe_cell == (0, 0)
    assert move.reason.endswith(
        "row 1, column 1 was proven safe: every way to place the mines that the 2 at row 2, "
        "column 3, the 1 at row 2, column 1 and the 1 at row 2, column 4 need among their "
        "covered cells leaves row 1, column 1 clear, so row 1, column 1 is safe"
    )


def test_moves_without_risk() -> None:
    moves = list(
        review_moves(drawn_game(BOARD, "O0,3", "F0,0", "F0,0", "O0,2", "F0,2", "Q1", "C0,0"))
    )
    assert all(m.risk == 0.0 for m in moves[1:])
    assert [(m.verdict, m.reason) for m in moves[1:]] == [
        (Verdict.NEUTRAL, "an unproven flag on row 1, column 1: a mine there had a 50% chance"),
        (Verdict.NEUTRAL, "the mark on row 1, column 1 is cycled: no risk either way"),
        (Verdict.WASTED, "a click that changed nothing: row 1, column 3 is already open"),
        (
            Verdict.WASTED,
            "a click that changed nothing: row 1, column 3 is open, and an open cell cannot "
            "be flagged",
        ),
        (Verdict.NEUTRAL, "question marks switched on"),
        (Verdict.WASTED, "a click that changed nothing: a chord needs an open number"),
    ]


def test_moves_after_the_end_do_nothing() -> None:
    moves = list(review_moves(drawn_game(BOARD, "O0,3", "O2,3", "O2,2")))
    assert moves[-1].verdict is Verdict.WASTED and moves[-1].survival == 0.0
    assert moves[-1].reason == "a click that changed nothing: the game had ended"


def test_summary_of_a_needless_guess() -> None:
    result = review(drawn_game(BOARD, "O0,3", "O1,0", "O0,0"))
    summary = result.summary
    assert summary.counts[Verdict.NEEDLESS] == 1 and summary.counts[Verdict.BLUNDER] == 1
    assert summary.luck == 0.5 and summary.pluck == pytest.approx(math.log10(2))
    assert summary.hardest is None  # the only guess had a safe cell beside it
    assert result.risks == (0.0, 0.5, 1.0)
    assert result.survival == (1.0, 0.5, 0.0)
    assert summary.status.value == "lost" and summary.counters is not None
    assert summary.seconds == 1.4  # from the first click at 0 ms to the last at 1,400


def test_a_record_of_our_own_is_reviewed_from_its_seed() -> None:
    game = new_game(EXPERT, seed=7)
    record = Record.of(game).add(Move.reveal(8, 15), 0)
    result = review(record)
    assert result.moves[0].verdict is Verdict.CERTAIN
    assert result.summary.counters is not None and result.summary.counters.bbbv > 0


# --- properties ---------------------------------------------------------------------------


def brute_mine_chance(game: Game, cells: list[int]) -> float:
    """P(some cell of ``cells`` is a mine) over every layout that fits the tiles (flags are
    covered cells), counted one by one."""
    grid, tiles = game.grid, game.tiles
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]
    numbers = [(c, tiles[c]) for c in range(grid.size) if tiles[c] <= 8]
    fits = hits = 0
    for mines in combinations(covered, game.level.mines):
        chosen = set(mines)
        if all(sum(n in chosen for n in grid.neighbours(c)) == v for c, v in numbers):
            fits += 1
            hits += any(c in chosen for c in cells)
    return hits / fits


@st.composite
def random_games(draw: st.DrawFn) -> DrawnGame:
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(3, 4))
    mines = draw(st.integers(1, rows * cols // 3 + 1))
    layout = Layout(
        Level(rows, cols, mines), frozenset(draw(st.permutations(range(rows * cols)))[:mines])
    )
    safe = [c for c in range(rows * cols) if c not in layout.mines]
    first = divmod(draw(st.sampled_from(safe)), cols)
    moves = [f"O{first[0]},{first[1]}"]
    for _ in range(draw(st.integers(0, 10))):
        kind = draw(st.sampled_from(["O", "O", "O", "F", "C", "FC"]))
        row, col = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
        moves.append(f"{kind[0]}{row},{col}")
        if kind == "FC":  # a flag, then a chord beside it: chords that open something
            near = draw(
                st.sampled_from(Level(rows, cols, 1).grid.neighbours(row * cols + col) or [0])
            )
            moves.append(f"C{near // cols},{near % cols}")
    return drawn_game(layout.to_text().replace("1", ".").replace("2", "."), *moves)


@settings(max_examples=250, deadline=None)
@given(random_games())
def test_risks_are_the_true_chances_and_luck_is_their_product(source: DrawnGame) -> None:
    result = review(source)
    game = source.new_game()
    survival = 1.0
    for move in result.moves:
        event = move.event
        assert isinstance(event, Move)
        if not game.status.is_over and move.verdict not in (Verdict.NEUTRAL, Verdict.WASTED):
            cell = game.grid.index(event.row, event.col)
            if event.kind.value == "C":
                cells = [
                    n
                    for n in game.grid.neighbours(cell)
                    if game.tiles[n] in (t.COVERED, t.QUESTIONED)
                ]
            else:
                cells = [cell]
            chance = brute_mine_chance(game, cells)
            if event.kind.value == "F":  # a flag: certain on a mine, a blunder on a safe cell
                assert chance == (1.0 if move.verdict is Verdict.CERTAIN else 0.0)
            elif move.verdict is Verdict.BLUNDER and event.kind.value == "C" and chance < 1.0:
                pytest.fail("a chord blunder that could have been safe")
            elif game.opened:
                assert move.risk == pytest.approx(chance, abs=1e-9)
        survival *= 1.0 - move.risk
        assert move.survival == pytest.approx(survival, abs=1e-12)
        game = apply_move(game, event)
    guesses = [m for m in result.moves if m.verdict in GUESSES]
    assert result.summary.luck == math.prod(1.0 - m.risk for m in guesses)


def apply_move(game: Game, move: Move) -> Game:
    from engine import apply

    return apply(game, move).game


def solver_game(level: Level, seed: int) -> Record:
    """A game played by the hint: the move :func:`choose` gives, each turn."""
    from engine import apply

    game = new_game(level, seed)
    record = Record.of(game)
    analyser = Analyser(level.grid, level.mines)
    while not game.status.is_over:
        suggestion = choose(analyser, analyser.analyse(game.tiles))
        assert suggestion is not None
        move = Move.reveal(*level.grid.row_col(suggestion.cell))
        record = record.add(move, 300 * len(record.moves))
        game = apply(game, move).game
    return record


@settings(max_examples=25, deadline=None)
@given(
    level=st.sampled_from([Level(6, 6, 6), Level(8, 8, 10), Level(9, 9, 10), Level(5, 12, 12)]),
    seed=st.integers(0, 10**6),
)
def test_the_solver_own_game_has_no_needless_or_worse_guess(level: Level, seed: int) -> None:
    result = review(solver_game(level, seed))
    counts = result.summary.counts
    assert counts[Verdict.NEEDLESS] == counts[Verdict.WORSE] == counts[Verdict.BLUNDER] == 0
    for move in result.moves:
        if move.verdict is Verdict.FORCED:
            assert isinstance(move.event, Move)
            assert move.choice == (move.event.row, move.event.col)


def test_a_click_that_changes_nothing_is_a_wasted_click() -> None:
    """Wasted clicks are called what they are, not "no risk", and counted apart."""
    moves = list(review_moves(drawn_game(BOARD, "O0,3", "F0,0", "O0,3", "O0,0", "F0,2", "C0,3")))
    verdicts = [m.verdict for m in moves]
    assert verdicts == [
        Verdict.CERTAIN, Verdict.NEUTRAL, Verdict.WASTED, Verdict.WASTED, Verdict.WASTED,
        Verdict.WASTED,
    ]  # fmt: skip
    assert all(m.reason.startswith("a click that changed nothing: ") for m in moves[2:])
    assert Verdict.WASTED.value == "wasted click"


@pytest.mark.parametrize("name", ["test_subject.avf", "test_subject.evf", "test_subject.rmv"])
def test_wasted_clicks_are_exactly_the_moves_that_change_no_tile(name: str) -> None:
    """On the real replays (the EVF has 125 of its 334 moves wasted), and counted apart from
    the certain moves in the summary."""
    from engine import apply
    from play.review.source import from_file
    from play.review.view import summary_figures

    path = shared_replay(name)
    loaded = from_file(path.read_bytes(), name)
    result = review(loaded)
    game = loaded.new_game()
    for move, timed in zip(result.moves, loaded.moves, strict=True):
        assert isinstance(timed.move, Move)
        outcome = apply(game, timed.move)
        assert (move.verdict is Verdict.WASTED) == (not outcome.changed), (move, outcome)
        game = outcome.game
    wasted = sum(m.verdict is Verdict.WASTED for m in result.moves)
    figures = dict(summary_figures(result.summary))
    assert figures["wasted click"] == str(wasted)
    assert name != "test_subject.evf" or wasted == 125
