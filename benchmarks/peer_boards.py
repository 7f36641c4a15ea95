"""The boards our solver benchmark plays, written out so that another solver plays the same.

Run ``python -m benchmarks.peer_boards [--games N] [--seed S] [--level expert]
[--first centre|corner|ROW,COL] [--opening zero|safe]``: one JSON line per game on
standard output.

Game ``i`` uses seed ``S + i`` and is dealt exactly as :func:`benchmarks.solver.first_game`
deals it (so as ``python -m benchmarks.solver`` plays it): with the ``zero`` opening the
engine places the mines at the first reveal, away from the 3x3 block around the first
click; with ``safe`` they are drawn uniformly from every cell but the first. Each line
holds the layout and the first click::

    {"seed": 0, "rows": 16, "cols": 30, "mines": [3, 17, ...], "first": [8, 15],
     "level": "expert", "opening": "zero"}

``mines`` are cell indices in row-major order, ``row * cols + col``: the same numbering as
JSMinesweeper's ``Board.xy_to_index(x, y) = y * width + x`` (x the column, y the row).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO, TypedDict

from benchmarks.solver import LEVELS, _where, first_cell, first_game


class PeerBoard(TypedDict):
    """One dealt board, as a JSON line carries it."""

    seed: int
    rows: int
    cols: int
    mines: list[int]
    first: list[int]
    level: str
    opening: str


def peer_board(
    level_name: str, seed: int, first: str = "centre", opening: str = "zero"
) -> PeerBoard:
    """The board game ``seed`` is played on, and its first click.

    >>> board = peer_board("beginner", 0)
    >>> board["first"], len(board["mines"]), board["rows"] * board["cols"]
    ([4, 4], 10, 81)
    """
    level = LEVELS[level_name]
    game = first_game(level, seed, first, opening)
    assert game.layout is not None  # the first reveal has placed the mines
    row, col = first_cell(level, first)
    return PeerBoard(
        seed=seed,
        rows=level.rows,
        cols=level.cols,
        mines=sorted(game.layout.mines),
        first=[row, col],
        level=level_name,
        opening=opening,
    )


def peer_boards(
    level_name: str, seeds: Iterable[int], first: str = "centre", opening: str = "zero"
) -> Iterator[PeerBoard]:
    """The boards of ``seeds``, in order."""
    for seed in seeds:
        yield peer_board(level_name, seed, first, opening)


def write_boards(boards: Iterable[PeerBoard], out: TextIO) -> None:
    """Write ``boards`` to ``out`` (a file or a pipe), one JSON line each."""
    for board in boards:
        out.write(json.dumps(board, separators=(",", ":")) + "\n")


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that say which boards are dealt: ``--games``, ``--seed``, ``--level``,
    ``--first`` and ``--opening`` (as ``python -m benchmarks.solver`` reads them)."""
    parser.add_argument("--games", type=int, default=200, help="games (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--level", choices=list(LEVELS), default="expert")
    parser.add_argument(
        "--first", default="centre", type=_where, help="centre (default), corner, or ROW,COL"
    )
    parser.add_argument("--opening", choices=["zero", "safe"], default="zero")


def check_first_click(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Stop with a usage error when ``--first`` is off the ``--level`` board."""
    level = LEVELS[args.level]
    if not level.grid.contains(*first_cell(level, args.first)):
        parser.error(f"--first {args.first} is outside the {args.level} board ({level})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.peer_boards", description=__doc__.split("\n")[0]
    )
    add_board_arguments(parser)
    args = parser.parse_args(argv)
    check_first_click(parser, args)
    seeds = range(args.seed, args.seed + args.games)
    write_boards(peer_boards(args.level, seeds, args.first, args.opening), sys.stdout)


if __name__ == "__main__":
    main()
