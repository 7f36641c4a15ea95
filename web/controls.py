"""The buttons and switches around the board: events in, session calls out, state drawn.

Each control changes one setting (or asks for help) through the session, which decides
whether it applies at once or with the next game and reports the change; the page then
calls :meth:`Controls.sync`, which shows the session's settings, so the DOM never holds
a setting of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from play import Session, Settings
from web import ids
from web.listeners import Listeners


class Controls:
    def __init__(self, document: Any, session: Session, new_game: Callable[[], None]) -> None:
        self.session = session
        self._new_game = new_game
        self._by_id = document.getElementById
        self._shown: tuple[Settings, bool] | None = None

    def wire(self, listeners: Listeners, document: Any) -> None:
        by_id, listen, session = self._by_id, listeners.listen, self.session
        listen(by_id(ids.FACE), "click", lambda _event: self._new_game())
        listen(document, "keydown", self.on_keydown)
        listen(by_id(ids.QUESTION_MARKS), "change", _switch(session.set_question_marks))
        listen(by_id(ids.CLICK_CHORDS), "change", _switch(session.set_click_chords))
        listen(by_id(ids.SHOW_HINTS), "change", _switch(session.set_show_chances))
        listen(by_id(ids.NO_GUESS), "change", _switch(session.set_no_guess))
        listen(by_id(ids.FLAG_MODE), "click", self.on_flag_mode)
        listen(by_id(ids.HINT), "click", self.on_hint)
        listen(by_id(ids.AUTO), "click", self.on_auto)
        listen(by_id(ids.AUTO_SPEED), "change", self.on_auto_speed)

    def on_flag_mode(self, _event: Any) -> None:
        self.session.set_flag_mode(not self.session.settings.flag_mode)

    def on_hint(self, _event: Any) -> None:
        self.session.hint()

    def on_auto(self, _event: Any) -> None:
        if self.session.auto_playing:
            self.session.stop_auto()
        else:
            self.session.start_auto()

    def on_auto_speed(self, event: Any) -> None:
        self.session.set_auto_delay(int(event.target.value))

    def on_keydown(self, event: Any) -> None:
        if event.key == "F2":
            event.preventDefault()
            self._new_game()

    def sync(self) -> None:
        """Show the session's settings in the controls (written only when they changed)."""
        settings, auto = self.session.settings, self.session.auto_playing
        if self._shown == (settings, auto):
            return
        self._shown = (settings, auto)
        self._by_id(ids.QUESTION_MARKS).checked = settings.question_marks
        self._by_id(ids.CLICK_CHORDS).checked = settings.click_chords
        self._by_id(ids.SHOW_HINTS).checked = settings.show_chances
        self._by_id(ids.NO_GUESS).checked = settings.no_guess
        self._by_id(ids.AUTO_SPEED).value = str(settings.auto_delay_ms)
        pressed = {ids.FLAG_MODE: settings.flag_mode, ids.AUTO: auto}
        for key, on in pressed.items():
            self._by_id(key).setAttribute("aria-pressed", "true" if on else "false")


def _switch(change: Callable[[bool], None]) -> Callable[[Any], None]:
    """A checkbox's change as a session call with its new state."""
    return lambda event: change(bool(event.target.checked))
