"""Specific errors for bad input, each a ``ValueError`` so callers may catch either.

Messages say what is wrong and what is allowed, so a front end can show them as they are.
"""

from __future__ import annotations


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
