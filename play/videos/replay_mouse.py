"""A replay file's mouse events turned into moves, as the clone that recorded them played them.

Minesweeper Arbiter (AVF) and Metasweeper (EVF) record the mouse only, not what it did: a
left press then release on a cell opens it, a right press flags (or unflags) at once, and
both buttons down then one released chords the cell under the pointer, as in Windows
Minesweeper. The state machine here follows ms-toollib's (MIT; ``MinesweeperBoard::step`` in
``base/src/videos/minesweeper_board.rs``), reimplemented, with the same event names:

``lc``/``lr``, ``rc``/``rr``, ``mc``/``mr``: left, right, middle button down / up;
``cc``: both buttons down (EVF); ``l``, ``r``, ``m``: a button pressed or released (EVF);
``pf``: a flag placed before the game (EVF); ``mv``: a move, ignored.

Each click on the board becomes one :class:`~engine.moves.Move` (``O``, ``F`` or ``C``) at the
time of the button's release (a flag: its press), including clicks that change nothing, so
that click counts match the clone's. What cannot be written as a move is left out: a click
off the board, and a chord before the first cell is opened (the clone ignores it too).

A click off the board is still a click for the field, though no move: a left press released
off the board, and a right press off it (unless it becomes part of a chord), once the game
has begun (a cell opened or a flag placed), as ms-toollib counts them. They are counted apart,
as :attr:`MousePlay.off_board`, for the counters (IOE, correctness) to include.

Times are on the game's clock, as the clones show them: it starts when the first cell opens.
Metasweeper's file starts earlier, at the first press; a move made before the clock started
(a flag placed first) is at 0.

>>> from engine import Layout, new_game
>>> start = new_game(layout=Layout.from_text('*..\\n...\\n...'))
>>> events = [MouseEvent("rc", 0, 3, 3), MouseEvent("rr", 60, 3, 3),  # pixel (3, 3): cell 0,0
...           MouseEvent("lc", 400, 40, 40), MouseEvent("lr", 490, 41, 38)]
>>> moves, game, off_board, began = moves_from_mouse(events, start, cell_size=16)
>>> [f"{m.move}@{m.ms}" for m in moves], game.status.value, off_board.total
(['F0,0@0', 'O2,2@0'], 'won', 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from engine import Clicks, Game, Move, Status, TimedMove, apply
from engine import tiles as t

KINDS = frozenset({"mv", "lc", "lr", "rc", "rr", "mc", "mr", "cc", "pf", "l", "r", "m"})
"""The mouse events of ms-toollib's naming."""


@dataclass(frozen=True, slots=True)
class MouseEvent:
    kind: str
    """One of :data:`KINDS`."""
    ms: int
    """Milliseconds on the replay's clock."""
    x: int
    y: int
    """Pixels from the board's top-left corner (negative or past the board: off it)."""


class _State(Enum):
    UP_UP = "neither button down"
    DOWN_UP = "left down"
    UP_DOWN = "right down, having flagged"
    UP_DOWN_NOT_FLAG = "right down on an open cell or off the board"
    CHORDING = "both down"
    CHORDING_NOT_FLAG = "both down, the right having flagged nothing"
    DOWN_UP_AFTER_CHORDING = "left still down after a chord"


_PRESS_RIGHT = {
    _State.DOWN_UP: _State.CHORDING,
    _State.DOWN_UP_AFTER_CHORDING: _State.CHORDING,
}
_PRESS_LEFT = {
    _State.UP_UP: _State.DOWN_UP,
    _State.UP_DOWN: _State.CHORDING,
    _State.UP_DOWN_NOT_FLAG: _State.CHORDING_NOT_FLAG,
}
_BOTH = {
    _State.UP_UP: _State.CHORDING,
    _State.DOWN_UP: _State.CHORDING,
    _State.DOWN_UP_AFTER_CHORDING: _State.CHORDING,
    _State.UP_DOWN: _State.CHORDING,
    _State.UP_DOWN_NOT_FLAG: _State.CHORDING_NOT_FLAG,
}
_CHORDING = (_State.CHORDING, _State.CHORDING_NOT_FLAG)


class _Machine:
    def __init__(self, game: Game, cell_size: int) -> None:
        self.game = game
        self.size = cell_size
        self.state = _State.UP_UP
        self.middle = False
        self.pending: TimedMove | None = None
        """A right click on an open cell: counted when the right button comes up alone."""
        self.pending_off_board = False
        """A right press off the board: a click when the right button comes up alone."""
        self.off_left = self.off_right = 0
        """Clicks off the board (no move can hold them)."""
        self.moves: list[TimedMove] = []
        self.last = 0
        self.began: int | None = None
        """When the first cell opened, on the file's clock: the game's clock starts then."""

    def cell(self, event: MouseEvent) -> tuple[int, int] | None:
        if event.x < 0 or event.y < 0:
            return None
        row, col = event.y // self.size, event.x // self.size
        return (row, col) if self.game.grid.contains(row, col) else None

    def play(self, move: Move, ms: int) -> None:
        self.last = max(self.last, ms)
        self.moves.append(TimedMove(move, self.last))
        self.game = apply(self.game, move).game
        if self.began is None and self.game.opened:
            self.began = self.last

    def begun(self) -> bool:
        """Whether clicks off the board count: once a cell is open or a flag placed."""
        status = self.game.status
        return status is Status.PLAYING or (status is Status.READY and self.game.flags > 0)

    def reveal(self, event: MouseEvent) -> None:
        spot = self.cell(event)
        if spot is not None:
            self.play(Move.reveal(*spot), event.ms)
        elif self.begun():
            self.off_left += 1

    def chord(self, event: MouseEvent) -> None:
        self.pending = None  # a right click that became part of a chord is no click of its own
        self.pending_off_board = False
        spot = self.cell(event)
        if spot is not None and self.game.status is not Status.READY:
            self.play(Move.chord(*spot), event.ms)

    def right_press(self, event: MouseEvent) -> None:
        spot = self.cell(event)
        if spot is not None and t.is_covered(self.game.tile(*spot)):
            self.play(Move.mark(*spot), event.ms)
            self.state = _State.UP_DOWN
            return
        self.state = _State.UP_DOWN_NOT_FLAG
        if spot is not None:  # a right click on an open cell: nothing, but a click
            self.pending = TimedMove(Move.mark(*spot), event.ms)
        else:
            self.pending_off_board = self.begun()

    def right_release(self, event: MouseEvent) -> None:
        if self.state in _CHORDING:
            self.state = _State.DOWN_UP_AFTER_CHORDING
            self.chord(event)
        elif self.state in (_State.UP_DOWN, _State.UP_DOWN_NOT_FLAG):
            self.state = _State.UP_UP
            if self.pending is not None:
                pending, self.pending = self.pending, None
                assert isinstance(pending.move, Move)
                self.play(pending.move, pending.ms)
            if self.pending_off_board:
                self.pending_off_board = False
                self.off_right += 1

    def left_release(self, event: MouseEvent) -> None:
        state = self.state
        if state is _State.DOWN_UP:
            self.state = _State.UP_UP
            self.reveal(event)
        elif state in _CHORDING:
            self.state = _State.UP_DOWN
            self.chord(event)
        elif state is _State.DOWN_UP_AFTER_CHORDING:
            self.state = _State.UP_UP
        elif state is _State.UP_UP and self.game.status is Status.READY:
            self.reveal(event)  # Viennasweeper's files start at the first click's release

    def step(self, event: MouseEvent) -> None:
        kind, state = event.kind, self.state
        if kind == "lc":
            self.state = _PRESS_LEFT.get(state, state)
        elif kind == "lr":
            self.left_release(event)
        elif kind == "rc":
            if state is _State.UP_UP:
                self.right_press(event)
            else:
                self.state = _PRESS_RIGHT.get(state, state)
        elif kind == "rr":
            self.right_release(event)
        elif kind == "cc":
            self.state = _BOTH.get(state, state)
        elif kind == "l":
            if state in (_State.DOWN_UP, _State.DOWN_UP_AFTER_CHORDING, *_CHORDING):
                self.left_release(event)
            else:
                self.state = _PRESS_LEFT.get(state, state)
        elif kind == "r":
            if state in (_State.UP_DOWN, _State.UP_DOWN_NOT_FLAG, *_CHORDING):
                self.right_release(event)
            elif state is _State.UP_UP:
                self.right_press(event)
            else:
                self.state = _PRESS_RIGHT.get(state, state)
        elif kind in ("mc", "mr", "m"):
            self.middle = kind == "mc" or (kind == "m" and not self.middle)
            if not self.middle:
                self.chord(event)
        elif kind == "pf":
            spot = self.cell(event)
            if spot is not None and t.is_covered(self.game.tile(*spot)):
                self.play(Move.mark(*spot), event.ms)


class MousePlay(NamedTuple):
    """What a replay's mouse did: its moves, the game they lead to, and its clicks off the
    board (left and right; none of them effective)."""

    moves: tuple[TimedMove, ...]
    game: Game
    off_board: Clicks
    began: int = 0
    """When the game's clock started (its first cell opened), on the events' clock."""


def moves_from_mouse(events: Iterable[MouseEvent], start: Game, cell_size: int) -> MousePlay:
    """The moves that ``events`` make on ``start`` (cells of ``cell_size`` pixels), the
    game they lead to and the clicks off the board. Events after the end of the game are
    ignored."""
    machine = _Machine(start, cell_size)
    for event in events:
        if machine.game.status.is_over:
            break
        if event.kind != "mv":
            machine.step(event)
    began = machine.began or 0
    moves = tuple(TimedMove(m.move, max(0, m.ms - began)) for m in machine.moves)
    off_board = Clicks(machine.off_left, machine.off_right)
    return MousePlay(moves, machine.game, off_board, began)
