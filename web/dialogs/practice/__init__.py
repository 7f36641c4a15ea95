"""The Practice dialog: drills from the player's own mistakes, on a board of their own.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from web.dialogs.practice.board import progress_html
    from web.dialogs.practice.dialog import PracticeDialog

__getattr__ = face(
    __name__,
    {
        "PracticeDialog": "web.dialogs.practice.dialog",
        "progress_html": "web.dialogs.practice.board",
    },
)
__all__ = [
    "PracticeDialog",
    "progress_html",
]
