"""The position editor (the page's Analyse): any position set up by hand, its chances and
what the solver finds.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from web.dialogs.editor.dialog import EditorDialog

__all__ = [
    "EditorDialog",
]
