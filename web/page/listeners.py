"""Event listeners the page owns: each handler guarded, each proxy kept and released.

A Python function handed to the browser needs a proxy that outlives the call, and
the proxy must be destroyed when its listener goes, or it leaks. :class:`Listeners`
keeps every one it makes and releases them all in :meth:`Listeners.close`. A listener
wanted only some of the time (a press anywhere while a menu is open) is a :class:`Switched`
one: added and removed as often as needed, its proxy made once.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from web.page import browser

Handler = Callable[[Any], None]


class Listeners:
    def __init__(
        self, on_error: Callable[[str], None], log: Callable[[str], None] | None = None
    ) -> None:
        """``on_error``: the player's word on a handler's bug; ``log``: its traceback (the
        browser's console unless given)."""
        self._on_error = on_error
        self._log = log
        self._held: list[tuple[Any, str, Any]] = []
        self._options: dict[bool, Any] = {}

    def listen(self, target: Any, event: str, handler: Handler, passive: bool = False) -> None:
        proxy = browser.create_proxy(self.guard(handler))
        # Passive touch listeners keep scrolling a large board smooth.
        target.addEventListener(event, proxy, self.options(passive))
        self._held.append((target, event, proxy))

    def switched(self, target: Any, event: str, handler: Handler) -> Switched:
        """A listener of ``event`` on ``target`` that listens only while switched on
        (:meth:`Switched.turn`); off to begin with, released with the others."""
        proxy = browser.create_proxy(self.guard(handler))
        self._held.append((target, event, proxy))  # removing one not added does nothing
        return Switched(target, event, proxy, self.options(False))

    def options(self, passive: bool) -> Any:
        """A listener's options as JavaScript, one object for each kind, made once: each
        conversion is several calls into JavaScript, and the page wires some 50 listeners
        in its start (the browser reads the object when the listener is added)."""
        made = self._options.get(passive)
        if made is None:
            made = self._options[passive] = browser.to_js({"passive": passive})
        return made

    def guard(self, handler: Handler) -> Handler:
        """Show the player a readable message instead of dying silently on a bug."""

        def run(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:
                (self._log or browser.window.console.error)(traceback.format_exc())
                self._on_error(
                    f"Something went wrong ({type(error).__name__}). "
                    "Press the face or F2 to start a new game."
                )

        return run

    def close(self) -> None:
        """Remove every listener and release its proxy."""
        for target, event, proxy in self._held:
            target.removeEventListener(event, proxy)
            proxy.destroy()
        self._held.clear()


class Switched:
    """A listener added only while it is wanted (:meth:`Listeners.switched`)."""

    def __init__(self, target: Any, event: str, proxy: Any, options: Any) -> None:
        self._target, self._event, self._proxy, self._options = target, event, proxy, options
        self.on = False

    def turn(self, on: bool) -> None:
        """Listen (``on``) or not; nothing changes when it already is as asked."""
        if on == self.on:
            return
        self.on = on
        if on:
            self._target.addEventListener(self._event, self._proxy, self._options)
        else:
            self._target.removeEventListener(self._event, self._proxy)
