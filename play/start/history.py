"""Back and Forward: the games a player moved between, each kept under a name of its own.

A front end with a history (the page's Back and Forward buttons) gives each game an
entry named by :attr:`History.game_id`. Leaving a game keeps it under that name, so a
return to the entry shows that very game as it was left (a finished one too), never a
fresh deal; an entry whose game is not kept deals the board its address names. The front
end only moves between entries and writes addresses; what each entry shows is decided
here.

>>> from play.start.address import Launch
>>> from play.keeping.keeper import Keeper
>>> from play.keeping.blobs import Blobs
>>> from play.keeping.storage import MemoryStorage
>>> from engine import EXPERT, Move
>>> session = Session(seed=1, keeper=Keeper(Blobs(MemoryStorage())))
>>> names = iter(["first", "second"])
>>> history = History(session, new_id=lambda: next(names))
>>> _ = session.play(Move.reveal(4, 4))
>>> history.leave(); session.change(level=EXPERT); history.dealt()
'second'
>>> history.return_to("first", Launch())      # Back: the beginner game, as it was left
>>> session.game.level.name, session.settings.level.name, len(session.record.moves)
('beginner', 'beginner', 1)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from play.keeping.keeper import Snapshot
from play.session import Session
from play.start.address import Launch
from play.start.startup import deal

KEPT_BEHIND = "Your game in progress is kept: Back returns to it."


def _new_id() -> str:
    return secrets.token_hex(6)


class History:
    """The entry of the game being played, and every move between entries."""

    def __init__(self, session: Session, new_id: Callable[[], str] = _new_id) -> None:
        self.session = session
        self._new_id = new_id
        self.game_id = new_id()
        """The name of the game being played: its entry's."""

    def leave(self) -> None:
        """The player moves on to another game: keep this one for a return to its entry."""
        self.session.recent.keep(self.game_id, self.session.snapshot())

    def dealt(self) -> str:
        """A new game was dealt: the name of its new entry."""
        self.game_id = self._new_id()
        return self.game_id

    def keep_behind(self, snapshot: Snapshot) -> str:
        """The start's board took the place of ``snapshot``, a game in progress: it is
        kept under a name of its own, for the entry behind this one (returned), and the
        notice says so."""
        kept_id = self._new_id()
        self.session.recent.keep(kept_id, snapshot)
        before = self.session.notice
        self.session.say(
            KEPT_BEHIND if before is None else f"{before.text} {KEPT_BEHIND}", warning=True
        )
        return kept_id

    def return_to(self, game_id: str | None, launch: Launch) -> None:
        """Back or Forward to the entry named ``game_id`` (None: one this history did not
        name), whose address asks for ``launch``: the game kept there, as it was left,
        else the board the address names; its level is then the level played. The game
        left is kept for a return to it."""
        self.leave()
        session = self.session
        kept = None if game_id is None else session.recent.get(game_id)
        if kept is None or not session.resume(kept, finished_too=True):
            deal(launch, session)
        # The player's question marks apply to a game in progress at once: to one left
        # before they were switched too (the checkbox shows the setting).
        if not session.game.status.is_over:
            session.change(question_marks=session.settings.question_marks)
        self.game_id = game_id if game_id is not None else self._new_id()
