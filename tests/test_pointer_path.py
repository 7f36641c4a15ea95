"""The pointer's path kept with a game's record: its text, old records without it, damaged
paths, and the bounds on what is kept (engine/pointer_path.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import BEGINNER, InvalidRecordError, Move, Record
from engine.pointer_path import SAMPLE_MS, PointerTrack
from engine.record import MOST_SAMPLES, PointerSample, parse_path, path_text
from play.game.round import Round
from play.game.settings import Settings
from play.keeping.parts import is_record

OLD = "ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500"
"""A record as written before paths were kept."""

samples = st.lists(
    st.tuples(
        st.integers(0, 10**6),
        st.integers(-5000, 5000),
        st.integers(-5000, 5000),
        st.integers(0, 7),
    ),
    max_size=60,
).map(lambda items: tuple(PointerSample(*item) for item in sorted(items)))


@given(samples)
def test_a_path_reads_back_from_its_text(path: tuple[PointerSample, ...]) -> None:
    record = Record.parse(OLD).with_path(path)
    text = record.to_text()
    assert Record.parse(text) == record
    assert is_record(text)
    assert parse_path(path_text(path)) == path


def test_a_record_written_before_paths_still_reads_and_writes_as_it_was() -> None:
    record = Record.parse(OLD)
    assert record.path == () and record.to_text() == OLD and is_record(OLD)


@pytest.mark.parametrize("tail", ["A", "!!!!", "gICAgICA", "AAA", "P=AAAA"])
def test_a_damaged_path_is_named_and_the_record_not_kept(tail: str) -> None:
    text = f"{OLD};P={tail}"
    with pytest.raises(InvalidRecordError, match="pointer's path"):
        Record.parse(text)
    assert not is_record(text)


def test_moves_closer_than_a_frame_or_a_pixel_are_not_kept_and_presses_always_are() -> None:
    track = PointerTrack()
    assert track.add(0, 10, 10, 0)
    assert not track.add(SAMPLE_MS - 1, 50, 50, 0)  # too soon
    assert not track.add(SAMPLE_MS, 10, 10, 0)  # not moved
    assert track.add(SAMPLE_MS, 11, 10, 0)
    assert track.add(SAMPLE_MS + 1, 11, 10, 1)  # a press, at once
    assert track.add(SAMPLE_MS + 1, 11, 10, 0)  # its release
    assert not track.add(5, 12, 10, 0)  # never back in time: counted at the last's time
    assert len(track) == 4


def test_a_button_the_path_does_not_keep_makes_no_press() -> None:
    """The DOM's ``buttons`` has bits past the three a path keeps (4: back, 5: forward,
    a pen's eraser): held through a move, they are no press, and the move is thinned as
    any other."""
    track = PointerTrack()
    back = 8
    assert track.add(0, 10, 10, back)
    assert not track.add(SAMPLE_MS - 1, 50, 50, back)  # too soon, as without the button
    assert track.add(SAMPLE_MS, 50, 50, 1 | back)  # the left press still counts
    assert [sample.buttons for sample in track.samples()] == [0, 1]


def test_a_path_is_bounded_and_a_minute_of_moving_costs_its_bytes() -> None:
    """A pointer always moving, 60 samples a second: what a minute of play costs."""
    track = PointerTrack()
    for n in range(60 * 60):
        track.add(n * 1000 // 60, 200 + (n * 7) % 300, 100 + (n * 3) % 200, 0)
    text = path_text(track.samples())
    assert 60 * 60 - 1 <= len(track) <= 60 * 60
    assert len(text) < 16_000  # about 4 characters a sample
    full = PointerTrack()
    full._samples = [PointerSample(0, 0, 0)] * MOST_SAMPLES  # as if an hour of moving
    assert not full.add(1, 5, 5, 0)


def test_the_round_keeps_the_path_with_the_kept_record_and_stops_at_the_end() -> None:
    played = Round.deal(Settings(level=BEGINNER), seed=42)
    played.pointer_at(70, 70, 1, now=10.0)
    played.apply(Move.reveal(4, 4), now=10.0)
    played.pointer_at(90, 70, 0, now=10.5)
    assert played.record.path == ()  # the record in play holds moves only
    kept = played.kept_record()
    assert [(s.ms, s.x, s.buttons) for s in kept.path] == [(0, 70, 1), (500, 90, 0)]
    assert Record.parse(kept.to_text()) == kept
    layout = played.game.layout
    assert layout is not None
    mine = min(layout.mines)
    played.apply(Move.reveal(*divmod(mine, 9)), now=11.0)  # lost: the path ends
    played.pointer_at(5, 5, 0, now=12.0)
    assert played.kept_record().path == kept.path
