"""A whole game as text: its parameters, its seed and its moves with their times.

The text is one line of ``;``-separated fields, safe to paste or put in a URL::

    ms1;30x16/99;seed=42;marks=1;noguess=0;O7,14@0;F6,13@1830;C7,14@2410

Each move carries the milliseconds since the record began. Replaying the moves
on a new game with the same parameters reproduces the state exactly.

>>> record = Record(level=Level.parse("beginner"), seed=42)
>>> record = record.add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 1500)
>>> text = record.to_text()
>>> text
'ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500'
>>> Record.parse(text) == record
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import InvalidRecordError
from engine.game import Game, apply, new_game
from engine.level import Level
from engine.moves import Move
from engine.rng import check_seed

MAGIC = "ms1"


@dataclass(frozen=True, slots=True)
class TimedMove:
    move: Move
    ms: int


@dataclass(frozen=True, slots=True)
class Record:
    level: Level
    seed: int
    question_marks: bool = True
    no_guess: bool = False
    moves: tuple[TimedMove, ...] = field(default=())

    @classmethod
    def of(cls, game: Game) -> Record:
        """An empty record for a game that has not been played yet."""
        return cls(game.level, game.seed, game.question_marks, game.no_guess)

    def add(self, move: Move, ms: int) -> Record:
        """The record with ``move`` made ``ms`` milliseconds after the record began."""
        if ms < 0 or (self.moves and ms < self.moves[-1].ms):
            raise ValueError(
                f"move times must not go backwards: {ms} ms after "
                f"{self.moves[-1].ms if self.moves else 0} ms"
            )
        return Record(
            self.level,
            self.seed,
            self.question_marks,
            self.no_guess,
            (*self.moves, TimedMove(move, ms)),
        )

    def new_game(self) -> Game:
        return new_game(
            self.level, self.seed, question_marks=self.question_marks, no_guess=self.no_guess
        )

    def replay(self) -> Game:
        """The game after every move of the record."""
        game = self.new_game()
        for timed in self.moves:
            game = apply(game, timed.move).game
        return game

    def to_text(self) -> str:
        head = [
            MAGIC,
            str(self.level),
            f"seed={self.seed}",
            f"marks={int(self.question_marks)}",
            f"noguess={int(self.no_guess)}",
        ]
        return ";".join(head + [f"{m.move}@{m.ms}" for m in self.moves])

    @classmethod
    def parse(cls, text: str) -> Record:
        fields = text.strip().split(";")
        if len(fields) < 5 or fields[0] != MAGIC:
            raise InvalidRecordError(
                "not a game record: it must start with "
                f"'{MAGIC};LEVEL;seed=N;marks=0|1;noguess=0|1'"
            )
        try:
            level = Level.parse(fields[1])
            seed = check_seed(int(_option(fields[2], "seed")))
            marks = _flag(fields[3], "marks")
            no_guess = _flag(fields[4], "noguess")
            record = cls(level, seed, marks, no_guess)
            for item in fields[5:]:
                move, at, ms = item.partition("@")
                if not at or not ms.isdigit():
                    raise InvalidRecordError(f"move {item!r} needs a time, such as O3,4@1500")
                record = record.add(Move.parse(move), int(ms))
        except InvalidRecordError:
            raise
        except ValueError as error:
            raise InvalidRecordError(f"bad game record: {error}") from None
        return record


def _option(field_text: str, name: str) -> str:
    key, eq, value = field_text.partition("=")
    if key != name or not eq:
        raise InvalidRecordError(f"expected {name}=... in the game record, got {field_text!r}")
    return value


def _flag(field_text: str, name: str) -> bool:
    value = _option(field_text, name)
    if value not in ("0", "1"):
        raise InvalidRecordError(f"{name} must be 0 or 1, got {value!r}")
    return value == "1"
