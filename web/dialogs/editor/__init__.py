"""The position editor (the page's Analyse): any position set up by hand, its chances and
what the solver finds.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from web.dialogs.editor.dialog import EditorDialog

__getattr__ = face(
    __name__,
    {
        "EditorDialog": "web.dialogs.editor.dialog",
    },
)
__all__ = [
    "EditorDialog",
]
