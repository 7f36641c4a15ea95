"""The built site loads in Chromium: the runtime comes from our own origin and Python runs."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import PageGuard


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
