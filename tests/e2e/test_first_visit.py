"""A first visit downloads each file once, on a fast network and on a slow one.

The site is served as GitHub Pages serves it (gzip, ``max-age=600``, ETags), in a player's
persistent profile, and the server logs every response. A first visit is the page, its
service worker filling its cache, and the Python snapshot kept for the next visit:
* on a fast network the page downloads the build's snapshot and keeps it;
* on a slow one it boots without it, and a worker makes one on the device, which must
  not download the runtime again either.
Either way the server sends each file once (Workbox's precache used to send all of them
twice), and the second visit downloads nothing and starts from the kept snapshot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.e2e.board import Board
from tests.e2e.conftest import SITE, PageGuard, _origin
from tests.e2e.test_offline import READY, WORKER_ACTIVE_JS
from tools.serve import GITHUB_PAGES, SiteServer, running
from tools.site.snapshot import SNAPSHOT

KEPT_JS = "document.documentElement.dataset.pythonSnapshot === 'kept'"
START_JS = """[document.documentElement.dataset.pythonStart,
               document.documentElement.dataset.pythonSnapshot]"""
# 16 Mbit/s: the wasm (3.5 MB gzip) takes about 1.8 s, so the build's snapshot is not
# worth its download.
SLOW_NETWORK = {
    "offline": False,
    "latency": 20,
    "downloadThroughput": 2_000_000,
    "uploadThroughput": 2_000_000,
}


@pytest.fixture(scope="module")
def pages_like() -> Iterator[tuple[SiteServer, str]]:
    with running(SITE, delivery=GITHUB_PAGES) as served:
        yield served


@pytest.fixture
def page_guard(pages_like: tuple[SiteServer, str]) -> PageGuard:
    return PageGuard(origin=_origin(pages_like[1]))


def first_visit(profile: BrowserContext, url: str, slow: bool) -> Page:
    page = profile.pages[0] if profile.pages else profile.new_page()
    if slow:
        profile.new_cdp_session(page).send("Network.emulateNetworkConditions", SLOW_NETWORK)
    page.goto(url)
    page.wait_for_function(READY, timeout=90_000)
    page.evaluate(WORKER_ACTIVE_JS)
    page.wait_for_function(KEPT_JS, timeout=90_000)
    return page


@pytest.mark.parametrize("slow", [False, True], ids=["fast network", "slow network"])
def test_a_first_visit_downloads_each_file_once(
    cached_profile: BrowserContext, pages_like: tuple[SiteServer, str], slow: bool
) -> None:
    server, url = pages_like
    server.sent.clear()
    page = first_visit(cached_profile, url + "?level=intermediate", slow)
    came_in = page.evaluate("document.documentElement.dataset.wasmMs")
    assert page.evaluate(START_JS)[0] == ("boot" if slow else "snapshot"), f"wasm: {came_in} ms"
    assert (came_in == "late") is slow

    bodies = [sent.path for sent in server.sent if sent.status == 200]
    assert [path for path, n in Counter(bodies).items() if n > 1] == []
    assert ("/" + SNAPSHOT in bodies) is not slow  # the build's snapshot: fast network only
    assert {"/static/vendor/pyodide/pyodide.asm.wasm", "/sw.js"} <= set(bodies)

    server.sent.clear()
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate(START_JS) == ["snapshot", "device"]
    assert [sent.path for sent in server.sent if sent.status == 200] == []
    Board(page).click(8, 8)
    assert Board(page).status in ("playing", "won")
