"""How often the solver wins, and how long it thinks, on seeded games.

Run ``python -m benchmarks.solver [--games N] [--level beginner|intermediate|expert|all]
[--first centre|corner|ROW,COL] [--opening all|opening|safe|none] [--seed S] [--json] [--bound]
[--paired IDEA] [--losses]``.

Each game is played with the real rules engine (``engine.new_game`` / ``engine.apply``)
under each first-click rule in turn (:mod:`engine.first_click`; ``--opening`` picks one):
``opening`` (the game's default: the first reveal opens a zero, the mines avoid the 3x3
block around it), ``safe`` (the first cell only is free of mines) and ``none`` (the first
click may lose, as often as the mine density says). The solver sees only the tiles and
the mine total. At every step it
makes one call, exactly what a hint in the game does (``best_move``): build the
constraints, analyse, and pick a move. When that call finds certain cells they are
all revealed before the next call; otherwise its guess is revealed.

Printed per level: games, wins, the win rate with a 95% Wilson interval, and the
mean and 95th percentile time of one solver call (all calls, and guesses only), and
the cost of the exact endgame search (:func:`engine.solver.win_chance`): how many
calls ran it, their 95th percentile and longest time.
Game ``i`` of a run uses seed ``S + i``, so every figure can be reproduced.

With ``--losses`` the games are played as usual and each level prints where they were
lost: per kind of guess (:data:`engine.solver.guess.MoveKind`) and per size of the
position (how many layouts fit what the player saw), the guesses made, the losses
expected from their safety, and the losses.

With ``--bound`` no game is played to the end: each level prints instead a ceiling
on the win rate of *any* solver on the same seeds (see :func:`first_guess_chance`).

With ``--vary NAME=NUMBER,...`` the same is done with numbers :mod:`engine.solver.guess`
and :mod:`engine.solver.lookahead` read changed for the second run, such as
``--vary CUTOFF=0.8,FRONTIER_CANDIDATES=20`` or ``--vary LAYOUT_LIMIT=2000,STEP_LIMIT=300000``:
how the kept constants were judged.

With ``--paired IDEA`` (a field of :class:`engine.solver.guess.Tactics`) every game is
played twice, with all the kept guessing ideas and without ``IDEA``, on the same seed
(so on the same board): the printed paired difference and its 95% interval say what
the idea is worth, free of the luck of the boards.

The first click goes to the centre by default: on the same seeds the centre won
as often as the corner on beginner (96.4% both, 5000 games) and far more often on
expert (51.8% against 47.3%, 5000 games): an opening in the middle has room to spread.
``--opening safe`` and ``--first ROW,COL`` reproduce the rules of published figures.

It is long because its five ways to run share the same seeded games and statistics.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields, replace
from fractions import Fraction
from typing import Any

from engine import (
    BEGINNER,
    EXPERT,
    INTERMEDIATE,
    FirstClick,
    Game,
    Level,
    Move,
    Status,
    apply,
    new_game,
)
from engine import tiles as t
from engine.solver import guess as guess_module
from engine.solver import lookahead as lookahead_module
from engine.solver.analysis import Analysis, Position
from engine.solver.endgame import WinChance, win_chance
from engine.solver.guess import PLAY_BEST, MoveKind, Tactics, choose
from play.lab.figures import wilson

BOUND_LAYOUTS = 5_000
"""Layout limit of the exact search behind ``--bound`` (far above a hint's)."""
BOUND_STEPS = 2_000_000
"""Work limit of the exact search behind ``--bound``."""

LEVELS: dict[str, Level] = {
    "beginner": BEGINNER,
    "intermediate": INTERMEDIATE,
    "expert": EXPERT,
}


@dataclass(frozen=True)
class GuessMade:
    """One guess of a game, for ``--losses``."""

    kind: MoveKind
    layouts: str
    """How many layouts fitted the position, as a bucket (see :func:`layouts_bucket`)."""
    safety: float
    lost: bool


@dataclass
class GameResult:
    won: bool
    guesses: int
    call_seconds: list[float]
    guess_seconds: list[float]
    endgame_seconds: list[float]
    """Calls that ran the exact endgame search (finished or not)."""
    guesses_made: list[GuessMade]
    """Each guess, when :func:`play` was asked to keep them (else empty)."""


LAYOUT_BUCKETS = ((10**3, "up to 10^3"), (10**6, "up to 10^6"), (10**12, "up to 10^12"))


def layouts_bucket(analysis: Analysis) -> str:
    """The size of a position in orders of magnitude (an estimate counts as the largest).

    >>> from engine.grid import Grid
    >>> from engine.solver.analysis import analyse
    >>> layouts_bucket(analyse(Grid(3, 3), 2, bytes([t.COVERED] * 9)))  # 36 layouts
    'up to 10^3'
    """
    if analysis.exact:
        count = analysis.layout_count()
        for limit, name in LAYOUT_BUCKETS:
            if count <= limit:
                return name
    return "more"


def first_cell(level: Level, where: str) -> tuple[int, int]:
    """``centre``, ``corner`` (0, 0), or ``ROW,COL`` (JSMinesweeper's modern convention opens
    at ``3,3``).

    >>> first_cell(EXPERT, "centre"), first_cell(EXPERT, "3,3")
    ((8, 15), (3, 3))
    """
    if where == "corner":
        return 0, 0
    if where == "centre":
        return level.rows // 2, level.cols // 2
    row, col = (int(x) for x in where.split(","))
    return row, col


RULES = {"opening": FirstClick.OPENING, "safe": FirstClick.SAFE, "none": FirstClick.NONE}
"""The first-click rules by the names ``--opening`` takes (``zero``, its older name for
``opening``, is still read: the peers' benchmarks pass it)."""


def first_game(level: Level, seed: int, first: str, opening: str) -> Game:
    """The game after its first click, under the first-click rule ``opening`` (a name of
    :data:`RULES`, or ``zero``): dealt by the engine, as the game deals it. Under ``none``
    the game may be lost already.

    >>> [first_game(BEGINNER, 3, "centre", rule).tiles[40] for rule in ("zero", "safe")]
    [0, 1]
    """
    cell = first_cell(level, first)
    rule = RULES["opening" if opening == "zero" else opening]
    return apply(new_game(level, seed=seed, first_click=rule), Move.reveal(*cell)).game


def play(
    level: Level,
    seed: int,
    first: str = "centre",
    opening: str = "opening",
    tactics: Tactics = PLAY_BEST,
    keep_guesses: bool = False,
) -> GameResult:
    """One game from the first click to a win or a loss (``keep_guesses``: with each guess
    described in ``guesses_made``, at the cost of counting each guessed position's layouts)."""
    grid = level.grid
    game = first_game(level, seed, first, opening)
    calls: list[float] = []
    guess_calls: list[float] = []
    endgame_calls: list[float] = []
    made: list[GuessMade] = []
    guesses = 0
    while game.status is Status.PLAYING:
        start = time.perf_counter()
        position = Position(grid, level.mines, game.tiles)
        analysis = position.analysis()
        suggestion = choose(position, analysis, tactics)
        elapsed = time.perf_counter() - start
        calls.append(elapsed)
        assert suggestion is not None
        if suggestion.certain:
            targets = sorted(analysis.safe)
        else:
            guess_calls.append(elapsed)
            if suggestion.search is not None:
                endgame_calls.append(elapsed)
            guesses += 1
            targets = [suggestion.cell]
        for cell in targets:
            if game.tiles[cell] == t.COVERED:
                game = apply(game, Move.reveal(*grid.row_col(cell))).game
                if game.status is not Status.PLAYING:
                    break
        if keep_guesses and not suggestion.certain:
            lost = game.status is Status.LOST
            bucket = layouts_bucket(analysis)
            made.append(GuessMade(suggestion.kind, bucket, suggestion.safety, lost))
    won = game.status is Status.WON
    return GameResult(won, guesses, calls, guess_calls, endgame_calls, made)


def first_guess_chance(
    level: Level, seed: int, first: str = "centre", opening: str = "opening"
) -> WinChance | None:
    """The best chance any player has to win this game (None: won without a guess; a
    chance of 0 when the first click lost, as it may under ``none``).

    Until the first guess there is no choice to make: every move is a certain
    cell, and revealing certain cells in any order ends in the same position.
    From that position an exact search (:func:`engine.solver.win_chance`, with
    generous limits) gives the highest chance to win over every way of guessing;
    when it cannot finish, its ``high`` still bounds that chance (no player survives
    the first guess more often than its safest cell allows). Averaged over seeds,
    with a game won without a guess counted 1, this bounds every solver's expected
    win rate.
    """
    grid = level.grid
    game = first_game(level, seed, first, opening)
    if game.status is Status.LOST:
        nothing = Fraction(0)
        return WinChance(nothing, (), True, nothing, nothing, None, 0, 0, 0, "")
    while game.status is Status.PLAYING:
        position = Position(grid, level.mines, game.tiles)
        analysis = position.analysis()
        if not analysis.safe:
            return win_chance(position, BOUND_STEPS, BOUND_LAYOUTS, analysis)
        for cell in sorted(analysis.safe):
            if game.tiles[cell] == t.COVERED:
                game = apply(game, Move.reveal(*grid.row_col(cell))).game
    assert game.status is Status.WON  # certain cells only: the game cannot be lost
    return None


def print_bound(name: str, games: int, seed: int, first: str, opening: str = "opening") -> None:
    """Print the exact-play ceiling of a level's win rate on seeds ``seed`` onwards."""
    chances = [first_guess_chance(LEVELS[name], seed + i, first, opening) for i in range(games)]
    no_guess = sum(1 for c in chances if c is None)
    exact = sum(1 for c in chances if c is not None and c.complete)
    ceiling = sum(1.0 if c is None else float(c.high) for c in chances) / games if games else 0.0
    print(
        f"  {name:<12} {LEVELS[name]!s:<9} {opening:<7} "
        f"ceiling {ceiling:.2%} over {games} games: {no_guess} certain wins, "
        f"{exact} solved exactly at the first guess, {games - no_guess - exact} beyond the "
        f"exact search (counted at their first guess's safety)"
    )


def paired_difference(with_idea: list[bool], without: list[bool]) -> tuple[float, float, float]:
    """The mean of the per-game differences (won with, minus won without) and its 95%
    interval (normal approximation): the games are the same, so only those where the
    two differ carry information.

    >>> won, lost = [True], [False]
    >>> [round(x, 4) for x in paired_difference(won * 60 + lost * 40, won * 50 + lost * 50)]
    [0.1, 0.0409, 0.1591]
    """
    n = len(with_idea)
    if n < 2:
        return 0.0, -1.0, 1.0
    diffs = [int(a) - int(b) for a, b in zip(with_idea, without, strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = 1.959964 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def print_paired(name: str, idea: str, games: int, seed: int, first: str, opening: str) -> None:
    """Play each game with every kept idea and again without ``idea``; print the difference."""
    without_idea = replace(PLAY_BEST, **{idea: False})
    _print_pair(name, games, seed, first, opening, f"with {idea}", "without", without_idea, {})


def print_varied(
    name: str, changes: dict[str, int | float], games: int, seed: int, first: str, opening: str
) -> None:
    """Play each game as the solver plays it and again with its constants ``changes``d;
    print the difference as ``--paired`` does: as it plays minus the variant."""
    said = ", ".join(f"{key}={value}" for key, value in changes.items())
    _print_pair(name, games, seed, first, opening, "as it plays", said, PLAY_BEST, changes)


def _print_pair(
    name: str,
    games: int,
    seed: int,
    first: str,
    opening: str,
    first_label: str,
    second_label: str,
    second_tactics: Tactics,
    second_changes: dict[str, int | float],
) -> None:
    """The same games played twice, the second way with ``second_tactics`` and the solver's
    constants ``second_changes``; the first way's figures, then the paired difference
    (first minus second)."""
    level = LEVELS[name]
    start = time.perf_counter()
    with_results = [play(level, seed + i, first, opening) for i in range(games)]
    with_wins = [r.won for r in with_results]
    with varied(second_changes):
        second = [play(level, seed + i, first, opening, second_tactics) for i in range(games)]
    without_wins = [r.won for r in second]
    low, high = wilson(sum(with_wins), games)
    calls = [s for r in with_results for s in r.call_seconds]
    second_calls = [s for r in second for s in r.call_seconds]
    searches = [s for r in with_results for s in r.endgame_seconds]
    mean, d_low, d_high = paired_difference(with_wins, without_wins)
    only_with = sum(1 for a, b in zip(with_wins, without_wins, strict=True) if a and not b)
    only_without = sum(1 for a, b in zip(with_wins, without_wins, strict=True) if b and not a)
    print(
        f"  {name:<12} {level!s:<9} {first_label}: {sum(with_wins)}/{games} won "
        f"({sum(with_wins) / games:.2%}, 95% CI {low:.2%}-{high:.2%}); {second_label}: "
        f"{sum(without_wins)}/{games} ({sum(without_wins) / games:.2%}); paired difference "
        f"{mean:+.2%} (95% CI {d_low:+.2%} to {d_high:+.2%}); won only {first_label} "
        f"{only_with}, only {second_label} {only_without}; per call p95 "
        f"{1000 * percentile(calls, 0.95):.2f} ms ({second_label}: "
        f"{1000 * percentile(second_calls, 0.95):.2f} ms), endgame searches {len(searches)}, "
        f"p95 {1000 * percentile(searches, 0.95):.1f} ms, max "
        f"{1000 * max(searches, default=0.0):.0f} ms; {time.perf_counter() - start:.0f} s"
    )


VARIED = (guess_module, lookahead_module)
"""The modules whose numbers ``--vary`` may change, read when a guess is chosen."""


def _owner(key: str) -> Any:
    """The module of :data:`VARIED` that has the constant ``key`` (None: none has)."""
    if not key.isupper():
        return None
    return next((module for module in VARIED if hasattr(module, key)), None)


def parse_changes(text: str) -> dict[str, int | float]:
    """``--vary``'s ``NAME=NUMBER,...``: numbers read when a guess is chosen (the constants of
    :mod:`engine.solver.guess`, the endgame search's limits it passes on, and those of
    :mod:`engine.solver.lookahead`), each given a number of its own type.

    >>> parse_changes("CUTOFF=0.8, FRONTIER_CANDIDATES=20,LAYOUT_LIMIT=2000")
    {'CUTOFF': 0.8, 'FRONTIER_CANDIDATES': 20, 'LAYOUT_LIMIT': 2000}
    >>> parse_changes("SPEED=3")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: SPEED is not a number the solver's guessing reads
    """
    changes: dict[str, int | float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, _, value = part.partition("=")
        current = getattr(_owner(key), key, None)
        if isinstance(current, bool) or not isinstance(current, int | float):
            raise argparse.ArgumentTypeError(f"{key} is not a number the solver's guessing reads")
        try:
            changes[key] = type(current)(value)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{key} takes a number such as {current}, got {value!r}"
            ) from None
    if not changes:
        raise argparse.ArgumentTypeError("expected NAME=NUMBER, such as CUTOFF=0.8")
    return changes


@contextmanager
def varied(changes: dict[str, int | float]) -> Iterator[None]:
    """The solver's constants set to ``changes`` (see :func:`parse_changes`) inside the block."""
    before: list[tuple[Any, str, int | float]] = []
    try:
        for key, value in changes.items():
            module = _owner(key)
            before.append((module, key, getattr(module, key)))
            setattr(module, key, value)
        yield
    finally:
        for module, key, value in reversed(before):
            setattr(module, key, value)


def print_losses(name: str, games: int, seed: int, first: str, opening: str) -> None:
    """Play the games and print where they were lost, by kind of guess and size of position."""
    level = LEVELS[name]
    results = [play(level, seed + i, first, opening, keep_guesses=True) for i in range(games)]
    wins = sum(r.won for r in results)
    rate = wins / games if games else 0.0
    print(f"  {name:<12} {level!s:<9} {wins}/{games} won ({rate:.2%})")
    table: dict[tuple[str, str], list[GuessMade]] = {}
    for result in results:
        for guess in result.guesses_made:
            table.setdefault((guess.kind, guess.layouts), []).append(guess)
    order = [name for _, name in LAYOUT_BUCKETS] + ["more"]
    print(f"    {'guess':<10} {'layouts':<12} {'guesses':>8} {'expected losses':>16} {'losses':>7}")
    for kind, bucket in sorted(table, key=lambda k: (k[0], order.index(k[1]))):
        made = table[kind, bucket]
        expected = sum(1.0 - g.safety for g in made)
        lost = sum(g.lost for g in made)
        print(f"    {kind:<10} {bucket:<12} {len(made):>8} {expected:>16.1f} {lost:>7}")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class LevelReport:
    level: str
    board: str
    first_click: str
    games: int
    wins: int
    win_rate: float
    ci95_low: float
    ci95_high: float
    guesses_per_game: float
    calls: int
    mean_call_ms: float
    p95_call_ms: float
    guess_calls: int
    mean_guess_ms: float
    p95_guess_ms: float
    endgame_calls: int
    p95_endgame_ms: float
    max_endgame_ms: float
    max_call_ms: float
    seconds: float


def run_level(
    name: str, games: int, seed: int, first: str, progress: bool, opening: str = "opening"
) -> LevelReport:
    level = LEVELS[name]
    wins = guesses = 0
    calls: list[float] = []
    guess_calls: list[float] = []
    endgame_calls: list[float] = []
    start = time.perf_counter()
    for i in range(games):
        result = play(level, seed + i, first, opening)
        wins += result.won
        guesses += result.guesses
        calls.extend(result.call_seconds)
        guess_calls.extend(result.guess_seconds)
        endgame_calls.extend(result.endgame_seconds)
        if progress and (i + 1) % 500 == 0:
            print(f"  {name}: {i + 1}/{games} games, {wins} won", file=sys.stderr, flush=True)
    low, high = wilson(wins, games)
    return LevelReport(
        level=name,
        board=str(level),
        first_click=f"{first}, {opening}",
        games=games,
        wins=wins,
        win_rate=wins / games if games else 0.0,
        ci95_low=low,
        ci95_high=high,
        guesses_per_game=guesses / games if games else 0.0,
        calls=len(calls),
        mean_call_ms=1000 * sum(calls) / max(1, len(calls)),
        p95_call_ms=1000 * percentile(calls, 0.95),
        guess_calls=len(guess_calls),
        mean_guess_ms=1000 * sum(guess_calls) / max(1, len(guess_calls)),
        p95_guess_ms=1000 * percentile(guess_calls, 0.95),
        endgame_calls=len(endgame_calls),
        p95_endgame_ms=1000 * percentile(endgame_calls, 0.95),
        max_endgame_ms=1000 * max(endgame_calls, default=0.0),
        max_call_ms=1000 * max(calls, default=0.0),
        seconds=time.perf_counter() - start,
    )


def _where(text: str) -> str:
    """The ``--first`` argument, checked."""
    if text in ("centre", "corner"):
        return text
    parts = text.split(",")
    if len(parts) == 2 and all(p.strip().isdigit() and len(p.strip()) < 4 for p in parts):
        return ",".join(p.strip() for p in parts)
    raise argparse.ArgumentTypeError(f"expected centre, corner or ROW,COL, got {text!r}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.solver", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--games", type=int, default=200, help="games per level (default 200)")
    parser.add_argument("--level", choices=[*LEVELS, "all"], default="all")
    parser.add_argument(
        "--first",
        default="centre",
        type=_where,
        help="where the first click goes: centre (default), corner, or ROW,COL",
    )
    parser.add_argument(
        "--opening",
        choices=["all", *RULES, "zero"],
        default="all",
        help="the first-click rule: each in turn (all, the default), opening (the first click "
        "opens an area; zero is its older name), safe (never a mine) or none (it may lose)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.add_argument(
        "--bound",
        action="store_true",
        help="print each level's exact-play ceiling on the win rate instead of playing",
    )
    parser.add_argument(
        "--losses",
        action="store_true",
        help="print where the games were lost: by kind of guess and size of position",
    )
    parser.add_argument(
        "--vary",
        type=parse_changes,
        metavar="NAME=NUMBER,...",
        help="play the same games as the solver plays and with these numbers of "
        "engine.solver.guess or .lookahead changed (CUTOFF, SECOND, LAYOUT_LIMIT...); print "
        "the difference",
    )
    parser.add_argument(
        "--paired",
        choices=[f.name for f in fields(Tactics)],
        help="play the same games with and without this guessing idea; print the difference",
    )
    args = parser.parse_args(argv)
    names = list(LEVELS) if args.level == "all" else [args.level]
    rules = list(RULES) if args.opening == "all" else [args.opening]
    for name in names:
        if not LEVELS[name].grid.contains(*first_cell(LEVELS[name], args.first)):
            parser.error(f"--first {args.first} is outside the {name} board ({LEVELS[name]})")
    if args.bound:
        print(
            f"win-rate ceiling of exact play from the first guess, first click in the "
            f"{args.first}, seeds {args.seed}..{args.seed + args.games - 1}"
        )
        for name in names:
            for rule in rules:
                print_bound(name, args.games, args.seed, args.first, rule)
        return
    if args.losses:
        print(
            f"where the games were lost: first click in the {args.first}, seeds "
            f"{args.seed}..{args.seed + args.games - 1}"
        )
        for name in names:
            for rule in rules:
                print(f" first click: {rule}")
                print_losses(name, args.games, args.seed, args.first, rule)
        return
    if args.vary or args.paired:
        print(
            f"paired games: first click in the {args.first}, seeds "
            f"{args.seed}..{args.seed + args.games - 1}"
        )
        for name in names:
            for rule in rules:
                print(f" first click: {rule}")
                if args.vary:
                    print_varied(name, args.vary, args.games, args.seed, args.first, rule)
                else:
                    print_paired(name, args.paired, args.games, args.seed, args.first, rule)
        return
    reports = [
        run_level(n, args.games, args.seed, args.first, args.progress, rule)
        for n in names
        for rule in rules
    ]
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "implementation": platform.python_implementation(),
                    "seed": args.seed,
                    "levels": [asdict(r) for r in reports],
                },
                indent=2,
            )
        )
        return
    print(
        f"solver benchmark: {platform.python_implementation()} {platform.python_version()}, "
        f"first click in the {args.first} under each rule asked for (opening: it opens an "
        f"area; safe: never a mine; none: it may lose), seeds "
        f"{args.seed}..{args.seed + args.games - 1}"
    )
    for r in reports:
        print(
            f"  {r.level:<12} {r.board:<9} {r.first_click.split(', ')[-1]:<7} "
            f"{r.wins}/{r.games} won = {r.win_rate:.1%} "
            f"(95% CI {r.ci95_low:.1%}-{r.ci95_high:.1%}), {r.guesses_per_game:.2f} guesses/game; "
            f"per call mean {r.mean_call_ms:.2f} ms, p95 {r.p95_call_ms:.2f} ms; "
            f"per guess mean {r.mean_guess_ms:.1f} ms, p95 {r.p95_guess_ms:.1f} ms; "
            f"endgame searches {r.endgame_calls}, p95 {r.p95_endgame_ms:.1f} ms, "
            f"max {r.max_endgame_ms:.0f} ms; max {r.max_call_ms:.0f} ms; {r.seconds:.0f} s"
        )


if __name__ == "__main__":
    main()
