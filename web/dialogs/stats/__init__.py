"""The Statistics dialog: the book of finished games, per level and daily.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from web.dialogs.stats.dialog import StatsDialog

__getattr__ = face(
    __name__,
    {
        "StatsDialog": "web.dialogs.stats.dialog",
    },
)
__all__ = [
    "StatsDialog",
]
