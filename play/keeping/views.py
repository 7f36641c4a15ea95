"""The player's kept data as a front end sees it: statistics, the kept games to replay,
everything exported and imported, and the games left for Back and Forward, as objects the
session owns (:attr:`play.session.Session.statistics`, ``replays``, ``transfer``, ``recent``).

A front end reads and changes what is kept through them only: the
:class:`play.keeping.keeper.Keeper` under them is the session's. A session that keeps nothing
(no keeper: a test's, a benchmark's) answers as if nothing had been kept yet.

>>> keeper = Keeper(Blobs(MemoryStorage()))
>>> Statistics(keeper).summaries(), Replays(keeper).games(), Transfer(None).games()
([], [], 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import InvalidRecordError, Level, Record, Status
from play.game.race import Ghost
from play.keeping.blobs import Blobs
from play.keeping.game_list import ListView, entry_marks, record_figures, record_marks
from play.keeping.ghosts import kept_ghost
from play.keeping.keeper import LARGEST_IMPORT, Keeper, Snapshot
from play.keeping.storage import MemoryStorage
from play.ledger.entries import Ledger
from play.ledger.moments import stamp, utc_now
from play.ledger.statistics import (
    BoardSummary,
    DailySummary,
    board_summaries,
    board_title,
    daily_summary,
)

if TYPE_CHECKING:
    from play.videos.replay import Replay
    from play.videos.video import VideoFile

NOTHING_KEPT = "Nothing is kept here, so nothing was imported."


def _ledger(keeper: Keeper | None) -> Ledger:
    return Ledger() if keeper is None else keeper.ledger()


@dataclass(frozen=True, slots=True)
class KeptGame:
    """One game of the list of kept games."""

    id: str
    at: str
    """When it ended, ``2026-11-22T17:55:01.250Z`` (sorts as text)."""
    board: str
    outcome: str
    """``won``, ``lost`` or ``unfinished``."""
    seconds: float
    text: str
    """The record, as kept."""
    bbbv: int = 0
    solved: int = 0
    """3BV solved: all of it in a won game."""
    clicks: int = 0
    marks: tuple[str, ...] = ()
    """How it was played and where its board came from (:data:`game_list.MARKS`' keys)."""

    @property
    def rate(self) -> float | None:
        """3BV solved per second; None without a time."""
        return self.solved / self.seconds if self.seconds > 0 and self.bbbv else None

    @property
    def efficiency(self) -> float | None:
        """3BV solved per click; None without a click."""
        return self.solved / self.clicks if self.clicks else None

    @property
    def date(self) -> str:
        return self.at[:10]

    @property
    def title(self) -> str:
        """Its board's name for the player (:attr:`engine.Level.title`): ``Expert``."""
        return board_title(self.board)

    @property
    def raceable(self) -> bool:
        """A won game: its board is dealt again from its seed to race it
        (:meth:`Replays.ghost`), as every kept game's is."""
        return self.outcome == "won"

    @property
    def saves_as_evf(self) -> bool:
        """Whether an EVF video can hold the game: not one with a click taken back (EVF has
        no undo, and the game cannot be told without it), so Save EVF is not offered."""
        try:
            return not Record.parse(self.text).undone
        except InvalidRecordError:
            return False

    def describe(self) -> str:
        """``Expert, won in 97.12 s on 2026-11-22``."""
        return f"{self.title}, {self.outcome} in {self.seconds:.2f} s on {self.date}"


def kept_games(keeper: Keeper) -> list[KeptGame]:
    """Every kept record (the last 100 games and every best time), most recent first,
    described from the ledger while the game is
    counted there, else from the record itself (after a reset of the statistics); a
    record that does not read is left out."""
    ledger = {entry.id: entry for entry in keeper.ledger().entries}
    games = []
    for game_id, text in sorted(keeper.records().items(), reverse=True):
        entry = ledger.get(game_id)
        if entry is not None:  # its figures are the ledger's: no record is read
            outcome = "won" if entry.won else "abandoned" if entry.left else "lost"
            figures = entry.bbbv, entry.solved, entry.clicks
            marks = entry_marks(entry, Record.no_guess_of(text))
            at, board, seconds = entry.at, entry.board, entry.seconds
        else:
            try:
                record = Record.parse(text)
            except InvalidRecordError:
                continue  # the keeper only keeps records it wrote; a damaged one is skipped
            status = record.replay().status
            outcome = {Status.WON: "won", Status.LOST: "lost"}.get(status, "unfinished")
            seconds = record.moves[-1].ms / 1000 if record.moves else 0.0
            figures = record_figures(record, seconds)
            marks = record_marks(record, status is Status.WON)
            at, board = game_id, str(record.level)
        games.append(KeptGame(game_id, at, board, outcome, seconds, text, *figures, marks))
    # By the end, most recent first: an id is dated at the game's first move.
    return sorted(games, key=lambda game: game.at, reverse=True)


class Statistics:
    """Every board's figures, the daily board's, and their reset."""

    def __init__(self, keeper: Keeper | None) -> None:
        self._keeper = keeper

    def summaries(self) -> list[BoardSummary]:
        """One summary per board and kind that has games (see :func:`board_summaries`)."""
        return board_summaries(_ledger(self._keeper))

    def daily(self) -> DailySummary:
        """The daily boards' figures (see :func:`daily_summary`)."""
        return daily_summary(_ledger(self._keeper))

    def watchable(self) -> set[str]:
        """The ids of the finished games whose record is kept, to be watched again."""
        return set() if self._keeper is None else set(self._keeper.records())

    def reset(self, board: str | None = None, kind: str | None = None) -> None:
        """Forget the statistics of ``board``'s games of ``kind``, of every kind (``kind``
        None), or of every board (``board`` None). The kept games stay."""
        if self._keeper is not None:
            self._keeper.reset(board, kind)


class Replays:
    """The kept games, to play back or review, and their videos; a record or a file's game
    played back too (reviewed: :meth:`play.session.Session.review`)."""

    def __init__(self, keeper: Keeper | None) -> None:
        self._keeper = keeper

    def games(self, view: ListView | None = None) -> list[KeptGame]:
        """Every kept game, most recent first (see :func:`kept_games`), or as ``view`` sorts
        and filters them."""
        games = [] if self._keeper is None else kept_games(self._keeper)
        return games if view is None else view.shown(games)

    def record_text(self, game_id: str) -> str | None:
        """The record of the game kept as ``game_id``, as kept; None when it is not kept."""
        return None if self._keeper is None else self._keeper.records().get(game_id)

    def ghost(self, game_id: str) -> Ghost | None:
        """The game kept as ``game_id`` as a ghost to race on its board
        (:func:`play.keeping.ghosts.kept_ghost`); None when it is no win kept."""
        if self._keeper is None:
            return None
        return kept_ghost(self._keeper.ledger(), self._keeper.records(), game_id)

    def video(self, game_id: str, player: str) -> VideoFile | None:
        """The game kept as ``game_id`` as an EVF video played by ``player``, named for its
        board and the time it ended (:mod:`play.videos.video`); None when it is not kept;
        :class:`play.videos.evf.EvfError` when the format cannot hold it."""
        from play.videos.video import video_of  # the EVF writer: on a video's first save

        game = next((kept for kept in self.games() if kept.id == game_id), None)
        if game is None:
            return None
        return video_of(Record.parse(game.text), game.at, player)

    def video_of(self, record: Record, player: str) -> VideoFile:
        """The game ``record``, just finished and not kept (its storage refused it), as an
        EVF video played by ``player``, named for now; :class:`play.videos.evf.EvfError`
        when the format cannot hold it."""
        from play.videos.video import video_of  # the EVF writer: on a video's first save

        return video_of(record, stamp(utc_now()), player)

    def replay(self, record: Record) -> Replay:
        """``record`` played back: every position, when it was reached, where the click was
        (:class:`play.videos.replay.Replay`)."""
        from play.videos.replay import Replay

        return Replay(record)

    @staticmethod
    def needs_reader(data: bytes) -> bool:
        """Whether a file's bytes need the replay file reader, ``sweeping-view``, to be
        reviewed (:func:`play.review.source.needs_reader`): a front end fetches it first."""
        from play.review.source import needs_reader

        return needs_reader(data)


class Recent:
    """The games a player moved away from, each kept under its history entry's name, for a
    return to that entry (:mod:`play.start.history`)."""

    def __init__(self, keeper: Keeper | None) -> None:
        self._keeper = keeper

    def keep(self, game_id: str, snapshot: Snapshot) -> None:
        """Keep ``snapshot`` under ``game_id`` (the last few names only)."""
        if self._keeper is not None:
            self._keeper.save_recent(game_id, snapshot)

    def get(self, game_id: str) -> Snapshot | None:
        """The game kept under ``game_id``; None when none is."""
        return None if self._keeper is None else self._keeper.recent(game_id)

    def keep_shown(self, path: str, address: str, level: Level, *, daily: bool, race: bool) -> None:
        """The front end shows ``address`` at ``path``: the next start's picture is kept for
        it (:meth:`play.keeping.keeper.Keeper.keep_shown`; a start that keeps none ignores it)."""
        if self._keeper is not None:
            self._keeper.keep_shown(path, address, level, daily=daily, race=race)


class Transfer:
    """Everything kept, exported as one file, and a file of that kind imported."""

    largest = LARGEST_IMPORT
    """Bytes of a file to import, at most: a front end refuses a larger one unread."""

    def __init__(self, keeper: Keeper | None) -> None:
        self._keeper = keeper

    @property
    def notes(self) -> list[str]:
        """What the player should hear about their kept data (set aside, not saved), in the
        order it happened; a front end says each once."""
        return [] if self._keeper is None else self._keeper.notes

    def games(self) -> int:
        """How many finished games an export holds."""
        return len(_ledger(self._keeper).entries)

    def export_text(self) -> str:
        """Everything kept, as one JSON text (see :meth:`Keeper.export_text`)."""
        keeper = self._keeper or Keeper(Blobs(MemoryStorage()))  # an export of nothing
        return keeper.export_text()

    def import_text(self, text: str) -> str:
        """Merge an export into what is kept; what happened, in words for the player
        (:class:`play.keeping.keeper.BadImport`, a ValueError with such words, on a bad file)."""
        return NOTHING_KEPT if self._keeper is None else self._keeper.import_text(text)
