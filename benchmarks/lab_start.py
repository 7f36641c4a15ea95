"""How long the bot lab takes from Run to the bot's first game, the first action after
opening the lab and the next one, against another build in the same run.

    python -m benchmarks.lab_start [--before /tmp/site-before] [--loads 5] [--read-ms 3000]

Each load is a fresh page of each build in turn (alternating, so that the machine's load
falls on both alike): the game started, the lab opened, ``--read-ms`` of reading, then Run
on one beginner game, twice. Printed: the medians in ms and each load's figures. A build
before the sandbox is made with ``python -m tools.build_site --out /tmp/site-before`` in a
worktree of its commit.
"""

from __future__ import annotations

import argparse
import statistics
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from tools.chromium import launch_options
from tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
READY = "document.body.dataset.ready === 'true'"
PLAYED = "document.getElementById('lab-status').textContent.startsWith('Played')"
DONE = "document.getElementById('lab-status').textContent.startsWith('Done')"


def actions(page: Page, url: str, read_ms: int) -> list[float]:
    """The ms from Run to the first game, for a first and a second Run."""
    page.goto(url + "?level=beginner&seed=1")
    page.wait_for_function(READY, timeout=120_000)
    page.click("#open-lab")
    page.wait_for_function("document.getElementById('lab-code').value.length > 0")
    page.select_option("#lab-settings select[name=level]", "beginner")
    page.fill("#lab-settings input[name=games]", "1")
    page.wait_for_timeout(read_ms)
    took = []
    for _ in range(2):
        clicked = float(page.evaluate("performance.now()"))
        page.click("#lab-run")
        page.wait_for_function(PLAYED, timeout=120_000, polling="raf")
        took.append(float(page.evaluate("performance.now()")) - clicked)
        page.wait_for_function(DONE, timeout=120_000)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--before", type=Path, help="another build, measured alongside")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--read-ms", type=int, default=3000)
    args = parser.parse_args()
    builds = {"this build": args.site, **({"before": args.before} if args.before else {})}
    figures: dict[str, list[list[float]]] = {name: [] for name in builds}
    with ExitStack() as stack, sync_playwright() as playwright:
        urls = {name: stack.enter_context(serving(site)) for name, site in builds.items()}
        browser = playwright.chromium.launch(**launch_options())
        for _ in range(args.loads):
            for name, url in urls.items():
                page = browser.new_page()
                figures[name].append(actions(page, url, args.read_ms))
                page.close()
        browser.close()
    print(f"Run to the bot's first game, ms, medians of {args.loads} ({args.read_ms} ms read):")
    for name, loads in figures.items():
        first = statistics.median(load[0] for load in loads)
        second = statistics.median(load[1] for load in loads)
        each = ", ".join(f"{a:.0f}/{b:.0f}" for a, b in loads)
        print(f"  {name}: first {first:.0f}, next {second:.0f}  (each load: {each})")


if __name__ == "__main__":
    main()
