"""The page's keys: one keydown listener, the table's command run.

Which key means which command is :data:`play.game_ui.BINDINGS`'s; this module tells which of
the table's contexts a key press is in (:class:`play.game_ui.Context`: the focus, the
modifiers held, a text field being typed in, a dialog open) and runs the command each names.
Every command is a handler given by the module that does it (the board's cursor, a
replay's steps, the zoom...); it answers whether it acted, and then the browser's own use
of the key (scrolling, typing) is prevented.

The dialogs with boards of their own (Practice, the analysis editor) and the level menu's
list read their own keys on their own elements.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from play.game_ui import BINDINGS, Command, Context, command_for

if TYPE_CHECKING:
    from web.page.listeners import Listeners

Handler = Callable[[Any], bool]
"""A command run for a key event: whether it acted."""
TYPING = frozenset({"INPUT", "TEXTAREA", "SELECT"})
"""The elements a key press types in: the page's shortcuts leave them alone."""


def bound_commands() -> frozenset[Command]:
    """Every command the table binds a key to."""
    return frozenset(command for table in BINDINGS.values() for command in table.values())


class Shortcuts:
    def __init__(
        self, document: Any, board: Any, replay_dialog: Any, commands: Mapping[Command, Handler]
    ) -> None:
        missing = bound_commands() - commands.keys()
        if missing:  # a key that would do nothing: a bug, said at the start
            raise ValueError(f"keys bound to no handler: {sorted(missing)}")
        self.document = document
        self.board = board
        self.replay_dialog = replay_dialog
        self.commands = commands

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self.document, "keydown", self.on_keydown)

    def contexts(self, event: Any) -> list[Context]:
        """The table's contexts ``event`` is in (:class:`play.game_ui.Context` says each)."""
        target = event.target
        modified = bool(event.ctrlKey or event.altKey or event.metaKey)
        typing = str(getattr(target, "tagName", "")) in TYPING
        found = [Context.ANYWHERE, Context.SETTINGS]
        if not modified and self.board.contains(target):
            found.append(Context.BOARD)
        if not typing and self.replay_dialog.contains(target):
            found.append(Context.REPLAY)
        if not (modified or typing) and not self.document.querySelectorAll("dialog[open]").length:
            found.append(Context.PAGE)
        return found

    def on_keydown(self, event: Any) -> None:
        key, shift = str(event.key), bool(event.shiftKey)
        acted = False
        for context in self.contexts(event):
            command = command_for(context, key, shift)
            if command is not None and self.commands[command](event):
                acted = True
        if acted:
            event.preventDefault()
