"""The page's one drawing: the difference between the picture drawn last and the new one.

The session hands every change over as a :class:`play.game.Picture` of everything a player
sees (with the call's :class:`play.game.Update`). :class:`PageDrawing` keeps the picture it
drew last and draws ``draw(old, new)``, Simon Tatham's ``game_redraw``: each visible part
of the page (:class:`Part`: the board's cells, the counter, the face, the clock, the notice,
the controls, the look, the race's bars, the address...) says what of the picture it shows,
and is drawn when that changed, and only then: one cache rule for every part. Nothing here
reads the session: a part draws what the picture holds, so a call that changed nothing
draws nothing, and a move reaches only the parts it changed.

It imports nothing of the browser: a CPython test draws the page on a fake document, as
:class:`web.app.Page` does.

>>> from engine import new_game
>>> from play.game import Picture, Settings
>>> drawn = []
>>> seed = Part(lambda picture: picture.game.seed, drawn.append)
>>> drawing = PageDrawing([seed])
>>> first = Picture(1, new_game(seed=1), Settings())
>>> drawing.draw(None, first); drawing.draw(first, first); drawing.picture is first
True
>>> drawn
[1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from play.game import Picture, Update

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Part(Generic[T]):
    """One visible part of the page: what of a picture it shows, and how it draws that."""

    shown: Callable[[Picture], T]
    """What the part shows of a picture: a small value, compared with ``==``."""
    draw: Callable[[T], None]

    def redraw(self, old: Picture | None, new: Picture) -> None:
        """The one cache rule: drawn when what it shows changed (or nothing was drawn yet)."""
        now = self.shown(new)
        if old is None or self.shown(old) != now:
            self.draw(now)


class PageDrawing:
    """Draws each picture the session hands over, part by part, by difference."""

    def __init__(self, parts: Sequence[Part[Any]]) -> None:
        self.parts = tuple(parts)
        self.picture: Picture | None = None
        """The picture drawn last (Tatham's drawstate): what the page shows."""

    def update(self, update: Update) -> None:
        """The session's observer: draw the update's picture."""
        assert update.picture is not None  # the channel hands every update over with one
        self.draw(self.picture, update.picture)

    def draw(self, old: Picture | None, new: Picture) -> None:
        """Draw the difference between ``old`` (None: nothing drawn yet) and ``new``. Should
        a part fail, the next picture is drawn against the last one drawn whole."""
        for part in self.parts:
            part.redraw(old, new)
        self.picture = new
