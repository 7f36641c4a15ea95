"""How fast Practice gives a drill, in headless Chromium on the built site.

Run ``python -m benchmarks.practice_page [--loads N] [--site DIR]`` (after ``make site``).
Prints figures; asserts nothing. Each load is a fresh page with nothing kept (so every drill
comes from the bank, made on the device), :data:`SETTLED_S` after it is ready:

- **first drill**: from the click on Practice to the first drill's board drawn (the page's
  own clock, ``performance.now()``, a MutationObserver on the board); target 100 ms;
- **each next drill**: from the click on Next drill to its board, over a sitting of ten
  answered at once (the next drills are made while the player thinks; answered at once,
  they may not be);
- **longest task**: the longest main-thread task the browser reported meanwhile (the Long
  Tasks API reports every task over 50 ms; none reported means none was); target 50 ms;
- and, as the page measured them: the click's own work (``data-open-ms``) and the longest
  answer checked and scheduled (``data-answer-ms``).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.chromium import launch_options
from tools.serve import serving

SITE = Path(__file__).resolve().parent.parent / "_site"
READY = "document.body.dataset.ready === 'true'"
SETTLED_S = 8
"""How long after ready Practice is asked for: the page's own start-up work (the solver's
warm-up, a first visit's snapshot) is done by then, so the tasks measured are Practice's."""

SITTING_JS = """async () => {
  const longest = { task: 0 };
  const observer = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) longest.task = Math.max(longest.task, entry.duration);
  });
  observer.observe({ type: "longtask" });
  const board = document.getElementById("practice-board");
  const next = document.getElementById("practice-next");
  const answer = document.getElementById("practice-answer");
  const drawn = () => new Promise(resolve => {
    const start = performance.now();
    const watch = new MutationObserver(() => {
      if (board.querySelector(".cell")) { watch.disconnect(); resolve(performance.now() - start); }
    });
    watch.observe(board, { childList: true });
  });
  let shown = drawn();
  document.getElementById("open-practice").click();
  const times = [await shown];
  for (let n = 1; n <= 10; n++) {
    const target = board.querySelector(".cell.practice-option") ||
      board.querySelector(".cell[data-state='covered']");
    target.click();
    while (next.disabled) await new Promise(r => setTimeout(r, 2));
    if (n === 10) break;
    shown = drawn();
    next.click();
    times.push(await shown);
  }
  await new Promise(r => setTimeout(r, 50));  // the last long task's entry comes after it
  observer.disconnect();
  const result = document.getElementById("practice-result").textContent;
  const figures = board.dataset;
  const [open, answered] = [figures.openMs, figures.answerMs];
  return { times, longestTask: longest.task, result, open, answer: answered };
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args()
    firsts, nexts, longest = [], [], []
    with serving(args.site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        for _ in range(args.loads):
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(READY, timeout=60_000)
            page.wait_for_timeout(SETTLED_S * 1000)
            figures = page.evaluate(SITTING_JS)
            firsts.append(figures["times"][0])
            nexts.extend(figures["times"][1:])
            longest.append(figures["longestTask"])
            print(f"  first {figures['times'][0]:.0f} ms, next {figures['times'][1:]}, "
                  f"longest task {figures['longestTask']:.0f} ms; Python: open "
                  f"{figures['open']} ms, longest answer {figures['answer']} ms")  # fmt: skip
            context.close()
        browser.close()
    print(f"first drill after asking: median {statistics.median(firsts):.0f} ms "
          f"(max {max(firsts):.0f}); each next drill: median {statistics.median(nexts):.0f} ms "
          f"(max {max(nexts):.0f}); longest task {max(longest):.0f} ms "
          "(0: none over 50 ms)")  # fmt: skip


if __name__ == "__main__":
    main()
