"""Browser tests: Playwright + Chromium against the built ``_site/``, served on 127.0.0.1.

Every test in this folder is marked ``e2e`` (``make test-fast`` deselects them) and fails on:
a console error, an uncaught page error (a Python exception in an event handler is one), or
a request to any host but the local server (such requests are aborted and recorded).

A page whose renderer crashed while the game started is opened again in the same test, at
most :data:`~tests.e2e.reopen.REOPENINGS` times, and logged (:mod:`tests.e2e.reopen`).
A test whose renderer crashed after the page was ready is run once more, and listed in the
summary (:data:`~tests.e2e.reopen.CRASH_RERUN`); a test that fails in any other way, or
crashes twice, fails.

Fixtures:
  ``base_url``   the local server's URL (``page.goto("/...")`` is relative to it).
  ``page_guard`` the recorder behind those checks; ``page_guard.allow(regex)`` lets a test
                 that provokes an error on purpose accept console/page errors matching it.
  ``open_game``  ``open_game("/?seed=1") -> Page``: open a path, wait until the page sets
                 ``document.body.dataset.ready = 'true'`` (60 s at most; Pyodide takes ~2.5 s).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Playwright, Route, WebError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api._generated import Clock  # not exported by name (Playwright 1.65)

from tests.e2e.reopen import CRASH_RERUN, REOPENED, Reopener, starting
from tools.chromium import launch_options
from tools.serve import serving

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SITE = Path(os.environ.get("MINESWEEPER_SITE") or ROOT / "_site")
"""The built site under test; ``MINESWEEPER_SITE=/tmp/site`` tests a build made with
``python -m tools.build_site --out /tmp/site`` (several builds can be tested side by side)."""
READY_TIMEOUT_S = 60.0
READY_OR_FAILED_JS = (
    "document.body !== null && (document.body.dataset.ready === 'true'"
    " || document.body.textContent.includes('The game could not start'))"
)
"""Ready, or the start failed and said so (main.py, static/pyodide-boot.mjs): also a
console error, which the guard records."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(CRASH_RERUN)


RERUN: list[str] = []
"""Every test run again after its renderer crashed, ``test: error``, for the summary."""


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":  # pytest-rerunfailures' outcome, only for a crash
        crash = getattr(report.longrepr, "reprcrash", None)
        RERUN.append(f"{report.nodeid}: {crash.message if crash else report.longrepr}")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for title, lines in (
        ("renderers that crashed while starting, pages opened again", REOPENED),
        ("renderers that crashed once the page was ready, tests run again", RERUN),
    ):
        if lines:
            terminalreporter.section(title)
            for line in lines:
                terminalreporter.line(line)


# --- browser and server -------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium if installed (Playwright cannot download browsers here), else
    Playwright's own; flags that keep it quiet, offline and working as root."""
    options = launch_options()  # shared with benchmarks/browser.py
    args = {**browser_type_launch_args, **options}
    args["args"] = [*browser_type_launch_args.get("args", []), *options["args"]]
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """No service worker unless a test asks for one (``new_context(service_workers="allow")``
    or a persistent profile): it fills a 20 MB cache behind every page, which only the
    offline tests want, and which slows every other test on a 2-core machine."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site_server() -> Iterator[str]:
    """Serve _site/ on a free port for the whole session; yield its URL."""
    try:
        with serving(SITE) as url:
            yield url
    except FileNotFoundError as missing:
        pytest.fail(str(missing), pytrace=False)


@pytest.fixture(scope="session")
def base_url(pytestconfig: pytest.Config, request: pytest.FixtureRequest) -> str:
    """The local server, or ``--base-url``/``PYTEST_BASE_URL`` to test a deployed site."""
    given = pytestconfig.getoption("--base-url", default=None)
    if given:
        return str(given).rstrip("/") + "/"
    url: str = request.getfixturevalue("site_server")
    return url


# --- the guard ----------------------------------------------------------------------------


def _shorten(text: str, keep_frames: int = 3) -> str:
    """Drop JS stack frames past the first few (Pyodide's are mostly wasm noise)."""
    lines = text.splitlines()
    frames = [i for i, line in enumerate(lines) if line.lstrip().startswith("at ")]
    dropped = set(frames[keep_frames:])
    if not dropped:
        return text
    kept = [line for i, line in enumerate(lines) if i not in dropped]
    return "\n".join([*kept, f"    ... {len(dropped)} more stack frames"])


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class PageGuard:
    """Records what must fail a browser test; checked after the test body."""

    origin: str
    problems: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)
    contexts: list[BrowserContext] = field(default_factory=list)
    ready_seconds: dict[str, float] = field(default_factory=dict)  # open_game's load times

    def allow(self, pattern: str) -> None:
        """Accept console errors and page errors whose text matches ``pattern`` (re.search)."""
        self.allowed.append(re.compile(pattern))

    def _record(self, text: str) -> None:
        if not any(p.search(text) for p in self.allowed):
            self.problems.append(text)

    def watch(self, context: BrowserContext, route: bool = True) -> None:
        """Guard ``context``. Routing its requests (to abort off-origin ones) turns
        Chromium's HTTP cache off; a test of caching passes ``route=False``, and an
        off-origin request is then only recorded."""
        self.contexts.append(context)
        context.on("page", Reopener.of)  # a page's setup is recorded from its first moment
        if route:
            context.route("**/*", self._route)
        else:
            context.on("request", lambda request: self._off_origin(request.url))
        context.on("console", self._on_console)
        context.on("weberror", self._on_weberror)

    def _off_origin(self, url: str) -> bool:
        if url.startswith(("data:", "blob:")) or _origin(url) == self.origin:
            return False
        self.problems.append(f"off-origin request: {url}")
        return True

    def _route(self, route: Route) -> None:
        if self._off_origin(route.request.url):
            route.abort("blockedbyclient")
        else:
            route.continue_()

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            text = _shorten(message.text)
            self._record(f"console error: {text}" + (f"  [{where}]" if where else ""))

    def _on_weberror(self, error: WebError) -> None:
        self._record(f"page error: {error.error}")

    def report(self) -> str:
        return "browser problems:\n" + "\n".join(f"  - {p}" for p in self.problems)


@pytest.fixture
def page_guard(base_url: str) -> PageGuard:
    return PageGuard(origin=_origin(base_url))


@pytest.fixture
def context(new_context: Callable[..., BrowserContext], page_guard: PageGuard) -> BrowserContext:
    """pytest-playwright's context, watched by the guard (so ``page`` is guarded too)."""
    ctx = new_context()
    page_guard.watch(ctx)
    return ctx


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """After the test body (pages still open): fail on anything the guard recorded."""
    guard = getattr(item, "funcargs", {}).get("page_guard")
    try:
        result = yield
    except BaseException as exc:
        if isinstance(guard, PageGuard) and guard.problems:
            exc.add_note(guard.report())
        raise
    if isinstance(guard, PageGuard) and guard.problems:
        pytest.fail(guard.report(), pytrace=False)
    return result


# --- helpers ------------------------------------------------------------------------------


@pytest.fixture
def profile(
    playwright: Playwright, page_guard: PageGuard, tmp_path: Path
) -> Iterator[BrowserContext]:
    """A fresh persistent profile: what a player's browser is, service worker included
    (incognito-like contexts never report a page as installable). Watched by the
    ``page_guard`` of the requesting module, which may serve its own origin."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **launch_options()
    )
    page_guard.watch(context)
    yield context
    context.close()


@pytest.fixture
def cached_profile(
    playwright: Playwright, page_guard: PageGuard, tmp_path: Path
) -> Iterator[BrowserContext]:
    """Like ``profile``, with Chromium's HTTP cache at work: the guard records off-origin
    requests instead of routing them (a routed context has no HTTP cache)."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **launch_options()
    )
    page_guard.watch(context, route=False)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """pytest-playwright's page, behind a :class:`~tests.e2e.reopen.Reopener`."""
    return context.new_page()


@pytest.fixture
def reopener(page: Page) -> Reopener:
    return Reopener.of(page)


@pytest.fixture
def clock(reopener: Reopener) -> Clock:
    """The page's clock, under the test's control (Playwright fakes ``Date``, timers and
    animation frames; Pyodide's clock and asyncio run on them). It flows as usual until a
    test that must see nothing happen for a while moves it on, ``clock.run_for(ms)``,
    rather than sleeping. Installed before the page opens."""
    return reopener.clock()


@pytest.fixture
def open_game(page: Page, page_guard: PageGuard, reopener: Reopener) -> Callable[[str], Page]:
    """``open_game(path_and_query) -> Page``, ready to play (see the module docstring).
    A renderer that dies before the game is ready gets a new page (:mod:`tests.e2e.reopen`)."""

    def _open(path_and_query: str = "/") -> Page:
        return starting(page, lambda: _start(path_and_query), path_and_query)

    def _start(path_and_query: str) -> Page:
        start = time.monotonic()
        page.goto(path_and_query)
        reopener.crash_if_asked()
        while True:
            try:
                page.wait_for_function(READY_OR_FAILED_JS, timeout=1000)
            except PlaywrightTimeoutError:
                pass
            else:
                break
            if page_guard.problems:
                pytest.fail(
                    f"{path_and_query} failed to load\n{page_guard.report()}", pytrace=False
                )
            if time.monotonic() - start > READY_TIMEOUT_S:
                pytest.fail(
                    f"{path_and_query} not ready after {READY_TIMEOUT_S:.0f} s "
                    "(document.body.dataset.ready !== 'true')",
                    pytrace=False,
                )
        if page_guard.problems:
            pytest.fail(f"{path_and_query} failed to load\n{page_guard.report()}", pytrace=False)
        page_guard.ready_seconds[path_and_query] = time.monotonic() - start
        return page

    return _open


class Gate:
    """Holds every request it is routed (here python.zip) until :meth:`release`; then lets
    them through."""

    def __init__(self) -> None:
        self.held: list[Route] = []
        self.open = False

    def __call__(self, route: Route) -> None:
        if self.open:
            route.fallback()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.open = True
        for route in self.held:
            route.fallback()  # on to the guard's route, which lets our origin through
        self.held.clear()


@pytest.fixture
def gate(page: Page) -> Iterator[Gate]:
    """Python held back: python.zip (our modules) waits for :meth:`Gate.release`, so the
    loading page stays on screen for as long as a test looks at it."""
    held = Gate()
    page.route("**/python.zip", held)
    yield held
    held.release()
