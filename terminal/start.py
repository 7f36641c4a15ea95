"""What the terminal asks at the start: the level, from a menu, and whether to carry on the
unfinished game when the command line names another board.

When to ask is the session layer's rule (:func:`play.start.startup.open_session`); this module
only asks, in the terminal's words. A player who ends the input instead of answering
leaves: :class:`Left`.
"""

from __future__ import annotations

from engine import Level
from play.keeping import Snapshot
from terminal.console import Console
from terminal.menu import choose_level


class Left(Exception):
    """The input ended at a question: the player left before a game began."""


class Questions:
    """:class:`play.start.startup.Questions`, asked on the console."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def resume_instead(self, saved: Snapshot) -> bool:
        question = f"You have an unfinished {described(saved)}. Resume it? (y/n) "
        answer = self.console.ask_yes(question)
        if answer is None:
            raise Left
        return answer

    def level(self, last: Level | None) -> Level:
        level = choose_level(self.console, last)
        if level is None:
            raise Left
        return level


def described(snapshot: Snapshot) -> str:
    """``expert game (12 s played)``, or ``daily board of 2026-11-22 (12 s played)``.

    >>> from engine import EXPERT, Record
    >>> described(Snapshot(Record(EXPERT, 1), 12_999))
    'expert game (12 s played)'
    """
    played = f"({snapshot.elapsed_ms // 1000} s played)"
    if snapshot.daily is not None:
        return f"daily board of {snapshot.daily} {played}"
    return f"{snapshot.record.level.title.lower()} game {played}"
