"""The next hint is worked out ahead, in slices, once the player uses hints; a warm-up
game leaves nothing behind. The solver's help is an object each session holds: tests
make their own, and nothing is kept at module level."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Generator, Iterator

import pytest

import engine.solver
from engine import EXPERT, Game, Move
from engine import tiles as t
from engine.solver import best_move
from engine.steps import drain
from play.assist.assistant import Assistant, warm_up_steps
from play.game import Settings
from play.session import Session
from tests.helpers import FakeClock


@pytest.fixture
def choices(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the solver's move choices (each is a full analysis plus a choice)."""
    made: list[int] = []
    choose = engine.solver.choose  # play.assist.assistant imports it from the face when it chooses

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(1)
        return choose(*args, **kwargs)

    monkeypatch.setattr(engine.solver, "choose", counted)
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
    first = drain(session.hint_steps())
    assert first is not None and choices == [1]
    session.play(Move.reveal(*session.game.grid.row_col(first.cell)))
    steps = session.overlay_steps()
    assert drain(steps) is None  # the chances stay off...
    assert len(choices) == 2  # ...but the next hint was worked out
    ready = drain(session.hint_steps())
    assert len(choices) == 2  # and the hint used it
    expected = best_move(session.game.grid, EXPERT.mines, session.game.tiles)
    assert ready is not None and expected is not None and ready.cell == expected.cell


def test_each_session_keeps_its_own_analysis(choices: list[int]) -> None:
    """Two sessions (two tabs' worth of play, or a test next to another) share nothing."""
    first, second = opened_expert(), opened_expert()
    drain(first.hint_steps())
    first.play(Move.reveal(*first.game.grid.row_col(drain(first.hint_steps()).cell)))  # type: ignore[union-attr]
    drain(first.overlay_steps())  # the first session's next hint is ready...
    made = len(choices)
    drain(second.hint_steps())
    assert len(choices) == made + 1  # ...but the second one works out its own


def test_the_warm_up_leaves_the_players_help_untouched(choices: list[int]) -> None:
    session = opened_expert()
    kept = session._assistant
    drain(warm_up_steps())
    assert len(choices) >= 2  # it played until a guess, on an assistant of its own
    assert session._assistant is kept
    hint = drain(session.hint_steps())
    expected = best_move(session.game.grid, EXPERT.mines, session.game.tiles)
    assert hint is not None and expected is not None and hint.cell == expected.cell


def test_the_solver_loads_with_the_first_use_of_the_help() -> None:
    """A session starts without the solver (a third of our Python): made, and imported,
    on first use only."""
    code = (
        "import sys; from play.session import Session; s = Session(seed=1);"
        "print('engine.solver' in sys.modules);"
        "from engine.steps import drain; drain(s.hint_steps());"
        "print('engine.solver' in sys.modules)"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.split() == ["False", "True"]


def test_the_warm_up_takes_the_first_move_path_too() -> None:
    """A hint on an untouched board is the first one many players ask for: measured in
    Chromium, it took 11 to 30 ms after a warm-up that began with an opened board."""
    untouched: list[bool] = []

    class Recording(Assistant):
        def analysis_steps(self, game: Game) -> Generator[None, None, object]:  # type: ignore[override]
            untouched.append(all(tile == t.COVERED for tile in game.tiles))
            return (yield from super().analysis_steps(game))

    drain(warm_up_steps(Recording()))
    assert untouched[0] and not all(untouched)
