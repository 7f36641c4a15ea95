"""Mouse buttons and touches on the board, turned into moves: what to press, what to play.

These classes see cells and buttons, never the DOM, so the classic rules of the
mouse live here where tests can reach them:

* the left button presses the cell under the pointer, the press follows the
  pointer, and releasing it reveals; releasing off the board cancels;
* the right button marks at once, on the way down, as in Windows;
* both buttons, or the middle one, press the 3x3 block and chord on release;
  after a chord the other button's release does nothing.

Cells are ``(row, col)`` pairs, as in :class:`engine.Move`.

>>> g = MouseGesture()
>>> g.press(LEFT, (0, 5)), g.preview
(None, Preview(spot=(0, 5), block=False))
>>> g.press(RIGHT, (0, 5)), g.preview
(None, Preview(spot=(0, 5), block=True))
>>> g.release(RIGHT, (0, 6)), g.release(LEFT, (0, 6)), g.preview
(Move(kind=<Action.CHORD: 'C'>, row=0, col=6), None, None)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Action, Move, Spot

LEFT, MIDDLE, RIGHT = 0, 1, 2
"""``MouseEvent.button`` values."""

LONG_PRESS_S = 0.45
TOUCH_SLOP_PX = 10.0
"""A touch that moves further than this is a scroll, not a tap."""


@dataclass(frozen=True, slots=True)
class Preview:
    """The cell drawn pressed while a button is held, or its 3x3 block when chording."""

    spot: Spot
    block: bool


class MouseGesture:
    __slots__ = ("_chording", "_held", "_spent", "_target")

    def __init__(self) -> None:
        self._held: set[int] = set()
        self._target: Spot | None = None
        self._chording = False
        self._spent = False

    @property
    def active(self) -> bool:
        return bool(self._held)

    @property
    def preview(self) -> Preview | None:
        if self._target is None or self._spent:
            return None
        if self._chording:
            return Preview(self._target, block=True)
        if LEFT in self._held:
            return Preview(self._target, block=False)
        return None

    def press(self, button: int, cell: Spot | None) -> Move | None:
        """A button went down over ``cell`` (None: off the board)."""
        if button not in (LEFT, MIDDLE, RIGHT):
            return None
        if not self._held:
            self._spent = False
        self._held.add(button)
        self._target = cell
        if button == MIDDLE or {LEFT, RIGHT} <= self._held:
            self._chording = True
            return None
        if button == RIGHT and cell is not None:
            return Move(Action.MARK, *cell)
        return None

    def move(self, cell: Spot | None) -> None:
        self._target = cell

    def release(self, button: int, cell: Spot | None, flag_mode: bool = False) -> Move | None:
        """A button came up over ``cell`` (None: off the board, which cancels).

        In Flag mode the left button marks instead of revealing."""
        if button not in self._held:
            return None
        self._held.discard(button)
        intent = None
        if self._chording:
            if not self._spent and cell is not None:
                intent = Move(Action.CHORD, *cell)
            self._spent = True
        elif button == LEFT and cell is not None:
            intent = Move(Action.MARK if flag_mode else Action.REVEAL, *cell)
        if not self._held:
            self.cancel()
        return intent

    def cancel(self) -> None:
        self._held.clear()
        self._target = None
        self._chording = False
        self._spent = False


class TouchGesture:
    """One finger on the board: a tap, a long press, or a scroll (which does nothing).

    A tap reveals and a long press marks; in flag mode the two swap. The session
    turns either into a chord on an open number, since a finger has no second button.

    >>> g = TouchGesture()
    >>> g.start((0, 7), 0.0, 0.0); g.end(flag_mode=False)
    Move(kind=<Action.REVEAL: 'O'>, row=0, col=7)
    >>> g.start((0, 7), 0.0, 0.0); g.long_press(flag_mode=False), g.end(flag_mode=False)
    (Move(kind=<Action.MARK: 'F'>, row=0, col=7), None)
    >>> g.start((0, 7), 0.0, 0.0); g.move(0.0, 25.0); g.end(flag_mode=False) is None
    True

    A finger held past :data:`LONG_PRESS_S` is a long press even if the page was too busy
    to run its timer before the finger lifted: the touch events' own times say so (a busy
    page otherwise revealed the cell a player held to flag).

    >>> g.start((0, 7), 0.0, 0.0, at=10.0); g.end(flag_mode=False, at=10.7)
    Move(kind=<Action.MARK: 'F'>, row=0, col=7)
    """

    __slots__ = ("_cell", "_done", "_origin", "_since", "_token")

    def __init__(self) -> None:
        self._cell: Spot | None = None
        self._origin = (0.0, 0.0)
        self._since = 0.0
        self._done = True
        self._token = 0

    @property
    def token(self) -> int:
        """Changes with every touch, so a late long-press timer can tell it is stale."""
        return self._token

    @property
    def pressing(self) -> Spot | None:
        return None if self._done else self._cell

    def start(self, cell: Spot | None, x: float, y: float, at: float = 0.0) -> None:
        """A finger down on ``cell`` at (``x``, ``y``), at ``at`` seconds (the event's
        time)."""
        self._token += 1
        self._cell, self._origin, self._done = cell, (x, y), cell is None
        self._since = at

    def move(self, x: float, y: float) -> None:
        dx, dy = x - self._origin[0], y - self._origin[1]
        if dx * dx + dy * dy > TOUCH_SLOP_PX * TOUCH_SLOP_PX:
            self._done = True

    def long_press(self, flag_mode: bool) -> Move | None:
        return self._finish(Action.REVEAL if flag_mode else Action.MARK)

    def end(self, flag_mode: bool, at: float | None = None) -> Move | None:
        """The finger lifted at ``at`` seconds (the event's time; None: not known)."""
        if at is not None and at - self._since >= LONG_PRESS_S:
            return self.long_press(flag_mode)
        return self._finish(Action.MARK if flag_mode else Action.REVEAL)

    def cancel(self) -> None:
        self._done = True

    def _finish(self, action: Action) -> Move | None:
        if self._done or self._cell is None:
            return None
        self._done = True
        return Move(action, *self._cell)
