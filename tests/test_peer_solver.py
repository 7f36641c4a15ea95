"""The JSMinesweeper harness plays our boards, not boards of its own.

``benchmarks.peer_solver`` hands the peer's solver (``../shared/peers/jsminesweeper``, outside
the repository: the tests skip without it or without Node) the boards our benchmark deals.
If the harness fed the peer anything else (its own mines, another first click, the board
turned over), a won game would open other cells than our safe ones, and a lost one would
blow up on a cell that is no mine of ours.
"""

from __future__ import annotations

import pytest

from benchmarks.peer_boards import PeerBoard, peer_board
from benchmarks.peer_solver import PeerResult, missing, play_peer

BEGINNER_SEEDS = [0, 1, 2]
EXPERT_SEEDS = [0, 1, 2, 3]
"""Expert games are lost about half the time: these check the ending of a loss as well."""


@pytest.fixture(autouse=True)
def _needs_peer() -> None:
    reason = missing()
    if reason is not None:
        pytest.skip(reason)


def check_ending(board: PeerBoard, result: PeerResult) -> None:
    """A game ended on ``board`` itself: won with exactly its safe cells open, or lost on one
    of its mines with none of them open."""
    cells = set(range(board["rows"] * board["cols"]))
    mines = set(board["mines"])
    assert result.seed == board["seed"]
    assert result.error is None, result.error
    assert result.revealed is not None
    revealed = set(result.revealed)
    row, col = board["first"]
    assert row * board["cols"] + col in revealed  # our first click was played
    assert not revealed & mines
    if result.won:
        assert result.exploded is None
        assert revealed == cells - mines
    else:
        assert result.exploded in mines
        assert revealed < cells - mines


@pytest.mark.parametrize(
    ("level", "seeds"), [("beginner", BEGINNER_SEEDS), ("expert", EXPERT_SEEDS)]
)
def test_each_game_ends_on_our_board(level: str, seeds: list[int]) -> None:
    results = play_peer(level, seeds, revealed=True)
    assert [r.seed for r in results] == seeds
    for result in results:
        check_ending(peer_board(level, result.seed), result)


def test_a_split_into_jobs_plays_each_seed_alike() -> None:
    """Each game is seeded: the outcome of a seed does not depend on the run it is in."""
    alone = play_peer("beginner", BEGINNER_SEEDS, revealed=True)
    split = play_peer("beginner", BEGINNER_SEEDS, jobs=2, revealed=True)
    assert split == alone
