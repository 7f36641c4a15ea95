"""The start imports and wires only what the first draw needs.

A returning player's start runs ``web.app`` (main.py imports it, then ``start()`` builds the
page). The dialogs (Statistics, Replays with its review and viewer, Practice, the analysis
editor) and what only they use (the solver, proofs, videos) are imported and wired the first
time the player asks for one: a start that pulled them in again would fail here, by name.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from play.session import Session
from tests import fake_browser
from tests.fake_dom import Document, Scheduler, settle
from tests.helpers import FakeClock, run
from web.dialogs.player_tools import PlayerTools
from web.page import ids
from web.page.address_bar import AddressBar
from web.page.listeners import Listeners

ROOT = Path(__file__).resolve().parent.parent

LATER = (
    "web.dialogs.replays.dialog",
    "web.dialogs.replays.review_panel",
    "web.dialogs.replays.player",
    "web.dialogs.replays.sources",
    "web.dialogs.replays.pointer_view",
    "web.dialogs.replays.player_name",
    "web.dialogs.practice.dialog",
    "web.dialogs.practice.board",
    "web.dialogs.editor.dialog",
    "web.dialogs.editor.board",
    "web.dialogs.stats.dialog",
    "web.dialogs.stats.view",
    "web.dialogs.lab.dialog",
    "web.dialogs.lab.runs",
    "web.dialogs.lab.workers",
    "play.lab.referee",
    "play.lab.tally",
    "engine.solver",
    "engine.proof",
    "play.review",
    "play.videos.evf",
)
"""Modules no first draw needs: the dialogs', and the solver's (its warm-up comes after)."""

NEEDED = (
    "web.app",
    "web.board.screen",
    "web.board.view",
    "web.dialogs.player_tools",
    "play.session",
)
"""Modules every start imports: if these were missing the check below would prove nothing."""

OPENERS = {
    "stats": ids.STATS_OPEN,
    "replays": ids.REPLAYS_OPEN,
    "practice": ids.PRACTICE_OPEN,
    "editor": ids.ANALYSE_OPEN,
    "lab": ids.LAB_OPEN,
}
DIALOGS = {
    "stats": ids.STATS_DIALOG,
    "replays": ids.REPLAY_DIALOG,
    "practice": ids.PRACTICE_DIALOG,
    "editor": ids.ANALYSIS_DIALOG,
    "lab": ids.LAB_DIALOG,
}


def modules_of_the_start() -> set[str]:
    """What importing the page's code imports, in a Python of its own."""
    code = "import sys, web.app; print('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


def test_the_start_imports_no_dialog_nor_the_solver() -> None:
    imported = modules_of_the_start()
    for name in LATER:
        assert importlib.util.find_spec(name) is not None, f"{name} is gone: update LATER"
    assert set(NEEDED) <= imported
    early = sorted(name for name in imported if name in LATER)
    assert early == [], f"imported before the first draw needs them: {early}"


@pytest.fixture
def tools(monkeypatch: pytest.MonkeyPatch) -> tuple[PlayerTools, Document]:
    fake_browser.install(monkeypatch)
    ffi: Any = __import__("pyscript.ffi", fromlist=["ffi"])
    ffi.create_proxy = lambda handler: handler
    page: Any = __import__("pyscript")
    page.window.console = SimpleNamespace(error=lambda text: pytest.fail(text))
    document = Document()
    window: Any = document.createElement("window")  # a target, as the page's window is
    window.navigator = SimpleNamespace()
    window.location = SimpleNamespace(origin="https://example.org", pathname="/")
    scheduler = Scheduler(FakeClock())
    session = Session(seed=1)
    made = PlayerTools(
        document,
        window,
        session,
        cast(AddressBar, None),  # shares nothing here
        lambda: None,
        scheduler,
        scheduler.clock,
    )
    made.wire(Listeners(on_error=lambda text: pytest.fail(text)))
    return made, document


def test_no_dialog_is_built_before_its_button_and_each_is_built_once(
    tools: tuple[PlayerTools, Document],
) -> None:
    made, document = tools
    assert not any(made.built(name) for name in OPENERS)

    async def open_each_twice() -> None:  # in a loop: a dialog may start work of its own
        for name, opener in OPENERS.items():
            document.getElementById(opener).click()
            assert made.built(name), name
            dialog = document.getElementById(DIALOGS[name])
            assert dialog.open, f"{name}: its button built it but did not show it"
            built = getattr(made, name)
            dialog.close()
            document.getElementById(opener).click()
            assert getattr(made, name) is built, f"{name} was built twice"
            assert dialog.open
            dialog.close()
            await settle()

    run(open_each_twice)


def test_a_replays_key_is_not_taken_before_replays_is_built(
    tools: tuple[PlayerTools, Document],
) -> None:
    made, _document = tools
    keys = made.commands()
    from play.game_ui import Context
    from web.page import BINDINGS

    for context, name in ((Context.REPLAY, "replays"), (Context.PRACTICE, "practice")):
        for command in BINDINGS[context].values():
            assert keys[context][command](SimpleNamespace(key="a")) is False
        assert not made.built(name)
