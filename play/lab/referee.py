"""One game of a bot, refereed: the bot is shown the board as a player sees it and answers
moves; the referee alone holds the layout, plays each move through the engine, and ends the
game with its reason when a move is not legal, changes nothing, or the bot fails.

This module runs the bot in the caller's interpreter: isolating it (a child process in the
terminal, a Web Worker in the page) and timing each move out are the front ends' work.

>>> from engine import BEGINNER
>>> def opener(view):
...     return "O4,4"
>>> end = referee_game(opener, BEGINNER, seed=3)
>>> end.won, end.reason, end.moves
(False, 'that cell is already open (row 5, column 5)', 2)
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import (
    Action,
    FirstClick,
    InvalidMoveError,
    Level,
    Move,
    Status,
    apply,
    new_game,
    spot_name,
)
from engine import tiles as t
from engine.game import waste

Cell = int | str
"""What a bot sees of a cell: its number (0-8) if open, else ``"covered"``, ``"flagged"`` or
``"questioned"``; after the game, ``"mine"`` and the rest never reach a bot."""


@dataclass(frozen=True, slots=True)
class View:
    """The board as the player sees it: all a bot is given."""

    rows: int
    cols: int
    mines: int
    cells: tuple[tuple[Cell, ...], ...]

    def at(self, row: int, col: int) -> Cell:
        return self.cells[row][col]

    def to_json(self) -> str:
        """The view as JSON, the way it crosses to a worker.

        >>> View.from_json(View(1, 2, 1, ((1, "covered"),)).to_json())
        View(rows=1, cols=2, mines=1, cells=((1, 'covered'),))
        """
        return json.dumps([self.rows, self.cols, self.mines, self.cells], separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> View:
        rows, cols, mines, cells = json.loads(text)
        return cls(rows, cols, mines, tuple(tuple(row) for row in cells))


Bot = Callable[[View], "Move | str | tuple[str, int, int] | None"]
"""Our interface: given the view, a move (a :class:`engine.Move`, its text ``"O3,4"``, or
``("reveal" | "flag" | "chord", row, col)``), or None to give up."""

KINDS = {"reveal": Action.REVEAL, "flag": Action.MARK, "chord": Action.CHORD}


class BotStopped(Exception):
    """Raised by a front end's bot (one in a child process or a worker) that it stopped:
    too slow, or failed where it runs. The message is the game's reason as it stands; the
    bot's traceback, if it raised one, is :attr:`detail`."""

    def __init__(self, reason: str, detail: str = "", seconds: float = 0.0) -> None:
        super().__init__(reason)
        self.detail = detail
        self.seconds = seconds


class TooSlow(BotStopped):
    """The bot's move took longer than the limit: its front end ended it."""

    def __init__(self, limit_s: float) -> None:
        super().__init__(f"the bot took longer than {limit_s:g} s for a move", seconds=limit_s)


Reply = dict[str, Any]
"""The bot's answer as it crosses from where it runs (:func:`play.lab.loading.reply`):
``{"move": "O3,4" | None, "seconds": s}``, ``{"refused": why, "seconds": s}`` for an answer
that is no move, or ``{"error": why, "traceback": text, "seconds": s}``."""


@dataclass(frozen=True, slots=True)
class GameEnd:
    won: bool
    reason: str
    """``"won"``, ``"stepped on a mine"``, or why the referee ended the game."""
    moves: int
    """The bot's answers, a refused one included."""
    seconds: float
    """The bot's own time, over all its moves."""
    detail: str = ""
    """The bot's traceback, when its exception ended the game."""


def view_of(tiles: bytes | Sequence[int], level: Level) -> View:
    names = {t.COVERED: "covered", t.FLAGGED: "flagged", t.QUESTIONED: "questioned"}
    cells = tuple(
        tuple(
            tile if tile <= 8 else names.get(tile, "covered")
            for tile in tiles[row * level.cols : (row + 1) * level.cols]
        )
        for row in range(level.rows)
    )
    return View(level.rows, level.cols, level.mines, cells)


def as_move(answer: object) -> Move:
    """The bot's answer as a move; :class:`ValueError` says in words why it is none."""
    if isinstance(answer, Move):
        return answer
    if isinstance(answer, str):
        return Move.parse(answer)
    if isinstance(answer, tuple) and len(answer) == 3:
        kind, row, col = answer
        if kind in KINDS and isinstance(row, int) and isinstance(col, int):
            return Move(KINDS[kind], row, col)
    raise InvalidMoveError(
        f"{answer!r} is not a move: return 'O3,4', ('reveal', 3, 4), ('flag', 3, 4) or"
        " ('chord', 3, 4)"
    )


class Referee:
    """One game, a move at a time: :meth:`view` is what the bot is shown, :meth:`judge` its
    answer; the game's end, once there is one, is :attr:`end`. A front end that waits for a
    bot (a worker's message) drives it; :func:`referee_game` drives it for a bot it can call.
    """

    def __init__(
        self,
        level: Level,
        seed: int,
        first_click: FirstClick = FirstClick.OPENING,
        max_moves: int | None = None,
    ) -> None:
        self.level = level
        self.game = new_game(level, seed=seed, first_click=first_click, question_marks=False)
        self.limit = max_moves if max_moves is not None else 4 * level.rows * level.cols
        self.made = 0
        self.seconds = 0.0
        self.end: GameEnd | None = None

    def view(self) -> View:
        return view_of(self.game.tiles, self.level)

    def stop(self, reason: str, seconds: float = 0.0, detail: str = "") -> GameEnd:
        """The game ended by the bot or its front end: it failed, gave up, or was stopped."""
        self.seconds += seconds
        self.end = GameEnd(False, reason, self.made, self.seconds, detail)
        return self.end

    def hear(self, reply: Reply) -> GameEnd | None:
        """The bot's :data:`Reply`, from where it runs, judged."""
        spent = reply.get("seconds")
        seconds = float(spent) if isinstance(spent, int | float) and spent >= 0 else 0.0
        if "error" in reply:
            self.made += 1
            said = str(reply["error"] or "") or "the bot failed"
            return self.stop(said, seconds, str(reply.get("traceback") or ""))
        if "refused" in reply:
            self.made += 1
            return self.stop(str(reply["refused"] or "") or "the bot's answer was refused", seconds)
        return self.judge(reply.get("move"), seconds)

    def judge(self, answer: object, seconds: float) -> GameEnd | None:
        """The bot's ``answer`` to :meth:`view`, given after ``seconds`` of its own: played,
        or the game's end with its reason; None while the game goes on."""
        self.made += 1
        if answer is None:
            return self.stop("the bot gave up", seconds)
        self.seconds += seconds
        try:
            move = as_move(answer)
            if not (0 <= move.row < self.level.rows and 0 <= move.col < self.level.cols):
                rows, cols = self.level.rows, self.level.cols
                where = spot_name((move.row, move.col))
                raise InvalidMoveError(f"{where} is off the {rows}x{cols} board")
        except InvalidMoveError as error:
            return self.stop(str(error))
        wasted = waste(self.game, move) if self.game.layout is not None else None
        if wasted is not None:
            return self.stop(f"{wasted.value} ({spot_name((move.row, move.col))})")
        self.game = apply(self.game, move).game
        if self.game.status is Status.WON:
            self.end = GameEnd(True, "won", self.made, self.seconds)
        elif self.game.status is Status.LOST:
            self.end = GameEnd(False, "stepped on a mine", self.made, self.seconds)
        elif self.made >= self.limit:
            self.end = GameEnd(False, f"no end after {self.limit} moves", self.made, self.seconds)
        return self.end


OURS = "/play/lab/"
"""Where our frames' files are (in CPython's checkout, or as Pyodide's compiled archive names
them): left out of a bot's traceback."""


def bot_traceback(error: BaseException) -> str:
    """The bot's exception as Python prints it, its own frames only (not the referee's nor
    the CS50 adapter's): what a player reads to mend the bot."""
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if OURS not in "/" + f.filename.replace(os.sep, "/")]
    lines = ["Traceback (most recent call last):\n", *traceback.format_list(own)]
    return "".join(lines + traceback.format_exception_only(error)).rstrip()


def reply(bot: Bot, view: View) -> Reply:
    """The bot's answer to ``view``, as it crosses to the referee (:data:`Reply`): run where
    the bot runs, its own time measured there.

    >>> view = View(1, 2, 1, (("covered", "covered"),))
    >>> reply(lambda v: ("flag", 0, 1), view)["move"]
    'F0,1'
    >>> reply(lambda v: 1 / 0, view)["error"]
    'the bot raised ZeroDivisionError: division by zero'
    >>> reply(lambda v: "jump", view)["refused"]
    'bad move "jump": expected O, F or C then row,col, such as O3,4'
    """
    started = time.perf_counter()
    try:
        answer = bot(view)
    except (Exception, SystemExit) as error:  # the bot's own failure: its words, its traceback
        seconds = time.perf_counter() - started
        said = f"the bot raised {type(error).__name__}: {error}"
        return {"error": said, "traceback": bot_traceback(error), "seconds": seconds}
    seconds = time.perf_counter() - started
    if answer is None:
        return {"move": None, "seconds": seconds}
    try:
        return {"move": str(as_move(answer)), "seconds": seconds}
    except (InvalidMoveError, ValueError) as error:
        return {"refused": str(error), "seconds": seconds}


def referee_game(
    bot: Bot,
    level: Level,
    seed: int,
    first_click: FirstClick = FirstClick.OPENING,
    max_moves: int | None = None,
) -> GameEnd:
    """Play ``bot`` on the board ``seed`` deals until it wins, loses or is stopped."""
    referee = Referee(level, seed, first_click, max_moves)
    while referee.end is None:
        referee.hear(reply(bot, referee.view()))
    return referee.end
