"""Screenshots of the game for the README, from seeded boards so they come out the same.

    python -m tools.screenshots [--out docs/screenshots]   (after ``make site``)

Writes fresh.png, progress.png, loss.png, win.png, stats.png, replay.png, expert.png,
hints.png, phone.png, review.png (and review-dark.png, review-phone.png: ``--only-review``
makes these alone), video.png and video-phone.png (a replay with its cursor: ``--only-video``),
theme-<name>.png for each board theme, and the whole page in each
theme on a phone and on a desktop: phone-<name>.png (390x844) and desktop-<name>.png
(1280x800), the page's system colour scheme dark for the dark theme and light otherwise
(a theme owns the page either way);
analysis.png and analysis-phone.png, the analysis editor, come with ``--only-analysis``;
live.png and live-phone.png, the live counters in play, with ``--only-live``; lab.png and
lab-phone.png, the bot lab during a run, with ``--only-lab``.

It is long because every screenshot is a short scene on one served site, with shared helpers.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Literal

from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from engine import BEGINNER, INTERMEDIATE, Level, Move, Record, apply, new_game
from play.game.settings import THEMES
from tools.chromium import launch_options
from tools.screenshot_steps import (
    cell,
    choose_theme,
    needless_record,
    own_board,
    play_safely,
    ready,
    window_shot,
)
from tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
SEED = 2026
DENSE, DENSE_SEED = Level(9, 12, 40), 2230
"""A small crowded board whose open cells show every number from 1 to 8."""


def theme_shots(page: Page, base: str, out: Path) -> None:
    """The dense board, lost one cell from the end, in every theme: each number 1-8, flags,
    a "?" mark, the mines and the exploded one."""
    ready(page, f"{base}?rows={DENSE.rows}&cols={DENSE.cols}&mines={DENSE.mines}&seed={DENSE_SEED}")
    first = (4, 6)
    play_safely(page, DENSE, DENSE_SEED, first, clicks=0)
    game = apply(new_game(DENSE, DENSE_SEED), Move.reveal(*first)).game
    assert game.layout is not None
    mines = game.layout.mines
    left = [
        c
        for c in range(DENSE.cells)
        if c not in mines
        and page.get_attribute(cell(page, *game.grid.row_col(c)), "data-state") == "covered"
    ]
    for target in left[:-1]:
        if page.get_attribute(cell(page, *game.grid.row_col(target)), "data-state") == "covered":
            page.click(cell(page, *game.grid.row_col(target)))
    last = cell(page, *game.grid.row_col(left[-1]))
    page.click(last, button="right")
    page.click(last, button="right")
    flagged = {
        c
        for c in mines
        if page.get_attribute(cell(page, *game.grid.row_col(c)), "data-state") == "flagged"
    }
    page.click(cell(page, *game.grid.row_col(min(mines - flagged))))
    for theme in THEMES:
        choose_theme(page, theme)
        window_shot(page, out / f"theme-{theme}.png")
    choose_theme(page, "classic")  # the choice is remembered: leave the default


PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


def page_shots(browser: Browser, base: str, out: Path) -> None:
    """The whole page in every theme: intermediate in progress on a phone, with a flag and
    the settings folded; on a desktop with the hint's ring and the solver's chances."""
    for theme in THEMES:
        scheme: Literal["dark", "light"] = "dark" if theme == "dark" else "light"
        phone = browser.new_page(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
            color_scheme=scheme,
        )  # fmt: skip
        ready(phone, f"{base}?level=intermediate&seed={SEED}")
        choose_theme(phone, theme)
        play_safely(phone, INTERMEDIATE, SEED, (8, 8), clicks=3)
        phone.evaluate("() => window.scrollTo(0, 0)")
        phone.screenshot(path=str(out / f"phone-{theme}.png"))
        phone.close()
        desktop = browser.new_page(viewport=DESKTOP, color_scheme=scheme)
        ready(desktop, f"{base}?level=intermediate&seed={SEED}&hints")
        choose_theme(desktop, theme)
        play_safely(desktop, INTERMEDIATE, SEED, (8, 8), clicks=3)
        desktop.click("#hint")
        desktop.wait_for_selector("#board .cell.hint-best")
        desktop.wait_for_function("document.getElementById('board').dataset.chances !== 'pending'")
        desktop.mouse.move(0, 0)
        desktop.wait_for_timeout(1200)  # the ring's glow at its brightest
        desktop.screenshot(path=str(out / f"desktop-{theme}.png"))
        choose_theme(desktop, "classic")  # remembered: leave the default
        desktop.close()


def review_shots(browser: Browser, base: str, out: Path) -> None:
    """review.png (a needless guess flagged, its safe cell marked, the curves and the move
    list), and the same in the dark theme and on a phone."""
    at = 9
    record = next(
        r
        for seed in range(SEED, SEED + 200)
        if (r := needless_record(INTERMEDIATE, seed, (8, 8), at))
    )
    text = record.to_text().encode()
    desktop: ViewportSize = {"width": 1280, "height": 900}
    shots: list[tuple[str, str, ViewportSize, bool]] = [
        ("review.png", "classic", desktop, False),
        ("review-dark.png", "dark", desktop, False),
        ("review-phone.png", "classic", PHONE, True),
    ]
    for name, theme, viewport, phone in shots:
        page = browser.new_page(
            viewport=viewport, device_scale_factor=2, is_mobile=phone, has_touch=phone
        )
        ready(page, f"{base}?level=intermediate")
        choose_theme(page, theme)
        page.click("#open-replays")
        page.set_input_files(
            "#review-file", {"name": "my-game.txt", "mimeType": "text/plain", "buffer": text}
        )
        page.wait_for_selector("#review-summary h3")
        page.click(f"#review-moves button[data-move='{at}']")
        page.wait_for_selector("#replay-board .cell.review-safe")
        page.evaluate("document.activeElement.blur()")
        if phone:
            page.screenshot(path=str(out / name), full_page=False)
        else:
            page.locator("#replay-dialog").screenshot(path=str(out / name))
        choose_theme_after = theme != "classic"
        page.click("#replay-close")
        if choose_theme_after:
            choose_theme(page, "classic")
        page.close()


CHORD_AT, CHORD_MINE = (7, 5), (7, 4)
"""On intermediate seed SEED opened at (8, 8): a 1 with five covered cells around it, where
both buttons are held (the block shows pressed), and the mine beside it, to end the game."""


def video_shots(browser: Browser, base: str, out: Path) -> None:
    """video.png: a game played with the mouse, watched in Replays at the moment both
    buttons are held over a 1 (the pointer, its buttons, the covered cells of the block
    pressed); video-phone.png, the same on a phone."""
    shots: list[tuple[str, ViewportSize, bool]] = [
        ("video.png", {"width": 1000, "height": 800}, False),
        ("video-phone.png", PHONE, True),
    ]
    for name, viewport, phone in shots:
        page = browser.new_page(viewport=viewport, device_scale_factor=2)
        ready(page, f"{base}?level=intermediate&seed={SEED}")
        for spot, both in (((8, 8), False), (CHORD_AT, True), (CHORD_MINE, False)):
            box = page.locator(cell(page, *spot)).bounding_box()
            assert box is not None
            page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.55, steps=8)
            page.mouse.down()
            if both:
                page.mouse.down(button="right")
                page.wait_for_timeout(400)  # held: the replay shows the block pressed
                page.mouse.up(button="right")
            page.mouse.up()
        records = json.loads(page.evaluate("localStorage.getItem('minesweeper/records')"))
        (text,) = records["data"].values()
        held = next(p for p in Record.parse(text).path if p.buttons == 3)
        page.click("#open-replays")
        page.locator("#replay-list button[data-replay]").first.click()
        page.locator("#replay-scrub").evaluate(
            "(scrub, ms) => { scrub.value = String(ms);"
            " scrub.dispatchEvent(new Event('input', {bubbles: true})) }",
            held.ms + 150,
        )
        page.wait_for_selector("#replay-board .cell.pressed")
        if phone:
            page.locator(".replay-window").scroll_into_view_if_needed()
            page.screenshot(path=str(out / name))
        else:
            page.locator("#replay-viewer").screenshot(path=str(out / name))
        page.close()


ANALYSED = (
    "10:...111.1-/1~4~-211-/1-112-~4~/111.13---/.111.3---/.1-1.2---/.111.22--/.~5~1---/.~5~1---"
)
"""A beginner game half played (its flags taken off): proven cells, a pseudo-50/50 and
dead cells, for the analysis editor's shots."""


def analysis_shots(browser: Browser, base: str, out: Path) -> None:
    """analysis.png (the editor on a position opened from its link: the chances, the
    findings, the brushes) and analysis-phone.png (the same on a phone)."""
    shots: list[tuple[str, ViewportSize, bool]] = [
        ("analysis.png", {"width": 1280, "height": 1000}, False),
        ("analysis-phone.png", PHONE, True),
    ]
    for name, viewport, phone in shots:
        page = browser.new_page(
            viewport=viewport, device_scale_factor=2, is_mobile=phone, has_touch=phone
        )
        ready(page, f"{base}?position={ANALYSED}")
        page.wait_for_selector("#analysis-board[data-analysis='done']")
        page.evaluate("document.activeElement.blur()")
        if phone:
            page.screenshot(path=str(out / name))
        else:
            page.locator("#analysis-dialog").screenshot(path=str(out / name))
        page.close()


def live_shots(browser: Browser, base: str, out: Path) -> None:
    """The live counters in play on intermediate, on a desktop and on a phone:
    live.png and live-phone.png (the whole page, the counters under the board)."""
    shots: list[tuple[str, ViewportSize, bool]] = [
        ("live", DESKTOP, False),
        ("live-phone", PHONE, True),
    ]
    for name, viewport, phone in shots:
        page = browser.new_page(
            viewport=viewport, device_scale_factor=2, is_mobile=phone, has_touch=phone
        )
        ready(page, f"{base}?level=intermediate&seed={SEED}")
        if not page.is_visible("#opt-live"):
            page.click("#settings-button")
        page.check("#opt-live")
        if page.get_attribute("#settings-button", "aria-expanded") == "true":
            page.click("#settings-button")
        play_safely(page, INTERMEDIATE, SEED, (8, 8), clicks=6)
        page.wait_for_timeout(1500)  # the clock on: 3BV/s and the finish are figures
        page.screenshot(path=str(out / f"{name}.png"))
        page.close()


def lab_shots(browser: Browser, base: str, out: Path) -> None:
    """The bot lab during a run: the one-number sample on 1,000 expert boards beside our
    solver, its figures so far and the progress bar: lab.png (the dialog) and lab-phone.png
    (a phone's screen, scrolled to the figures)."""
    shots: list[tuple[str, ViewportSize, bool]] = [
        ("lab.png", {"width": 1100, "height": 1000}, False),
        ("lab-phone.png", PHONE, True),
    ]
    for name, viewport, phone in shots:
        page = browser.new_page(
            viewport=viewport, device_scale_factor=2, is_mobile=phone, has_touch=phone
        )
        ready(page, f"{base}?lab")
        page.wait_for_function("document.getElementById('lab-code').value.length > 0")
        page.fill("#lab-settings input[name=games]", "1000")
        page.click("#lab-run")
        page.wait_for_function(
            "/our solver: [^0]/.test(document.getElementById('lab-figures').textContent)",
            timeout=120_000,
        )
        page.wait_for_timeout(1500)
        if phone:
            page.locator("#lab-figures").scroll_into_view_if_needed()
            page.screenshot(path=str(out / name))
        else:
            page.locator("#lab-dialog").screenshot(path=str(out / name))
        page.click("#lab-stop")
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--only-review", action="store_true", help="the review's shots alone")
    parser.add_argument("--only-analysis", action="store_true", help="the analysis editor's")
    parser.add_argument("--only-video", action="store_true", help="the video's shots alone")
    parser.add_argument("--only-live", action="store_true", help="the live counters' shots")
    parser.add_argument("--only-lab", action="store_true", help="the bot lab's shots")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with serving(args.site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        if args.only_lab:
            lab_shots(browser, base, out)
            browser.close()
            return
        if args.only_live:
            live_shots(browser, base, out)
            browser.close()
            return
        if args.only_analysis:
            analysis_shots(browser, base, out)
            browser.close()
            return
        if args.only_review or args.only_video:
            (review_shots if args.only_review else video_shots)(browser, base, out)
            browser.close()
            return
        page = browser.new_page(viewport={"width": 900, "height": 720}, device_scale_factor=2)
        ready(page, f"{base}?level=beginner&seed={SEED}")
        page.screenshot(path=str(out / "fresh.png"))

        ready(page, f"{base}?level=intermediate&seed={SEED}")
        play_safely(page, INTERMEDIATE, SEED, (8, 8), clicks=6)
        page.hover(cell(page, 15, 15))
        page.mouse.down()
        window_shot(page, out / "progress.png")
        page.mouse.up()

        ready(page, f"{base}?level=beginner&seed={SEED}")
        play_safely(page, BEGINNER, SEED, (4, 4), clicks=2)
        game = apply(new_game(BEGINNER, SEED), Move.reveal(4, 4)).game
        assert game.layout is not None
        covered = [c for c, tile in enumerate(game.tiles) if tile == 9]
        wrong = max(c for c in covered if c not in game.layout.mines)  # not opened above
        page.click(cell(page, *game.grid.row_col(wrong)), button="right")
        page.click(cell(page, *game.grid.row_col(max(game.layout.mines))))
        window_shot(page, out / "loss.png")

        # A board of the player's own (not a link's, not one played above): a best time.
        page = browser.new_page(viewport={"width": 900, "height": 720}, device_scale_factor=2)
        own_board(page, base, BEGINNER, SEED)
        play_safely(page, BEGINNER, SEED, (4, 4), clicks=BEGINNER.cells)
        page.screenshot(path=str(out / "win.png"))

        # The game above was kept: the Statistics and Replays dialogs show it.
        page.click("#open-stats")
        page.wait_for_selector("#stats-body table")
        page.locator("#stats-dialog").screenshot(path=str(out / "stats.png"))
        page.click("#stats-close")
        page.click("#open-replays")
        page.locator("#replay-list button").first.click()
        for _ in range(4):
            page.click("#replay-step")
        page.locator("#replay-dialog").screenshot(path=str(out / "replay.png"))
        page.click("#replay-close")

        ready(page, f"{base}?level=expert&seed={SEED}")
        page.click(cell(page, 8, 15))
        page.screenshot(path=str(out / "expert.png"))

        ready(page, f"{base}?level=intermediate&seed={SEED}&hints")
        page.click(cell(page, 8, 8))
        page.click("#hint")
        page.wait_for_selector("#board .cell[data-hint]")
        page.wait_for_timeout(200)
        page.screenshot(path=str(out / "hints.png"))

        phone = browser.new_page(
            viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
            has_touch=True,
        )  # fmt: skip
        ready(phone, f"{base}?level=intermediate&seed={SEED}")
        phone.tap(cell(phone, 8, 8))
        phone.screenshot(path=str(out / "phone.png"))
        theme_shots(page, base, out)
        page_shots(browser, base, out)
        review_shots(browser, base, out)
        video_shots(browser, base, out)
        browser.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
