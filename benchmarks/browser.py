"""Browser figures in headless Chromium on the built site: load time and input latency.

Run with ``make bench`` (after ``make site``) or ``python -m benchmarks.browser``.
Prints figures; asserts nothing.

* where the start goes, cold and on a second visit, against the bare PyScript and
  Pyodide pages on the same runtime (:mod:`benchmarks.startup`): the ratios are the figures;
* click-to-DOM-updated latency: ``performance.now()`` around dispatching the mouse
  events on a cell. Our handlers run synchronously inside the dispatch, so when it
  returns the DOM is updated. This leaves out the browser's own input routing and
  paint, which are the same for any page;
* building a 300x300 board, and one reveal that opens almost all of it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from benchmarks import startup
from engine import EXPERT, Level, Move, apply, new_game
from tools.chromium import launch_options
from tools.serve import serving

SITE = Path(__file__).resolve().parent.parent / "_site"
READY = "document.body.dataset.ready === 'true'"

# Dispatches the events of one click on a cell and returns the milliseconds it took.
CLICK_JS = """([row, col, kind]) => {
  const cell = document.querySelector(`#board .cell[data-row="${row}"][data-col="${col}"]`);
  const opts = (button, buttons) => ({bubbles: true, cancelable: true, button, buttons});
  const t0 = performance.now();
  if (kind === "reveal") {
    cell.dispatchEvent(new MouseEvent("mousedown", opts(0, 1)));
    cell.dispatchEvent(new MouseEvent("mouseup", opts(0, 0)));
  } else if (kind === "flag") {
    cell.dispatchEvent(new MouseEvent("mousedown", opts(2, 2)));
    cell.dispatchEvent(new MouseEvent("mouseup", opts(2, 0)));
  } else {
    cell.dispatchEvent(new MouseEvent("mousedown", opts(1, 4)));
    cell.dispatchEvent(new MouseEvent("mouseup", opts(1, 0)));
  }
  return performance.now() - t0;
}"""

NEW_GAME_JS = """() => {
  const t0 = performance.now();
  document.getElementById("face").click();
  return performance.now() - t0;
}"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def summary(name: str, values: list[float], target: str = "") -> str:
    return (
        f"  {name:<34} p50 {percentile(values, 50):7.2f} ms   p95 {percentile(values, 95):7.2f} ms"
        f"   n={len(values)}{'   target ' + target if target else ''}"
    )


def open_page(browser: Browser, url: str) -> Page:
    page = browser.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=60_000)
    return page


def expert_latencies(browser: Browser, base: str, games: int) -> dict[str, list[float]]:
    """Reveal, flag and chord on expert boards whose mines CPython knows from the seed."""
    times: dict[str, list[float]] = {"reveal": [], "flag": [], "chord": []}
    for seed in range(games):
        page = open_page(browser, f"{base}?level=expert&seed={seed}")
        times["reveal"].append(page.evaluate(CLICK_JS, [8, 15, "reveal"]))
        game = apply(new_game(EXPERT, seed), Move.reveal(8, 15)).game
        assert game.layout is not None
        grid, mines = game.grid, game.layout.mines
        numbers = [c for c, tile in enumerate(game.tiles) if 1 <= tile <= 8]
        flagged: set[int] = set()
        for cell in numbers[:12]:
            around = grid.neighbours(cell)
            if not any(game.tiles[n] == 9 and n not in mines for n in around):
                continue
            for mine in (n for n in around if n in mines and n not in flagged):
                times["flag"].append(page.evaluate(CLICK_JS, [*grid.row_col(mine), "flag"]))
                flagged.add(mine)
            times["chord"].append(page.evaluate(CLICK_JS, [*grid.row_col(cell), "chord"]))
            game = apply(game, Move.chord(*grid.row_col(cell))).game
        covered = [c for c, tile in enumerate(game.tiles) if tile == 9 and c not in mines]
        for cell in covered[:10]:
            times["reveal"].append(page.evaluate(CLICK_JS, [*grid.row_col(cell), "reveal"]))
        page.close()
    return times


def big_board(browser: Browser, base: str, runs: int) -> tuple[list[float], list[float], int]:
    """Build and reveal a 300x300 board with 10 mines: (build ms, reveal ms, cells opened)."""
    level = Level(300, 300, 10)
    page = open_page(browser, f"{base}?rows=300&cols=300&mines=10")
    builds, reveals, opened = [], [], 0
    for _ in range(runs):
        builds.append(page.evaluate(NEW_GAME_JS))
        reveals.append(page.evaluate(CLICK_JS, [150, 150, "reveal"]))
        opened = page.locator("#board .cell[data-state=open]").count()
    page.close()
    assert opened > level.cells * 0.9, opened
    return builds, reveals, opened


# The first reveal of a no-guess game runs after a short pause that lets the page paint
# "Finding a board…", so it is timed until the board shows it, not until dispatch returns.
NO_GUESS_JS = """async () => {
  const board = document.getElementById("board");
  const cell = board.querySelector('.cell[data-row="8"][data-col="15"]');
  const opts = (button, buttons) => ({bubbles: true, cancelable: true, button, buttons});
  const t0 = performance.now();
  cell.dispatchEvent(new MouseEvent("mousedown", opts(0, 1)));
  cell.dispatchEvent(new MouseEvent("mouseup", opts(0, 0)));
  while (board.dataset.status === "ready") await new Promise(r => setTimeout(r, 1));
  return performance.now() - t0;
}"""


def no_guess_boards(browser: Browser, base: str, games: int) -> list[float]:
    """Milliseconds from the first click to an expert no-guess board on screen."""
    times = []
    for seed in range(games):
        page = open_page(browser, f"{base}?level=expert&noguess&seed={seed}")
        times.append(page.evaluate(NO_GUESS_JS))
        page.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7, help="page loads of each kind")
    parser.add_argument("--games", type=int, default=8, help="expert games for click latency")
    parser.add_argument("--big", type=int, default=8, help="300x300 builds and reveals")
    parser.add_argument("--noguess", type=int, default=20, help="expert no-guess boards")
    args = parser.parse_args()
    with serving(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        print(f"browser benchmark: Chromium {browser.version}, site {base}")
        startup.run(browser, base, args.loads)
        print("  the same on a phone's processor (4x slower: CDP Emulation.setCPUThrottlingRate):")
        startup.run(browser, base, args.loads, cpu=4)
        times = expert_latencies(browser, base, args.games)
        for kind, values in times.items():
            print(summary(f"expert {kind}, click to DOM", values, "p95 <= 8 ms"))
        builds, reveals, opened = big_board(browser, base, args.big)
        print(summary("300x300 board build", builds))
        print(summary(f"300x300 reveal opening {opened:,} cells", reveals, "p95 <= 100 ms"))
        if args.noguess:
            boards = no_guess_boards(browser, base, args.noguess)
            print(summary("expert no-guess board, click to shown", boards, "p95 <= 1000 ms"))
        browser.close()


if __name__ == "__main__":
    main()
