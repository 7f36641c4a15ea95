"""``python -m terminal bot FILE``: a player's bot on boards it cannot guess, in a child
process, beside our solver on the same boards.

    python -m terminal bot my_bot.py --level expert --games 1000 [--first safe] [--key HEX]

The bot runs in a process of its own (:mod:`play.lab.child`, started with ``python -I``,
no argument of this run and a bare environment), sent only what a player sees and
answering moves, one JSON line each way: this process reads each line with a size limit
and checks its shape (:func:`play.lab.protocol.answer_of`); nothing is unpickled. The
layout stays here, so a bot that looks for it finds nothing. Each move is timed by this
process's clock, which the bot cannot reach. A move that takes longer than the limit ends
the child; that game ends "too slow", and the next game starts a new child.

The boards are dealt from a fresh key (:mod:`play.lab.boards`), printed with the figures:
``--key`` runs the same boards again, ``--seed-from`` numbered boards a bot can guess.
The bot runs with your own rights, as any script you run: the child is a wall around the
referee, not a sandbox (docs/security.md).
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from engine import EXPERT, FirstClick, Level
from play.lab import (
    MAX_TEXT,
    Boards,
    BoardsError,
    BotFileError,
    BotStopped,
    GameEnd,
    ProtocolError,
    Referee,
    Reply,
    SolverBot,
    Tally,
    TooSlow,
    answer_of,
    question_of,
    referee_game,
)
from terminal.options import _first_click, _level

ROOT = Path(__file__).resolve().parent.parent
CHILD = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from play.lab.child import main; main()"
"""What the child runs: ``python -I -c CHILD``, so its ``sys.argv`` is ``['-c']``."""
START_S = 30.0
"""The longest the child may take to start Python and load the bot."""


class BrokeRules(BotStopped):
    """The bot's side sent what is no answer, or ended by itself: the child is ended."""


def child_environment() -> dict[str, str]:
    """The child's environment: only what a Python needs to start, none of this run's."""
    kept = ("PATH", "SYSTEMROOT", "LANG", "LC_ALL", "LC_CTYPE")
    return {name: os.environ[name] for name in kept if name in os.environ}


@dataclass
class ChildBot:
    """The bot in its child process, started when first asked and after it was ended."""

    source: str
    name: str
    limit_s: float
    process: subprocess.Popen[bytes] | None = None
    lines: queue.Queue[bytes] = field(default_factory=queue.Queue)

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-c", CHILD],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=child_environment(),
        )
        self.lines = queue.Queue()
        reading = threading.Thread(target=_read, args=(self.process.stdout, self.lines))
        reading.daemon = True
        reading.start()
        self._send(json.dumps({"bot": {"source": self.source, "name": self.name}}))
        said = self._line(START_S)
        try:
            loaded = json.loads(said)
        except ValueError:
            loaded = None
        if not isinstance(loaded, dict) or loaded.get("ready") is not True:
            self.stop()
            why = loaded.get("failed") if isinstance(loaded, dict) else None
            raise BotFileError(str(why)[:500] if why else "the bot's process did not start")

    def _send(self, text: str) -> None:
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write(text.encode("utf-8") + b"\n")
            self.process.stdin.flush()
        except OSError:
            self.stop()
            raise BrokeRules("the bot's process ended by itself") from None

    def _line(self, limit_s: float) -> str:
        try:
            line = self.lines.get(timeout=limit_s)
        except queue.Empty:
            self.stop()
            raise TooSlow(limit_s) from None
        if not line:
            self.stop()
            raise BrokeRules("the bot's process ended by itself")
        return line.decode("utf-8", "replace")

    def ask(self, text: str) -> Reply:
        """The bot's answer to the question ``text``, timed here; :class:`play.lab.TooSlow`
        once past the limit, :class:`BrokeRules` when it is no answer."""
        if self.process is None:
            self.start()
        started = time.perf_counter()
        self._send(text)
        said = self._line(self.limit_s)
        seconds = time.perf_counter() - started
        try:
            answer = answer_of(said)
        except ProtocolError as error:
            self.stop()
            raise BrokeRules(str(error), seconds=seconds) from None
        answer["seconds"] = seconds
        return answer

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            for pipe in (self.process.stdin, self.process.stdout):
                if pipe is not None:
                    pipe.close()
        self.process = None


def _read(pipe: IO[bytes] | None, lines: queue.Queue[bytes]) -> None:
    """Each line the child writes, at most :data:`MAX_TEXT` bytes (a longer one is cut, and
    so no answer); an empty one when it ends."""
    assert pipe is not None
    try:
        for line in iter(lambda: pipe.readline(MAX_TEXT), b""):
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(b"")


def play_game(
    bot: ChildBot, level: Level, boards: Boards, board: int, first_click: FirstClick
) -> GameEnd:
    referee = Referee(level, boards.seed(board), first_click)
    while referee.end is None:
        try:
            referee.hear(bot.ask(question_of(referee, boards, board)))
        except BotStopped as stopped:
            return referee.stop(str(stopped), stopped.seconds)
    return referee.end


def play_games(
    source: str,
    level: Level,
    boards: Boards,
    games: int,
    first_click: FirstClick = FirstClick.OPENING,
    limit_s: float = 1.0,
    name: str = "bot.py",
) -> list[GameEnd]:
    """The bot in ``source`` on the first ``games`` of ``boards``, in one child process,
    started again after a move that took too long or broke the rules (it was ended)."""
    bot = ChildBot(source, name, limit_s)
    try:
        bot.start()
        return [play_game(bot, level, boards, k, first_click) for k in range(games)]
    finally:
        bot.stop()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m terminal bot",
        description="Run your Minesweeper bot on boards it cannot guess, beside our solver on"
        " the same boards. The file defines move(view) or CS50's MinesweeperAI class. The bot"
        " runs with your own rights, as any script you run.",
    )
    parser.add_argument("file", type=Path, help="the bot's Python file")
    parser.add_argument(
        "--level", type=_level, default=EXPERT, metavar="LEVEL", help="expert by default"
    )
    parser.add_argument("--games", type=int, default=100, metavar="N", help="100 by default")
    boards = parser.add_mutually_exclusive_group()
    boards.add_argument(
        "--key",
        metavar="HEX",
        help="the boards of an earlier run (its key, printed with its figures); a fresh key"
        " by default",
    )
    boards.add_argument(
        "--seed-from",
        type=int,
        metavar="N",
        help="numbered boards from seed N instead: boards a bot can guess",
    )
    parser.add_argument(
        "--first",
        dest="first_click",
        type=_first_click,
        default=FirstClick.OPENING,
        metavar="RULE",
        help="the first click's rule: opening (the default), safe or none",
    )
    parser.add_argument("--limit", type=float, default=1.0, metavar="S", help="seconds a move")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not 1 <= args.games <= 100_000:
        print("--games takes 1 to 100000 games")
        return 2
    if not 0 < args.limit <= 600:
        print("--limit takes more than 0 and at most 600 seconds a move")
        return 2
    try:
        source = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{args.file} cannot be read: {error}")
        return 2
    try:
        if args.seed_from is not None:
            boards = Boards.numbered(args.seed_from)
        else:
            boards = Boards.of_key(args.key) if args.key else Boards.fresh()
    except BoardsError as error:
        print(error)
        return 2
    try:
        ends = play_games(
            source, args.level, boards, args.games, args.first_click, args.limit, args.file.name
        )
    except BotFileError as error:
        print(error)
        return 1
    rule = args.first_click
    ours = [
        referee_game(SolverBot(rule), args.level, boards.seed(k), rule).won
        for k in range(args.games)
    ]
    tally = Tally(args.level, boards, args.games, ends, ours)
    print("\n".join(tally.lines()))
    if tally.first_traceback():
        print("\nThe first of its exceptions:\n" + tally.first_traceback())
    return 0
