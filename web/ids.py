"""Every DOM id and class the Python front end touches, named once.

``index.html`` and ``static/style.css`` use the same names; the end-to-end tests
import this module rather than repeating the strings.
"""

from __future__ import annotations

BOARD = "board"
MINE_COUNTER = "mine-counter"
TIMER = "timer"
FACE = "face"
MESSAGE = "message"
LEVEL = "level"
LEVEL_CUSTOM_BOARD = "level-custom-board"
QUESTION_MARKS = "opt-marks"
CLICK_CHORDS = "opt-click-chord"
FLAG_MODE = "flag-mode"
CUSTOM_DIALOG = "custom-dialog"
CUSTOM_FORM = "custom-form"
CUSTOM_ROWS = "custom-rows"
CUSTOM_COLS = "custom-cols"
CUSTOM_MINES = "custom-mines"
CUSTOM_ERROR = "custom-error"
CUSTOM_CANCEL = "custom-cancel"
STATS = "stats"
ANNOUNCE = "announce"
HINT = "hint"
SHOW_HINTS = "opt-hints"
AUTO = "auto"
AUTO_SPEED = "auto-speed"
NO_GUESS = "opt-noguess"

CELL_CLASS = "cell"
PRESSED_CLASS = "pressed"
FOCUS_CLASS = "focus"
SHOW_HINTS_CLASS = "show-hints"
ESTIMATED_CLASS = "estimated"
HINT_BEST_CLASS = "hint-best"
HINT_SAFE_CLASS = "hint-safe"
HINT_MINE_CLASS = "hint-mine"
