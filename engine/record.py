"""A whole game as text: its parameters, its seed and its events with their times.

The text is one line of ``;``-separated fields, safe to paste or put in a URL::

    ms1;30x16/99;seed=42;marks=1;noguess=0;O7,14@0;F6,13@1830;Q0@2000;C7,14@2410

A board whose first-click rule is not the default (:mod:`engine.first_click`) says so in
one more header field, ``first=safe`` or ``first=none``, after ``noguess``; a record
without it (every record written before the rule existed) is played under ``opening``.

After the header come the events, each with the milliseconds since the record began: a
:class:`Move`, or question marks switched on or off mid-game (:class:`MarksChange`,
``Q1`` or ``Q0``). Replaying the events on a new game with the same parameters reproduces
the state exactly.

Two optional parts say a game was played again after a loss (retry, undo); a record without
them (every record written before) is neither:

- a **retry** deals a lost board again: ``retry=R,C`` after the header's ``noguess`` field
  names the first reveal that dealt it, so its mines are where they were whatever the
  retry's first click (:attr:`Record.retry_of`);
- an **undo** takes back the losing click: it stays in the line where it was made, marked
  ``U`` (``UO3,4@5120``), and the game goes on from the move before it
  (:attr:`Record.taken_back`), so a replay can show the loss and its undo.

The events and their times are :mod:`engine.moves`', the pointer's path and its text
:mod:`engine.pointer_path`'s; this module gives their names too.

>>> record = Record(level=Level.parse("beginner"), seed=42)
>>> record = record.add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 1500).set_marks(False, 1700)
>>> text = record.to_text()
>>> text
'ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500;Q0@1700'
>>> Record.parse(text) == record
True
>>> safe = Record.parse("ms1;9x9/10;seed=42;marks=1;noguess=0;first=safe;O4,4@0")
>>> str(safe.first_click), safe.to_text().split(";")[5], Record.parse(text).first_click.value
('safe', 'first=safe', 'opening')
>>> Record.parse(text.replace("O4,4", "O4,40"))
Traceback (most recent call last):
...
engine.errors.InvalidRecordError: move 1 "O4,40" is off the 9x9 board
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.errors import (
    InvalidFirstClickError,
    InvalidLevelError,
    InvalidMoveError,
    InvalidRecordError,
    InvalidSeedError,
)
from engine.first_click import FirstClick
from engine.game import Clicks, Game, apply, dealt, new_game, with_question_marks
from engine.level import Level
from engine.moves import MAX_MS, Action, Event, MarksChange, Move, Replayable, TakenBack, TimedMove
from engine.numbers import excerpt, parse_whole
from engine.pointer_path import (
    LEFT,
    MIDDLE,
    MOST_SAMPLES,
    PATH_CELL_PX,
    RIGHT,
    PointerSample,
    parse_path,
    path_text,
)
from engine.rng import parse_seed

__all__ = [  # the record's own names, and those of what it holds, where callers read them
    "FIRST_FIELD",
    "LEFT",
    "MAGIC",
    "MAX_MS",
    "MIDDLE",
    "MOST_SAMPLES",
    "PATH_CELL_PX",
    "PATH_FIELD",
    "RETRY",
    "RIGHT",
    "UNDONE",
    "Event",
    "MarksChange",
    "PointerSample",
    "Record",
    "Replayable",
    "TakenBack",
    "TimedMove",
    "parse_path",
    "path_text",
]

MAGIC = "ms1"

FIRST_FIELD = "first="
"""How the first-click rule's field begins, when the rule is not the default."""

PATH_FIELD = "P="
"""How the pointer's path begins in a record's text: the last field, and optional."""
UNDONE = "U"
"""How a taken-back move begins in a record's text: ``UO3,4@5120``."""
RETRY = "retry="


@dataclass(frozen=True, slots=True)
class Record:
    level: Level
    seed: int
    question_marks: bool = True
    """Whether question marks are on at the start; :class:`MarksChange` events switch them."""
    no_guess: bool = False
    moves: tuple[TimedMove, ...] = field(default=())
    """Every event in order of time, moves and :class:`MarksChange` alike."""
    path: tuple[PointerSample, ...] = field(default=())
    """The pointer's moves over the board, on the same clock as the moves (empty: not
    recorded, as in the terminal, on a touch screen, or in a record written before it)."""
    retry_of: tuple[int, int] | None = None
    """A retry: the board is the one a first reveal at this (row, column) dealt from the
    same seed, dealt before any move (None: the first reveal played deals it)."""
    taken_back: tuple[TakenBack, ...] = field(default=())
    """Losing clicks taken back (undos), in order of time; not in :attr:`moves`."""

    @property
    def retried(self) -> bool:
        return self.retry_of is not None

    @property
    def undone(self) -> bool:
        return bool(self.taken_back)

    @property
    def taken_back_clicks(self) -> Clicks:
        """The clicks taken back, by button, none of them effective: a click the player
        made, so counted (as ms-toollib counts every click), but one whose every change
        the undo took away, which did the game no good (a wasted click, as one on an open
        cell: ms-toollib's ``cl`` without ``ce``). An undo never makes a game's efficiency
        look better than playing on would.

        >>> lost = Record.parse("ms1;9x9/10;seed=1;marks=1;noguess=0;O4,4@0;UC0,0@90;UO1,1@99")
        >>> lost.taken_back_clicks
        Clicks(left=1, right=0, chord=1, effective=0)
        """
        kinds = [back.move.kind for back in self.taken_back]
        return Clicks(
            left=kinds.count(Action.REVEAL),
            right=kinds.count(Action.MARK),
            chord=kinds.count(Action.CHORD),
        )

    def take_back(self) -> Record:
        """The record without its last move, kept as taken back (an undo of a losing
        click); ValueError when its last event is no move."""
        last = self.moves[-1] if self.moves else None
        if last is None or not isinstance(last.move, Move):
            raise ValueError("only a move can be taken back")
        undone = TakenBack(last.move, last.ms, len(self.moves) - 1)
        return replace(self, moves=self.moves[:-1], taken_back=(*self.taken_back, undone))

    def first_reveal(self) -> tuple[int, int] | None:
        """The cell whose reveal dealt the board: :attr:`retry_of` for a retry, else the
        first reveal played, taken back or not (None before it)."""
        if self.retry_of is not None:
            return self.retry_of
        for timed, _ in self.every_event():
            event = timed.move
            if isinstance(event, Move) and event.kind is Action.REVEAL:
                return (event.row, event.col)
        return None

    def every_event(self) -> list[tuple[TimedMove, bool]]:
        """Every event in order of time, each with whether it was taken back."""
        undone = sorted(self.taken_back, key=lambda b: b.at)  # in order of time already
        merged: list[tuple[TimedMove, bool]] = []
        next_undone = 0
        for at, timed in enumerate((*self.moves, None)):
            while next_undone < len(undone) and undone[next_undone].at == at:
                back = undone[next_undone]
                merged.append((TimedMove(back.move, back.ms), True))
                next_undone += 1
            if timed is not None:
                merged.append((timed, False))
        return merged

    first_click: FirstClick = FirstClick.OPENING
    """The board's first-click rule (``first=`` in the text; absent: opening)."""

    def with_path(self, path: tuple[PointerSample, ...]) -> Record:
        """The record with the pointer's path ``path``."""
        return replace(self, path=path)

    @classmethod
    def of(cls, game: Game) -> Record:
        """An empty record for a game that has not been played yet."""
        return cls(
            game.level,
            game.seed,
            game.question_marks,
            game.no_guess,
            first_click=game.first_click,
        )

    def add(self, move: Move, ms: int) -> Record:
        """The record with ``move`` made ``ms`` milliseconds after the record began."""
        return self._then(move, ms)

    def set_marks(self, on: bool, ms: int) -> Record:
        """The record with question marks switched on or off at ``ms``."""
        return self._then(MarksChange(on), ms)

    def _then(self, event: Event, ms: int) -> Record:
        last = max(self.moves[-1].ms if self.moves else 0, self.last_undo_ms)
        if ms > MAX_MS:
            raise InvalidRecordError(f"move times go up to {MAX_MS} ms, got {ms} ms")
        if ms < last:  # last is 0 before the first event
            raise InvalidRecordError(f"move times must not go backwards: {ms} ms after {last} ms")
        return replace(self, moves=(*self.moves, TimedMove(event, ms)))

    @property
    def last_undo_ms(self) -> int:
        """The time of the last move taken back (0 without one): later moves come after."""
        return self.taken_back[-1].ms if self.taken_back else 0

    def new_game(self) -> Game:
        game = new_game(
            self.level,
            self.seed,
            question_marks=self.question_marks,
            no_guess=self.no_guess,
            first_click=self.first_click,
        )
        if self.retry_of is not None:
            return dealt(game, game.grid.index(*self.retry_of))
        return game

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
        if self.first_click is not FirstClick.OPENING:
            head.append(f"{FIRST_FIELD}{self.first_click}")
        if self.retry_of is not None:
            head.append(f"{RETRY}{self.retry_of[0]},{self.retry_of[1]}")
        events = [
            f"{UNDONE if undone else ''}{timed.move}@{timed.ms}"
            for timed, undone in self.every_event()
        ]
        path = [PATH_FIELD + path_text(self.path)] if self.path else []
        return ";".join(head + events + path)

    @staticmethod
    def no_guess_of(text: str) -> bool:
        """Whether the record ``text``'s board is no-guess, from its header alone (a list of
        kept games reads no moves); False for a text that is no record.

        >>> Record.no_guess_of("ms1;9x9/10;seed=4;marks=1;noguess=1;O4,4@0")
        True
        """
        fields = text.split(";", 5)
        return len(fields) >= 5 and fields[0] == MAGIC and fields[4] == "noguess=1"

    @classmethod
    def parse(cls, text: str) -> Record:
        """The record ``text`` describes; :class:`InvalidRecordError` naming what is wrong.

        Each move must be on the board and times must not go backwards. Parsing takes
        time in proportion to the length of the text. The pointer's path, if there is one,
        is the last field (``P=...``); a record without one reads as before.
        """
        fields = text.strip().split(";")
        path: tuple[PointerSample, ...] = ()
        if len(fields) > 5 and fields[-1].startswith(PATH_FIELD):
            path = parse_path(fields.pop()[len(PATH_FIELD) :])
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
        first_click = FirstClick.OPENING
        events_from = 5
        if len(fields) > 5 and fields[5].startswith(FIRST_FIELD):
            try:
                first_click = FirstClick.parse(fields[5][len(FIRST_FIELD) :])
            except InvalidFirstClickError as error:
                raise InvalidRecordError(f"bad game record: {error}") from None
            events_from = 6
        retry_of = None
        if len(fields) > events_from and fields[events_from].startswith(RETRY):
            retry_of = _retry_cell(fields.pop(events_from)[len(RETRY) :], level)
        # One list, one tuple at the end: adding event by event would copy the tuple each time.
        events: list[TimedMove] = []
        taken_back: list[TakenBack] = []
        last = 0
        for number, item in enumerate(fields[events_from:], start=1):
            undone = item.startswith(UNDONE)
            if undone:
                item = item[len(UNDONE) :]
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
            if not undone:
                events.append(TimedMove(event, ms))
            elif isinstance(event, Move):
                taken_back.append(TakenBack(event, ms, len(events)))
            else:
                raise InvalidRecordError(f"move {number}: only a move can be taken back")
        return cls(
            level,
            seed,
            marks,
            no_guess,
            tuple(events),
            path,
            retry_of,
            tuple(taken_back),
            first_click,
        )


def _retry_cell(text: str, level: Level) -> tuple[int, int]:
    """The cell of ``retry=R,C``, on the board."""
    try:
        move = Move.parse(f"O{text}")
    except InvalidMoveError:
        move = None
    if move is None or not (move.row < level.rows and move.col < level.cols):
        raise InvalidRecordError(
            f"a retry names the first reveal of the board, such as retry=3,4: got {excerpt(text)}"
        )
    return (move.row, move.col)


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
