import pytest

from engine import Layout, game_stats, three_bv
from engine.stats import solved_three_bv
from tests.helpers import game_on, play


@pytest.mark.parametrize(
    "text, expected",
    [
        ("*..*...", 3),  # one opening {4,5,6} and two lone numbers
        ("*.*\n...", 4),  # no zeros: every safe cell is one click
        ("*........", 1),  # one opening covers every safe cell
        (
            """
            ....*
            .....
            *....
            ...*.
            """,
            # Zeros (0,0),(0,1),(0,2),(1,2) make one opening of 11 cells with their
            # border; (1,4),(2,4),(3,0),(3,1),(3,2),(3,4) are lone numbers: 1 + 6.
            7,
        ),
        ("**.\n**.\n...", 5),  # five safe numbers and no zero
    ],
)
def test_three_bv_known_answers(text: str, expected: int) -> None:
    layout = Layout.from_text(text)
    assert three_bv(layout) == expected, layout.to_text()


def test_solved_three_bv_counts_whole_openings_only() -> None:
    layout = Layout.from_text("*..*...")
    tiles = bytearray([9] * 7)
    tiles[1] = 1  # a lone number
    tiles[4] = 1  # part of the opening only
    assert solved_three_bv(layout, bytes(tiles)) == 1
    tiles[5] = tiles[6] = 0
    assert solved_three_bv(layout, bytes(tiles)) == 2


def test_game_stats_on_a_played_game() -> None:
    game = game_on("*..*...")
    game = play(game, "O0,6", "F0,0", "O0,1", "O0,1", "O0,2").game
    assert game.status.value == "won"
    stats = game_stats(game, seconds=4.0)
    assert stats is not None
    assert stats.bbbv == 3 and stats.solved_bbbv == 3
    assert (stats.clicks.left, stats.clicks.right, stats.clicks.effective) == (4, 1, 4)
    assert stats.efficiency == pytest.approx(3 / 5)
    assert stats.bbbv_per_second == pytest.approx(0.75)


def test_lost_game_counts_solved_three_bv() -> None:
    game = play(game_on("*..*..."), "O0,6", "O0,0").game
    stats = game_stats(game, seconds=2.0)
    assert stats is not None and stats.bbbv == 3 and stats.solved_bbbv == 1


def test_no_stats_before_the_first_reveal() -> None:
    from engine import BEGINNER, new_game

    assert game_stats(new_game(BEGINNER, seed=1), seconds=0) is None
    stats = game_stats(game_on("*.."), 0)
    assert stats is not None and stats.efficiency is None and stats.bbbv_per_second is None
