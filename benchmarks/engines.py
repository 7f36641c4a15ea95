"""The start in each engine a player uses: Chromium, Firefox ESR and WebKitGTK, side by side.

Part of ``make bench``; alone::

    python -m benchmarks.engines [--loads 3] [--engine firefox ...]

Each load is a new browser with a new profile (tools/engines: puppeteer-core for Chromium
and Firefox, WebKitGTK's WebDriver for WebKit), on the built ``_site/`` served on
localhost. The engines take turns, load after load, so that whatever else the machine
does falls on each alike. Two figures a load, from navigation start in the page's own
clock, read by polling ``data-ready`` every 50 ms (so up to 50 ms late):

* *cold*: a first visit, nothing on the device;
* *second visit*: a new tab in the same profile once the first visit has kept its Python
  snapshot and its service worker is active: what a returning player meets.

An engine this machine lacks is named, with the package it needs, and left out.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from tools.engines import ENGINES, Driver, EngineMissing, open_engine, wait_for
from tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
PATH = "?level=beginner"
READY_AT_JS = "document.body.dataset.ready === 'true' ? performance.now() : 0"
KEPT_JS = "document.documentElement.dataset.pythonSnapshot === 'kept'"
WORKER_JS = "navigator.serviceWorker.ready.then(() => true)"
START_JS = (
    "document.documentElement.dataset.pythonStart + '/'"
    " + document.documentElement.dataset.pythonSnapshot"
)


def ready_ms(driver: Driver, timeout_s: float = 120.0) -> float:
    deadline = time.monotonic() + timeout_s
    while not (at := driver.run(READY_AT_JS)):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{driver.name}: not ready in {timeout_s:.0f} s")
        time.sleep(0.05)
    return float(at)


def one_load(engine: str, url: str) -> tuple[float, float, str, str]:
    """(cold ms, second-visit ms, how each started) in a new browser."""
    driver = open_engine(engine)
    try:
        driver.open(url)
        cold = ready_ms(driver)
        cold_start = driver.run(START_JS)
        wait_for(driver, KEPT_JS, 120, "the snapshot to be kept")
        driver.run(WORKER_JS)
        driver.new_tab()
        driver.open(url)
        second = ready_ms(driver)
        return cold, second, cold_start, driver.run(START_JS)
    finally:
        driver.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="loads per engine (default 3)")
    parser.add_argument(
        "--engine", action="append", choices=ENGINES, help="one engine (repeatable)"
    )
    args = parser.parse_args(argv)
    engines = args.engine or list(ENGINES)
    versions: dict[str, str] = {}
    for engine in list(engines):
        try:
            driver = open_engine(engine)
        except EngineMissing as missing:
            print(f"left out: {missing}")
            engines.remove(engine)
            continue
        versions[engine] = driver.version
        driver.close()
    times: dict[str, list[tuple[float, float]]] = {engine: [] for engine in engines}
    starts: dict[str, set[str]] = {engine: set() for engine in engines}
    with serving(ROOT / "_site") as url:
        print(
            f"engines benchmark: {', '.join(versions.values())};"
            f" {args.loads} loads each, {url}{PATH}"
        )
        for round_ in range(args.loads):
            for engine in engines:
                cold, second, cold_start, second_start = one_load(engine, url + PATH)
                times[engine].append((cold, second))
                starts[engine] |= {f"cold {cold_start}", f"second {second_start}"}
                print(
                    f"  load {round_ + 1} {engine:<9} cold {cold / 1000:5.2f} s"
                    f"   second visit {second / 1000:5.2f} s"
                )
    print("\nmedians, seconds from navigation start to data-ready (range over the loads)")
    print(f"  {'engine':<28} {'cold':>18} {'second visit':>18}   started from")
    for engine in engines:
        colds = [c for c, _ in times[engine]]
        seconds = [s for _, s in times[engine]]
        print(
            f"  {versions[engine]:<28} {cell(colds):>18} {cell(seconds):>18}   "
            + ", ".join(sorted(starts[engine]))
        )
    return 0


def cell(values: list[float]) -> str:
    low, high = min(values) / 1000, max(values) / 1000
    return f"{statistics.median(values) / 1000:.2f} ({low:.2f}-{high:.2f})"


if __name__ == "__main__":
    raise SystemExit(main())
