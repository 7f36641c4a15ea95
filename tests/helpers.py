"""Shared test helpers: games on hand-drawn layouts, a clock moved by hand and one that moves
as it is read, an event loop of a test's own, a session's game lost, and a player typing at
the terminal."""

import asyncio
import bisect
import subprocess
import sys
import threading
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, TypeVar

from engine import Game, Layout, MarksChange, Move, Outcome, Status, TimedMove, apply, new_game
from engine.live import Moment
from engine.record import Event
from play.session import Session

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
"""The repository: where ``python -m terminal`` runs from."""

SHARED_REPLAYS = ROOT.parent / "shared" / "replays"
"""Real replay files of other clones: ``../shared/replays/``, beside the clone in CI."""


def shared_replay(name: str) -> Path:
    """The real replay file ``name`` of :data:`SHARED_REPLAYS`; the test is skipped where the
    clone has no ``../shared`` beside it."""
    import pytest

    path = SHARED_REPLAYS / name
    if not path.is_file():
        pytest.skip(f"{path} is not here")
    return path


def game_on(text: str, *, question_marks: bool = True) -> Game:
    return new_game(layout=Layout.from_text(text), question_marks=question_marks)


@dataclass(frozen=True)
class DrawnGame:
    """A game played on a drawn layout, as :func:`play.review.review_moves` takes it."""

    layout: Layout
    moves: tuple[TimedMove, ...]

    def new_game(self) -> Game:
        return new_game(layout=self.layout, question_marks=False)


def drawn_game(layout: Layout | str, *moves: str, apart_ms: int = 700) -> DrawnGame:
    """The game of ``moves`` (``O2,3``, ``F0,1``, ``Q`` for a change of question marks) on
    ``layout``, ``apart_ms`` from one another."""
    if isinstance(layout, str):
        layout = Layout.from_text(layout)
    events: list[Event] = [MarksChange.parse(m) if m[0] == "Q" else Move.parse(m) for m in moves]
    return DrawnGame(layout, tuple(TimedMove(e, apart_ms * i) for i, e in enumerate(events)))


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


class AdvancingClock:
    """A performance clock that moves ``step`` seconds each time it is read: a slice of
    sliced work ends after as many reads as its length allows."""

    def __init__(self, step: float = 0.010) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def in_thread(work: Callable[[], T]) -> T:
    """``work()`` in a thread of its own, its error raised here: the browser tests'
    Playwright keeps an event loop running in the main thread for the whole session."""
    done: list[T] = []
    failed: list[BaseException] = []

    def main() -> None:
        try:
            done.append(work())
        except BaseException as error:
            failed.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return done[0]


def run(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run ``scenario`` on an event loop of its own, in a thread of its own (:func:`in_thread`)."""
    return in_thread(lambda: asyncio.run(scenario()))


def lose_session_game(session: Session) -> None:
    """Open the centre of the session's board, then step on a mine: the game ends (and,
    with a keeper, is counted)."""
    grid = session.game.grid
    session.play(Move.reveal(grid.rows // 2, grid.cols // 2))
    layout = session.game.layout
    assert layout is not None
    session.play(Move.reveal(*grid.row_col(min(layout.mines))))
    assert session.game.status is Status.LOST


def typing(
    lines: Iterable[str | Callable[[], str]],
    output: TextIO,
    clock: FakeClock | None = None,
    *,
    echo: bool = False,
) -> Callable[[str], str]:
    """A player at a terminal, as a console's ``read``: each prompt is written to
    ``output``, then the next of ``lines`` is typed (a second on ``clock``, if given;
    written out after the prompt with ``echo``; a function is called for its line when
    it is asked for); the end of the lines is the end of the input (EOFError)."""
    pending = iter(lines)

    def read(prompt: str) -> str:
        output.write(prompt)
        if clock is not None:
            clock.now += 1.0
        line = next(pending, None)
        if line is None:
            raise EOFError
        text = line() if callable(line) else line
        if echo:
            output.write(text + "\n")
        return text

    return read


def run_terminal(*args: str, input: str) -> subprocess.CompletedProcess[str]:
    """`python -m terminal ARGS` with ``input`` on stdin, from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "terminal", *args],
        input=input,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def moment_at(timeline: tuple[Moment, ...], ms: int) -> Moment | None:
    """An oracle of the live counters by time: those of the last move of ``timeline``
    (:func:`engine.live.moments`) made by ``ms``, the clock at ``ms`` (stopped at the move
    that ended the game); None before the first move. (The game reads them by position.)"""
    at = bisect.bisect_right([m.ms for m in timeline], ms) - 1
    if at < 0:
        return None
    last = timeline[at]
    return last if last.over else last.at(ms)
