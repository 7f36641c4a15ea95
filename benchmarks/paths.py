"""Which of the game's modules a click, a hint and a new game cross, in the real page.

Run alone (the site built first, ``make site``)::

    python -m benchmarks.paths [--site DIR]

The page is loaded in Chromium with a fixed beginner board; a profiler is set on its
Python (``sys.setprofile``: every call of a function, whatever ran it: a listener, a task
or a callback of the browser). For each action it records the modules of the game
(``main`` and the packages ``engine``, ``play``, ``web``) that any function was called
in, from the action until the page is quiet again (a second later):

* **click**: the left button pressed and released on a covered cell (the first reveal);
* **hint**: the Hint button, on the board the click opened;
* **new game**: the face.

Not counted: the timer's own ticks (a task that wakes each second whatever the player
does: a stack whose first frame of the game is ``_tick``), and the work the page does
once after it is ready (Python's package compiled for the next visit, the next practice
sitting prepared two seconds in: waited for first).

The figures are the number of modules each path crosses, a measure of how many files a
newcomer reads to follow it; the modules are listed too.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from tools.chromium import launch_options
from tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
READY = "document.body !== null && document.body.dataset.ready === 'true'"
KEPT = "['used', 'kept'].includes(document.documentElement.dataset.pyscriptBytecode)"
PACKAGES = ("engine", "play", "web", "main")
QUIET_MS = 1_000
START_WORK_MS = 5_000
"""The page's own work after it is ready (web.dialogs.practice.dialog.PREPARE_AFTER_S and after)."""

PROFILER = """
import sys
_crossed = set()
_skip = {"_tick"}

def _first_of_game(frame):
    first = None
    while frame is not None:
        if frame.f_globals.get("__name__", "").split(".")[0] in %(packages)r:
            first = frame
        frame = frame.f_back
    return first

def _profile(frame, event, arg):
    if event != "call":
        return
    name = frame.f_globals.get("__name__", "")
    if name.split(".")[0] not in %(packages)r:
        return
    first = _first_of_game(frame)
    if first is not None and first.f_code.co_name in _skip:
        return
    _crossed.add(name)

sys.setprofile(_profile)
"""


def python(page: Page, code: str) -> object:
    """Run ``code`` in the page's Python (the one PyScript was handed); its last value."""
    return page.evaluate(
        "(code) => import('./static/pyodide-boot.mjs').then((boot) => boot.loadPyodide())"
        ".then((py) => { const v = py.runPython(code); return v && v.toJs ? v.toJs() : v; })",
        code,
    )


def crossed(page: Page, action: str) -> list[str]:
    """The modules of the game any function was called in, from ``action`` until quiet."""
    python(page, "_crossed.clear()")
    if action == "click":
        page.click('#board [data-row="4"][data-col="4"]')
    elif action == "hint":
        page.click("#hint")
    else:
        page.click("#face")
    page.wait_for_timeout(QUIET_MS)
    names = python(page, "import json; json.dumps(sorted(_crossed))")
    return list(json.loads(str(names)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site to load")
    args = parser.parse_args()
    with sync_playwright() as playwright, serving(args.site) as url:
        browser = playwright.chromium.launch(**launch_options())
        page = browser.new_page()
        page.goto(url + "?level=beginner&seed=7")
        page.wait_for_function(READY, timeout=120_000)
        page.wait_for_function(KEPT, timeout=60_000)
        page.wait_for_timeout(START_WORK_MS)
        python(page, PROFILER % {"packages": PACKAGES})
        shown = args.site.resolve()
        if shown.is_relative_to(ROOT):  # a reader's checkout is not this machine's
            shown = shown.relative_to(ROOT)
        print(f"Modules of the game each path crosses ({shown}):")
        for action in ("click", "hint", "new game"):
            names = crossed(page, action)
            layers = "  ".join(
                f"{package} {sum(n.split('.')[0] == package for n in names)}"
                for package in PACKAGES
            )
            print(f"  {action:9} {len(names):3}  ({layers})")
            print(f"            {' '.join(names)}")
        browser.close()


if __name__ == "__main__":
    main()
