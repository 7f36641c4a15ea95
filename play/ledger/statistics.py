"""Statistics per level and kind of game, computed from the ledger of finished games.

>>> from play.ledger.entries import Entry, Ledger
>>> def game(n, won, ms):
...     return Entry(f"g{n}", f"2026-11-22T10:0{n}:00Z", "9x9/10", "normal", won, ms, 20, 20, 25, n)
>>> ledger = Ledger((game(1, True, 9000), game(2, True, 7000), game(3, False, 500),
...                  game(4, True, 8000)))
>>> s = board_summaries(ledger)[0]
>>> s.title, s.played, s.won, f"{s.win_rate:.0%}", s.streak, s.best_streak
('Beginner', 4, 3, '75%', 1, 2)
>>> [b.seconds for b in s.bests]
[7.0, 8.0, 9.0]
>>> s.average_seconds
8.0
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from statistics import fmean

from engine import FirstClick, Level
from play.ledger import safe_json
from play.ledger.entries import KINDS, PRACTICE, RULES, Entry, Ledger

KIND_TITLES = {
    "noguess": "no-guess",
    "assisted": "assisted",
    "known": "known",
    PRACTICE: PRACTICE,
    "retried": "retried",
    "undone": "undone",
    "race": "race",
}
"""How each kind of game (:data:`play.ledger.entries.KINDS`) is named beside its board."""
KIND_MEANINGS = {
    "noguess": "boards dealt so that no guess is ever needed",
    "assisted": "games the solver helped (a hint, the chances, auto-play, Analyse)",
    "known": (
        "a board you could know before playing it (from a link, a given seed, or played "
        "before): never a best time, as competitive sites rank no board a player knows"
    ),
    "retried": "a lost board dealt again",
    "undone": "games with a losing click taken back",
    "race": "a ghost's board raced (your best or a friend's link): never a best time",
}
"""What each kind named beside a board means, for the player who wonders."""
RULE_MEANINGS = {
    "safe": "the first click is never a mine, but may show a number",
    "none": "the first click may be a mine, as in the oldest clones",
}
"""What a first-click rule other than the default means, beside a board's name."""
OPENING = FirstClick.OPENING.value
"""The default first-click rule, said in no title."""
TOP = 10
"""Best times kept per level."""
RECENT = 50
"""Won games the chart shows."""


@dataclass(frozen=True, slots=True)
class BoardSummary:
    """The games played on one board, of one kind (normal, no-guess, daily...): for
    Statistics."""

    board: str
    kind: str
    played: int
    won: int
    streak: int
    """Wins in a row, up to the last game."""
    best_streak: int
    bests: tuple[Entry, ...]
    """The fastest won games, fastest first (normal games only)."""
    average_seconds: float | None
    average_rate: float | None
    recent: tuple[Entry, ...]
    """The last won games, oldest first, for the chart."""
    rule: str = OPENING
    """The first-click rule of these games (:data:`RULES`)."""
    average_efficiency: float | None = None
    """3BV solved per click over the won games."""
    nf_won: int = 0
    """Games won without placing a flag (NF: :mod:`engine.style`)."""
    nf_bests: tuple[Entry, ...] = ()
    """The fastest NF wins, fastest first (normal games only): the NF best times, kept
    apart as the field keeps them (Arbiter's and minesweeper.online's NF lists), while
    :attr:`bests` ranks every win, NF or not, as their classic lists do."""
    nf_efficiency: float | None = None
    """3BV solved per click over the NF wins: the NF efficiency (100% is a perfect game)."""
    abandoned: int = 0
    """Games left unfinished (:attr:`Entry.left`): counted in :attr:`played`, not won."""

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def title(self) -> str:
        """``Expert``, ``Expert (no-guess)``, ``Expert (safe first click)``: the board, then
        what sets these games apart, if anything."""
        apart = [KIND_TITLES.get(self.kind, self.kind)] if self.kind != "normal" else []
        if self.rule != OPENING:
            apart.append(f"{self.rule} first click")
        return board_title(self.board) + (f" ({', '.join(apart)})" if apart else "")

    @property
    def meanings(self) -> list[str]:
        """What the words in parentheses of its :attr:`title` mean, a line each.

        >>> from play.ledger.entries import Entry
        >>> known = Entry("g1", "2026-11-22T10:00:00Z", "9x9/10", "known", True, 5000, 5, 5, 5,
        ...               0, first_click=FirstClick.NONE)
        >>> board_summaries(Ledger((known,)))[0].meanings  # doctest: +NORMALIZE_WHITESPACE
        ['(known): a board you could know before playing it (from a link, a given seed, or played
        before): never a best time, as competitive sites rank no board a player knows',
         '(none first click): the first click may be a mine, as in the oldest clones']
        """
        lines = []
        if self.kind in KIND_MEANINGS:
            lines.append(f"({KIND_TITLES[self.kind]}): {KIND_MEANINGS[self.kind]}")
        if self.rule in RULE_MEANINGS:
            lines.append(f"({self.rule} first click): {RULE_MEANINGS[self.rule]}")
        return lines


def board_title(board: str) -> str:
    """A board kept as text named for the player (:attr:`engine.Level.title`).

    >>> board_title("30x16/99"), board_title("20x10/30")
    ('Expert', 'Custom 20x10/30')
    """
    try:
        return Level.parse(board).title
    except ValueError:
        return board


def _order(board: str) -> tuple[int, int, str]:
    """Presets in their menu order, then custom boards by size."""
    try:
        level = Level.parse(board)
    except ValueError:
        return (9, 0, board)
    presets = ["beginner", "intermediate", "expert", "expert-portrait"]
    if level.name in presets:
        return (presets.index(level.name), 0, board)
    return (5, level.cells, board)


GroupKey = tuple[str, str, str]
"""What sets games apart in the statistics: (board, first-click rule, kind). NF wins are
counted apart inside each (:attr:`BoardSummary.nf_bests`)."""


def group_key(entry: Entry) -> GroupKey:
    """The statistics ``entry`` counts in: its board, its first-click rule and its kind."""
    return (entry.board, entry.first_click.value, entry.kind)


def _key_order(key: GroupKey) -> tuple[object, ...]:
    board, rule, kind = key
    return (_order(board), RULES.index(rule), KINDS.index(kind))


def board_summaries(ledger: Ledger) -> list[BoardSummary]:
    """One summary per board, first-click rule and kind that has games, in menu order
    (practice on a daily board already played counts in none), NF wins apart in each.

    >>> from play.ledger.entries import Entry, Ledger
    >>> def game(n, style):
    ...     return Entry(f"g{n}", f"2026-11-22T10:0{n}:00Z", "9x9/10", "normal", True, 9000 - n,
    ...                  20, 20, 20 + n, n, style=style)
    >>> [s] = board_summaries(Ledger((game(1, "nf"), game(2, "flagging"), game(3, "nf"))))
    >>> [b.seed for b in s.bests], s.nf_won, [b.seed for b in s.nf_bests]
    ([3, 2, 1], 2, [3, 1])
    >>> f"{s.nf_efficiency:.4f}", f"{s.average_efficiency:.4f}"
    ('0.9110', '0.9103')
    """
    groups: dict[GroupKey, list[Entry]] = {}
    for entry in ledger.entries:
        if entry.kind != PRACTICE:
            groups.setdefault(group_key(entry), []).append(entry)
    return [board_summary(*key, groups[key]) for key in sorted(groups, key=_key_order)]


def board_summary(board: str, rule: str, kind: str, games: list[Entry]) -> BoardSummary:
    wins = [g for g in games if g.won]
    nf_wins = [g for g in wins if g.nf]
    nf_efficiencies = [e for g in nf_wins if (e := g.efficiency) is not None]
    fastest = sorted(wins, key=lambda g: (g.ms, g.at)) if kind == "normal" else []
    streak = best = 0
    for game in games:
        streak = streak + 1 if game.won else 0
        best = max(best, streak)
    rates = [rate for g in wins if (rate := g.rate) is not None]
    efficiencies = [e for g in wins if (e := g.efficiency) is not None]
    return BoardSummary(
        board=board,
        kind=kind,
        played=len(games),
        won=len(wins),
        streak=streak,
        best_streak=best,
        bests=tuple(fastest[:TOP]),
        average_seconds=fmean(g.seconds for g in wins) if wins else None,
        average_rate=fmean(rates) if rates else None,
        recent=tuple(wins[-RECENT:]),
        rule=rule,
        average_efficiency=fmean(efficiencies) if efficiencies else None,
        nf_won=len(nf_wins),
        nf_bests=tuple(g for g in fastest if g.nf)[:TOP],
        nf_efficiency=fmean(nf_efficiencies) if nf_efficiencies else None,
        abandoned=sum(g.left for g in games),
    )


def played_before(ledger: Ledger, level: Level, seed: int) -> bool:
    """True when the ledger has a game on the same board with the same seed, whatever its
    first click. The ledger keeps no first click; and a seed comes back only when asked for
    (a link, ``--seed``: random seeds are 64 bits), so a player who knows it may also know
    a first click that deals much of that board again (:func:`engine.layout.generate`
    only shifts the mines between the two clicks' squares). Stricter than the same first
    click, never laxer: such a board never enters the best times."""
    board = str(level)
    return any(e.board == board and e.seed == seed for e in ledger.entries)


def best_of(ledger: Ledger, entry: Entry, nf: bool = False) -> Entry | None:
    """The fastest normal win of the best times ``entry`` would enter (its board and
    rule), or of its NF best times when ``nf`` is set."""
    key = group_key(replace(entry, kind="normal"))
    wins = [e for e in ledger.entries if e.won and group_key(e) == key and (e.nf or not nf)]
    return min(wins, key=lambda e: (e.ms, e.at), default=None)


@dataclass(frozen=True, slots=True)
class DailySummary:
    """The daily boards' figures for the statistics: each board's first attempt only. The
    summary of every board (:func:`daily_summary`) holds each board's own in
    :attr:`boards`, a row each: a time is compared on one board only."""

    played: int
    won: int
    streak: int
    """Days won in a row, up to the last day played (0 when that day was lost)."""
    best_streak: int
    abandoned: int = 0
    """First attempts left unfinished: counted as played, not won."""
    board: str = ""
    """The board of these daily boards (``9x9/10``); empty in the summary of every board."""
    best_seconds: float | None = None
    """The fastest first attempt won as a normal game (the competitive rule: an assisted
    win is no best time), of one board."""
    average_seconds: float | None = None
    """Over the first attempts won, of one board."""
    average_rate: float | None = None
    """3BV/s over the first attempts won, of one board."""
    nf_won: int = 0
    nf_best_seconds: float | None = None
    boards: tuple[DailySummary, ...] = ()
    """Each board's daily summary, in menu order (in the summary of every board)."""

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def title(self) -> str:
        """``Daily: Beginner`` for one board's row; ``Daily boards`` for every board's.

        >>> DailySummary(1, 1, 1, 1, board="9x9/10").title, DailySummary(1, 1, 1, 1).title
        ('Daily: Beginner', 'Daily boards')
        """
        return f"Daily: {board_title(self.board)}" if self.board else "Daily boards"


def daily_attempts(ledger: Ledger) -> dict[tuple[str, str], Entry]:
    """The attempt that counts at each daily board, by (date, board): the first one
    finished. Later ones are practice (older versions kept them as other kinds)."""
    firsts: dict[tuple[str, str], Entry] = {}
    for entry in ledger.entries:
        if entry.daily and entry.kind != PRACTICE and _is_day(entry.daily):
            firsts.setdefault((entry.daily, entry.board), entry)
    return firsts


def daily_summary(ledger: Ledger) -> DailySummary:
    """Daily boards played and won (first attempts), and the days won in a row; each
    board's own, with its best and average times and 3BV/s, in :attr:`DailySummary.boards`.

    >>> from play.ledger.entries import Entry, Ledger
    >>> def daily(n, day, won, kind="normal", ms=9000):
    ...     at = f"2026-11-{day}T10:0{n}:00Z"
    ...     return Entry(f"g{n}", at, "9x9/10", kind, won, ms, 20, 20, 25, n, f"2026-11-{day}")
    >>> ledger = Ledger((daily(1, 20, True), daily(2, 21, False), daily(3, 21, True, "practice"),
    ...                  daily(4, 22, True, ms=2510), daily(5, 23, True, "assisted", 2000)))
    >>> every = daily_summary(ledger)
    >>> every.played, every.won, every.streak, every.best_streak, every.abandoned
    (4, 3, 2, 2, 0)
    >>> [beginner] = every.boards
    >>> beginner.title, beginner.best_seconds, f"{beginner.average_seconds:.2f}"
    ('Daily: Beginner', 2.51, '4.50')
    """
    firsts = daily_attempts(ledger)
    by_board: dict[str, dict[tuple[str, str], Entry]] = {}
    for key, entry in firsts.items():
        by_board.setdefault(entry.board, {})[key] = entry
    boards = tuple(_daily(by_board[board], board) for board in sorted(by_board, key=_order))
    return replace(_daily(firsts, ""), boards=boards)


def _daily(firsts: dict[tuple[str, str], Entry], board: str) -> DailySummary:
    """The figures of these first attempts: of one ``board``, or of every board (``""``:
    no time, which is compared on one board only)."""
    won_days = {day for (day, _), entry in firsts.items() if entry.won}
    current = best = 0
    previous: date | None = None
    for text in sorted(won_days):
        day = date.fromisoformat(text)
        current = current + 1 if previous == day - timedelta(days=1) else 1
        best = max(best, current)
        previous = day
    last_played = max((day for day, _ in firsts), default=None)
    if last_played not in won_days:
        current = 0
    won = sum(entry.won for entry in firsts.values())
    left = sum(entry.left for entry in firsts.values())
    summary = DailySummary(len(firsts), won, current, best, abandoned=left, board=board)
    if not board:
        return summary
    wins = sorted((e for e in firsts.values() if e.won), key=lambda e: e.at)
    fastest = sorted((e for e in wins if e.kind == "normal"), key=lambda e: (e.ms, e.at))
    nf_fastest = [e for e in fastest if e.nf]
    rates = [rate for e in wins if (rate := e.rate) is not None]
    return replace(
        summary,
        best_seconds=fastest[0].seconds if fastest else None,
        average_seconds=fmean(e.seconds for e in wins) if wins else None,
        average_rate=fmean(rates) if rates else None,
        nf_won=sum(e.nf for e in wins),
        nf_best_seconds=nf_fastest[0].seconds if nf_fastest else None,
    )


def _is_day(text: str) -> bool:
    """A ledger read from storage holds dates only (:mod:`play.ledger.entries` checks them); one
    made in memory may hold any text, which counts for no streak rather than crash."""
    try:
        return safe_json.day(text, "a date") == text
    except ValueError:
        return False
