"""A new build deployed while a player has the game open.

Build A is the site as built; build B is a copy with a different index.html and main.py
and its own service worker (written by the same Workbox step as ``make site``). The
player visits A, B is deployed, the player comes back: the page offers "A new version is
ready — Reload" and nothing reloads by itself; a tab opened meanwhile still gets A, whole;
after the click the page is B, whole, and the caches hold B's files only.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import SITE, PageGuard, _origin
from tests.e2e.test_offline import CACHED_URLS_JS, READY, WORKER_ACTIVE_JS
from tools.serve import SiteServer, running, switch
from tools.site.offline import write_service_worker

BASE = "/app/"
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
    write_service_worker(site, names)
    return site


def revisions(site: Path) -> set[tuple[str, str]]:
    """(url, revision) of every file the site's sw.js precaches."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    return set(re.findall(r'\{url:"([^"]+)",revision:"([0-9a-f]+)"\}', text))


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

        cached = set()
        for cached_url in page.evaluate(CACHED_URLS_JS):
            path, _, revision = cached_url.partition("?__WB_REVISION__=")
            cached.add((path.removeprefix(url), revision))
        assert cached == revisions(b_site)  # B's files, all of them, and nothing of A's
        assert revisions(SITE) - revisions(b_site)  # (A and B did differ)
    finally:
        switch(site_server, SITE)
