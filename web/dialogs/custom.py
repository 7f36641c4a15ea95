"""The custom board dialog: three fields, checked by the engine, played on OK.

It opens filled with the player's last custom board (else the level played), and
a bad value keeps it open with the engine's message naming the field. The fields are
text fields with a numeric keyboard (``inputmode``), not ``type=number``: a browser
empties a number field that holds "abc", so the message could only say ``got ""``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import InvalidLevelError, Level, parse_custom
from play.session import Session
from web.dialogs import modal
from web.page import Listeners, dialog_message, fields_in_error, ids

_FIELDS = (ids.CUSTOM_ROWS, ids.CUSTOM_COLS, ids.CUSTOM_MINES)


class CustomDialog:
    def __init__(
        self,
        document: Any,
        session: Session,
        play_level: Callable[[Level], None],
        on_close: Callable[[], None],
    ) -> None:
        self.session = session
        self._by_id = document.getElementById
        self.dialog = self._by_id(ids.CUSTOM_DIALOG)
        self.error = self._by_id(ids.CUSTOM_ERROR)
        self._play_level = play_level
        self._on_close = on_close

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self._by_id(ids.CUSTOM_FORM), "submit", self.on_submit)
        listeners.listen(self.dialog, "close", lambda _event: self._on_close())
        modal.wire(listeners, self.dialog, self.session)
        listeners.listen(self._by_id(ids.CUSTOM_CANCEL), "click", lambda _e: self.dialog.close())

    def open(self) -> None:
        level = self.session.settings.custom_default
        for key, number in zip(_FIELDS, (level.rows, level.cols, level.mines), strict=True):
            self._by_id(key).value = str(number)
        self._show_error(None)
        modal.show(self.dialog, self.session)

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        height, width, mines = (str(self._by_id(key).value) for key in _FIELDS)
        try:
            level = parse_custom(height, width, mines)
        except InvalidLevelError as problem:
            message = dialog_message(str(problem))
            self._show_error(message)
            first = self._by_id(fields_in_error(message)[0])
            first.focus()
            first.select()
            return
        self._show_error(None)
        self.dialog.close()
        self._play_level(level)

    def _show_error(self, text: str | None) -> None:
        """Show (None: clear) the error, and tie it to the fields it names: a screen reader
        hears it at once (role=alert) and again on each field it describes."""
        self.error.textContent = text or ""
        self.error.hidden = text is None
        named = () if text is None else fields_in_error(text)
        for key in _FIELDS:
            field = self._by_id(key)
            if key in named:
                field.setAttribute("aria-invalid", "true")
                field.setAttribute("aria-describedby", ids.CUSTOM_ERROR)
            else:
                field.removeAttribute("aria-invalid")
                field.removeAttribute("aria-describedby")
