"""The keyboard on the board: a cursor, moves at the cursor, and what the cursor is on.

The key table and the cursor's rules are in :mod:`web.keyboard`; this module reads
key events, draws the cursor and tells a screen reader where it is.
"""

from __future__ import annotations

from typing import Any

from play import Input, Session
from web.keyboard import describe
from web.listeners import Listeners
from web.screen import Screen


class Keys:
    def __init__(self, session: Session, screen: Screen) -> None:
        self.session = session
        self.screen = screen

    def wire(self, listeners: Listeners, board: Any) -> None:
        listeners.listen(board, "keydown", self.on_keydown)
        listeners.listen(board, "focus", self.on_focus)
        listeners.listen(board, "blur", self.on_blur)

    def on_keydown(self, event: Any) -> None:
        cursor = self.screen.cursor
        if event.ctrlKey or event.altKey or event.metaKey or not cursor.handles(event.key):
            return
        event.preventDefault()  # no page scrolling on arrows and Space
        move = cursor.press(event.key)
        if move is not None:
            self.screen.player_steps_in()
            self.screen.play(move, Input.KEYS)
        self._show_cursor()

    def on_focus(self, _event: Any) -> None:
        # A click focuses the board too; the cursor is only for keyboard players.
        if self.screen.view.board.matches(":focus-visible"):
            self._show_cursor()

    def on_blur(self, _event: Any) -> None:
        self.screen.view.focus(self.session.game, None)

    def _show_cursor(self) -> None:
        cell = self.screen.cursor.cursor
        self.screen.view.focus(self.session.game, cell)
        self.screen.view.announce(describe(self.session.game, cell))
