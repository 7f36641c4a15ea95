"""The solver's help in slices, as the page runs it: same answers, and stale work dropped."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

from engine import Level, Move, apply, new_game
from engine.steps import drain
from play.assist.assistant import Assistant
from play.game.settings import Settings
from play.session import Session

T = TypeVar("T")
BIG = Level(120, 120, 1_440)


def count_slices(steps: Generator[None, None, T]) -> tuple[int, T]:
    slices = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return slices, done.value
        slices += 1


def test_sliced_overlay_and_move_equal_the_whole_answers() -> None:
    game = apply(new_game(BIG, seed=5), Move.reveal(60, 60)).game
    slices, shown = count_slices(Assistant().overlay_steps(game))
    assert slices > 1
    assert shown == drain(Assistant().overlay_steps(game))
    assert drain(Assistant().next_move_steps(game)) == drain(Assistant().next_move_steps(game))


def test_a_move_made_while_the_auto_player_thinks_drops_its_move() -> None:
    session = Session(Settings(level=BIG), seed=5)
    session.play(Move.reveal(60, 60))
    assert session.start_auto()
    steps = session.auto_steps()
    next(steps)  # the solver is thinking...
    moves = len(session.record.moves)
    session.play(Move.mark(0, 0))  # ...when the player steps in
    assert drain(steps) is None
    assert len(session.record.moves) == moves + 1  # the player's move only
    assert not session.auto_playing


def test_auto_steps_play_the_same_move_as_auto_step() -> None:
    stepped, whole = Session(Settings(level=BIG), seed=7), Session(Settings(level=BIG), seed=7)
    for session in (stepped, whole):
        session.play(Move.reveal(60, 60))
        session.start_auto()
    for _ in range(5):
        a, b = drain(stepped.auto_steps()), drain(whole.auto_steps())
        assert a is not None and b is not None
        assert a.game == b.game
