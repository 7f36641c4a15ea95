"""The page's keys: which key means which command, one keydown listener, the command run.

The commands are the ones every front end shares (:class:`play.game_ui.Command`); which key
names which is the page's own table, :data:`BINDINGS`, in the browser's ``KeyboardEvent.key``
names (the terminal's are the words it reads, :mod:`terminal.commands`). This module tells
which of the table's contexts a key press is in (:class:`play.game_ui.Context`: the focus,
the modifiers held, a text field being typed in, a dialog open) and runs the command each
names. Every command is a handler given, context by context, by the module that does it (the
board's cursor, a replay's steps, a drill's answer, the editor's tiles, the level menu, the
zoom...); it answers whether it acted, and then the browser's own use of the key
(scrolling, typing) is prevented. No other module of the page listens for keys.

A key is named as the browser's ``KeyboardEvent.key`` names it; ``Shift+`` before it is
the key held with Shift, looked up first, the plain key after it (Shift+F is ``F``):

>>> command_for(Context.PAGE, "s"), command_for(Context.PAGE, "S", shift=True)
(<Command.STATS: 'stats'>, <Command.STATS: 'stats'>)
>>> command_for(Context.REPLAY, "ArrowRight", shift=True), command_for(Context.REPLAY, "ArrowRight")
(<Command.NEXT_MISTAKE: 'next-mistake'>, <Command.STEP_FORWARD: 'step-forward'>)
>>> command_for(Context.BOARD, "q") is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from play.game_ui import LETTERS, OPEN_NUMBERS, Command, Context

if TYPE_CHECKING:
    from web.page.listeners import Listeners


def _keys(*pairs: tuple[str, Command]) -> dict[str, Command]:
    table: dict[str, Command] = {}
    for key, command in pairs:
        if key in table:
            raise ValueError(f"{key!r} is bound twice")
        table[key] = command
    return table


C = Command
_CURSOR = (
    ("ArrowUp", C.CURSOR_UP),
    ("ArrowDown", C.CURSOR_DOWN),
    ("ArrowLeft", C.CURSOR_LEFT),
    ("ArrowRight", C.CURSOR_RIGHT),
    ("Home", C.ROW_START),
    ("End", C.ROW_END),
    ("PageUp", C.TOP_ROW),
    ("PageDown", C.BOTTOM_ROW),
)
"""The cursor's keys on every board: the game's, a drill's, the editor's."""
BINDINGS: Mapping[Context, Mapping[str, Command]] = {
    Context.ANYWHERE: _keys(("F2", C.NEW_GAME)),
    Context.PAGE: _keys(
        *((key, C.STATS) for key in "sS"),
        *((key, C.REPLAYS) for key in "rR"),
        *((key, C.PRACTICE) for key in "pP"),
        ("?", C.HELP),
        *((key, C.LAB) for key in "bB"),
        *((key, C.ZOOM_IN) for key in "+="),
        *((key, C.ZOOM_OUT) for key in "-_"),
        ("0", C.ZOOM_RESET),
    ),
    Context.SETTINGS: _keys(("Escape", C.CLOSE_SETTINGS)),
    Context.BOARD: _keys(
        *_CURSOR,
        ("k", C.CURSOR_UP),
        ("j", C.CURSOR_DOWN),
        ("h", C.CURSOR_LEFT),
        ("l", C.CURSOR_RIGHT),
        (" ", C.REVEAL),
        ("Enter", C.REVEAL),
        *((key, C.MARK) for key in "fF"),
        *((key, C.CHORD) for key in "cC"),
    ),
    Context.REPLAY: _keys(
        ("ArrowLeft", C.STEP_BACK),
        ("ArrowRight", C.STEP_FORWARD),
        ("Home", C.FIRST_MOVE),
        ("End", C.LAST_MOVE),
        ("Shift+ArrowLeft", C.PREVIOUS_MISTAKE),
        ("Shift+ArrowRight", C.NEXT_MISTAKE),
    ),
    Context.PRACTICE: _keys(
        *_CURSOR,
        (" ", C.ANSWER),
        ("Enter", C.ANSWER),
        *((key, C.PICK_OPTION) for key in LETTERS + LETTERS.upper()),  # a drill's letters
    ),
    Context.EDITOR: _keys(
        *_CURSOR,
        (" ", C.CYCLE),
        ("Enter", C.CYCLE),
        *((str(n), command) for n, command in enumerate(OPEN_NUMBERS)),
        (".", C.SET_0),
        *((key, C.SET_FLAG) for key in "fF"),
        *((key, C.SET_MINE) for key in "*mM"),
        *((key, C.SET_COVERED) for key in ("#", "Backspace", "Delete")),
    ),
    Context.CODE: _keys(
        ("Tab", C.INDENT),
        ("Shift+Tab", C.DEDENT),
        ("Enter", C.NEW_LINE),
        ("Escape", C.LEAVE_CODE),
    ),
    Context.LEVEL_MENU: _keys(
        ("Enter", C.CHOOSE_LEVEL),
        ("Escape", C.KEEP_LEVEL),
        (" ", C.LIST_LEVELS),
        *((key, C.BROWSE_LEVELS) for key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")),
        *((key, C.BROWSE_LEVELS) for key in ("Home", "End", "PageUp", "PageDown")),
        # typed ahead: the browser moves the choice to the level of that letter
        *((key, C.BROWSE_LEVELS) for key in "abcdefghijklmnopqrstuvwxyz0123456789"),
        *((key, C.BROWSE_LEVELS) for key in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ),
}
"""Every key the page reads, by context, as ``KeyboardEvent.key`` names it."""
del C


def command_for(context: Context, key: str, shift: bool = False) -> Command | None:
    """The command ``key`` (with Shift held or not) asks for in ``context``, if any."""
    table = BINDINGS[context]
    return (table.get(f"Shift+{key}") if shift else None) or table.get(key)


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
