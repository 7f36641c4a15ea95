"""The page's keys: one keydown listener, the table's command run.

Which key means which command is :data:`play.game_ui.BINDINGS`'s; this module tells which of
the table's contexts a key press is in (:class:`play.game_ui.Context`: the focus, the
modifiers held, a text field being typed in, a dialog open) and runs the command each names.
Every command is a handler given, context by context, by the module that does it (the
board's cursor, a replay's steps, a drill's answer, the editor's tiles, the level menu, the
zoom...); it answers whether it acted, and then the browser's own use of the key
(scrolling, typing) is prevented. No other module of the page listens for keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from play.game_ui import BINDINGS, Command, Context, command_for

if TYPE_CHECKING:
    from web.page.listeners import Listeners

Handler = Callable[[Any], bool]
"""A command run for a key event: whether it acted."""
Handlers = Mapping[Context, Mapping[Command, Handler]]
"""What a module does for the keys: for each context it answers in, each command's handler."""
TYPING = frozenset({"INPUT", "TEXTAREA", "SELECT"})
"""The elements a key press types in: the page's shortcuts leave them alone."""
FOCUSED = (
    Context.BOARD,
    Context.PRACTICE,
    Context.EDITOR,
    Context.CODE,
    Context.LEVEL_MENU,
    Context.REPLAY,
)
"""The contexts of a place on the page: a key press is in one when its target is inside."""


def unbound(handlers: Handlers) -> set[tuple[Context, Command]]:
    """The table's keys that ``handlers`` gives no handler to run."""
    return {
        (context, command)
        for context, table in BINDINGS.items()
        for command in table.values()
        if command not in handlers.get(context, {})
    }


def merged(*tables: Handlers) -> dict[Context, dict[Command, Handler]]:
    """The modules' handlers as one table; a command handled twice in a context is a bug."""
    found: dict[Context, dict[Command, Handler]] = {}
    for table in tables:
        for context, handlers in table.items():
            into = found.setdefault(context, {})
            twice = into.keys() & handlers.keys()
            if twice:
                raise ValueError(f"handled twice in {context.value}: {sorted(twice)}")
            into.update(handlers)
    return found


class Shortcuts:
    def __init__(self, document: Any, places: Mapping[Context, Any], *tables: Handlers) -> None:
        handlers = merged(*tables)
        missing = unbound(handlers)
        if missing:  # a key that would do nothing: a bug, said at the start
            named = sorted(f"{context.value}: {command.value}" for context, command in missing)
            raise ValueError(f"keys bound to no handler: {named}")
        self.document = document
        self.places = places
        self.handlers = handlers

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self.document, "keydown", self.on_keydown)

    def contexts(self, event: Any) -> list[Context]:
        """The table's contexts ``event`` is in (:class:`play.game_ui.Context` says each)."""
        target = event.target
        modified = bool(event.ctrlKey or event.altKey or event.metaKey)
        typing = str(getattr(target, "tagName", "")) in TYPING
        found = [Context.ANYWHERE, Context.SETTINGS]
        for context in FOCUSED:
            place = self.places.get(context)
            if place is None or not place.contains(target):
                continue
            if context is Context.REPLAY:
                read = not typing
            else:
                read = context is Context.LEVEL_MENU or not modified
            if read:
                found.append(context)
        if not (modified or typing) and not self.document.querySelectorAll("dialog[open]").length:
            found.append(Context.PAGE)
        return found

    def on_keydown(self, event: Any) -> None:
        key, shift = str(event.key), bool(event.shiftKey)
        acted = False
        for context in self.contexts(event):
            command = command_for(context, key, shift)
            if command is not None and self.handlers[context][command](event):
                acted = True
        if acted:
            event.preventDefault()
