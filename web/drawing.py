"""The page's one drawing function: every update the session reports is drawn here.

:meth:`PageDrawing.draw` hands the update to the screen (:mod:`web.board.screen`: the board
and what surrounds it), then has the controls around it show the session as it is: the
level menu, the look (theme, cell size, zoom: :mod:`web.controls.appearance`), the switches and
buttons, and the auto-player's task: each when what it shows may have changed (the
session's settings, another object at each change; the auto-player on or off; the board's
level), so a move reaches none of them. What follows a game (:mod:`web.controls.race_bar`: the
buttons
of a finished game, a ghost race's bars) is drawn only while there is something of it to show
or to hide, decided here from the session: a click in a game without a race never reaches it.
It imports nothing of the browser, so a CPython test draws the page on a fake document as
:class:`web.app.Page` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine import Level
    from play.game import Settings, Update
    from web.board import Screen
    from web.controls import Appearance


class Synced(Protocol):
    """A control that shows the session's state, read afresh at each update."""

    def sync(self) -> None: ...


class AfterAGame(Synced, Protocol):
    """The buttons a finished game offers (:class:`web.controls.race_bar.AfterGame`)."""

    showing: bool
    """Whether a finished game's buttons are on show (to hide with the next game)."""


class RaceDrawn(Synced, Protocol):
    """A ghost race's bars (:class:`web.controls.race_bar.RaceBar`)."""

    @property
    def track(self) -> object | None:
        """The race on show; None when none is (hidden)."""


class PageDrawing:
    """Draws each update: the screen first, then every control around the board."""

    def __init__(
        self,
        screen: Screen,
        appearance: Appearance,
        level_menu: Synced,
        controls: Synced,
        auto: Synced,
        after_game: AfterAGame | None = None,
        race_bar: RaceDrawn | None = None,
        address: Synced | None = None,
    ) -> None:
        self.screen = screen
        self.after_game = after_game
        self.race_bar, self.address = race_bar, address
        """Drawn last, when they have something to show or hide: what follows a game, a
        race's bars, and the address (the race's link while it runs, the board's after;
        the board's first-click rule and switches as the settings change them)."""
        self.appearance = appearance
        self.level_menu = level_menu
        self.controls = controls
        self.auto = auto
        self._drawn: tuple[Settings, bool, Level] | None = None
        """The settings, the auto-player's state and the board's level the controls were
        last synced with."""

    def draw(self, update: Update) -> None:
        """Everything the session reports is drawn here: the board and what surrounds it,
        then the controls showing the session's settings, and the auto-player's task."""
        self.screen.draw(update)
        session = self.screen.session
        settings, auto, level = session.settings, session.auto_playing, session.game.level
        last_settings, last_auto, last_level = self._drawn or (None, None, None)
        new_settings = settings is not last_settings
        changed = new_settings or auto != last_auto
        new_level = level is not last_level and level != last_level
        self._drawn = settings, auto, level
        if update.fresh:
            self.level_menu.sync()  # the level, and a choice not committed dropped
        if new_settings or new_level:
            self.appearance.sync()  # theme, cell size, zoom: written only when they changed
        if changed:
            self.controls.sync()
            self.auto.sync()
        after_game, race_bar = self.after_game, self.race_bar
        if after_game is not None and (session.game.status.is_over or after_game.showing):
            after_game.sync()
        racing = race_bar is not None and (session.race is not None or race_bar.track is not None)
        if race_bar is not None and racing:
            race_bar.sync()
        if self.address is not None and (racing or new_settings or update.fresh):
            self.address.sync()
