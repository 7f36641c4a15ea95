"""The keyboard on the board: the cursor drawn, moves played at it, and what it is on said.

The cursor and its rules are :class:`play.game_ui.BoardCursor`'s (held by
:class:`web.board.screen.Screen`), the keys the page's table's (:data:`web.page.BINDINGS`,
:data:`play.game_ui.Context.BOARD`: the browser's names for the shared commands, read by
:mod:`web.page.keyboard`); this module runs the board's commands, draws the cursor and tells
a screen reader where it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from play.game import Input
from play.game_ui import COMMANDS, Command, Context, describe
from play.session import Session
from web.board.screen import Screen

if TYPE_CHECKING:
    from web.page import Handlers
from web.page import Listeners


class Keys:
    def __init__(self, session: Session, screen: Screen) -> None:
        self.session = session
        self.screen = screen

    def wire(self, listeners: Listeners, board: Any) -> None:
        listeners.listen(board, "focus", self.on_focus)
        listeners.listen(board, "blur", self.on_blur)

    def commands(self) -> Handlers:
        """The board's keys: the cursor moved, or a move played at it."""
        return {Context.BOARD: {command: self._pressing(command) for command in COMMANDS}}

    def _pressing(self, command: Command) -> Callable[[Any], bool]:
        def run(_event: Any) -> bool:  # acted: no page scrolling on arrows and Space
            move = self.screen.cursor.press(command)
            if move is not None:
                self.screen.player_steps_in()
                self.screen.play(move, Input.KEYS)
            self._show_cursor()
            return True

        return run

    def on_focus(self, _event: Any) -> None:
        # A click focuses the board too; the cursor is only for keyboard players.
        if self.screen.view.board.matches(":focus-visible"):
            self._show_cursor()

    def on_blur(self, _event: Any) -> None:
        self.screen.view.highlights.focus(self.session.game, None)

    def _show_cursor(self) -> None:
        cell = self.screen.cursor.cell
        self.screen.view.highlights.focus(self.session.game, cell)
        self.screen.view.announce(describe(self.session.game, cell))
