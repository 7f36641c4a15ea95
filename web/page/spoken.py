"""A board size's fields in words: a custom size's error as a dialog says it, and which
field it is about (:mod:`web.dialogs.custom` and the analysis editor write them into the
page and its ARIA attributes). What the panel's counters and face say is
:mod:`web.board.panel`'s.
"""

from __future__ import annotations

from web.page import ids


def dialog_message(message: str) -> str:
    """:func:`engine.parse_custom`'s message as the dialog shows it: an empty field is said
    to be empty, rather than quoted as ``""``.

    >>> dialog_message('Height must be a whole number from 1 to 1000, got ""')
    'Height must be a whole number from 1 to 1000: the field is empty'
    >>> dialog_message('Width must be a whole number from 1 to 1000, got "abc"')
    'Width must be a whole number from 1 to 1000, got "abc"'
    """
    empty = ', got ""'
    return message[: -len(empty)] + ": the field is empty" if message.endswith(empty) else message


_FIELD_BY_WORD = {
    "Height": (ids.CUSTOM_ROWS,),
    "Width": (ids.CUSTOM_COLS,),
    "Mines": (ids.CUSTOM_MINES,),
}


def fields_in_error(message: str) -> tuple[str, ...]:
    """The ids of the custom dialog's fields that :func:`engine.parse_custom`'s message is
    about: it names the field first, or speaks of the board's mines or of its size.

    >>> fields_in_error("Height must be from 1 to 1000, got -5")
    ('custom-rows',)
    >>> fields_in_error("A 12x10 board takes 1 to 119 mines, got 500")
    ('custom-mines',)
    >>> fields_in_error("A 1x1 board has no room for mines: make it at least 2 cells")
    ('custom-rows', 'custom-cols')
    >>> fields_in_error("Something unforeseen")
    ('custom-rows', 'custom-cols', 'custom-mines')
    """
    first = message.split(" ", 1)[0]
    if first in _FIELD_BY_WORD:
        return _FIELD_BY_WORD[first]
    if "no room" in message:
        return (ids.CUSTOM_ROWS, ids.CUSTOM_COLS)
    if " mine" in message:
        return (ids.CUSTOM_MINES,)
    return (ids.CUSTOM_ROWS, ids.CUSTOM_COLS, ids.CUSTOM_MINES)
