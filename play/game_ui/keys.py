"""The page's keys in one table: which key means which command, and where.

A front end reads this table and runs the command it names; what "where" means (the
focus, an open dialog, a field being typed in) is the front end's to tell, as each
:class:`Context` says. The table is data, as Textual's ``BINDINGS`` or the key handling
of Simon Tatham's puzzles: the same key in two contexts may mean two commands (the arrows
move the board's cursor, and step a replay), never two in one context.

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

from collections.abc import Mapping
from enum import Enum, StrEnum

from play.practice import LETTERS  # the letters a drill's offered cells are named by


class Context(Enum):
    """Where a key is read, and the rules that say so (the front end applies them)."""

    ANYWHERE = "anywhere"
    """Any key press on the page, whatever has the focus, a dialog open or not."""
    PAGE = "page"
    """The page's shortcuts: no Ctrl, Alt or Meta held, no text field (input, textarea,
    select) being typed in, no dialog open."""
    SETTINGS = "settings"
    """In the settings disclosure while it is open (its button or its panel focused)."""
    BOARD = "board"
    """The game's board focused, no Ctrl, Alt or Meta held."""
    REPLAY = "replay"
    """In the replay dialog while it shows a replay, no form field focused."""
    PRACTICE = "practice"
    """The Practice dialog's board focused, no Ctrl, Alt or Meta held."""
    EDITOR = "editor"
    """The analysis editor's board focused, no Ctrl, Alt or Meta held."""
    CODE = "code"
    """The bot lab's code field focused, no Ctrl, Alt or Meta held: keys edit Python as an
    editor does (Tab indents), until Escape gives Tab back to moving the focus."""
    LEVEL_MENU = "level-menu"
    """The level menu focused: which of its changes the keys made (a browsed choice is
    played only when Enter commits it)."""


class Command(StrEnum):
    """What a key asks for; each front end that binds it runs it its own way."""

    NEW_GAME = "new-game"
    STATS = "stats"
    REPLAYS = "replays"
    PRACTICE = "practice"
    HELP = "help"
    LAB = "lab"
    """The bot lab opened."""
    ZOOM_IN = "zoom-in"
    ZOOM_OUT = "zoom-out"
    ZOOM_RESET = "zoom-reset"
    CLOSE_SETTINGS = "close-settings"
    CURSOR_UP = "cursor-up"
    CURSOR_DOWN = "cursor-down"
    CURSOR_LEFT = "cursor-left"
    CURSOR_RIGHT = "cursor-right"
    ROW_START = "row-start"
    ROW_END = "row-end"
    TOP_ROW = "top-row"
    BOTTOM_ROW = "bottom-row"
    REVEAL = "reveal"
    """Reveal the cursor's cell (a chord on an open number)."""
    MARK = "mark"
    CHORD = "chord"
    STEP_BACK = "step-back"
    STEP_FORWARD = "step-forward"
    FIRST_MOVE = "first-move"
    LAST_MOVE = "last-move"
    PREVIOUS_MISTAKE = "previous-mistake"
    """Under review: the previous mistake; else a step back."""
    NEXT_MISTAKE = "next-mistake"
    """Under review: the next mistake; else a step forward."""
    ANSWER = "answer"
    """Practice: the cursor's cell is the answer; once answered, the next drill."""
    PICK_OPTION = "pick-option"
    """Practice: the cell offered under the key's letter is the answer."""
    CYCLE = "cycle"
    """The editor: the cursor's cell turned as a click turns it."""
    SET_0 = "set-0"
    SET_1 = "set-1"
    SET_2 = "set-2"
    SET_3 = "set-3"
    SET_4 = "set-4"
    SET_5 = "set-5"
    SET_6 = "set-6"
    SET_7 = "set-7"
    SET_8 = "set-8"
    SET_FLAG = "set-flag"
    SET_MINE = "set-mine"
    SET_COVERED = "set-covered"
    CHOOSE_LEVEL = "choose-level"
    """The level menu: Enter plays the level browsed to with the keys."""
    KEEP_LEVEL = "keep-level"
    """The level menu: Escape shows the level in play again."""
    BROWSE_LEVELS = "browse-levels"
    """The level menu: a key that moves its choice (the browser moves it), not yet played."""
    LIST_LEVELS = "list-levels"
    """The level menu: Space opens its list, where a choice is played as a click's is."""
    INDENT = "indent"
    """The lab's code: the lines selected, or the cursor, one indent on."""
    DEDENT = "dedent"
    NEW_LINE = "new-line"
    """The lab's code: a new line as indented as this one (one more after a colon)."""
    LEAVE_CODE = "leave-code"
    """The lab's code: Tab moves the focus again (as in any field) until the next edit."""


def _keys(*pairs: tuple[str, Command]) -> dict[str, Command]:
    table: dict[str, Command] = {}
    for key, command in pairs:
        if key in table:
            raise ValueError(f"{key!r} is bound twice")
        table[key] = command
    return table


C = Command
OPEN_NUMBERS = (C.SET_0, C.SET_1, C.SET_2, C.SET_3, C.SET_4, C.SET_5, C.SET_6, C.SET_7, C.SET_8)
"""The editor's commands that open the cursor's cell as a number, 0 to 8 in order."""
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
        *((key, C.PICK_OPTION) for key in LETTERS + LETTERS.upper()),
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
"""Every key the page reads, by context."""
del C


def command_for(context: Context, key: str, shift: bool = False) -> Command | None:
    """The command ``key`` (with Shift held or not) asks for in ``context``, if any."""
    table = BINDINGS[context]
    return (table.get(f"Shift+{key}") if shift else None) or table.get(key)
