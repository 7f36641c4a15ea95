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
>>> led_text(1234, counter_digits(1500)), led_text(-250, counter_digits(1500))
('1234', '-250')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from operator import add

from engine import Game
from engine import tiles as t
from play.game import Result, share_line
from web.page import ids


def tile_parts(tile: int) -> tuple[str, int | None, str]:
    """``(data-state, data-value, text)`` of a tile: the text is the digit of a number."""
    value = t.value(tile)
    if value is None:
        return t.state_name(tile), None, ""
    return "open", value, str(value) if value else ""


def small_board_html(
    rows: int,
    cols: int,
    tiles: bytes,
    marks: Mapping[int, Sequence[str]],
    extra: Callable[[int], tuple[str, str, str | None]],
) -> str:
    """The rows of a small board drawn with marks (the analysis editor's, a drill's): each
    cell's tile as the game draws it, the class names ``marks`` gives it, and what
    ``extra(cell)`` adds: (class names before the marks, attributes, text instead of the
    digit, or None).

    >>> small_board_html(1, 2, bytes([9, 3]), {1: ["x"]}, lambda cell: ("", "", None))
    '<div class="row"><div class="cell" data-row="0" data-col="0" data-state="covered">\
</div><div class="cell x" data-row="0" data-col="1" data-state="open" data-value="3">3</div></div>'
    """
    drawn = []
    for row in range(rows):
        cells = []
        for col in range(cols):
            cell = row * cols + col
            state, value, text = tile_parts(tiles[cell])
            first, attributes, instead = extra(cell)
            classes = first + "".join(f" {name}" for name in marks.get(cell, ()))
            if value is not None:
                attributes = f' data-value="{value}"' + attributes
            cells.append(
                f'<div class="{ids.CELL_CLASS}{classes}" data-row="{row}" data-col="{col}"'
                f' data-state="{state}"{attributes}>{text if instead is None else instead}</div>'
            )
        drawn.append(f'<div class="row">{"".join(cells)}</div>')
    return "".join(drawn)


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


def row_html(game: Game, row: int, columns: tuple[int, int] | None = None) -> str:
    """One row's cells (those of ``columns``, the first and the one after the last, on a
    huge board: see :mod:`web.board.view`). Every cell is head + row + tail, joined by ``map``
    in C: under Pyodide a Python expression per cell made a 300x300 board take 70 ms to
    write.

    >>> from engine import Layout, new_game
    >>> row_html(new_game(layout=Layout.from_text("*..*")), 0, (1, 3)).count('data-col="')
    2
    """
    cols = game.level.cols
    first, end = columns or (0, cols)
    tiles = game.tiles[row * cols + first : row * cols + end]
    heads = map(add, _heads(cols)[first:end], repeat(f'{row}"', end - first))
    return "".join(map(add, heads, map(_TAIL.__getitem__, tiles)))


def board_html(game: Game) -> str:
    """Every row of the board, each in a ``row`` wrapper: the unit of redrawing."""
    return "".join(
        f'<div class="row">{row_html(game, row)}</div>' for row in range(game.level.rows)
    )


def empty_rows_html(rows: int) -> str:
    """A huge board's ``rows`` rows without their cells, each numbered (``data-index``)
    for the view to fill when it comes near the window (see :mod:`web.board.view`).

    >>> empty_rows_html(2)
    '<div class="row" data-index="0"></div><div class="row" data-index="1"></div>'
    """
    return "".join(f'<div class="row" data-index="{row}"></div>' for row in range(rows))


def marked_board_html(game: Game, marks: Mapping[int, tuple[str, str]]) -> str:
    """:func:`board_html` with some cells marked: ``marks[cell]`` is ``(classes, attributes)``
    added to that cell's tag (``" chance-safe"``, ``' data-chance="0"'``). One string for
    the whole board: setting each mark on its element from Python cost the review's
    board 11 to 35 ms under Pyodide, four calls into JavaScript a cell.

    >>> from engine import Layout, new_game
    >>> game = new_game(layout=Layout.from_text("*."))
    >>> marked_board_html(game, {1: (" ring", ' data-chance="0"')}).split("</div>")[1]
    '<div class="cell ring" data-col="1" data-row="0" data-chance="0" data-state="covered">'
    >>> marked_board_html(game, {}) == board_html(game)
    True
    """
    cols = game.level.cols
    marked = {cell // cols for cell in marks}
    rows = []
    for row in range(game.level.rows):
        if row not in marked:
            rows.append(row_html(game, row))
            continue
        start = row * cols
        cells = []
        for col in range(cols):
            classes, attributes = marks.get(start + col, ("", ""))
            cells.append(
                f'<div class="{ids.CELL_CLASS}{classes}" data-col="{col}" data-row="{row}"'
                f"{attributes}{_TAIL[game.tiles[start + col]]}"
            )
        rows.append("".join(cells))
    return "".join(f'<div class="row">{cells}</div>' for cells in rows)


def counter_digits(mines: int) -> int:
    """The mine counter's width: three digits, as in Windows, or as many as ``mines`` has.

    >>> counter_digits(10), counter_digits(999), counter_digits(1000), counter_digits(999_999)
    (3, 3, 4, 6)
    """
    return max(3, len(str(mines)))


def led_text(number: int, digits: int = 3) -> str:
    """``digits`` LED characters (three: 000-999, or -99 to -01 as the classic counter
    shows them), capped at the largest number they can show."""
    if number < 0:
        return f"-{min(-number, 10 ** (digits - 1) - 1):0{digits - 1}d}"
    return f"{min(number, 10**digits - 1):0{digits}d}"


_SEGMENTS = "".join(f'<i class="seg {s}"></i>' for s in "abcdefg")


def led_html(number: int, digits: int = 3) -> str:
    """Seven-segment digits whose text content is :func:`led_text`."""
    return "".join(
        f'<span class="digit" data-digit="{c}"><span class="sr">{c}</span>{_SEGMENTS}</span>'
        for c in led_text(number, digits)
    )


def escape(text: str) -> str:
    """Text made safe inside HTML (the stdlib's html module costs 40 ms to import in Pyodide).

    >>> escape('<b> & "x"')
    '&lt;b&gt; &amp; &quot;x&quot;'
    """
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")):
        text = text.replace(char, entity)
    return text


def _figure(label: str, value: str) -> str:
    return f'<span class="figure">{escape(label)} <b>{escape(value)}</b></span>'


def result_html(result: Result) -> str:
    """The finished game's headline and figures as a short line of HTML; a new best time
    comes first, and a daily board says which day's it was.

    Each part is an element of its own (the view says them as separate sentences), and
    each figure a ``figure`` span that the style sheet keeps on one line.

    >>> from engine import BEGINNER, Clicks, Stats, Status
    >>> stats = Stats(12, 12, Clicks(10, 3, 2, 14), 6.0)
    >>> won = Result(Status.WON, 6.0, stats, BEGINNER, 42, True, news="New best: 6.00 s")
    >>> html = result_html(won)
    >>> html.startswith('<strong class="news">New best: 6.00 s</strong><span class="figures">')
    True
    >>> html.count('<span class="figure">'), '<span class="figure">3BV/s <b>2.00</b></span>' in html
    (7, True)
    >>> from dataclasses import replace
    >>> 'a retry of the board (no best time)' in result_html(replace(won, retried=True))
    True
    """
    figures = [_figure(result.verdict, result.time_text)]
    if result.again:  # a retry, or a losing click undone: said, and never a best time
        figures.append(f'<span class="figure again">{escape(result.again)} (no best time)</span>')
    figures += [_figure(*part) for part in result.figures()]
    line = f'<span class="figures">{" · ".join(figures)}</span>'
    if result.news:
        line = f'<strong class="news">{escape(result.news)}</strong>{line}'
    details = result.details()
    if details:
        # Folded: the counters are for competitive players, the line above for everyone.
        shown = " · ".join(_figure(*part) for part in details)
        line += (
            '<details class="more-figures"><summary>More figures</summary>'
            f'<span class="figures">{shown}</span></details>'
        )
    # Beside the folded figures: every move of the game judged by the solver
    # (web.dialogs.replays.review_panel).
    line += '<button type="button" class="review-result" data-review-result="">Review</button>'
    # Beside it: the game as an EVF video, the field's format (web.page.downloads).
    line += (
        '<button type="button" class="save-video" data-save-video="" '
        'title="Save this game as an EVF video (Metasweeper\'s format)">Save EVF</button>'
    )
    if result.daily:
        # The line to share, and its Copy button (web.dialogs.player_tools) on its line: a
        # child of the result line of its own, as Review's, so the result said in words is
        # the line without the button's name (web.board.panel).
        share = escape(share_line(result))
        line += (
            f'<br><span class="share-line"><span class="share-text">{share}</span></span> '
            '<button type="button" class="copy-share" data-copy-share="" '
            'title="Copy this line to share your result (Copy link copies it with the '
            "board's link)\">Copy</button>"
        )
    return line
