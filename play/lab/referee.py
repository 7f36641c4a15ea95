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
(False, 'that cell is already open (O4,4)', 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import (
    Action,
    FirstClick,
    InvalidMoveError,
    Level,
    Move,
    Status,
    apply,
    new_game,
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


Bot = Callable[[View], "Move | str | tuple[str, int, int] | None"]
"""Our interface: given the view, a move (a :class:`engine.Move`, its text ``"O3,4"``, or
``("reveal" | "flag" | "chord", row, col)``), or None to give up."""

KINDS = {"reveal": Action.REVEAL, "flag": Action.MARK, "chord": Action.CHORD}


class BotStopped(Exception):
    """Raised by a front end's bot (one in a child process or a worker) that it stopped:
    too slow, or failed where it runs. The message is the game's reason as it stands."""


@dataclass(frozen=True, slots=True)
class GameEnd:
    won: bool
    reason: str
    """``"won"``, ``"stepped on a mine"``, or why the referee ended the game."""
    moves: int
    """The bot's answers, a refused one included."""
    seconds: float
    """The bot's own time, over all its moves."""


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


def referee_game(
    bot: Bot,
    level: Level,
    seed: int,
    first_click: FirstClick = FirstClick.OPENING,
    max_moves: int | None = None,
) -> GameEnd:
    """Play ``bot`` on the board ``seed`` deals until it wins, loses or is stopped."""
    game = new_game(level, seed=seed, first_click=first_click, question_marks=False)
    limit = max_moves if max_moves is not None else 4 * level.rows * level.cols
    spent = 0.0
    for made in range(1, limit + 1):
        view = view_of(game.tiles, level)
        started = time.perf_counter()
        try:
            answer = bot(view)
        except BotStopped as stopped:  # a front end stopped it, and says why
            spent += time.perf_counter() - started
            return GameEnd(False, str(stopped), made, spent)
        except Exception as error:  # the bot's own failure ends its game, in its words
            spent += time.perf_counter() - started
            return GameEnd(False, f"the bot raised {type(error).__name__}: {error}", made, spent)
        spent += time.perf_counter() - started
        if answer is None:
            return GameEnd(False, "the bot gave up", made, spent)
        try:
            move = as_move(answer)
            if not (0 <= move.row < level.rows and 0 <= move.col < level.cols):
                raise InvalidMoveError(f"{move} is off the {level.rows}x{level.cols} board")
        except InvalidMoveError as error:
            return GameEnd(False, str(error), made, spent)
        wasted = waste(game, move) if game.layout is not None else None
        if wasted is not None:
            return GameEnd(False, f"{wasted.value} ({move})", made, spent)
        game = apply(game, move).game
        if game.status is Status.WON:
            return GameEnd(True, "won", made, spent)
        if game.status is Status.LOST:
            return GameEnd(False, "stepped on a mine", made, spent)
    return GameEnd(False, f"no end after {limit} moves", limit, spent)
