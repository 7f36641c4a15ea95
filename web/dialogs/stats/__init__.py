"""The Statistics dialog: the book of finished games, per level and daily.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from web.dialogs.stats.dialog import StatsDialog

__all__ = [
    "StatsDialog",
]
