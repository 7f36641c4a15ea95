"""HTML for the board and the LED displays, as strings.

Building the board as one string and setting ``innerHTML`` once is about thirty
times faster under Pyodide than creating cells one proxy call at a time, so the
front end renders whole rows as text and patches single cells only for small
changes. Cells carry only what the DOM contract and the style sheet need: on a
300x300 board every byte per cell is 90 kB for the browser to parse.

>>> from engine import Layout, Move, apply, new_game
>>> game = apply(new_game(layout=Layout.from_text("*..")), Move.reveal(0, 2)).game  # a win
>>> print(row_html(game, 0).replace("</div>", "</div>\\n"))
<div class="cell" data-col="0" data-row="0" data-state="flagged"></div>
<div class="cell" data-col="1" data-row="0" data-state="open" data-value="1">1</div>
<div class="cell" data-col="2" data-row="0" data-state="open" data-value="0"></div>
<BLANKLINE>
>>> led_text(7), led_text(-3), led_text(1234), led_text(-250)
('007', '-03', '999', '-99')
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from operator import add

from engine import Game
from engine import tiles as t
from play.daily import share_line
from play.result import Result
from web import ids


def tile_parts(tile: int) -> tuple[str, int | None, str]:
    """``(data-state, data-value, text)`` of a tile: the text is the digit of a number."""
    value = t.value(tile)
    if value is None:
        return t.state_name(tile), None, ""
    return "open", value, str(value) if value else ""


def _tile_html_tail(tile: int) -> str:
    state, value, text = tile_parts(tile)
    value_attr = f' data-value="{value}"' if value is not None else ""
    return f' data-state="{state}"{value_attr}>{text}</div>'


# Everything after a cell's coordinates depends on its tile alone: make it once.
_TAIL = [_tile_html_tail(tile) for tile in range(15)]


@lru_cache(maxsize=8)
def _heads(cols: int) -> tuple[str, ...]:
    """The start of every cell's tag in a row, up to its ``data-row`` value."""
    return tuple(
        f'<div class="{ids.CELL_CLASS}" data-col="{col}" data-row="' for col in range(cols)
    )


def row_html(game: Game, row: int) -> str:
    """One row's cells. Every cell is head + row + tail, joined by ``map`` in C: under
    Pyodide a Python expression per cell made a 300x300 board take 70 ms to write."""
    cols = game.level.cols
    tiles = game.tiles[row * cols : (row + 1) * cols]
    heads = map(add, _heads(cols), repeat(f'{row}"', cols))
    return "".join(map(add, heads, map(_TAIL.__getitem__, tiles)))


def board_html(game: Game) -> str:
    """Every row of the board, each in a ``row`` wrapper: the unit of redrawing."""
    return "".join(
        f'<div class="row">{row_html(game, row)}</div>' for row in range(game.level.rows)
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


def escape(text: str) -> str:
    """Text made safe inside HTML (the stdlib's html module costs 40 ms to import in Pyodide).

    >>> escape('<b> & "x"')
    '&lt;b&gt; &amp; &quot;x&quot;'
    """
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")):
        text = text.replace(char, entity)
    return text


def result_html(result: Result) -> str:
    """The finished game's headline and figures as a short line of HTML; a new best time
    comes first, and a daily board says which day's it was."""
    parts = [(result.verdict, result.time_text), *result.figures()]
    line = " · ".join(f"{escape(label)} <b>{escape(value)}</b>" for label, value in parts)
    if result.news:
        line = f'<strong class="news">{escape(result.news)}</strong><br>{line}'
    if result.daily:
        share = escape(share_line(result))
        line += f'<br><span class="share-line">{share}</span> (Copy link shares it)'
    return line
