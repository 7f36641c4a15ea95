"""The built site loads in Chromium: the runtime comes from our own origin and Python runs."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import RENDERER_CRASHED, PageGuard


@pytest.mark.parametrize("path", ["/", "/bench/bare.html"])
def test_page_becomes_ready(
    open_game: Callable[[str], Page], page_guard: PageGuard, path: str
) -> None:
    page = open_game(path)
    assert page.evaluate("document.body.dataset.ready") == "true"
    print(f"{path} ready in {page_guard.ready_seconds[path]:.2f} s")


def test_guard_records_errors(page: Page, page_guard: PageGuard) -> None:
    """The guard sees console errors, page errors, .py-error boxes and off-origin requests."""
    page.set_content("<p>guard test</p>")
    page.evaluate("console.error('boom from console')")
    page.evaluate("setTimeout(() => { throw new Error('boom from page') }, 0)")
    page.evaluate("fetch('http://off-origin.invalid/x').catch(() => null)")
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<div class=\"py-error\">boom py</div>')"
    )
    page.wait_for_timeout(200)
    page_guard.collect_py_errors()
    found = "\n".join(page_guard.problems)
    for expected in ("boom from console", "boom from page", "off-origin.invalid", "boom py"):
        assert expected in found, found
    # Clean up so this test itself passes the guard.
    page.evaluate("document.querySelector('.py-error').remove()")
    page_guard.problems.clear()


def test_guard_allow(page: Page, page_guard: PageGuard) -> None:
    page_guard.allow("expected failure")
    page.set_content("<p>guard test</p>")
    page.evaluate("console.error('an expected failure')")
    page.wait_for_timeout(100)
    assert page_guard.problems == []


def test_only_a_crashed_renderer_gives_a_second_run(page: Page, page_guard: PageGuard) -> None:
    """The rerun pattern matches what Playwright really raises when a renderer dies, and
    not what a page that merely fails to start or answer raises."""
    page.set_content("<p>about to crash</p>")
    with pytest.raises(PlaywrightError, match="ERR_ABORTED"):
        page.goto("chrome://crash")  # Chromium kills the renderer on purpose
    with pytest.raises(PlaywrightError) as crashed:
        page.wait_for_function("true", timeout=5000)
    assert re.search(RENDERER_CRASHED, f"{crashed.type.__name__}: {crashed.value}")
    other = page.context.new_page()
    other.set_content("<p>alive</p>")
    with pytest.raises(PlaywrightTimeoutError) as slow:
        other.wait_for_function("document.body.dataset.ready === 'true'", timeout=200)
    assert not re.search(RENDERER_CRASHED, f"{slow.type.__name__}: {slow.value}")
    page_guard.contexts.remove(page.context)  # the crashed page has no .py-error to look for
