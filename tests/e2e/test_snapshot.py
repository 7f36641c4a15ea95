"""Python starts from a memory snapshot when one is at hand, and falls back safely.

The snapshot options of Pyodide are private API (pinned with Pyodide 314.0.7), so the
paths are tested end to end (static/python-snapshot.mjs decides which snapshot):
* on a fast network (this local server) the page downloads the build's snapshot,
  restores it and plays; two fresh loads still deal different boards (nothing random
  was frozen into it); a snapshot that does not fit the runtime gives a console warning
  and a normal boot, not a broken page;
* on a slow network the page boots without downloading it, then a worker makes this
  build's snapshot on the device, and the next visit starts from that;
* a device snapshot that does not fit is replaced.
"""

from __future__ import annotations

import gzip
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

from tests.e2e.board import Board
from tests.e2e.conftest import SITE
from tests.e2e.reopen import start
from tools.serve import serving
from tools.site.snapshot import SNAPSHOT

READY = "document.body.dataset.ready === 'true'"


def test_page_starts_from_the_snapshot_and_plays(open_game: Callable[[str], Page]) -> None:
    page = open_game("/?seed=8")
    assert page.evaluate(START_JS) == ["snapshot", "build"]
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
        start(page, base_url, READY, 60_000)
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
    start(page, mismatched_site + "?seed=8", READY, 60_000)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "boot"
    assert [w for w in warnings if "snapshot does not fit" in w and "build id" in w]
    assert not [w for w in warnings if w.startswith("error")]
    board = Board(page)
    board.click(4, 4)
    assert board.status == "playing"


# A network where the build's snapshot does not pay for itself: 32 Mbit/s, so the wasm
# (9.6 MB as this test server sends it, uncompressed) takes far longer than 0.8 s.
SLOW_NETWORK = {
    "offline": False,
    "latency": 20,
    "downloadThroughput": 4_000_000,
    "uploadThroughput": 4_000_000,
}
START_JS = """[document.documentElement.dataset.pythonStart,
               document.documentElement.dataset.pythonSnapshot ?? null]"""
KEPT_JS = "document.documentElement.dataset.pythonSnapshot === 'kept'"


def throttled_page(context: BrowserContext) -> tuple[Page, list[str]]:
    page = context.new_page()
    context.new_cdp_session(page).send("Network.emulateNetworkConditions", SLOW_NETWORK)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    return page, requested


def snapshot_key() -> str:
    """The Cache Storage key this build's device snapshot is kept under."""
    text = (SITE / "static" / "boot-info.mjs").read_text(encoding="utf-8")
    build = text.split('export const BUILD = "', 1)[1].split('"', 1)[0]
    return f"static/python-snapshot-{build}.bin"


def test_a_slow_network_boots_without_the_download_then_the_device_keeps_its_own(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    context = new_context()
    page, requested = throttled_page(context)
    start(page, base_url + "?seed=8", READY, 60_000)
    assert page.evaluate(START_JS) == ["boot", None]
    Board(page).click(4, 4)
    page.wait_for_function(KEPT_JS, timeout=60_000)  # made by a worker, off the main thread
    assert not [url for url in requested if url.endswith(SNAPSHOT)]

    again, requested_again = throttled_page(context)
    start(again, base_url + "?level=intermediate", READY, 60_000)
    assert again.evaluate(START_JS) == ["snapshot", "device"]
    assert not [url for url in requested_again if url.endswith(SNAPSHOT)]
    board = Board(again)
    board.click(4, 4)
    assert board.status in ("playing", "won")


def test_a_device_snapshot_that_does_not_fit_is_replaced(
    new_context: Callable[..., BrowserContext], base_url: str, page_guard: Any
) -> None:
    page = new_context().new_page()
    start(page, base_url, KEPT_JS, 60_000)
    page.evaluate(
        """async (key) => {
          const store = await caches.open("minesweeper-python-snapshot");
          await store.put(new URL(key, location.href).href, new Response(new Uint8Array(4096)));
        }""",
        snapshot_key(),
    )
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text))
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate(START_JS) == ["boot", None]
    assert [w for w in warnings if "snapshot does not fit" in w]
    page.wait_for_function(KEPT_JS, timeout=60_000)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate(START_JS) == ["snapshot", "device"]
