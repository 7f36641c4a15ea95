"""The engines a player opens the game in, each driven the same way (:class:`Driver`).

>>> ENGINES
('chromium', 'firefox', 'webkit')
"""

from __future__ import annotations

from tools.engines.driver import Button, Driver, EngineMissing, wait_for

ENGINES = ("chromium", "firefox", "webkit")


def open_engine(name: str) -> Driver:
    """A new browser of engine ``name``, in a new profile; :class:`EngineMissing` says in
    one line why there is none here."""
    if name == "webkit":
        from tools.engines.webkit import WebKitDriver

        return WebKitDriver()
    if name in ("chromium", "firefox"):
        from tools.engines.puppeteer import PuppeteerDriver

        return PuppeteerDriver(name)
    raise ValueError(f"no engine {name!r}: one of {', '.join(ENGINES)}")


__all__ = ["ENGINES", "Button", "Driver", "EngineMissing", "open_engine", "wait_for"]
