"""Remembering everything: settings, the game in progress, finished games and their records.

The :class:`Keeper` is the session's one way to storage. It writes after every
change the session makes, reads on start, and merges on write, so two tabs that
both finish games both count. Nothing it reads can crash the game: unreadable data
is kept aside by :class:`play.saves.Saves` and play goes on.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from engine import Record
from engine.errors import InvalidRecordError
from play.ledger import Entry, Ledger
from play.result import Result
from play.saves import Saves
from play.settings import Settings
from play.statistics import best_of, board_title, summarise

KEEP_RECORDS = 100
"""Records of the last games kept, besides every game in a best-times list."""
KEEP_RECENT = 20
"""Games Back and Forward can return to."""
EXPORT_FORMAT = "minesweeper-export"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game in progress, as stored: its record, the time played and how it was played."""

    record: Record
    elapsed_ms: int
    assisted: bool = False
    daily: str | None = None

    def to_data(self) -> dict[str, Any]:
        return {
            "record": self.record.to_text(),
            "elapsed_ms": self.elapsed_ms,
            "assisted": self.assisted,
            "daily": self.daily,
        }

    @classmethod
    def from_data(cls, data: Any) -> Snapshot:
        if not isinstance(data, dict):
            raise ValueError("not an object")
        elapsed, assisted, daily = data["elapsed_ms"], data["assisted"], data.get("daily")
        if type(elapsed) is not int or elapsed < 0 or not isinstance(assisted, bool):
            raise ValueError("bad time or flag")
        if daily is not None and not isinstance(daily, str):
            raise ValueError("bad daily date")
        return cls(Record.parse(str(data["record"])), elapsed, assisted, daily)


def utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """``2026-11-22T17:55:01.250Z``: sorts as text, in UTC."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _records(data: Any) -> dict[str, str]:
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError("records must map ids to record text")
    return dict(data)


class Keeper:
    def __init__(
        self,
        saves: Saves,
        now: Callable[[], datetime] = utc_now,
        new_id: Callable[[], str] = lambda: secrets.token_hex(6),
    ) -> None:
        self.saves = saves
        self._now = now
        self._new_id = new_id

    @property
    def notes(self) -> list[str]:
        return self.saves.notes

    def check(self) -> None:
        """Read every part once, so data that cannot be read is set aside (and said) at
        start, not in the middle of a game."""
        self.settings()
        self.game()
        self.ledger()
        self.records()
        self.saves.load("recent", dict)

    # --- settings and the game in progress -------------------------------------------

    def settings(self) -> Settings | None:
        return self.saves.load("settings", Settings.from_data)

    def save_settings(self, settings: Settings) -> None:
        self.saves.store("settings", settings.to_data())

    def game(self) -> Snapshot | None:
        return self.saves.load("game", Snapshot.from_data)

    def save_game(self, snapshot: Snapshot | None) -> None:
        if snapshot is None:
            self.saves.remove("game")
        else:
            self.saves.store("game", snapshot.to_data())

    def recent(self, game_id: str) -> Snapshot | None:
        """A game played earlier in this browser, for Back and Forward."""
        found = self.saves.load("recent", lambda data: dict(data)) or {}
        data = found.get(game_id)
        try:
            return None if data is None else Snapshot.from_data(data)
        except (ValueError, KeyError, InvalidRecordError):
            return None

    def save_recent(self, game_id: str, snapshot: Snapshot) -> None:
        def change(found: dict[str, Any] | None) -> dict[str, Any]:
            kept = {k: v for k, v in (found or {}).items() if k != game_id}
            kept[game_id] = snapshot.to_data()
            return dict(list(kept.items())[-KEEP_RECENT:])

        self.saves.update("recent", lambda data: dict(data), change)

    # --- finished games ------------------------------------------------------------------

    def ledger(self) -> Ledger:
        return self.saves.load("ledger", Ledger.from_data) or Ledger()

    def records(self) -> dict[str, str]:
        return self.saves.load("records", _records) or {}

    def finish(self, result: Result, record: Record, kind: str, daily: str | None) -> str | None:
        """Count a finished game and keep its record; a new best time's news, if any."""
        entry = Entry(
            id=f"{stamp(self._now())}-{self._new_id()}",
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
        )
        before = best_of(self.ledger(), entry.board)
        saved = self.saves.update(
            "ledger", Ledger.from_data, lambda found: (found or Ledger()).add(entry).to_data()
        )
        self._keep_record(entry.id, record.to_text())
        if not saved or kind != "normal" or not entry.won:
            return None
        if before is None or entry.ms < before.ms:
            was = "" if before is None else f" (was {before.seconds:.2f} s)"
            return f"New best on {board_title(entry.board)}: {entry.seconds:.2f} s{was}"
        return None

    def _keep_record(self, game_id: str, text: str) -> None:
        ledger = self.ledger()

        def change(found: dict[str, str] | None) -> dict[str, str]:
            records = {**(found or {}), game_id: text}
            return prune(records, ledger)

        self.saves.update("records", _records, change)

    def reset(self, board: str | None, kind: str | None) -> None:
        """Forget the statistics of one board and kind, or of everything."""
        at = stamp(self._now())
        self.saves.update(
            "ledger",
            Ledger.from_data,
            lambda found: (found or Ledger()).reset(board, kind, at).to_data(),
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
        }
        return json.dumps(data, indent=1)

    def import_text(self, text: str) -> str:
        """Merge an exported file into what is stored; never drops a game. What happened,
        in words for the player (raises ValueError with such words on a bad file)."""
        try:
            data = json.loads(text)
        except ValueError:
            raise ValueError("That file is not a Minesweeper export (not JSON).") from None
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise ValueError("That file is not a Minesweeper export.")
        try:
            incoming = Ledger.from_data(data.get("ledger", {}))
            records = _records(data.get("records", {}))
        except ValueError as error:
            raise ValueError(f"That export is damaged: {error}.") from None
        before = len(self.ledger().entries)
        self.saves.update(
            "ledger", Ledger.from_data, lambda found: (found or Ledger()).merge(incoming).to_data()
        )
        merged = self.ledger()
        self.saves.update(
            "records", _records, lambda found: prune({**records, **(found or {})}, merged)
        )
        added = len(merged.entries) - before
        return f"Imported {added} game{'s' if added != 1 else ''}; nothing was replaced."


def prune(records: dict[str, str], ledger: Ledger) -> dict[str, str]:
    """The last :data:`KEEP_RECORDS` games' records and every best-times game's."""
    order = {entry.id: n for n, entry in enumerate(ledger.entries)}
    keep = {e.id for s in summarise(ledger) for e in s.bests}
    latest = sorted((i for i in records if i in order), key=order.__getitem__)[-KEEP_RECORDS:]
    keep.update(latest)
    return {i: text for i, text in records.items() if i in keep}
