"""The game a review is of: a file's bytes (a replay of another clone, or our own record) read
into something :func:`play.review.review_moves` can judge, with a title; or a message naming
what is wrong with it, never a traceback.

The page calls :func:`from_file` with a picked or dropped file, :func:`from_record` with one
of its own games. Reading replay files needs ``sweeping-view``, which the page loads only
when a file that needs it comes (:func:`needs_reader`).

>>> loaded = from_file(b"ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0", "game.txt")
>>> loaded.title, len(loaded.game.moves)
('game.txt: Beginner, seed 42', 1)
>>> from_file(b"hello", "notes.txt")
Traceback (most recent call last):
...
play.review.source.UnreadableError: notes.txt is not a replay file: expected an RMV \
(Viennasweeper), AVF (Minesweeper Arbiter) or EVF (Metasweeper) file.
>>> from_file(b"ms1;9x9/10;seed=42;O9,9@0", "bad.txt")
Traceback (most recent call last):
...
play.review.source.UnreadableError: bad.txt is not a game record we can play: ...
>>> needs_reader(b"*rmv..."), needs_reader(b"ms1;9x9/10")
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from engine import Clicks, Game, InvalidRecordError, Record, TimedMove
from play.ledger.statistics import board_title

if TYPE_CHECKING:
    from play.videos.replay_files import ImportedGame

RECORD_PREFIX = b"ms1;"
"""How our own record's text begins."""


class UnreadableError(ValueError):
    """A file that holds no game to review; the message says why, as a sentence."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game to review (a :class:`~engine.record.Record` or an imported game) and its title."""

    game: Record | ImportedGame
    title: str

    @property
    def moves(self) -> tuple[TimedMove, ...]:
        return self.game.moves

    def new_game(self) -> Game:
        return self.game.new_game()

    def every_event(self) -> list[tuple[TimedMove, bool]]:
        """Every event, each with whether it was taken back (Undo: our records only); the
        review judges the game as played on (:attr:`moves`), the counters count them all
        (:func:`engine.live.moments`)."""
        if isinstance(self.game, Record):
            return self.game.every_event()
        return [(timed, False) for timed in self.game.moves]

    @property
    def taken_back_clicks(self) -> Clicks:
        """The losing clicks taken back (Undo), counted as wasted clicks; none in a replay
        file (no clone's file holds an undo)."""
        return self.game.taken_back_clicks if isinstance(self.game, Record) else Clicks()

    @property
    def off_board(self) -> Clicks:
        """Clicks off the board that a replay file counts (our records hold none)."""
        return Clicks() if isinstance(self.game, Record) else self.game.off_board

    @property
    def recorded(self) -> date | None:
        """The day a replay file says the game was played (None for our records)."""
        return None if isinstance(self.game, Record) else self.game.recorded

    @property
    def file_ms(self) -> int | None:
        """The game's time as a replay file gives it (None for our records)."""
        return None if isinstance(self.game, Record) else self.game.file_ms


def needs_reader(data: bytes) -> bool:
    """Whether ``data`` needs the replay file reader (anything but our own record)."""
    return not data.lstrip().startswith(RECORD_PREFIX)


def from_record(record: Record, title: str) -> Loaded:
    return Loaded(record, title)


def from_file(data: bytes, name: str) -> Loaded:
    """The game in a file's bytes; :class:`UnreadableError` naming what is wrong."""
    label = name or "The file"
    if not needs_reader(data):
        text = data.decode("utf-8", errors="replace").strip()
        try:
            record = Record.parse(text)
        except InvalidRecordError as error:
            message = str(error)
            raise UnreadableError(
                _stop(f"{label} is not a game record we can play: {message}")
            ) from None
        return Loaded(record, f"{label}: {board_title(str(record.level))}, seed {record.seed}")
    from play.videos.replay_files import ReplayFileError, read_replay  # the file reader: on demand

    try:
        game = read_replay(data, name)
    except ReplayFileError as error:
        raise UnreadableError(_stop(str(error))) from None
    return Loaded(game, file_title(label, game))


def file_title(name: str, game: ImportedGame) -> str:
    """``test.rmv: Beginner 8x8/10 in RMV (Viennasweeper), played by Ann``: the level named
    as the clone that recorded the game names it."""
    who = f", played by {game.player}" if game.player else ""
    return f"{name}: {game.level_name} {game.layout.level} in {game.format.value}{who}"


def _stop(text: str) -> str:
    """A message ending in a full stop (a file's name starts it as it is: no capital)."""
    return text if text.endswith((".", "!", "?")) else text + "."
