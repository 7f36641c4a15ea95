"""The bot's side in the terminal: a child process (terminal/bot.py starts it) that loads
the bot and answers the referee's questions, one JSON line each way
(:mod:`play.lab.protocol`). What the bot prints goes to standard error, so that it cannot
be taken for an answer; the answers go to the standard output the process started with.

The parent starts it with ``python -I`` (no environment variables of Python's, no user
site, no current folder on the path), no arguments of the run and an environment of a few
names, and reads each line with a size limit, shape-checked: a line that is no answer ends
the game in words. The bot still runs with the player's own rights, as any script they run
(the README says so): this process is no sandbox, only a wall around the referee.
"""

from __future__ import annotations

import json
import os
import sys
from typing import BinaryIO

from play.lab.worker import BotHost

MAX_LINE = 1_000_000
"""The longest question read, in bytes: the view of the largest board is 60 KB."""


def serve(questions: BinaryIO, answers: BinaryIO) -> None:
    """Load the bot the first line names (``{"bot": {"source", "name"}}``), then answer
    each question until the input ends."""
    host = BotHost()

    def say(text: str) -> None:
        answers.write(text.encode("utf-8") + b"\n")
        answers.flush()

    first = json.loads(questions.readline(MAX_LINE))
    said = host.load(str(first["bot"]["source"]), str(first["bot"]["name"]))
    say(said)
    if "failed" in json.loads(said):
        return
    for line in iter(lambda: questions.readline(MAX_LINE), b""):
        say(host.answer(line.decode("utf-8")))


def main() -> None:
    """The process's start: answers on a copy of standard output; the bot's prints, and
    anything written to file 1, on standard error."""
    sys.stdout.flush()
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    serve(sys.stdin.buffer, answers)
