"""Kept games as text: the numbered list, and a game played back frame by frame.

The list is :func:`play.keeping.views.kept_games`, the same as the page's, numbered.

>>> from engine import BEGINNER, Move, Record
>>> from play.videos import Replay
>>> record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 1500)
>>> replay = Replay(record)
>>> print(frame_text(replay, 2).splitlines()[0])
Move 2 of 2 at 1.50 s: flag row 1, column 1
>>> "[F]" in frame_text(replay, 2)
True

A losing click taken back (Undo) shows the board lost, then the position before it:

>>> undone = Replay(Record.parse("ms1;4x1/2;seed=3;marks=1;noguess=0;first=none;O0,3@0;UO0,0@900"))
>>> print(frame_text(undone, 2).splitlines()[0])
After move 1 of 1 at 0.90 s: open row 1, column 1: a mine, taken back (Undo)
>>> print(frame_text(undone, 3).splitlines()[0])
After move 1 of 1 at 0.90 s: Undo: the game goes on from before it
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import InvalidRecordError, Record, Status, agree, count
from play.keeping import SORTS, ListView, mark_words
from terminal.render import PLAIN, Style, render_board, status_line
from terminal.stats_table import NONE, table

if TYPE_CHECKING:
    from play.keeping import KeptGame
    from play.videos import Replay


def kept(games: int) -> str:
    """How many games are kept, in words.

    >>> kept(1), kept(0)
    ('1 game is kept', '0 games are kept')
    """
    return f"{count(games, 'game')} {agree(games, 'is', 'are')} kept"


def listing(games: list[KeptGame], view: ListView | None = None) -> str:
    """The numbered list that ``replay N`` refers to: each game's date, level, result, time,
    3BV, 3BV/s, efficiency and marks, as ``view`` sorts and filters them.

    >>> from play.keeping import KeptGame
    >>> game = KeptGame("x", "2026-11-22", "30x16/99", "won", 97.125, "", 140, 140, 180, ("nf",))
    >>> print(listing([game]))
    Kept games, newest first (replay N plays one back):
      #  Date        Level   Result     Time  3BV  3BV/s  Eff.  Marks
      1  2026-11-22  Expert  won     97.12 s  140   1.44   78%  NF
    """
    view = view or ListView()
    if not games:
        if view != ListView():
            return f"No kept game is listed by '{view.to_text()}' (type 'replay sort=date')."
        return "No finished games are kept yet."
    how = SORTS[view.sort]
    named = (("level", view.level), ("result", view.result), ("mark", view.mark))
    only = [f"{name} {value}" for name, value in named if value is not None]
    head = f"Kept games, {how}" + (f", {', '.join(only)} only" if only else "")
    header = ("#", "Date", "Level", "Result", "Time", "3BV", "3BV/s", "Eff.", "Marks")
    rows = [
        (
            str(n),
            game.date,
            game.title,
            game.outcome,
            f"{game.seconds:.2f} s",
            str(game.bbbv) if game.bbbv else NONE,
            NONE if game.rate is None else f"{game.rate:.2f}",
            NONE if game.efficiency is None else f"{game.efficiency:.0%}",
            mark_words(game.marks),
        )
        for n, game in enumerate(games, start=1)
    ]
    lines = table(header, rows, left={1, 2, 3, 8})
    return "\n".join(
        [f"{head} (replay N plays one back):", *("  " + line.rstrip() for line in lines)]
    )


def frame_text(replay: Replay, index: int, style: Style = PLAIN) -> str:
    """Frame ``index``: which move, when, the board with the click bracketed, the counters."""
    frame = replay.frames[index]
    heading = replay.heading(index)
    if heading is None:
        head = f"Start: {replay.record.level.title}, seed {replay.record.seed}"
    else:
        head = f"{heading} at {frame.ms / 1000:.2f} s: {frame.words}"
    board = render_board(frame.game, style, cursor=frame.spot)
    return f"{head}\n{board}\n{status_line(frame.game, frame.ms / 1000)}"


def ending(replay: Replay) -> str:
    """How the played-back game ended, in one line."""
    game = replay.frames[-1].game
    seconds = replay.duration_ms / 1000
    if game.status is Status.WON:
        return f"End of the replay: won in {seconds:.2f} s."
    if game.status is Status.LOST:
        return f"End of the replay: lost after {seconds:.2f} s."
    return f"End of the replay: the game was left unfinished at {seconds:.2f} s."


def parse_pasted(text: str) -> Record:
    """A record pasted by the player; ValueError in our words naming what is wrong.

    >>> parse_pasted("ms1;9x9/10;seed=1;marks=1;noguess=0;O4,4@0;X1,1@5")
    Traceback (most recent call last):
    ...
    ValueError: That record cannot be played back: move 2 ...
    """
    try:
        return Record.parse(text)
    except InvalidRecordError as error:
        raise ValueError(f"That record cannot be played back: {error}.") from None
