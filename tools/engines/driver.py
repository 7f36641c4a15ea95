"""What a test or a benchmark asks of a browser, whichever engine it is.

A :class:`Driver` is a player's hands and eyes on one tab: it opens an address, runs a
line of JavaScript to read what the page shows, clicks at a point of the page and
presses keys. Each engine has its own: :mod:`tools.engines.puppeteer` (Firefox over
WebDriver BiDi, Chromium over CDP) and :mod:`tools.engines.webkit` (WebKitGTK through
its WebDriver, with real X input). The smoke (``tests/engines``) and the per-engine
start figures (``benchmarks/engines.py``) are written once, against this.
"""

from __future__ import annotations

import time
from typing import Any, Literal, Protocol

Button = Literal["left", "middle", "right"]


class EngineMissing(RuntimeError):
    """The engine is not installed here; the message says so in one line."""


class Driver(Protocol):
    name: str
    """``"chromium"``, ``"firefox"`` or ``"webkit"``."""
    version: str
    """The browser's own version, e.g. ``"firefox/153.8.0"``."""

    def open(self, url: str) -> None:
        """Load ``url`` in the tab (opening one if there is none) until its load event."""

    def new_tab(self) -> None:
        """Close the tab and open a new one in the same profile: a second visit."""

    def reload(self) -> None: ...

    def run(self, js: str) -> Any:
        """The value of the JavaScript expression ``js`` (a promise is awaited)."""

    def click(self, x: float, y: float, button: Button = "left") -> None:
        """Press and release ``button`` at ``(x, y)``, in CSS pixels of the viewport."""

    def press(self, key: str) -> None:
        """Press and release one key, named as ``KeyboardEvent.key`` names it."""

    def screenshot(self, path: str) -> None:
        """The viewport as a PNG file at ``path``."""

    def problems(self) -> list[str]:
        """The console errors and warnings and the uncaught errors seen so far."""

    def close(self) -> None: ...


def wait_for(driver: Driver, js: str, timeout_s: float = 60.0, what: str = "") -> None:
    """Poll ``js`` until it is truthy; fail after ``timeout_s`` with ``what`` it waited for."""
    deadline = time.monotonic() + timeout_s
    while not driver.run(js):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{driver.name}: waited {timeout_s:.0f} s for {what or js}")
        time.sleep(0.05)
