"""``python -m terminal bot FILE``: a player's bot on seeded boards, in a child process,
beside our solver on the same boards.

    python -m terminal bot my_bot.py --level expert --games 1000 [--first safe]

The bot runs in a process of its own (``spawn``: nothing of ours is inherited), sent only
what a player sees (:class:`play.lab.referee.View`) and answering moves through a pipe.
The layout stays in this process, so a bot that looks for it finds nothing. A move that
takes longer than the limit ends the child; that game ends "too slow", and the next game
starts a new child. The page's lab is the same in a Web Worker (docs/bot-lab.md).
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path

from engine import EXPERT, FirstClick, Level
from play.lab import (
    BotFileError,
    BotStopped,
    GameEnd,
    Referee,
    Reply,
    SolverBot,
    Tally,
    TooSlow,
    View,
    load_bot,
    referee_game,
    reply,
)
from terminal.options import _first_click, _level

SPAWN = multiprocessing.get_context("spawn")


def _child(source: str, name: str, pipe: Connection) -> None:
    """The bot's process: load it, then answer each view (:data:`play.lab.referee.Reply`)."""
    try:
        bot = load_bot(source, name)
    except BotFileError as error:
        pipe.send({"error": str(error)})
        return
    pipe.send({"ready": True})
    while True:
        view = pipe.recv()
        if view is None:
            return
        pipe.send(reply(bot, view))


@dataclass
class ChildBot:
    """The bot in its child process, started when first asked and after it was ended."""

    source: str
    name: str
    limit_s: float
    process: BaseProcess | None = None
    pipe: Connection | None = None

    def start(self) -> None:
        here, there = SPAWN.Pipe()
        self.process = SPAWN.Process(target=_child, args=(self.source, self.name, there))
        self.process.start()
        self.pipe = here
        said = self._answer(limit_s=30.0)
        if "error" in said:
            raise BotFileError(str(said["error"]))

    def _answer(self, limit_s: float) -> Reply:
        assert self.pipe is not None
        if not self.pipe.poll(limit_s):
            self.stop()
            raise TooSlow(limit_s)
        answer: Reply = self.pipe.recv()
        return answer

    def ask(self, view: View) -> Reply:
        """The bot's reply to ``view``; :class:`play.lab.TooSlow` once past the limit."""
        if self.process is None:
            self.start()
        assert self.pipe is not None
        self.pipe.send(view)
        return self._answer(self.limit_s)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.join()
        self.process = None
        self.pipe = None


def play_game(bot: ChildBot, level: Level, seed: int, first_click: FirstClick) -> GameEnd:
    referee = Referee(level, seed, first_click)
    while referee.end is None:
        try:
            referee.hear(bot.ask(referee.view()))
        except BotStopped as stopped:
            return referee.stop(str(stopped), stopped.seconds)
    return referee.end


def play_games(
    source: str,
    level: Level,
    seeds: range,
    first_click: FirstClick = FirstClick.OPENING,
    limit_s: float = 1.0,
    name: str = "bot.py",
) -> list[GameEnd]:
    """Each seed's game of the bot in ``source``, in one child process, started again after
    a move that took too long (the child was ended)."""
    bot = ChildBot(source, name, limit_s)
    try:
        bot.start()
        return [play_game(bot, level, seed, first_click) for seed in seeds]
    finally:
        bot.stop()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m terminal bot",
        description="Run your Minesweeper bot on seeded boards, beside our solver on the same"
        " boards. The file defines move(view) or CS50's MinesweeperAI class.",
    )
    parser.add_argument("file", type=Path, help="the bot's Python file")
    parser.add_argument(
        "--level", type=_level, default=EXPERT, metavar="LEVEL", help="expert by default"
    )
    parser.add_argument("--games", type=int, default=100, metavar="N", help="100 by default")
    parser.add_argument("--seed-from", type=int, default=0, metavar="N", help="the first seed")
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
    seeds = range(args.seed_from, args.seed_from + args.games)
    try:
        ends = play_games(source, args.level, seeds, args.first_click, args.limit, args.file.name)
    except BotFileError as error:
        print(error)
        return 1
    ours = [
        referee_game(SolverBot(args.first_click), args.level, seed, args.first_click).won
        for seed in seeds
    ]
    tally = Tally(args.level, seeds, ends, ours)
    print("\n".join(tally.lines()))
    if tally.first_traceback():
        print("\nThe first of its exceptions:\n" + tally.first_traceback())
    return 0
