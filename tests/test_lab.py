"""The bot lab's referee (play/lab): both interfaces play, and every way a bot fails ends
its game with the reason (docs/bot-lab.md)."""

from __future__ import annotations

import random

from engine import BEGINNER, EXPERT
from play.lab.cs50 import CS50Bot
from play.lab.referee import View, referee_game


def around(view: View, row: int, col: int) -> list[tuple[int, int]]:
    return [
        (r, c)
        for r in range(max(0, row - 1), min(view.rows, row + 2))
        for c in range(max(0, col - 1), min(view.cols, col + 2))
        if (r, c) != (row, col)
    ]


def one_number(view: View) -> tuple[str, int, int]:
    """Ours: flag around a number whose covered cells are all mines, chord a number whose
    flags are all there, else the first covered cell."""
    for row in range(view.rows):
        for col in range(view.cols):
            number = view.at(row, col)
            if not isinstance(number, int) or number == 0:
                continue
            near = around(view, row, col)
            covered = [cell for cell in near if view.at(*cell) == "covered"]
            flags = [cell for cell in near if view.at(*cell) == "flagged"]
            if covered and len(covered) + len(flags) == number:
                return ("flag", *covered[0])
            if covered and len(flags) == number:
                return ("chord", row, col)
    first = next(
        (r, c) for r in range(view.rows) for c in range(view.cols) if view.at(r, c) == "covered"
    )
    return ("reveal", *first)


class CountingAI:
    """A CS50-style class written for this test from CS50's interface: safe moves are the
    neighbours of a 0 it was told of; else a random cell it knows nothing of."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        self.moves_made: set[tuple[int, int]] = set()
        self.safes: set[tuple[int, int]] = set()
        self.random = random.Random(0)

    def add_knowledge(self, cell: tuple[int, int], count: int) -> None:
        self.moves_made.add(cell)
        if count == 0:
            i, j = cell
            for r in range(max(0, i - 1), min(self.height, i + 2)):
                for c in range(max(0, j - 1), min(self.width, j + 2)):
                    self.safes.add((r, c))

    def make_safe_move(self) -> tuple[int, int] | None:
        return next(iter(sorted(self.safes - self.moves_made)), None)

    def make_random_move(self) -> tuple[int, int] | None:
        left = [
            (i, j)
            for i in range(self.height)
            for j in range(self.width)
            if (i, j) not in self.moves_made
        ]
        return self.random.choice(left) if left else None


def test_our_interface_plays_to_wins_and_losses_the_same_each_time() -> None:
    ends = [referee_game(one_number, BEGINNER, seed) for seed in range(30)]
    assert {end.reason for end in ends} <= {"won", "stepped on a mine"}
    assert any(end.won for end in ends) and not all(end.won for end in ends)
    again = [referee_game(one_number, BEGINNER, seed) for seed in range(30)]
    assert [(e.won, e.reason, e.moves) for e in ends] == [(e.won, e.reason, e.moves) for e in again]


def test_the_cs50_interface_plays_unchanged() -> None:
    ends = [referee_game(CS50Bot(CountingAI), BEGINNER, seed) for seed in range(20)]
    assert {end.reason for end in ends} <= {"won", "stepped on a mine"}
    assert all(end.moves >= 1 for end in ends)


def test_a_move_off_the_board_ends_the_game_in_words() -> None:
    end = referee_game(lambda view: ("reveal", 99, 0), EXPERT, seed=1)
    assert not end.won and end.reason == "row 100, column 1 is off the 16x30 board"


def test_a_move_that_is_no_move_ends_the_game_in_words() -> None:
    end = referee_game(lambda view: "open the middle", BEGINNER, seed=1)
    assert not end.won and end.reason.startswith('bad move "open the middle"')
    end = referee_game(lambda view: ("dig", 1, 1), BEGINNER, seed=1)
    assert "is not a move" in end.reason


def test_the_bots_exception_ends_its_game_with_the_bots_words() -> None:
    def broken(view: View) -> None:
        raise KeyError("no such cell")

    end = referee_game(broken, BEGINNER, seed=1)
    assert not end.won and end.reason == "the bot raised KeyError: 'no such cell'"


def test_a_bot_that_gives_up_or_repeats_itself_is_stopped() -> None:
    assert referee_game(lambda view: None, BEGINNER, seed=1).reason == "the bot gave up"
    flagger = referee_game(lambda view: "F0,0", BEGINNER, seed=1, max_moves=50)
    assert flagger.reason == "no end after 50 moves" and flagger.moves == 50


def test_the_view_holds_only_what_a_player_sees() -> None:
    seen: list[View] = []

    def look(view: View) -> str:
        seen.append(view)
        return "O4,4"

    referee_game(look, BEGINNER, seed=2)
    first, second = seen
    assert {cell for row in first.cells for cell in row} == {"covered"}
    values = {cell for row in second.cells for cell in row}
    assert values <= {"covered", 0, 1, 2, 3, 4, 5, 6, 7, 8}
    assert set(View.__slots__) == {"rows", "cols", "mines", "cells"}
