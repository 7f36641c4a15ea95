"""Shared test helpers: games on hand-drawn layouts, and a clock moved by hand."""

from engine import Game, Layout, Move, Outcome, apply, new_game


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
