"""The session's one observer: every reported call reports what it changed (an
:class:`Update`, the value a front end gets back to draw), once, to every subscriber, so a
front end draws in one place and a new call cannot forget to. Each update carries the
:class:`~play.game.picture.Picture` of everything a player sees after the call: a front
end draws the difference from the picture it drew last, and reads nothing else. What a
front end only reads of a part passes through a :class:`Reading`, which reports nothing.

A method marked :func:`reported` runs inside its object's :class:`Channel`: when the
outermost reported call returns, the channel delivers one :class:`Update`
(the move's own, when the call returns one; else what the channel works out from the
pictures before and after). A call that changed nothing a player sees (its object's
``picture``) delivers nothing, as Simon Tatham's midend answers ``PKR_NO_EFFECT``: no
drawing for nothing. A reported call made by another (a level change deals a new game)
reports nothing itself: the outer one reports the whole change. A call a subscriber makes
while it draws (a notice of its own) is delivered after the drawing, in order.

>>> from engine import new_game
>>> from play.game.picture import Picture
>>> from play.game.settings import Settings
>>> class Board:
...     def __init__(self):
...         self._channel, self.game, self.deals = Channel(), new_game(seed=1), 1
...     @property
...     def picture(self):
...         return Picture(self.deals, self.game, Settings())
...     @reported
...     def deal(self, seed):
...         self.game, self.deals = new_game(seed=seed), self.deals + 1
...         self.deal_twice()   # nested: reported with the outer call
...     @reported
...     def deal_twice(self):
...         pass
>>> board, seen = Board(), []
>>> board._channel.subscribe(seen.append)
>>> board.deal(2)
>>> board.deal_twice()      # no effect: nothing reported
>>> [(u.before.seed, u.game.seed, u.fresh, u.picture.deal) for u in seen]
[(1, 2, True, 2)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import wraps
from operator import attrgetter
from typing import Concatenate, Generic, ParamSpec, Protocol, TypeVar, cast, overload

from engine import Game, Move
from play.game.picture import Picture


@dataclass(frozen=True, slots=True)
class Update:
    """What one session call did: the board from ``before`` to ``game``, the move's word,
    and the :attr:`picture` of everything shown after it, for a front end to draw."""

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
    picture: Picture | None = None
    """Everything a player sees after the call; the channel sets it on every update it
    delivers (None only on an update not delivered yet)."""

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
        self._start: Picture | None = None
        """What a player saw when the outermost reported call began."""

    def subscribe(self, draw: Draw, first: Update | None = None) -> None:
        """Call ``draw`` with every update from now on, and with ``first`` at once."""
        self._draw.append(draw)
        if first is not None:
            self._deliver(first, (draw,))

    @property
    def busy(self) -> bool:
        """A reported call is running: a call made now is reported with it."""
        return self._start is not None

    def enter(self, picture: Picture) -> None:
        """The outermost reported call starts, with ``picture`` shown."""
        self._start = picture

    def leave(self, picture: Picture, result: R) -> R:
        """The outermost reported call returned ``result``, leaving ``picture``: report what
        it changed, if anything (a move's update always: its message is the engine's word
        on a move that did nothing). Its result is handed back, an update with its picture."""
        assert self._start is not None
        started, self._start = self._start, None
        if isinstance(result, Update):
            pictured = replace(result, picture=picture)
            self.report(pictured)
            return cast(R, pictured)
        if not picture.same(started):
            fresh = picture.deal != started.deal
            self.report(Update(started.game, picture.game, fresh=fresh, picture=picture))
        return result

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
    """An object with reported calls: its channel, and the picture of what it shows."""

    @property
    def _channel(self) -> Channel: ...

    @property
    def picture(self) -> Picture: ...


S = TypeVar("S", bound=Pictured)


def reported(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """Mark ``method`` as reported: once the outermost reported call returns, what it
    changed is reported on the object's channel."""

    @wraps(method)
    def run(owner: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        channel = owner._channel
        if channel.busy:  # reported with the outer call
            return method(owner, *args, **kwargs)
        channel.enter(owner.picture)
        try:
            result = method(owner, *args, **kwargs)
        except BaseException:
            channel.abandon()
            raise
        return channel.leave(owner.picture, result)

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
