"""The commands a player gives, in one table every front end shares: what each asks for,
and where a front end reads it.

A front end names its own keys for them and runs each command its own way: the page maps
the browser's ``KeyboardEvent.key`` names (:data:`web.page.BINDINGS`, read by its one key
listener), the terminal the words a player types (:data:`terminal.commands.WORDS`). The
table is data, as Textual's ``BINDINGS`` or the key handling of Simon Tatham's puzzles:
the same key in two contexts may mean two commands (the arrows move the board's cursor,
and step a replay), never two in one context.

>>> Command.NEW_GAME.value, Context.BOARD.value
('new-game', 'board')
"""

from __future__ import annotations

from enum import Enum, StrEnum


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
    HINT = "hint"
    """The solver's best next move, and why (the page's is a button)."""
    DAILY = "daily"
    """Today's daily board at the level in play (the page's is a button)."""
    RETRY = "retry"
    """After a loss: the same board again (the page's is a button)."""
    UNDO = "undo"
    """After a loss: the losing click taken back (the page's is a button)."""
    SHOW_BOARD = "show-board"
    """The board drawn again, e.g. to see the time (a page always shows it)."""
    QUIT = "quit"
    """Leave; the game in play is kept, and the next start carries it on (the page's is
    closing it)."""


OPEN_NUMBERS = (
    Command.SET_0,
    Command.SET_1,
    Command.SET_2,
    Command.SET_3,
    Command.SET_4,
    Command.SET_5,
    Command.SET_6,
    Command.SET_7,
    Command.SET_8,
)
"""The editor's commands that open the cursor's cell as a number, 0 to 8 in order."""
