"""Videos in the replay viewer and out of it: the pointer drawn over a replay's
board (web/dialogs/replays/pointer_view.py) at the times its track gives, a review step watched as a
clip, the name a saved video gets and the name written in it (play/videos/video.py), through the
session's kept replays and its player_name setting. In CPython, on the fake page and clock
of tests/test_replay_pace.py; tests/e2e/test_video.py does the same in Chromium."""

from __future__ import annotations

import doctest
import re
from types import SimpleNamespace
from typing import Any

import pytest

from engine import BEGINNER, EXPERT, Level, Move, Record
from engine.record import LEFT, PATH_CELL_PX, RIGHT, PointerSample
from play.game import Settings
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from play.videos.evf import EvfError
from play.videos.video import CLIP_LEAD_MS, clip_of, video_name, video_of
from tests import fake_browser
from tests.fake_dom import settle
from tests.helpers import FakeClock, lose_session_game, run
from tests.test_replay_pace import DialogDocument, text, viewer
from web.board import highlights
from web.dialogs.replays import pointer_view
from web.dialogs.replays.dialog import ReplayDialog
from web.dialogs.replays.pointer_view import NO_BUTTON
from web.page import ids

ms_toollib = pytest.importorskip("ms_toollib")


@pytest.fixture(autouse=True)
def js_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_browser.install(monkeypatch)


@pytest.mark.parametrize("module", [pointer_view, highlights])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def px(cells: float) -> int:
    return round(cells * PATH_CELL_PX)


def pointed_record() -> Record:
    """A beginner game with a pointer: it moves from (0.5, 0.5) to cell (4, 4), holds the
    left button there from 900 to 1000 ms (the reveal at 1000, which opens the board's
    right side), leaves the board to the right at 2000 ms, comes back over cell (4, 3), a 1
    with three covered cells beside it, and holds both buttons there from 2500 to 2600 ms
    (a chord)."""
    path = (
        PointerSample(-300, px(0.5), px(0.5)),
        PointerSample(400, px(2.5), px(2.5)),
        PointerSample(800, px(4.5), px(4.5)),
        PointerSample(900, px(4.5), px(4.5), LEFT),
        PointerSample(1000, px(4.5), px(4.5)),
        PointerSample(2000, px(12), px(4.5)),
        PointerSample(2400, px(3.5), px(4.5)),
        PointerSample(2500, px(3.5), px(4.5), LEFT | RIGHT),
        PointerSample(2600, px(3.5), px(4.5)),
    )
    record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 1000).add(Move.chord(4, 3), 2600)
    return record.with_path(path)


BLOCK_COVERED = {(3, 2), (4, 2), (5, 2)}
"""The covered cells around (4, 3) after the reveal at (4, 4) (seed 42: the 1 at (4, 3) has
the left side of the board beside it, still covered)."""


class Style:
    """An element's ``style``, keeping what it is given."""

    def __init__(self) -> None:
        self.properties: dict[str, str] = {}

    def setProperty(self, name: str, value: str) -> None:
        self.properties[name] = value

    def removeProperty(self, name: str) -> None:
        self.properties.pop(name, None)


def watched(record: Record) -> tuple[ReplayDialog, DialogDocument, Any]:
    dialog, document, _scheduler = viewer()
    pointer = document.getElementById(ids.REPLAY_POINTER)
    pointer.style = Style()  # type: ignore[assignment]
    dialog.show(record)
    return dialog, document, pointer


def scrub_to(dialog: ReplayDialog, ms: int) -> None:
    dialog.player.on_scrub(SimpleNamespace(target=SimpleNamespace(value=str(ms))))


def pressed(document: DialogDocument) -> set[tuple[int, int]]:
    board = document.getElementById(ids.REPLAY_BOARD)
    return {
        (r, c)
        for r, row in enumerate(board.children)
        for c, cell in enumerate(row.children)
        if cell.classList.contains(ids.PRESSED_CLASS)
    }


def test_the_pointer_goes_where_the_path_went_in_cells() -> None:
    dialog, _document, pointer = watched(pointed_record())
    places = []
    for ms in (0, 400, 800):
        scrub_to(dialog, ms)
        places.append((pointer.style.properties["--x"], pointer.style.properties["--y"]))
    assert places == [("0.5", "0.5"), ("2.5", "2.5"), ("4.5", "4.5")]
    assert pointer.style.properties["--cols"] == "9" and pointer.style.properties["--rows"] == "9"
    assert not pointer.hidden and pointer.dataset.buttons == NO_BUTTON


def test_a_held_left_button_shows_its_cell_pressed_and_the_face_surprised() -> None:
    dialog, document, pointer = watched(pointed_record())
    scrub_to(dialog, 950)
    assert pointer.dataset.buttons == "left"
    assert pressed(document) == {(4, 4)}
    assert document.getElementById(ids.REPLAY_FACE).dataset.face == "surprise"
    scrub_to(dialog, 1000)  # released: the reveal is made, nothing pressed any more
    assert pressed(document) == set() and pointer.dataset.buttons == NO_BUTTON
    assert document.getElementById(ids.REPLAY_FACE).dataset.face == "smile"


def test_both_buttons_show_the_covered_cells_of_the_block_pressed() -> None:
    record = pointed_record()
    dialog, document, pointer = watched(record)
    scrub_to(dialog, 2550)
    assert pointer.dataset.buttons == "both"
    assert pressed(document) == BLOCK_COVERED
    opened = Record(BEGINNER, 42).add(Move.reveal(4, 4), 1000).replay()
    assert {(r, c) for r, c in BLOCK_COVERED if opened.tiles[opened.grid.index(r, c)] == 9} == (
        BLOCK_COVERED
    )


def test_off_the_board_the_pointer_is_hidden_and_before_its_first_move_too() -> None:
    dialog, _document, pointer = watched(pointed_record())
    scrub_to(dialog, 2000)
    assert pointer.hidden
    scrub_to(dialog, 2400)
    assert not pointer.hidden and pointer.style.properties["--x"] == "3.5"
    record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 500)  # no path: clicks only
    dialog, _document, pointer = watched(record)
    assert pointer.hidden  # at 0 ms: no click yet
    scrub_to(dialog, 500)
    assert not pointer.hidden and pointer.style.properties["--x"] == "4.5"


def test_a_move_watched_as_a_clip_plays_from_a_second_before_it_and_stops_just_before() -> None:
    async def scenario() -> None:
        dialog, document, _pointer = watched(pointed_record())
        player = dialog.player
        player.watch(2)  # the chord at 2600 ms
        assert (
            player.playback.ms == 2600 - CLIP_LEAD_MS and text(document, ids.REPLAY_PLAY) == "Pause"
        )
        await settle(2_000)
        assert (
            player.playback.ms == 2599 and player.playback.index == 1
        )  # the position the chord was made in
        assert text(document, ids.REPLAY_PLAY) == "Play" and player._task is None
        assert pressed(document) == BLOCK_COVERED  # both buttons still down

    run(scenario)


def test_a_clip_watched_while_another_plays_replaces_it() -> None:
    async def scenario() -> None:
        dialog, document, _pointer = watched(pointed_record())
        player = dialog.player
        player.toggle()  # playing the whole game
        await settle(3)
        player.watch(1)  # the reveal at 1000 ms, from 0
        task = player._task
        await settle(3)
        assert player._task is task and text(document, ids.REPLAY_PLAY) == "Pause"
        await settle(2_000)
        assert player.playback.ms == 999 and text(document, ids.REPLAY_PLAY) == "Play"

    run(scenario)


def test_a_video_is_named_for_its_board_and_when_it_ended() -> None:
    at = "2026-11-22T17:55:01.250Z"
    assert video_name(BEGINNER, at) == "minesweeper-beginner-2026-11-22-1755.evf"
    assert video_name(EXPERT, at) == "minesweeper-expert-2026-11-22-1755.evf"
    assert video_name(Level(10, 20, 30), at) == "minesweeper-20x10-30-2026-11-22-1755.evf"
    assert clip_of(0) == (0, 0) and clip_of(10_000) == (9_000, 9_999)


def test_a_kept_game_saves_with_the_players_name_as_ms_toollib_reads_it() -> None:
    clock = FakeClock()
    session = Session(Settings(level=BEGINNER), seed=7, clock=clock, keeper=keeper())
    session.change(player_name="  Ada\x00 Lovelace  ")
    assert session.settings.player_name == "Ada Lovelace"
    lose_session_game(session)
    (game,) = session.replays.games()
    video = session.replays.video(game.id, session.settings.player_name)
    assert video is not None
    assert video.name == f"minesweeper-beginner-{game.at[:10]}-{game.at[11:13]}{game.at[14:16]}.evf"
    read = ms_toollib.EvfVideo(raw_data=list(video.data))
    read.parse()
    assert read.player_identifier == "Ada Lovelace"
    assert (read.row, read.column, read.mine_num) == (9, 9, 10)
    assert session.replays.video("no such game", "") is None


def test_the_name_is_kept_with_the_settings() -> None:
    store = MemoryStorage()
    Session(keeper=keeper(store)).change(player_name="Szymon")
    assert Session(Keeper(Blobs(store)).settings(), keeper=keeper(store)).settings.player_name == (
        "Szymon"
    )


def test_a_game_with_no_board_yet_is_refused_in_words() -> None:
    with pytest.raises(EvfError, match="no board yet"):
        video_of(Record(BEGINNER, 1), "2026-11-22T17:55:01.250Z", "")


def keeper(store: MemoryStorage | None = None) -> Keeper:
    return Keeper(Blobs(MemoryStorage() if store is None else store))


def test_the_position_before_the_first_move_counts_nothing_even_at_0_ms(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Review's first step, the position before move 1, showed "clicks 1, 3BV 1/9" (a
    race's: "clicks 2"): the counters were read at the frame's time, and a first reveal
    made at 0 ms, as a daily board's or a race's is, was counted before it was played."""
    from tests.fake_dom import Scheduler
    from tests.helpers import AdvancingClock
    from web.page import ids

    fake_browser.install(monkeypatch)
    record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 0)
    record = record.add(Move.reveal(8, 8), 700)
    session = Session(seed=1, clock=FakeClock())
    document = DialogDocument()
    dialog = ReplayDialog(document, session, Scheduler(FakeClock()), AdvancingClock())
    dialog.open()
    dialog.show(record)
    shown = []
    for number in (1, 2, 3):  # the position before each move, as Review steps to it
        dialog.go_to_move(number)
        shown.append(str(document.getElementById(ids.REPLAY_COUNTERS).innerHTML))
    assert shown[0] == "<span>3BV —</span>"  # nothing played yet
    clicks = [re.search(r"clicks (\d+)", text) for text in shown[1:]]
    assert [int(c.group(1)) for c in clicks if c] == [1, 2]  # each move after it is played
