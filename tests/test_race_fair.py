"""A race is on the ghost's own board under every first-click rule: under
``safe`` and ``none``, and on no-guess boards, the mines depend on where the first click
goes, so a race's board is dealt with the ghost's first reveal already made for the racer
(at 0 ms: the racer's clock starts at their own first move), whichever way the race began:
a link opened in another session, Race your best, or Race from the replays list.

Checked against the sender's own game (its layout, its first reveal) and against a brute
count of the dealt board's 3BV (openings found by a search of zeros, plus the numbers
touching no zero), never against the code that makes ghosts."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from engine import BEGINNER, FirstClick, Layout, Level, Move, Record, Status
from engine.tiles import is_covered
from play.game.race import Ghost
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from play.start.address import from_query
from play.start.startup import start_with
from tests.helpers import FakeClock

FIRST = (1, 2)
"""The sender's first click: away from the centre and from (0, 0), where a racer might
click first, so only a race dealt with it made is on the sender's board."""


def brute_3bv(layout: Layout) -> int:
    level = layout.level
    grid, counts = level.grid, layout.counts
    safe = [c for c in range(level.cells) if c not in layout.mines]
    zeros = {c for c in safe if counts[c] == 0}
    regions, seen = 0, set[int]()
    for zero in sorted(zeros):
        if zero in seen:
            continue
        regions += 1
        todo = [zero]
        seen.add(zero)
        while todo:
            for n in grid.neighbours(todo.pop()):
                if n in zeros and n not in seen:
                    seen.add(n)
                    todo.append(n)
    lone = [c for c in safe if not any(n in zeros for n in [c, *grid.neighbours(c)])]
    return regions + len(lone)


def won_game(
    rule: FirstClick, no_guess: bool
) -> tuple[Session, FakeClock, Keeper, Layout, list[tuple[Move, int]]]:
    """A kept win under ``rule`` (no-guess or not) whose first click is :data:`FIRST`: the
    first seed from 1 on whose first click does not lose (under ``none`` it may)."""
    keeper = Keeper(Blobs(MemoryStorage()), now=lambda: datetime(2026, 11, 22, 20, tzinfo=UTC))
    clock = FakeClock()
    session = Session(seed=0, clock=clock, keeper=keeper)
    session.change(first_click=rule, no_guess=no_guess, player_name="Ada")
    for seed in range(1, 50):
        session.new_game(seed)
        session.play(Move.reveal(*FIRST))
        if session.game.status is not Status.LOST:
            break
    layout = session.game.layout
    assert layout is not None and session.game.status is not Status.LOST
    for cell in range(BEGINNER.cells):
        if cell not in layout.mines and not session.game.status.is_over:
            clock.now += 0.4
            session.play(Move.reveal(*session.game.grid.row_col(cell)))
    assert session.result is not None and session.result.won
    moves = [(m.move, m.ms) for m in session.record.moves if isinstance(m.move, Move)]
    return session, clock, keeper, layout, moves


def by_link(sender: Session, _: Keeper) -> tuple[Session, FakeClock]:
    text = sender.race_link()
    assert text is not None
    clock = FakeClock(500.0)
    racer = start_with(from_query(f"?race={text}"), None, clock=clock).session
    assert racer.race == Ghost.from_link(text)
    return racer, clock


def by_own_best(sender: Session, _: Keeper) -> tuple[Session, FakeClock]:
    assert sender.start_race()
    return sender, sender._clock  # type: ignore[attr-defined]


def by_replays(sender: Session, keeper: Keeper) -> tuple[Session, FakeClock]:
    result = sender.result
    assert result is not None and result.kept_as is not None
    clock = FakeClock(900.0)
    racer = Session(seed=0, clock=clock, keeper=keeper)
    racer.change(first_click=FirstClick.OPENING, no_guess=False)  # the race's, not these
    ghost = racer.replays.ghost(result.kept_as)
    assert ghost is not None
    racer.start_race(ghost)
    return racer, clock


Route = Callable[[Session, Keeper], tuple[Session, FakeClock]]


@pytest.mark.parametrize("route", [by_link, by_own_best, by_replays])
@pytest.mark.parametrize("no_guess", [False, True])
@pytest.mark.parametrize("rule", list(FirstClick))
def test_a_race_is_dealt_on_the_ghosts_board_with_its_opening(
    rule: FirstClick, no_guess: bool, route: Route
) -> None:
    sender, _, keeper, layout, moves = won_game(rule, no_guess)
    racer, clock = route(sender, keeper)
    ghost = racer.race
    assert ghost is not None and ghost.rule == rule.value
    # The same mines, and the ghost's first reveal made for the racer at 0 ms.
    assert racer.game.layout is not None
    assert racer.game.layout.mines == layout.mines
    assert racer.game.status is Status.PLAYING
    assert [(m.move, m.ms) for m in racer.record.moves] == [(Move.reveal(*FIRST), 0)]
    assert moves[0] == (Move.reveal(*FIRST), 0)
    assert racer.record.replay() == racer.game  # the racer's record deals the same board
    # The ghost's whole 3BV is the dealt board's, counted the long way.
    assert ghost.bbbv == brute_3bv(racer.game.layout) == brute_3bv(layout)
    # The racer's clock starts at their own first move, not at the opening made for them.
    assert not racer.timer.running
    clock.now += 30
    covered = [
        c
        for c in range(BEGINNER.cells)
        if c not in layout.mines and is_covered(racer.game.tiles[c])
    ]
    assert covered  # the opening does not win the board
    racer.play(Move.reveal(*racer.game.grid.row_col(covered[0])))
    clock.now += 0.25
    assert racer.record.moves[-1].ms == 0 and racer.timer.running
    assert racer.timer.seconds() == pytest.approx(0.25)


@pytest.mark.parametrize("centre_opened", [False, True])
def test_a_game_kept_mid_race_before_first_cells_still_reads_and_races_on(
    centre_opened: bool,
) -> None:
    """A snapshot as kept before links carried the first cell (its ``"race"`` a version 1
    link): the ghost reads (a daily board's with its centre as first cell, any other with
    none), and the game is carried on as it was played, racing it."""
    from play.game.round import Round
    from play.game.settings import Settings
    from play.keeping.snapshot import Snapshot
    from tests.test_race import version_1_link

    sender, *_ = won_game(FirstClick.SAFE, False)
    ghost = Ghost.of_record(sender.record)
    old = version_1_link(ghost, centre_opened)
    played = Round.deal(Settings(first_click=FirstClick.SAFE), ghost.seed, linked=True)
    played.apply(Move.reveal(0, 0), now=10.0)  # the old deal, at the racer's first reveal
    assert played.game.status is Status.PLAYING  # under safe, it never loses
    data = {
        "record": played.record.to_text(),
        "elapsed_ms": 1500,
        "assisted": False,
        "daily": None,
        "race": old,
        "linked": True,
    }
    snapshot = Snapshot.from_data(data)
    centre = (BEGINNER.rows // 2, BEGINNER.cols // 2)
    assert snapshot.race is not None
    assert snapshot.race.first == (centre if centre_opened else None)
    assert snapshot.race.steps == ghost.steps and snapshot.race.who == ghost.who
    carried = snapshot.carried_on(Settings(), now=50.0)
    assert carried is not None and carried.race == snapshot.race
    assert carried.game == played.game and carried.record == played.record


def test_a_ghost_that_won_in_one_click_leaves_the_click_to_the_racer() -> None:
    """Made for the racer, a first reveal that wins would end the race before it began,
    with no result: the board is dealt for the racer's own first click instead."""
    tiny = Level(4, 4, 1)
    record = Record(tiny, 0).add(Move.reveal(0, 0), 0)
    assert record.replay().status is Status.WON
    ghost = Ghost.of_record(record)
    racer = Session(seed=0, clock=FakeClock())
    racer.start_race(ghost)
    assert racer.race == ghost and racer.game.status is Status.READY
    racer.play(Move.reveal(0, 0))
    assert racer.result is not None and racer.result.won


@pytest.mark.parametrize("rule", list(FirstClick))
def test_a_race_carried_on_before_the_racers_first_move_starts_no_clock(rule: FirstClick) -> None:
    """A race kept (a reload) with only the ghost's first reveal made: the racer's clock
    still starts at their own first move, not at the reload."""
    from play.game.round import Round
    from play.game.settings import Settings
    from play.keeping.snapshot import Snapshot

    sender, *_ = won_game(rule, False)
    ghost = Ghost.of_record(sender.record)
    raced = Round.raced(Settings(), ghost)
    kept = Snapshot.from_data(Snapshot.of(raced, now=10.0).to_data())
    carried = kept.carried_on(Settings(), now=500.0)
    assert carried is not None and carried.race == ghost and carried.record == raced.record
    assert not carried.watch.started
    assert carried.seconds(now=900.0) == 0
    safe = next(
        c
        for c in range(BEGINNER.cells)
        if c not in raced.game.layout.mines and is_covered(carried.game.tiles[c])  # type: ignore[union-attr]
    )
    carried.apply(Move.reveal(*carried.game.grid.row_col(safe)), now=1000.0)
    assert carried.record.moves[-1].ms == 0 and carried.seconds(now=1002.5) == 2.5
