"""``python -m terminal bot FILE``: a player's bot on seeded boards, in a child process,
beside our solver on the same boards.

    python -m terminal bot my_bot.py --level expert --games 1000 [--first safe]

The bot runs in a process of its own (``spawn``: nothing of ours is inherited), sent only
what a player sees (:class:`play.lab.referee.View`) and answering moves through a pipe.
The layout stays in this process, so a bot that looks for it finds nothing. A move that
takes longer than the limit ends the child; that game ends "too slow", and the next game
starts a new child. Work in progress for issue 45 (docs/bot-lab-plan.md).
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from engine import EXPERT, FirstClick, Level
from play.lab import (
    BotFileError,
    BotStopped,
    GameEnd,
    SolverBot,
    View,
    load_bot,
    rate,
    referee_game,
)
from terminal.options import _first_click, _level

SPAWN = multiprocessing.get_context("spawn")


def _child(source: str, name: str, pipe: Connection) -> None:
    """The bot's process: load it, then answer each view with its move (or its error)."""
    try:
        bot = load_bot(source, name)
    except BotFileError as error:
        pipe.send(("error", str(error)))
        return
    pipe.send(("ready", None))
    while True:
        view = pipe.recv()
        if view is None:
            return
        try:
            pipe.send(("move", bot(view)))
        except Exception as error:
            pipe.send(("error", f"the bot raised {type(error).__name__}: {error}"))


class TooSlow(BotStopped):
    pass


class BotFailed(BotStopped):
    pass


@dataclass
class ChildBot:
    """The bot in its child process, called as our interface."""

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
        kind, said = self._answer(limit_s=30.0)
        if kind == "error":
            raise BotFileError(str(said))

    def _answer(self, limit_s: float) -> tuple[str, Any]:
        assert self.pipe is not None
        if not self.pipe.poll(limit_s):
            self.stop()
            raise TooSlow(f"the bot took longer than {limit_s:g} s for a move")
        answer: tuple[str, Any] = self.pipe.recv()
        return answer

    def __call__(self, view: View) -> Any:
        if self.process is None:
            self.start()
        assert self.pipe is not None
        self.pipe.send(view)
        kind, said = self._answer(self.limit_s)
        if kind == "error":
            raise BotFailed(said)
        return said

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.join()
        self.process = None
        self.pipe = None


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
    ends = []
    try:
        bot.start()
        for seed in seeds:
            ends.append(referee_game(bot, level, seed, first_click))
    finally:
        bot.stop()
    return ends


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
        referee_game(SolverBot(args.first_click), args.level, seed, args.first_click)
        for seed in seeds
    ]
    wins = sum(end.won for end in ends)
    both = sum(a.won and b.won for a, b in zip(ends, ours, strict=True))
    print(f"{args.games} games, seeds {seeds.start}-{seeds.stop - 1}, {args.level}")
    print(f"  your bot:   {rate(wins, args.games)}")
    print(f"  our solver: {rate(sum(end.won for end in ours), args.games)} on the same boards")
    print(
        f"  both won {both}; only yours {wins - both}; only ours {sum(e.won for e in ours) - both}"
    )
    moves = sum(end.moves for end in ends)
    if moves:
        print(f"  your bot's time a move: {1000 * sum(e.seconds for e in ends) / moves:.2f} ms")
    reasons: dict[str, int] = {}
    for end in ends:
        if end.reason not in ("won", "stepped on a mine"):
            reasons[end.reason] = reasons.get(end.reason, 0) + 1
    for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
        print(f"  ended {count}x: {reason}")
    return 0
