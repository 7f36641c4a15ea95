"""The steps of the screenshots' scenes (:mod:`tools.screenshots`), as a player takes them
on the served page: a seeded board opened as the player's own, a theme chosen, safe cells
played, a window shot; and a game with one needless guess, made by the solver, to review.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from engine import Level, Move, Record, apply, new_game
from engine.solver import Analyser
from engine.solver.guess import choose


def cell(page: Page, row: int, col: int) -> str:
    return f'#board .cell[data-row="{row}"][data-col="{col}"]'


def ready(page: Page, url: str) -> Page:
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    return page


def own_board(page: Page, base: str, level: Level, seed: int) -> Page:
    """The board of ``seed`` as the player's saved board, nothing played: what a fresh
    visit deals, so that its win counts as a best time (a seed in the address is a link's,
    which never does). Written from another page of the site, so no game saves over it."""
    page.goto(f"{base}manifest.webmanifest")
    snapshot = {"record": Record.of(new_game(level, seed)).to_text(), "elapsed_ms": 0}
    data = {"schema": 1, "data": {**snapshot, "assisted": False, "daily": None}}
    page.evaluate("text => localStorage.setItem('minesweeper/game', text)", json.dumps(data))
    return ready(page, base)


def choose_theme(page: Page, theme: str) -> None:
    """Choose ``theme`` in its menu, unfolding the settings first on a narrow screen."""
    if not page.is_visible("#theme"):
        page.click("#settings-button")
    page.select_option("#theme", theme)
    if page.get_attribute("#settings-button", "aria-expanded") == "true":
        page.click("#settings-button")


def window_shot(page: Page, path: Path) -> None:
    page.locator(".window").screenshot(path=str(path))


def play_safely(page: Page, level: Level, seed: int, first: tuple[int, int], clicks: int) -> None:
    """Open ``first``, then flag a few mines and reveal ``clicks`` safe cells, as a player would."""
    page.click(cell(page, *first))
    game = apply(new_game(level, seed), Move.reveal(*first)).game
    assert game.layout is not None
    grid, mines = game.grid, game.layout.mines
    safe = [c for c, tile in enumerate(game.tiles) if tile == 9 and c not in mines]
    flags = [m for m in sorted(mines) if any(game.tiles[n] <= 8 for n in grid.neighbours(m))]
    for mine in flags[:4]:
        page.click(cell(page, *grid.row_col(mine)), button="right")
    for target in safe[:clicks]:
        if page.locator(cell(page, *grid.row_col(target))).get_attribute("data-state") == "covered":
            page.click(cell(page, *grid.row_col(target)))


def needless_record(level: Level, seed: int, first: tuple[int, int], at: int) -> Record | None:
    """A game the solver plays from ``first``, but for move ``at``: a needless guess (an
    unproven cell, no mine, while a cell was proven safe); None if the seed gives none."""
    game = new_game(level, seed)
    record = Record.of(game).add(Move.reveal(*first), 0)
    game = apply(game, Move.reveal(*first)).game
    analyser = Analyser(game.grid, level.mines)
    while not game.status.is_over and len(record.moves) < 400:
        analysis = analyser.analyse(game.tiles)
        assert game.layout is not None
        if len(record.moves) + 1 == at:
            unproven = [
                c
                for c in sorted(analysis.frontier)
                if c not in analysis.safe and c not in game.layout.mines
            ]
            if not analysis.safe or not unproven:
                return None
            cell = unproven[len(unproven) // 2]
        elif analysis.safe:
            cell = min(analysis.safe)
        else:
            suggestion = choose(analyser, analysis)
            assert suggestion is not None
            cell = suggestion.cell
        move = Move.reveal(*game.grid.row_col(cell))
        record = record.add(move, len(record.moves) * 700 + 300)
        game = apply(game, move).game
    return record
