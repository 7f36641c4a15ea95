"""A big board's first reveal has its mines dealt in slices (engine.layout.generate_steps,
engine.game.deal_steps, play.session.Session.move_steps): the very board a reveal at once
deals, never used for another move or another game, and the moves made meanwhile played
after it. The page's side is in tests/test_web_screen.py."""

from __future__ import annotations

import hashlib

import pytest

from engine import EXPERT, Layout, Level, Move, Status, apply, generate, new_game
from engine.steps import Steps, drain, step
from play.game import Input, Settings
from play.game.dealer import DEALT_IN_SLICES
from play.session import Session
from tests.helpers import FakeClock

BIG = Level(150, 150, 2_000)
FIRST = Move.reveal(75, 75)


def session_of(level: Level = BIG, seed: int = 5, **settings: object) -> Session:
    return Session(Settings(level=level, **settings), seed=seed, clock=FakeClock())  # type: ignore[arg-type]


def slices(steps: Steps[object]) -> int:
    """Run ``steps`` to the end; how many times they gave way."""
    breaks = 0
    while True:
        try:
            next(steps)
        except StopIteration:
            return breaks
        breaks += 1


def dealing_first(session: Session) -> Steps[object]:
    """The first reveal's work, its mines being dealt: three slices done."""
    work = session.move_steps(FIRST, Input.MOUSE)
    for _ in range(3):
        next(work)
    assert session.game.status is Status.READY
    return work


@pytest.mark.parametrize(
    ("level", "seed", "first", "digest"),
    [
        (Level(9, 9, 10), 1, 40, "4b27434c534037b2"),
        (Level(16, 30, 99), 2**63 - 1, 0, "b719d5177d739a71"),
        (Level(30, 16, 400), 123_456_789, 479, "03eac52f8f39411f"),  # a corner
        (Level(1, 50, 47), 9, 0, "75bf93251568df21"),  # too dense for a block
        (Level(300, 300, 9_000), 5, 45_150, "6d122af347ef39f5"),
    ],
)
def test_a_seed_deals_the_board_it_always_dealt(
    level: Level, seed: int, first: int, digest: str
) -> None:
    """Links, daily boards and every replay name a board by its seed: however the dealing
    is written, its answers never change (digests taken before it was stepped)."""
    mines = sorted(generate(level, seed, first).mines)
    assert hashlib.sha256(str(mines).encode()).hexdigest()[:16] == digest


def test_the_session_deals_a_big_first_reveal_in_slices_and_plays_that_board() -> None:
    whole, stepped = session_of(), session_of()
    whole.play(FIRST)
    work = stepped.move_steps(FIRST, Input.MOUSE)
    for _ in range(3):
        next(work)
    assert stepped.game.status is Status.READY  # nothing shown yet
    update = drain(work)
    assert update is not None and update.changed and stepped.game == whole.game
    assert stepped.record == whole.record


def played_at_once(session: Session, move: Move) -> bool:
    """Whether ``move`` is played in its work's first slice."""
    try:
        next(session.move_steps(move, Input.MOUSE))
    except StopIteration:
        return True
    return False


def test_small_boards_and_later_moves_are_played_at_once() -> None:
    assert max(EXPERT.mines, 0) < DEALT_IN_SLICES[0] and EXPERT.cells < DEALT_IN_SLICES[1]
    assert played_at_once(session_of(EXPERT), FIRST)
    session = session_of()
    assert played_at_once(session, Move.mark(0, 0))
    assert played_at_once(session, Move.reveal(-1, 3))
    assert not played_at_once(session, FIRST)
    session.play(FIRST)
    assert played_at_once(session, Move.reveal(0, 0))


def test_mines_dealt_for_one_first_reveal_never_serve_another() -> None:
    session = session_of()
    work = dealing_first(session)
    other = Move.reveal(10, 140)
    session.play(other)  # at once, not handed over: the terminal's way, say
    assert drain(work) is None  # the position is gone: nothing played
    expected = apply(new_game(BIG, seed=5), other).game
    assert session.game.tiles == expected.tiles and session.game.layout == expected.layout
    assert [timed.move for timed in session.record.moves] == [other]


def test_mines_dealt_before_a_new_game_are_dropped_with_the_moves_made_meanwhile() -> None:
    session = session_of()
    work = dealing_first(session)
    assert played_at_once(session, Move.mark(0, 0))  # waits: nothing to run
    session.new_game(seed=6)
    assert drain(work) is None and not session.record.moves
    session.play(FIRST)
    assert session.game.layout == apply(new_game(BIG, seed=6), FIRST).game.layout
    assert [timed.move for timed in session.record.moves] == [FIRST]


def test_the_auto_players_first_reveal_is_dealt_in_its_slices() -> None:
    whole, stepped = session_of(), session_of()
    for session in (whole, stepped):
        session.start_auto()
    big_slices = slices(stepped.auto_steps())
    update = drain(whole.auto_steps())
    assert update is not None and stepped.game == whole.game
    small = session_of(EXPERT)
    small.start_auto()
    assert big_slices > slices(small.auto_steps()) + 2  # the deal's slices


def test_the_openings_are_worked_out_in_slices_and_kept() -> None:
    """The end of a big game needs its 3BV: worked out while the game is played, in
    slices, it costs the end nothing (a 300x300 board's took 200 ms of its last click)."""
    session = session_of()
    session.play(FIRST)
    layout = session.game.layout
    assert layout is not None
    assert slices(layout.openings_steps()) > 1  # more than one slice
    assert step(layout.openings_steps()) is not None  # kept: done at once the second time
    assert layout.openings == Layout(BIG, layout.mines).openings  # as worked out at once
    assert session_of().game.layout is None  # no mines yet: nothing to work out
