"""What the player types, parsed into commands.

Moves take a row and a column counted from 1, as the board labels them and as every cell
a player reads is named (:func:`engine.grid.spot_name`), written as ``o 3 4``,
``open 3,4`` or ``O3,4``, in any case. A record's moves (``O2,3``) count from 0, as the
engine does; typed moves never do, so that a player meets one count only.

It is long because it is the whole typed language: one small class a command, side by side.
A command without arguments is one of the commands every front end shares
(:class:`play.game_ui.Command`), named by the words of :data:`WORDS` (the page names them by
keys, :data:`web.page.BINDINGS`); the answers after a game are :data:`ANSWERS`.

>>> parse_command("o 3 4"), parse_command("F2,14"), parse_command("chord 1, 1")
(Play(move=Move(kind=<Action.REVEAL: 'O'>, row=2, col=3)), \
Play(move=Move(kind=<Action.MARK: 'F'>, row=1, col=13)), \
Play(move=Move(kind=<Action.CHORD: 'C'>, row=0, col=0)))
>>> parse_command(" Q "), parse_command("")
(<Command.QUIT: 'quit'>, <Command.SHOW_BOARD: 'show-board'>)
>>> parse_command("replay 3"), parse_command("Export ~/My Games.json")
(ShowReplay(number=3, view=None), Export(path='~/My Games.json'))
>>> parse_command("review"), parse_command("review 2"), parse_command("review 'a b.evf'")
(ReviewGame(number=1, text=None, path=None), ReviewGame(number=2, text=None, path=None), \
ReviewGame(number=1, text=None, path='a b.evf'))
>>> parse_command("reset expert"), parse_command("reset")
(Reset(level=Level(rows=16, cols=30, mines=99)), Reset(level=None))
>>> parse_command("o 3")
Traceback (most recent call last):
...
terminal.commands.CommandError: 'o' needs a row and a column, such as 'o 3 4' (got 1 number).
>>> parse_command("o 1 " + "9" * 5000)
Traceback (most recent call last):
...
terminal.commands.CommandError: column must be from 1 to 1000000, \
got 9999999999999999999… (5000 digits)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine import Action, InvalidLevelError, Level, Move, count, excerpt, parse_whole
from play.game_ui import Command
from play.keeping import BadListView, ListView


class CommandError(ValueError):
    """Input that is not a command; its message tells the player what to type instead."""


@dataclass(frozen=True, slots=True)
class Play:
    """A move to apply to the game."""

    move: Move


@dataclass(frozen=True, slots=True)
class ShowReplay:
    """Play back kept game ``number`` of the list last shown; None lists the kept games, as
    ``view`` sorts and filters them (None: as the list was last shown)."""

    number: int | None
    view: ListView | None = None


@dataclass(frozen=True, slots=True)
class WatchRecord:
    """Play back a record pasted as text (``replay ms1;9x9/10;...``), someone else's game."""

    text: str


@dataclass(frozen=True, slots=True)
class ReviewGame:
    """Review a game move by move (:mod:`terminal.review`): kept game ``number`` (1, the
    latest, by default), a record pasted as ``text``, or the file at ``path``."""

    number: int = 1
    text: str | None = None
    path: str | None = None


@dataclass(frozen=True, slots=True)
class Export:
    """Write everything kept to a JSON file."""

    path: str


@dataclass(frozen=True, slots=True)
class Import:
    """Merge an exported JSON file into what is kept."""

    path: str


@dataclass(frozen=True, slots=True)
class Reset:
    """Forget the statistics of one level (every kind of game), or of all when None."""

    level: Level | None


@dataclass(frozen=True, slots=True)
class Analyse:
    """Analyse a position (:mod:`terminal.analyse`): pasted after the command when ``path``
    is None, else read from the file at ``path``."""

    path: str | None = None


@dataclass(frozen=True, slots=True)
class SaveEvf:
    """Write kept game ``number`` (None: the latest) as an EVF video to ``path``."""

    number: int | None
    path: str


@dataclass(frozen=True, slots=True)
class StartPractice:
    """The practice command (:mod:`terminal.practice`): a sitting of ten when ``name`` is empty,
    ``daily`` for the day's drill, else one drill of the bank (``1-2-1-42``)."""

    name: str = ""


TypedCommand = (
    Play
    | Command
    | ShowReplay
    | WatchRecord
    | ReviewGame
    | Export
    | Import
    | Reset
    | Analyse
    | SaveEvf
    | StartPractice
)
"""A line the player typed, parsed: a move, a shared command named by a word (:data:`WORDS`),
or one class of the typed language, with its arguments."""

_ACTIONS: dict[str, Action] = {
    "o": Action.REVEAL,
    "open": Action.REVEAL,
    "reveal": Action.REVEAL,
    "f": Action.MARK,
    "flag": Action.MARK,
    "mark": Action.MARK,
    "c": Action.CHORD,
    "chord": Action.CHORD,
}

WORDS: Mapping[str, Command] = {
    "h": Command.HELP,
    "help": Command.HELP,
    "?": Command.HELP,
    "n": Command.NEW_GAME,
    "new": Command.NEW_GAME,
    "q": Command.QUIT,
    "quit": Command.QUIT,
    "exit": Command.QUIT,
    "stats": Command.STATS,
    "statistics": Command.STATS,
    "daily": Command.DAILY,
    "hint": Command.HINT,
}
"""The terminal's words for the shared commands it takes without arguments, in any case (an
empty line is :attr:`~play.game_ui.Command.SHOW_BOARD`)."""
ANSWERS: Mapping[str, Command] = {
    "y": Command.NEW_GAME,
    "yes": Command.NEW_GAME,
    "n": Command.QUIT,
    "no": Command.QUIT,
    "q": Command.QUIT,
    "quit": Command.QUIT,
    "retry": Command.RETRY,
    "undo": Command.UNDO,
}
"""The answers to "Play again?" after a game, in any case (``retry`` and ``undo`` after a
loss); any other line is read as a command (:func:`parse_command`)."""

MOST_GAMES = 10**6
"""Game numbers beyond this are refused before int() sees them (100-odd are kept)."""

# A word, then everything after it: "o3,4" splits into "o" and "3,4" like "o 3 4" does.
# The rest keeps its case: it may be a file name.
_VERB = re.compile(r"([a-z]+(?:-[a-z]+)?|\?)\s*(.*)", re.IGNORECASE | re.DOTALL)
# [0-9], not \d, which also matches other scripts' digits. A minus is read so that the
# engine, whose message names the board's size, explains that -1 is off the board.
_NUMBER = re.compile(r"-?[0-9]+")

FARTHEST = 10**6
"""Rows and columns beyond this (boards have at most 1000) are refused before int() sees
them; nearer ones off the board are left to the engine."""


def parse_command(text: str) -> TypedCommand:
    """The command ``text`` stands for; :class:`CommandError` when it is none."""
    stripped = text.strip()
    if not stripped:
        return Command.SHOW_BOARD
    match = _VERB.fullmatch(stripped)
    if match is None:
        first = stripped.split()[0]
        if _NUMBER.match(first):
            raise CommandError(
                "a move starts with o (reveal), f (flag) or c (chord), such as 'o 3 4'."
            )
        raise CommandError(f"unknown command {excerpt(first)}: type h for help.")
    verb, rest = match.group(1).lower(), match.group(2)
    if verb in WORDS:
        if rest:
            raise CommandError(f"'{verb}' takes nothing after it.")
        return WORDS[verb]
    if verb in _KEEPING:
        return _KEEPING[verb](verb, rest)
    if verb not in _ACTIONS:
        raise CommandError(f"unknown command {excerpt(verb)}: type h for help.")
    return Play(_move(verb, _ACTIONS[verb], rest))


def _replay(verb: str, rest: str) -> ShowReplay | WatchRecord:
    if not rest:
        return ShowReplay(None)
    if ";" in rest:  # a record's fields: checked when it is played back, with its own words
        return WatchRecord(rest.strip())
    if "=" in rest:  # the list sorted or filtered: replay sort=rate level=expert mark=nf
        try:
            return ShowReplay(None, ListView.parse(rest))
        except BadListView as error:
            raise CommandError(str(error)) from None
    return ShowReplay(parse_whole(rest, "the game number", 1, MOST_GAMES, CommandError))


def _review(verb: str, rest: str) -> ReviewGame:
    rest = rest.strip()
    if not rest:
        return ReviewGame()
    if ";" in rest:  # a record: checked when it is reviewed
        return ReviewGame(text=rest)
    if _NUMBER.fullmatch(rest):
        return ReviewGame(parse_whole(rest, "the game number", 1, MOST_GAMES, CommandError))
    return ReviewGame(path=_file(verb, rest))


def _file(verb: str, rest: str) -> str:
    path = rest.strip()
    if len(path) >= 2 and path[0] == path[-1] and path[0] in "\"'":
        path = path[1:-1]  # a name pasted with its quotes
    if not path:
        raise CommandError(f"'{verb}' needs a file name, such as '{verb} minesweeper.json'.")
    return path


def _save_evf(verb: str, rest: str) -> SaveEvf:
    """``save-evf FILE`` (the latest game) or ``save-evf N FILE`` (kept game N)."""
    number_text, _, name = rest.strip().partition(" ")
    if _NUMBER.fullmatch(number_text) and name.strip():
        number = parse_whole(number_text, "the game number", 1, MOST_GAMES, CommandError)
        return SaveEvf(number, _file(verb, name))
    return SaveEvf(None, _file(verb, rest))


def _reset(verb: str, rest: str) -> Reset:
    if not rest:
        return Reset(None)
    try:
        return Reset(Level.parse(rest.strip().lower()))
    except InvalidLevelError as error:
        raise CommandError(f"{error}; type 'reset' alone to reset every level.") from None


_KEEPING: dict[str, Callable[[str, str], TypedCommand]] = {
    "replay": _replay,
    "replays": _replay,
    "review": _review,
    "export": lambda verb, rest: Export(_file(verb, rest)),
    "import": lambda verb, rest: Import(_file(verb, rest)),
    "reset": _reset,
    "practice": lambda verb, rest: StartPractice(rest.strip().lower()),
    "practise": lambda verb, rest: StartPractice(rest.strip().lower()),
    "save-evf": _save_evf,
    "analyse": lambda verb, rest: Analyse(_file(verb, rest) if rest.strip() else None),
    "analyze": lambda verb, rest: Analyse(_file(verb, rest) if rest.strip() else None),
}


def _move(verb: str, action: Action, rest: str) -> Move:
    numbers = [part for part in re.split(r"[\s,]+", rest) if part]
    if len(numbers) != 2:
        got = count(len(numbers), "number")
        raise CommandError(f"'{verb}' needs a row and a column, such as '{verb} 3 4' (got {got}).")
    row, col = _coordinate(verb, numbers[0], "row"), _coordinate(verb, numbers[1], "column")
    # Counted from 1 as typed; the engine's from 0. Cells off the board are left to the
    # engine, whose message names the cell as typed and the board's size.
    return Move(action, row - 1, col - 1)


def _coordinate(verb: str, text: str, name: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise CommandError(
            f"{excerpt(text)} is not a row or column number: "
            f"use whole numbers, such as '{verb} 3 4'."
        )
    try:
        magnitude = parse_whole(text.removeprefix("-"), name, 1, FARTHEST, CommandError)
    except CommandError:
        # 0, or far off every board. Read again as typed, so that the message shows the
        # sign too.
        parse_whole(text, name, 1, FARTHEST, CommandError)
        raise
    return -magnitude if text.startswith("-") else magnitude


def help_text(question_marks: bool = True) -> str:
    """The list of commands, matching whether flags cycle through question marks."""
    if question_marks:
        mark = "flag it; again for a question mark, again to clear"
        reveal = "reveal the cell at row R, column C, a ? one too (or o3,4)"
    else:
        mark = "flag it; again to clear"
        reveal = "reveal the cell at row R, column C (or o3,4)"
    return "\n".join(
        [
            "Commands (rows and columns count from 1, as the board labels them):",
            f"  o R C     {reveal}",
            f"  f R C     {mark} (or f3,4)",
            "  c R C     chord: reveal around an open number whose mines are all flagged (or c3,4)",
            "  hint      the solver's best next move, and why (the game then counts as assisted)",
            "  n, new    start a new game at this level",
            "  retry     after a loss: the same board again, its mines where they were",
            "  undo      after a loss: take back the losing click and play on",
            "            (a retried or undone game is never a best time)",
            "  daily     today's daily board at this level: the same for everyone (UTC date)",
            "  stats     statistics per level, and the best times of this level",
            "  replay    list the kept games; replay N plays game N of the list back move by",
            "            move, and replay followed by a pasted record (ms1;...) plays that game;",
            "            sort and filter the list: replay sort=rate level=expert result=won",
            "            mark=nf (sort: date, time, 3bv, rate, efficiency; mark: nf, noguess,",
            "            safe, none, assisted, retried, undone, race, known, daily, practice)",
            "  review    judge the latest game move by move with the solver; review N for",
            "            kept game N, review FILE for a replay file (RMV, AVF, EVF) or a",
            "            record file, and review followed by a pasted record (ms1;...)",
            "  analyse   any position's chances, proofs, 50/50s, dead cells and best move:",
            "            paste it (the mine total, then one line a row of . 1-8 # F *)",
            "            and end it with a blank line, or analyse FILE to read it",
            "  save-evf  save the latest game as an EVF video (Metasweeper's format): save-evf F",
            "            writes the file F, save-evf N F kept game N",
            "  practice  ten drills: your own mistakes when due, then the bank's patterns;",
            "            practice daily begins with the day's drill, practice 1-2-1-42 with",
            "            one drill (practice 1-2-1: a 1-2-1 drill at a seed of chance)",
            "  export F  write your statistics and games to the JSON file F",
            "  import F  merge an exported file F into yours (nothing is replaced)",
            "  reset     forget every level's statistics; reset LEVEL only one level's",
            "  h, help   show this help",
            "  q, quit   leave (an unfinished game is resumed next time)",
            "  An empty line draws the board again.",
        ]
    )
