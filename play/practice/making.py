"""Drills made from a reviewed game: each needless guess, worse guess and blunder becomes the
position the player saw before the move, with a task the numbers can answer.

:func:`drill_at` makes one drill from a position: the board's size and mine total, the
tiles the player saw, the move and the review's verdict. It is given no game, so it cannot
read a layout; :func:`drills_from_reviews` replays a reviewed game and hands it each
position's tiles.

The task follows what the position holds, not only the verdict:

- a proven-safe cell exists (a needless guess, or a blunder with a safe cell about):
  **Find a safe cell.**
- a blunder (a proven mine opened, a proven-safe cell flagged, a chord around a wrong
  flag): **Which of these is a mine?**, offering the cell played, a proven mine near it and
  cells near it that are not;
- a worse guess, where nothing was proven: **Find the safest cell.**

>>> from engine import Layout, Move, TimedMove, new_game
>>> class Game:   # row 3, column 4 opens a corner; row 2, column 1 is then a 50/50
...     moves = (TimedMove(Move.reveal(2, 3), 0), TimedMove(Move.reveal(1, 0), 900))
...     def new_game(self):
...         return new_game(layout=Layout.from_text("*...\\n....\\n.*.."))
>>> from play.review import review_moves
>>> [drill.to_text() for drill in drills_from_reviews(Game(), review_moves(Game()), "seed 7")]
['drill1;kind=game;level=4x3/2;task=safe;tiles=#1..#21.##1.;played=O1,0:needless \
guess:5000:survived;from=seed 7, move 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from engine import Level, MarksChange, Move, Replayable, Status, apply, with_question_marks
from engine import tiles as t
from engine.solver import InconsistentError, analyse
from play.practice.drill import LARGEST_BOARD, Drill, Mistake, Task
from play.review import MoveReview, Verdict

MISTAKES = frozenset({Verdict.NEEDLESS, Verdict.WORSE, Verdict.BLUNDER})
"""The verdicts that make drills."""
MOST_OPTIONS = 4
"""Cells a "Which of these is a mine?" task offers at most."""
NEAR = 2
"""How far (in king's moves) from the cell played a task's other options may be."""


def position(tiles: bytes) -> bytes:
    """What a drill shows of ``tiles``: open numbers, and every other cell covered (a flag
    or a question mark is the player's opinion, maybe wrong; the solver counts it as
    covered too).

    >>> list(position(bytes([1, t.FLAGGED, t.QUESTIONED, t.COVERED, 0])))
    [1, 9, 9, 9, 0]
    """
    return bytes(tile if t.is_open(tile) else t.COVERED for tile in tiles)


def drill_at(
    level: Level, tiles: bytes, move: Move, review: MoveReview, source: str = ""
) -> Drill | None:
    """The drill of a mistake made at a position, or None when the position proves nothing
    a task could ask (an estimated analysis, a board too large to practise on)."""
    if review.verdict not in MISTAKES or level.cells > LARGEST_BOARD:
        return None
    shown = position(tiles)
    grid = level.grid
    try:
        analysis = analyse(grid, level.mines, shown)
    except InconsistentError:  # not tiles a game shows
        return None
    played = Mistake(move, review.verdict.value, round(review.risk, 4))
    cell = grid.index(move.row, move.col)
    if review.verdict is Verdict.BLUNDER:
        options = _mine_options(level, shown, cell, analysis.mines)
        if options:
            return Drill(level, shown, Task.MINE, options, played=played, source=source)
    if analysis.safe:
        return Drill(level, shown, Task.SAFE, played=played, source=source)
    if review.verdict is Verdict.WORSE and analysis.exact and review.choice is not None:
        best = grid.index(*review.choice)
        return Drill(level, shown, Task.SAFEST, best=best, played=played, source=source)
    return None


def covered_near(level: Level, tiles: bytes, cell: int, reach: int) -> list[int]:
    """The covered cells at most ``reach`` cells from ``cell`` (a king's moves), nearest first.

    >>> covered_near(Level(1, 4, 1), bytes([9, 0, 9, 9]), 1, 1)
    [0, 2]
    """
    row, col = divmod(cell, level.cols)

    def distance(c: int) -> int:
        r, k = divmod(c, level.cols)
        return max(abs(r - row), abs(k - col))

    near = (c for c, tile in enumerate(tiles) if tile == t.COVERED and distance(c) <= reach)
    return sorted(near, key=lambda c: (distance(c), c))


def _mine_options(level: Level, tiles: bytes, cell: int, mines: frozenset[int]) -> tuple[int, ...]:
    """The cell played, the proven mine nearest it and covered cells near it that are not
    proven mines; () when there is no proven mine near, or nothing else to offer."""
    near = covered_near(level, tiles, cell, NEAR)
    proven = [c for c in near if c in mines]
    others = [c for c in near if c not in mines]
    if not proven or not others:
        return ()
    chosen = {proven[0], cell} if tiles[cell] == t.COVERED else {proven[0]}
    for c in others:
        if len(chosen) >= MOST_OPTIONS - 1:
            break
        chosen.add(c)
    return tuple(sorted(chosen))


def drills_from_reviews(
    source: Replayable, reviews: Iterable[MoveReview], origin: str = ""
) -> Iterator[Drill]:
    """The drills of a game whose moves ``reviews`` judged, in order (one per move, as
    :func:`play.review.review_moves` gives them). ``origin`` begins each drill's source:
    ``seed 7`` gives ``seed 7, move 12``."""
    game = source.new_game()
    for timed, review in zip(source.moves, reviews, strict=False):
        event = timed.move
        if isinstance(event, MarksChange):
            game = with_question_marks(game, event.on)
            continue
        before = game.tiles
        game = apply(game, event).game
        if review.verdict not in MISTAKES:
            continue
        where = f"{origin}, move {review.number}" if origin else f"move {review.number}"
        drill = drill_at(game.level, before, event, review, where)
        if drill is not None and drill.played is not None:
            if game.status is Status.LOST:
                drill = replace(drill, played=replace(drill.played, lost=True))
            yield drill
