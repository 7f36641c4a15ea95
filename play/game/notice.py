"""The one line of news the player sees above the board, and when it stops applying.

A notice lives until the next move, or until the game ends. A front end draws
:attr:`play.session.Session.notice` after every update; it never decides itself when
a notice goes. A notice is words only: the cell a hint points at is the session's own
state (:attr:`play.session.Session.hinted`), which stands until the position changes,
whatever is said meanwhile.

The words are the session's, except where they would name a front end's control:
such a notice carries a :class:`Topic`, and each front end says it in its own words
(the page's face and F2, the terminal's ``n``).

>>> Notice("Row 3, column 4 is safe.", Until.NEXT_MOVE).text
'Row 3, column 4 is safe.'
>>> after_move(Notice("Row 3, column 4 is safe."), news="", over=False) is None
True
>>> sentence("that cell is already open"), sentence("Finding a board…"), sentence(" ")
('That cell is already open.', 'Finding a board…', '')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Until(Enum):
    """When a notice stops applying."""

    NEXT_MOVE = "move"
    """A hint's reason, a move's news, "Finding a board…": the next move makes them stale."""
    GAME_OVER = "game"
    """A warning about this game's settings (a bad URL value): gone when the game ends."""


class Topic(Enum):
    """A notice each front end words itself, since the words name its own controls."""

    GAME_OVER = "game over"
    """Help was asked for after the end: how to start a new game."""


@dataclass(frozen=True, slots=True)
class Notice:
    text: str
    """The session's words: a front end shows them unless it words the :attr:`topic`."""
    until: Until = Until.NEXT_MOVE
    topic: Topic | None = None


GAME_OVER = Notice("The game is over.", topic=Topic.GAME_OVER)
FINDING = "Finding a board that needs no guessing…"


def capitalised(text: str) -> str:
    """``text`` with a capital first letter (the rest as it is: names keep their case)."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """A message as the player reads it: trimmed, a capital and a full stop."""
    text = capitalised(text.strip())
    return text if not text or text.endswith((".", "!", "?", "…")) else text + "."


def after_move(notice: Notice | None, news: str, over: bool) -> Notice | None:
    """The notice once a move is played (one the engine did not ignore): the move's own
    ``news`` stands until the game ends, other words of the next-move kind go stale, and
    the game's end (``over``) ends the notices that last until it."""
    if news:
        notice = Notice(sentence(news), Until.GAME_OVER)
    elif notice is not None and notice.until is Until.NEXT_MOVE:
        notice = None
    if over and notice is not None and notice.until is Until.GAME_OVER:
        notice = None
    return notice


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint button's answer: the cell to show and why, in words for the player (the
    solver finds it, :mod:`play.assist`; its reason is said as a notice)."""

    cell: int
    certain: bool
    reason: str
