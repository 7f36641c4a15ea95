"""Every bank drill asks what the board it shows proves, and only that.

The oracle is ours alone, sharing no code with the solver that checks the answers: it lists
every way to place the mines on the drill's covered cells that fits the numbers shown (a
search that places one frontier cell at a time, each number checked as soon as its cells
are placed; the cells away from the numbers only counted), with the mine total the task
says, or with any total (the numbers alone).
"""

from __future__ import annotations

import re
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings

from engine import Level
from engine import tiles as t
from play.practice.bank import bank_drill
from play.practice.checking import check
from play.practice.drill import KINDS, BadDrill, Drill, Task, bank_key, task_words
from play.start.address import from_query
from tests.helpers import DrawnGame
from tests.test_practice import drills_from, played_games

SEEDS = range(12)


def proven(level: Level, tiles: bytes, total: int | None) -> tuple[set[int], set[int]]:
    """The covered cells safe in every layout that fits the numbers (and ``total`` mines in
    all, unless None), and those that are mines in every one."""
    grid = level.grid
    covered = [c for c in range(level.cells) if tiles[c] == t.COVERED]
    numbers = [c for c in range(level.cells) if tiles[c] <= 8]
    frontier = sorted({n for c in numbers for n in grid.neighbours(c) if tiles[n] == t.COVERED})
    interior = [c for c in covered if c not in set(frontier)]
    around = {c: [n for n in grid.neighbours(c) if tiles[n] == t.COVERED] for c in numbers}
    watching: dict[int, list[int]] = {f: [] for f in frontier}
    for number, cells in around.items():
        for cell in cells:
            watching[cell].append(number)
    place: dict[int, int] = {}
    ever_mine: set[int] = set()
    ever_safe: set[int] = set()

    def fits(number: int) -> bool:
        placed = [place[n] for n in around[number] if n in place]
        mines, open_ = sum(placed), len(around[number]) - len(placed)
        return mines <= tiles[number] <= mines + open_

    def search(index: int) -> None:
        if index == len(frontier):
            used = sum(place.values())
            rest = range(len(interior) + 1) if total is None else [total - used]
            counts = [r for r in rest if 0 <= r <= len(interior) and comb(len(interior), r)]
            if not counts:
                return
            ever_mine.update(c for c, v in place.items() if v)
            ever_safe.update(c for c, v in place.items() if not v)
            if any(r > 0 for r in counts):
                ever_mine.update(interior)
            if any(r < len(interior) for r in counts):
                ever_safe.update(interior)
            return
        cell = frontier[index]
        for value in (0, 1):
            place[cell] = value
            if all(fits(n) for n in watching[cell]):
                search(index + 1)
            del place[cell]

    if not all(tiles[c] == 0 or around[c] for c in numbers):
        raise AssertionError("a number with no covered cell left must be 0")
    search(0)
    covered_set = set(covered)
    return covered_set - ever_mine, covered_set - ever_safe


def said_total(drill: Drill) -> int:
    found = re.search(r"The board holds (\d+) mines? in all\.$", task_words(drill))
    assert found is not None, task_words(drill)
    return int(found.group(1))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_count_drill_says_the_mine_total_and_only_that_total_proves_its_answer(
    seed: int,
) -> None:
    """``?drill=count-7`` never said how many mines there are, so no cell was provably
    safe from what was shown, and a 50/50 pick was accepted as "Right"."""
    drill = bank_drill("count", seed)
    total = said_total(drill)
    assert total == drill.level.mines
    safe, _ = proven(drill.level, drill.tiles, total)
    assert safe  # the answer is proven from what is shown, the total with it
    safe_any, _ = proven(drill.level, drill.tiles, None)
    assert not safe_any  # and from the numbers alone, no cell is
    for cell in (c for c, tile in enumerate(drill.tiles) if tile == t.COVERED):
        answer = check(drill, cell)
        assert answer.right == (cell in safe), (seed, cell)  # no guess is ever "Right"
        assert answer.right_cells == frozenset(safe)


@pytest.mark.parametrize("kind", KINDS)
def test_every_bank_drill_says_its_total_and_offers_exactly_one_right_cell(kind: str) -> None:
    """ "Which of these is safe?" offered two safe cells (a 1-2-2-1's wall): one right
    answer among the cells offered, always, and the right cells are the proven ones."""
    for seed in SEEDS[:6]:
        drill = bank_drill(kind, seed)
        safe, mines = proven(drill.level, drill.tiles, said_total(drill))
        if drill.task.offers:
            right = mines if drill.task is Task.MINE else safe
            assert len(right & set(drill.options)) == 1, (kind, seed, drill.options)
            for cell in drill.options:
                assert check(drill, cell).right == (cell in right), (kind, seed, cell)
        elif drill.task is Task.SAFE:
            assert safe and all(check(drill, c).right for c in safe)


def test_a_kind_without_a_seed_is_that_kind_at_a_seed_of_chance() -> None:
    """``?drill=1-2-1`` silently opened a 1-2 drill (seed 1)."""
    assert bank_key("1-2-1", seeds=lambda: 77) == ("1-2-1", 77)
    assert bank_key("1-2-2-1", seeds=lambda: 3) == ("1-2-2-1", 3)
    assert bank_key("count", seeds=lambda: 10**12) == ("count", 10**12 % 1_000_000_000)
    assert bank_key("1-2-1-1") == ("1-2-1", 1)
    kinds = {bank_key(kind)[0] for kind in KINDS}
    assert kinds == set(KINDS)
    assert len({bank_key("corner")[1] for _ in range(20)}) > 1  # a seed of chance each time
    launch = from_query("?drill=1-2-1")
    assert launch.drill == "1-2-1" and launch.drill_note is None and not launch.messages
    with pytest.raises(BadDrill):
        bank_key("1-3")


def test_a_bad_drill_link_is_said_in_practice_not_under_the_board() -> None:
    """``?drill=nonsense``: the "Ignored drill=..." message was under the board, behind the
    Practice dialog; it goes with the drill, for the dialog to say."""
    launch = from_query("?drill=nonsense")
    assert launch.drill == "daily" and not launch.messages
    assert launch.drill_note is not None
    assert launch.drill_note.startswith('Ignored drill=nonsense: no kind of drill "nonsense"')
    assert launch.drill_note.endswith("Practising today's drill instead.")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games())
def test_every_drill_of_a_game_says_its_total_and_offers_exactly_one_right_cell(
    source: DrawnGame,
) -> None:
    for drill in drills_from(source, "seed 1"):
        safe, mines = proven(drill.level, drill.tiles, said_total(drill))
        if drill.task.offers:
            right = mines if drill.task is Task.MINE else safe
            assert len(right & set(drill.options)) == 1, drill.to_text()
        elif drill.task is Task.SAFE:
            assert safe and check(drill, min(safe)).right
