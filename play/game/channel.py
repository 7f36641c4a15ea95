"""The session's one observer: every reported call reports what it changed (an
:class:`Update`, the value a front end gets back to draw), once, to every subscriber, so a
front end draws in one place and a new call cannot forget to. What a front
end only reads of a part passes through a :class:`Reading`, which reports nothing.

A method marked :func:`reported` runs inside its object's :class:`Channel`: when the
outermost reported call returns, the channel delivers one :class:`Update`
(the move's own, when the call returns one; else what the channel works out from the game
before and after). A call that changed nothing a player sees (its object's ``_picture``)
delivers nothing, as Simon Tatham's midend answers ``PKR_NO_EFFECT``: no drawing for
nothing. A reported call made by another (a level change deals a new game) reports nothing
itself: the outer one reports the whole change. A call a subscriber makes while it draws
(a notice of its own) is delivered after the drawing, in order.

>>> from engine import new_game
>>> class Board:
...     def __init__(self):
...         self._channel, self.game = Channel(), new_game(seed=1)
...     def _picture(self):
...         return self.game, self.game, None
...     @reported
...     def deal(self, seed):
...         self.game = new_game(seed=seed)
...         self.deal_twice()   # nested: reported with the outer call
...     @reported
...     def deal_twice(self):
...         pass
>>> board, seen = Board(), []
>>> board._channel.subscribe(seen.append)
>>> board.deal(2)
>>> board.deal_twice()      # no effect: nothing reported
>>> [(u.before.seed, u.game.seed, u.fresh) for u in seen]
[(1, 2, True)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from operator import attrgetter
from typing import Concatenate, Generic, ParamSpec, Protocol, TypeVar, cast, overload

from engine import Game, Move


@dataclass(frozen=True, slots=True)
class Update:
    """What one session call did, for a front end to draw: the board from ``before`` to
    ``game``; everything else (notice, result, settings, clock) is read from the session."""

    before: Game
    """The position before the call: for a move, what the player saw when making it."""
    game: Game
    changed: tuple[int, ...] = ()
    """Cells whose tile changed: the only ones to redraw."""
    message: str | None = None
    """The engine's word on the move, e.g. why it changed nothing."""
    move: Move | None = None
    """The move played, as the session understood it (a tap on a number is a chord);
    None when the call played no move."""
    fresh: bool = False
    """Another game entirely (dealt, resumed, another level): draw it whole."""

    @property
    def counted(self) -> bool:
        """True when the game changed: for a move, that it is part of the game (the engine
        did not ignore it)."""
        return self.game is not self.before


P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
Draw = Callable[[Update], None]


class Channel:
    """Subscribers, and the reported call being run."""

    def __init__(self) -> None:
        self._draw: list[Draw] = []
        self._undrawn: deque[tuple[Update, tuple[Draw, ...]]] = deque()
        self._start: tuple[object, Game, object] | None = None
        """What the outermost reported call began with: the round, its game, and the rest of
        what a player sees."""

    def subscribe(self, draw: Draw, first: Update | None = None) -> None:
        """Call ``draw`` with every update from now on, and with ``first`` at once."""
        self._draw.append(draw)
        if first is not None:
            self._deliver(first, (draw,))

    def enter(self, round_: object, game: Game, seen: object) -> bool:
        """A reported call starts; True when it is the outermost one, which reports."""
        if self._start is not None:
            return False
        self._start = (round_, game, seen)
        return True

    def leave(self, round_: object, game: Game, seen: object, result: object) -> None:
        """The outermost reported call returned ``result``: report what it changed, if anything
        (a move's update always: its message is the engine's word on a move that did
        nothing)."""
        assert self._start is not None
        (started, before, was_seen), self._start = self._start, None
        if isinstance(result, Update):
            self.report(result)
        elif round_ is not started or game is not before or seen != was_seen:
            self.report(Update(before, game, fresh=round_ is not started))

    def abandon(self) -> None:
        """The outermost reported call raised: nothing is reported, the next one reports."""
        self._start = None

    def report(self, update: Update) -> None:
        """Deliver ``update`` to every subscriber."""
        self._deliver(update, tuple(self._draw))

    def _deliver(self, update: Update, draws: tuple[Draw, ...]) -> None:
        self._undrawn.append((update, draws))
        if len(self._undrawn) > 1:
            return  # a subscriber's own call, while it draws: delivered next
        try:
            while self._undrawn:
                update, draws = self._undrawn[0]
                for draw in draws:
                    draw(update)
                self._undrawn.popleft()
        finally:
            self._undrawn.clear()


class Pictured(Protocol):
    """An object with reported calls: its channel, and what it shows (round, game, and the
    rest of what a player sees, compared with ``==``)."""

    @property
    def _channel(self) -> Channel: ...

    def _picture(self) -> tuple[object, Game, object]: ...


S = TypeVar("S", bound=Pictured)


def reported(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """Mark ``method`` as reported: once the outermost reported call returns, what it
    changed is reported on the object's channel."""

    @wraps(method)
    def run(owner: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        outermost = owner._channel.enter(*owner._picture())
        try:
            result = method(owner, *args, **kwargs)
        except BaseException:
            if outermost:
                owner._channel.abandon()
            raise
        if outermost:
            owner._channel.leave(*owner._picture(), result)
        return result

    return run


class Reading(Generic[T]):
    """A read-only member that passes on what a part holds, ``path`` from its owner
    (``Reading[Game]("_round.game")``): the door shows it without handing the part out.

    >>> class Door:
    ...     number = Reading[int]("_part.real")
    ...     def __init__(self):
    ...         self._part = 7
    >>> Door().number
    7
    >>> Door().number = 8
    Traceback (most recent call last):
    AttributeError: 'number' is read-only
    """

    def __init__(self, path: str) -> None:
        self._get = attrgetter(path)
        self._name = path

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, owner: None, kind: type) -> Reading[T]: ...

    @overload
    def __get__(self, owner: object, kind: type | None = None) -> T: ...

    def __get__(self, owner: object, kind: type | None = None) -> Reading[T] | T:
        return self if owner is None else cast(T, self._get(owner))

    def __set__(self, owner: object, value: T) -> None:
        raise AttributeError(f"{self._name!r} is read-only")
