"""The second visit, phase by phase, against its floors and the peer, in one run.

Part of ``make bench``; alone::

    python -m benchmarks.floor [--loads 7] [--cpu 1 4] [--before SITE ...]

A returning player's start has parts that are ours and parts that are not. To tell them
apart, each load measures second visits (a new tab of a browser profile that has visited
the game once: its service worker active, its Python snapshot and PyScript's compiled
package kept) of four pages, alternating, so that a busy machine slows them alike:

* **the game** (``index.html``);
* **floor: PyScript** (``bench/floor-pyscript.html``): PyScript configured as the game's
  page is, handed the same Python started the same way (``static/pyodide-boot.mjs``),
  running one line. Its *handed -> main.py* is PyScript's own work: the floor of ours;
* **floor: Python** (``bench/floor-python.html``): the game's start of Python and nothing
  else, no PyScript: the floor of any page that runs the game's Python from its snapshot;
* **the peer**, JSMinesweeper, read in ``../shared/peers/jsminesweeper/`` (skipped if
  absent), playable when its first game is drawn (as :mod:`benchmarks.network` says).

``--before SITE`` adds another build's game page (the build before a change), measured in
the same run, in a profile of its own. Every figure is the median of ``--loads``, in ms
from navigation start; ``--cpu 4`` slows the page's processor 4 times (CDP
``Emulation.setCPUThrottlingRate``, Lighthouse's phone).
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, sync_playwright

from benchmarks import network, startup
from tools.chromium import launch_options
from tools.serve import GITHUB_PAGES, running

# The phases of a start, as marks the page itself sets (static/pyodide-boot.mjs, main.py)
# or the benchmark records (startup.MARKS_JS: the wasm, data-ready).
PHASES = {
    "first paint": "performance.getEntriesByName('first-paint')[0]?.startTime",
    "Python's start": "named('python-start')",
    "PyScript asks": "named('pyscript-asks')",
    "Python up": "named('python-initialised')",
    "PyScript handed": "named('pyscript-handed')",
    "main.py runs": "named('main-start')",
    "playable": "window.__startMarks?.ready ?? window.__peerMarks?.ready",
}
READ_JS = (
    "() => { const named = (name) => performance.getEntriesByName(name)[0]?.startTime;"
    " return {" + ", ".join(f"{name!r}: {js} ?? null" for name, js in PHASES.items()) + "}; }"
)


@dataclass(frozen=True)
class Page:
    """One page measured on its second visits."""

    name: str
    url: str
    context: BrowserContext
    ready_js: str


def settle(browser: Browser, url: str, marks_js: str, worker: bool) -> BrowserContext:
    """A profile that has visited ``url`` once, with everything kept for the next visit."""
    context = browser.new_context()
    context.add_init_script(marks_js)
    page = context.new_page()
    page.goto(url)
    if worker:
        page.wait_for_function(startup.READY, timeout=network.TIMEOUT_MS)
        page.evaluate(startup.WORKER_ACTIVE_JS)
        page.wait_for_function(startup.KEPT_FOR_NEXT_VISIT, timeout=network.TIMEOUT_MS)
    else:
        page.wait_for_function(network.PEER.ready_js, timeout=network.TIMEOUT_MS)
    page.close()
    return context


def second_visit(page: Page, cpu: float) -> dict[str, float | None]:
    tab = page.context.new_page()
    if cpu > 1:
        network.slow_processor(tab, cpu)
    tab.goto(page.url, wait_until="commit")
    tab.wait_for_function(page.ready_js, timeout=network.TIMEOUT_MS, polling=10)
    moments: dict[str, float | None] = tab.evaluate(READ_JS)
    tab.close()
    return moments


def median(visits: Sequence[dict[str, float | None]], phase: str) -> float | None:
    values = [v[phase] for v in visits if v[phase] is not None]
    return statistics.median(values) if values else None  # type: ignore[type-var]


def report(results: dict[str, list[dict[str, float | None]]], cpu: float, loads: int) -> None:
    where = "localhost" + (f", CPU slowed {cpu:g}x" if cpu > 1 else "")
    print(f"\nsecond visit, {where}, medians of {loads} (ms from navigation start)")
    names = [*PHASES, "PyScript's own", "main.py -> playable"]
    widths = [max(9, len(name) + 2) for name in names]
    print(f"{'':<22}" + "".join(f"{name:>{w}}" for name, w in zip(names, widths, strict=True)))
    for page, visits in results.items():
        cells = [median(visits, phase) for phase in PHASES]
        handed, runs, ready = cells[4], cells[5], cells[6]
        cells.append(runs - handed if runs is not None and handed is not None else None)
        cells.append(ready - runs if ready is not None and runs is not None else None)
        shown = ["-" if cell is None else f"{cell:.0f}" for cell in cells]
        print(f"{page:<22}" + "".join(f"{c:>{w}}" for c, w in zip(shown, widths, strict=True)))
    peer = median(results.get("peer", []), "playable") if "peer" in results else None
    if peer:
        for page, visits in results.items():
            ready = median(visits, "playable")
            if page != "peer" and ready is not None:
                print(f"  {page} / peer: {ready / peer:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7, help="second visits of each page")
    parser.add_argument("--cpu", type=float, nargs="+", default=[1, 4], help="CPU slowdowns")
    parser.add_argument("--site", type=Path, default=startup.SITE, help="our build (_site/)")
    parser.add_argument("--before", type=Path, action="append", default=[], help="other builds")
    args = parser.parse_args()
    with ExitStack() as stack:
        ours = stack.enter_context(running(args.site, delivery=GITHUB_PAGES))[1]
        olds = [
            (site, stack.enter_context(running(site, delivery=GITHUB_PAGES))[1])
            for site in args.before
        ]
        peer = None
        if (network.PEER_DIR / "index.html").is_file():
            peer = stack.enter_context(running(network.PEER_DIR, delivery=GITHUB_PAGES))[1]
        browser = stack.enter_context(sync_playwright()).chromium.launch(**launch_options())
        print(f"floor benchmark: Chromium {browser.version}, ours {ours}")
        game = settle(browser, ours, startup.MARKS_JS, worker=True)
        pages = [
            Page("game", ours, game, startup.READY),
            Page("floor: PyScript", ours + "bench/floor-pyscript.html", game, startup.READY),
            Page("floor: Python", ours + "bench/floor-python.html", game, startup.READY),
        ]
        for site, url in olds:
            context = settle(browser, url, startup.MARKS_JS, worker=True)
            pages.append(Page(f"before {site.name}", url, context, startup.READY))
        if peer is not None:
            context = settle(browser, peer, network.PEER.marks_js, worker=False)
            pages.append(Page("peer", peer, context, network.PEER.ready_js))
        for cpu in args.cpu:
            results: dict[str, list[dict[str, float | None]]] = {page.name: [] for page in pages}
            for load in range(args.loads):
                for page in pages:
                    results[page.name].append(second_visit(page, cpu))
                print(f"  {cpu:g}x, load {load + 1}/{args.loads}", flush=True)
            report(results, cpu, args.loads)
        browser.close()


if __name__ == "__main__":
    main()
