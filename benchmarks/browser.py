"""Browser figures in headless Chromium on the built site: load time and input latency.

Run with ``make bench`` (after ``make site``) or ``python -m benchmarks.browser``.
Prints figures; asserts nothing.

* where the start goes, cold and on a second visit, against the bare PyScript and
  Pyodide pages on the same runtime (:mod:`benchmarks.startup`): the ratios are the figures;
* click-to-DOM-updated latency: ``performance.now()`` around dispatching the mouse
  events on a cell. Our handlers run synchronously inside the dispatch, so when it
  returns the DOM is updated. This leaves out the browser's own input routing and
  paint, which are the same for any page;
* what the live counters cost: the same expert clicks with them on and off in the same
  run (off is the baseline), on a desktop's processor and a phone's, with the tasks over
  50 ms (the Long Tasks API) from the first click until the counters were drawn;
* building a 300x300 board, and one reveal that opens almost all of it.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from benchmarks import startup
from engine import EXPERT, Layout, Level, Move, apply, new_game
from tools.chromium import launch_options
from tools.serve import serving
from web.page import ids

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


# Watches the tasks over 50 ms from now on (the Long Tasks API).
LONG_TASKS_JS = """() => {
  window.longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.longTasks.push(e.duration);
  }).observe({type: "longtask"});
}"""

# Turns the live counters on as the settings' switch does (it may be folded away).
LIVE_ON_JS = f"""() => {{
  const on = document.getElementById("{ids.LIVE_SWITCH}");
  on.checked = true;
  on.dispatchEvent(new Event("change", {{bubbles: true}}));
}}"""

# Measured: the page's start (its first idle work) makes tasks of 60 to 300 ms in the
# seconds after the ready mark; the clicks are watched once it is over.
SETTLE_MS = 4000


def open_page(browser: Browser, url: str, cpu: float = 1) -> Page:
    page = browser.new_page()
    if cpu > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    return page


FIRST = (8, 15)
"""An expert game's first reveal, in the middle."""


def expert_plan(mines: frozenset[int]) -> Iterator[tuple[str, int, int, tuple[int, int]]]:
    """The clicks after the first on the expert board of ``mines``: the mines around its
    numbers flagged and those numbers chorded, then ten covered safe cells revealed. Each
    is (kind: "flag", "chord" or "reveal", row, col, and the cell whose state shows the
    click's effect first: the cell itself, or for a chord the first cell it opens)."""
    game = apply(new_game(EXPERT, 0, layout=Layout(EXPERT, mines)), Move.reveal(*FIRST)).game
    grid = game.grid

    def played(kind: str, cell: int) -> tuple[str, int, int, tuple[int, int]]:
        nonlocal game
        move = {"flag": Move.mark, "chord": Move.chord, "reveal": Move.reveal}[kind]
        outcome = apply(game, move(*grid.row_col(cell)))
        shows = min((c for c in outcome.changed if c != cell), default=cell)
        game = outcome.game
        return (kind, *grid.row_col(cell), grid.row_col(shows))

    numbers = [c for c, tile in enumerate(game.tiles) if 1 <= tile <= 8]
    flagged: set[int] = set()
    for cell in numbers[:12]:
        around = grid.neighbours(cell)
        if not any(game.tiles[n] == 9 and n not in mines for n in around):
            continue
        for mine in (n for n in around if n in mines and n not in flagged):
            yield played("flag", mine)
            flagged.add(mine)
        yield played("chord", cell)
    safe = (c for c in range(EXPERT.cells) if c not in mines)
    for _ in range(10):  # the next covered safe cell, each time (a reveal may open several)
        yield played("reveal", next(c for c in safe if game.tiles[c] == 9))


def expert_latencies(
    browser: Browser, base: str, games: int, live: bool | None = None, cpu: float = 1
) -> dict[str, list[float]]:
    """Reveal, flag and chord on expert boards whose mines CPython knows from the seed.

    With ``live`` given, the live counters are switched on or left off, the page settles
    first, and ``long`` holds the tasks over 50 ms of every game's clicks."""
    times: dict[str, list[float]] = {"reveal": [], "flag": [], "chord": []}
    if live is not None:
        times["long"] = []
    for seed in range(games):
        page = open_page(browser, f"{base}?level=expert&seed={seed}", cpu)
        if live is not None:
            if live:
                page.evaluate(LIVE_ON_JS)
            page.wait_for_timeout(SETTLE_MS)
            page.evaluate(LONG_TASKS_JS)
        times["reveal"].append(page.evaluate(CLICK_JS, [*FIRST, "reveal"]))
        game = apply(new_game(EXPERT, seed), Move.reveal(*FIRST)).game
        assert game.layout is not None
        for kind, row, col, _ in expert_plan(game.layout.mines):
            times[kind].append(page.evaluate(CLICK_JS, [row, col, kind]))
        if live is not None:
            page.wait_for_timeout(300)  # the counters are drawn a frame after the last click
            times["long"].extend(page.evaluate("window.longTasks"))
        page.close()
    return times


def live_counters(browser: Browser, base: str, games: int, cpu: float) -> None:
    """Print the expert clicks' figures with the live counters off (the baseline) and on."""
    print(f"  live counters on expert, {games} games each way, processor slowed {cpu:g}x:")
    clicks: dict[bool, list[float]] = {}
    long: dict[bool, list[float]] = {}
    for live in (False, True):
        times = expert_latencies(browser, base, games, live, cpu)
        long[live] = times.pop("long")
        clicks[live] = [ms for values in times.values() for ms in values]
        longest = f"longest {max(long[live]):.0f} ms" if long[live] else "none"
        print(
            summary(f"counters {'on' if live else 'off'}, click to DOM", clicks[live])
            + f"   tasks > 50 ms: {len(long[live])} ({longest})"
        )
    ratio = percentile(clicks[True], 95) / percentile(clicks[False], 95)
    print(
        f"  counters on / off: click to DOM p95 x{ratio:.2f}, tasks > 50 ms {len(long[True])}"
        f" / {len(long[False])}   target: no more such tasks than off"
    )


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
    parser.add_argument("--live", type=int, default=4, help="expert games each way, counters")
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
        if args.live:
            for cpu in (1, 4):
                live_counters(browser, base, args.live, cpu)
        builds, reveals, opened = big_board(browser, base, args.big)
        print(summary("300x300 board build", builds))
        print(summary(f"300x300 reveal opening {opened:,} cells", reveals, "p95 <= 100 ms"))
        if args.noguess:
            boards = no_guess_boards(browser, base, args.noguess)
            print(summary("expert no-guess board, click to shown", boards, "p95 <= 1000 ms"))
        browser.close()


if __name__ == "__main__":
    main()
