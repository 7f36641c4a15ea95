"""The page's one drawing function: every update the session reports is drawn here.

:meth:`PageDrawing.draw` hands the update to the screen (:mod:`web.screen`: the board
and what surrounds it), then has the controls around it show the session as it is: the
level menu, the look (theme, cell size, zoom: :mod:`web.appearance`), the switches and
buttons, and the auto-player's task. It imports nothing of the browser, so a CPython test
draws the page on a fake document as :class:`web.app.Page` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from play.game import Update
    from web.appearance import Appearance
    from web.screen import Screen


class Synced(Protocol):
    """A control that shows the session's state, read afresh at each update."""

    def sync(self) -> None: ...


class PageDrawing:
    """Draws each update: the screen first, then every control around the board."""

    def __init__(
        self,
        screen: Screen,
        appearance: Appearance,
        level_menu: Synced,
        controls: Synced,
        auto: Synced,
        after: tuple[Synced, ...] = (),
    ) -> None:
        self.screen = screen
        self.after = after
        """Drawn last: what follows a game (:mod:`web.race_bar`'s buttons and race)."""
        self.appearance = appearance
        self.level_menu = level_menu
        self.controls = controls
        self.auto = auto

    def draw(self, update: Update) -> None:
        """Everything the session reports is drawn here: the board and what surrounds it,
        then the controls showing the session's settings, and the auto-player's task."""
        self.screen.draw(update)
        if update.fresh:
            self.level_menu.sync()
        self.appearance.sync()  # theme, cell size, zoom: written only when they changed
        self.controls.sync()
        self.auto.sync()
        for synced in self.after:
            synced.sync()
