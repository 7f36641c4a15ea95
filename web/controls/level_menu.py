"""The level menu: a deliberate choice deals a new game, a stray key never does.

In Chromium an arrow key on a closed ``<select>`` changes its value and fires
``change`` at once. A choice made from the keyboard is therefore held until Enter
and dropped when the menu loses focus or on Escape; a choice made with the mouse
(or a touch) applies at once. "Custom…" opens the custom dialog every time: while
a custom board is played, the menu shows it as a second option with the same
value, so choosing "Custom…" is always a change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Level
from engine.level import PRESETS
from play.session import Session
from web.page import ids
from web.page.listeners import Listeners

CUSTOM = "custom"
_SELECTION_KEYS = {"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"}
_SELECTION_KEYS |= {"PageUp", "PageDown"}


class LevelMenu:
    def __init__(
        self,
        document: Any,
        session: Session,
        play_level: Callable[[Level], None],
        open_custom: Callable[[], None],
        say: Callable[[str], None],
    ) -> None:
        self.session = session
        self.select = document.getElementById(ids.LEVEL)
        self.current_custom = document.getElementById(ids.LEVEL_CUSTOM_BOARD)
        self._play_level = play_level
        self._open_custom = open_custom
        self._say = say
        self._from_keys = False
        self._pending = False

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self.select, "change", self.on_change)
        listeners.listen(self.select, "keydown", self.on_keydown)
        listeners.listen(self.select, "pointerdown", self.on_pointerdown)
        listeners.listen(self.select, "blur", lambda _event: self.sync())

    def on_pointerdown(self, _event: Any) -> None:
        self._from_keys = False

    def on_keydown(self, event: Any) -> None:
        key = event.key
        if key == "Enter":
            if self._pending:
                event.preventDefault()
                self._commit()
            self._from_keys = False  # Enter in an open list: the change that follows counts
        elif key == "Escape":
            self.sync()
        elif key in _SELECTION_KEYS or (len(key) == 1 and key != " "):
            self._from_keys = True
        else:
            self._from_keys = False

    def on_change(self, _event: Any) -> None:
        if self._from_keys:
            self._pending = True
            label = self.select.options.item(self.select.selectedIndex).text
            self._say(f"Press Enter to play {label.rstrip('…')}.")
            return
        self._commit()

    def _commit(self) -> None:
        self._pending = False
        value = self.select.value
        if value == CUSTOM:
            # Shown as "Custom…" while the dialog is open, never as the blank option that
            # holds the custom board being played (it has the same value).
            self.select.selectedIndex = self.select.options.length - 1
            self._open_custom()
        elif value in PRESETS:
            self._play_level(PRESETS[value])

    def sync(self) -> None:
        """Show the level being played, dropping any choice not committed."""
        self._pending = False
        level = self.session.settings.level
        name = level.name
        custom = name not in PRESETS
        self.current_custom.hidden = not custom
        self.current_custom.textContent = f"Custom {level}" if custom else ""
        if custom:
            self.current_custom.selected = True
        else:
            self.select.value = name
