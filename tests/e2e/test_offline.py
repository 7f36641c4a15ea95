"""Offline play and installation, in Chromium, with the site under a sub-path.

The site is served at ``/minesweeper/`` (as GitHub Pages serves a project site), in a
persistent browser profile: Chromium's incognito-like contexts never report a page as
installable. One visit online, then the network goes off and the page must start and
play whole games from the service worker's cache, every response coming from it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Request, Response

from engine import Level
from tests.e2e.board import Board, mines_of, win
from tests.e2e.conftest import SITE, PageGuard, _origin
from tests.e2e.reopen import start
from tools.serve import serving
from tools.site.snapshot import SNAPSHOT

BASE = "/minesweeper/"
READY = "document.body.dataset.ready === 'true'"
# Every URL held by the page's caches: the service worker's and the Python snapshot's.
CACHED_URLS_JS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) urls.push(request.url);
  }
  return urls;
}"""
WORKER_ACTIVE_JS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated") {
    await new Promise(done => worker.addEventListener("statechange", () => {
      if (worker.state === "activated") done();
    }));
  }
  return registration.scope;
}"""

# How each of the page's own files came, by Resource Timing: "cache" is the worker's static
# route to its cache (tools/site/sw.js), "fetch-event" the worker's script.
ROUTED_JS = """() => performance.getEntriesByType("resource")
  .filter((entry) => /\\/(static|python\\.zip|main\\.py)/.test(entry.name))
  .map((entry) => [entry.name, entry.workerFinalSourceType ?? null])"""


@pytest.fixture(scope="module")
def sub_path_url() -> Iterator[str]:
    with serving(SITE, base=BASE) as url:
        yield url


@pytest.fixture
def page_guard(sub_path_url: str) -> PageGuard:
    """The conftest's guard, for this module's own origin (its server is not base_url's)."""
    return PageGuard(origin=_origin(sub_path_url))


def first_visit(context: BrowserContext, url: str) -> tuple[Page, list[str]]:
    """Open ``url`` online, wait until the game is ready and the worker has cached the
    site; return the page and every URL it requested."""
    page = context.pages[0] if context.pages else context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    start(page, url, READY, 60_000)
    page.evaluate(WORKER_ACTIVE_JS)
    return page, requested


class Traffic:
    """Every request a page makes, how it ended, and where its response came from."""

    def __init__(self, page: Page) -> None:
        self.failed: list[str] = []
        self.responses: list[Response] = []
        page.on("requestfailed", self._failed)
        page.on("response", lambda response: self.responses.append(response))

    def _failed(self, request: Request) -> None:
        self.failed.append(f"{request.url}: {request.failure}")

    def not_from_the_worker(self) -> list[str]:
        return [
            f"{r.status} {r.url}"
            for r in self.responses
            if not r.url.startswith("data:") and not (r.from_service_worker and r.ok)
        ]


def test_installable_and_plays_offline_under_a_sub_path(
    profile: BrowserContext, sub_path_url: str
) -> None:
    page, requested = first_visit(profile, f"{sub_path_url}?rows=6&cols=6&mines=4&seed=11")
    assert urlsplit(page.url).path == BASE

    # Installable: a manifest Chromium accepts, icons it can fetch, a worker in control.
    cdp = profile.new_cdp_session(page)
    errors: Any = cdp.send("Page.getInstallabilityErrors")
    assert errors["installabilityErrors"] == []
    manifest: Any = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"] == f"{sub_path_url}manifest.webmanifest"

    # Everything the page asked for is in the cache, under the sub-path; the build's
    # snapshot, which a fast network brings, is kept as this device's snapshot instead.
    page.wait_for_function("document.documentElement.dataset.pythonSnapshot === 'kept'")
    cached = set(page.evaluate(CACHED_URLS_JS))
    assert all(urlsplit(url).path.startswith(BASE) for url in cached)
    wanted = {url.split("?")[0] for url in requested if not url.startswith("data:")}
    wanted = {f"{sub_path_url}index.html" if url == sub_path_url else url for url in wanted}
    assert wanted - cached == {f"{sub_path_url}{SNAPSHOT}"}
    assert [url for url in cached if re.search(r"/python-snapshot-\w+\.bin$", url)]

    # Offline: the page starts, every response comes from the worker, nothing fails.
    profile.set_offline(True)
    traffic = Traffic(page)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.pythonSnapshot") == "device"
    # The page's files come from the worker's cache by its static routes, the worker's
    # script not called for each (Chromium's Resource Timing says which way each came).
    routed = page.evaluate(ROUTED_JS)
    assert len(routed) >= 10 and all(way == "cache" for _url, way in routed), routed
    board = Board(page)
    assert board.attr("rows") == "6" and board.status == "ready"
    win(board, Level(6, 6, 4), 11, (0, 0))
    assert board.status == "won" and board.face == "cool"

    # another address: the same page
    start(page, f"{sub_path_url}?level=beginner&seed=4", READY, 60_000)
    board.click(4, 4)
    board.click(*mines_of(Level(9, 9, 10), 4, (4, 4))[0])
    assert board.status == "lost" and board.face == "dead"

    assert traffic.failed == []
    assert traffic.not_from_the_worker() == []
    assert len(traffic.responses) >= len(wanted)  # the offline loads were watched


def test_sub_path_serves_nothing_outside_it(sub_path_url: str) -> None:
    """The test server is strict: a URL that is not relative to the page would 404."""
    import urllib.error
    import urllib.request

    root = sub_path_url.removesuffix(BASE) + "/index.html"
    with pytest.raises(urllib.error.HTTPError) as outside:
        urllib.request.urlopen(root)
    assert outside.value.code == 404
    with urllib.request.urlopen(sub_path_url + "manifest.webmanifest") as response:
        assert response.headers["Content-Type"] == "application/manifest+json"
