"""The next hint is worked out ahead, in slices, once the player uses hints; a warm-up
game leaves nothing behind."""

from __future__ import annotations

from collections.abc import Generator, Iterator

import pytest

import play.assist
from engine import EXPERT, Game, Move
from engine import tiles as t
from engine.solver import best_move
from engine.solver.analysis import drain
from play import Session, Settings
from tests.helpers import FakeClock


@pytest.fixture
def choices(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the solver's move choices (each is a full analysis plus a choice)."""
    made: list[int] = []
    choose = play.assist.choose

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(1)
        return choose(*args, **kwargs)

    monkeypatch.setattr(play.assist, "choose", counted)
    yield made


def opened_expert() -> Session:
    session = Session(Settings(level=EXPERT), seed=3, clock=FakeClock())
    session.play(Move.reveal(8, 15))
    return session


def test_without_hints_the_chances_off_cost_no_solver_work(choices: list[int]) -> None:
    session = opened_expert()
    assert drain(session.overlay_steps()) is None
    assert choices == []


def test_once_hints_are_used_the_next_one_is_ready_after_the_move(choices: list[int]) -> None:
    session = opened_expert()
    first = session.hint()
    assert first is not None and choices == [1]
    session.play(Move.reveal(*session.game.grid.row_col(first.cell)))
    steps = session.overlay_steps()
    assert drain(steps) is None  # the chances stay off...
    assert len(choices) == 2  # ...but the next hint was worked out
    ready = session.hint()
    assert len(choices) == 2  # and the hint used it
    expected = best_move(session.game.grid, EXPERT.mines, session.game.tiles)
    assert ready is not None and expected is not None and ready.cell == expected.cell


def test_the_warm_up_forgets_its_throwaway_game(choices: list[int]) -> None:
    session = opened_expert()
    drain(play.assist.warm_up_steps())
    assert len(choices) >= 2  # it played until a guess
    assert play.assist._kept is None and play.assist._suggested is None
    hint = session.hint()
    expected = best_move(session.game.grid, EXPERT.mines, session.game.tiles)
    assert hint is not None and expected is not None and hint.cell == expected.cell


def test_the_warm_up_takes_the_first_move_path_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint on an untouched board is the first one many players ask for: measured in
    Chromium, it took 11 to 30 ms after a warm-up that began with an opened board."""
    untouched: list[bool] = []
    analysis_steps = play.assist.analysis_steps

    def recorded(game: Game) -> Generator[None, None, object]:
        untouched.append(all(tile == t.COVERED for tile in game.tiles))
        return (yield from analysis_steps(game))

    monkeypatch.setattr(play.assist, "analysis_steps", recorded)
    drain(play.assist.warm_up_steps())
    assert untouched[0] and not all(untouched)
