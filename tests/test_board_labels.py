"""Every label is true for whoever played the board: each pair of who made the board (the
player, a friend, the day) and how it reached the player (a retry, a race, a daily board, a
seed or link) against the words at the game's end and the Statistics row it is filed in."""

from __future__ import annotations

from datetime import date

import pytest

from engine import INTERMEDIATE, Move, Status
from engine import tiles as t
from play.game import Settings
from play.game.race import Ghost
from play.keeping.storage import MemoryStorage
from play.ledger import board_summaries
from play.session import Session
from play.start import from_params
from play.start.startup import start_with
from terminal.render import result_lines
from tests.helpers import FakeClock, lose_session_game
from tests.test_keeping import keeper_on


def won(session: Session, clock: FakeClock) -> str:
    """Play the game on the table to a win; the words its end says (the verdict, then any
    news)."""
    if session.game.layout is None:
        grid = session.game.grid
        session.play(Move.reveal(grid.rows // 2, grid.cols // 2))
    layout = session.game.layout
    assert layout is not None
    clock.now += 20
    for cell in range(session.game.level.cells):
        if session.game.status.is_over:
            break
        if cell not in layout.mines and session.game.tiles[cell] == t.COVERED:
            clock.now += 0.5
            session.play(Move.reveal(*session.game.grid.row_col(cell)))
    result = session.result
    assert session.game.status is Status.WON and result is not None
    return result_lines(result).splitlines()[0] + (f" {result.news}" if result.news else "")


def rows(store: MemoryStorage) -> list[str]:
    return [s.title for s in board_summaries(keeper_on(store).ledger())]


def player(store: MemoryStorage, clock: FakeClock, query: str = "") -> Session:
    pairs = dict(
        pair.split("=") if "=" in pair else (pair, "") for pair in query.split("&") if pair
    )
    launch = from_params(pairs)
    return start_with(
        launch, keeper_on(store), clock=clock, today=lambda: date(2026, 12, 5)
    ).session


def a_retried_win(store: MemoryStorage, clock: FakeClock) -> tuple[Session, str]:
    session = Session(Settings(level=INTERMEDIATE), seed=5, clock=clock, keeper=keeper_on(store))
    lose_session_game(session)
    assert session.retry()
    return session, won(session, clock)


def test_my_retry_is_named_a_retry_in_my_words_and_my_row() -> None:
    store, clock = MemoryStorage(), FakeClock()
    _, words = a_retried_win(store, clock)
    assert "That was on a retry of the board: no best time." in words
    assert rows(store) == ["Intermediate", "Intermediate (retried)"]


def test_a_friends_race_of_my_retried_win_is_no_retry_of_theirs() -> None:
    """Lose intermediate, Retry, win, Race a friend: the friend's result said "on a retry
    of the board (no best time)" and their Statistics gained "Intermediate (retried)"."""
    mine, clock = MemoryStorage(), FakeClock()
    session, _ = a_retried_win(mine, clock)
    link = session.race_link()
    assert link is not None
    theirs = MemoryStorage()
    friend = player(theirs, FakeClock(), f"race={link}")
    assert friend.race is not None
    words = won(friend, clock)
    assert "retry" not in words
    assert "No best time: a board from a race link." in words
    assert rows(theirs) == ["Intermediate (race)"]


def test_racing_my_own_best_says_i_have_played_it_before() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = Session(Settings(), seed=8, clock=clock, keeper=keeper_on(store))
    first = won(session, clock)
    assert "New best on Beginner" in first
    assert session.start_race()
    words = won(session, clock)
    assert "No best time: a board you have played before." in words
    assert "link" not in words and "retry" not in words
    assert rows(store) == ["Beginner", "Beginner (race)"]


@pytest.mark.parametrize("query", ["seed=77", "level=beginner&seed=77"])
def test_a_board_from_a_seed_or_link_says_so_to_whoever_plays_it(query: str) -> None:
    store, clock = MemoryStorage(), FakeClock()
    words = won(player(store, clock, query), clock)
    assert "No best time: a board from a link or a given seed." in words
    assert rows(store) == ["Beginner (known)"]


def test_the_daily_board_counts_in_its_level_once_and_then_is_practice() -> None:
    store, clock = MemoryStorage(), FakeClock()
    first = won(player(store, clock, "daily&level=beginner"), clock)
    assert "No best time" not in first and "retry" not in first
    again = player(store, clock, "daily&level=beginner")
    assert again.daily == "2026-12-05"
    words = won(again, clock)
    assert "practice" in words.lower()
    assert rows(store) == ["Beginner"]  # the practice game counts in no row


def test_a_race_ghost_survives_a_race_of_its_own_link() -> None:
    """The ghost of a race won is the racer's own: its link names no retry either."""
    store, clock = MemoryStorage(), FakeClock()
    session, _ = a_retried_win(store, clock)
    link = session.race_link()
    assert link is not None
    friend = player(MemoryStorage(), FakeClock(), f"race={link}")
    won(friend, clock)
    again = friend.race_link()
    assert again is not None and Ghost.from_link(again).level == INTERMEDIATE
