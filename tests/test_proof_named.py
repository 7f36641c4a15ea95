"""Every step of a proof can be checked by its reader: the words name every number
the derivation reads, each as the board shows it, and the independent checker
(:mod:`engine.proof_check`) finds each step follows from those numbers. A group of more than
six numbers was said "and 1 more number linked to them", leaning on a number it did not
name. Walked over every proven cell of solver-played intermediate games."""

from __future__ import annotations

import re

from engine import INTERMEDIATE, Move, apply, new_game
from engine.proof_check import check
from engine.solver import analyse
from play.review.proof_words import explain

NAMED = re.compile(r"the (\d) at row (\d+), column (\d+)")
GAMES = 6


def test_the_words_name_every_number_each_step_reads() -> None:
    proofs = biggest = 0
    for seed in range(GAMES):
        game = apply(new_game(INTERMEDIATE, seed), Move.reveal(8, 8)).game
        while not game.status.is_over:
            grid, mines, tiles = game.grid, game.level.mines, game.tiles
            found = analyse(grid, mines, tiles)
            for cell in sorted(found.mines)[:3] + sorted(found.safe)[:3]:
                explained = explain(grid, mines, tiles, cell, cell in found.mines)
                derivation = explained.derivation
                if derivation is None:
                    continue
                proofs += 1
                named = {}
                for value, row, col in NAMED.findall(explained.words):
                    named[grid.index(int(row) - 1, int(col) - 1)] = int(value)
                for number, value in named.items():
                    assert tiles[number] == value, explained.words  # as the board shows it
                unnamed = set(derivation.numbers) - set(named)
                assert not unnamed, f"{explained.words}\nreads {sorted(unnamed)} unnamed"
                assert check(grid, mines, tiles, derivation) is None
                biggest = max(biggest, *(len(step.numbers) for step in derivation.steps))
            if not found.safe:
                break
            game = apply(game, Move.reveal(*grid.row_col(min(found.safe)))).game
    assert proofs > 1000 and biggest > 6  # a group past the old six named numbers was read
