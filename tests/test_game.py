import sys

import pytest

from engine import BEGINNER, Level, Move, Status, apply, new_game
from engine import tiles as t
from engine.layout import generate
from tests.helpers import board, game_on, play

LAYOUT = """
    *....
    .....
    ...*.
    .....
"""


def test_new_game_is_ready_and_covered() -> None:
    game = new_game(BEGINNER, seed=1)
    assert game.status is Status.READY
    assert game.layout is None
    assert set(game.tiles) == {t.COVERED}
    assert game.mines_left == 10


def test_reveal_number_shows_its_count() -> None:
    outcome = play(game_on(LAYOUT), "O1,1")
    assert outcome.game.tile(1, 1) == 1
    assert outcome.changed == (6,)
    assert outcome.game.status is Status.PLAYING


def test_reveal_zero_floods_region_and_border() -> None:
    outcome = play(game_on(LAYOUT), "O0,4")
    assert outcome.game.to_text() == board(
        """
        #1...
        #1111
        ###*#
        #####
    """.replace("*", "#")
    )
    assert sorted(outcome.changed) == [1, 2, 3, 4, 6, 7, 8, 9]


def test_flood_stops_at_flags_and_opens_question_marks() -> None:
    game = play(game_on(LAYOUT), "F1,4", "F0,3", "F0,3").game  # (1,4) flag, (0,3) question
    outcome = play(game, "O0,4")
    assert outcome.game.tile(1, 4) == t.FLAGGED  # a wrong flag on a safe cell stays
    assert outcome.game.tile(0, 3) == 0
    assert outcome.game.tile(0, 2) == 0  # reached through the questioned zero


def test_revealing_a_mine_loses_and_shows_everything() -> None:
    game = play(game_on(LAYOUT), "O1,1", "F3,0", "F2,3").game  # (3,0) is a wrong flag
    outcome = play(game, "O0,0")
    lost = outcome.game
    assert lost.status is Status.LOST
    assert lost.tile(0, 0) == t.EXPLODED
    assert lost.tile(2, 3) == t.FLAGGED  # a right flag stays a flag
    assert lost.tile(3, 0) == t.WRONG_FLAG
    assert {lost.tile(0, 0), lost.tile(3, 0)} <= set(t.STATE_NAMES)
    assert set(outcome.changed) == {0, 15}


def test_unflagged_mine_is_shown_after_a_loss() -> None:
    lost = play(game_on(LAYOUT), "O0,0").game
    assert lost.tile(2, 3) == t.MINE


def test_win_when_all_safe_cells_open_flags_every_mine() -> None:
    outcome = play(game_on(LAYOUT), "O0,4", "O3,0", "O2,4", "O3,3", "O3,4")
    won = outcome.game
    safe = [cell for cell in range(20) if cell not in (0, 13)]
    assert all(t.is_open(won.tiles[c]) for c in safe)
    assert won.status is Status.WON
    assert won.tiles[0] == won.tiles[13] == t.FLAGGED
    assert won.mines_left == 0
    assert {0, 13} <= set(outcome.changed)


def test_not_won_while_a_safe_cell_is_covered() -> None:
    game = play(game_on(LAYOUT), "O0,4", "O3,0").game
    assert game.status is Status.PLAYING


def test_mark_cycle_with_and_without_question_marks() -> None:
    game = game_on(LAYOUT)
    seen = [play(game, *["F1,1"] * n).game.tile(1, 1) for n in range(4)]
    assert seen == [t.COVERED, t.FLAGGED, t.QUESTIONED, t.COVERED]
    plain = game_on(LAYOUT, question_marks=False)
    seen = [play(plain, *["F1,1"] * n).game.tile(1, 1) for n in range(3)]
    assert seen == [t.COVERED, t.FLAGGED, t.COVERED]


def test_flags_may_outnumber_mines() -> None:
    game = play(game_on("*..\n..."), "F0,1", "F0,2", "F1,0").game
    assert game.flags == 3
    assert game.mines_left == -2
    assert game.status is Status.READY  # marks do not start the clock


def test_a_flagged_cell_is_not_revealed_and_a_questioned_one_is() -> None:
    """A question mark is a note, not a flag: a left click opens its cell, as Windows does
    (it did nothing and said nothing)."""
    game = play(game_on(LAYOUT), "F0,0").game
    outcome = play(game, "O0,0")
    assert outcome.changed == ()
    assert outcome.game.tiles == game.tiles
    assert outcome.message is not None and "flagged" in outcome.message
    questioned = play(game, "F0,0").game
    assert questioned.tile(0, 0) == t.QUESTIONED
    assert play(questioned, "O0,0").game.status is Status.LOST  # a mine under it
    safe = play(game_on(LAYOUT), "F1,1", "F1,1").game
    assert safe.tile(1, 1) == t.QUESTIONED
    opened = play(safe, "O1,1")
    assert opened.changed == (safe.grid.index(1, 1),) and opened.game.tile(1, 1) == 1


def test_open_cells_cannot_be_marked() -> None:
    game = play(game_on(LAYOUT), "O1,1").game
    outcome = play(game, "F1,1")
    assert outcome.changed == () and outcome.game.tile(1, 1) == 1


def test_chord_opens_the_rest_when_flags_match() -> None:
    game = play(game_on(LAYOUT), "O1,1", "F0,0").game
    outcome = play(game, "C1,1")
    # The chord opens the seven cells around (1,1); the zeros among them flood on.
    assert outcome.game.to_text() == board("""
        F1...
        11111
        ..1##
        ..1##
    """)
    assert len(outcome.changed) == 14
    assert outcome.game.tile(0, 0) == t.FLAGGED
    assert outcome.game.clicks.chord == 1


def test_chord_does_nothing_when_flags_do_not_match() -> None:
    game = play(game_on(LAYOUT), "O1,1").game
    outcome = play(game, "C1,1")
    assert outcome.changed == ()
    assert outcome.message == "0 flags around a 1: nothing to chord"
    assert outcome.game.clicks.chord == 1 and outcome.game.clicks.effective == 1


def test_chord_with_a_wrong_flag_loses() -> None:
    game = play(game_on(LAYOUT), "O1,1", "F1,0").game
    lost = play(game, "C1,1").game
    assert lost.status is Status.LOST
    assert lost.tile(0, 0) == t.EXPLODED
    assert lost.tile(1, 0) == t.WRONG_FLAG


@pytest.mark.parametrize("text", ["C0,0", "C1,1"])
def test_chord_on_a_covered_cell_does_nothing(text: str) -> None:
    game = game_on(LAYOUT)
    assert play(game, text).changed == ()


def test_moves_after_the_end_change_nothing() -> None:
    lost = play(game_on(LAYOUT), "O0,0").game
    for text in ("O1,1", "F1,1", "C1,1"):
        outcome = play(lost, text)
        assert outcome.game is lost
        assert outcome.message is not None and "over" in outcome.message


def test_moves_off_the_board_change_nothing() -> None:
    game = game_on(LAYOUT)
    outcome = apply(game, Move.reveal(4, 0))
    assert outcome.game is game and outcome.changed == ()
    # Named in words, counted from 1, as every cell a player reads (engine.grid.spot_name).
    assert outcome.message == "no row 5, column 1 on a board of 4 rows and 5 columns"


def test_first_reveal_places_mines_and_opens_an_area() -> None:
    for seed in range(50):
        outcome = apply(new_game(Level(16, 30, 99), seed), Move.reveal(8, 15))
        game = outcome.game
        assert game.layout == generate(game.level, seed, 8 * 30 + 15)
        assert game.tile(8, 15) == 0
        assert len(outcome.changed) >= 9


def test_no_input_is_mutated() -> None:
    game = game_on(LAYOUT)
    before = (game.tiles, game.status, game.clicks, game.flags)
    play(game, "O0,4")
    play(game, "F1,1")
    assert (game.tiles, game.status, game.clicks, game.flags) == before


def test_clicks_are_counted() -> None:
    game = play(game_on(LAYOUT), "O1,1", "O1,1", "F0,0", "C1,1").game
    assert (game.clicks.left, game.clicks.right, game.clicks.chord) == (2, 1, 1)
    assert game.clicks.effective == 3  # the second reveal of an open cell did nothing


def test_huge_board_floods_without_recursion() -> None:
    level = Level(1000, 1000, 1)
    game = new_game(level, seed=3)
    limit = sys.getrecursionlimit()
    outcome = apply(game, Move.reveal(500, 500))
    assert sys.getrecursionlimit() == limit
    assert outcome.game.status is Status.WON
    assert outcome.game.opened == 999_999
