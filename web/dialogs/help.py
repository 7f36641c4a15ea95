"""How to play: the Help button's dialog (and the ``?`` key's), its words the README's
(written into the page at build time by tools/site/help.py), and the pointer to it that a
first visit shows once: the button itself, lit and saying "How to play?" until it is used
(the notice line stays the game's own: a link's warning, a resumed game's word).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from web.dialogs import modal
from web.page import ids

if TYPE_CHECKING:
    from play.session import Session
    from web.page import Listeners

POINTED = "minesweeper/help-pointed"
"""Kept once the first visit has pointed to Help, so no later visit does."""
POINTING = "pointing"
"""The Help button's class while it points to itself (static/style.css lights it)."""
POINTER = "How to play?"
TOUCH_WORDS = ("touch", "tap", "pinch")
"""A row of the controls table whose first cell names one of these is a touch screen's:
on a touch screen those rows come first (:meth:`HelpDialog.touch_first`)."""


class HelpDialog:
    def __init__(self, document: Any, session: Session) -> None:
        self.session = session
        self.document = document
        self.dialog = document.getElementById(ids.HELP_DIALOG)
        self.button = document.getElementById(ids.HELP_OPEN)
        self._close = document.getElementById(ids.HELP_CLOSE)

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self._close, "click", lambda _event: self.dialog.close())
        modal.wire(listeners, self.dialog, self.session)

    def open(self) -> None:
        self.touch_first()
        modal.show(self.dialog, self.session)  # its words focused (index.html: autofocus)
        if self.button.classList.contains(POINTING):  # found: it points no more
            self.button.classList.remove(POINTING)
            self.button.textContent = "Help"

    def touch_first(self) -> None:
        """On a touch screen, the controls table's touch rows first (tap, long press, pinch),
        in the document too, so a screen reader reads them first as well; in their order."""
        window = getattr(self.document, "defaultView", None)
        media = getattr(window, "matchMedia", None)
        if media is None or not media("(pointer: coarse)").matches:
            return
        body = self.dialog.querySelector("tbody")
        if body is None:
            return
        touch = [
            row
            for row in body.children
            if any(word in str(row.firstElementChild.textContent).lower() for word in TOUCH_WORDS)
        ]
        for row in reversed(touch):
            body.insertBefore(row, body.firstElementChild)

    def point(self, storage: Any) -> None:
        """On a first visit, once: the button lights and asks "How to play?"."""
        if storage is None or storage.read(POINTED) is not None:
            return
        self.button.classList.add(POINTING)
        self.button.textContent = POINTER
        with contextlib.suppress(Exception):  # a full store: it may point again, no harm
            storage.write(POINTED, "1")
