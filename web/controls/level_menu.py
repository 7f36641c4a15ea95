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
from typing import TYPE_CHECKING, Any

from engine import PRESETS, Level
from play.game_ui import Command, Context
from play.session import Session
from web.page import Listeners, ids

if TYPE_CHECKING:
    from web.page import Handler, Handlers

CUSTOM = "custom"


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
        self.level = session.settings.level
        """The level shown (a choice dropped shows it again)."""

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self.select, "change", self.on_change)
        listeners.listen(self.select, "pointerdown", self.on_pointerdown)
        listeners.listen(self.select, "blur", lambda _event: self.sync())

    def on_pointerdown(self, _event: Any) -> None:
        self._from_keys = False

    def commands(self) -> Handlers:
        """Its keys (:attr:`play.game_ui.Context.LEVEL_MENU`): a choice browsed to with
        them waits for Enter; Escape drops it. None is taken from the browser but the
        Enter that plays a choice."""

        def choose(_event: Any) -> bool:
            pending = self._pending
            if pending:
                self._commit()
            self._from_keys = False  # Enter in an open list: the change that follows counts
            return pending

        def keep(_event: Any) -> bool:
            self.sync()
            return False

        def keyed(by_keys: bool) -> Handler:
            def run(_event: Any) -> bool:
                self._from_keys = by_keys
                return False

            return run

        return {
            Context.LEVEL_MENU: {
                Command.CHOOSE_LEVEL: choose,
                Command.KEEP_LEVEL: keep,
                Command.BROWSE_LEVELS: keyed(True),
                Command.LIST_LEVELS: keyed(False),
            }
        }

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
        """Show the level being played again, dropping any choice not committed."""
        self.show(self.level)

    def dealt(self, shown: tuple[int, Level]) -> None:
        """A game dealt (``shown``: its deal and level): its level shown, a choice dropped."""
        self.show(shown[1])

    def show(self, level: Level) -> None:
        """Show ``level``, the one being played, dropping any choice not committed."""
        self._pending = False
        self.level = level
        name = level.name
        custom = name not in PRESETS
        self.current_custom.hidden = not custom
        self.current_custom.textContent = f"Custom {level}" if custom else ""
        if custom:
            self.current_custom.selected = True
        else:
            self.select.value = name
