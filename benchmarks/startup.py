"""Where the page's start goes, cold and on a second visit, against the bare runtime pages.

Part of ``make bench`` (``python -m benchmarks.browser``); alone::

    python -m benchmarks.startup [--loads 7]

Each load is timed in the page itself, from navigation start (``performance.now()``):

* first paint (the frame, LEDs, face and covered board are static markup);
* every runtime file fetched (the last ``responseEnd`` among the runtime's files);
* wasm compiled and instantiated (``WebAssembly.instantiateStreaming`` resolved);
* PyScript asks for Python (it calls ``loadPyodide`` of static/pyodide-boot.mjs, its
  interpreter: the ``pyscript-asks`` mark);
* Python initialised (``loadPyodide`` resolved; on the PyScript page, its "Loaded
  interpreter");
* PyScript is handed Python (``pyscript-handed``: the later of its asking and Python's
  start with our archive in place);
* main.py runs (the first line of the page's Python, run by PyScript: the ``main-start``
  mark; PyScript's "Loaded Pyodide" on its bare page);
* our modules imported (``modules-imported``, main.py) and ``data-ready``;
* on a first visit, the longest main-thread task from ``data-ready`` until the Python
  snapshot is kept for the next visit (the Long Tasks API).

*Cold* is a fresh browser context (no HTTP cache, no service worker, no code cache).
*Second visit* is the same context loading the page again once its service worker is
active and the page has kept its Python snapshot: every file from the worker's cache,
and Chromium's wasm code cache warm. The yardsticks, cold, in the same run: the bare
PyScript page (tools/bench/bare.html, no snapshot) on the stock runtime and on ours, and
the strictest, the bare Pyodide page on ours (tools/bench/pyodide.html: the runtime the
game's page starts, booted, and one line of Python, with no PyScript). Stock means
Pyodide's own python_stdlib.zip, as the page had before the build trimmed and compiled it
(served from a copy of the site): the trimmed one makes the bare pages faster too, which
would move the yardstick itself.
Loads alternate between the pages so that a busy machine slows them alike.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, sync_playwright

from tools.chromium import launch_options
from tools.serve import serving
from tools.site.offline import kept_by_worker

SITE = Path(__file__).resolve().parent.parent / "_site"
READY = "document.body !== null && document.body.dataset.ready === 'true'"
STOCK_STDLIB = SITE.parent / "node_modules" / "pyodide" / "python_stdlib.zip"
# The Python snapshot for the next visit is kept (the build's, or one the device made).
SNAPSHOT_KEPT = "['kept', 'device'].includes(document.documentElement.dataset.pythonSnapshot)"
# ... and PyScript's package kept compiled (static/pyodide-boot.mjs), on a build that does so.
KEPT_FOR_NEXT_VISIT = (
    f"({SNAPSHOT_KEPT}) && (document.querySelector('script[type=py]') === null"
    " || ['kept', 'used'].includes(document.documentElement.dataset.pyscriptBytecode))"
)

# Installed before any page script: records the moments the page itself cannot mark.
MARKS_JS = """(() => {
  const marks = (window.__startMarks = {});
  const mark = (name) => { if (!(name in marks)) marks[name] = performance.now(); };
  addEventListener("py:progress", (event) => mark(String(event.detail)));
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (...args) {
    const result = await streaming.apply(this, args);
    mark("wasm");
    return result;
  };
  new MutationObserver(() => {
    if (document.body?.dataset.ready === "true") mark("ready");
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
  const late = (window.__tasksAfterReady = []);  // the Long Tasks API: every task over 50 ms
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) {
      if ("ready" in marks && task.startTime >= marks.ready) late.push(task.duration);
    }
  }).observe({ type: "longtask" });
})();"""

READ_JS = """() => {
  const marks = window.__startMarks;
  const named = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? null;
  const runtime = performance.getEntriesByType("resource").filter((entry) =>
    /\\/static\\/(vendor|pyodide-)|\\/pyscript\\/|python\\.zip|\\.toml$|main\\.py$/.test(entry.name));
  const resources = [...performance.getEntriesByType("navigation"),
                     ...performance.getEntriesByType("resource")];
  return {
    "first paint": paint,
    "runtime files fetched": Math.max(...runtime.map((entry) => entry.responseEnd)),
    "Python's start begun": named("python-start"),
    "wasm instantiated": marks.wasm ?? null,
    "PyScript asks for Python": named("pyscript-asks"),
    "Python initialised": named("python-initialised") ?? marks["Loaded interpreter"] ?? null,
    "PyScript handed Python": named("pyscript-handed"),
    "main.py runs": named("main-start") ?? marks["Loaded Pyodide"] ?? null,
    "modules imported": named("modules-imported"),
    "data-ready": marks.ready ?? null,
    bytes: resources.reduce((sum, entry) => sum + entry.transferSize, 0),
    start: document.documentElement.dataset.pythonStart ?? "boot",
  };
}"""

WORKER_ACTIVE_JS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", () => {
      if (worker.state === "activated") done();
    }));
  }
}"""

PHASES = (
    "first paint",
    "runtime files fetched",
    "Python's start begun",
    "PyScript asks for Python",
    "wasm instantiated",
    "Python initialised",
    "PyScript handed Python",
    "main.py runs",
    "modules imported",
    "data-ready",
)
Load = dict[str, Any]


def visit(context: BrowserContext, url: str, cpu: float = 1) -> Load:
    """Load ``url`` in the context's page, its processor slowed ``cpu`` times (CDP
    ``Emulation.setCPUThrottlingRate``: 4 is a mid-range phone)."""
    page = context.pages[0] if context.pages else context.new_page()
    if cpu > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(url)
    page.wait_for_function(READY, timeout=60_000, polling=10)
    load: Load = page.evaluate(READ_JS)
    return load


def cold(browser: Browser, url: str, cpu: float = 1) -> Load:
    context = browser.new_context()
    context.add_init_script(MARKS_JS)
    try:
        return visit(context, url, cpu)
    finally:
        context.close()


def cold_then_second(browser: Browser, url: str, cpu: float = 1) -> tuple[Load, Load]:
    """A first visit, then a second in a new tab once the service worker holds the site:
    a returning player's tab has a fresh renderer (the same tab navigating again keeps its
    compiled code in memory, and measured 0.59 s where a new tab took 0.90 s)."""
    context = browser.new_context()
    context.add_init_script(MARKS_JS)
    try:
        first = visit(context, url, cpu)
        page = context.pages[0]
        page.evaluate(WORKER_ACTIVE_JS)
        page.wait_for_function(KEPT_FOR_NEXT_VISIT, timeout=60_000, polling=100)
        tasks = page.evaluate("window.__tasksAfterReady")
        first["longest task after ready"] = max(tasks, default=0.0)
        page.close()
        return first, visit(context, url, cpu)
    finally:
        context.close()


def median(loads: list[Load], phase: str) -> float | None:
    values = [load[phase] for load in loads if load[phase] is not None]
    return statistics.median(values) / 1000 if values else None


def precache_bytes(site: Path) -> tuple[int, int]:
    """(raw, gzip) bytes of the files the service worker keeps (it fills its cache from
    the page's own downloads: benchmarks.network counts what crosses the network)."""
    names = kept_by_worker(site)
    raw = packed = 0
    for name in names:
        data = (site / name).read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, 6))
    return raw, packed


def report(
    ours: list[Load],
    second: list[Load],
    bare: list[Load],
    bare_ours: list[Load],
    bare_pyodide: list[Load],
    site: Path,
) -> None:
    def cell(loads: list[Load], phase: str) -> str:
        value = median(loads, phase)
        return f"{value:7.3f} s" if value is not None else "      - "

    starts = sorted({load["start"] for load in ours + second})
    print(f"  start breakdown, medians of {len(ours)} loads (seconds from navigation start):")
    print(
        f"    {'phase':<24}{'ours, cold':>12}{'ours, 2nd visit':>17}{'bare, cold':>12}"
        f"{'bare, ours':>12}{'Pyodide, ours':>15}"
    )
    for phase in PHASES:
        print(
            f"    {phase:<24}{cell(ours, phase):>12}{cell(second, phase):>17}"
            f"{cell(bare, phase):>12}{cell(bare_ours, phase):>12}{cell(bare_pyodide, phase):>15}"
        )
    print(
        "    (bare: the bare PyScript page, stock runtime; bare, ours: with our trimmed "
        "stdlib; Pyodide, ours: the bare Pyodide page, our runtime)"
    )
    print(f"    (Python started from: {', '.join(starts)})")
    bare_ready = median(bare, "data-ready") or float("nan")
    cold_ready = median(ours, "data-ready") or float("nan")
    second_ready = median(second, "data-ready") or float("nan")
    same_ready = median(bare_ours, "data-ready") or float("nan")
    pyodide_ready = median(bare_pyodide, "data-ready") or float("nan")
    print(
        f"  cold start to data-ready / the bare PyScript page on the same runtime, cold: "
        f"{cold_ready / same_ready:.3f} (target <= 0.8); "
        f"/ on the stock runtime: {cold_ready / bare_ready:.3f} (target <= 0.6); "
        f"/ the bare Pyodide page on the same runtime (the strictest): "
        f"{cold_ready / pyodide_ready:.3f}"
    )
    print(
        f"  second visit to data-ready / bare cold: {second_ready / bare_ready:.3f} "
        "(target <= 0.35)"
    )
    late = [load["longest task after ready"] for load in ours]
    print(
        f"  first visit, longest main-thread task from data-ready until the snapshot is kept: "
        f"median {statistics.median(late):.0f} ms, max {max(late):.0f} ms (0: none over 50)"
    )
    paint = median(ours, "first paint") or float("nan")
    print(f"  first paint of the board, cold: {paint:.3f} s (target < 0.3 s)")
    page_bytes = statistics.median(load["bytes"] for load in ours)
    raw, packed = precache_bytes(site)
    print(
        f"  first visit transfers: page {page_bytes / 1e6:.1f} MB as served here "
        f"(uncompressed); the service worker keeps {raw / 1e6:.1f} MB "
        f"({packed / 1e6:.1f} MB gzip), taken from the page's downloads"
    )


@contextmanager
def stock_runtime(site: Path = SITE) -> Iterator[str]:
    """Serve a copy of ``site`` with Pyodide's own standard library: the yardstick's runtime."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "site"
        shutil.copytree(site, copy)
        shutil.copyfile(STOCK_STDLIB, copy / "static" / "vendor" / "pyodide" / STOCK_STDLIB.name)
        with serving(copy) as url:
            yield url


def run(browser: Browser, base: str, loads: int, site: Path = SITE, cpu: float = 1) -> None:
    ours: list[Load] = []
    second: list[Load] = []
    bare: list[Load] = []
    bare_ours: list[Load] = []
    bare_pyodide: list[Load] = []
    with stock_runtime(site) as stock:
        for _ in range(loads):
            first, again = cold_then_second(browser, base, cpu)
            ours.append(first)
            second.append(again)
            bare.append(cold(browser, f"{stock}bench/bare.html", cpu))
            bare_ours.append(cold(browser, f"{base}bench/bare.html", cpu))
            bare_pyodide.append(cold(browser, f"{base}bench/pyodide.html", cpu))
    report(ours, second, bare, bare_ours, bare_pyodide, site)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7, help="loads of each kind (median)")
    parser.add_argument("--cpu", type=float, default=1, help="processor slowed this many times")
    parser.add_argument("--site", type=Path, default=SITE, help="the build (default _site/)")
    args = parser.parse_args()
    with serving(args.site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        slowed = f", processor slowed {args.cpu:g}x" if args.cpu > 1 else ""
        print(f"start-up benchmark: Chromium {browser.version}, site {base}{slowed}")
        run(browser, base, args.loads, args.site, args.cpu)
        browser.close()


if __name__ == "__main__":
    main()
