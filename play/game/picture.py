"""Everything a player sees of the session, as one immutable value: a front end draws the
difference between the picture it drew last and the new one (Simon Tatham's
``game_redraw(dr, ds, oldstate, newstate, ...)``), and reads nothing else while it draws.

The session takes a picture after every reported call (:attr:`play.session.Session.picture`)
and hands it over with the call's :class:`~play.game.channel.Update`; a front end that draws
on its own (the clock's second going by) reads the picture's clock on the session's clock.
Nothing in it is a front end's: the page's face names, its words for a notice, its address
are worked out from it where they are shown.

>>> from dataclasses import replace
>>> from engine import new_game
>>> from play.game.settings import Settings
>>> still = Picture(1, new_game(seed=1), Settings())
>>> still.same(replace(still)), still.same(replace(still, auto_playing=True))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from play.game.clock import ClockFace

_NOT_STARTED = ClockFace()

if TYPE_CHECKING:
    from engine import Game, Record
    from play.game.notice import Hint, Notice
    from play.game.race import Ghost
    from play.game.result import Result
    from play.game.settings import Settings

__all__ = ["Picture"]


@dataclass(frozen=True, slots=True, eq=False)
class Picture:
    """What a player sees, at one moment. Compared part by part (:meth:`same`), each part
    by identity first: a game or settings not replaced is not compared cell by cell."""

    deal: int
    """Which game of the session this is: another number, another game, drawn whole."""
    game: Game
    settings: Settings
    record: Record | None = None
    """The moves so far (the live counters count them)."""
    notice: Notice | None = None
    hint: Hint | None = None
    """The hint on show: its cell is ringed, its reason is the notice."""
    result: Result | None = None
    """A finished game's figures."""
    auto_playing: bool = False
    clock: ClockFace = _NOT_STARTED
    """The game's clock as it stands, read at any moment on the session's clock (a front
    end is handed that clock): while it runs, a front end redraws it as it goes."""
    daily: str | None = None
    """The daily board's date (``2026-11-22``); None for any other board."""
    linked: bool = False
    """The board came from a link someone shared."""
    race: Ghost | None = None
    """The ghost raced on this board."""
    kept_win: bool = False
    """A finished game's board has a win of the player's kept: Race your best is offered."""

    def seconds(self, now: float) -> float:
        """Time played at ``now`` (the session's clock): 0 before the first reveal; once
        the game is over, its last move's time as its record holds it (as a replay tells)."""
        record = self.record
        if self.game.status.is_over and record is not None and record.moves:
            return record.moves[-1].ms / 1000
        return self.clock.elapsed(now)

    def same(self, other: Picture) -> bool:
        """True when ``other`` shows the same: a call that changed nothing reports nothing."""
        for part in _PARTS:
            mine, theirs = getattr(self, part), getattr(other, part)
            if mine is not theirs and mine != theirs:
                return False
        return True


_PARTS = tuple(f.name for f in fields(Picture))
