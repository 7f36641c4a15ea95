"""Every kind of sentence a proof is said in, printed for a reviewer to read.

``tests/snapshots/proof_sentences.txt`` holds one sample of each kind (one number, two
numbers, a group, the mine total; safe and mine; one cell and several), each under its
position. The test compares the words the game says now with the file; after a deliberate
change of words, ``UPDATE_SNAPSHOTS=1`` writes the file again, and the diff is what to
review. Each sample's derivation also passes the checker (:mod:`engine.proof_check`).
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

from engine.grid import Grid
from engine.position_text import SeenPosition
from engine.proof_check import check
from engine.solver import analyse
from play.game.notice import capitalised, sentence
from play.review.proof_words import explain, spot

SNAPSHOT = Path(__file__).parent / "snapshots" / "proof_sentences.txt"

SAMPLES = (
    (
        "one number: its mine found, the rest safe (after a 1-2-1 from its 2)",
        "2 mines/###/121/...",
        1,
    ),
    ("one number: as many covered cells as mines", "3 mines/#####/12321/.....", 1),
    ("one number: its 2 mines found", "3 mines/#####/12321/.....", 4),
    ("one number: a mine, once a cell proven safe is set aside", "1 mine/.1#/.1#/.1#", 5),
    ("an open 0 beside a covered cell", "1 mine/.##/###/###", 1),
    ("two numbers, a mine: the 1-2", "4 mines/####/####/1211/....", 6),
    ("two numbers, safe: the 1-1", "4 mines/#####/#####/11111/.....", 7),
    (
        "two numbers, safe: some of the first's cells away from the second",
        "3 mines/#####/#####/11211/.....",
        5,
    ),
    ("the 1-2-2-1: a mine from each end", "4 mines/####/####/1221/....", 5),
    ("a group of numbers", "3 mines/.1##/12##/####/####", 10),
    ("a group of numbers, a cell proven safe set aside", "2 mines/####/##21/1#1.", 1),
    ("the mine total: every mine found", "2 mines/##1../##1../221../.....", 0),
    ("the mine total: the one mine found", "1 mine/..../111./##1./##1.", 12),
    ("the mine total: mines left, the numbers placing them", "2 mines/..1##/..1##/..12#", 4),
    ("the mine total: none found yet", "3 mines/####/##3#", 0),
    ("the mine total: the mines left fill the cells left", "3 mines/##2../##2../111..", 0),
)


def said() -> str:
    lines = []
    for title, text, cell in SAMPLES:
        seen = SeenPosition.parse(text.replace("/", "\n"))
        grid = Grid(seen.rows, seen.cols)
        mine = cell in analyse(grid, seen.mines, seen.tiles).mines
        found = explain(grid, seen.mines, seen.tiles, cell, mine)
        assert found.derivation is not None
        assert check(grid, seen.mines, seen.tiles, found.derivation) is None
        what = "is a mine" if mine else "is safe"
        words = sentence(f"{capitalised(spot(grid, cell))} {what}: {found.words}")
        lines += [f"## {title}", *seen.text().splitlines()]
        lines += textwrap.wrap(words, 96, break_on_hyphens=False)
        lines.append("")
    return "\n".join(lines)


def test_the_sentences_read_as_the_snapshot_says() -> None:
    now = said()
    if os.environ.get("UPDATE_SNAPSHOTS"):
        SNAPSHOT.write_text(now)
    assert SNAPSHOT.read_text() == now, "words changed: review, then UPDATE_SNAPSHOTS=1"


def test_no_sentence_disagrees_in_number() -> None:
    text = said()
    for wrong in (
        " 1 mines",
        " 1 are ",
        "1 known mines",
        " 0 mines",
        "1 covered cells",
        " 1 more mines",
    ):
        assert wrong not in text


def test_a_clash_counts_its_known_mines_in_agreement() -> None:
    """The clash once said "touches 1 known mines": its words count through
    engine.wording too."""
    from engine.solver.clash import find_clash

    seen = SeenPosition.parse("1 mine\n*.#\n###")
    clash = find_clash(seen.grid, seen.mines, seen.tiles)
    assert clash is not None and clash.reason == "the 0 at row 1, column 2 touches 1 known mine"
