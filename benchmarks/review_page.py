"""How fast the page reviews a game, in headless Chromium on the built site.

Run ``python -m benchmarks.review_page [--games N] [--site DIR]`` (after ``make site``; part of
``make bench``). Prints figures; asserts nothing.

The games are :mod:`benchmarks.review`'s: expert games of 150 moves played by the solver's
hint. Each is dropped on the page as a record file, as a player would drop one, and the
review runs in the replay viewer. The figures, per game:

- **first verdict**: from the drop to the first verdict in the move list (the page's own
  clock, ``performance.now()``, a MutationObserver watching the list); target 100 ms;
- **whole review**: from the drop to the summary; target 1 s;
- **longest task**: the longest main-thread task the browser reported meanwhile (the Long
  Tasks API reports every task over 50 ms; none reported means none was); target 50 ms;
- **longest slice**: the longest stretch of review work between two turns of the browser,
  as the page measured it (web/dialogs/replays/review_panel.py).

The first game is reviewed the moment the page is ready, the worst case: the page is
still warming up then (the runtime's code not optimised yet, the solver's own warm-up
running), and a first review is 2-3 times slower than later. So the first review of a
second page, :data:`SETTLED_S` after it is ready, is printed too.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from benchmarks.review import solver_record
from engine import Record
from tools.chromium import launch_options
from tools.serve import serving

SITE = Path(__file__).resolve().parent.parent / "_site"
READY = "document.body.dataset.ready === 'true'"
SETTLED_S = 3
"""How long after ready the settled page's first review starts."""

DROP_JS = """async text => {
  const longest = { task: 0 };
  const observer = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) longest.task = Math.max(longest.task, entry.duration);
  });
  observer.observe({ type: "longtask" });
  const list = document.getElementById("review-moves");
  const panel = document.getElementById("review-panel");
  delete panel.dataset.totalMs;
  const start = performance.now();
  const first = new Promise(resolve => {
    const watch = new MutationObserver(() => {
      if (list.children.length) { watch.disconnect(); resolve(performance.now() - start); }
    });
    watch.observe(list, { childList: true });
  });
  const transfer = new DataTransfer();
  transfer.items.add(new File([text], "game.txt", { type: "text/plain" }));
  const options = { dataTransfer: transfer, bubbles: true, cancelable: true };
  document.body.dispatchEvent(new DragEvent("drop", options));
  const firstMs = await first;
  while (!panel.dataset.totalMs) await new Promise(r => setTimeout(r, 5));
  const wholeMs = performance.now() - start;
  await new Promise(r => setTimeout(r, 50));  // the last long task's entry comes after it
  observer.disconnect();
  const longestSlice = Number(panel.dataset.longestMs);
  return { firstMs, wholeMs, longestTask: longest.task, longestSlice, moves: list.children.length };
}"""


def review_once(page: Page, record: Record) -> dict[str, float]:
    figures: dict[str, float] = page.evaluate(DROP_JS, record.to_text())
    return figures


def records(games: int, moves: int = 150) -> list[Record]:
    found: list[Record] = []
    seed = 0
    while len(found) < games:
        record = solver_record(seed, moves)
        seed += 1
        if len(record.moves) == moves:
            found.append(record)
    return found


def line(name: str, values: list[float], target: str) -> str:
    return (
        f"  {name:<14} median {statistics.median(values):6.0f} ms, max {max(values):6.0f} ms"
        f"  (target {target})"
    )


def first_review(browser: Browser, base: str, record: Record, after_s: float) -> dict[str, float]:
    """A fresh page's first review, ``after_s`` seconds after it is ready."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base)
    page.wait_for_function(READY, timeout=60_000)
    page.wait_for_timeout(after_s * 1000)
    figures = review_once(page, record)
    page.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args()
    games = records(args.games)
    with serving(args.site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(base)
        page.wait_for_function(READY, timeout=60_000)
        results = [review_once(page, record) for record in games]
        settled = first_review(browser, base, games[0], SETTLED_S)
        browser.close()
    print(
        f"review in the page (Chromium): {len(results)} expert games of 150 moves "
        "(the first one as soon as the page is ready)"
    )
    print(line("first verdict", [r["firstMs"] for r in results], "100 ms"))
    print(line("whole review", [r["wholeMs"] for r in results], "1000 ms"))
    print(line("longest task", [r["longestTask"] for r in results], "50 ms; 0: none over 50"))
    print(line("longest slice", [r["longestSlice"] for r in results], "50 ms"))
    print(f"  first game: {rounded(results[0])}")
    print(f"  a page's first review {SETTLED_S} s after it is ready: {rounded(settled)}")


def rounded(figures: dict[str, float]) -> dict[str, int]:
    return {name: round(value) for name, value in figures.items()}


if __name__ == "__main__":
    main()
