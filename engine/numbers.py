"""Whole numbers read strictly from text, and bad input quoted briefly in messages.

CPython's ``int()`` is lenient where a game should be strict (``int("4_2")``,
``int("+42")`` and ``int("٤٢")`` are all 42) and refuses digit strings longer than 4,300
characters with a message of its own. :func:`parse_whole` accepts plain ASCII digits only,
compares lengths before it converts anything, and raises the caller's error class with a
message in our words, quoting at most a short :func:`excerpt` of the input.

>>> parse_whole(" 042 ", "height", 1, 1000)
42
>>> parse_whole("4_2", "seed", 0, 99)
Traceback (most recent call last):
...
engine.errors.InvalidNumberError: seed must be a whole number from 0 to 99, got "4_2"
>>> parse_whole("9" * 5000, "height", 1, 1000)
Traceback (most recent call last):
...
engine.errors.InvalidNumberError: height must be from 1 to 1000, got 9999999999999999999… \
(5000 digits)
"""

from __future__ import annotations

import re

from engine.errors import InvalidNumberError

EXCERPT_LIMIT = 20
"""Characters of raw input a message quotes at most, ellipsis included."""

# [0-9], not \d: \d also matches the digits of other scripts, which int() accepts.
_WHOLE = re.compile(r"(-?)([0-9]+)")


def excerpt(text: str, limit: int = EXCERPT_LIMIT) -> str:
    """``text`` quoted for a message: at most ``limit`` characters between the quotes.

    Longer text is clipped with an ellipsis; characters that would not show, or would
    move the cursor or recolour a terminal, are written as Python escapes.

    >>> excerpt("O3,4")
    '"O3,4"'
    >>> excerpt("x" * 20000)
    '"xxxxxxxxxxxxxxxxxxx…"'
    >>> print(excerpt("a\\tb\\x1b[2J"))
    "a\\tb\\x1b[2J"
    """
    return f'"{_clip(text, limit)}"'


def _clip(text: str, limit: int) -> str:
    # Each character shows as one or more, so the first limit + 1 decide whether to clip.
    pieces = [_visible(char) for char in text[: limit + 1]]
    if len(text) <= limit and sum(len(piece) for piece in pieces) <= limit:
        return "".join(pieces)
    kept: list[str] = []
    used = 0
    for piece in pieces:
        if used + len(piece) > limit - 1:  # room for the ellipsis; escapes are never cut
            break
        kept.append(piece)
        used += len(piece)
    return "".join(kept) + "…"


def _visible(char: str) -> str:
    return char if char.isprintable() else repr(char)[1:-1]


def _allowed(low: int, high: int, context: str) -> str:
    span = f"{low}" if low == high else f"from {low} to {high}"
    return f"{span} {context}" if context else span


def _shown_digits(sign: str, digits: str) -> str:
    """A number as typed, clipped with its length when long."""
    if len(sign) + len(digits) <= EXCERPT_LIMIT:
        return sign + digits
    return f"{sign}{digits[: EXCERPT_LIMIT - 1 - len(sign)]}… ({len(digits)} digits)"


def _shown_int(value: int) -> str:
    # str() of a huge int is slow, and refused past 4,300 digits: never call it on one.
    if -(10**EXCERPT_LIMIT) < value < 10**EXCERPT_LIMIT:
        return str(value)
    return f"a{' negative' if value < 0 else ''} number with more than {EXCERPT_LIMIT} digits"


def parse_whole(
    text: str,
    name: str,
    low: int,
    high: int,
    error: type[ValueError] = InvalidNumberError,
    *,
    context: str = "",
    out_of_range: str = "",
) -> int:
    """The whole number ``text`` stands for, from ``low`` to ``high``; ``error`` otherwise.

    Only ASCII digits count, with whitespace around them: no ``+``, no ``_``, no digits
    of other scripts, no spaces between digits. A leading ``-`` is read so that a
    negative number is reported as out of range rather than as not a number. ``name``
    starts the message; ``context`` follows the range, e.g. ``"on a 9x9 board"``; and
    ``out_of_range``, when given, says the range in words of its own, e.g.
    ``"a 9x9 board takes 1 to 80 mines"``.

    >>> parse_whole("-5", "Height", 1, 1000)
    Traceback (most recent call last):
    ...
    engine.errors.InvalidNumberError: Height must be from 1 to 1000, got -5
    >>> parse_whole("2", "mines", 1, 1, context="on a 2x1 board")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidNumberError: mines must be 1 on a 2x1 board, got 2
    """
    stripped = text.strip()
    match = _WHOLE.fullmatch(stripped)
    sign, digits = match.groups() if match is not None else ("", "")
    significant = digits.lstrip("0")
    if match is None or (sign and not significant):  # "-0" is no way to write 0
        raise error(
            f"{name} must be a whole number {_allowed(low, high, context)}, got {excerpt(stripped)}"
        )
    # More significant digits than the bounds have means out of range: no int() needed.
    if len(significant) <= max(len(str(abs(low))), len(str(abs(high)))):
        number = int(sign + (significant or "0"))
        if low <= number <= high:
            return number
    wanted = out_of_range or f"{name} must be {_allowed(low, high, context)}"
    raise error(f"{wanted}, got {_shown_digits(sign, digits)}")


def check_whole(
    value: object,
    name: str,
    low: int,
    high: int,
    error: type[ValueError] = InvalidNumberError,
    *,
    context: str = "",
    out_of_range: str = "",
) -> int:
    """``value`` when it is an ``int`` (not a ``bool``) from ``low`` to ``high``; ``error``
    with the same words as :func:`parse_whole` otherwise.

    >>> check_whole(7, "seed", 0, 9)
    7
    >>> check_whole(1.5, "rows", 1, 1000)
    Traceback (most recent call last):
    ...
    engine.errors.InvalidNumberError: rows must be a whole number from 1 to 1000, got 1.5
    >>> check_whole(-10**5000, "seed", 0, 9)
    Traceback (most recent call last):
    ...
    engine.errors.InvalidNumberError: seed must be from 0 to 9, got a negative number with \
more than 20 digits
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(
            f"{name} must be a whole number {_allowed(low, high, context)}, "
            f"got {_clip(repr(value), EXCERPT_LIMIT)}"
        )
    if not low <= value <= high:
        wanted = out_of_range or f"{name} must be {_allowed(low, high, context)}"
        raise error(f"{wanted}, got {_shown_int(value)}")
    return value
