"""The bot lab in Chromium, as a player uses it: opened, a bot pasted, one game watched,
50 games run beside our solver, a run stopped, a bot that fails in each way; the figures
a page run prints equal the terminal's on the same boards; offline once visited."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from web.page import ids

OpenGame = Callable[[str], Page]
ROOT = Path(__file__).resolve().parent.parent.parent
ONE_NUMBER = (ROOT / "bots" / "one_number.py").read_text(encoding="utf-8")
RUN_S = 240_000
"""How long a run of 50 boards may take here, in ms (two Pythons in workers, one core)."""


def open_lab(page: Page) -> None:
    page.locator(f"#{ids.LAB_OPEN}").click()
    expect(page.locator(f"#{ids.LAB_DIALOG}")).to_be_visible()


def settle(page: Page, level: str, games: int, seed: int = 0, limit: str = "1") -> None:
    form = page.locator(f"#{ids.LAB_SETTINGS}")
    form.locator("select[name=level]").select_option(level)
    form.locator("input[name=games]").fill(str(games))
    form.locator("input[name=seed]").fill(str(seed))
    form.locator("input[name=limit]").fill(limit)


def paste(page: Page, code: str) -> None:
    field = page.locator(f"#{ids.LAB_CODE}")
    field.fill(code)


def terminal_figures(code: str, tmp_path: Path, level: str, games: int) -> list[str]:
    bot = tmp_path / "bot.py"
    bot.write_text(code, encoding="utf-8")
    printed = subprocess.run(
        [sys.executable, "-m", "terminal", "bot", str(bot), "--level", level, "--games", str(games)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line for line in printed.splitlines() if "time a move" not in line]


def test_a_bot_watched_then_run_beside_our_solver_agrees_with_the_terminal(
    open_game: OpenGame, tmp_path: Path
) -> None:
    page = open_game("/?level=beginner&seed=1")
    open_lab(page)
    paste(page, ONE_NUMBER)
    settle(page, "beginner", 50, seed=0)
    page.locator(f"#{ids.LAB_SPEED}").select_option("0.02")
    page.locator(f"#{ids.LAB_WATCH}").click()
    status = page.locator(f"#{ids.LAB_STATUS}")
    expect(status).to_contain_text("Board 0:", timeout=120_000)
    assert page.locator(f"#{ids.LAB_BOARD} .cell").count() == 81
    expect(page.locator(f"#{ids.LAB_MOVE}")).to_contain_text("Move ")

    page.locator(f"#{ids.LAB_RUN}").click()
    expect(status).to_contain_text("Done: 50 games.", timeout=RUN_S)
    shown = page.locator(f"#{ids.LAB_FIGURES}").inner_text().splitlines()
    page_figures = [line for line in shown if "time a move" not in line]
    assert page_figures == terminal_figures(ONE_NUMBER, tmp_path, "beginner", 50)
    assert "our solver:" in page_figures[2]
