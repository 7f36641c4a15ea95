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
* **1000x1000 with one mine**: the start (navigation to ready, and the
  longest animation frame meanwhile), a win by the first click (the longest frame from the
  click until the rows in sight show the won board, and the longest wait for a trivial
  script call meanwhile), Statistics and Replays opened with that board on the page (the
  click to the dialog shown, and the longest frame), the cells in the document, and in
  CPython the first click's parts: the flood and the end of the game (statistics, ledger,
  record);
* **expert hint**: click on the Hint button to its answer drawn (the handler is
  synchronous, so dispatching the click returns once the notice and cell are drawn),
  at once after the move before it (the worst case: the page has had no time to work
  out the new position) and again at a player's pace: :data:`FIRST_LOOK_MS` after the
  page is ready, then :data:`PLAYER_PAUSE_MS` after each move.

It is long: one browser run over one built site (``--only-huge``, ``--only-issue-17``: parts).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from dataclasses import dataclass, replace
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from benchmarks import renderer
from benchmarks.browser import READY, open_page, percentile
from engine import Level, Move, Status, apply, new_game
from engine import tiles as t
from engine.solver import analyse
from engine.stats import game_stats
from engine.steps import drain
from play.game import Settings
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from tools.chromium import launch_options
from tools.serve import serving

SITE = Path(os.environ.get("MINESWEEPER_SITE") or Path(__file__).resolve().parent.parent / "_site")
"""The built site; ``MINESWEEPER_SITE=/tmp/site`` measures a build made elsewhere."""
BIG = Level(300, 300, 9_000)
DENSE = Level(300, 300, 18_000)
"""20% mines: the board of the memory run."""

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
SET_SPEED_JS = """(value) => {
  const speed = document.getElementById("auto-speed");
  speed.value = value;
  speed.dispatchEvent(new Event("change", {bubbles: true}));
}"""
FAST, DEFAULT_SPEED, INSTANT = "40", "200", "0"
"""The auto-player's speeds (``#auto-speed``'s values: ms between moves)."""
TOGGLE_AUTO_JS = """() => document.getElementById("auto").click()"""

PLAYER_PAUSE_MS = 300
"""A player's pause between a move and the next click: time for the page to work out the
next position's analysis in the background, as it does once hints are in use."""

FIRST_LOOK_MS = 2_000
"""A player's first look at a new page before asking for a hint: the page warms the solver
up meanwhile (``web.app``)."""

HINT_JS = """async () => {
  const t0 = performance.now(), ringed = () => document.querySelector("#board .cell.hint-best");
  document.getElementById("hint").click();  // a hint not ready is worked out in slices
  while (!ringed() && performance.now() - t0 < 5000) await new Promise((r) => setTimeout(r));
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
    page.evaluate(SET_SPEED_JS, FAST)
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


STATUS_JS = "() => document.getElementById('board').dataset.status"
MESSAGE_JS = "() => document.getElementById('message').textContent"
NEW_GAME_JS = "() => document.getElementById('face').click()"
CLICK_JS = """([row, col]) => {
  const cell = document.querySelector(`#board .cell[data-row="${row}"][data-col="${col}"]`);
  const opts = (button, buttons) => ({bubbles: true, cancelable: true, button, buttons});
  cell.dispatchEvent(new MouseEvent("mousedown", opts(0, 1)));
  cell.dispatchEvent(new MouseEvent("mouseup", opts(0, 0)));
}"""


def memory_run(
    browser: Browser, base: str, seed: int, seconds: float, every: float = 2.0
) -> tuple[list[renderer.Memory], int, str]:
    """The renderer's memory every ``every`` seconds while the auto-player plays the dense
    300x300 board at Instant with the chances shown (a new game, auto-played too, when one
    ends); also the games ended and the last message under the board.

    The process is read from outside; the page samples its wasm and JS heaps itself, since
    at Instant Python keeps the main thread so busy that CDP's commands wait for minutes."""
    watcher = renderer.watch(browser)
    page = watcher.page
    page.goto(f"{base}?rows={DENSE.rows}&cols={DENSE.cols}&mines={DENSE.mines}&seed={seed}&hints")
    page.wait_for_function(READY, timeout=60_000)
    page.wait_for_function(WAIT_CHANCES_JS, arg="0", timeout=60_000)
    page.evaluate(SET_SPEED_JS, INSTANT)
    pid = watcher.renderer()
    page.locator("#auto").scroll_into_view_if_needed()
    auto = page.locator("#auto").bounding_box()
    before = watcher.memory(0.0, collect=True)
    watcher.sample(every)
    page.evaluate(TOGGLE_AUTO_JS)
    start = time.monotonic()
    outside = [watcher.process(pid, 0.0)]
    while (elapsed := time.monotonic() - start) < seconds:
        time.sleep(max(0.0, every * len(outside) - elapsed))
        outside.append(watcher.process(pid, time.monotonic() - start))
    if auto is not None:  # a click is input: it is handled before the page's queued work
        page.mouse.click(auto["x"] + auto["width"] / 2, auto["y"] + auto["height"] / 2)
    samples, ended = watcher.samples()
    page.wait_for_timeout(1_000)
    collected = watcher.memory(time.monotonic() - start, collect=True)
    page.close()
    readings = [before]
    for reading in outside:
        inside = [s for s in samples if s[0] <= reading.seconds + every / 2] or samples[:1]
        _, wasm, js_heap, cells, _ = inside[-1]
        readings.append(replace(reading, wasm=wasm, js_heap=js_heap, cells_open=cells))
    return [*readings, collected], ended, samples[-1][4] if samples else ""


def item_10_long_frames(
    browser: Browser, base: str, seconds: float, busy: int
) -> tuple[list[renderer.Frame], int, str]:
    """The auto-play frames: ``seed=5``, a click at (150, 150), then Auto-play at its default
    speed for ``seconds``, with ``busy`` busy processes on the machine: the long animation
    frames from the click on (rendering included: the Long Tasks API leaves out the style
    and layout of a frame, where a restyle of the whole board once took 2 s), the cells
    open, and the load average."""
    watcher = renderer.watch(browser)
    page = watcher.page
    page.goto(f"{base}?rows={BIG.rows}&cols={BIG.cols}&mines={BIG.mines}&seed=5&hints")
    page.wait_for_function(READY, timeout=60_000)
    page.wait_for_function(WAIT_CHANCES_JS, arg="0", timeout=60_000)
    page.wait_for_timeout(1_000)  # the solver's warm-up is over
    with renderer.other_work(busy):
        watcher.watch_frames()
        page.evaluate(CLICK_JS, [150, 150])
        page.wait_for_function(WAIT_CHANCES_JS, arg="1", timeout=60_000)
        page.evaluate(TOGGLE_AUTO_JS)
        page.wait_for_timeout(seconds * 1000)
        load = renderer.load_average()
    if page.evaluate(STATUS_JS) not in ("won", "lost"):
        page.evaluate(TOGGLE_AUTO_JS)
    frames = watcher.frames()
    cells = page.evaluate("() => document.querySelectorAll('#board .cell[data-state=open]').length")
    page.close()
    return frames, cells, load


def nearest_mine(level: Level, seed: int, first: tuple[int, int]) -> tuple[int, int]:
    """The mine nearest ``first`` once the first click there has dealt them."""
    game = apply(new_game(level, seed), Move.reveal(*first)).game
    assert game.layout is not None
    row, col = first
    mine = min(
        game.layout.mines, key=lambda m: abs(m // level.cols - row) + abs(m % level.cols - col)
    )
    return divmod(mine, level.cols)


def game_end_restyle(browser: Browser, base: str) -> tuple[float, int, renderer.Frame | None]:
    """The end of a lost game on the 300x300 board (seed 5, a click at (150, 150), then a
    click on the nearest mine, both with the mouse): the longest style recalculation from
    the losing click on, in ms, and the elements it restyled (Chromium's trace:
    ``UpdateLayoutTree``), and the longest animation frame. When ``#board.over`` was keyed
    to the cells' hover, all 90,000 cells were restyled: 100-130 ms."""
    first = (150, 150)
    mine = nearest_mine(BIG, 5, first)
    watcher = renderer.watch(browser)
    page = watcher.page
    page.goto(f"{base}?rows={BIG.rows}&cols={BIG.cols}&mines={BIG.mines}&seed=5")
    page.wait_for_function(READY, timeout=60_000)
    cell = '#board .cell[data-row="{}"][data-col="{}"]'
    page.locator(cell.format(*first)).click()
    page.wait_for_function(f"({STATUS_JS})() === 'playing'")
    page.wait_for_timeout(2_000)  # the opening drawn, the 3BV worked out
    page.locator(cell.format(*mine)).hover()
    watcher.watch_frames()
    browser.start_tracing(page=page, categories=["devtools.timeline"])
    page.mouse.down()
    page.mouse.up()
    page.wait_for_function(f"({STATUS_JS})() === 'lost'")
    page.wait_for_timeout(1_000)
    trace = json.loads(browser.stop_tracing())
    recalcs = [
        (event.get("dur", 0) / 1000, int(event["args"]["elementCount"]))
        for event in trace["traceEvents"]
        if event.get("name") == "UpdateLayoutTree" and "elementCount" in event.get("args", {})
    ]
    frames = watcher.frames()
    page.close()
    ms, elements = max(recalcs, default=(0.0, 0))
    return ms, elements, max(frames, key=lambda f: f.duration, default=None)


HUGE = Level(1000, 1000, 1)
"""The largest board the custom dialog allows, won by its first click."""
HUGE_QUERY = f"?rows={HUGE.rows}&cols={HUGE.cols}&mines={HUGE.mines}&seed=1"
CELLS_JS = "() => document.querySelectorAll('#board .cell').length"
# Long animation frames from the page's start (an init script: it runs before the page's own).
FRAMES_FROM_START_JS = "(" + renderer.WATCH_FRAMES_JS + ")();"
SETTLED_JS = """() => {
  const frame = document.getElementById('board').parentElement.getBoundingClientRect();
  for (const row of document.querySelectorAll('#board > .row')) {
    const box = row.getBoundingClientRect();
    if (box.bottom < frame.top || box.top > frame.bottom) continue;
    if (!row.firstElementChild || row.querySelector('.cell[data-state=covered]')) return false;
  }
  return true;
}"""
"""Every row in sight drawn, showing the won board."""


@dataclass(frozen=True, slots=True)
class HugeRun:
    """One run on :data:`HUGE`, in ms (frames: the longest animation frame)."""

    ready: float
    start_frame: renderer.Frame | None
    won: float
    settled: float
    end_frame: renderer.Frame | None
    slowest_answer: float
    dialogs: dict[str, tuple[float, renderer.Frame | None]]
    cells: int


def _longest(frames: list[renderer.Frame], since: float) -> renderer.Frame | None:
    return max((f for f in frames if f.start >= since), key=lambda f: f.duration, default=None)


def huge_board(browser: Browser, base: str) -> HugeRun:
    """:data:`HUGE` in Chromium: the start, a win by the first click, then each dialog."""
    watcher = renderer.watch(browser)
    page = watcher.page
    page.add_init_script(FRAMES_FROM_START_JS)
    started = time.monotonic()
    page.goto(base + HUGE_QUERY)
    page.wait_for_function(READY, timeout=120_000)
    ready = (time.monotonic() - started) * 1000
    page.wait_for_timeout(2_000)  # the rows in sight drawn, the solver warmed up
    frames_until = page.evaluate("performance.now()")
    start_frame = _longest(watcher.frames(), 0.0)
    cell = page.locator('#board .cell[data-row="5"][data-col="5"]')
    cell.click()
    clicked = time.monotonic()
    page.wait_for_function(f"({STATUS_JS})() === 'won'", timeout=120_000, polling=50)
    won = (time.monotonic() - clicked) * 1000
    slowest = 0.0
    while not page.evaluate(SETTLED_JS) and time.monotonic() - clicked < 120:
        asked = time.monotonic()
        page.evaluate("1")
        slowest = max(slowest, (time.monotonic() - asked) * 1000)
        page.wait_for_timeout(100)
    settled = (time.monotonic() - clicked) * 1000
    page.wait_for_timeout(500)
    end_frame = _longest(watcher.frames(), frames_until)
    dialogs: dict[str, tuple[float, renderer.Frame | None]] = {}
    for button, dialog in (("open-stats", "stats-dialog"), ("open-replays", "replay-dialog")):
        since = page.evaluate("performance.now()")
        asked = time.monotonic()
        page.evaluate(f"document.getElementById('{button}').click()")
        page.wait_for_function(f"document.getElementById('{dialog}').open", polling=20)
        shown = (time.monotonic() - asked) * 1000
        page.wait_for_timeout(300)
        dialogs[button] = (shown, _longest(watcher.frames(), since))
        page.keyboard.press("Escape")
        page.wait_for_timeout(300)
    cells = int(page.evaluate(CELLS_JS))
    page.close()
    return HugeRun(ready, start_frame, won, settled, end_frame, slowest, dialogs, cells)


def huge_board_cpython() -> tuple[float, float]:
    """:data:`HUGE`'s first click in CPython, in ms: the whole move (the flood, the end of
    the game, the ledger and the record kept), and the end alone (its statistics)."""
    keeper = Keeper(Blobs(MemoryStorage()))
    ticks = iter(range(1_000_000))
    session = Session(Settings(level=HUGE), seed=1, clock=lambda: float(next(ticks)), keeper=keeper)
    work = session.move_steps(Move.reveal(5, 5))
    while True:  # its mines are dealt in slices; the last slice plays the move
        started = time.perf_counter()
        try:
            next(work)
        except StopIteration:
            break
    whole = (time.perf_counter() - started) * 1000
    assert session.game.status is Status.WON
    started = time.perf_counter()
    game_stats(session.game, 1.0)
    end = (time.perf_counter() - started) * 1000
    return whole, end


DENSE_HUGE = Level(1000, 1000, 100_000)
"""The largest board with mines at 10%: some 5,600 openings for its 3BV."""


def huge_openings_cpython() -> tuple[float, float, int, int]:
    """:data:`DENSE_HUGE`'s openings in CPython, worked out in slices as the page does
    while the game is played: ms in all, the longest slice in ms, the openings, and the
    bytes they are kept in."""
    game = apply(new_game(DENSE_HUGE, seed=1), Move.reveal(8, 20)).game
    layout = game.layout
    assert layout is not None
    _ = layout.zero_mask  # the layout's own numbers, worked out by the deal
    steps, longest, total = layout.openings_steps(), 0.0, 0.0
    while True:
        started = time.perf_counter()
        try:
            next(steps)
        except StopIteration:
            break
        finally:
            took = time.perf_counter() - started
            longest, total = max(longest, took), total + took
    kept = sum(bits.bit_length() // 8 for _, bits in layout.openings)
    return total * 1000, longest * 1000, len(layout.openings), kept


def huge_loss_cpython() -> float:
    """:data:`DENSE_HUGE` lost in CPython, its openings worked out: the losing move in ms
    (its mines shown, the end's statistics, the ledger and the record kept)."""
    keeper = Keeper(Blobs(MemoryStorage()))
    ticks = iter(range(1_000_000))
    session = Session(
        Settings(level=DENSE_HUGE), seed=1, clock=lambda: float(next(ticks)), keeper=keeper
    )
    for _ in session.move_steps(Move.reveal(8, 20)):  # its mines dealt in slices, then played
        pass
    layout = session.game.layout
    assert layout is not None
    drain(layout.openings_steps())
    started = time.perf_counter()
    session.play(Move.reveal(*DENSE_HUGE.grid.row_col(min(layout.mines))))
    assert session.game.status is Status.LOST
    return (time.perf_counter() - started) * 1000


def print_huge(runs: list[HugeRun], cpython: tuple[float, float]) -> None:
    def frame(f: renderer.Frame | None) -> str:
        return "none over 50 ms" if f is None else f.describe()

    print(f"  {HUGE}: the largest custom board, one mine, won by its first click at (5, 5)")
    for run in runs:
        print(f"    ready {run.ready:.0f} ms; longest frame of the start: {frame(run.start_frame)}")
        print(
            f"    the click: won in {run.won:.0f} ms, rows in sight drawn {run.settled:.0f} ms; "
            f"slowest trivial script call meanwhile {run.slowest_answer:.0f} ms"
        )
        print(f"    longest frame from the click on: {frame(run.end_frame)}")
        for button, (shown, longest) in run.dialogs.items():
            print(f"    #{button}: dialog shown in {shown:.0f} ms; longest frame {frame(longest)}")
        print(f"    cells in the document: {run.cells:,}   target every frame < 100 ms")
    whole, end = cpython
    print(
        f"    CPython: the first click {whole:.0f} ms (the flood of {HUGE.cells - 1:,} cells; "
        f"the end of the game, its statistics, {end:.2f} ms)"
    )


def print_frames(name: str, frames: list[renderer.Frame], cells: int, load: str) -> None:
    over = [f for f in frames if f.duration > 100]
    print(
        f"  {name}: {cells:,} cells open; {len(frames)} frames over 50 ms, {len(over)} over "
        f"100 ms ({load})   target none over 100 ms"
    )
    for frame in sorted(frames, key=lambda f: -f.duration)[:3]:
        print(f"    long frame: {frame.describe()}")
    busiest = max(frames, key=lambda f: f.script, default=None)
    if busiest is not None:
        print(f"    most script in one frame: {busiest.describe()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="safe clicks on the 300x300 board")
    parser.add_argument("--auto-seconds", type=float, default=30, help="auto-play time")
    parser.add_argument("--hint-games", type=int, default=6, help="expert games for hints")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory-seconds", type=float, default=60, help="the memory run's time")
    parser.add_argument(
        "--busy", type=int, default=2, help="busy processes for the auto-play frames' run"
    )
    parser.add_argument(
        "--only-issue-17", action="store_true", help="the memory and auto-play frames only"
    )
    parser.add_argument("--only-huge", action="store_true", help="the 1000x1000 board only")
    parser.add_argument("--huge-runs", type=int, default=2, help="runs on the 1000x1000 board")
    args = parser.parse_args()
    with serving(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        print(f"huge board ({renderer.load_average()}):")
        runs = [huge_board(browser, base) for _ in range(args.huge_runs)]
        print_huge(runs, huge_board_cpython())
        total, longest, openings, kept = huge_openings_cpython()
        print(
            f"  {DENSE_HUGE}, CPython: its {openings:,} openings (3BV) in {total:.0f} ms, the "
            f"longest slice {longest:.1f} ms, kept in {kept / 1e6:.1f} MB; lost: the losing "
            f"move {huge_loss_cpython():.0f} ms"
        )
        if args.only_huge:
            browser.close()
            return
        print(f"big-board benchmark: Chromium {browser.version}, {BIG} with chances shown")
        print("  auto-play frames: seed 5, a click at (150, 150), Auto-play at Normal for 20 s")
        print_frames("idle", *item_10_long_frames(browser, base, 20, 0))
        print_frames(
            f"{args.busy} busy processes", *item_10_long_frames(browser, base, 20, args.busy)
        )
        restyle_ms, restyled, end_frame = game_end_restyle(browser, base)
        print(
            f"  a lost game's end, seed 5: longest style recalculation {restyle_ms:.0f} ms, "
            f"{restyled:,} elements restyled (of {BIG.cells:,} cells); longest frame: "
            f"{end_frame.describe() if end_frame else 'none over 50 ms'}   target < 50 ms"
        )
        print(
            f"  memory: {DENSE} ({DENSE.mines / DENSE.cells:.0%} mines), Auto-play at "
            f"Instant for {args.memory_seconds:.0f} s with the chances shown "
            f"({renderer.load_average()})"
        )
        renderer.print_memory(*memory_run(browser, base, args.seed, args.memory_seconds))
        if args.only_issue_17:
            browser.close()
            return
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
