"""The review viewer's rules in CPython: mistakes, curve geometry, marks, the files it opens."""

from __future__ import annotations

import pytest

from engine import Move, Record
from play.review import MoveReview, Verdict, review
from play.review.source import UnreadableError, from_file, needs_reader
from play.review.view import HEIGHT, PAD, WIDTH, curve, next_mistake, summary_figures
from tests.helpers import shared_replay


def reviews(*verdicts: Verdict) -> list[MoveReview]:
    return [MoveReview(n, Move.reveal(0, n), n * 100, v, "why") for n, v in enumerate(verdicts, 1)]


def test_mistakes_are_needless_worse_and_blunders_not_forced_guesses() -> None:
    moves = reviews(
        Verdict.CERTAIN, Verdict.FORCED, Verdict.WORSE, Verdict.NEUTRAL, Verdict.BLUNDER
    )
    assert next_mistake(moves, 0) == 3
    assert next_mistake(moves, 3) == 5
    assert next_mistake(moves, 5) is None
    assert next_mistake(moves, 6, forward=False) == 5  # from the end of the game
    assert next_mistake(moves, 3, forward=False) is None


def test_a_curve_spans_the_box_and_a_click_finds_the_nearest_move() -> None:
    values = [0.0, 0.25, 1.0, 0.5]
    c = curve(values, "risk")
    xs = [p.x for p in c.points]
    assert xs[0] == PAD and xs[-1] == WIDTH - PAD and xs == sorted(xs)
    assert [p.y for p in c.points] == [HEIGHT - PAD, 68.0, PAD, 48.0]
    assert c.path.startswith(f"M{PAD},{HEIGHT - PAD}") and c.path.count("L") == 3
    assert [c.nearest(x) for x in (0.0, 100.0, 200.0, 500.0)] == [1, 2, 3, 4]
    assert curve([1.5, -0.2], "clamped").points[0].y == PAD  # never out of the box


def test_marks_show_the_cell_a_mistake_passed_over() -> None:
    needless = MoveReview(2, Move.reveal(0, 0), 0, Verdict.NEEDLESS, "", safe_cell=(3, 3))
    forced = MoveReview(2, Move.reveal(0, 0), 0, Verdict.FORCED, "", choice=(1, 1))
    assert needless.marks == {(3, 3): "safe"}
    assert forced.marks == {}
    assert Verdict.NEEDLESS.kind == "needless"


def test_a_record_file_reviews_like_the_record() -> None:
    text = "ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;O0,0@1500"
    loaded = from_file(text.encode(), "game.txt")
    assert not needs_reader(text.encode())
    assert review(loaded).moves == review(Record.parse(text)).moves
    first = review(loaded).moves[0]
    assert first.text(2).startswith("Move 1 of 2, open row 5, column 5 at 0.00 s: certain.")


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("test_subject.rmv", "Beginner 8x8/10 in RMV (Viennasweeper), played by tkolar"),
        ("test_subject.avf", "Beginner 8x8/10 in AVF (Minesweeper Arbiter), played by Tommy"),
        ("test_subject.evf", "Expert 30x16/99 in EVF (Metasweeper), played by Szymon_M"),
    ],
)
def test_the_real_replay_files_open_with_their_title(name: str, title: str) -> None:
    loaded = from_file(shared_replay(name).read_bytes(), name)
    assert loaded.title == f"{name}: {title}"
    figures = dict(summary_figures(review(loaded).summary))
    assert {"result", "luck", "pluck", "IOE", "ZiNi"} <= figures.keys()


@pytest.mark.parametrize(
    ("data", "name", "message"),
    [
        (b"", "empty.rmv", "empty.rmv is damaged"),
        (b"PK\x03\x04 a zip", "photos.zip", "photos.zip is not a replay file"),
        (b"ms1;9x9/10;seed=1;marks=1;noguess=0;O20,3@0", "bad.txt", "bad.txt is not a game"),
    ],
)
def test_a_bad_file_is_named_in_a_sentence(data: bytes, name: str, message: str) -> None:
    with pytest.raises(UnreadableError) as problem:
        from_file(data, name)
    assert str(problem.value).startswith(message) and str(problem.value).endswith(".")
