"""A run's settings as a player types them in the lab, read and refused in words.

>>> settings = LabSettings.parse({"level": "expert", "first": "safe", "games": "50",
...                               "boards": "numbered", "seed": "7", "limit": "0.5"})
>>> settings
LabSettings(level=Level(rows=16, cols=30, mines=99), first_click=<FirstClick.SAFE: 'safe'>, \
games=50, seed_from=7, limit_s=0.5, numbered=True, key=None)
>>> str(settings.boards())
'seeds:7'
>>> LabSettings.parse({}).boards() != LabSettings.parse({}).boards()  # a fresh key each run
True
>>> LabSettings.parse({"games": "20000"})
Traceback (most recent call last):
play.lab.settings.LabSettingsError: Games: a whole number from 1 to 10000, please.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine import EXPERT, FirstClick, InvalidFirstClickError, InvalidLevelError, Level
from play.lab.boards import Boards, BoardsError

MAX_GAMES = 10_000
MAX_SEED = 2**32 - 1
LIMITS_S = (0.05, 60.0)
"""The time a move may take, at least and at most, in seconds."""


class LabSettingsError(ValueError):
    """A setting the lab cannot run with: the message names the field and what it takes."""


def _whole(
    fields: Mapping[str, str], key: str, name: str, low: int, high: int, default: int
) -> int:
    text = fields.get(key, "").strip()
    if not text:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        raise LabSettingsError(f"{name}: a whole number from {low} to {high}, please.")
    return int(text)


@dataclass(frozen=True)
class LabSettings:
    level: Level = EXPERT
    first_click: FirstClick = FirstClick.OPENING
    games: int = 100
    seed_from: int = 0
    limit_s: float = 1.0
    numbered: bool = False
    """Numbered boards (seeds from :attr:`seed_from`), which a bot can guess; else boards
    dealt from a key."""
    key: str | None = None
    """The key typed (to run the same boards again); None: a fresh one for each run."""

    def boards(self) -> Boards:
        """The boards of a run with these settings: a fresh key each call unless one was
        typed, or numbered boards."""
        if self.numbered:
            return Boards.numbered(self.seed_from)
        return Boards.of_key(self.key) if self.key else Boards.fresh()

    @classmethod
    def parse(cls, fields: Mapping[str, str]) -> LabSettings:
        """The settings from the lab's fields (``level``, ``first``, ``games``, ``boards``
        (``fresh`` or ``numbered``), ``key``, ``seed``, ``limit``); an empty field is its
        default."""
        try:
            level = Level.parse(fields.get("level") or "expert")
            first = FirstClick.parse(fields.get("first") or "opening")
        except (InvalidLevelError, InvalidFirstClickError) as error:
            raise LabSettingsError(str(error)) from None
        games = _whole(fields, "games", "Games", 1, MAX_GAMES, cls.games)
        seed = _whole(fields, "seed", "First board", 0, MAX_SEED, cls.seed_from)
        limit_text = fields.get("limit", "").strip()
        try:
            limit = float(limit_text) if limit_text else cls.limit_s
        except ValueError:
            limit = -1.0
        low, high = LIMITS_S
        if not low <= limit <= high:  # NaN fails this too
            raise LabSettingsError(f"Time a move: {low:g} to {high:g} seconds, please.")
        numbered = fields.get("boards", "fresh") == "numbered"
        key = fields.get("key", "").strip().lower() or None
        if key is not None and not numbered:
            try:
                Boards.of_key(key)
            except BoardsError as error:
                raise LabSettingsError(str(error)) from None
        return cls(level, first, games, seed, limit, numbered, None if numbered else key)
