"""The pointer of a replay (play/videos/replay_pointer.py): where it is, the buttons held and the
cells pressed under it at given times on the game's clock, for our games (with and without
the pointer's path) and the field's files."""

from __future__ import annotations

from engine import BEGINNER, Move, Record
from engine.record import LEFT, RIGHT, PointerSample
from play.videos.replay_files import read_replay
from play.videos.replay_pointer import PointerTimeline
from tests.helpers import shared_replay


def test_our_game_with_its_path_shows_the_pointer_moving_and_the_cell_held() -> None:
    record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.reveal(0, 8), 2000)
    path = (
        PointerSample(0, 72, 72, 0),
        PointerSample(500, 100, 40, 0),
        PointerSample(1800, 140, 4, LEFT),
        PointerSample(1900, 141, 5, LEFT),
    )
    track = PointerTimeline.of_record(record.with_path(path))
    moving = track.at(600)
    assert moving is not None and (moving.x, moving.y) == (100 / 16, 40 / 16)
    held = track.at(1850)
    assert held is not None and held.words == "left"
    assert (held.pressed, held.block) == ((0, 8), False)
    released = track.at(2000)
    assert released is not None and released.pressed is None and released.words == ""


def test_a_chord_shows_both_buttons_and_the_block_pressed() -> None:
    record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.chord(4, 4), 900)
    path = (PointerSample(700, 72, 72, LEFT | RIGHT),)
    pointer = PointerTimeline.of_record(record.with_path(path)).at(800)
    assert pointer is not None and pointer.words == "both"
    assert (pointer.pressed, pointer.block) == ((4, 4), True)


def test_a_game_without_a_path_has_its_clicks_at_the_cells_centres() -> None:
    record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.mark(2, 3), 700)
    pointer = PointerTimeline.of_record(record).at(700)
    assert pointer is not None and (pointer.x, pointer.y) == (3.5, 2.5)


def test_a_field_video_has_its_pointer_on_the_games_clock() -> None:
    data = shared_replay("test_subject.evf").read_bytes()
    game = read_replay(data, "test_subject.evf")
    track = PointerTimeline.of_imported(game)
    assert len(track) > 1000
    # at each move's time the pointer is on its cell (moves are on the game's clock too)
    for timed in game.moves[:50]:
        assert isinstance(timed.move, Move)
        pointer = track.at(timed.ms)
        assert pointer is not None
        assert (int(pointer.y), int(pointer.x)) == (timed.move.row, timed.move.col)
    held = [track.at(ms) for ms in range(0, game.moves[-1].ms, 37)]
    assert any(c is not None and c.words == "left" and c.pressed for c in held)
    assert any(c is not None and c.words == "" for c in held)
