"""Remembering everything: settings, the game in progress, finished games and their records.

The :class:`Keeper` is the session's one way to storage. It writes after every change the
session makes, reads on start, and merges on write, so two tabs that both finish games both
count. Nothing it reads can crash the game: every part is read strictly
(:mod:`play.keeping.parts`, :mod:`play.ledger.entries`, over :mod:`play.ledger.safe_json`),
unreadable data is kept aside by :class:`play.keeping.blobs.Blobs`, a bad entry costs that
entry only, and play goes on. An imported file is read the same way.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from engine import Level, Record
from engine.wording import agree, count
from play.game.result import Result
from play.game.settings import Settings
from play.keeping import start_view
from play.keeping.blobs import Blobs
from play.keeping.parts import read_recent, read_records, read_settings
from play.keeping.snapshot import Snapshot
from play.ledger import safe_json
from play.ledger.entries import Entry, Ledger
from play.ledger.moments import stamp, utc_now
from play.ledger.safe_json import BadData
from play.ledger.statistics import best_of, board_summaries, board_title, played_before
from play.practice.deck import deck_data, read_deck

__all__ = [
    "EXPORT_FORMAT",
    "KEEP_RECENT",
    "KEEP_RECORDS",
    "LARGEST_IMPORT",
    "BadImport",
    "Keeper",
    "Snapshot",
    "prune",
]

KEEP_RECORDS = 100
"""Records of the last games kept, besides every game in a best-times list."""
KEEP_RECENT = 20
"""Games Back and Forward can return to."""
EXPORT_FORMAT = "minesweeper-export"
LARGEST_IMPORT = 64 * 1024 * 1024
"""Bytes of a file to import, and characters of its text, at most: an export of a
lifetime of games has a few million."""


class BadImport(BadData):
    """A file to import that is not an export of ours; its message is for the player."""


@dataclass(frozen=True, slots=True)
class Counted:
    """A finished game once counted and kept."""

    game_id: str
    """The id its record is kept under (Replays lists it by this id)."""
    news: str | None
    """A new best time, or why a win is none, in words (see :meth:`Keeper.finish`)."""


def _news(
    entry: Entry,
    before: tuple[Entry | None, Entry | None],
    saved: bool,
    known: bool,
    linked: bool,
    came_from: str | None = None,
) -> str | None:
    """A new best time in words (or an NF one: no flag placed), or why a win is none: where
    the board came from, for whoever played it (``came_from``: a race link's board, when
    it is no board of theirs played before)."""
    if saved and known and entry.won:
        why = "from a link or a given seed" if linked else "you have played before"
        return f"No best time: a board {came_from or why}."
    if not saved or entry.kind != "normal" or not entry.won:
        return None
    for best, kind in zip(before, ("best", "NF best"), strict=True):
        if kind == "NF best" and not entry.nf:
            break
        if best is None or entry.ms < best.ms:
            was = "" if best is None else f" (was {best.seconds:.2f} s)"
            return f"New {kind} on {board_title(entry.board)}: {entry.seconds:.2f} s{was}"
    return None


class Keeper:
    def __init__(
        self,
        blobs: Blobs,
        now: Callable[[], datetime] = utc_now,
        new_id: Callable[[], str] = lambda: secrets.token_hex(6),
        *,
        keeps_start: bool = False,
        later: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        self.blobs = blobs
        self._now = now
        self._new_id = new_id
        self._start = blobs.storage if keeps_start else None
        """Where the next start's view is kept (:mod:`play.keeping.start_view`), for a front end
        that draws before Python runs (the page's loading script); None: not kept."""
        self._later = later
        """When a game saved "soon" is written (:meth:`save_game`): the front end's moment
        after the frame that shows the move; None: at once."""
        self._due: Snapshot | Literal[False] | None = False
        """The game to write when :attr:`_later` runs (None: none in progress); False: none due."""
        self._start_game: object = False
        """The game's part of the start view last kept: most moves leave it as it is."""

    @property
    def notes(self) -> list[str]:
        return self.blobs.notes

    def check(self) -> None:
        """Read every part once, so data that cannot be read is set aside (and said) at
        start, not in the middle of a game."""
        self.settings()
        self.game()
        self.ledger()
        self.records()
        self.blobs.load_each("recent", read_recent)
        self.blobs.load_each("practice", read_deck)  # the drills (play.practice)

    # --- settings and the game in progress -------------------------------------------

    def settings(self) -> Settings | None:
        return self.blobs.load_each("settings", read_settings)

    def save_settings(self, settings: Settings) -> None:
        if self.blobs.store("settings", settings.to_data()) and self._start is not None:
            start_view.keep_settings(self._start, settings)

    def game(self) -> Snapshot | None:
        return self.blobs.load("game", Snapshot.from_data)

    def save_game(self, snapshot: Snapshot | None, soon: bool = False) -> None:
        """Keep the game in progress (None: none; a finished game is not resumed). ``soon``:
        when the front end's ``later`` runs, the latest one only, so that writing it (a
        few milliseconds on a phone) is not in the frame of the move that changed it; else
        now, a game saved soon before included (a page hidden, a new game)."""
        if soon and self._later is not None:
            if self._due is False:
                self._later(self._save_due)
            self._due = snapshot
            return
        self._due = False
        if snapshot is None:
            self.blobs.remove("game")
        elif not self.blobs.store("game", snapshot.to_data()):
            return  # not kept: the entry still describes the game that is
        part = start_view.game_part(snapshot)
        if self._start is not None and part != self._start_game:
            start_view.keep_game(self._start, snapshot)
            self._start_game = part

    def _save_due(self) -> None:
        if self._due is not False:
            self.save_game(self._due)

    def keep_shown(self, path: str, address: str, level: Level, *, daily: bool, race: bool) -> None:
        """The front end shows ``address`` on the page at ``path``: the next start's picture
        is kept for it and for the plain visit (:func:`start_view.keep_shown`)."""
        if self._start is not None:
            start_view.keep_shown(self._start, path, address, level, daily=daily, race=race)

    def recent(self, game_id: str) -> Snapshot | None:
        """A game played earlier in this browser, for Back and Forward."""
        data = (self.blobs.load_each("recent", read_recent) or {}).get(game_id)
        return None if data is None else Snapshot.from_data(data)  # read_recent checked it

    def save_recent(self, game_id: str, snapshot: Snapshot) -> None:
        def change(found: dict[str, Any] | None) -> dict[str, Any]:
            kept = {k: v for k, v in (found or {}).items() if k != game_id}
            kept[game_id] = snapshot.to_data()
            return dict(list(kept.items())[-KEEP_RECENT:])

        self.blobs.update("recent", read_recent, change)

    # --- finished games ------------------------------------------------------------------

    def ledger(self) -> Ledger:
        return self.blobs.load_each("ledger", Ledger.readable) or Ledger()

    def records(self) -> dict[str, str]:
        return self.blobs.load_each("records", read_records) or {}

    def new_game_id(self) -> str:
        """An id no other game has: a game's, from its first move (:attr:`Round.kept_id`)."""
        return f"{stamp(self._now())}-{self._new_id()}"

    def finish(
        self,
        result: Result,
        record: Record,
        kind: str,
        daily: str | None,
        linked: bool = False,
        *,
        game_id: str | None = None,
        left: bool = False,
        race: bool = False,
    ) -> Counted:
        """Count a finished game, or one ``left`` unfinished (abandoned: played, not won, no
        news), a ``race``'s included (a board from its link), and keep its record under
        ``game_id`` (a new one if None): the id it is kept under, and a new best time's
        news, if any, or why a win is no best time: a board from a link or a given seed, or
        one played before, counts apart (kind ``known``), as competitive sites never rank a
        board a player knows."""
        ledger = self.ledger()
        # The game itself, left earlier and carried on, is no board played before; nor is a
        # daily board's counted attempt (its practice games, played since, are).
        others = Ledger(tuple(e for e in ledger.entries if e.id != game_id), ledger.resets)
        seen = daily is None and played_before(others, result.level, result.seed)
        known = kind in ("normal", "race") and (linked or seen)  # a race's is a link's
        if known and kind == "normal":
            kind = "known"
        entry = Entry(
            id=game_id or self.new_game_id(),
            at=stamp(self._now()),
            board=str(result.level),
            kind=kind,
            won=result.won,
            ms=round(result.seconds * 1000),
            bbbv=result.stats.bbbv,
            solved=result.stats.solved_bbbv,
            clicks=result.stats.clicks.total,
            seed=result.seed,
            daily=daily,
            style=result.style,
            first_click=result.first_click,
            left=left and not result.won,
        )
        before = best_of(ledger, entry), best_of(ledger, entry, nf=True)
        saved = self.blobs.update(
            "ledger",
            Ledger.readable,
            lambda found: (found or Ledger()).settled(entry.at).add(entry).to_data(),
        )
        self._keep_record(entry.id, record.to_text())
        came_from = "from a race link" if race and not seen else None
        if race and seen:
            came_from = "you have played before"
        news = None if entry.left else _news(entry, before, saved, known, linked, came_from)
        return Counted(entry.id, news)

    def taken_up(self, game_id: str) -> None:
        """The game left as ``game_id`` is carried on: no longer counted as abandoned."""
        if any(e.id == game_id and e.left for e in self.ledger().entries):
            self.blobs.update(
                "ledger",
                Ledger.readable,
                lambda found: (found or Ledger()).taken_up(game_id).to_data(),
            )

    def _keep_record(self, game_id: str, text: str) -> None:
        ledger = self.ledger()

        def change(found: dict[str, str] | None) -> dict[str, str]:
            records = {**(found or {}), game_id: text}
            return prune(records, ledger)

        self.blobs.update("records", read_records, change)

    def reset(self, board: str | None, kind: str | None) -> None:
        """Forget the statistics of one board and kind, or of everything."""
        at = stamp(self._now())
        self.blobs.update(
            "ledger",
            Ledger.readable,
            lambda found: (found or Ledger()).settled(at).reset(board, kind, at).to_data(),
        )

    # --- export and import ---------------------------------------------------------------

    def export_text(self) -> str:
        """Everything the player has, as one JSON file."""
        settings = self.settings()
        data = {
            "format": EXPORT_FORMAT,
            "exported": stamp(self._now()),
            "settings": None if settings is None else settings.to_data(),
            "ledger": self.ledger().to_data(),
            "records": self.records(),
            "practice": deck_data(self.blobs.load_each("practice", read_deck) or {}),
        }
        return json.dumps(data, indent=1)

    def import_text(self, text: str) -> str:
        """Merge an exported file into what is stored; no game is replaced. What happened,
        in words for the player (raises :class:`BadImport` with such words on a bad file).
        An entry of the file that cannot be read is left out, and said; a reset mark of the
        file forgets games as a reset made here would (said), unless it is dated after
        today (set aside, and said: see :meth:`Ledger.without_future_resets`)."""
        try:
            data = safe_json.loads(text, limit=LARGEST_IMPORT)
        except safe_json.TooLarge:
            raise BadImport("That file is too large to be a Minesweeper export.") from None
        except BadData:
            raise BadImport("That file is not a Minesweeper export (not JSON).") from None
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise BadImport("That file is not a Minesweeper export.")
        try:
            incoming = Ledger.readable(data.get("ledger", {}))
            records = read_records(data.get("records", {}))
            drills = read_deck(data.get("practice", {}))
        except BadData as error:
            raise BadImport(f"That export is damaged: {error}.") from None
        now = stamp(self._now())
        ledger, future = incoming.value.without_future_resets(now)
        before = {entry.id for entry in self.ledger().entries}
        self.blobs.update(
            "ledger",
            Ledger.readable,
            lambda found: (found or Ledger()).settled(now).merge(ledger).to_data(),
        )
        merged = self.ledger()
        self.blobs.update(
            "records",
            read_records,
            lambda found: prune({**records.value, **(found or {})}, merged),
        )
        kept_drills = self.blobs.load_each("practice", read_deck) or {}
        self.blobs.update(
            "practice", read_deck, lambda found: deck_data({**drills.value, **(found or {})})
        )
        new_drills = len(set(drills.value) - set(kept_drills))
        after = {entry.id for entry in merged.entries}
        said = f"Imported {_games(len(after - before))}"
        if new_drills:
            said += f" and {count(new_drills, 'drill')}"
        forgotten = len(before - after)
        if forgotten:  # the file's reset marks are resets too
            said += f"; a reset in that file forgot {_games(forgotten)} of yours"
        if future:
            said += f"; {count(future, 'reset')} dated after today set aside"
        lost = incoming.lost + records.lost + drills.lost
        if lost:
            entries = count(lost, "entry", "entries")
            said += f"; {entries} of that file {agree(lost, 'was', 'were')} unreadable and left out"
        return said + "; nothing was replaced."


def _games(games: int) -> str:
    return count(games, "game")


def prune(records: dict[str, str], ledger: Ledger) -> dict[str, str]:
    """The last :data:`KEEP_RECORDS` games' records and every best-times game's."""
    order = {entry.id: n for n, entry in enumerate(ledger.entries)}
    keep = {e.id for s in board_summaries(ledger) for e in s.bests}
    latest = sorted((i for i in records if i in order), key=order.__getitem__)[-KEEP_RECORDS:]
    keep.update(latest)
    return {i: text for i, text in records.items() if i in keep}
