"""The settings behind one button on a narrow screen: a disclosure, as the WAI-ARIA
Authoring Practices describe it.

``#settings-button`` is a real button with ``aria-expanded`` and ``aria-controls``; the
style sheet shows ``#settings`` (? marks, chording, theme, cell size, first-click rule,
live counters) under the toolbar while it is ``true``; on a wide screen, the first ones
always, in the toolbar's line, and the button unfolds the last (``.settings-more``).
Escape closes it and gives the focus back to the button; a press anywhere else on the page
closes it (heard only while it is open: a press on the board with the menu closed never
comes here). Nothing here decides a setting: the controls inside keep
their own adapters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from play.game_ui import Command, Context
from web.page import ids

if TYPE_CHECKING:
    from web.page import Handlers, Listeners, Switched


class SettingsMenu:
    def __init__(self, document: Any) -> None:
        self.document = document
        self.button = document.getElementById(ids.SETTINGS_BUTTON)
        self.panel = document.getElementById(ids.SETTINGS)
        self._outside: Switched | None = None
        """The press anywhere on the page that closes the menu: listened to while open."""

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self.button, "click", lambda _event: self.show(not self.is_open))
        self._outside = listeners.switched(self.document, "pointerdown", self.on_pointerdown)
        self._outside.turn(self.is_open)

    @property
    def is_open(self) -> bool:
        return str(self.button.getAttribute("aria-expanded")) == "true"

    def show(self, open_: bool) -> None:
        self.button.setAttribute("aria-expanded", "true" if open_ else "false")
        if self._outside is not None:
            self._outside.turn(open_)

    def _inside(self, target: Any) -> bool:
        return bool(self.button.contains(target) or self.panel.contains(target))

    def commands(self) -> Handlers:
        """Escape, in the open disclosure, closes it (:mod:`web.page.keyboard`)."""
        return {Context.SETTINGS: {Command.CLOSE_SETTINGS: self.on_escape}}

    def on_escape(self, event: Any) -> bool:
        if not (self.is_open and self._inside(event.target)):
            return False
        self.show(False)
        self.button.focus()
        return True

    def on_pointerdown(self, event: Any) -> None:
        if self.is_open and not self._inside(event.target):
            self.show(False)
