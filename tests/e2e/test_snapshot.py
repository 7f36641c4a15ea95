"""Python starts from the memory snapshot made by the site build, and falls back safely.

The snapshot options of Pyodide are private API (pinned with Pyodide 314.0.7), so the
path is tested end to end: the page restores the snapshot and plays; two fresh loads
still deal different boards (nothing random was frozen into it); and a snapshot that
does not fit the runtime gives a console warning and a normal boot, not a broken page.
"""

from __future__ import annotations

import gzip
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

from tests.e2e.board import Board
from tests.e2e.conftest import SITE
from tools.serve import serving
from tools.site.snapshot import SNAPSHOT

READY = "document.body.dataset.ready === 'true'"


def test_page_starts_from_the_snapshot_and_plays(open_game: Callable[[str], Page]) -> None:
    page = open_game("/?seed=8")
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    board = Board(page)
    board.click(4, 4)
    assert board.status == "playing" and board.states()[(4, 4)][0] == "open"


def test_fresh_starts_deal_different_boards(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """A random seed drawn at build time would be in the snapshot: every player's first
    board would be the same."""
    boards = []
    for _ in range(2):
        page = new_context().new_page()
        page.goto(base_url)
        page.wait_for_function(READY, timeout=60_000)
        board = Board(page)
        board.click(4, 4)
        boards.append(board.states())
    assert boards[0] != boards[1]


@pytest.fixture
def mismatched_site(tmp_path: Path) -> Iterator[str]:
    """The site with a snapshot another Pyodide build would have made."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    snapshot = site / SNAPSHOT
    memory = bytearray(gzip.decompress(snapshot.read_bytes()))
    # The header's words 4-11 are the BUILD_ID of the Pyodide that made the snapshot.
    memory[16:48] = bytes(255 - byte for byte in memory[16:48])
    snapshot.write_bytes(gzip.compress(bytes(memory), compresslevel=1))
    with serving(site) as url:
        yield url


def test_a_snapshot_that_does_not_fit_falls_back_to_a_normal_boot(
    new_context: Callable[..., BrowserContext], mismatched_site: str
) -> None:
    page = new_context().new_page()
    warnings: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("warning", "error"):
            warnings.append(f"{message.type}: {message.text}")

    page.on("console", on_console)
    page.goto(mismatched_site + "?seed=8")
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "boot"
    assert [w for w in warnings if "snapshot does not fit" in w and "build id" in w]
    assert not [w for w in warnings if w.startswith("error")]
    board = Board(page)
    board.click(4, 4)
    assert board.status == "playing"
