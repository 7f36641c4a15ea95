"""What the bot's side runs, in the page's worker (static/lab-worker.mjs) and in the
terminal's child process (:mod:`play.lab.child`): text in, text out
(:mod:`play.lab.protocol`), so that nothing but JSON crosses to the referee.

- :class:`BotHost`: the player's bot, where it runs; it never holds a layout: it is sent
  views only, and before each board the seed of its ``random`` module;
- :func:`solver_wins`: our solver's games on a run's boards, in a worker of its own, for
  the paired figures (it holds layouts, so never in the bot's).

>>> host = BotHost()
>>> host.load("def move(view):\\n    return ('flag', 0, 0)\\n", "bot.py")
'{"ready": true}'
>>> host.answer('{"view": [1,2,1,[["covered","covered"]]], "random": "ab"}')
'{"move": "F0,0", "seconds": ...}'
>>> print(BotHost().load("def move(view) pass", "bot.py"))
{"failed": "bot.py, line 1: expected ':'"}
>>> solver_wins("beginner", "opening", "seeds:0", 0, 3)
'{"won": [true, true, true]}'
"""

from __future__ import annotations

import json
import random

from engine import FirstClick, Level
from play.lab.boards import Boards
from play.lab.loading import BotFileError, load_bot
from play.lab.protocol import answer_text
from play.lab.referee import Bot, View, referee_game, reply
from play.lab.solver_bot import SolverBot


class BotHost:
    """The player's bot, loaded from its source, answering the referee's questions."""

    def __init__(self) -> None:
        self.bot: Bot | None = None

    def load(self, source: str, name: str) -> str:
        """``{"ready": true}``, or ``{"failed": why}`` in :class:`play.lab.BotFileError`'s
        words."""
        try:
            self.bot = load_bot(source, name)
        except BotFileError as error:
            return json.dumps({"failed": str(error)[:500]})
        return json.dumps({"ready": True})

    def answer(self, text: str) -> str:
        """The bot's answer to a question (:func:`play.lab.protocol.question`): before a
        board's first move its ``random`` module is seeded as the question says, so a bot
        that guesses with it plays the same game on the same boards."""
        if self.bot is None:
            raise RuntimeError("BotHost.answer before its bot is loaded")
        asked = json.loads(text)
        if isinstance(asked.get("random"), str):
            random.seed(asked["random"])
        return answer_text(reply(self.bot, View.from_json(json.dumps(asked["view"]))))


def solver_wins(level: str, first_click: str, boards: str, start: int, stop: int) -> str:
    """Whether our solver wins each of the run's boards ``start`` to ``stop - 1``, as JSON."""
    board, rule, dealt = Level.parse(level), FirstClick.parse(first_click), Boards.parse(boards)
    won = [
        referee_game(SolverBot(rule), board, dealt.seed(k), rule).won for k in range(start, stop)
    ]
    return json.dumps({"won": won})
