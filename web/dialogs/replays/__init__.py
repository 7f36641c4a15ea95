"""The Replays dialog: games kept and files read, played back, reviewed move by move.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from web.dialogs.replays.dialog import ReplayDialog
from web.dialogs.replays.player_name import PlayerNameField

__all__ = [
    "PlayerNameField",
    "ReplayDialog",
]
