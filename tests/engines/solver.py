"""Which covered cells are certainly safe, and which certainly mines, from what a player sees.

An oracle independent of ``engine.solver``: it reads only the board as the DOM contract
draws it (each cell's ``data-state`` and ``data-value``, the board's ``data-mines``) and
tries every way of placing mines next to the open numbers (fine for the smoke's beginner
boards). A cell is certain when every placement that fits the numbers and the mine count
agrees on it.

>>> row = {(0, 0): ("open", "1"), (0, 1): ("covered", None), (0, 2): ("covered", None)}
>>> certain(row, rows=1, cols=3, mines=1)
Certain(safe=frozenset({(0, 2)}), mines=frozenset({(0, 1)}))
>>> certain(row, rows=1, cols=3, mines=3)
Traceback (most recent call last):
ValueError: no placement of the mines fits this board
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]
Board = dict[Cell, tuple[str, str | None]]


@dataclass(frozen=True)
class Certain:
    safe: frozenset[Cell]
    mines: frozenset[Cell]


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def certain(board: Board, rows: int, cols: int, mines: int) -> Certain:
    unknown = {cell for cell, (state, _) in board.items() if state != "open"}
    rules: list[tuple[list[Cell], int]] = []  # (covered neighbours, mines among them)
    for cell, (state, value) in board.items():
        if state == "open" and value not in (None, "0"):
            around = [n for n in neighbours(cell, rows, cols) if n in unknown]
            if around:
                rules.append((around, int(str(value))))
    # The frontier in the order the rules meet it, so that a rule is checked soon.
    frontier: list[Cell] = []
    for around, _ in rules:
        frontier += [n for n in around if n not in frontier]
    interior = len(unknown) - len(frontier)
    index = {cell: i for i, cell in enumerate(frontier)}
    rules_of: list[list[int]] = [[] for _ in frontier]
    for r, (around, _) in enumerate(rules):
        for n in around:
            rules_of[index[n]].append(r)
    last_of_rule = [max(index[n] for n in around) for around, _ in rules]

    placed = [0] * len(frontier)
    ever_mine = [False] * len(frontier)
    ever_safe = [False] * len(frontier)
    inside: set[int] = set()  # how many mines the interior had, over the placements

    def fits(i: int) -> bool:
        for r in rules_of[i]:
            around, want = rules[r]
            have = sum(placed[index[n]] for n in around if index[n] <= i)
            left = sum(1 for n in around if index[n] > i)
            if have > want or have + left < want or (last_of_rule[r] == i and have != want):
                return False
        return True

    def place(i: int, used: int) -> None:
        if i == len(frontier):
            if 0 <= mines - used <= interior:
                inside.add(mines - used)
                for j, mine in enumerate(placed):
                    ever_mine[j] |= bool(mine)
                    ever_safe[j] |= not mine
            return
        for mine in (0, 1):
            placed[i] = mine
            if fits(i):
                place(i + 1, used + mine)
        placed[i] = 0

    place(0, 0)
    if not inside:
        raise ValueError("no placement of the mines fits this board")
    safe = {cell for cell, i in index.items() if not ever_mine[i]}
    sure = {cell for cell, i in index.items() if not ever_safe[i]}
    rest = unknown - set(frontier)
    if inside == {0}:
        safe |= rest
    if interior and inside == {interior}:
        sure |= rest
    return Certain(frozenset(safe), frozenset(sure))
