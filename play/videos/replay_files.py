"""Replay files of other Minesweeper clones read into our moves, to review them like our games.

Three formats, read by ``sweeping-view`` (pure Python, MIT, pinned in requirements-dev.lock):

- **RMV**, Viennasweeper (its mouse events; the board events it also holds are not needed);
- **AVF**, Minesweeper Arbiter (mouse events; 16-pixel cells);
- **EVF**, Metasweeper, version 3 (mouse events, with its own cell size).

Their mouse events become moves through :mod:`play.videos.replay_mouse`. An :class:`ImportedGame`
has the file's own board, so its game is ``new_game(layout=...)``, not one dealt from a seed
(our record's text, ``ms1;...``, holds a seed, not a board).

Anything that is not such a file, or is one cut short or damaged, raises a
:class:`ReplayFileError` (a ``ValueError``) whose message names the problem; the parser's own
exceptions never get out. sweeping-view reads a stream; it gets one that raises at the end of
the data, so that no parser loop can run past it.

The first-click rule (:mod:`engine.first_click`), where a file says it
(:attr:`ImportedGame.first_click`): an EVF file's game mode (see :data:`play.videos.evf.EVF_MODES`:
standard, and its UPK and cheat variants, is ``safe``, win7 ``opening``, 65,535 "no rule"
``none``); an RMV file's mode (normal, UPK or cheat: Viennasweeper's one rule, ``safe``).
An AVF file has no field for it: Minesweeper Arbiter has one rule, ``safe``, which is read.
A mode of its own (Viennasweeper's density, Metasweeper's no-guess modes) is no rule of ours:
None.

Worked around here: sweeping-view 0.4.0's EVF question-mark flag reads the wrong bits
(Metasweeper's is bit 7 of byte 2, as ms-toollib reads it), and AVF files number rows and
columns from 1, which sweeping-view passes on as they are.

It is long because it is the one place that imports sweeping-view: all of the above wraps it.

>>> read_replay(b"hello", "notes.txt")
Traceback (most recent call last):
...
play.videos.replay_files.NotAReplayError: notes.txt is not a replay file: expected an RMV \
(Viennasweeper), AVF (Minesweeper Arbiter) or EVF (Metasweeper) file
>>> read_replay(b"*rmv\\x00\\x01\\x00", "cut.rmv")
Traceback (most recent call last):
...
play.videos.replay_files.DamagedReplayError: cut.rmv is damaged: it ends too early (cut short?)
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import UTC, date, datetime
from enum import Enum
from typing import Any

from engine import Clicks, FirstClick, Game, Layout, Level, Status, TimedMove, new_game
from engine.errors import InvalidLayoutError, InvalidLevelError
from play.ledger.moments import today_utc
from play.videos.replay_mouse import MouseEvent, moves_from_mouse

LARGEST = 16 * 1024 * 1024
"""Bytes a replay may have: an hour of expert play is well under a megabyte."""


class ReplayFileError(ValueError):
    """A file that cannot be read as a replay; the message says why."""


class NotAReplayError(ReplayFileError):
    """A file of no replay format we know."""


class DamagedReplayError(ReplayFileError):
    """A replay file that is cut short, damaged, or of a version we do not read."""


class Format(Enum):
    RMV = "RMV (Viennasweeper)"
    AVF = "AVF (Minesweeper Arbiter)"
    EVF = "EVF (Metasweeper)"


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A game played in another clone: its board, its moves and what the file says of it."""

    format: Format
    layout: Layout
    question_marks: bool
    moves: tuple[TimedMove, ...]
    player: str
    software: str
    file_ms: int
    """The game's time as the file gives it, in milliseconds."""
    level_name: str
    """The level as the clone that recorded the game names it (:func:`level_name`)."""
    off_board: Clicks
    """Clicks released off the board: clicks for the counters, though no move."""
    recorded: date | None = None
    """The day the game was played, as the file says it (None: it does not, or not sensibly)."""
    mouse: tuple[MouseEvent, ...] = ()
    """The file's mouse events, on its own clock (for its video, and to write it as EVF)."""
    cell_px: int = 16
    """The pixels of a cell, for ``mouse``."""
    began_ms: int = 0
    """When the game's clock started on the file's clock (the moves' times count from it)."""
    won: bool = False
    first_click: FirstClick | None = None
    """The first-click rule the file says the game was played under (None: it does not
    say, or the game was played under a rule of another kind); see the module's docstring."""

    def new_game(self) -> Game:
        return new_game(layout=self.layout, question_marks=self.question_marks)


class _Cut(Exception):
    """A read past the end of the data."""


class _Strict(io.BytesIO):
    """A stream that raises :class:`_Cut` when asked for bytes past its end."""

    def read(self, size: int | None = -1, /) -> bytes:
        data = super().read(size)
        if size is not None and size > 0 and not data:
            raise _Cut
        return data


_MOUSE = {
    "move": "mv",
    "lmb_down": "lc",
    "shift_lmb_down": "lc",
    "lmb_up": "lr",
    "rmb_down": "rc",
    "rmb_up": "rr",
    "mmb_down": "mc",
    "mmb_up": "mr",
    "chord": "cc",
    "preflag": "pf",
    "lmb": "l",
    "rmb": "r",
    "mmb": "m",
}
"""sweeping-view's names of mouse events, as ms-toollib names them."""


LEVEL_NAMES = {
    (8, 8, 10): "Beginner",
    (9, 9, 10): "Beginner",
    (16, 16, 40): "Intermediate",
    (16, 30, 99): "Expert",
}
"""(rows, columns, mines) of the levels the clones name: their beginner is 8x8, Windows' 9x9."""

_FIELD_NAMES = {name.lower(): name for name in ("Beginner", "Intermediate", "Expert", "Custom")}
"""The level fields sweeping-view reads from RMV and AVF files, and their names."""


def level_name(level: Level, field: str | None = None) -> str:
    """The level's name as the clone that recorded it says it: the file's own level field
    (``field``: Viennasweeper and Arbiter write one) when it has one we know, else its size.

    >>> level_name(Level(8, 8, 10)), level_name(Level(8, 8, 10), "custom")
    ('Beginner', 'Custom')
    >>> level_name(Level(16, 30, 99)), level_name(Level(30, 16, 99))
    ('Expert', 'Custom')
    """
    named = _FIELD_NAMES.get(field or "")
    if named is not None:
        return named
    return LEVEL_NAMES.get((level.rows, level.cols, level.mines), "Custom")


def detect(data: bytes, name: str = "") -> Format:
    """The format of ``data``: by its name's extension, else by its first bytes.

    >>> detect(b"*rmv..."), detect(b"\\x03...", "game.EVF").name
    (<Format.RMV: 'RMV (Viennasweeper)'>, 'EVF')
    """
    if data.startswith(b"*rmv"):
        return Format.RMV
    extension = name.rpartition(".")[2].upper() if "." in name else ""
    if extension in Format.__members__:
        return Format[extension]
    if data[:1] == b"\x03":
        return Format.EVF
    raise NotAReplayError(
        f"{name or 'that'} is not a replay file: expected an RMV (Viennasweeper), "
        "AVF (Minesweeper Arbiter) or EVF (Metasweeper) file"
    )


def read_replay(data: bytes, name: str = "") -> ImportedGame:
    """The game a replay file holds; :class:`ReplayFileError` naming what is wrong."""
    label = name or "the file"
    if len(data) > LARGEST:
        raise NotAReplayError(f"{label} is too large to be a replay ({len(data)} bytes)")
    fmt = detect(data, name)
    if fmt is Format.EVF and data[:1] != b"\x03":
        version = data[0] if data else "missing"
        raise DamagedReplayError(
            f"{label} is an EVF file of version {version}: only version 3 "
            "(Metasweeper 3.1) can be read"
        )
    mode = None
    if fmt is Format.EVF and len(data) >= 10:
        # sweeping-view refuses the modes of Metasweeper's list past 13, the "no rule"
        # of version 4 among them: it reads the file as standard, the rule is read here.
        mode = int.from_bytes(data[8:10], "big")
        if mode > _SWEEPING_VIEW_MODES:
            data = data[:8] + bytes(2) + data[10:]
    parsed = _parse(fmt, data, label)
    try:
        return _game(fmt, parsed, data, label, mode)
    except (InvalidLevelError, InvalidLayoutError) as error:
        raise DamagedReplayError(
            f"{label} is damaged: its board is not playable: {error}"
        ) from None
    except (AttributeError, KeyError, IndexError, TypeError, ValueError) as error:
        if isinstance(error, ReplayFileError):
            raise
        raise DamagedReplayError(f"{label} is damaged: {_why(error)}") from None


def _parse(fmt: Format, data: bytes, label: str) -> Any:
    try:  # imported late: only a review of a file needs it
        from sweeping_view.avf import AVFReplay
        from sweeping_view.evf import EVFReplay
        from sweeping_view.rmv import RMVReplay
    except ImportError:
        raise ReplayFileError(
            f"{label} cannot be read here: reading replay files needs the sweeping-view "
            "package (pip install sweeping-view==0.4.0)"
        ) from None
    reader = {Format.RMV: RMVReplay, Format.AVF: AVFReplay, Format.EVF: EVFReplay}[fmt]
    try:
        return reader(_Strict(data), name=label)
    except _Cut:
        raise DamagedReplayError(f"{label} is damaged: it ends too early (cut short?)") from None
    except Exception as error:  # an alpha parser: any of its errors means a damaged file
        raise DamagedReplayError(
            f"{label} is not a readable {fmt.value} replay: {_why(error)}"
        ) from None


def _why(error: Exception) -> str:
    text = str(error)
    if "invalid: " in text:  # sweeping-view's "The replay file X is invalid: reason"
        return text.rpartition("invalid: ")[2].rstrip("!").lower()
    if text.startswith("The replay file") and "format version" in text:
        return "it is of a format version that cannot be read"
    return "its data does not make sense"


def _text(value: object) -> str:
    if isinstance(value, bytes):
        return value.decode("cp1252", errors="replace")
    return str(value)


EARLIEST = date(1990, 1, 1)
"""No replay file is older (Minesweeper Arbiter is from 2005): a date before it is noise."""


def recorded_on(fmt: Format, replay: Any) -> date | None:
    """The day the game was played: Viennasweeper's board time (Unix seconds), Metasweeper's
    start (Unix microseconds), both in UTC, or Arbiter's own date (the player's clock). None
    when the file has no date, or one that cannot be a day a game was played."""
    try:
        if fmt is Format.AVF:
            day = replay.boardgen_time.date()
        elif fmt is Format.RMV:
            day = datetime.fromtimestamp(int(replay.timestamp_boardgen), UTC).date()
        else:
            day = datetime.fromtimestamp(int(replay.start_ts) // 1_000_000, UTC).date()
    except (AttributeError, TypeError, ValueError, OverflowError, OSError):
        return None
    if not isinstance(day, date) or not EARLIEST <= day <= today_utc():
        return None
    return day


_SWEEPING_VIEW_MODES = 13
"""The last EVF game mode sweeping-view reads (Metasweeper's "chording flag recursive")."""
_EVF_RULES = {0: FirstClick.SAFE, 1: FirstClick.SAFE, 2: FirstClick.SAFE}
_EVF_RULES |= {4: FirstClick.OPENING, 0xFFFF: FirstClick.NONE}
"""EVF game modes that are a first-click rule of ours: standard, UPK and cheat, win7 and
"no rule"."""


def first_click_of(fmt: Format, replay: Any, mode: int | None) -> FirstClick | None:
    """The first-click rule the file says, if it is one of ours (the module's docstring)."""
    if fmt is Format.EVF:
        return None if mode is None else _EVF_RULES.get(mode)
    if fmt is Format.RMV:
        said = replay.properties.get("mode")
        return FirstClick.SAFE if said in ("normal", "UPK", "cheat") else None
    return FirstClick.SAFE


def _game(
    fmt: Format, replay: Any, data: bytes, label: str, mode: int | None = None
) -> ImportedGame:
    rows, cols = int(replay.rows), int(replay.cols)
    mines = [(int(r), int(c)) for r, c in replay.mines]
    if fmt is Format.AVF:  # Arbiter numbers rows and columns from 1
        mines = [(r - 1, c - 1) for r, c in mines]
    if any(not (0 <= r < rows and 0 <= c < cols) for r, c in mines):
        raise DamagedReplayError(f"{label} is damaged: a mine lies off its {cols}x{rows} board")
    cells = frozenset(r * cols + c for r, c in mines)
    if len(cells) != len(mines):
        raise DamagedReplayError(f"{label} is damaged: it puts two mines on one cell")
    layout = Layout(Level(rows, cols, len(cells)), cells)
    field: str | None = None  # EVF has no level field (sweeping-view makes one up from the size)
    if fmt is Format.AVF:
        size, marks, player = 16, replay.properties["questionmarks"], replay.name
        field = replay.properties.get("level")
    elif fmt is Format.RMV:
        size, marks = int(replay.square_size), replay.properties["questionmarks"]
        player = replay.player_data.get("name", "")
        field = replay.properties.get("level")
    else:
        size, marks, player = int(replay.cell_size), bool(data[2] & 0x80), replay.user_identifier
    if size < 1:
        raise DamagedReplayError(f"{label} is damaged: its cells are {size} pixels wide")
    events = [
        MouseEvent(_MOUSE[e["subtype"]], int(e["gametime"]), int(e["xpos"]), int(e["ypos"]))
        for e in replay.events
        if e.get("type") == "mouse"
    ]
    start = new_game(layout=layout, question_marks=bool(marks))
    moves, end, off_board, began = moves_from_mouse(events, start, size)
    if not moves:
        raise DamagedReplayError(f"{label} holds no click on its board")
    return ImportedGame(
        format=fmt,
        layout=layout,
        question_marks=bool(marks),
        moves=moves,
        player=_text(player),
        software=_text(replay.version_info),
        file_ms=int(replay.timeth),
        level_name=level_name(layout.level, field if isinstance(field, str) else None),
        off_board=off_board,
        recorded=recorded_on(fmt, replay),
        mouse=tuple(events),
        cell_px=size,
        began_ms=began,
        won=end.status is Status.WON,
        first_click=first_click_of(fmt, replay, mode),
    )
