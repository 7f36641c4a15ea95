"""What drawing by difference costs: the page compares what each cell shows with
the game after every update, whatever the call, instead of drawing only the cells a move
names. Prints figures; asserts nothing.

* **expert click to DOM**, p50 and p95, on a desktop's processor and on a phone's (CDP
  ``Emulation.setCPUThrottlingRate`` 4): the same games (seeds) on this build and, with
  ``--before SITE``, on the build before, alternating in one run;
* **1000x1000 Undo**: a board of 1,000,000 cells and :data:`HUGE_MINES` mines, lost on the
  mine nearest the first click, then Undo clicked: the time until every row in sight shows
  the game played on (no mine), and the longest main-thread task from the click on (the Long
  Tasks API); then a reload of the game in progress (a resume), its time to ready and its
  longest task. On the build before, an Undo drew nothing: the mines stayed on screen.

``python -m benchmarks.redraw [--before SITE] [--games 6]`` (``make bench`` runs it on the
built site alone).
"""

from __future__ import annotations

import argparse
import time
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from benchmarks.big_board import nearest_mine
from benchmarks.browser import READY, SITE, expert_latencies, percentile
from benchmarks.renderer import load_average
from engine import Level
from tools.chromium import launch_options
from tools.serve import serving

HUGE_MINES = 20_000
HUGE = Level(1000, 1000, HUGE_MINES)
SEED = 3
FIRST = (500, 500)
LONG_TASKS_JS = """() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({type: 'longtask', buffered: false});
}"""
SCROLL_TO_JS = """([row, col, rows, cols]) => {
  // A huge board holds cells only near its window: scroll its frame to the cell's place.
  const board = document.getElementById('board'), frame = board.parentElement;
  const box = board.getBoundingClientRect();
  frame.scrollTop += box.top + box.height * (row + 0.5) / rows - frame.clientHeight / 2;
  frame.scrollLeft += box.left + box.width * (col + 0.5) / cols - frame.clientWidth / 2;
  window.scrollBy(0, box.top + box.height * (row + 0.5) / rows - innerHeight / 2);
}"""
NO_MINE_IN_SIGHT_JS = """() => {
  const frame = document.getElementById('board').parentElement.getBoundingClientRect();
  let rows = 0;
  for (const row of document.querySelectorAll('#board > .row')) {
    const box = row.getBoundingClientRect();
    if (box.bottom < frame.top || box.top > frame.bottom) continue;
    if (!row.firstElementChild) return false;
    if (row.querySelector('.cell[data-state=mine], .cell[data-state=exploded]')) return false;
    rows += 1;
  }
  return rows > 0 && document.getElementById('board').dataset.status === 'playing';
}"""


def huge_undo(browser: Browser, base: str, mine: tuple[int, int]) -> dict[str, float]:
    """Lose the huge board, Undo, then reload: ms figures (see the module's account)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    query = f"?rows={HUGE.rows}&cols={HUGE.cols}&mines={HUGE.mines}&seed={SEED}"
    page.goto(base + query)
    page.wait_for_function(READY, timeout=180_000)
    cell = '#board .cell[data-row="{}"][data-col="{}"]'
    page.evaluate(SCROLL_TO_JS, [*FIRST, HUGE.rows, HUGE.cols])
    page.wait_for_timeout(1_500)
    page.locator(cell.format(*FIRST)).click()
    page.wait_for_function("document.getElementById('board').dataset.status === 'playing'")
    page.wait_for_timeout(2_000)
    page.evaluate(SCROLL_TO_JS, [*mine, HUGE.rows, HUGE.cols])
    page.wait_for_timeout(1_500)
    page.locator(cell.format(*mine)).click()
    page.wait_for_function(
        "document.getElementById('board').dataset.status === 'lost'", timeout=120_000
    )
    page.wait_for_timeout(3_000)
    page.evaluate(LONG_TASKS_JS)
    clicked = time.monotonic()
    page.locator("#undo").click()
    page.wait_for_function(NO_MINE_IN_SIGHT_JS, timeout=120_000, polling=20)
    drawn = (time.monotonic() - clicked) * 1000
    page.wait_for_timeout(1_000)
    undo_tasks: list[float] = page.evaluate("window.__longTasks")
    page.evaluate("dispatchEvent(new Event('pagehide'))")  # kept as a leaving page keeps it
    started = time.monotonic()
    page.add_init_script(f"({LONG_TASKS_JS})()")
    page.reload()
    page.wait_for_function(READY, timeout=180_000)
    ready = (time.monotonic() - started) * 1000
    page.wait_for_function(NO_MINE_IN_SIGHT_JS, timeout=120_000, polling=20)
    page.wait_for_timeout(1_000)
    resume_tasks: list[float] = page.evaluate("window.__longTasks")
    context.close()
    return {
        "undo drawn": drawn,
        "undo longest task": max(undo_tasks, default=0.0),
        "resume ready": ready,
        "resume longest task": max(resume_tasks, default=0.0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="the build before, to measure beside")
    parser.add_argument("--games", type=int, default=6, help="expert games per build")
    parser.add_argument("--no-huge", action="store_true", help="leave the 1000x1000 Undo out")
    args = parser.parse_args()
    sites = {"this build": SITE, **({"before": args.before} if args.before else {})}
    with sync_playwright() as playwright, ExitStack() as stack:
        browser = playwright.chromium.launch(**launch_options())
        stack.callback(browser.close)
        bases = {name: stack.enter_context(serving(site)) for name, site in sites.items()}
        print(f"drawing by difference, Chromium {browser.version} ({load_average()})")
        for cpu in (1, 4):
            for round_ in range(2):  # the builds in turn, twice: neither always first
                for name in sites if round_ == 0 else reversed(list(sites)):
                    kinds = expert_latencies(browser, bases[name], args.games, cpu=cpu)
                    every = [v for values in kinds.values() for v in values]
                    print(
                        f"  expert click to DOM, processor x{cpu}, {name:<10} "
                        f"p50 {percentile(every, 50):6.2f} ms   p95 {percentile(every, 95):6.2f}"
                        f" ms   ({len(every)} clicks)"
                    )
        if not args.no_huge:
            figures = huge_undo(browser, bases["this build"], nearest_mine(HUGE, SEED, FIRST))
            print(f"  {HUGE} lost, then Undo (this build; the build before drew no undo):")
            for label, ms in figures.items():
                print(f"    {label:<22} {ms:8.0f} ms")
            print("    target: no task over 100 ms")


if __name__ == "__main__":
    main()
