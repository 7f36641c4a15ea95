"""web.listeners: the options handed to addEventListener are converted once per kind."""

from __future__ import annotations

from typing import Any

import pytest

from tests import fake_browser
from web.listeners import Listeners


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
