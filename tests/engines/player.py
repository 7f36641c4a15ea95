"""A player at the game in any engine: reads the board through the public DOM contract
(docs/dom-contract.md), clicks cells where they are drawn, and waits for what the page shows.

Everything here goes through a :class:`tools.engines.Driver`, so the smoke is written
once for every engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from tests.engines.solver import Board, Certain, certain
from tools.engines import Button, Driver, wait_for

READY = "document.body.dataset.ready === 'true'"
READY_OR_FAILED = (
    "document.body !== null && (document.body.dataset.ready === 'true'"
    " || document.body.textContent.includes('The game could not start'))"
)
BOARD_JS = """(() => { const b = document.getElementById('board');
  return {rows: +b.dataset.rows, cols: +b.dataset.cols, mines: +b.dataset.mines,
    status: b.dataset.status, face: document.getElementById('face').dataset.face,
    counter: document.getElementById('mine-counter').textContent.replace(/\\s/g, ''),
    cells: Array.from(b.querySelectorAll('.cell'), c =>
      [+c.dataset.row, +c.dataset.col, c.dataset.state, c.dataset.value ?? null])}; })()"""
# What the player would see go wrong: PyScript's box for a Python error it caught (its
# "error" plugin), and our own words when the game could not start.
SHOWN_ERRORS_JS = """[...Array.from(document.querySelectorAll('.py-error'), e => e.textContent),
  ...(document.body.textContent.includes('The game could not start')
      ? ['the page says: The game could not start'] : [])]"""


@dataclass(frozen=True)
class Seen:
    """The board as drawn."""

    rows: int
    cols: int
    mines: int
    status: str
    face: str
    counter: str
    cells: Board

    def count(self, state: str) -> int:
        return sum(1 for s, _ in self.cells.values() if s == state)

    def certain(self) -> Certain:
        return certain(self.cells, self.rows, self.cols, self.mines)


class Player:
    def __init__(self, driver: Driver, base_url: str) -> None:
        self.driver = driver
        self.base_url = base_url

    def start(self, path: str = "", timeout_s: float = 60.0) -> None:
        """Open ``path`` (relative to the site) and wait until the game is ready."""
        self.driver.open(self.base_url + path)
        self.wait_ready(timeout_s)

    def wait_ready(self, timeout_s: float = 60.0) -> None:
        wait_for(self.driver, READY_OR_FAILED, timeout_s, "the game to be ready")
        self.check_shown()
        assert self.driver.run(READY), "the page never set data-ready"

    def check_shown(self) -> None:
        """Fail on an error the page shows the player."""
        shown = self.driver.run(SHOWN_ERRORS_JS)
        assert not shown, f"{self.driver.name} shows an error: {shown}"

    def seen(self) -> Seen:
        raw = self.driver.run(BOARD_JS)
        cells = {(r, c): (state, value) for r, c, state, value in raw.pop("cells")}
        return Seen(cells=cells, **raw)

    def where(self, row: int, col: int) -> tuple[float, float]:
        """The centre of a cell, in the viewport (scrolled into view first)."""
        x, y = self.driver.run(
            f"(() => {{ const c = document.querySelector("
            f'\'#board .cell[data-row="{row}"][data-col="{col}"]\');'
            " c.scrollIntoView({block: 'nearest', inline: 'nearest'});"
            " const r = c.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        return x, y

    def click(self, row: int, col: int, button: Button = "left") -> None:
        self.driver.click(*self.where(row, col), button)

    def until(self, js: str, what: str, timeout_s: float = 10.0) -> None:
        wait_for(self.driver, js, timeout_s, what)

    def until_cell(
        self, row: int, col: int, states: tuple[str, ...], timeout_s: float = 10.0
    ) -> None:
        sel = f'#board .cell[data-row="{row}"][data-col="{col}"]'
        self.until(
            f"{json.dumps(list(states))}.includes(document.querySelector('{sel}').dataset.state)",
            f"cell {row},{col} to be {' or '.join(states)}",
            timeout_s,
        )

    def until_status(self, *statuses: str, timeout_s: float = 10.0) -> None:
        self.until(
            f"{json.dumps(list(statuses))}.includes(document.getElementById('board').dataset.status)",
            f"the board to be {' or '.join(statuses)}",
            timeout_s,
        )
