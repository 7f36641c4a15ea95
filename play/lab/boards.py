"""Where a run's boards come from: a key drawn afresh for the run, or numbered seeds.

The engine deals a board from a seed with a public generator (``engine/rng.py``), so a bot
told the seeds, or that tries 0, 1, 2... against the numbers it sees, can deal the board
itself and win every game. A run's boards are therefore dealt from a **key**: 128 bits of
the platform's cryptographic random, never sent to the bot, each board's 64-bit seed
HMAC-SHA256 of the key and the board's number. The key is shown once the run is over, so
the same boards can be run again by choice (the page's "Run these boards again", the
terminal's ``--key``). Numbered boards (seeds ``first``, ``first + 1``...) stay, said to be
boards a bot can guess: the benchmarks and the samples' figures use them.

The bot's ``random`` module is seeded for each board from the key too (another HMAC, which
tells nothing of the board's seed), so a bot that guesses with ``random`` plays the same
games whenever the same boards are run.

>>> boards = Boards.parse("key:000102030405060708090a0b0c0d0e0f")
>>> boards.seed(0) == Boards.parse(str(boards)).seed(0)
True
>>> boards.said(3)
'boards 0-2 of key 000102030405060708090a0b0c0d0e0f'
>>> Boards.numbered(7).seed(2), Boards.numbered(7).said(3)
(9, 'seeds 7-9 (boards a bot can guess)')
>>> Boards.parse("key:xyz")
Traceback (most recent call last):
play.lab.boards.BoardsError: Key: 32 hex digits (0-9, a-f), please.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from engine.rng import SEED_LIMIT

KEY_BYTES = 16
NUMBERED = b"numbered boards"
"""The key of numbered boards' ``random`` seeds: public, as their boards are."""


class BoardsError(ValueError):
    """A key or a board's text that cannot be read: the message says what it takes."""


def _mac(key: bytes, what: str) -> bytes:
    return hmac.new(key, what.encode("ascii"), hashlib.sha256).digest()


@dataclass(frozen=True, slots=True)
class Boards:
    """A run's boards: ``key`` (bytes) deals them, or, without one, the seeds from
    ``first``."""

    key: bytes | None = None
    first: int = 0

    @classmethod
    def fresh(cls) -> Boards:
        """Boards from a new key, drawn from the platform's cryptographic random."""
        return cls(secrets.token_bytes(KEY_BYTES))

    @classmethod
    def numbered(cls, first: int) -> Boards:
        if not 0 <= first < SEED_LIMIT:
            raise BoardsError(f"First board: a whole number from 0 to {SEED_LIMIT - 1}, please.")
        return cls(None, first)

    @classmethod
    def of_key(cls, text: str) -> Boards:
        """The boards of a key as the player types it (32 hex digits)."""
        digits = text.strip().lower()
        if len(digits) != 2 * KEY_BYTES or any(c not in "0123456789abcdef" for c in digits):
            raise BoardsError(f"Key: {2 * KEY_BYTES} hex digits (0-9, a-f), please.")
        return cls(bytes.fromhex(digits))

    @classmethod
    def parse(cls, text: str) -> Boards:
        """``key:HEX`` or ``seeds:N``, as :meth:`__str__` writes them."""
        kind, _, rest = text.partition(":")
        if kind == "key":
            return cls.of_key(rest)
        if kind == "seeds" and rest.isdigit() and int(rest) < SEED_LIMIT:
            return cls.numbered(int(rest))
        raise BoardsError(f"{text!r} is neither key:HEX nor seeds:N")

    def __str__(self) -> str:
        return f"key:{self.key.hex()}" if self.key is not None else f"seeds:{self.first}"

    @property
    def guessable(self) -> bool:
        return self.key is None

    def seed(self, board: int) -> int:
        """The engine's seed of the run's board number ``board`` (0, 1, ...)."""
        if self.key is None:
            return self.first + board
        return int.from_bytes(_mac(self.key, f"board {board}")[:8], "big")

    def random_seed(self, board: int) -> str:
        """What the bot's ``random`` module is seeded with before the board: tells nothing of
        the board's seed, and is the same whenever the same boards are run."""
        if self.key is None:
            return _mac(NUMBERED, f"random {self.first + board}").hex()
        return _mac(self.key, f"random {board}").hex()

    def name(self, board: int) -> str:
        """The board in words, as a run's list of lost boards names it."""
        return f"seed {self.seed(board)}" if self.key is None else f"board {board}"

    def said(self, games: int, shown: bool = True) -> str:
        """The boards of a run of ``games`` in words; the key only when ``shown`` (once the
        run is over)."""
        if self.key is None:
            return f"seeds {self.first}-{self.first + games - 1} (boards a bot can guess)"
        if not shown:
            return f"boards 0-{games - 1} of a fresh key (shown at the end)"
        return f"boards 0-{games - 1} of key {self.key.hex()}"
