"""Reading JSON that anyone may have written: bounded before it is parsed, checked after.

Saved data, an imported file and the terminal's store file come from outside the game:
a damaged disk, another program, an attacker. Plain ``json.loads`` recurses once per
level of nesting, so ``"[" * 100000`` raises RecursionError in CPython and kills
Pyodide ("Maximum call stack size exceeded") before any ``except`` can help; and a
400-digit number parses fine, then overflows in arithmetic far from where it was read.
So :func:`loads` bounds the size, measures the nesting without recursing, and reads
numbers no game holds as infinity; the checks below then read each value against
what a real game can hold. Every refusal is a :class:`BadData`, a ValueError with a
short message of our own.

>>> loads('{"games": [[1, 2]]}')
{'games': [[1, 2]]}
>>> loads("[" * 100_000)
Traceback (most recent call last):
...
play.ledger.safe_json.TooDeep: nested more than 64 levels deep
>>> loads("[" + "9" * 400 + "]")
[inf]
>>> whole(10**400, "the time", 0, 10**12)
Traceback (most recent call last):
...
play.ledger.safe_json.BadData: the time must be from 0 to 1000000000000, got a number with more \
than 20 digits
>>> text("\\ud800", "an id")
Traceback (most recent call last):
...
play.ledger.safe_json.BadData: an id must be printable text, got "\\ud800"
"""

from __future__ import annotations

import json
import math
import re
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from itertools import accumulate
from typing import Any, Generic, TypeVar

from engine.numbers import check_whole, excerpt

MAX_DEPTH = 64
"""Levels of nesting allowed: our data has at most 5, and 64 is far below any stack."""
MAX_CHARS = 32 * 1024 * 1024
"""Characters of JSON read at most by default: a lifetime of games is a few megabytes."""
LONGEST_NUMBER = 30
"""Characters of a JSON integer read as such (a seed has at most 20 digits); a longer
one becomes infinity, which every check refuses, so ``int()`` never sees 4,300 digits."""

T = TypeVar("T")
R = TypeVar("R")

# A JSON string, escapes included: its brackets are text, not nesting. Unrolled, so the
# match runs in time linear in its length.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
"""Opening brackets to +1, closing ones to -1 (as signed bytes)."""
_MOMENT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})?Z")


class BadData(ValueError):
    """Data from outside that is not what the game wrote, or not what a game can hold."""


class TooLarge(BadData):
    """JSON text longer than its limit, refused before it is parsed."""


class TooDeep(BadData):
    """JSON nested deeper than :data:`MAX_DEPTH`, refused before it is parsed."""


class NotJSON(BadData):
    """Text that does not parse as JSON."""


def check_nesting(text: str, most: int = MAX_DEPTH) -> int:
    """How deep the brackets of ``text`` nest, outside its strings; :class:`TooDeep` past
    ``most``. Never recursive, and linear: the brackets become steps of +1 and -1,
    whose running sum, taken in C, peaks at the depth. Brackets that do not pair up
    are JSON's parser to refuse, at a depth now known to be safe.

    >>> check_nesting('[{"a": "[[["}, []]'), check_nesting("7")
    (2, 0)
    >>> check_nesting("[" * 65)
    Traceback (most recent call last):
    ...
    play.ledger.safe_json.TooDeep: nested more than 64 levels deep
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii")
    deepest = max(accumulate(array("b", brackets.translate(_STEPS))), default=0)
    if deepest > most:
        raise TooDeep(f"nested more than {most} levels deep")
    return deepest


def _integer(digits: str) -> float:
    if len(digits) <= LONGEST_NUMBER:
        return int(digits)
    return -math.inf if digits.startswith("-") else math.inf


def loads(text: str, *, limit: int = MAX_CHARS, depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``text``, once its size and nesting are known to be safe.

    NaN and Infinity, which JSON lacks but Python writes, and integers too long for
    any game come back as floats, which the checks below refuse where a number belongs.
    """
    if len(text) > limit:
        raise TooLarge(f"larger than {limit} characters")
    check_nesting(text, depth)
    try:
        return json.loads(text, parse_int=_integer)
    except ValueError:  # json.JSONDecodeError, or a number float() refuses
        raise NotJSON("not JSON") from None


# --- checks of one value ----------------------------------------------------------------------


def whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` when it is an int (not a bool, not a float) from ``low`` to ``high``."""
    return check_whole(value, what, low, high, BadData)


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise BadData(f"{what} must be true or false, got {shown(value)}")
    return value


def text(value: Any, what: str, longest: int = 100) -> str:
    """``value`` when it is printable text of at most ``longest`` characters: nothing that
    moves a terminal's cursor, and no lone surrogate, which no file or console encodes."""
    if not isinstance(value, str):
        raise BadData(f"{what} must be text, got {shown(value)}")
    if len(value) > longest:
        raise BadData(f"{what} must be at most {longest} characters, got {len(value)}")
    if not value.isprintable():  # lone surrogates are not printable either
        raise BadData(f"{what} must be printable text, got {excerpt(value)}")
    return value


def one_of(value: Any, what: str, allowed: Iterable[str]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise BadData(f"{what} must be one of {', '.join(allowed)}, got {shown(value)}")
    return value


def day(value: Any, what: str) -> str:
    """A date as ``2026-11-22``, the one way the game writes it (and sorts it as text).

    >>> day("2026-11-22", "the date")
    '2026-11-22'
    >>> day("20261122", "the date")
    Traceback (most recent call last):
    ...
    play.ledger.safe_json.BadData: the date must be a date such as 2026-11-22, got "20261122"
    """
    if isinstance(value, str) and len(value) == 10:
        try:
            if date.fromisoformat(value).isoformat() == value:
                return value
        except ValueError:
            pass
    raise BadData(f"{what} must be a date such as 2026-11-22, got {shown(value)}")


def moment(value: Any, what: str) -> str:
    """A time in UTC as the game writes it, ``2026-11-22T17:55:01.250Z``."""
    if isinstance(value, str) and _MOMENT.fullmatch(value):
        try:
            datetime.fromisoformat(value[:-1])
            return value
        except ValueError:
            pass
    raise BadData(f"{what} must be a time such as 2026-11-22T17:55:01.250Z, got {shown(value)}")


def shown(value: Any) -> str:
    """A value quoted briefly for a message, whatever it is."""
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, dict | list):
        return "an object" if isinstance(value, dict) else "a list"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "a number with more than 20 digits"
    return excerpt(repr(value))[1:-1]


# --- containers: what can be read of them -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Readable(Generic[T]):
    """What could be read of stored data: ``value`` for the game, ``data`` to store again
    (the readable entries, as they were), and how many entries were ``lost``."""

    value: T
    data: Any
    lost: int = 0


def sift(items: Iterable[T], read: Callable[[T], R]) -> tuple[list[R], list[T], int]:
    """Each item read by ``read``: the values, the items they came from, and how many
    items ``read`` refused with a ValueError (each costs itself only).

    >>> sift(["1", "x", "3"], int)
    ([1, 3], ['1', '3'], 1)
    """
    values: list[R] = []
    kept: list[T] = []
    lost = 0
    for item in items:
        try:
            values.append(read(item))
        except ValueError:
            lost += 1
            continue
        kept.append(item)
    return values, kept, lost
