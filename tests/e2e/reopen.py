"""A page whose renderer crashed while it started is opened again, in the same test.

Debian's Chromium sometimes kills a renderer (SIGSEGV, at page-aligned addresses) while
Pyodide starts, mostly in the first minutes after a machine boots: 13 times in 4 minutes
once, never in 80 cold loads afterwards. Rerunning the whole test hid nothing but cost a
run, and two crashes of one test failed CI. So :class:`Reopener` stands behind the
``page`` fixture: it records what a test set up on the page before opening the game (init
scripts, routes, handlers, the viewport, the fake clock), and when the renderer dies
before the game is ready, a new page of the same context takes the dead one's place with
that setup done again. Every reopening is logged (:data:`REOPENED`, printed in the
summary). A crash after the page was ready is not handled here: the test fails, and
:data:`CRASH_RERUN` runs it once more.

The test keeps its ``Page`` (and ``Clock``) objects: the new page's implementation is put
behind them. That reaches into Playwright's ``_impl_obj``; ``test_smoke`` crashes a real
renderer with ``chrome://crash`` to prove it still works with the pinned Playwright.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api._generated import Clock  # not exported by name (Playwright 1.65)

REOPENINGS = 3
"""At most this many new pages per test: a page that crashes every time is our bug."""
CRASHED = re.compile(r"Target crashed|Page crashed")
"""What Playwright raises once a page's renderer has died (test_smoke checks it)."""
CRASH_RERUN = pytest.mark.flaky(reruns=1, only_rerun=[CRASHED.pattern])
"""Every browser test's marker (pytest-rerunfailures): a test that failed because its
renderer died after the game was ready runs once more; nothing else is rerun. Debian's
Chromium 156 kills about one renderer in a full run that way, each time at the same
instruction (docs/runtime-notes.md, "Chromium in the test runs"), in a different test each
run: one such failure failed CI once (2026-12-05) on a commit that passed whole the next run."""

_SETUP = (
    "add_init_script",
    "route",
    "on",
    "once",
    "set_viewport_size",
    "set_extra_http_headers",
    "emulate_media",
    "expose_function",
    "expose_binding",
)


REOPENED: list[str] = []
"""Every page opened again, ``test: address: error``, for the session's summary."""
T = TypeVar("T")


def renderer_crashed(error: BaseException) -> bool:
    return isinstance(error, PlaywrightError) and bool(CRASHED.search(str(error)))


def starting(page: Page, start: Callable[[], T], what: str) -> T:
    """``start()`` (which opens ``what`` in ``page`` and waits until it is ready), again on
    a new page each time the renderer dies meanwhile, :data:`REOPENINGS` times at most."""
    reopener = Reopener.of(page)
    for reopening in range(REOPENINGS + 1):
        try:
            return start()
        except PlaywrightError as error:
            if not renderer_crashed(error) or reopening == REOPENINGS:
                raise
            test = os.environ.get("PYTEST_CURRENT_TEST", "?").removesuffix(" (call)")
            REOPENED.append(f"{test}: {what}: {error.message}")
            reopener.reopen()
    raise AssertionError("unreachable")


def start(page: Page, url: str, ready: str, timeout_ms: float = 60_000) -> Page:
    """``page.goto(url)``, then wait for the JavaScript condition ``ready``; a renderer
    that dies meanwhile gets a new page (see :func:`starting`)."""

    def attempt() -> Page:
        page.goto(url)
        Reopener.of(page).crash_if_asked()
        page.wait_for_function(ready, timeout=timeout_ms)
        return page

    return starting(page, attempt, url)


class Reopener:
    """Records the setup of one page, and puts a new page behind it after a crash."""

    @staticmethod
    def of(page: Page) -> Reopener:
        """The page's reopener; made now if the page was opened outside a watched context
        (then only the setup from now on is recorded)."""
        found = getattr(page, "_reopener", None)
        return found if isinstance(found, Reopener) else Reopener(page)

    def __init__(self, page: Page) -> None:
        self.page = page
        self.reopened = 0
        page._reopener = self  # type: ignore[attr-defined]
        self._steps: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self._clock: Clock | None = None
        self._clock_steps: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.crashes_to_cause = 0
        """For the test of this module: crash the renderer this many times while starting."""
        for name in _SETUP:
            setattr(page, name, self._recording(self._steps, getattr(Page, name), page, name))

    def crash_if_asked(self) -> None:
        if self.crashes_to_cause:
            self.crashes_to_cause -= 1
            with contextlib.suppress(PlaywrightError):  # net::ERR_ABORTED
                self.page.goto("chrome://crash")  # a real crash, as Chromium has them

    @staticmethod
    def _recording(
        steps: list[tuple[str, tuple[Any, ...], dict[str, Any]]],
        method: Callable[..., Any],
        owner: Any,
        name: str,
    ) -> Callable[..., Any]:
        def record(*args: Any, **kwargs: Any) -> Any:
            steps.append((name, args, kwargs))
            return method(owner, *args, **kwargs)

        return record

    def clock(self) -> Clock:
        """The page's fake clock, installed; set up again on a new page."""
        clock = self.page.clock
        for name in ("install", "set_fixed_time", "pause_at"):
            method = getattr(Clock, name)
            setattr(clock, name, self._recording(self._clock_steps, method, clock, name))
        clock.install()
        self._clock = clock
        return clock

    def reopen(self) -> None:
        """A new page of the same context, with the recorded setup, behind ``self.page``."""
        page = self.page
        self.reopened += 1
        fresh = page.context.new_page()
        Page.close(page)  # the dead one: nothing left in it to look at
        page._impl_obj = fresh._impl_obj
        for name, args, kwargs in self._steps:
            getattr(Page, name)(page, *args, **kwargs)
        if self._clock is not None:
            self._clock._impl_obj = page._impl_obj.clock
            for name, args, kwargs in self._clock_steps:
                getattr(Clock, name)(self._clock, *args, **kwargs)
