"""Drills for everyone: made on the player's device from a kind and a seed, never shipped.

A bank drill is a kind and a seed (``1-2-1-42``, as a link says ``?drill=1-2-1-42``, read
by :func:`play.practice.drill.bank_key`): the
seed deals small games, which are played with proven moves only until a position shows
the kind asked for. The same kind and seed give the same drill everywhere. The kinds, the
classic patterns (:data:`play.practice.drill.KINDS`), are recognised from the proof a
player needs (:mod:`play.practice.proof`):

- **1-1**, **1-2**, **1-2-1**, **1-2-2-1**: a safe cell proven in one step by two numbers
  side by side along a wall, the wall's numbers reading that pattern; that cell is offered
  with the wall's cells over the pattern that are not safe: "Which of these is safe?" (one
  cell offered is, always);
- **corner**: a number with one covered cell left, diagonally, at the opening's corner:
  "Which of these is a mine?";
- **hole**: a covered cell with no covered neighbour, a hole in the opening, proven in one
  step: "Which of these is a mine?" or "… is safe?";
- **count**: no number proves a safe cell, but the mines left do (the end of a game):
  "Find a safe cell.";
- **chain-2**, **chain-3**: a safe cell that takes two (three) steps, a mine proven first
  and then what it tells: "Which of these is safe?" (a safe cell elsewhere would skip the
  steps).

The patterns and chains are found on walls (a covered band along a side, opened as a first
click would open it), the others in games played with proven moves only.

A drill's difficulty comes from its proof: the steps and the numbers it reads
(:func:`play.practice.proof.difficulty`).

It is long because it finds every kind above; their finders share the walls and cells offered.

>>> drill = bank_drill("1-2-1", 42)
>>> drill.kind, drill.source, drill.task.value
('1-2-1', '1-2-1 #42', 'pick-safe')
>>> bank_drill("1-2-1", 42) == drill
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from engine import Layout, Level, Move, Rng, apply, new_game
from engine import tiles as t
from engine.numbers import excerpt
from engine.solver import Analysis
from engine.steps import Steps, drain
from play.practice.checking import analysed
from play.practice.drill import KINDS, BadDrill, Drill, Task
from play.practice.making import covered_near, position
from play.practice.proof import PATTERNS, Proof, prove

GAMES = 40
"""Games dealt at most for one drill before the kind's fallback (a drill is always made)."""
MOST_OPTIONS = 4
MOST_PATTERN_OPTIONS = 6
"""Wall cells over a pattern offered at most (a 1-2-2-1 in the middle of a wall has 6)."""

_BOARDS: dict[str, tuple[Level, ...]] = {
    "count": (Level(5, 5, 5), Level(5, 6, 6), Level(6, 6, 7)),
    "hole": (Level(8, 8, 12), Level(8, 9, 14)),
}
_DEFAULT_BOARDS = (Level(8, 8, 12), Level(8, 9, 13), Level(9, 9, 15))
_PATTERNS = {kind: (numbers,) for kind, numbers in PATTERNS.items()}


def bank_drill(kind: str, seed: int) -> Drill:
    """The drill of ``kind`` made from ``seed``."""
    return drain(bank_steps(kind, seed))


def bank_steps(kind: str, seed: int) -> Steps[Drill]:
    """:func:`bank_drill` in slices: it yields after each position looked at (a few
    milliseconds in CPython), so a page can give the browser its turn."""
    if kind not in KINDS:
        raise BadDrill(f"no kind of drill {excerpt(kind)}")
    digest = hashlib.sha256(f"minesweeper drill {kind} {seed}".encode()).digest()
    rng = Rng(int.from_bytes(digest[:8], "big"))
    boards = _BOARDS.get(kind, _DEFAULT_BOARDS)
    fallback: Drill | None = None
    for _ in range(GAMES):
        level = boards[rng.below(len(boards))]
        found = _walls(rng) if kind in _ON_WALLS else _positions(level, rng)
        for level, tiles, proofs in found:
            drill = _drill(kind, level, tiles, proofs, f"{kind} #{seed}")
            if drill is not None:
                return drill
            if fallback is None:
                fallback = _any_safe(kind, level, tiles, proofs, f"{kind} #{seed}")
            yield None
    assert fallback is not None  # every game's first position has a proven cell or more
    return fallback


_ON_WALLS = frozenset({"1-1", "1-2", "1-2-1", "1-2-2-1", "chain-2", "chain-3"})
"""The kinds found on walls (:func:`_walls`) rather than in played games."""
WALLS = 12
"""Walls dealt in one go (each a position)."""


def _walls(rng: Rng) -> Iterator[tuple[Level, bytes, dict[int, Proof]]]:
    """Positions of a covered band along one side of a board, its first row holding random
    mines, open beyond as a first click there would open it (the flood stops at the
    numbers, so no 0 touches a covered cell): where the wall patterns show. The band's far
    rows hold mines too, so the mine count proves nothing."""
    for _ in range(WALLS):
        cols, rows = 6 + rng.below(4), 5 + rng.below(2)
        front = {cols + c for c in range(cols) if rng.below(100) < 35}
        back = {c for c in range(cols) if rng.below(100) < 30}
        back.add(rng.below(cols))
        if not front:
            continue
        level = Level(rows, cols, len(front) + len(back))
        game = new_game(layout=Layout(level, frozenset(front | back)))
        game = apply(game, Move.reveal(rows - 1, rng.below(cols))).game
        turned, tiles = _turned(level, position(game.tiles), rng.below(4))
        yield turned, tiles, prove(turned, tiles)


def _turned(level: Level, tiles: bytes, turns: int) -> tuple[Level, bytes]:
    """``tiles`` turned a quarter clockwise ``turns`` times: the wall on any side."""
    for _ in range(turns):
        rows, cols = level.rows, level.cols
        level = Level(cols, rows, level.mines)
        tiles = bytes(tiles[(rows - 1 - c) * cols + r] for r in range(cols) for c in range(rows))
    return level, tiles


def _positions(level: Level, rng: Rng) -> Iterator[tuple[Level, bytes, dict[int, Proof]]]:
    """The positions of a game dealt by ``rng`` and played with proven moves, a random one of
    the easiest each time, until nothing is proven (or the game is won)."""
    rows, cols = level.rows, level.cols
    first = (rows // 2, cols // 2)
    keep_free = set(level.grid.block(level.grid.index(*first)))
    free = [c for c in range(level.cells) if c not in keep_free]
    mines: set[int] = set()
    while len(mines) < level.mines:
        mines.add(free[rng.below(len(free))])
    game = apply(new_game(layout=Layout(level, frozenset(mines))), Move.reveal(*first)).game
    while not game.status.is_over:
        tiles = position(game.tiles)
        proofs = prove(level, tiles)
        yield level, tiles, proofs
        safe = sorted(c for c, p in proofs.items() if not p.mine)
        if not safe:
            return
        easiest = min(proofs[c].steps for c in safe)
        choices = [c for c in safe if proofs[c].steps == easiest]
        cell = choices[rng.below(len(choices))]
        game = apply(game, Move.reveal(*divmod(cell, cols))).game


def _drill(kind: str, level: Level, tiles: bytes, proofs: dict[int, Proof], source: str) -> (
    Drill | None
):  # fmt: skip
    safe = {c: p for c, p in proofs.items() if not p.mine}
    if kind in ("chain-2", "chain-3"):
        return _chain(kind, level, tiles, proofs, source)
    if kind == "count":
        return _count(level, tiles, proofs, source)
    if kind == "corner":
        return _corner(level, tiles, proofs, source)
    if kind == "hole":
        return _hole(level, tiles, proofs, source)
    for cell, proof in safe.items():
        window = _reads(level, tiles, proof.by, kind) if proof.numbers == 2 else None
        if proof.steps == 1 and window:
            return _pattern(kind, level, tiles, window, cell, source)
    return None


def _pattern(
    kind: str, level: Level, tiles: bytes, window: list[int], target: int, source: str
) -> Drill | None:
    """The safe cell the pattern proves, ``target``, offered with the wall's cells over the
    pattern's numbers that are not safe: "Which of these is safe?" (the pattern, not an
    easier cell elsewhere, is what the drill is about), with one right answer (a 1-2-2-1
    proves two cells safe: offering both asked "is safe?" of two safe cells)."""
    analysis = _analysis(level, tiles)
    cells = sorted(
        {n for number in window for n in level.grid.neighbours(number) if tiles[n] == t.COVERED}
    )
    others = [c for c in cells if c not in analysis.safe]
    if len(cells) > MOST_PATTERN_OPTIONS or target not in cells or not others:
        return None
    options = tuple(sorted([target, *others]))
    return Drill(level, tiles, Task.PICK_SAFE, options, source=source, kind=kind)


def _reads(level: Level, tiles: bytes, by: tuple[int, ...], kind: str) -> list[int] | None:
    """The run of numbers along the line of ``by`` (two numbers side by side) that reads
    ``kind`` with both of them in it (1-2-1: a 1, a 2 and a 1); None when there is none."""
    a, b = by
    cols = level.cols
    (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
    if abs(ra - rb) + abs(ca - cb) != 1:
        return None
    step = 1 if ra == rb else cols
    run = [min(a, b)]
    while _in_line(run[0] - step, run[0], step, cols, level) and 1 <= tiles[run[0] - step] <= 8:
        run.insert(0, run[0] - step)
    while _in_line(run[-1] + step, run[-1], step, cols, level) and 1 <= tiles[run[-1] + step] <= 8:
        run.append(run[-1] + step)
    values = [tiles[c] for c in run]
    for pattern in _PATTERNS[kind]:
        width = len(pattern)
        for start in range(len(values) - width + 1):
            window = run[start : start + width]
            if tuple(values[start : start + width]) == pattern and a in window and b in window:
                longer = width == 2 and _longer_pattern(values, start)
                return None if longer else window
    return None


def _longer_pattern(values: list[int], start: int) -> bool:
    """A 1-2 or 1-1 that is part of a 1-2-1 or 1-2-2-1, which are drills of their own."""
    text = "".join(map(str, values))
    return "121" in text or "1221" in text


def _in_line(cell: int, beside: int, step: int, cols: int, level: Level) -> bool:
    if not 0 <= cell < level.cells:
        return False
    return step != 1 or cell // cols == beside // cols


def _analysis(level: Level, tiles: bytes) -> Analysis:
    found = analysed(level, level.mines, tiles)
    assert found is not None  # the tiles of a game played on ``level``
    return found


def _chain(
    kind: str, level: Level, tiles: bytes, proofs: dict[int, Proof], source: str
) -> Drill | None:
    """A safe cell that takes exactly 2 (3) steps, offered with covered cells near it that are
    not safe: "Which of these is safe?" (any safe cell would skip the steps)."""
    steps = int(kind[-1])
    for target in sorted(c for c, p in proofs.items() if not p.mine and p.steps == steps):
        drill = _offered(kind, level, tiles, target, Task.PICK_SAFE, source)
        if drill is not None:
            return drill
    return None


def _offered(
    kind: str, level: Level, tiles: bytes, target: int, task: Task, source: str
) -> Drill | None:
    """``target`` offered with the covered cells nearest it (two cells away at most) that
    are not right answers: a mine among safe ones, a safe cell among the others."""
    analysis = _analysis(level, tiles)
    right = analysis.mines if task is Task.MINE else analysis.safe
    others = [c for c in covered_near(level, tiles, target, 2) if c not in right]
    others = others[: MOST_OPTIONS - 1]
    if not others:
        return None
    return Drill(level, tiles, task, tuple(sorted([target, *others])), source=source, kind=kind)


def _count(level: Level, tiles: bytes, proofs: dict[int, Proof], source: str) -> Drill | None:
    if any(not p.mine for p in proofs.values()):
        return None
    covered = sum(1 for x in tiles if x == t.COVERED)
    if covered > 12:  # the end of a game: a few covered cells
        return None
    analysis = _analysis(level, tiles)
    if not analysis.safe:
        return None
    # Only the count proves it: with one mine more or fewer the numbers allow a mine there.
    for other in (level.mines - 1, level.mines + 1):
        again = analysed(level, other, tiles) if 0 < other < level.cells else None
        if again is not None and analysis.safe - again.safe:
            return Drill(level, tiles, Task.SAFE, source=source, kind="count")
    return None


def _corner(level: Level, tiles: bytes, proofs: dict[int, Proof], source: str) -> Drill | None:
    """A number with one covered cell left, diagonally: the mine at the opening's corner."""
    grid = level.grid
    for cell, proof in sorted(proofs.items()):
        if not (proof.mine and proof.steps == 1 and proof.numbers == 1):
            continue
        (number,) = proof.by
        covered = [n for n in grid.neighbours(number) if tiles[n] == t.COVERED]
        (r, c), (nr, nc) = divmod(number, level.cols), divmod(cell, level.cols)
        if covered == [cell] and abs(r - nr) == 1 and abs(c - nc) == 1:
            drill = _offered("corner", level, tiles, cell, Task.MINE, source)
            if drill is not None:
                return drill
    return None


def _hole(level: Level, tiles: bytes, proofs: dict[int, Proof], source: str) -> Drill | None:
    """A covered cell with no covered neighbour, proven in one step: safe or a mine."""
    grid = level.grid
    for cell, proof in sorted(proofs.items()):
        if proof.steps != 1 or any(tiles[n] == t.COVERED for n in grid.neighbours(cell)):
            continue
        task = Task.MINE if proof.mine else Task.PICK_SAFE
        drill = _offered("hole", level, tiles, cell, task, source)
        if drill is not None:
            return drill
    return None


def _any_safe(
    kind: str, level: Level, tiles: bytes, proofs: dict[int, Proof], source: str
) -> Drill | None:
    """A drill of ``kind`` that asks for a safe cell of the position, whatever its proof:
    what the bank gives when its games show no such pattern (rare, and still a drill)."""
    if any(not p.mine for p in proofs.values()):
        return Drill(level, tiles, Task.SAFE, source=source, kind=kind)
    return None
