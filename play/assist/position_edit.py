"""Setting a position up by hand: what a click, a key or a brush does to a cell.

Front-end neutral: the page's editor (:mod:`web.dialogs.editor.dialog`) turns clicks, drags and
keys into these calls and draws the position they return. A click cycles a cell through
covered, open (showing the number its known mines and flags already make), flagged and
known mine, and a right click flags it or takes its flag away; a key or a brush sets it
outright. The mine total follows the board: when a change leaves it more than the cells
not open can hold (or fewer than the known mines), it is moved to the nearest total that
fits, and :func:`edited` says so.

>>> from engine.position_text import SeenPosition
>>> position = SeenPosition.parse("1 mine\\n*#\\n##")
>>> after = edited(position, 3, cycled(position, 3))   # covered -> open, counting the *
>>> after.position.text(), after.note
('1 mine\\n*#\\n#1', None)
>>> two = SeenPosition.parse("2 mines\\n..\\n##")
>>> edited(two, 2, 1).note
'The mine total is now 1: the cells not open hold at most 1.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine import Game, Record, Status
from engine import tiles as t
from engine.position_text import PositionTextError, SeenPosition

EDITOR_CELLS = 10_000
"""The largest board the page's editor draws (each change redraws it whole); the text form
and the terminal take any board the custom dialog allows."""


def cycled(position: SeenPosition, cell: int) -> int:
    """The tile a click turns ``cell`` into: covered -> open -> flagged -> known mine ->
    covered. An opened cell shows the number its known mines and flags make, the likeliest
    one to be meant; keys and brushes set any other.

    >>> position = SeenPosition.parse("2 mines\\nF#\\n*#")
    >>> [cycled(position, 3), cycled(position, 0), cycled(position, 2)] == [2, t.MINE, t.COVERED]
    True
    """
    tile = position.tiles[cell]
    if tile == t.COVERED:
        around = position.grid.neighbours(cell)
        return sum(1 for n in around if position.tiles[n] in (t.MINE, t.FLAGGED))
    if t.is_open(tile):
        return t.FLAGGED
    if tile == t.FLAGGED:
        return t.MINE
    return t.COVERED


def right_clicked(position: SeenPosition, cell: int) -> int:
    """The tile a right click turns ``cell`` into: a flag, as in play, or covered again
    when it was one.

    >>> position = SeenPosition.parse("1 mine\\nF#")
    >>> right_clicked(position, 0) == t.COVERED, right_clicked(position, 1) == t.FLAGGED
    (True, True)
    """
    return t.COVERED if position.tiles[cell] == t.FLAGGED else t.FLAGGED


@dataclass(frozen=True, slots=True)
class Edited:
    """A position after a change, and what the change did to the mine total (in words)."""

    position: SeenPosition
    note: str | None = None


def edited(position: SeenPosition, cell: int, tile: int) -> Edited:
    """``position`` with ``cell`` showing ``tile``; the mine total moved to fit if it must.
    A change that would leave no cell for a mine is refused: the position stays, and the
    note says why."""
    tiles = bytearray(position.tiles)
    tiles[cell] = tile
    return fitted(position.rows, position.cols, position.mines, bytes(tiles), position)


def fitted(
    rows: int, cols: int, mines: int, tiles: bytes, before: SeenPosition | None = None
) -> Edited:
    """The position of ``tiles`` with the mine total nearest ``mines`` that fits."""
    known = tiles.count(t.MINE)
    room = sum(1 for tile in tiles if not t.is_open(tile))
    low, high = max(1, known), min(room, rows * cols - 1)
    if low > high:
        refused = "Every cell cannot be open: a board needs a cell for its mines."
        return Edited(before or SeenPosition.covered(rows, cols, 1), refused)
    total = min(max(mines, low), high)
    note: str | None = None
    if total != mines:
        why = (
            "the known mines need at least" if total > mines else "the cells not open hold at most"
        )
        note = f"The mine total is now {total}: {why} {total}."
    return Edited(SeenPosition(rows, cols, total, tiles), note)


def with_mines(position: SeenPosition, mines: int) -> Edited:
    """``position`` with another mine total (moved to the nearest that fits, and said)."""
    return fitted(position.rows, position.cols, mines, position.tiles, position)


def resized(position: SeenPosition, rows: int, cols: int, mines: int) -> SeenPosition:
    """A board of another size: every cell covered (a position's cells do not carry over).
    Raises :class:`~engine.position_text.PositionTextError` for a size or mine total the
    custom board dialog would refuse."""
    if (rows, cols) == (position.rows, position.cols):
        return replace(position, mines=mines)
    return SeenPosition.covered(rows, cols, mines)


def seen_before_loss(games: Sequence[Game]) -> SeenPosition:
    """The position the editor analyses of a game, ``games`` being its positions from the
    deal to the one at hand (the last): what the player saw there, and after a loss what
    they saw when they made the losing move. A lost game's tiles show every mine (each
    chance 0 or 100, nothing left to find); the position before the losing move is the one
    the player faced.

    >>> from engine import Level, Move, apply, new_game
    >>> from engine.layout import Layout
    >>> layout = Layout.from_text("*..\\n...\\n..*")
    >>> start = new_game(Level(3, 3, 2), layout=layout)
    >>> played = apply(start, Move.reveal(1, 1)).game
    >>> lost = apply(played, Move.reveal(0, 0)).game
    >>> print(seen_before_loss([start, played, lost]).text())
    2 mines
    ###
    #2#
    ###
    >>> seen_before_loss([start, played]) == seen_before_loss([start, played, lost])
    True
    """
    game = next((g for g in reversed(games) if g.status is not Status.LOST), games[-1])
    level = game.level
    return SeenPosition.seen_in(level.rows, level.cols, level.mines, game.tiles)


def seen_in_round(game: Game, record: Record) -> SeenPosition:
    """:func:`seen_before_loss` of the game in play, ``game`` with its ``record``: after a
    loss the record is played again up to the losing move (not for a board larger than
    the editor draws, which it refuses anyway)."""
    if game.status is not Status.LOST or game.level.cells > EDITOR_CELLS:
        return seen_before_loss([game])
    from play.videos.replay import frames_of

    return seen_before_loss([frame.game for frame in frames_of(record)])


__all__ = [
    "EDITOR_CELLS",
    "Edited",
    "PositionTextError",
    "cycled",
    "edited",
    "resized",
    "right_clicked",
    "seen_before_loss",
    "seen_in_round",
    "with_mines",
]
