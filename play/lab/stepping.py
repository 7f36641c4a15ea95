"""A bot's game played by a front end that waits for each answer (a worker's message in the
page): the same referee, awaited a move at a time, and each move said in words as Watch
names it.

>>> from engine import BEGINNER
>>> from play.lab.boards import Boards
>>> async def ask(question):
...     return {"move": "O4,4", "seconds": 0.001}
>>> said = []
>>> async def seen(referee, reply):
...     said.append(move_said(referee, reply))
>>> game = play_async(ask, BEGINNER, Boards.numbered(3), 0, on_move=seen)
>>> try:  # nothing here really waits: no event loop is needed to run it
...     game.send(None)
... except StopIteration as done:
...     end = done.value
>>> end.reason
'that cell is already open (row 5, column 5)'
>>> said
['Move 1: open row 5, column 5', 'Move 2: open row 5, column 5']
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from engine import FirstClick, Level, Move
from play.lab.boards import Boards
from play.lab.protocol import question_of
from play.lab.referee import BotStopped, GameEnd, Referee, Reply
from play.videos.replay import move_words

Ask = Callable[[str], Awaitable[Reply]]
"""Where the bot runs: given the question (:func:`play.lab.protocol.question`), its reply
timed by the front end; :class:`BotStopped` when its front end stopped it (too slow, or it
broke the rules)."""


async def play_async(
    ask: Ask,
    level: Level,
    boards: Boards,
    board: int,
    first_click: FirstClick = FirstClick.OPENING,
    on_move: Callable[[Referee, Reply], Awaitable[None]] | None = None,
) -> GameEnd:
    """The bot's game on the run's board number ``board``, each answer awaited; ``on_move``
    is told of each answer judged (Watch draws and waits there)."""
    referee = Referee(level, boards.seed(board), first_click)
    while referee.end is None:
        try:
            reply = await ask(question_of(referee, boards, board))
        except BotStopped as stopped:  # its front end stopped it, and says why
            return referee.stop(str(stopped), stopped.seconds)
        referee.hear(reply)
        if on_move is not None:
            await on_move(referee, reply)
    return referee.end


def move_said(referee: Referee, reply: Reply) -> str:
    """The move just judged, in words: ``"Move 3: flag row 2, column 5"``, the words
    every part of the lab names cells in."""
    text = reply.get("move")
    if not isinstance(text, str):
        return f"Move {referee.made}: {referee.end.reason if referee.end else 'none'}"
    try:
        named = move_words(Move.parse(text))
    except ValueError:
        named = text
    return f"Move {referee.made}: {named}"
