"""How the board looks and fits: theme, cell size, zoom, expert on a phone, the scroll cue
and the settings menu of a narrow screen.

The theme and the cell size are session settings; this adapter turns the two menus into
session calls and shows the settings as ``<html data-theme data-cell-size>``, which
static/style.css turns into colours and a cell size. It also answers what the screen size
asks of the board: expert played on its side on a narrow portrait screen, each board
size at the zoom the player gave it (:mod:`web.controls.zoom`), and a visible cue whenever the
board is larger than its frame and scrolls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import EXPERT, EXPERT_PORTRAIT, Level
from web.controls.settings_menu import SettingsMenu
from web.controls.zoom import Zoom
from web.page import ids

if TYPE_CHECKING:
    from play.game import Picture
    from play.session import Session
    from web.page import Listeners, LocalStorage

TOUCH_CELL_PX = 24
"""WCAG 2.2 target size (2.5.8): the smallest cell a finger should have to hit."""
SIDE_CHROME_PX = 40
"""Width the page takes around the board on a narrow screen (frame, window, margins)."""
TURNED = "Expert turned on its side (16 wide, 30 high) to fit this screen."


def level_for_screen(level: Level, width: float, height: float) -> Level:
    """The form of ``level`` to play on a ``width`` x ``height`` CSS-pixel screen: expert
    on its side when the screen is portrait and too narrow for 30 touch-size columns.

    >>> level_for_screen(EXPERT, 390, 844) == EXPERT_PORTRAIT
    True
    >>> level_for_screen(EXPERT, 844, 390) == EXPERT, level_for_screen(EXPERT, 1280, 800) == EXPERT
    (True, True)
    >>> level_for_screen(EXPERT, 700, 1000) == EXPERT_PORTRAIT      # a portrait tablet
    True
    >>> level_for_screen(EXPERT, 820, 1180) == EXPERT              # wide enough as it is
    True
    >>> from engine import INTERMEDIATE
    >>> level_for_screen(INTERMEDIATE, 390, 844) == INTERMEDIATE
    True
    """
    narrow = width < EXPERT.cols * TOUCH_CELL_PX + SIDE_CHROME_PX
    if level == EXPERT and height > width and narrow:
        return EXPERT_PORTRAIT
    return level


class Appearance:
    def __init__(
        self, document: Any, window: Any, session: Session, storage: LocalStorage | None
    ) -> None:
        self.session = session
        self.window = window
        self.root = document.documentElement
        self.theme = document.getElementById(ids.THEME)
        self.cell_size = document.getElementById(ids.CELL_SIZE)
        self.frame = document.getElementById(ids.BOARD_FRAME)
        self.cue = document.getElementById(ids.SCROLL_CUE)
        self.menu = SettingsMenu(document)
        self.zoom = Zoom(document, storage, on_change=self.fitted)
        """Kept per board size in ``storage`` (the browser's; None: for this visit only)."""
        """The theme, cell size and level shown (see :meth:`sync`)."""

    def wire(self, listeners: Listeners) -> None:
        listeners.listen(self.theme, "change", self._choice("theme"))
        listeners.listen(self.cell_size, "change", self._choice("cell_size"))
        listeners.listen(self.window, "resize", lambda _event: self.fitted())
        self.menu.wire(listeners)
        self.zoom.wire(listeners)

    def _choice(self, name: str) -> Callable[[Any], None]:
        def on_change(event: Any) -> None:
            self.session.change(**{name: str(event.target.value)})  # shown: web.drawing

        return on_change

    def show(self, shown: tuple[str, str, Level]) -> None:
        """Show the theme and cell size, in the menus and on the page, and the board of
        that level at its zoom. Drawn only when one of them changed (:func:`look`), since
        the zoom and the scroll cue read the layout, which forces the browser to work it
        out there and then (a click is drawn with no layout read)."""
        theme, cell_size, level = shown
        self.root.dataset.theme = self.theme.value = theme
        self.root.dataset.cellSize = self.cell_size.value = cell_size
        self.zoom.show(level)
        self.fitted()

    def fitted(self) -> None:
        """After anything that changes the board's size or the screen's: show the scroll
        cue exactly when the frame has more board than it shows."""
        frame = self.frame
        scrolls = bool(
            frame.scrollWidth > frame.clientWidth + 1 or frame.scrollHeight > frame.clientHeight + 1
        )
        self.cue.hidden = not scrolls
        frame.classList.toggle("scrolls", scrolls)

    def level_for_screen(self, level: Level) -> Level:
        """``level`` in the form this screen plays best (see :func:`level_for_screen`)."""
        return level_for_screen(level, self.window.innerWidth, self.window.innerHeight)


def look(picture: Picture) -> tuple[str, str, Level]:
    """What the look shows of a picture: the theme, the cell size, the board's level."""
    return picture.settings.theme, picture.settings.cell_size, picture.game.level
