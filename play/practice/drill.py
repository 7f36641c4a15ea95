"""A drill: a position a player saw, a task in words, and (for a drill from a game) what the
player did there and what it cost.

A drill holds tiles only, never a layout: open numbers and covered cells (a flag or a
question mark is the player's opinion, maybe wrong, so it becomes a covered cell: the task
asks what the numbers prove). The answer is worked out from these tiles and the mine total
by the solver when the player answers (:mod:`play.practice.checking`).

It is long because a drill and its one-line text form are one thing, written and read here.

Its text form is one line, kept in storage and shared as it is:

>>> from engine import BEGINNER, Level, Move
>>> drill = Drill(Level(2, 3, 1), bytes([1, 9, 9, 1, 9, 9]), Task.SAFE,
...               played=Mistake(Move.reveal(0, 1), "needless guess", 0.5, lost=True),
...               source="seed 7, move 3")
>>> drill.to_text()
'drill1;kind=game;level=3x2/1;task=safe;tiles=1##1##;played=O0,1:needless \
guess:5000:lost;from=seed 7, move 3'
>>> Drill.parse(drill.to_text()) == drill
True
>>> Drill.parse("drill1;kind=game;level=3x2/1;task=safe;tiles=1#")
Traceback (most recent call last):
...
play.practice.drill.BadDrill: a drill's tiles must be 6 characters (3x2), got 2
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from enum import Enum

from engine import Level, Move
from engine import tiles as t
from engine.errors import InvalidLevelError, InvalidMoveError
from engine.grid import spot_name
from engine.numbers import excerpt

FORMAT = "drill1"
"""How a drill's text begins (its version)."""
LARGEST_BOARD = 2_500
"""Cells of a drill's board at most: a drill is a position to think about, and its text is
kept with the player's data (an expert board has 480)."""
GAME = "game"
"""The kind of a drill made from one of the player's own games."""
KINDS = ("1-1", "1-2", "1-2-1", "1-2-2-1", "corner", "hole", "count", "chain-2", "chain-3")
"""The kinds of the bank's drills (:mod:`play.practice.bank`), the classic patterns."""
VERDICTS = ("needless guess", "worse guess", "blunder")
"""The review's verdicts a drill is made from."""
_SOURCE = re.compile(r"[-A-Za-z0-9 ,.:#/()]{0,80}")
"""What a drill's "from" may say: words, numbers and a few marks, no field separator."""
_FIELDS = ("kind", "level", "task", "tiles", "options", "best", "played", "from")


class BadDrill(ValueError):
    """A drill's text that is not one we write; the message says what is wrong."""


SEEDS = 1_000_000_000
"""Bank seeds are below this (nine digits at most)."""


def random_seed() -> int:
    """A bank seed of chance: a kind named without a seed gets one."""
    return random.randrange(SEEDS)


def bank_key(text: str, seeds: Callable[[], int] = random_seed) -> tuple[str, int]:
    """A bank drill's name, ``1-2-1-42``, read as its kind and seed, or a kind alone,
    ``1-2-1``, as that kind at a seed from ``seeds`` (a kind's own name wins over any other
    reading: ``1-2-1`` is no 1-2 drill of seed 1); :class:`BadDrill` saying why otherwise
    (a link's ``?drill=``, the terminal's ``practice 1-2-1-42``).

    >>> bank_key("1-2-1-42"), bank_key(" chain-3-7 "), bank_key("1-2-1", seeds=lambda: 5)
    (('1-2-1', 42), ('chain-3', 7), ('1-2-1', 5))
    >>> bank_key("1-3-9")
    Traceback (most recent call last):
    ...
    play.practice.drill.BadDrill: no kind of drill "1-3": use 1-1, 1-2, 1-2-1, 1-2-2-1, \
corner, hole, count, chain-2 or chain-3, such as 1-2-1 (1-2-1-42: seed 42)
    >>> bank_key("corner-x")
    Traceback (most recent call last):
    ...
    play.practice.drill.BadDrill: a drill's seed is a number of up to 9 digits, such as corner-42
    """
    if text.strip() in KINDS:
        return text.strip(), seeds() % SEEDS
    kind, _, seed = text.strip().rpartition("-")
    if kind not in KINDS:
        *most, last = KINDS
        raise BadDrill(
            f"no kind of drill {excerpt(kind or text.strip())}: use {', '.join(most)} or {last}, "
            "such as 1-2-1 (1-2-1-42: seed 42)"
        )
    if not seed.isascii() or not seed.isdigit() or len(seed) > 9:
        raise BadDrill(f"a drill's seed is a number of up to 9 digits, such as {kind}-42")
    return kind, int(seed)


class Task(Enum):
    """What a drill asks, in the words the player reads."""

    SAFE = "safe"
    SAFEST = "safest"
    MINE = "mine"
    PICK_SAFE = "pick-safe"
    """Which of the offered cells is safe: a chain's drill, where an easier safe cell
    elsewhere would skip the steps it is about."""

    @property
    def offers(self) -> bool:
        """The task offers cells to choose from."""
        return self in (Task.MINE, Task.PICK_SAFE)

    @property
    def words(self) -> str:
        """
        >>> [task.words for task in Task]
        ['Find a safe cell.', 'Find the safest cell.', 'Which of these is a mine?', \
'Which of these is safe?']
        """
        return _WORDS[self]


_WORDS = {
    Task.SAFE: "Find a safe cell.",
    Task.SAFEST: "Find the safest cell.",
    Task.MINE: "Which of these is a mine?",
    Task.PICK_SAFE: "Which of these is safe?",
}


@dataclass(frozen=True, slots=True)
class Mistake:
    """The mistake a drill was made from: what the player did in the game at the drill's
    position (kept as its ``played`` field), the review's verdict of it, and what it cost."""

    move: Move
    verdict: str
    """The review's verdict: one of :data:`VERDICTS`."""
    risk: float
    """The chance of losing the game that the move took, from 0 to 1."""
    lost: bool = False
    """The move lost the game."""


@dataclass(frozen=True, slots=True)
class Drill:
    level: Level
    tiles: bytes
    """One tile per cell: 0-8 open, :data:`engine.tiles.COVERED` otherwise."""
    task: Task
    options: tuple[int, ...] = ()
    """The cells a "Which of these…?" task offers, in reading order."""
    best: int | None = None
    """For "Find the safest cell": the solver's choice, which a good answer comes within the
    review's margin of (:data:`play.review.WORSE_MARGIN`)."""
    played: Mistake | None = None
    source: str = ""
    """Where it comes from, in words: ``seed 7, move 3``, ``1-2-1 #42``."""
    kind: str = GAME

    def __post_init__(self) -> None:
        check(self)

    @property
    def key(self) -> str:
        """A short name that stays the drill's own: a bank drill's ``KIND-SEED``, else a
        hash of its position and task (the same mistake made twice is one drill)."""
        if self.kind != GAME:
            return self.source.replace(" #", "-")
        what = f"{self.level};{self.task.value};{_chars(self.tiles)};{self.options};{self.best}"
        return hashlib.sha256(what.encode()).hexdigest()[:12]

    def to_text(self) -> str:
        fields = [
            FORMAT,
            f"kind={self.kind}",
            f"level={self.level}",
            f"task={self.task.value}",
            f"tiles={_chars(self.tiles)}",
        ]
        if self.options:
            fields.append("options=" + ",".join(map(str, self.options)))
        if self.best is not None:
            fields.append(f"best={self.best}")
        if self.played is not None:
            p = self.played
            ending = "lost" if p.lost else "survived"
            fields.append(f"played={p.move}:{p.verdict}:{round(p.risk * 10_000)}:{ending}")
        if self.source:
            fields.append(f"from={self.source}")
        return ";".join(fields)

    @classmethod
    def parse(cls, text: str) -> Drill:
        """The drill :meth:`to_text` wrote; :class:`BadDrill`, saying why, for anything else."""
        if len(text) > LARGEST_BOARD + 400:
            raise BadDrill(f"a drill's text is at most {LARGEST_BOARD + 400} characters")
        head, *rest = text.split(";")
        if head != FORMAT:
            raise BadDrill(f"a drill's text begins with {FORMAT};, got {excerpt(head)}")
        fields: dict[str, str] = {}
        for part in rest:
            name, equals, value = part.partition("=")
            if not equals or name not in _FIELDS or name in fields:
                raise BadDrill(f"unknown or repeated field {excerpt(part)} in a drill")
            fields[name] = value
        try:
            level = Level.parse(fields.get("level", ""))
        except InvalidLevelError as error:
            raise BadDrill(f"a drill's {error}") from None
        tiles = _tiles(fields.get("tiles", ""), level)
        task = _task(fields.get("task", ""))
        options = (
            tuple(_cell(v, level) for v in fields["options"].split(","))
            if ("options" in fields)
            else ()
        )
        best = _cell(fields["best"], level) if "best" in fields else None
        played = _mistake(fields["played"]) if "played" in fields else None
        return cls(
            level, tiles, task, options, best, played, fields.get("from", ""),
            fields.get("kind", GAME),
        )  # fmt: skip


def check(drill: Drill) -> None:
    """Raise :class:`BadDrill` unless ``drill`` is one we make."""
    level = drill.level
    if level.cells > LARGEST_BOARD:
        raise BadDrill(f"a drill's board has at most {LARGEST_BOARD} cells, got {level.cells}")
    if len(drill.tiles) != level.cells:
        raise BadDrill(f"a drill has one tile a cell, {level.cells}, got {len(drill.tiles)}")
    if any(tile > t.COVERED for tile in drill.tiles):
        raise BadDrill("a drill's tiles are open numbers and covered cells only")
    if drill.kind != GAME and drill.kind not in KINDS:
        raise BadDrill(f"unknown kind of drill {excerpt(drill.kind)}")
    covered = [c for c, tile in enumerate(drill.tiles) if tile == t.COVERED]
    if not covered:
        raise BadDrill("a drill needs a covered cell")
    if any(c >= level.cells or drill.tiles[c] != t.COVERED for c in drill.options):
        raise BadDrill("a drill's options must be covered cells")
    if drill.task.offers != bool(drill.options) or len(set(drill.options)) != len(drill.options):
        raise BadDrill('only a "Which of these…?" task offers cells, each once')
    if drill.best is not None and (
        drill.task is not Task.SAFEST or drill.best >= level.cells
        or drill.tiles[drill.best] != t.COVERED
    ):  # fmt: skip
        raise BadDrill("only a safest-cell drill names the solver's choice, a covered cell")
    if drill.played is not None:
        p = drill.played
        if p.verdict not in VERDICTS or not 0.0 <= p.risk <= 1.0:
            raise BadDrill(f"a drill's move must be one of {', '.join(VERDICTS)}, with a risk")
        if not (0 <= p.move.row < level.rows and 0 <= p.move.col < level.cols):
            raise BadDrill(f"a drill's move {p.move} is off its board")
    if _SOURCE.fullmatch(drill.source) is None:
        raise BadDrill(f"a drill's origin must be short plain words, got {excerpt(drill.source)}")


def _chars(tiles: bytes) -> str:
    return "".join(t.char(tile) for tile in tiles)


def _tiles(text: str, level: Level) -> bytes:
    if len(text) != level.cells:
        size = f"{level.cols}x{level.rows}"
        raise BadDrill(
            f"a drill's tiles must be {level.cells} characters ({size}), got {len(text)}"
        )
    if not set(text) <= set(".12345678#"):
        raise BadDrill("a drill's tiles are . 1-8 and # only")
    return bytes(t.from_char(c) for c in text)


def _task(text: str) -> Task:
    try:
        return Task(text)
    except ValueError:
        raise BadDrill(
            f"a drill's task must be safe, safest or mine, got {excerpt(text)}"
        ) from None


def _cell(text: str, level: Level) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 7 or int(text) >= level.cells:
        raise BadDrill(f"a drill's cell must be from 0 to {level.cells - 1}, got {excerpt(text)}")
    return int(text)


def _mistake(text: str) -> Mistake:
    parts = text.split(":")
    if len(parts) != 4 or parts[3] not in ("lost", "survived"):
        raise BadDrill(
            f"a drill's move must read MOVE:VERDICT:RISK:lost|survived, got {excerpt(text)}"
        )
    move_text, verdict, risk, ending = parts
    try:
        move = Move.parse(move_text)
    except InvalidMoveError as error:
        raise BadDrill(f"a drill's {error}") from None
    if not risk.isascii() or not risk.isdigit() or len(risk) > 5 or int(risk) > 10_000:
        raise BadDrill(f"a drill's risk must be from 0 to 10000, got {excerpt(risk)}")
    return Mistake(move, verdict, int(risk) / 10_000, ending == "lost")


def daily_kind_seed(day: date) -> tuple[str, int]:
    """The day's drill, the same for everyone: its kind and seed come from the date.

    >>> from datetime import date
    >>> daily_kind_seed(date(2026, 11, 26)) == daily_kind_seed(date(2026, 11, 26))
    True
    """
    digest = hashlib.sha256(f"minesweeper daily drill {day.isoformat()}".encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    return KINDS[number % len(KINDS)], number // len(KINDS) % 1_000_000_000


LETTERS = "abcdefgh"
"""The letters the cells offered go by, on the page and in the terminal."""


def task_words(drill: Drill) -> str:
    """The task, with the cells offered named (by :data:`LETTERS`), and the board's mine
    total, as both front ends say it: the answer is checked with that total (a count drill
    is proven by it alone), so the player is told it.

    >>> drill = Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.MINE, (0, 1))
    >>> task_words(drill)
    'Which of these is a mine? a: row 1, column 1; b: row 1, column 2. The board holds 2 \
mines in all.'
    >>> task_words(Drill(Level(2, 3, 1), bytes([1, 9, 9, 1, 9, 9]), Task.SAFE))
    'Find a safe cell. The board holds 1 mine in all.'
    """
    mines = drill.level.mines
    total = f"The board holds {mines} mine{'s' * (mines != 1)} in all."
    if not drill.options:
        return f"{drill.task.words} {total}"
    named = "; ".join(
        f"{letter}: {spot_name(drill.level.grid.row_col(cell))}"
        for letter, cell in zip(LETTERS, drill.options, strict=False)
    )
    return f"{drill.task.words} {named}. {total}"
