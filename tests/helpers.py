"""Shared test helpers: games on hand-drawn layouts, a clock moved by hand, and an event
loop of a test's own."""

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from engine import Game, Layout, Move, Outcome, apply, new_game

T = TypeVar("T")


def game_on(text: str, *, question_marks: bool = True) -> Game:
    return new_game(layout=Layout.from_text(text), question_marks=question_marks)


def play(game: Game, *moves: str) -> Outcome:
    """Apply moves given as text; the last outcome."""
    outcome = Outcome(game)
    for text in moves:
        outcome = apply(outcome.game, Move.parse(text))
    return outcome


def board(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


class FakeClock:
    """A monotonic clock the test moves by hand (``clock.now += 2.5``)."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def run(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run ``scenario`` on an event loop of its own, in a thread of its own: the browser
    tests' Playwright keeps a loop running in the main thread for the whole session."""
    done: list[T] = []
    failed: list[BaseException] = []

    def main() -> None:
        try:
            done.append(asyncio.run(scenario()))
        except BaseException as error:
            failed.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return done[0]
