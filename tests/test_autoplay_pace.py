"""The auto-player at Instant waits for a frame between moves, never for a bare turn.

A bare turn (``asyncio.sleep(0)`` under Pyodide: a ``MessageChannel`` task) let it fill the
main thread: on a 300x300 board timers, DevTools and Chromium's garbage collection waited
behind it for minutes, and the renderer grew 10 MB a second (issue 17).
"""

from __future__ import annotations

from engine import BEGINNER
from play import Session, Settings
from tests.fake_dom import FakeClock, Scheduler, settle
from tests.helpers import run
from web.autoplay import AutoPlay


def auto_played(delay_ms: int) -> tuple[Session, Scheduler]:
    """A beginner game played to its end by the auto-player at ``delay_ms``, on a fake
    scheduler that counts the frames waited for and the sleeps."""

    async def scenario() -> tuple[Session, Scheduler]:
        clock = FakeClock()
        session = Session(Settings(level=BEGINNER), seed=3, clock=clock)
        scheduler = Scheduler(clock)
        auto = AutoPlay(session, scheduler, lambda: clock.now, lambda _text: None)
        session.subscribe(lambda _update: auto.sync())
        session.set_auto_delay(delay_ms)
        session.start_auto()
        await settle(5_000)
        return session, scheduler

    return run(scenario)


def test_instant_auto_play_waits_a_frame_after_each_move() -> None:
    session, scheduler = auto_played(0)
    moves = len(session.record.moves)
    assert session.game.status.is_over and moves > 2
    assert scheduler.slept == []  # no bare turn
    assert scheduler.frames >= moves - 1  # a frame after every move but the last


def test_a_chosen_speed_still_sleeps_between_moves() -> None:
    session, scheduler = auto_played(40)
    assert session.game.status.is_over and 0.04 in scheduler.slept
