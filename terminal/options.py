"""Command-line arguments of ``python -m terminal``.

>>> options = parse_args(["--level", "10x8/12", "--seed", "7", "--no-marks"])
>>> str(options.level), options.seed, options.question_marks, options.color
('10x8/12', 7, False, True)
>>> parse_args([]).level is None, parse_args([]).question_marks is None
(True, True)
>>> launch = options.launch()
>>> launch.settings.level == options.level, launch.seed, sorted(launch.given), launch.linked
(True, 7, ['last_custom', 'level', 'question_marks'], True)

>>> parse_args(["--first", "safe"]).launch().settings.first_click
<FirstClick.SAFE: 'safe'>

Bad values exit with argparse's usage and the engine's own words, however long they are:

>>> import contextlib, io
>>> with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.suppress(SystemExit):
...     parse_args(["--seed", "9" * 5000])
>>> print(err.getvalue().splitlines()[-1])
python -m terminal: error: argument --seed: seed must be from 0 to 18446744073709551615, \
got 9999999999999999999… (5000 digits)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine import (
    FirstClick,
    InvalidFirstClickError,
    InvalidLevelError,
    InvalidSeedError,
    Level,
    parse_seed,
)
from play.game import Settings
from play.start import Launch


@dataclass(frozen=True, slots=True)
class Options:
    level: Level | None
    """None when the player should be asked for a level."""
    seed: int | None
    """The first game's seed; None for a fresh random one."""
    question_marks: bool | None
    """None: as the player last chose (question marks are on at first)."""
    color: bool
    """False when colour is turned off; it is also off whenever stdout is not a terminal."""
    live_counters: bool | None = None
    """The counters' line under the board while playing; None: as the player last chose."""
    first_click: FirstClick | None = None
    """The first-click rule of this run's boards; None: the player's own setting."""

    def launch(self) -> Launch:
        """What the command line asks the session layer for, as the page's address does
        (:mod:`play.start.address`): what it names wins over the saved settings."""
        settings, given = Settings(), set[str]()
        if self.level is not None:
            custom = self.level if self.level.name == "custom" else None
            settings = replace(settings, level=self.level, last_custom=custom)
            given |= {"level", "last_custom"} if custom else {"level"}
        if self.question_marks is not None:
            settings = replace(settings, question_marks=self.question_marks)
            given.add("question_marks")
        if self.live_counters is not None:
            settings = replace(settings, live_counters=self.live_counters)
            given.add("live_counters")
        if self.first_click is not None:  # for this run, as a link's rule is for its visit
            settings = replace(settings, first_click=self.first_click)
            given.add("first_click")
        # A seed given is a board given, as a link's is: no best time on it.
        return Launch(settings, self.seed, given=frozenset(given), linked=self.seed is not None)


def _level(text: str) -> Level:
    # argparse shows an ArgumentTypeError's text as it is, so the engine's message reaches
    # the player unchanged instead of a generic "invalid value". Only the engine's own
    # errors are caught: their messages are in our words and quote input briefly.
    try:
        return Level.parse(text)
    except InvalidLevelError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _seed(text: str) -> int:
    try:
        return parse_seed(text)
    except InvalidSeedError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _first_click(text: str) -> FirstClick:
    try:
        return FirstClick.parse(text)
    except InvalidFirstClickError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m terminal",
        description="Play Minesweeper in the terminal.",
    )
    parser.add_argument(
        "--level",
        type=_level,
        metavar="LEVEL",
        help="beginner, intermediate, expert, expert-portrait or COLSxROWS/MINES "
        "such as 30x16/99 (asked for when left out, or an unfinished game resumed)",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        metavar="N",
        help="seed of the first game, to replay a board (later games get fresh seeds)",
    )
    parser.add_argument(
        "--first",
        dest="first_click",
        type=_first_click,
        metavar="RULE",
        help="the first click's rule for this run's boards: opening (it opens an area, the "
        "default), safe (never a mine, may be a number) or none (it may lose)",
    )
    marks = parser.add_mutually_exclusive_group()
    marks.add_argument(
        "--no-marks",
        dest="question_marks",
        action="store_false",
        default=None,
        help="flags cycle flag -> covered, without question marks (remembered)",
    )
    marks.add_argument(
        "--marks",
        dest="question_marks",
        action="store_true",
        default=None,
        help="flags cycle flag -> ? -> covered (remembered; the first default)",
    )
    live = parser.add_mutually_exclusive_group()
    live.add_argument(
        "--live-counters",
        dest="live_counters",
        action="store_true",
        default=None,
        help="a line of counters under the board while playing: 3BV solved, 3BV/s, clicks, "
        "efficiency, an estimated finish (remembered)",
    )
    live.add_argument(
        "--no-live-counters",
        dest="live_counters",
        action="store_false",
        default=None,
        help="no counters while playing (remembered; the first default)",
    )
    parser.add_argument(
        "--no-color",
        dest="color",
        action="store_false",
        help="plain text even on a terminal",
    )
    return parser


def parse_args(argv: Sequence[str] | None = None) -> Options:
    """The options from ``argv`` (the process arguments when None); exits on bad ones."""
    namespace = build_parser().parse_args(argv)
    return Options(
        level=namespace.level,
        seed=namespace.seed,
        question_marks=namespace.question_marks,
        color=namespace.color,
        live_counters=namespace.live_counters,
        first_click=namespace.first_click,
    )
