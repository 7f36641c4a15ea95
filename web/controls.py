"""The buttons and switches around the board: events in, session calls out, state drawn.

Each control changes one setting through the session, which decides whether it
applies at once or with the next game; :meth:`Controls.sync` then shows the
session's settings, so the DOM never holds a setting of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from play import Session
from web import ids
from web.autoplay import AutoPlay
from web.listeners import Listeners
from web.screen import Screen


class Controls:
    def __init__(
        self,
        document: Any,
        session: Session,
        screen: Screen,
        new_game: Callable[[], None],
    ) -> None:
        self.session = session
        self.screen = screen
        self._new_game = new_game
        self._by_id = document.getElementById
        self.auto = AutoPlay(session, screen, self.sync)

    def wire(self, listeners: Listeners, document: Any) -> None:
        by_id, listen = self._by_id, listeners.listen
        listen(by_id(ids.FACE), "click", lambda _event: self._new_game())
        listen(document, "keydown", self.on_keydown)
        listen(by_id(ids.QUESTION_MARKS), "change", self._switch(self.session.set_question_marks))
        listen(by_id(ids.CLICK_CHORDS), "change", self._switch(self.session.set_click_chords))
        listen(by_id(ids.SHOW_HINTS), "change", self._switch(self.session.set_show_chances))
        listen(by_id(ids.NO_GUESS), "change", self._switch(self.on_no_guess))
        listen(by_id(ids.FLAG_MODE), "click", self.on_flag_mode)
        listen(by_id(ids.HINT), "click", lambda _event: self.screen.show_hint())
        listen(by_id(ids.AUTO), "click", lambda _event: self.auto.toggle())
        listen(by_id(ids.AUTO_SPEED), "change", self.on_auto_speed)

    def _switch(self, change: Callable[[bool], None]) -> Callable[[Any], None]:
        def on_change(event: Any) -> None:
            change(bool(event.target.checked))
            self.screen.redraw()

        return on_change

    def on_no_guess(self, on: bool) -> None:
        before = self.session.game
        self.session.set_no_guess(on)
        if self.session.game is not before:
            self.screen.new_board()  # nothing was played yet: dealt again at once

    def on_flag_mode(self, _event: Any) -> None:
        self.session.set_flag_mode(not self.session.settings.flag_mode)
        self.sync()

    def on_auto_speed(self, event: Any) -> None:
        self.session.set_auto_delay(int(event.target.value))

    def on_keydown(self, event: Any) -> None:
        if event.key == "F2":
            event.preventDefault()
            self._new_game()

    def sync(self) -> None:
        """Show the session's settings in the controls."""
        settings = self.session.settings
        self._by_id(ids.QUESTION_MARKS).checked = settings.question_marks
        self._by_id(ids.CLICK_CHORDS).checked = settings.click_chords
        self._by_id(ids.SHOW_HINTS).checked = settings.show_chances
        self._by_id(ids.NO_GUESS).checked = settings.no_guess
        self._by_id(ids.AUTO_SPEED).value = str(settings.auto_delay_ms)
        pressed = {ids.FLAG_MODE: settings.flag_mode, ids.AUTO: self.session.auto_playing}
        for key, on in pressed.items():
            self._by_id(key).setAttribute("aria-pressed", "true" if on else "false")
