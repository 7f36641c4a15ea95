"""Specific errors for bad input, each a ``ValueError`` so callers may catch either.

Messages say what is wrong and what is allowed, and quote at most a short excerpt of the
input (:func:`engine.numbers.excerpt`). They have no full stop and start in lower case,
except where they are written for one dialog (:func:`engine.level.parse_custom` starts each
with a capital, most with the field's label, "Height"). A front end shows a message as a
sentence by upper-casing its first letter and adding a full stop, never with
``str.capitalize``, which would lower-case the rest ("Height", quoted input).
"""

from __future__ import annotations


class InvalidNumberError(ValueError):
    """Text that is not a whole number in the range asked for."""


class InvalidLevelError(ValueError):
    """A board size or mine count outside what the engine plays."""


class InvalidSeedError(ValueError):
    """A seed that is not a whole number in the allowed range."""


class InvalidLayoutError(ValueError):
    """A hand-written layout that is malformed or does not match its level."""


class InvalidMoveError(ValueError):
    """Move text that does not parse, such as ``"X3,4"`` or ``"O3"``."""


class InvalidRecordError(ValueError):
    """Game record text that does not parse or does not describe a legal game."""


class InvalidFirstClickError(ValueError):
    """A first-click rule's text that is none of ``opening``, ``safe`` or ``none``."""
