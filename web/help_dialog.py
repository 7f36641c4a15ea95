"""How to play: the Help button's dialog (and the ``?`` key's), its words the README's
(written into the page at build time by tools/site/help.py), and the pointer to it that a
first visit shows once.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from web import ids, modal

if TYPE_CHECKING:
    from play.session import Session
    from web.listeners import Listeners

POINTED = "minesweeper/help-pointed"
"""Kept once the first visit has pointed to Help, so no later visit does."""
POINTER = "New to Minesweeper? Help, under the board (or the ? key), says how to play."


class HelpDialog:
    def __init__(self, document: Any, session: Session) -> None:
        self.session = session
        self.dialog = document.getElementById(ids.HELP_DIALOG)
        self._close = document.getElementById(ids.HELP_CLOSE)

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self._close, "click", lambda _event: self.dialog.close())
        modal.wire(listeners, self.dialog, self.session)

    def open(self) -> None:
        modal.show(self.dialog, self.session)
        self._close.focus()


def point_to_help(storage: Any, session: Session) -> None:
    """A first visit's notice points to Help, once (a notice of the start's own, a link's
    warning say, goes first: the pointer waits for another visit)."""
    if storage is None or storage.read(POINTED) is not None or session.notice is not None:
        return
    session.say(POINTER)
    with contextlib.suppress(Exception):  # a full store: the pointer may come again, no harm
        storage.write(POINTED, "1")
