"""The built site loads in Chromium: the runtime comes from our own origin and Python runs."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api._generated import Clock  # not exported by name (Playwright 1.65)

from tests.e2e.board import Board, run_for
from tests.e2e.conftest import PageGuard
from tests.e2e.reopen import CRASHED, REOPENINGS, Reopener, renderer_crashed, start

READY = "document.body.dataset.ready === 'true'"


@pytest.mark.parametrize("path", ["/", "/bench/bare.html"])
def test_page_becomes_ready(
    open_game: Callable[[str], Page], page_guard: PageGuard, path: str
) -> None:
    page = open_game(path)
    assert page.evaluate("document.body.dataset.ready") == "true"
    print(f"{path} ready in {page_guard.ready_seconds[path]:.2f} s")


def test_guard_records_errors(page: Page, page_guard: PageGuard) -> None:
    """The guard sees console errors, page errors and off-origin requests."""
    page.set_content("<p>guard test</p>")
    page.evaluate("console.error('boom from console')")
    page.evaluate("setTimeout(() => { throw new Error('boom from page') }, 0)")
    page.evaluate("fetch('http://off-origin.invalid/x').catch(() => null)")
    page.wait_for_timeout(200)
    found = "\n".join(page_guard.problems)
    for expected in ("boom from console", "boom from page", "off-origin.invalid"):
        assert expected in found, found
    page_guard.problems.clear()  # so this test itself passes the guard


def test_guard_allow(page: Page, page_guard: PageGuard) -> None:
    page_guard.allow("expected failure")
    page.set_content("<p>guard test</p>")
    page.evaluate("console.error('an expected failure')")
    page.wait_for_timeout(100)
    assert page_guard.problems == []


def test_crash_pattern_matches_only_a_dead_renderer(page: Page, page_guard: PageGuard) -> None:
    """What Playwright raises when a renderer dies is what the reopener looks for, and not
    what a page that merely fails to start or answer raises."""
    page.set_content("<p>about to crash</p>")
    with pytest.raises(PlaywrightError, match="ERR_ABORTED"):
        page.goto("chrome://crash")  # Chromium kills the renderer on purpose
    with pytest.raises(PlaywrightError) as crashed:
        page.wait_for_function("true", timeout=5000)
    assert renderer_crashed(crashed.value)
    other = page.context.new_page()
    other.set_content("<p>alive</p>")
    with pytest.raises(PlaywrightTimeoutError) as slow:
        other.wait_for_function("document.body.dataset.ready === 'true'", timeout=200)
    assert not renderer_crashed(slow.value)
    page_guard.contexts.remove(page.context)  # the crashed page is not watched any more


def test_a_renderer_that_dies_while_starting_gets_a_new_page_with_its_setup(
    open_game: Callable[[str], Page],
    page: Page,
    reopener: Reopener,
    clock: Clock,
    page_guard: PageGuard,
    request: pytest.FixtureRequest,
) -> None:
    """Two real crashes (chrome://crash) while Python starts: the test goes on, on a new
    page that has what the test set up, and its ``page`` and ``clock`` still work."""
    rerun = request.node.get_closest_marker("flaky")  # only a crash once ready is rerun
    assert rerun is not None and rerun.kwargs == {"reruns": 1, "only_rerun": [CRASHED.pattern]}
    page.add_init_script("window.setUpBeforeTheCrash = 'yes'")
    page.set_viewport_size({"width": 500, "height": 700})
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    reopener.crashes_to_cause = 2
    opened = open_game("/?level=beginner&seed=5")
    assert reopener.reopened == 2
    assert opened is page and page.evaluate("window.setUpBeforeTheCrash") == "yes"
    assert page.viewport_size == {"width": 500, "height": 700}
    page.evaluate("window.confirm('still heard?')")
    assert dialogs == ["still heard?"]
    board = Board(page)
    board.click(4, 4)
    assert board.status in ("playing", "won")
    shown = board.timer
    run_for(clock, 2100)  # the fake clock is the new page's
    assert int(board.timer) >= int(shown) + 2


def test_a_page_that_dies_at_every_start_fails(
    open_game: Callable[[str], Page], reopener: Reopener, page_guard: PageGuard
) -> None:
    reopener.crashes_to_cause = REOPENINGS + 1
    with pytest.raises(PlaywrightError) as crashed:
        open_game("/?level=beginner")
    assert renderer_crashed(crashed.value) and reopener.reopened == REOPENINGS
    page_guard.contexts.clear()  # nothing alive to watch


def test_a_crash_after_the_page_is_ready_is_not_caught(
    open_game: Callable[[str], Page], page_guard: PageGuard, reopener: Reopener
) -> None:
    """Only a start is retried: a renderer that dies once the game runs fails the test
    (here the failure is what the test expects)."""
    page = open_game("/?level=beginner")
    with pytest.raises(PlaywrightError, match="ERR_ABORTED"):
        page.goto("chrome://crash")
    with pytest.raises(PlaywrightError) as crashed:
        Board(page).click(4, 4)
    assert renderer_crashed(crashed.value) and reopener.reopened == 0
    page_guard.contexts.clear()


def test_any_page_of_a_watched_context_is_reopened_with_its_setup(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard, base_url: str
) -> None:
    """Pages a test opens itself (a phone's context here) get the same care through
    :func:`~tests.e2e.reopen.start`: their setup is recorded from their first moment."""
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page_guard.watch(context)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    Reopener.of(page).crashes_to_cause = 1
    start(page, f"{base_url}?level=beginner", READY)
    assert Reopener.of(page).reopened == 1
    assert page.viewport_size == {"width": 390, "height": 844}
    assert [url for url in requests if url.endswith("main.py")]  # heard on the new page
    Board(page).cell(4, 4).tap()
    assert Board(page).status in ("playing", "won")
