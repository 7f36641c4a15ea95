"""A hint before the first click does not make the game assisted.

Before the first reveal no mine is placed, and the first click is always safe: all such a
hint says is where a first click opens best, which tells nothing about the layout. Any
hint after it does, and marks the game assisted (README, "Under the board").
"""

from __future__ import annotations

from engine import Move
from engine import tiles as t
from engine.steps import drain
from play.assist.assistant import hint_assists
from play.session import Session

SEED = 42
FIRST = (4, 4)


def test_a_hint_before_the_first_click_leaves_the_game_unassisted() -> None:
    session = Session(seed=SEED)
    hint = drain(session.hint_steps())
    assert hint is not None and hint.reason.startswith("First move: open row ")
    assert not session.assisted
    win(session)
    assert session.game.status.value == "won"
    assert session.result is not None and not session.result.assisted


def test_a_hint_after_the_first_click_makes_it_assisted() -> None:
    session = Session(seed=SEED)
    session.play(Move.reveal(*FIRST))
    assert not session.assisted
    assert drain(session.hint_steps()) is not None
    assert session.assisted


def test_a_flag_before_the_first_click_changes_nothing() -> None:
    """A flag is a move, but not a reveal: the mines are still not placed."""
    session = Session(seed=SEED)
    session.play(Move.mark(0, 0))
    assert not hint_assists(session.game)
    drain(session.hint_steps())
    assert not session.assisted


def win(session: Session) -> None:
    """The first click, then every safe cell still covered."""
    session.play(Move.reveal(*FIRST))
    layout, grid = session.game.layout, session.game.grid
    assert layout is not None
    for cell in range(grid.size):
        if cell not in layout.mines and session.game.tiles[cell] == t.COVERED:
            session.play(Move.reveal(*grid.row_col(cell)))
