"""The page starts Python itself and runs the game's entry point, main.py, the moment
Python is up: no PyScript is loaded (its own start cost 0.2-0.55 s of every visit after
Python's, docs/runtime-notes.md), and a start that fails says why where the board is.
"""

from __future__ import annotations

from playwright.sync_api import Page, Route

from tests.e2e.conftest import PageGuard

READY = "document.body.dataset.ready === 'true'"


def test_the_game_starts_from_python_without_pyscript(page: Page) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto("?level=expert&seed=3")
    page.wait_for_function(READY, timeout=60_000)
    assert page.get_attribute("#board", "data-cols") == "30"
    assert not [url for url in asked if "pyscript" in url.lower()]
    assert any(url.endswith("/main.py") for url in asked)
    # Python started once, and main.py ran after it was up.
    marks = page.evaluate(
        "['python-start', 'python-initialised', 'main-start', 'modules-imported']"
        ".map((name) => performance.getEntriesByName(name).map((mark) => mark.startTime))"
    )
    assert [len(times) for times in marks] == [1, 1, 1, 1]
    started, initialised, main, imported = (times[0] for times in marks)
    assert started <= initialised <= main <= imported


def test_a_start_that_cannot_reach_the_entry_point_says_why(
    page: Page, page_guard: PageGuard
) -> None:
    page_guard.allow(r"main\.py")

    def missing(route: Route) -> None:
        route.fulfill(status=404, body="")

    page.route("**/main.py", missing)
    page.goto("?level=beginner")
    loading = page.locator("#loading")
    loading.wait_for(state="attached")
    page.wait_for_function(
        "document.getElementById('loading')?.textContent.includes('could not start')",
        timeout=60_000,
    )
    assert "main.py: HTTP 404" in (loading.text_content() or "")
    assert page.evaluate(f"!({READY})")


def test_a_python_start_that_fails_says_why_even_on_a_page_without_its_loading_card(
    page: Page, page_guard: PageGuard
) -> None:
    """main.py's own message, when the page has no #loading to put it in: getElementById's
    miss is JavaScript's null (not None in Pyodide), so the message goes to the body."""
    page_guard.allow(r".")  # the page is broken on purpose: its scripts say so

    def broken_page(route: Route) -> None:
        response = route.fetch()
        html = response.text().replace('id="loading"', 'id="gone"').replace('id="face"', "")
        route.fulfill(response=response, body=html)

    page.route("**/?level=beginner", broken_page)
    page.goto("?level=beginner")
    page.wait_for_function(
        "document.body.textContent.includes('The game could not start')", timeout=60_000
    )
    said = page.evaluate("document.body.textContent")
    assert "could not start: Traceback" not in said  # main.py's words, not a traceback's
    assert page.evaluate(f"!({READY})")
