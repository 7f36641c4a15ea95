"""Python starts the moment the page does, not once PyScript has loaded and read its
configuration (static/pyodide-boot.mjs runs as a module script of its own).

PyScript's core is held back here: before, Python's start (the snapshot looked up, the
wasm instantiated, the interpreter up) waited for it, since PyScript imported the module
that starts Python; now Python is up while PyScript is still on its way, and the game
starts from it once PyScript arrives.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.e2e.test_loading_click import Gate

READY = "document.body.dataset.ready === 'true'"
PYTHON_UP = "performance.getEntriesByName('python-initialised').length === 1"


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
    assert page.evaluate(f"!({READY})")
    pyscript_held.release()
    page.wait_for_function(READY, timeout=60_000)
    assert page.get_attribute("#board", "data-cols") == "30"
    # Python started once, before PyScript asked: PyScript was handed the same interpreter.
    assert page.evaluate("performance.getEntriesByName('python-start').length") == 1
    assert page.evaluate("performance.getEntriesByName('python-initialised').length") == 1
