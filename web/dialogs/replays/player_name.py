"""The player's name in the videos they save (EVF files): ``#player-name``, a text field in
Replays, beside the games it is saved with.

The session keeps the name as it keeps every setting (printable, trimmed, 40 characters at
most: :func:`play.game.settings.player_name`); the field then shows it as kept. It sits in
Replays rather than among the settings of the toolbar: a text field there took a line of
the header on a desktop for a setting used only when a video is saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.page import ids

if TYPE_CHECKING:
    from play.session import Session
    from web.page import Listeners


class PlayerNameField:
    def __init__(self, document: Any, session: Session) -> None:
        self.session = session
        self.field = document.getElementById(ids.PLAYER_NAME)
        self.field.value = session.settings.player_name

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self.field, "change", self.on_change)

    def on_change(self, _event: Any) -> None:
        self.session.change(player_name=str(self.field.value))
        self.field.value = self.session.settings.player_name
