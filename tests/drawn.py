"""The board as a player reads it off the page, in the public DOM contract's words
(docs/dom-contract.md: each cell's ``data-state``, and ``data-value`` when open), as text, one
character a cell (``#`` covered, ``F`` flagged, ``?`` questioned, ``*`` mine, ``X`` exploded,
``!`` wrong flag, ``.`` an open 0, the digit of a number).

The mapping is written here from the contract, not taken from :mod:`web.board.render`: a test
compares it with the engine's own text of the game (:meth:`engine.Game.to_text`), so a drawing
that writes the wrong state is caught, whatever the drawing code believes.
"""

from __future__ import annotations

from typing import Any

from web.page import ids

STATE_CHARS = {
    "covered": "#",
    "flagged": "F",
    "questioned": "?",
    "mine": "*",
    "exploded": "X",
    "wrong-flag": "!",
}
"""The contract's states, but ``open``, as :meth:`engine.Game.to_text` writes them."""


def cell_char(state: str, value: str | None) -> str:
    """One cell in the engine's text form.

    >>> cell_char("open", "0"), cell_char("open", "3"), cell_char("mine", None)
    ('.', '3', '*')
    """
    if state == "open":
        if value is None or not value.isdigit() or not 0 <= int(value) <= 8:
            raise AssertionError(f"an open cell shows data-value={value!r}")
        return "." if value == "0" else value
    if value is not None:
        raise AssertionError(f"a {state} cell carries data-value={value!r}")
    return STATE_CHARS[state]


def drawn_text(document: Any) -> str:
    """The fake document's board (:mod:`tests.fake_dom`) as text, a line a row."""
    board = document.getElementById(ids.BOARD)
    lines = []
    for row in board.children:
        chars = []
        for cell in row.children:
            value = getattr(cell.dataset, "value", None)
            chars.append(cell_char(str(cell.dataset.state), value))
        lines.append("".join(chars))
    return "\n".join(lines)
