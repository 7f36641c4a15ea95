"""The terminal draws the session's pictures and reads nothing of the session while it
draws (:class:`terminal.screen.Screen`, Tatham's ``game_redraw``): whole games played
through the real console app, with any read of the session's public names failing while
the screen draws, say what they said before."""

from __future__ import annotations

from typing import Any

import pytest

from engine import BEGINNER, Move, apply, generate, new_game
from play.game.daily import daily_seed
from play.keeping.storage import MemoryStorage
from terminal.screen import Screen
from tests.test_terminal import FIRST, first_layout, winning_tail
from tests.test_terminal_keeping import DAY, daily_win, moves_text, run_app

DRAWING = ("update", "intro", "show", "live_counters")
"""What the screen draws with: each runs blind."""


@pytest.fixture(autouse=True)
def blind(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Any public read of a session while the screen draws fails, and is listed."""
    from play.session import Session

    drawing: list[bool] = []
    read_whiles: list[str] = []
    read = Session.__getattribute__

    def guarded(session: Session, name: str) -> Any:
        if drawing and not name.startswith("_"):
            read_whiles.append(name)
            raise AssertionError(f"the terminal read session.{name} while drawing")
        return read(session, name)

    def blinded(method: Any) -> Any:
        def drawn(*args: Any, **kwargs: Any) -> Any:
            drawing.append(True)
            try:
                return method(*args, **kwargs)
            finally:
                drawing.pop()

        return drawn

    monkeypatch.setattr(Session, "__getattribute__", guarded)
    for name in DRAWING:
        monkeypatch.setattr(Screen, name, blinded(getattr(Screen, name)))
    return read_whiles


def test_a_game_with_a_hint_and_a_win_is_drawn_blind(blind: list[str]) -> None:
    opened = apply(new_game(layout=first_layout()), Move.reveal(*FIRST)).game
    out = run_app(["o 5 5", "hint", "show", *winning_tail(opened)], MemoryStorage())
    assert blind == []
    assert "Hint (o " in out and "You won" in out and "Record: " in out


def test_a_daily_board_lost_then_won_is_drawn_blind_with_its_streak(blind: list[str]) -> None:
    day = DAY.date()
    layout = generate(BEGINNER, daily_seed(day, BEGINNER), BEGINNER.grid.index(4, 4))
    losing = moves_text([Move.reveal(*layout.grid.row_col(min(layout.mines)))])
    out = run_app(["daily", *losing, "daily", *daily_win(day), "n"], MemoryStorage())
    assert blind == []
    assert out.count("Daily board of 2026-11-22") == 2
    assert "Daily boards won in a row: 0 (best 0)." in out  # the first attempt was lost
