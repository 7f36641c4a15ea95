"""What a lab worker runs, in the page (static/lab-worker.mjs calls it): text in, text out,
so that nothing but JSON crosses between the page and the worker.

- :class:`BotHost`: the player's bot, in a worker of its own that never holds a layout; it
  is sent a view and answers its :data:`play.lab.referee.Reply`;
- :func:`solver_wins`: our solver's games on a run's seeds, in a second worker, for the
  paired figures (it holds layouts, so never in the bot's).

>>> host = BotHost()
>>> host.load("def move(view):\\n    return ('flag', 0, 0)\\n", "bot.py")
'{"ready": true}'
>>> host.answer('[1,2,1,[["covered","covered"]]]')
'{"move": "F0,0", "seconds": ...}'
>>> print(BotHost().load("def move(view) pass", "bot.py"))
{"failed": "bot.py, line 1: expected ':'"}
>>> solver_wins("beginner", "opening", 0, 3)
'{"won": [true, true, true]}'
"""

from __future__ import annotations

import json

from engine import FirstClick, Level
from play.lab.loading import BotFileError, load_bot
from play.lab.referee import Bot, View, referee_game, reply
from play.lab.solver_bot import SolverBot


class BotHost:
    """The player's bot, loaded from its source, answering views given as JSON."""

    def __init__(self) -> None:
        self.bot: Bot | None = None

    def load(self, source: str, name: str) -> str:
        """``{"ready": true}``, or ``{"failed": why}`` in :class:`play.lab.BotFileError`'s
        words."""
        try:
            self.bot = load_bot(source, name)
        except BotFileError as error:
            return json.dumps({"failed": str(error)})
        return json.dumps({"ready": True})

    def answer(self, view: str) -> str:
        if self.bot is None:
            raise RuntimeError("BotHost.answer before its bot is loaded")
        return json.dumps(reply(self.bot, View.from_json(view)))


def solver_wins(level: str, first_click: str, start: int, stop: int) -> str:
    """Whether our solver wins each board of the seeds ``start`` to ``stop - 1``, as JSON."""
    board, rule = Level.parse(level), FirstClick.parse(first_click)
    won = [referee_game(SolverBot(rule), board, seed, rule).won for seed in range(start, stop)]
    return json.dumps({"won": won})
