"""An expert click to the frame that shows it: ours beside JSMinesweeper, at 1x and 4x.

Part of ``make bench``; alone::

    python -m benchmarks.click_frame [--games 4] [--cpu 1 4] [--before SITE ...]

What a player meets when a click lands: from the press or the release of the button that
acts to the first frame the browser paints with the click's effect in it. Each click is
real input (Playwright's mouse, through the browser's input pipeline), on an expert board,
in Chromium with its processor as it is (1x) and 4 times slower (CDP
``Emulation.setCPUThrottlingRate`` 4, Lighthouse's phone).

* **From**: the time the browser took in the press or the release (the event's
  ``timeStamp``, read by a listener on the window, capturing, that does nothing else):
  the later of the two that came before the frame below. A flag shows on the press (ours),
  a cell opens on the release, as on Windows; the button is held :data:`HOLD_MS`.
* **To**: the first animation frame whose callbacks find the click's effect in the page's
  state (ours: a cell's ``data-state`` changed, the drawn board; the peer: its ``board``'s
  tile uncovered or flagged, which it paints on its canvas in the same task), then the
  end of that frame's paint: a message posted from that callback is handled after it.

The same plan on each site: the first reveal in the middle; then, on the board it opened,
the mines around its numbers flagged and those numbers chorded (ours: the middle button;
the peer: a left click on a number, its own way), then ten covered safe cells revealed.
Ours knows its mines from the seed; the peer's are read from its game (``serverGames``)
after the first click. The peer is JSMinesweeper (MIT), read in ``../shared/peers/
jsminesweeper/`` (skipped if absent), with its hints and its auto-play off. ``--before
SITE`` adds another build of ours (the build before a change). Sites alternate game by
game, so that a busy machine slows them alike. Prints p50 and p95 per site and processor.
"""

from __future__ import annotations

import argparse
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from playwright.sync_api import Browser, Page, sync_playwright

from benchmarks.browser import FIRST, READY, SITE, expert_plan, percentile
from benchmarks.network import PEER_DIR
from engine import EXPERT, Move, apply, new_game
from tools.chromium import launch_options
from tools.serve import serving

HOLD_MS = 60
"""How long a player's click holds the button down (a quick one: 50 to 100 ms)."""
SETTLE_MS = 4000
"""The page's own work after its start (as :data:`benchmarks.browser.SETTLE_MS`)."""

# Armed before each click: the press's and the release's times, and a watch, frame by frame,
# for the click's effect; measured from the later of the two that came before that frame.
ARM_JS = """(probe) => {
  const seen = new Function('return (' + probe + ')');
  const before = seen();
  window.__click = new Promise((done) => {
    const at = {};
    for (const type of ['mousedown', 'mouseup']) {
      addEventListener(type, (e) => { at[type] = e.timeStamp; }, {capture: true, once: true});
    }
    const frame = () => {
      if (at.mousedown === undefined || seen() === before) return requestAnimationFrame(frame);
      const seenAt = performance.now();
      const from = at.mouseup !== undefined && at.mouseup <= seenAt ? at.mouseup : at.mousedown;
      const after = new MessageChannel();
      after.port1.onmessage = () => done(performance.now() - from);
      after.port2.postMessage(0);
    };
    requestAnimationFrame(frame);
  });
}"""
WAIT_JS = """() => Promise.race([window.__click, new Promise((_, no) =>
  setTimeout(() => no(new Error('no frame showed the click')), 10000))])"""


@dataclass(frozen=True)
class SitePage:
    """How to find, click and read a cell on one site."""

    name: str
    ready: str
    chord_button: Literal["left", "middle", "right"]
    """Ours chords with the middle button; the peer with a left click on a number."""

    def url(self, base: str, seed: int) -> str:
        raise NotImplementedError

    def box(self, page: Page, row: int, col: int) -> tuple[float, float]:
        raise NotImplementedError

    def probe(self, row: int, col: int) -> str:
        raise NotImplementedError

    def prepare(self, page: Page) -> None:
        """Anything to set before the first click."""

    def mines(self, page: Page, seed: int) -> frozenset[int]:
        raise NotImplementedError


class Ours(SitePage):
    def url(self, base: str, seed: int) -> str:
        return f"{base}?level=expert&seed={seed}"

    def box(self, page: Page, row: int, col: int) -> tuple[float, float]:
        box = page.locator(f'#board .cell[data-row="{row}"][data-col="{col}"]').bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def probe(self, row: int, col: int) -> str:
        cell = f'#board .cell[data-row="{row}"][data-col="{col}"]'
        return f"document.querySelector('{cell}').dataset.state"

    def mines(self, page: Page, seed: int) -> frozenset[int]:
        game = apply(new_game(EXPERT, seed), Move.reveal(*FIRST)).game
        assert game.layout is not None
        return game.layout.mines


class Peer(SitePage):
    def url(self, base: str, seed: int) -> str:
        return base

    def box(self, page: Page, row: int, col: int) -> tuple[float, float]:
        box = page.locator("#myCanvas").bounding_box()
        assert box is not None
        size = float(page.evaluate("TILE_SIZE"))
        return box["x"] + (col + 0.5) * size, box["y"] + (row + 0.5) * size

    def probe(self, row: int, col: int) -> str:
        return f"(t => `${{t.isCovered()}} ${{t.isFlagged()}}`)(board.getTileXY({col}, {row}))"

    def prepare(self, page: Page) -> None:
        for box in ("#showhints", "#autoplay"):
            page.locator(box).uncheck()

    def mines(self, page: Page, seed: int) -> frozenset[int]:
        found = page.evaluate(
            "[...serverGames.values()].at(-1).tiles.filter(t => t.is_bomb).map(t => t.index)"
        )
        return frozenset(int(m) for m in found)


def click(
    page: Page, site: SitePage, action: str, row: int, col: int, shows: tuple[int, int]
) -> float:
    """Milliseconds from the click ``action`` ("reveal", "flag" or "chord") on the cell at
    ``row``, ``col`` to the frame that shows the cell ``shows`` changed."""
    page.evaluate(ARM_JS, site.probe(*shows))
    x, y = site.box(page, row, col)
    buttons: dict[str, Literal["left", "middle", "right"]] = {"reveal": "left", "flag": "right"}
    button = buttons.get(action) or site.chord_button
    page.mouse.move(x, y)
    page.mouse.down(button=button)
    page.wait_for_timeout(HOLD_MS)
    page.mouse.up(button=button)
    return float(page.evaluate(WAIT_JS))


def game_clicks(browser: Browser, site: SitePage, base: str, seed: int, cpu: float) -> list[float]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    if cpu > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(site.url(base, seed))
    page.wait_for_function(site.ready, timeout=120_000)
    site.prepare(page)
    page.wait_for_timeout(SETTLE_MS)
    times = [click(page, site, "reveal", *FIRST, FIRST)]
    for action, row, col, shows in expert_plan(site.mines(page, seed)):
        times.append(click(page, site, action, row, col, shows))
    page.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="expert games per site and processor")
    parser.add_argument("--cpu", type=float, nargs="+", default=[1, 4])
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--before", type=Path, nargs="*", default=[], help="other builds of ours")
    args = parser.parse_args()
    with ExitStack() as stack, sync_playwright() as playwright:
        sites: list[tuple[str, SitePage, str]] = [
            ("ours", Ours("ours", READY, "middle"), stack.enter_context(serving(args.site)))
        ]
        for old in args.before:
            sites.append(
                (
                    f"before {old.name}",
                    Ours(old.name, READY, "middle"),
                    stack.enter_context(serving(old)),
                )
            )
        if (PEER_DIR / "index.html").is_file():
            peer = Peer(
                "peer", "typeof gameBoard !== 'undefined' && gameBoard instanceof Board", "left"
            )
            sites.append(("JSMinesweeper", peer, stack.enter_context(serving(PEER_DIR))))
        else:
            print(f"{PEER_DIR} is missing: the peer's rows are left out")
        browser = playwright.chromium.launch(**launch_options())
        times: dict[tuple[str, float], list[float]] = {
            (n, c): [] for n, _, _ in sites for c in args.cpu
        }
        for seed in range(args.games):
            for cpu in args.cpu:
                for name, kind, base in sites:
                    times[(name, cpu)] += game_clicks(browser, kind, base, seed, cpu)
        print("Expert click to the frame that shows it (ms, from the press or release that acts):")
        for (name, cpu), values in times.items():
            print(
                f"  {name:<22} processor x{cpu:g}   p50 {percentile(values, 50):6.1f}"
                f"   p95 {percentile(values, 95):6.1f}   n={len(values)}"
            )


if __name__ == "__main__":
    main()
