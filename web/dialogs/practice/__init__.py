"""The Practice dialog: drills from the player's own mistakes, on a board of their own.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from web.dialogs.practice.board import progress_html
from web.dialogs.practice.dialog import PracticeDialog

__all__ = [
    "PracticeDialog",
    "progress_html",
]
