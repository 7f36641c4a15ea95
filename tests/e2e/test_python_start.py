"""PyScript runs the game: index.html's ``<script type="py" src="./main.py"
config="./pyscript.toml">``. Python starts the moment the page does (static/pyodide-boot.mjs,
a module script of its own), and PyScript, whose interpreter is that same module, is handed
that Python when it asks: Python starts once, and PyScript's own loading is not waited for.
A start that fails says why: in our words where main.py can, else PyScript's error display.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from benchmarks.startup import WORKER_ACTIVE_JS
from tests.e2e.conftest import Gate, PageGuard

READY = "document.body.dataset.ready === 'true'"
PYTHON_UP = "performance.getEntriesByName('python-initialised').length === 1"
# PyScript's events for a script, recorded as they fire (they do not bubble to window).
EVENTS_JS = """(() => {
  window.__pyEvents = [];
  for (const name of ["py:ready", "py:done"]) {
    addEventListener(name, (event) => window.__pyEvents.push(
      [name, event.target.getAttribute?.("src"), performance.now()]), true);
  }
})();"""
BYTECODE_KEPT = "document.documentElement.dataset.pyscriptBytecode === 'kept'"
MARKS = ("python-start", "python-initialised", "pyscript-asks", "pyscript-handed", "main-start")


def test_pyscript_runs_main_py_from_our_origin_on_the_python_the_page_started(
    page: Page, base_url: str
) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.add_init_script(EVENTS_JS)
    page.goto("?level=expert&seed=3")
    page.wait_for_function(READY, timeout=60_000)
    assert page.get_attribute("#board", "data-cols") == "30"
    page.wait_for_function("window.__pyEvents.length === 2", timeout=10_000)
    events = page.evaluate("window.__pyEvents")
    assert [(name, src) for name, src, _ in events] == [
        ("py:ready", "./main.py"),
        ("py:done", "./main.py"),
    ]
    # PyScript's core and its config came from this origin; nothing else did either (the
    # page guard fails any off-origin request).
    ours = [url.removeprefix(base_url) for url in asked if url.startswith(base_url)]
    assert "static/vendor/pyscript/core.js" in ours
    assert any(url.startswith("static/vendor/pyscript/core-") for url in ours)
    assert "pyscript.toml" in ours and "main.py" in ours
    assert len(ours) == len(asked)
    # The plugins pyscript.toml turns off were not fetched, for py nor for mpy.
    assert not [url for url in ours if "codemirror" in url or "py-editor" in url]
    assert not [url for url in ours if "donkey" in url or "py-terminal" in url]
    # Python started once, before PyScript asked; PyScript was handed it and ran main.py.
    times = page.evaluate(
        f"{list(MARKS)!r}.map((name) => performance.getEntriesByName(name).map((m) => m.startTime))"
    )
    assert [len(t) for t in times] == [1] * len(MARKS)
    start, initialised, asks, handed, main = (t[0] for t in times)
    assert start <= initialised <= handed and asks <= handed <= main
    assert events[0][2] >= handed
    # A first visit: PyScript imported the sources it wrote (compiled once, then kept).
    assert pyscript_file(page) == "/home/pyodide/pyscript/__init__.py"


def pyscript_file(page: Page) -> str:
    """Where the page's Python imported PyScript's package from."""
    where: str = page.evaluate(
        "import('./static/pyodide-boot.mjs').then((boot) => boot.loadPyodide())"
        ".then((python) => python.runPython('import pyscript; pyscript.__file__'))"
    )
    return where


def test_pyscript_s_package_is_compiled_once_and_imported_compiled_on_the_next_visit(
    page: Page, context: BrowserContext
) -> None:
    page.goto("?level=beginner")
    page.wait_for_function(READY, timeout=60_000)
    page.wait_for_function(BYTECODE_KEPT, timeout=30_000)
    page.close()
    again = context.new_page()  # a returning player's new tab
    again.goto("?level=beginner")
    again.wait_for_function(READY, timeout=60_000)
    assert again.evaluate("document.documentElement.dataset.pyscriptBytecode") == "used"
    assert pyscript_file(again) == "/home/pyodide/pyscript-bytecode.zip/pyscript/__init__.pyc"
    # The same package as PyScript wrote: every module of it compiled, none missing.
    names = again.evaluate(
        "import('./static/pyodide-boot.mjs').then((boot) => boot.loadPyodide()).then((python) =>"
        " python.runPython(\"import zipfile, os; sorted(n.removeprefix('pyscript/')"
        " .removesuffix('.pyc') for n in zipfile.ZipFile('/home/pyodide/pyscript-bytecode.zip')"
        " .namelist()) == sorted(n.removesuffix('.py') for n in os.listdir('pyscript'))\"))"
    )
    assert names is True


# The loading card's events (static/runtime-fetch.mjs), counted as they come.
PROGRESS_JS = """(() => {
  window.__progress = 0;
  addEventListener("runtime-progress", () => window.__progress++);
})();"""


def test_a_returning_player_s_downloads_are_not_counted_again(
    browser: Browser, base_url: str, page_guard: PageGuard
) -> None:
    """A first visit counts the runtime's bytes for the loading bar as they arrive; a
    returning player's come from the worker's cache, and reading them twice on the page's
    thread to count them would only slow the start."""
    context = browser.new_context(service_workers="allow", base_url=base_url)
    page_guard.watch(context)
    context.add_init_script(PROGRESS_JS)
    page = context.new_page()
    page.goto("?level=beginner")
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate("window.__progress") > 1  # counted as the bytes came
    page.evaluate(WORKER_ACTIVE_JS)
    page.close()
    again = context.new_page()
    again.goto("?level=beginner")
    again.wait_for_function(READY, timeout=60_000)
    assert again.evaluate("navigator.serviceWorker.controller !== null")
    assert again.evaluate("window.__progress") == 0
    context.close()


@pytest.fixture
def pyscript_held(page: Page) -> Iterator[Gate]:
    """Every request for PyScript's core held until released."""
    hold = Gate()
    page.route("**/vendor/pyscript/core.js", hold)
    yield hold
    hold.release()


def test_python_starts_without_waiting_for_pyscript(page: Page, pyscript_held: Gate) -> None:
    page.goto("?level=expert&seed=3", wait_until="commit")
    page.wait_for_function(PYTHON_UP, timeout=60_000)
    assert pyscript_held.held, "PyScript's core was never asked for"
    assert page.evaluate("performance.getEntriesByName('pyscript-asks').length") == 0
    assert page.evaluate(f"!({READY})")
    pyscript_held.release()
    page.wait_for_function(READY, timeout=60_000)
    assert page.get_attribute("#board", "data-cols") == "30"
    assert page.evaluate("performance.getEntriesByName('python-start').length") == 1
    assert page.evaluate("performance.getEntriesByName('python-initialised').length") == 1


def test_a_start_that_cannot_reach_the_entry_point_is_shown_by_pyscript(
    page: Page, page_guard: PageGuard
) -> None:
    """main.py cannot say why it did not run: PyScript's error display (its "error"
    plugin, left on in pyscript.toml for this) says it on the page."""
    page_guard.allow(r"main\.py")

    def missing(route: Route) -> None:
        route.fulfill(status=404, body="")

    page.route("**/main.py", missing)
    page.goto("?level=beginner")
    error = page.locator(".py-error")
    error.wait_for(timeout=60_000)
    said = error.text_content() or ""
    assert "main.py" in said and "404" in said
    assert error.is_visible()
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
    assert page.locator(".py-error").count() == 0, "said in our words, not as a Python error"
