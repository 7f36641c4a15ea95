"""A new build deployed while a player has the game open.

Build A is the site as built; build B is a copy with a different index.html and main.py
and its own boot-info.mjs and service worker (written by the same step as ``make site``).
The player visits A, B is deployed, the player comes back: the page offers "A new version
is ready — Reload" and nothing reloads by itself; a tab opened meanwhile still gets A,
whole; after the click the page is B, whole, and the caches hold B's files only.

The browser's HTTP cache still holds A's index.html and main.py when B's worker installs
(B's worker fills its cache from it): it must notice that they are not B's, by their
hashes, and fetch B's.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import SITE, PageGuard, _origin
from tests.e2e.test_offline import READY, WORKER_ACTIVE_JS
from tools.build_site import write_start_and_worker
from tools.serve import SiteServer, running, switch
from tools.site.offline import kept_by_worker

BASE = "/app/"
# The service worker's caches (not the Python snapshot's): {name: [url, ...]}.
SITE_CACHES_JS = """async () => {
  const kept = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith("minesweeper-site-")) continue;
    kept[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
  }
  return kept;
}"""
CACHED_TEXT_JS = """async (url) => {
  for (const name of await caches.keys()) {
    const kept = await (await caches.open(name)).match(url);
    if (kept) return await kept.text();
  }
  return null;
}"""


def worker_build(site: Path) -> str:
    """The build id in a site's sw.js."""
    found = re.search(r'^const BUILD = "(\w+)";$', (site / "sw.js").read_text("utf-8"), re.M)
    assert found is not None
    return found.group(1)


BUILD_OF_PAGE_JS = """() => [
  document.querySelector('meta[name="build"]')?.content ?? "A",
  document.body.dataset.build ?? "A",
]"""


def build_b(tmp: Path) -> Path:
    """A copy of the site whose page and Python differ: a new deployment."""
    site = tmp / "b"
    shutil.copytree(SITE, site, ignore=shutil.ignore_patterns("sw.js"))
    index = site / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace(
            "<title>", '<meta name="build" content="B">\n  <title>', 1
        ),
        encoding="utf-8",
    )
    with (site / "main.py").open("a", encoding="utf-8") as main:
        main.write('\ndocument.body.dataset.build = "B"\n')
    names = [p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()]
    write_start_and_worker(site, names)
    return site


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[SiteServer, str]]:
    with running(SITE, base=BASE) as served:
        yield served


@pytest.fixture
def page_guard(server: tuple[SiteServer, str]) -> PageGuard:
    return PageGuard(origin=_origin(server[1]))


def visit(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(READY, timeout=60_000)


def test_update_waits_for_the_player_and_never_mixes_builds(
    profile: BrowserContext, server: tuple[SiteServer, str], tmp_path: Path
) -> None:
    site_server, url = server
    b_site = build_b(tmp_path)
    page = profile.pages[0] if profile.pages else profile.new_page()
    visit(page, f"{url}?seed=3")
    page.evaluate(WORKER_ACTIVE_JS)
    visit(page, f"{url}?seed=3")  # now controlled by A's worker
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    try:
        switch(site_server, b_site)
        visit(page, f"{url}?seed=3")  # the returning player; the browser finds B's worker
        assert page.evaluate(BUILD_OF_PAGE_JS) == ["A", "A"]
        page.locator('#board .cell[data-row="4"][data-col="4"]').click()
        assert page.locator("#board").get_attribute("data-status") == "playing"
        page.evaluate("window.sameDocument = true")

        prompt = page.locator("#update")
        expect(prompt).to_have_text("A new version is ready — Reload", timeout=30_000)
        page.wait_for_timeout(1500)  # and nothing happens by itself
        assert page.evaluate("window.sameDocument") is True
        assert page.locator("#board").get_attribute("data-status") == "playing"

        # While B waits, a new tab gets A, page and Python alike: never half of each.
        other = profile.new_page()
        visit(other, f"{url}?seed=5")
        assert other.evaluate(BUILD_OF_PAGE_JS) == ["A", "A"]

        with page.expect_navigation():
            prompt.get_by_role("button", name="Reload").click()
        page.wait_for_function(READY, timeout=60_000)
        assert page.evaluate(BUILD_OF_PAGE_JS) == ["B", "B"]
        assert other.evaluate("document.body.dataset.ready") == "true"  # not reloaded

        kept = page.evaluate(SITE_CACHES_JS)
        assert list(kept) == [f"minesweeper-site-{worker_build(b_site)}"]  # A's is gone
        assert set(kept_by_worker(b_site)) == {
            u.removeprefix(url) for u in next(iter(kept.values()))
        }
        # B's bytes, although A's were in the HTTP cache when B's worker filled its own.
        assert page.evaluate(CACHED_TEXT_JS, f"{url}main.py").endswith(
            'document.body.dataset.build = "B"\n'
        )
        assert kept_by_worker(SITE) != kept_by_worker(b_site)  # (A and B did differ)
    finally:
        switch(site_server, SITE)
