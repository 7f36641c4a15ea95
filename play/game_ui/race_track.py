"""A ghost race as a front end shows it: the ghost's progress and the player's, side by
side, and the verdict once the player's game is over.

The ghost (:class:`play.game.race.Ghost`) is the session's (:attr:`play.session.Session.race`);
a :class:`RaceTrack` only reads it and the game at a moment of the clock, keeping the
player's last counted moment so that the 3BV solved is counted again only when a move
opened cells (:func:`engine.live.moment_after`).

>>> from engine import BEGINNER, Move, apply, new_game
>>> from play.game.race import Ghost
>>> ghost = Ghost(BEGINNER, 42, 4, ((0, 1), (1000, 2), (3000, 4)), name="Ada")
>>> track = RaceTrack(ghost)
>>> frame = track.frame(new_game(BEGINNER, 42), 0)
>>> frame.ghost_text, frame.own_text, frame.verdict
('Ada: 3BV 1 of 4', 'You: 3BV 0 of 4', None)
>>> game = apply(new_game(BEGINNER, 42), Move.reveal(4, 4)).game
>>> frame = track.frame(game, 1500)
>>> frame.ghost_share, frame.own_solved > 0, frame.own_total > 0
(0.5, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Game, Status
from engine.live import Moment, moment_after
from play.game.race import Ghost


@dataclass(frozen=True, slots=True)
class RaceFrame:
    """What the race shows at one moment."""

    who: str
    """The ghost's name as the race says it (the sender's, or "the ghost")."""
    ghost_solved: int
    ghost_total: int
    own_solved: int
    own_total: int
    verdict: str | None = None
    """Who was faster and by how much, once the player's game is over."""

    @property
    def ghost_share(self) -> float:
        return self.ghost_solved / self.ghost_total

    @property
    def own_share(self) -> float:
        return self.own_solved / self.own_total if self.own_total else 0.0

    how: str = ""
    """How the ghost's game was helped (:attr:`play.game.race.Ghost.how`); empty if not."""

    @property
    def ghost_text(self) -> str:
        who = self.who[:1].upper() + self.who[1:]
        how = f" ({self.how})" if self.how else ""
        return f"{who}{how}: 3BV {self.ghost_solved} of {self.ghost_total}"

    @property
    def own_text(self) -> str:
        return f"You: 3BV {self.own_solved} of {self.own_total}"


class RaceTrack:
    """The race against ``ghost`` on the board being played."""

    def __init__(self, ghost: Ghost) -> None:
        self.ghost = ghost
        self._moment: Moment | None = None
        self._game: Game | None = None

    def frame(self, game: Game, ms: int) -> RaceFrame:
        """The race at ``ms`` on the game's clock (0 at its first reveal): the ghost where
        it was then, the player as ``game`` stands, and the verdict when it is over."""
        ghost = self.ghost
        if game is not self._game:
            moment = moment_after(self._moment, game, ms)
            if moment is not None:  # None: no mine placed yet, nothing solved
                self._moment = moment
            self._game = game
        moment = self._moment
        own_solved, own_total = (0, ghost.bbbv) if moment is None else (moment.solved, moment.bbbv)
        verdict = None
        if game.status.is_over:
            verdict = ghost.verdict(game.status is Status.WON, ms)
            own_solved = own_total if game.status is Status.WON else own_solved
        solved = ghost.solved_at(ms)
        return RaceFrame(ghost.who, solved, ghost.bbbv, own_solved, own_total, verdict, ghost.how)
