"""A bot from its source text: which of the two interfaces it follows, told apart by what
the file defines (a ``MinesweeperAI`` class: CS50's; a ``move`` function: ours).

>>> bot = load_bot("def move(view):\\n    return 'O0,0'\\n")
>>> bot(None)
'O0,0'
>>> load_bot("x = 1")
Traceback (most recent call last):
play.lab.loading.BotFileError: the file defines neither move(view) nor a MinesweeperAI class
"""

from __future__ import annotations

import re
from typing import Any

from play.lab.cs50 import CS50Bot
from play.lab.referee import Bot


class BotFileError(ValueError):
    """The bot's file cannot be played: the message says why, in words."""


def load_bot(source: str, name: str = "bot.py") -> Bot:
    """Run ``source`` as a module and return its bot. Run it only where the bot may run: it
    is the player's code (a child process in the terminal, a worker in the page)."""
    space: dict[str, Any] = {"__name__": "bot"}
    try:
        exec(compile(source, name, "exec"), space)  # the player's own bot, run where it may run
    except SyntaxError as error:
        raise BotFileError(f"{name}, line {error.lineno}: {error.msg}") from None
    except Exception as error:
        raise BotFileError(f"{name} raised {type(error).__name__}: {error}") from None
    if isinstance(space.get("MinesweeperAI"), type):
        return CS50Bot(space["MinesweeperAI"])
    if callable(space.get("move")):
        bot: Bot = space["move"]
        return bot
    raise BotFileError("the file defines neither move(view) nor a MinesweeperAI class")


def error_line(words: str, name: str = "bot.py") -> int | None:
    """The line of the bot's file that an error names last (a syntax error's, or the
    innermost frame of the bot's own in a traceback): where the code field puts its caret.

    >>> error_line("bot.py, line 3: expected ':'")
    3
    >>> error_line('Traceback (most recent call last):\\n  File "bot.py", line 5, in move\\n'
    ...            '  File "bot.py", line 2, in helper\\nIndexError: tuple index out of range')
    2
    >>> error_line("the bot gave up") is None
    True
    """
    quoted = re.escape(name)
    found = re.findall(rf'(?:File "{quoted}", line (\d+))|(?:^{quoted}, line (\d+):)', words, re.M)
    if not found:
        return None
    framed, loaded = found[-1]
    return int(framed or loaded)
