"""HTML for the board and the LED displays, as strings.

Building the board as one string and setting ``innerHTML`` once is about thirty
times faster under Pyodide than creating cells one proxy call at a time, so the
front end renders whole rows as text and patches single cells only for small
changes.

>>> from engine import Layout, Move, apply, new_game
>>> game = apply(new_game(layout=Layout.from_text("*..")), Move.reveal(0, 2)).game  # a win
>>> row_html(game, 0)
'<div class="cell" role="gridcell" data-row="0" data-col="0" data-state="flagged" \
aria-label="flagged"></div><div class="cell" role="gridcell" data-row="0" data-col="1" \
data-state="open" data-value="1" aria-label="1">1</div><div class="cell" role="gridcell" \
data-row="0" data-col="2" data-state="open" data-value="0" aria-label="empty"></div>'
>>> led_text(7), led_text(-3), led_text(1234), led_text(-250)
('007', '-03', '999', '-99')
"""

from __future__ import annotations

from html import escape

from engine import Game
from engine import tiles as t
from web import ids

_LABELS = {
    t.COVERED: "covered",
    t.FLAGGED: "flagged",
    t.QUESTIONED: "question mark",
    t.MINE: "mine",
    t.EXPLODED: "exploded mine",
    t.WRONG_FLAG: "wrong flag",
}


def tile_parts(tile: int) -> tuple[str, int | None, str, str]:
    """``(data-state, data-value, text, aria-label)`` of a tile."""
    value = t.value(tile)
    if value is None:
        return t.state_name(tile), None, "", _LABELS[tile]
    return "open", value, str(value) if value else "", str(value) if value else "empty"


def _tile_html_tail(tile: int) -> str:
    state, value, text, label = tile_parts(tile)
    value_attr = f' data-value="{value}"' if value is not None else ""
    return f' data-state="{state}"{value_attr} aria-label="{label}">{text}</div>'


# Everything after a cell's coordinates depends on its tile alone: make it once.
_TAIL = [_tile_html_tail(tile) for tile in range(15)]


def row_html(game: Game, row: int) -> str:
    cols, tiles, tail = game.level.cols, game.tiles, _TAIL
    head = f'<div class="{ids.CELL_CLASS}" role="gridcell" data-row="{row}" data-col="'
    start = row * cols
    return "".join(f'{head}{col}"{tail[tiles[start + col]]}' for col in range(cols))


def board_html(game: Game) -> str:
    """Every row of the board, each a ``role="row"`` wrapper around its cells."""
    return "".join(
        f'<div class="row" role="row">{row_html(game, row)}</div>' for row in range(game.level.rows)
    )


def led_text(number: int) -> str:
    """Three LED characters: 000-999, or -99 to -01 as the classic counter shows them."""
    if number < 0:
        return f"-{min(-number, 99):02d}"
    return f"{min(number, 999):03d}"


_SEGMENTS = "".join(f'<i class="seg {s}"></i>' for s in "abcdefg")


def led_html(number: int) -> str:
    """Seven-segment digits whose text content is :func:`led_text`."""
    return "".join(
        f'<span class="digit" data-digit="{c}"><span class="sr">{c}</span>{_SEGMENTS}</span>'
        for c in led_text(number)
    )


def stats_line(parts: list[tuple[str, str]]) -> str:
    """``label value`` pairs as a short line of HTML."""
    return " · ".join(f"{escape(label)} <b>{escape(value)}</b>" for label, value in parts)
