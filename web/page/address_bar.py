"""The address bar always describes the game being played (a race by its link, while it
runs); Back and Forward move between the games the player actually played.

Each game gets a history entry whose state names it (``{"game": name}``). What an entry
shows, the game kept under its name or the board its address names, is
:mod:`play.start.history`'s rule; what an address asks for is read here, once
(:func:`launch_of`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from play.game import RACE_PARAM, Picture
from play.keeping import Snapshot
from play.session import Session
from play.start import History, Launch, first_values, from_params, to_query
from web.page import browser
from web.page.browser import element_or_none


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


class AddressBar:
    """The page's address and its history entries, over :class:`play.start.history.History`,
    which decides what each entry shows."""

    def __init__(self, window: Any, session: Session, linked: bool = False) -> None:
        self._window = window
        self.session = session
        self._recent = session.recent
        """Where the next start's picture is kept for the address shown (held, so that
        drawing reads nothing of the session)."""
        self.history = History(session)
        self._linked = linked
        """This entry's board came from a link: a reload deals it again (see start_launch)."""
        self._written: str | None = None
        """The query written last into the address bar: what it shows."""
        self._leaving = False
        """The player is moving on to another game (:meth:`leave`): its entry is the
        game left, which the new game's address must not overwrite (:meth:`push` writes
        it in an entry of its own)."""

    def query(self) -> str:
        """The address of the game being played (:func:`address`)."""
        return address(self.session.picture)

    def board_query(self) -> str:
        return board_address(self.session.picture)

    def draw(self, query: str) -> None:
        """The picture's address (:func:`address`) shown, unless the player is moving on
        to another game (its entry is the game left): a first-click rule chosen before the
        first click, a race over giving the address its board back, an undo in a race its
        link."""
        if not self._leaving and query != self._written:
            self._written = query
            self._window.history.replaceState(self._state(), "", query)
            self._keep_shown()

    def sync(self) -> None:
        """The address shows the game's again, if it does not (:meth:`stay`)."""
        self.draw(self.query())

    def url(self) -> str:
        """The page's address for the board being played, to copy or share: the board,
        never a race's ghost (the player's own best is named "your best")."""
        location = self._window.location
        return f"{location.origin}{location.pathname}{self.board_query()}"

    def show(self) -> None:
        """Describe the current game in the address bar (no new history entry)."""
        self._written = self.query()
        self._window.history.replaceState(self._state(), "", self._written)
        self._keep_shown()

    def keep_behind(self, snapshot: Snapshot) -> None:
        """The address's board took the place of a game in progress: that game becomes
        the history entry behind this one, so Back returns to it as it was left."""
        kept_id = self.history.keep_behind(snapshot)
        record = snapshot.record
        query = to_query(
            record.level, record.seed, snapshot.daily, record.no_guess, record.first_click
        )
        self._window.history.replaceState(browser.to_js({"game": kept_id}), "", query)
        self._written = self.query()
        self._window.history.pushState(self._state(), "", self._written)
        self._keep_shown()

    def leave(self) -> None:
        """The player moves on to another game: keep this one for Back (then
        :meth:`push` for the game dealt, or :meth:`stay` when none was)."""
        self.history.leave()
        self._leaving = True

    def stay(self) -> None:
        """No game was dealt after :meth:`leave`: the address shows this one's again."""
        self._leaving = False
        self.sync()

    def push(self) -> None:
        """A new game was dealt: a new history entry."""
        self.history.dealt()
        self._linked, self._leaving = False, False
        self._written = self.query()
        self._window.history.pushState(self._state(), "", self._written)
        self._keep_shown()

    def _keep_shown(self) -> None:
        """The address just written, as the address bar shows it (path and query), and what
        it names, read as a start reads it (not from the session: :meth:`draw` draws a
        picture): a reload opens it again, so the next start's picture is kept for it
        (:mod:`play.keeping.start_view`, for static/skeleton.js)."""
        location, named = self._window.location, launch_of(self._window)
        path = str(location.pathname)
        self._recent.keep_shown(
            path,
            path + str(location.search),
            named.settings.level,
            daily=named.daily is not None or named.wants_today,
            race=named.race is not None,
        )

    def _state(self) -> Any:
        game_id = self.history.game_id
        return browser.to_js({"game": game_id, "link": True} if self._linked else {"game": game_id})

    def on_popstate(self, event: Any) -> None:
        state = element_or_none(event.state)
        game_id = None if state is None else getattr(state, "game", None)
        self.history.return_to(None if game_id is None else str(game_id), launch_of(self._window))
        self._linked = state is not None and bool(getattr(state, "link", False))
        self.show()


def address(picture: Picture) -> str:
    """The address of the game pictured: a race's own link while the race runs (a reload
    carries the race on: :mod:`play.start.startup`), else its board's."""
    ghost = picture.race
    if ghost is None or picture.game.status.is_over:
        return board_address(picture)
    return f"?{RACE_PARAM}={ghost.link_text()}"


def board_address(picture: Picture) -> str:
    """The address of the board pictured (a race's ghost's board is named by its board)."""
    game = picture.game
    return to_query(game.level, game.seed, picture.daily, game.no_guess, game.first_click)
