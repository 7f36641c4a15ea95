"""Choosing what the replay dialog shows: a kept game (to watch, review, save as EVF or, won,
race again on its board: :meth:`play.keeping.Replays.ghost`), a
record pasted as text, or a replay file picked or dropped on the page.

Each choice is handed to the dialog (:class:`web.dialogs.replays.dialog.ReplayDialog`), which plays
it back or opens its review; a choice that cannot be read is said on the dialog's error
line, in our words, never a traceback.
"""

from __future__ import annotations

import traceback
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from engine import InvalidRecordError, Record
from play.game import capitalised
from play.keeping import LEVEL_NAMES, MARKS, RESULTS, SORTS, ListView, mark_words
from web.board import escape
from web.page import closest, data, ids, save_kept_video, within

if TYPE_CHECKING:
    from play.game import Ghost
    from play.keeping import KeptGame
    from play.review import Review
    from play.session import Session
    from web.page import Listeners

FILE_INPUT = "review-file"
VIEW_SELECTS = (ids.REPLAY_SORT, ids.REPLAY_LEVEL, ids.REPLAY_RESULT, ids.REPLAY_MARK)


class Host(Protocol):
    """What the sources hand a choice to: the replay dialog
    (:class:`web.dialogs.replays.dialog.ReplayDialog`, which holds the sources: named here
    by what it does, so that neither module imports the other)."""

    dialog: Any

    def open(self, game_id: str | None = None) -> None: ...
    def race(self, ghost: Ghost) -> None: ...
    def later(self, work: Coroutine[Any, Any, None]) -> None: ...
    def error(self, text: str | None) -> None: ...
    def error_in_view(self) -> None: ...
    def show(self, record: Record) -> None: ...
    def review_game(self, review: Review) -> None: ...
    def review_record(self, record: Record, title: str) -> None: ...


def label(game: KeptGame) -> str:
    """``2026-11-22 17:55 · Expert · won · 97.12 s``."""
    when = game.at[:16].replace("T", " ")
    return f"{when} · {game.title} · {game.outcome} · {game.seconds:.2f} s"


NONE = "—"


COLUMNS = ("Date", "Level", "Result", "Time (s)", "3BV", "3BV/s", "Eff.", "Marks")
"""The kept games' table: what a competitor compares at a glance."""


def _row(game: KeptGame) -> str:
    """One kept game's row: its date a button that plays it back."""
    rate, efficiency = game.rate, game.efficiency
    cells = (
        f'<button type="button" class="link" data-replay="{escape(game.id)}" '
        f'aria-label="Watch the game of {escape(label(game))}">'
        f"{escape(game.at[:16].replace('T', ' '))}</button>",
        escape(game.title),
        escape(game.outcome),
        f"{game.seconds:.2f}",
        str(game.bbbv) if game.bbbv else NONE,
        NONE if rate is None else f"{rate:.2f}",
        NONE if efficiency is None else f"{efficiency:.0%}",
        escape(mark_words(game.marks)),
        f'<button type="button" class="review-game" data-review="{escape(game.id)}" '
        f'aria-label="Review the game of {escape(label(game))}">Review</button> '
        f"{_evf_button(game)}{_race_button(game)}",
    )
    numbers = {3, 4, 5, 6}
    return (
        f'<tr data-result="{escape(game.outcome)}">'
        + "".join(
            f'<td class="number">{cell}</td>' if n in numbers else f"<td>{cell}</td>"
            for n, cell in enumerate(cells)
        )
        + "</tr>"
    )


def options(choices: dict[str, str], chosen: str | None, every: str | None = None) -> str:
    """A select's options from one of play's tables (``every``: the choice of all)."""
    first = [("", every)] if every is not None else []
    return "".join(
        f'<option value="{escape(value)}"{" selected" if value == (chosen or "") else ""}>'
        f"{escape(words)}</option>"
        for value, words in (*first, *choices.items())
    )


LEVEL_WORDS = {name: capitalised(name) for name in LEVEL_NAMES}


def _evf_button(game: KeptGame) -> str:
    """Save EVF, for a game an EVF video can hold (none with a click taken back)."""
    if not game.saves_as_evf:
        return ""
    return (
        f'<button type="button" class="save-video" data-video="{escape(game.id)}" '
        f'aria-label="Save EVF of the game of {escape(label(game))}" '
        f'title="Save as an EVF video (Metasweeper\'s format)">Save EVF</button>'
    )


def _race_button(game: KeptGame) -> str:
    """A won game's Race: its board dealt again with it as the ghost (none for another)."""
    if not game.raceable:
        return ""
    return (
        f' <button type="button" class="race-game" data-race="{escape(game.id)}" '
        f'aria-label="Race the game of {escape(label(game))} again">Race</button>'
    )


class ReplaySources:
    def __init__(self, document: Any, session: Session, dialog: Host) -> None:
        """The kept games are ``session``'s (:attr:`play.session.Session.replays`); what is
        chosen goes to ``dialog``."""
        self.document = document
        self.window = document.defaultView
        self._by_id = document.getElementById
        self.session, self._replays = session, session.replays
        self.host = dialog
        self.view = ListView()
        """How the list is sorted and filtered: the player's choice in the selects."""

    def wire(self, listeners: Listeners) -> None:
        listen, by_id = listeners.listen, self._by_id
        view = self.view
        for select, choices, chosen, every in (
            (ids.REPLAY_SORT, {k: capitalised(w) for k, w in SORTS.items()}, view.sort, None),
            (ids.REPLAY_LEVEL, LEVEL_WORDS, view.level, "All"),
            (
                ids.REPLAY_RESULT,
                {k: capitalised(w) for k, w in RESULTS.items()},
                view.result,
                "All",
            ),
            (ids.REPLAY_MARK, MARKS, view.mark, "Any"),
        ):
            by_id(select).innerHTML = options(choices, chosen, every)
        listen(by_id(ids.REPLAY_VIEW), "change", self.on_view_change)
        listen(by_id(ids.REPLAY_LIST), "click", self.on_list_click)
        listen(by_id(ids.REPLAY_LOAD), "click", lambda _e: self.load_text())
        listen(by_id(ids.REPLAY_LIST), "click", self.on_review_click)
        listen(by_id(FILE_INPUT), "change", self.on_file_input)

    def list_games(self) -> list[KeptGame]:
        """Draw the kept games' table as the view sorts and filters it: each game's date
        (to watch it), level, result, time, 3BV, 3BV/s, efficiency and marks, then Review,
        Save EVF and, won, Race."""
        every = self._replays.games()
        games = self.view.shown(every)
        # Nothing kept, nothing to sort: the dialog's first control is then an action.
        self._by_id(ids.REPLAY_VIEW).hidden = not every
        rows = "".join(_row(game) for game in games)
        if not rows:
            empty = "No finished games yet." if self.view == ListView() else "No game is listed so."
            rows = f'<tr><td colspan="{len(COLUMNS) + 1}">{empty}</td></tr>'
        head = "".join(f'<th scope="col">{name}</th>' for name in COLUMNS)
        head += '<th scope="col"><span class="sr">Actions</span></th>'
        self._by_id(
            ids.REPLAY_LIST
        ).innerHTML = f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody>"
        return games

    def on_view_change(self, _event: Any) -> None:
        """A sort or filter chosen: the list drawn again as the selects now ask."""
        value = [str(self._by_id(name).value) or None for name in VIEW_SELECTS]
        self.view = ListView(value[0] or "date", *value[1:])
        self.list_games()

    def focus_first(self, games: list[KeptGame]) -> None:
        """With no game listed, the dialog's first action has the focus, not the name field:
        on a phone a text field focused raises the keyboard over the dialog."""
        # Not the name field, nor the list's scrolling box (a browser may focus a scroller).
        if not games and not within(self.document.activeElement, "button, select"):
            self._by_id(FILE_INPUT).focus()

    def on_list_click(self, event: Any) -> None:
        target = closest(event.target, "button")
        video = None if target is None else data(target, "video")
        if video is not None:
            player = self.session.settings.player_name  # in videos
            self.host.error(save_kept_video(self.window, self._replays, video, player))
            return
        race = None if target is None else data(target, "race")
        if race is not None:
            self.race(race)
            return
        game_id = None if target is None else data(target, "replay")
        if game_id is not None:
            text = self._replays.record_text(game_id)
            if text is not None:
                self.host.show(Record.parse(text))

    def race(self, game_id: str) -> None:
        """Race the kept game ``game_id`` on its board: the dialog closes for the board."""
        ghost = self._replays.ghost(game_id)
        if ghost is None:
            self.host.error("This game cannot be raced: only a won game whose record is kept.")
            return
        self.host.race(ghost)

    def on_review_click(self, event: Any) -> None:
        target = closest(event.target, "button")
        game_id = None if target is None else data(target, "review")
        game = next((g for g in self._replays.games() if g.id == game_id), None)
        if game is not None:
            self.host.review_record(Record.parse(game.text), label(game))

    def load_text(self) -> None:
        """Watch a record pasted as text; a bad one is named, with where it goes wrong."""
        text = str(self._by_id(ids.REPLAY_TEXT).value).strip()
        try:
            record = Record.parse(text)
        except InvalidRecordError as problem:
            message = str(problem)
            self.host.error(f"That record cannot be played: {message[:1].lower()}{message[1:]}.")
            return
        self.host.error(None)
        self.host.show(record)

    def on_file_input(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            self.host.later(self._review_file(files.item(0)))
        event.target.value = ""  # the same file can be picked again

    def review_dropped(self, file: Any) -> None:
        """A file dropped on the page (web.dialogs.player_tools hears the drop): reviewed."""
        self.host.later(self._review_file(file))

    async def _review_file(self, file: Any) -> None:
        from web.dialogs.replays.review_files import read_file

        host = self.host
        if not host.dialog.open:
            host.open()
        host.error(f"Reading {file.name}…")
        try:
            review = await read_file(self.window, self.session, file)
        except ValueError as problem:  # no game to review in it, in words
            host.error(str(problem))
            host.error_in_view()
            return
        except Exception as error:  # a reader's bug: a message still, never a traceback
            self.window.console.error(f"review of {file.name}: {traceback.format_exc()}")
            host.error(f"{file.name} could not be read ({type(error).__name__}).")
            host.error_in_view()
            return
        host.review_game(review)
