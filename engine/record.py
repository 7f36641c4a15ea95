"""A whole game as text: its parameters, its seed and its events with their times.

The text is one line of ``;``-separated fields, safe to paste or put in a URL::

    ms1;30x16/99;seed=42;marks=1;noguess=0;O7,14@0;F6,13@1830;Q0@2000;C7,14@2410

After the header come the events, each with the milliseconds since the record began: a
:class:`Move`, or question marks switched on or off mid-game (:class:`MarksChange`,
``Q1`` or ``Q0``). Replaying the events on a new game with the same parameters reproduces
the state exactly.

>>> record = Record(level=Level.parse("beginner"), seed=42)
>>> record = record.add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 1500).set_marks(False, 1700)
>>> text = record.to_text()
>>> text
'ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500;Q0@1700'
>>> Record.parse(text) == record
True
>>> Record.parse(text.replace("O4,4", "O4,40"))
Traceback (most recent call last):
...
engine.errors.InvalidRecordError: move 1 "O4,40" is off the 9x9 board
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import InvalidLevelError, InvalidMoveError, InvalidRecordError, InvalidSeedError
from engine.game import Game, apply, new_game, with_question_marks
from engine.level import Level
from engine.moves import Move
from engine.numbers import excerpt, parse_whole
from engine.rng import parse_seed

MAGIC = "ms1"

MAX_MS = 10**12 - 1
"""Event times go up to about 31 years: beyond any game, and few digits to read."""


@dataclass(frozen=True, slots=True)
class MarksChange:
    """Question marks switched on (text ``Q1``) or off (``Q0``) during a game.

    >>> MarksChange.parse("Q0"), str(MarksChange(on=True))
    (MarksChange(on=False), 'Q1')
    """

    on: bool

    def __str__(self) -> str:
        return "Q1" if self.on else "Q0"

    @classmethod
    def parse(cls, text: str) -> MarksChange:
        key = text.strip()
        if key not in ("Q0", "Q1"):
            raise InvalidRecordError(
                f"bad question-mark switch {excerpt(text)}: expected Q1 (on) or Q0 (off)"
            )
        return cls(on=key == "Q1")


Event = Move | MarksChange
"""What a record holds: the player's moves and their switches of options."""


@dataclass(frozen=True, slots=True)
class TimedMove:
    """An event of the record (a move or a switch of question marks) and its time."""

    move: Event
    ms: int
    """Milliseconds since the record began."""


@dataclass(frozen=True, slots=True)
class Record:
    level: Level
    seed: int
    question_marks: bool = True
    """Whether question marks are on at the start; :class:`MarksChange` events switch them."""
    no_guess: bool = False
    moves: tuple[TimedMove, ...] = field(default=())
    """Every event in order of time, moves and :class:`MarksChange` alike."""

    @classmethod
    def of(cls, game: Game) -> Record:
        """An empty record for a game that has not been played yet."""
        return cls(game.level, game.seed, game.question_marks, game.no_guess)

    def add(self, move: Move, ms: int) -> Record:
        """The record with ``move`` made ``ms`` milliseconds after the record began."""
        return self._then(move, ms)

    def set_marks(self, on: bool, ms: int) -> Record:
        """The record with question marks switched on or off at ``ms``."""
        return self._then(MarksChange(on), ms)

    def _then(self, event: Event, ms: int) -> Record:
        last = self.moves[-1].ms if self.moves else 0
        if ms > MAX_MS:
            raise InvalidRecordError(f"move times go up to {MAX_MS} ms, got {ms} ms")
        if ms < last:  # last is 0 before the first event
            raise InvalidRecordError(f"move times must not go backwards: {ms} ms after {last} ms")
        return Record(
            self.level,
            self.seed,
            self.question_marks,
            self.no_guess,
            (*self.moves, TimedMove(event, ms)),
        )

    def new_game(self) -> Game:
        return new_game(
            self.level, self.seed, question_marks=self.question_marks, no_guess=self.no_guess
        )

    def replay(self) -> Game:
        """The game after every event of the record."""
        game = self.new_game()
        for timed in self.moves:
            event = timed.move
            if isinstance(event, MarksChange):
                game = with_question_marks(game, event.on)
            else:
                game = apply(game, event).game
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
        """The record ``text`` describes; :class:`InvalidRecordError` naming what is wrong.

        Each move must be on the board and times must not go backwards. Parsing takes
        time in proportion to the length of the text.
        """
        fields = text.strip().split(";")
        if len(fields) < 5 or fields[0] != MAGIC:
            raise InvalidRecordError(
                "not a game record: it must start with "
                f"'{MAGIC};LEVEL;seed=N;marks=0|1;noguess=0|1'"
            )
        try:
            level = Level.parse(fields[1])
            seed = parse_seed(_option(fields[2], "seed"))
        except (InvalidLevelError, InvalidSeedError) as error:
            raise InvalidRecordError(f"bad game record: {error}") from None
        marks = _flag(fields[3], "marks")
        no_guess = _flag(fields[4], "noguess")
        # One list, one tuple at the end: adding event by event would copy the tuple each time.
        events: list[TimedMove] = []
        last = 0
        for number, item in enumerate(fields[5:], start=1):
            event_text, at, ms_text = item.partition("@")
            if not at:
                raise InvalidRecordError(
                    f"move {number} {excerpt(item)} needs a time, such as O3,4@1500"
                )
            event = _event(event_text, number)
            if isinstance(event, Move) and not (
                event.row < level.rows and event.col < level.cols  # Move.parse reads no sign
            ):
                raise InvalidRecordError(
                    f"move {number} {excerpt(event_text)} is off the {level.cols}x{level.rows} "
                    "board"
                )
            ms = parse_whole(
                ms_text, f"the time of move {number}", 0, MAX_MS, InvalidRecordError, context="ms"
            )
            if ms < last:
                raise InvalidRecordError(
                    f"move {number} {excerpt(item)} goes backwards in time: {ms} ms after {last} ms"
                )
            last = ms
            events.append(TimedMove(event, ms))
        return cls(level, seed, marks, no_guess, tuple(events))


def _event(text: str, number: int) -> Event:
    try:
        return MarksChange.parse(text) if text.startswith("Q") else Move.parse(text)
    except (InvalidMoveError, InvalidRecordError):
        raise InvalidRecordError(
            f"move {number} {excerpt(text)} is not a move: expected O, F or C then row,col, "
            "such as O3,4, or Q1 or Q0 to switch question marks on or off"
        ) from None


def _option(field_text: str, name: str) -> str:
    key, eq, value = field_text.partition("=")
    if key != name or not eq:
        raise InvalidRecordError(
            f"expected {name}=... in the game record, got {excerpt(field_text)}"
        )
    return value


def _flag(field_text: str, name: str) -> bool:
    value = _option(field_text, name)
    if value not in ("0", "1"):
        raise InvalidRecordError(f"{name} must be 0 or 1, got {excerpt(value)}")
    return value == "1"
