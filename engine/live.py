"""The counters at each moment of a game: what a player sees while playing, and a replay
at each of its times.

A :class:`Moment` is the game's figures after a move, at a time on the game's clock: 3BV
solved of the whole, clicks (left, right, chords, and those wasted: not effective, as the
field counts them), and from those the 3BV/s, the efficiency so far and an estimated
finish time, each as ms-toollib (Metasweeper) gives it at a video's current time
(``bbbv_s``, ``ioe``, ``etime``). A front end keeps the last moment and hands each new game
to :func:`moment_after`: the 3BV solved is counted again only when the move opened cells
(0.05 ms on expert in CPython, 5 ms on 300x300), the clicks are the engine's own tally.
Between moves the clock runs on: :meth:`Moment.at` is the same counts, later.

A replay reads :func:`event_moments` once, then the moment of the position it shows, the
clock at its time (:meth:`Moment.at`): by position, not by time, since several moves may be
made in one millisecond.

A losing click taken back (Undo) counts as a click, never an effective one
(:attr:`engine.record.Record.taken_back_clicks` says why): from its moment on, the clicks
and the wasted clicks count it, the 3BV solved is the position's before it, and the clock
runs on (the game goes on). Live and in a replay alike, a moment carries the clicks taken
back so far (:attr:`Moment.taken_back`), so the next move's counts go on with them.

>>> from engine import Layout, Move, apply, new_game
>>> game = new_game(layout=Layout.from_text('*..\\n...\\n..*'))
>>> first = moment_after(None, apply(game, Move.reveal(0, 2)).game, 0)
>>> first.solved, first.bbbv, first.clicks.left
(1, 2, 1)
>>> later = first.at(2000)
>>> later.rate, later.efficiency, later.estimated_seconds
(0.5, 1.0, 4.0)
>>> print(later.text().replace(" · ", "\\n"))
3BV 1/2
0.50 3BV/s
clicks 1 (1 left, 0 right, 0 chords, 0 wasted)
efficiency 100%
finish ~4.0 s
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from engine.game import Clicks, Game, Status, apply, with_question_marks
from engine.moves import Move
from engine.record import Replayable, TimedMove
from engine.stats import solved_three_bv, three_bv
from engine.wording import agree

NO_CLICKS = Clicks()
"""No click: the clicks taken back in a game without an undo."""

NONE = "—"
"""Shown where a ratio has no meaning yet: no click, no time, nothing solved."""

SHOWN_FROM_MS = 1000
"""The rate and the finish estimate are shown from one second of play: before it, one
click's 3BV over a few milliseconds reads "40.00 3BV/s" and "finish ~0.5 s", and a race's
or a daily board's reveal made for the player, before their own first move, reads a rate
at all. They are a dash until then (the figures themselves are ms-toollib's all along)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """A game's counters at ``ms`` on its clock (0 at the first reveal)."""

    ms: int
    bbbv: int
    solved: int
    """3BV solved so far: the whole 3BV once the game is won."""
    clicks: Clicks
    opened: int = 0
    """Cells open: the 3BV solved is counted again only when this grows."""
    over: bool = False
    """The game ended at this move: its clock stopped here."""
    taken_back: Clicks = NO_CLICKS
    """The clicks taken back (Undo) so far, counted in :attr:`clicks` too, none effective."""

    @property
    def seconds(self) -> float:
        return self.ms / 1000

    @property
    def wasted(self) -> int:
        """Clicks that did the game no good (ms-toollib's ``cl - ce``)."""
        return self.clicks.total - self.clicks.effective

    @property
    def rate(self) -> float | None:
        """3BV/s so far: 3BV solved over the time on the clock; None at time 0."""
        return self.solved / self.seconds if self.ms > 0 else None

    @property
    def efficiency(self) -> float | None:
        """3BV solved per click so far (IOE); None before any click."""
        return self.solved / self.clicks.total if self.clicks.total else None

    @property
    def estimated_seconds(self) -> float | None:
        """The time the whole 3BV takes at the rate so far (ms-toollib's ``etime``); None
        before anything is solved."""
        return self.seconds * self.bbbv / self.solved if self.solved else None

    def at(self, ms: int) -> Moment:
        """The same counts at a later time on the clock (the clock runs between moves)."""
        return self if ms == self.ms else replace(self, ms=ms)

    def text(self) -> str:
        """The counters as one status line; the rate and the estimate a dash before
        :data:`SHOWN_FROM_MS` of play.

        >>> print(Moment(400, 10, 4, Clicks(left=1, effective=1)).text().replace(" · ", "\\n"))
        3BV 4/10
        — 3BV/s
        clicks 1 (1 left, 0 right, 0 chords, 0 wasted)
        efficiency 400%
        finish —
        """
        c, efficiency = self.clicks, self.efficiency
        shown = self.ms >= SHOWN_FROM_MS
        rate = self.rate if shown else None
        estimate = self.estimated_seconds if shown else None
        chords = agree(c.chord, "chord", "chords")
        return " · ".join(
            [
                f"3BV {self.solved}/{self.bbbv}",
                f"{NONE if rate is None else f'{rate:.2f}'} 3BV/s",
                f"clicks {c.total} ({c.left} left, {c.right} right, {c.chord} {chords}, "
                f"{self.wasted} wasted{self._taken_back_words()})",
                f"efficiency {NONE if efficiency is None else f'{efficiency:.0%}'}",
                f"finish {NONE}" if estimate is None else f"finish ~{estimate:.1f} s",
            ]
        )

    def _taken_back_words(self) -> str:
        taken = self.taken_back.total
        return f", {taken} taken back" if taken else ""


def moment_after(previous: Moment | None, game: Game, ms: int) -> Moment | None:
    """The counters of ``game`` at ``ms``, ``previous`` being those of the game before its
    last move (None at the start: the 3BV is then worked out). None before the mines are
    placed. The 3BV solved is counted again only when the move opened cells; the clicks
    taken back before (``previous``'s) are counted on."""
    layout = game.layout
    if layout is None:
        return None
    taken = NO_CLICKS if previous is None else previous.taken_back
    if previous is None:
        bbbv = three_bv(layout)
        solved = None
    else:
        bbbv = previous.bbbv
        solved = previous.solved if previous.opened == game.opened else None
    if game.status is Status.WON:
        solved = bbbv
    elif solved is None:
        solved = solved_three_bv(layout, game.tiles)
    clicks = _plus(game.clicks, taken)
    return Moment(ms, bbbv, solved, clicks, game.opened, game.status.is_over, taken)


def _plus(clicks: Clicks, taken: Clicks) -> Clicks:
    """``clicks`` and the clicks ``taken`` back (never effective)."""
    if not taken.total:
        return clicks
    return Clicks(
        clicks.left + taken.left,
        clicks.right + taken.right,
        clicks.chord + taken.chord,
        clicks.effective,
    )


def _taken_back(previous: Moment | None, before: Game, lost: Game, ms: int) -> Moment | None:
    """The counters at a losing click taken back at ``ms``: ``before``'s (the position
    the game goes on from) with one wasted click more, the click ``lost`` counted."""
    layout = lost.layout
    if layout is None:  # never: a click loses on a board dealt
        return None
    extra = Clicks(
        lost.clicks.left - before.clicks.left,
        lost.clicks.right - before.clicks.right,
        lost.clicks.chord - before.clicks.chord,
    )
    taken = _plus(NO_CLICKS if previous is None else previous.taken_back, extra)
    counted = moment_after(previous, before, ms)
    if counted is None:  # the first click lost (no first-click rule): nothing dealt before it
        counted = Moment(ms, three_bv(layout), 0, before.clicks)
    return replace(counted, clicks=_plus(before.clicks, taken), over=False, taken_back=taken)


@runtime_checkable
class Undoable(Protocol):
    """A game that may hold losing clicks taken back: our record, or a review of it."""

    def every_event(self) -> list[tuple[TimedMove, bool]]:
        """Every event in order of time, each with whether it was taken back."""
        ...


def moments(source: Replayable) -> tuple[Moment, ...]:
    """The counters after each move of ``source`` that changed the game (a click the engine
    ignores, after the end, counts nothing), in order of time, from its first reveal; a
    losing click taken back (our records' Undo) among them, as a wasted click."""
    return tuple(m for m in event_moments(source) if m is not None)


def event_moments(source: Replayable) -> list[Moment | None]:
    """The counters after each event of ``source`` (:meth:`every_event` for a record with
    Undo, else its moves), in its order: None for an event that counts nothing (a switch
    of question marks, a click before the first reveal or after the end). A replay shows
    the position after each event, so it counts by events, never by time alone: moves made
    in one millisecond (a first reveal at 0 ms) are still counted one at a time."""
    game = source.new_game()
    found: list[Moment | None] = []
    last: Moment | None = None
    events = (
        source.every_event()
        if isinstance(source, Undoable)
        else [(timed, False) for timed in source.moves]
    )
    for timed, undone in events:
        event = timed.move
        moment = None
        if not isinstance(event, Move):
            game = with_question_marks(game, event.on)
        elif (after := apply(game, event).game) is not game:
            if undone:
                moment = _taken_back(last, game, after, timed.ms)
            else:
                game = after
                moment = moment_after(last, game, timed.ms)
        found.append(moment)
        if moment is not None:
            last = moment
    return found
