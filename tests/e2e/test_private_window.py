"""A private window downloads each file once too.

A private (incognito) window keeps its HTTP cache in memory, and keeps no entry as large
as the 9.6 MB wasm when the server sends it uncompressed (a plain static server: ``make
serve``, ``python -m http.server`` in a copy of the site): the service worker, filling
its cache from the HTTP cache, downloaded the wasm a second time. The page now hands its
own downloads to the worker (static/runtime-fetch.mjs). Served both ways, as GitHub
Pages does (gzip) and plainly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.e2e.conftest import SITE, PageGuard, _origin
from tests.e2e.test_first_visit import START_JS, first_visit
from tests.e2e.test_offline import READY
from tools.serve import GITHUB_PAGES, SiteServer, running

WASM = "/static/vendor/pyodide/pyodide.asm.wasm"


@pytest.fixture(scope="module", params=["gzip", "uncompressed"])
def served(request: pytest.FixtureRequest) -> Iterator[tuple[SiteServer, str]]:
    delivery = {"delivery": GITHUB_PAGES} if request.param == "gzip" else {}
    with running(SITE, **delivery) as server_and_url:
        yield server_and_url


@pytest.fixture
def page_guard(served: tuple[SiteServer, str]) -> PageGuard:
    return PageGuard(origin=_origin(served[1]))


@pytest.fixture
def private_window(browser: Browser, page_guard: PageGuard) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="allow")
    page_guard.watch(context, route=False)
    yield context
    context.close()


def test_a_private_window_downloads_each_file_once(
    private_window: BrowserContext, served: tuple[SiteServer, str]
) -> None:
    server, url = served
    server.sent.clear()
    page = first_visit(private_window, url + "?level=intermediate", slow=True)
    bodies = [sent.path for sent in server.sent if sent.status == 200]
    assert [path for path, n in Counter(bodies).items() if n > 1] == []
    assert WASM in bodies
    assert page.evaluate("document.documentElement.dataset.downloadsHandedOver") == "true"

    server.sent.clear()
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate(START_JS) == ["snapshot", "device"]
    assert [sent.path for sent in server.sent if sent.status == 200] == []
