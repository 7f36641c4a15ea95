"""A race against a ghost: someone's won game on the same board, as a link, with no server.

A :class:`Ghost` is what a link carries: the board (level, seed, first-click rule, whether
it is a no-guess board, and the cell of the ghost's first reveal, which the race makes for
the racer so that the mines and the opening are the ghost's whatever the rule), the
sender's name, and the game's timeline: the 3BV solved against time, never which cells
(but the first: the racer sees that opening at once). The seed already tells the board to
anyone who deals it; the timeline adds only how fast its 3BV went.

The link's parameter (:meth:`Ghost.link_text`) is a version byte and small numbers, sealed
with a CRC-32 check as URL-safe base64 (:mod:`play.game.link_bytes`): some 2 bytes a step
of the timeline, at most :data:`MOST_STEPS` steps (a longer game's timeline is thinned, its
end kept). :meth:`Ghost.from_link` refuses anything else with :class:`BadRaceLink`, a short
message for the player, whatever it is given. A link of version 1, made before links
carried the first cell, still reads: a daily board's ghost's first cell is its centre,
any other ghost has none (its board is dealt at the racer's own first reveal, as then).

>>> from engine import BEGINNER
>>> ghost = Ghost(BEGINNER, seed=42, bbbv=12, steps=((0, 3), (2100, 7), (5350, 12)), name="Ada")
>>> text = ghost.link_text()
>>> Ghost.from_link(text) == ghost
True
>>> ghost.solved_at(2000), ghost.solved_at(2100), ghost.progress(9000)
(3, 7, 1.0)
>>> ghost.verdict(won=True, ms=4920)
'You beat Ada by 0.43 s'
>>> Ghost.from_link(text[:-3])
Traceback (most recent call last):
...
play.game.race.BadRaceLink: This race link is damaged or cut short: ask for it again.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TypeGuard

from engine import Action, Level, Move, Record
from engine.errors import InvalidLevelError
from engine.live import moments
from engine.record import MAX_MS
from engine.rng import SEED_LIMIT
from play.game.link_bytes import DAMAGED, UnreadableLink, numbers, opened, sealed
from play.game.settings import LONGEST_NAME, player_name

VERSION = 3
"""The first byte of a link's data: a later format gets another."""
FIRST_CELLS = 2
"""The version that brought the ghost's first cell; links of version 1 read as before."""
HOW_PLAYED = 3
"""The version that says whether the ghost's game was assisted or undone; links of
versions 1 and 2 read as games of neither."""
RACE_PARAM = "race"
"""The address parameter a race link's text goes in: ``?race=...``."""
RULES = ("opening", "safe", "none")
"""First-click rules: what a first reveal is guaranteed."""
MOST_STEPS = 2_000
"""Steps of a timeline a link carries: a longer one is thinned to this many."""
LONGEST_LINK = 12_000
"""Characters of a link's parameter, at most: 2,000 steps take some 5,500."""
GHOST = "the ghost"
"""Who the ghost is when the sender gave no name."""


class BadRaceLink(ValueError):
    """A race link we cannot read; its message is for the player."""


@dataclass(frozen=True, slots=True)
class Ghost:
    """A won game to race: its board and its 3BV solved against time."""

    level: Level
    seed: int
    bbbv: int
    """The whole 3BV of the ghost's board (its progress is a share of it)."""
    steps: tuple[tuple[int, int], ...]
    """``(ms, 3BV solved)`` on the game's clock: times rising, 3BV solved rising to
    :attr:`bbbv`, which the last step reaches (the ghost won)."""
    name: str = ""
    """The sender's name (their "Name in videos"); empty: :data:`GHOST`."""
    rule: str = "opening"
    """The first-click rule of the board (:data:`RULES`)."""
    no_guess: bool = False
    first: tuple[int, int] | None = None
    """(row, column) of the ghost's first reveal: the race's board is dealt with it made
    for the racer at 0 ms (their clock starts at their own first move), so its mines and
    opening are the ghost's under every rule (a daily board's ghost: its centre). None:
    a link made before first cells, its board dealt at the racer's own first reveal."""
    dealt_at: tuple[int, int] | None = None
    """(row, column) of the reveal that dealt the ghost's mines when it is not
    :attr:`first`: a retried game's lost first click (:attr:`engine.Record.retry_of`), or
    a first reveal taken back; None: :attr:`first` dealt them."""
    assisted: bool = False
    """The ghost's game had the solver's help (a hint, the chances, auto-play, Analyse)."""
    undone: bool = False
    """The ghost's game had a losing click taken back (Undo)."""

    def __post_init__(self) -> None:
        _check(self)

    @property
    def who(self) -> str:
        return self.name or GHOST

    @property
    def how(self) -> str:
        """How the ghost's game was helped, in words; empty when it was not.

        >>> from engine import BEGINNER
        >>> Ghost(BEGINNER, 1, 2, ((0, 1), (10_000, 2)), assisted=True, undone=True).how
        'assisted by the solver, with a losing click undone'
        """
        ways = ["assisted by the solver"] if self.assisted else []
        ways += ["with a losing click undone"] if self.undone else []
        return ", ".join(ways)

    def introduction(self) -> str:
        """The line a race opens with: who the ghost is, the time to beat, how its game
        was helped, and when the player's clock starts.

        >>> from engine import BEGINNER
        >>> Ghost(BEGINNER, 1, 2, ((0, 1), (10_000, 2)), name="Ada").introduction()
        'Racing Ada: 10.00 s to beat. Your clock starts at your own first move.'
        >>> Ghost(BEGINNER, 1, 2, ((0, 1), (9_000, 2)), undone=True).introduction()
        'Racing the ghost: 9.00 s to beat (its game with a losing click undone). Your clock \
starts at your own first move.'
        """
        how = f" ({'its' if not self.name else _possessive(self.name)} game {self.how})"
        return (
            f"Racing {self.who}: {self.finish_ms / 1000:.2f} s to beat"
            f"{how if self.how else ''}. Your clock starts at your own first move."
        )

    @property
    def finish_ms(self) -> int:
        """When the ghost finished, on its game's clock."""
        return self.steps[-1][0]

    def solved_at(self, ms: float) -> int:
        """The ghost's 3BV solved ``ms`` after its game's clock started."""
        at = bisect.bisect_right(self.steps, (ms, self.bbbv + 1)) - 1
        return self.steps[at][1] if at >= 0 else 0

    def progress(self, ms: float) -> float:
        """The ghost's share of its 3BV solved at ``ms``: 0 to 1, for a progress bar."""
        return self.solved_at(ms) / self.bbbv

    def verdict(self, won: bool, ms: int) -> str:
        """Who was faster and by how much, once the player's game is over (``won`` or not,
        ``ms`` on its clock).

        >>> from engine import BEGINNER
        >>> ghost = Ghost(BEGINNER, 1, 2, ((0, 1), (10_000, 2)))
        >>> ghost.verdict(True, 12_310), ghost.verdict(True, 10_000)
        ('The ghost beat you by 2.31 s', 'A dead heat with the ghost: both 10.00 s')
        >>> ghost.verdict(False, 4_000)
        'The ghost wins: it finished in 10.00 s, you lost after 4.00 s'
        """
        who, finish = self.who, self.finish_ms
        if not won:
            pronoun = "it" if not self.name else self.name
            return (
                f"{_capital(who)} wins: {pronoun} finished in {finish / 1000:.2f} s, "
                f"you lost after {ms / 1000:.2f} s"
            )
        if ms < finish:
            return f"You beat {who} by {(finish - ms) / 1000:.2f} s"
        if ms > finish:
            return f"{_capital(who)} beat you by {(ms - finish) / 1000:.2f} s"
        return f"A dead heat with {who}: both {ms / 1000:.2f} s"

    # --- the link ----------------------------------------------------------------------

    def link_text(self) -> str:
        """The ghost as a link's parameter (URL-safe: letters, digits, ``-`` and ``_``)."""
        flags = int(self.no_guess) | int(self.first is not None) << 1
        flags |= RULES.index(self.rule) << 2 | int(self.dealt_at is not None) << 4
        flags |= int(self.assisted) << 5 | int(self.undone) << 6
        name = self.name.encode("utf-8")
        head = [self.level.rows, self.level.cols, self.level.mines, self.seed, flags]
        head += [*(self.first or ()), *(self.dealt_at or ()), self.bbbv, len(name)]
        timeline = [len(self.steps)]
        ms = solved = 0
        for step_ms, step_solved in self.steps:
            timeline += [step_ms - ms, step_solved - solved]
            ms, solved = step_ms, step_solved
        return sealed(VERSION, numbers(*head) + name + numbers(*timeline))

    @classmethod
    def from_link(cls, text: object) -> Ghost:
        """The ghost :meth:`link_text` wrote; :class:`BadRaceLink` for anything else."""
        try:
            version, reader = opened(text, versions=(1, 2, VERSION), longest=LONGEST_LINK)
            rows, cols, mines, seed, flags = (reader.number() for _ in range(5))
            rule, has_first, elsewhere = flags >> 2 & 3, flags & 2, flags & 16
            most = 128 if version >= HOW_PLAYED else 32 if version >= FIRST_CELLS else 12
            if rule >= len(RULES) or flags >= most:
                raise BadRaceLink(DAMAGED)
            first: tuple[int, int] | None = None
            dealt_at: tuple[int, int] | None = None
            if version < FIRST_CELLS:
                first = (rows // 2, cols // 2) if has_first else None  # a daily board's centre
            elif has_first:
                first = (reader.number(), reader.number())
            if elsewhere:
                dealt_at = (reader.number(), reader.number())
            bbbv, name_length = reader.number(), reader.number()
            name_bytes = reader.bytes(name_length, most=LONGEST_NAME * 4)
            count = reader.number()
            if count > MOST_STEPS:
                raise BadRaceLink(DAMAGED)
            steps: list[tuple[int, int]] = []
            ms = solved = 0
            for _ in range(count):
                ms += reader.number()
                solved += reader.number()
                steps.append((ms, solved))
            reader.end()
        except UnreadableLink as error:
            raise BadRaceLink(str(error)) from None
        try:
            name = name_bytes.decode("utf-8")
            level = Level(rows, cols, mines)
            return cls(
                level,
                seed,
                bbbv,
                tuple(steps),
                name,
                RULES[rule],
                bool(flags & 1),
                first,
                dealt_at,
                bool(flags & 32),
                bool(flags & 64),
            )
        except (UnicodeDecodeError, InvalidLevelError, ValueError):
            raise BadRaceLink(DAMAGED) from None

    # --- a kept game -------------------------------------------------------------------

    @classmethod
    def of_record(
        cls,
        record: Record,
        name: str = "",
        *,
        rule: str | None = None,
        assisted: bool = False,
    ) -> Ghost:
        """The ghost of a won game's record (race your own best, or send it): ValueError
        when the record is no won game. Its first-click rule is the record's unless
        ``rule`` is given; its first cell the record's first reveal that stands (a daily
        board's: its centre, made for the player); undone when the record took a click
        back, ``assisted`` when the game had the solver's help (which the record does not
        say). Each step is a move that solved 3BV (several moves at the same time: the
        last), thinned to :data:`MOST_STEPS`."""
        timeline = moments(record)
        if not timeline or timeline[-1].solved != timeline[-1].bbbv or not timeline[-1].over:
            raise ValueError("only a won game can be raced")
        steps: list[tuple[int, int]] = []
        for moment in timeline:
            if moment.solved == (steps[-1][1] if steps else 0):
                continue  # nothing more solved
            if steps and moment.ms == steps[-1][0]:
                steps.pop()
            steps.append((moment.ms, moment.solved))
        first = next(((m.move.row, m.move.col) for m in record.moves if _is_reveal(m.move)), None)
        dealt_at = record.first_reveal()
        return cls(
            record.level,
            record.seed,
            timeline[-1].bbbv,
            thinned(tuple(steps)),
            player_name(name),
            record.first_click.value if rule is None else rule,
            record.no_guess,
            first,
            None if dealt_at == first else dealt_at,
            assisted,
            record.undone,
        )


def thinned(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """At most :data:`MOST_STEPS` of ``steps``, evenly spread, the last always kept: the
    ghost then shows a little behind between the steps kept, never ahead, and finishes
    on time.

    >>> len(thinned(tuple((n, n + 1) for n in range(5000)))), thinned(((0, 1), (5, 2)))
    (2000, ((0, 1), (5, 2)))
    """
    if len(steps) <= MOST_STEPS:
        return steps
    last = len(steps) - 1
    picked = sorted({last - round(n * last / (MOST_STEPS - 1)) for n in range(MOST_STEPS)})
    return tuple(steps[n] for n in picked)


def _check(ghost: Ghost) -> None:
    """A ghost a won game of ours can be: ValueError otherwise."""
    if not 0 <= ghost.seed < SEED_LIMIT:
        raise ValueError("a seed out of range")
    if ghost.rule not in RULES:
        raise ValueError(f"no first-click rule {ghost.rule!r}")
    if player_name(ghost.name) != ghost.name or len(ghost.name) > LONGEST_NAME:
        raise ValueError("a name no setting keeps")
    level = ghost.level
    for cell in (ghost.first, ghost.dealt_at):
        if cell is not None and not (0 <= cell[0] < level.rows and 0 <= cell[1] < level.cols):
            raise ValueError("a first cell off the board")
    if ghost.dealt_at is not None and ghost.dealt_at in (ghost.first, None):
        raise ValueError("mines dealt elsewhere than a first cell there is not")
    if not 1 <= ghost.bbbv <= ghost.level.cells - ghost.level.mines:
        raise ValueError("a 3BV the board cannot have")
    steps = ghost.steps
    if not steps or len(steps) > MOST_STEPS or steps[-1][1] != ghost.bbbv:
        raise ValueError("a timeline that does not end with the board solved")
    ms, solved = -1, 0
    for step_ms, step_solved in steps:
        if not (ms < step_ms <= MAX_MS and solved < step_solved):
            raise ValueError("a timeline that does not go forward")
        ms, solved = step_ms, step_solved


def _is_reveal(event: object) -> TypeGuard[Move]:
    return isinstance(event, Move) and event.kind is Action.REVEAL


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
