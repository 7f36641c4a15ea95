"""The address bar always describes the board being played; Back and Forward move
between the games the player actually played.

Each game gets a history entry whose state names it. Leaving a game stores its
snapshot under that name, so returning to the entry shows that very game, in the
state it was left in, never a fresh deal. What an address asks for is read here, once
(:func:`launch_of`); what to deal for it is :mod:`play.startup`'s rule.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from pyscript.ffi import to_js

from play import Session
from play.address import Launch, first_values, from_params, to_query
from play.keeper import Keeper, Snapshot
from play.startup import deal
from web.dom import element_or_none


def launch_of(window: Any) -> Launch:
    """What the page's address asks for. The browser parses its own URL (urllib.parse
    costs 60 ms to import under Pyodide)."""
    entries = window.URLSearchParams.new(window.location.search).entries()
    return from_params(first_values((str(k), str(v)) for k, v in entries))


def start_launch(window: Any) -> Launch:
    """What the address asks for when the page opens. An address the page wrote itself
    (its history entry names a game: a reload) names the board that was being played,
    not a board to deal again: its seed counts only to carry that game on, so a reload
    after a finished game deals a fresh board. A link the player opened keeps its seed,
    reload after reload (the entry says so)."""
    launch = launch_of(window)
    state = element_or_none(window.history.state)
    written = state is not None and getattr(state, "game", None) is not None
    if written and not getattr(state, "link", False):
        return replace(launch, seed=None, linked=False)
    return launch


def _new_id() -> str:
    return secrets.token_hex(6)


class AddressBar:
    def __init__(self, window: Any, session: Session, keeper: Keeper, linked: bool = False) -> None:
        self._window = window
        self.session = session
        self.keeper = keeper
        self.game_id = _new_id()
        self._linked = linked
        """This entry's board came from a link: a reload deals it again (see start_launch)."""

    def query(self) -> str:
        game = self.session.game
        return to_query(game.level, game.seed, self.session.daily)

    def url(self) -> str:
        """The page's address for the board being played, to copy or share."""
        location = self._window.location
        return f"{location.origin}{location.pathname}{self.query()}"

    def show(self) -> None:
        """Describe the current game in the address bar (no new history entry)."""
        self._window.history.replaceState(self._state(), "", self.query())

    def keep_behind(self, snapshot: Snapshot) -> None:
        """The address's board took the place of a game in progress: that game becomes
        the history entry behind this one, so Back returns to it as it was left."""
        kept_id = _new_id()
        self.keeper.save_recent(kept_id, snapshot)
        record = snapshot.record
        query = to_query(record.level, record.seed, snapshot.daily)
        self._window.history.replaceState(to_js({"game": kept_id}), "", query)
        self._window.history.pushState(self._state(), "", self.query())
        before = self.session.notice
        kept = "Your game in progress is kept: Back returns to it."
        self.session.warn(kept if before is None else f"{before.text} {kept}")

    def leave(self) -> None:
        """The player moves on to another game: keep this one for Back."""
        self.keeper.save_recent(self.game_id, self.session.snapshot())

    def push(self) -> None:
        """A new game was dealt: a new history entry."""
        self.game_id, self._linked = _new_id(), False
        self._window.history.pushState(self._state(), "", self.query())

    def _state(self) -> Any:
        return to_js(
            {"game": self.game_id, "link": True} if self._linked else {"game": self.game_id}
        )

    def on_popstate(self, event: Any) -> None:
        state = element_or_none(event.state)
        game_id = None if state is None else getattr(state, "game", None)
        self.leave()
        snapshot = None if game_id is None else self.keeper.recent(str(game_id))
        if snapshot is None or not self.session.resume(snapshot, finished_too=True):
            # An entry whose game is not kept: the board its address names, never a fresh one.
            deal(launch_of(self._window), self.session)
        self.game_id = str(game_id) if game_id is not None else _new_id()
        self._linked = state is not None and bool(getattr(state, "link", False))
        self.show()
