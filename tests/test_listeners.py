"""web.page.listeners: the options handed to addEventListener are converted once per kind; a
switched listener listens only while it is on (the settings menu's press elsewhere)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tests import fake_browser
from web.page.listeners import Listeners


class Target:
    def __init__(self) -> None:
        self.added: list[tuple[str, Any]] = []

    def addEventListener(self, event: str, proxy: Any, options: Any) -> None:
        self.added.append((event, options))


def test_each_kind_of_options_is_converted_once_and_says_what_was_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_browser.install(monkeypatch)
    ffi: Any = __import__("pyscript.ffi", fromlist=["ffi"])
    ffi.create_proxy = lambda handler: handler
    converted: list[object] = []
    to_js = ffi.to_js

    def counted(value: object, **options: Any) -> Any:
        converted.append(value)
        return to_js(value, **options)

    ffi.to_js = counted
    target = Target()
    listeners = Listeners(on_error=lambda _text: None)
    for event, passive in [("click", False), ("touchstart", True), ("keydown", False)]:
        listeners.listen(target, event, lambda _event: None, passive=passive)
    assert [options for _event, options in target.added] == [
        {"passive": False},
        {"passive": True},
        {"passive": False},
    ]
    assert target.added[0][1] is target.added[2][1]
    assert converted == [{"passive": False}, {"passive": True}]


class Page:
    """A document and the settings' button and panel, each element a target that keeps
    the listeners added to it, as the browser does."""

    def __init__(self) -> None:
        self.listening: dict[str, list[Any]] = {}
        self.attributes: dict[str, str] = {"aria-expanded": "false"}

    def addEventListener(self, event: str, proxy: Any, _options: Any = None) -> None:
        self.listening.setdefault(event, []).append(proxy)

    def removeEventListener(self, event: str, proxy: Any) -> None:
        if proxy in self.listening.get(event, []):
            self.listening[event].remove(proxy)

    def dispatch(self, event: str, target: object) -> None:
        for proxy in list(self.listening.get(event, [])):
            proxy(SimpleNamespace(target=target))

    def getElementById(self, _id: str) -> Page:
        return self  # the button and the panel: the same element, enough here

    def getAttribute(self, name: str) -> str:
        return self.attributes[name]

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value

    def contains(self, target: object) -> bool:
        return target is self


def test_a_press_elsewhere_is_heard_only_while_the_settings_are_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A press on the board with the settings closed reaches no module of the
    menu; open, a press elsewhere closes it as before, and its listener goes with it."""
    from web.controls.settings_menu import SettingsMenu

    fake_browser.install(monkeypatch)
    released: list[object] = []
    ffi: Any = __import__("pyscript.ffi", fromlist=["ffi"])
    ffi.create_proxy = lambda handler: Proxy(handler, released)
    page, board = Page(), object()
    listeners = Listeners(on_error=lambda _text: None)
    menu = SettingsMenu(page)
    menu.wire(listeners)
    assert page.listening.get("pointerdown", []) == []  # closed: nothing listens
    page.dispatch("click", page)  # the button opens it
    assert menu.is_open and len(page.listening["pointerdown"]) == 1
    page.dispatch("pointerdown", page)  # a press inside: it stays open
    assert menu.is_open
    page.dispatch("pointerdown", board)  # a press elsewhere closes it
    assert not menu.is_open and page.listening["pointerdown"] == []
    page.dispatch("click", page)
    page.dispatch("click", page)  # opened and closed by its button
    assert not menu.is_open and page.listening["pointerdown"] == []
    page.dispatch("click", page)
    listeners.close()
    assert page.listening["pointerdown"] == [] and page.listening["click"] == []
    assert len(released) == 2  # the button's proxy and the press's, once each


class Proxy:
    def __init__(self, handler: Any, released: list[object]) -> None:
        self._handler, self._released = handler, released

    def __call__(self, event: Any) -> None:
        self._handler(event)

    def destroy(self) -> None:
        self._released.append(self._handler)
