"""Browser figures for the solver's help on a 300x300 board, and the expert hint.

Run with ``make bench`` (after ``make site``) or ``python -m benchmarks.big_board``.
Prints figures; asserts nothing. In headless Chromium on the built site:

* **click to overlay updated**, 300x300 with 9,000 mines and Show chances on: a safe
  cell is clicked (one the solver, run in CPython on the same seed, finds certain:
  the cells a player works through), and the time runs until the board's
  ``data-chances`` says the chances drawn are for the position after that click,
  then to the next animation frame (the browser has styled and can paint it);
* **longest main-thread task during the first click** on the same board (the opening
  reveal of some 9,381 cells, drawn a slice a frame, then its chances), from the click
  until the chances are drawn and 300 ms more, by the Long Tasks API;
* **longest main-thread task during auto-play** on the same board, chances shown,
  at the fast speed: every task over 50 ms is reported by a ``PerformanceObserver``
  for ``longtask`` entries (the Long Tasks API), observed from the first move on;
* **expert hint**: click on the Hint button to its answer drawn (the handler is
  synchronous, so dispatching the click returns once the notice and cell are drawn),
  at once after the move before it (the worst case: the page has had no time to work
  out the new position) and again at a player's pace: :data:`FIRST_LOOK_MS` after the
  page is ready, then :data:`PLAYER_PAUSE_MS` after each move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from benchmarks.browser import open_page, percentile
from engine import Level, Move, Status, apply, new_game
from engine import tiles as t
from engine.solver import analyse
from tools.chromium import launch_options
from tools.serve import serving

SITE = Path(__file__).resolve().parent.parent / "_site"
BIG = Level(300, 300, 9_000)

# Click a cell, then wait for the overlay of the position after that click.
CLICK_TO_OVERLAY_JS = """async ([row, col]) => {
  const board = document.getElementById("board");
  const cell = board.querySelector(`.cell[data-row="${row}"][data-col="${col}"]`);
  const wanted = String(Number(board.dataset.chances) + 1);
  const opts = (button, buttons) => ({bubbles: true, cancelable: true, button, buttons});
  const t0 = performance.now();
  cell.dispatchEvent(new MouseEvent("mousedown", opts(0, 1)));
  cell.dispatchEvent(new MouseEvent("mouseup", opts(0, 0)));
  const handled = performance.now() - t0;
  await new Promise((resolve) => {
    if (board.dataset.chances === wanted) return resolve();
    const watch = new MutationObserver(() => {
      if (board.dataset.chances === wanted) { watch.disconnect(); resolve(); }
    });
    watch.observe(board, {attributes: true, attributeFilter: ["data-chances"]});
  });
  const drawn = performance.now() - t0;
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return [handled, drawn, performance.now() - t0];
}"""

# Long tasks as [start, duration] ms from now on (the Long Tasks API: tasks over 50 ms).
WATCH_LONG_TASKS_JS = """() => {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
  }).observe({type: "longtask"});
}"""

WAIT_CHANCES_JS = """(wanted) => document.getElementById("board").dataset.chances === wanted"""

# Long tasks as [start, duration] ms, and when the chances of the first move were drawn (the
# opening: a reveal of some 9,000 cells, whose drawing is the engine's and the view's work).
OBSERVE_LONG_TASKS_JS = """() => {
  window.__longTasks = [];
  window.__opened = null;
  const board = document.getElementById("board");
  new MutationObserver(() => {
    if (window.__opened === null && Number(board.dataset.chances) >= 1) {
      window.__opened = performance.now();
    }
  }).observe(board, {attributes: true, attributeFilter: ["data-chances"]});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push([entry.startTime, entry.duration]);
    }
  }).observe({type: "longtask"});
}"""

# The tools may sit in a menu: set and press them the way their listeners hear it.
SET_FAST_JS = """() => {
  const speed = document.getElementById("auto-speed");
  speed.value = "40";
  speed.dispatchEvent(new Event("change", {bubbles: true}));
}"""
TOGGLE_AUTO_JS = """() => document.getElementById("auto").click()"""

PLAYER_PAUSE_MS = 300
"""A player's pause between a move and the next click: time for the page to work out the
next position's analysis in the background, as it does once hints are in use."""

FIRST_LOOK_MS = 2_000
"""A player's first look at a new page before asking for a hint: the page warms the solver
up meanwhile (``web.app``)."""

HINT_JS = """() => {
  const t0 = performance.now();
  document.getElementById("hint").click();
  return performance.now() - t0;
}"""


def summary(name: str, values: list[float], target: str = "") -> str:
    return (
        f"  {name:<46} p50 {percentile(values, 50):7.1f} ms   p95 {percentile(values, 95):7.1f} ms"
        f"   max {max(values):7.1f} ms   n={len(values)}{'   target ' + target if target else ''}"
    )


def clicks_to_overlay(
    browser: Browser, base: str, seed: int, clicks: int
) -> tuple[list[list[float]], list[float]]:
    """[handled, drawn, painted] ms for the first click and ``clicks`` safe clicks after it;
    the long tasks (ms) from the first click until 300 ms after its chances were drawn."""
    page = open_page(
        browser, f"{base}?rows={BIG.rows}&cols={BIG.cols}&mines={BIG.mines}&seed={seed}&hints"
    )
    page.wait_for_function(WAIT_CHANCES_JS, arg="0", timeout=60_000)
    page.wait_for_timeout(500)  # the page's start-up tasks are over
    grid = BIG.grid
    first = (BIG.rows // 2, BIG.cols // 2)
    game = apply(new_game(BIG, seed), Move.reveal(*first)).game
    page.evaluate(WATCH_LONG_TASKS_JS)
    times = [page.evaluate(CLICK_TO_OVERLAY_JS, list(first))]
    page.wait_for_timeout(300)
    first_tasks = [duration for _start, duration in page.evaluate("() => window.__tasks")]
    pick = random.Random(seed)
    for _ in range(clicks):
        safe = sorted(
            c for c in analyse(grid, BIG.mines, game.tiles).safe if game.tiles[c] == t.COVERED
        )
        if not safe or game.status is not Status.PLAYING:
            break
        cell = pick.choice(safe)
        times.append(page.evaluate(CLICK_TO_OVERLAY_JS, list(grid.row_col(cell))))
        game = apply(game, Move.reveal(*grid.row_col(cell))).game
    page.close()
    return times, first_tasks


def auto_play_long_tasks(
    browser: Browser, base: str, seed: int, seconds: float
) -> tuple[list[float], list[float], int, str]:
    """Long tasks (ms) while the auto-player plays ``seconds``, during its opening move and
    after it; also the cells open at the end and the game's status."""
    page = open_page(
        browser, f"{base}?rows={BIG.rows}&cols={BIG.cols}&mines={BIG.mines}&seed={seed}&hints"
    )
    page.wait_for_function(WAIT_CHANCES_JS, arg="0", timeout=60_000)
    page.evaluate(SET_FAST_JS)
    page.evaluate(OBSERVE_LONG_TASKS_JS)
    page.evaluate(TOGGLE_AUTO_JS)
    deadline = time.monotonic() + seconds
    status = "playing"
    while time.monotonic() < deadline:
        page.wait_for_timeout(500)
        status = page.evaluate("() => document.getElementById('board').dataset.status")
        if status in ("won", "lost"):
            break
    if status not in ("won", "lost"):
        page.evaluate(TOGGLE_AUTO_JS)  # stop it
    page.wait_for_timeout(200)
    tasks: list[list[float]] = page.evaluate("() => window.__longTasks")
    opened: float = page.evaluate("() => window.__opened ?? Infinity")
    cells = page.evaluate("() => document.querySelectorAll('#board .cell[data-state=open]').length")
    page.close()
    opening = [duration for start, duration in tasks if start < opened]
    after = [duration for start, duration in tasks if start >= opened]
    return opening, after, cells, status


def expert_hints(
    browser: Browser, base: str, games: int, per_game: int, pause_ms: int = 0
) -> list[float]:
    """Click to hint drawn (ms) at the opening and after each hinted move, expert games;
    each click ``pause_ms`` after the move before it, the first :data:`FIRST_LOOK_MS`
    after the page is ready (0: every click at once, the worst case)."""
    times = []
    for seed in range(games):
        page = open_page(browser, f"{base}?level=expert&seed={seed}")
        if pause_ms:
            page.wait_for_timeout(FIRST_LOOK_MS)
        for _ in range(per_game):
            if pause_ms:
                page.wait_for_timeout(pause_ms)
            times.append(page.evaluate(HINT_JS))
            best = page.query_selector("#board .cell.hint-best")
            status = page.evaluate("() => document.getElementById('board').dataset.status")
            if best is None or status in ("won", "lost"):
                break
            best.dispatch_event("mousedown", {"button": 0, "buttons": 1})
            best.dispatch_event("mouseup", {"button": 0, "buttons": 0})
        page.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="safe clicks on the 300x300 board")
    parser.add_argument("--auto-seconds", type=float, default=30, help="auto-play time")
    parser.add_argument("--hint-games", type=int, default=6, help="expert games for hints")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with serving(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        print(f"big-board benchmark: Chromium {browser.version}, {BIG} with chances shown")
        times, first_tasks = clicks_to_overlay(browser, base, args.seed, args.clicks)
        print(
            f"  first click (opens the board), handled {times[0][0]:.0f} ms, chances drawn "
            f"{times[0][1]:.0f} ms, painted {times[0][2]:.0f} ms; long tasks (> 50 ms) "
            f"meanwhile: {len(first_tasks)}, longest {max(first_tasks, default=0):.0f} ms"
            f"   target longest <= 100 ms"
        )
        rest = times[1:]
        print(summary("safe click, handled (move drawn)", [x[0] for x in rest]))
        print(summary("safe click to chances drawn", [x[1] for x in rest], "p95 <= 150 ms"))
        print(summary("safe click to chances painted (next frame)", [x[2] for x in rest]))
        opening, after, cells, status = auto_play_long_tasks(
            browser, base, args.seed, args.auto_seconds
        )
        print(
            f"  auto-play {args.auto_seconds:.0f} s at the fast speed: {cells:,} cells open, "
            f"game {status}; long tasks (> 50 ms) during the opening move: {len(opening)}, "
            f"longest {max(opening, default=0):.0f} ms"
        )
        print(
            f"  auto-play after the opening move: {len(after)} long tasks (> 50 ms), "
            f"longest {max(after, default=0):.0f} ms"
            f"{', median ' + format(statistics.median(after), '.0f') + ' ms' if after else ''}"
            f"   target longest <= 100 ms"
        )
        hints = expert_hints(browser, base, args.hint_games, 15)
        print(summary("expert hint, click to drawn, at once", hints, "p95 <= 10 ms"))
        paced = expert_hints(browser, base, args.hint_games, 15, PLAYER_PAUSE_MS)
        print(summary("expert hint, at a player's pace", paced, "p95 <= 10 ms"))
        browser.close()


if __name__ == "__main__":
    main()
