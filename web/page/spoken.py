"""The game in words, for screen readers: what the LEDs and the face say, and which field
of the custom dialog an error is about.

Pure functions: :mod:`web.board.view` and :mod:`web.dialogs.custom` write their results into the
page's ARIA attributes.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import Status
from web.page import ids

FACE_LABELS = {Status.WON: "New game (you won)", Status.LOST: "New game (you lost)"}
"""The face's name once a game is over; "New game" before."""


def mines_left_label(mines_left: int) -> str:
    """The mine counter in words (it goes negative when there are more flags than mines).

    >>> mines_left_label(12), mines_left_label(1), mines_left_label(0)
    ('12 mines left', '1 mine left', '0 mines left')
    >>> mines_left_label(-1), mines_left_label(-3)
    ('1 flag more than mines', '3 flags more than mines')
    """
    if mines_left < 0:
        return f"{-mines_left} flag{'s' if mines_left < -1 else ''} more than mines"
    return f"{mines_left} mine{'' if mines_left == 1 else 's'} left"


def seconds_label(seconds: int) -> str:
    """The timer in words.

    >>> seconds_label(37), seconds_label(1), seconds_label(0)
    ('37 seconds', '1 second', '0 seconds')
    """
    return f"{seconds} second{'' if seconds == 1 else 's'}"


def sentences(parts: Iterable[str]) -> str:
    """The parts of a line, said as sentences: each ends with a full stop (a screen reader
    pauses there) and the dots between figures are said as commas.

    >>> sentences(["New best on Beginner: 2.39 s", "Won in 2.39 s · 3BV 12 · seed 7"])
    'New best on Beginner: 2.39 s. Won in 2.39 s, 3BV 12, seed 7.'
    >>> sentences(["Lost after 3.00 s · 3BV 4/12", "", "Really?"])
    'Lost after 3.00 s, 3BV 4/12. Really?'
    """
    said = []
    for part in parts:
        text = " ".join(part.replace(" · ", ", ").split())
        if text:
            said.append(text if text[-1] in ".!?" else f"{text}.")
    return " ".join(said)


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
