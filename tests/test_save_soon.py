"""A move's game is written after the frame that shows the move, never lost: the page hands
the keeper a ``later`` (:func:`web.page.pace.after_frame`), so that saving (a few
milliseconds on a phone's processor) is not in the click's frame; the latest game only is
written, a game saved at once (a page hidden, a new game) is never overwritten by one
saved soon before it, and a page that goes away keeps its last move."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import BEGINNER, Move, Record
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.storage import MemoryStorage
from tests import fake_browser
from tests.fake_dom import settle
from tests.helpers import run
from tests.real_page import OpenPage

SEED = 20261206


@pytest.fixture(autouse=True)
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_browser.install(monkeypatch)


def snapshot(moves: int) -> Snapshot:
    record = Record(BEGINNER, SEED)
    for n in range(moves):
        record = record.add(Move.reveal(0, n), 100 * n)
    return Snapshot(record, elapsed_ms=100 * moves)


def kept_moves(storage: MemoryStorage) -> int | None:
    game = Keeper(Blobs(storage)).game()
    return None if game is None else len(game.record.moves)


def keeper_later(storage: MemoryStorage) -> tuple[Keeper, list[Callable[[], None]]]:
    waiting: list[Callable[[], None]] = []
    return Keeper(Blobs(storage), later=waiting.append), waiting


def test_games_saved_soon_are_written_once_the_front_end_says_the_latest_only() -> None:
    storage = MemoryStorage()
    keeper, waiting = keeper_later(storage)
    keeper.save_game(snapshot(1), soon=True)
    keeper.save_game(snapshot(2), soon=True)
    assert kept_moves(storage) is None and len(waiting) == 1
    waiting.pop()()
    assert kept_moves(storage) == 2


def test_a_game_saved_at_once_is_not_overwritten_by_one_saved_soon_before_it() -> None:
    storage = MemoryStorage()
    keeper, waiting = keeper_later(storage)
    keeper.save_game(snapshot(3), soon=True)
    keeper.save_game(snapshot(1))  # a new game, or the page hidden
    assert kept_moves(storage) == 1
    for work in waiting:
        work()
    assert kept_moves(storage) == 1
    keeper.save_game(None, soon=True)  # the game over: forgotten, soon
    waiting[-1]()
    assert kept_moves(storage) is None


def test_the_page_writes_a_click_after_its_frame_and_keeps_it_when_it_goes_away() -> None:
    async def played() -> None:
        storage = MemoryStorage()
        page = OpenPage(storage, query=f"?level=beginner&seed={SEED}")
        page.click(4, 4)
        assert page.document.state(4, 4) == "open"
        assert kept_moves(storage) == 0, "written in the click's frame"  # as dealt
        await settle()
        assert kept_moves(storage) == 1
        covered = page.session.game.tiles.index(9)  # tiles.COVERED
        page.click(*page.session.game.grid.row_col(covered), button="right")
        assert kept_moves(storage) == 1
        page.close()  # at once, on pagehide: the flag is kept
        assert kept_moves(storage) == 2

    run(played)
