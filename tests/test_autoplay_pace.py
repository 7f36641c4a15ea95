"""The auto-player at Instant waits for a frame between moves, never for a bare turn.

A bare turn (``asyncio.sleep(0)`` under Pyodide: a ``MessageChannel`` task) let it fill the
main thread: on a 300x300 board timers, DevTools and Chromium's garbage collection waited
behind it for minutes, and the renderer grew 10 MB a second.
"""

from __future__ import annotations

import asyncio

import pytest

import play.game.dealer
from engine import BEGINNER, Game, Level
from engine.steps import Steps
from play.game import Settings, Update
from play.game.notice import FINDING
from play.session import Session
from tests.fake_dom import Scheduler, settle
from tests.helpers import AdvancingClock, FakeClock, run
from web.controls.autoplay import AutoPlay
from web.page.pace import SEARCH_PAINT_S


def auto_played(delay_ms: int) -> tuple[Session, Scheduler]:
    """A beginner game played to its end by the auto-player at ``delay_ms``, on a fake
    scheduler that counts the frames waited for and the sleeps."""

    async def scenario() -> tuple[Session, Scheduler]:
        clock = FakeClock()
        session = Session(Settings(level=BEGINNER), seed=3, clock=clock)
        scheduler = Scheduler(clock)
        auto = AutoPlay(session, scheduler, lambda: clock.now, lambda _text: None)
        session.subscribe(lambda update: auto.show(update.picture.auto_playing))
        session.change(auto_delay_ms=delay_ms)
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


def test_the_auto_players_first_reveal_on_a_big_board_has_its_mines_dealt_in_slices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As a player's is (play.session.Session.move_steps): the auto-player dealt 150x150's
    2,000 mines in one piece, inside its move's task (60 ms of a browser's time for 9,000)."""
    dealt_at: list[int] = []
    deal_steps = play.game.dealer.deal_steps

    def watched(game: Game, first: int) -> Steps[Game]:
        """The real deal, noting the browser's turn at each of its slices."""
        work = deal_steps(game, first)
        while True:
            dealt_at.append(scheduler.turns)
            try:
                next(work)
            except StopIteration as done:
                dealt: Game = done.value
                return dealt
            yield

    monkeypatch.setattr(play.game.dealer, "deal_steps", watched)
    clock = FakeClock()
    scheduler = Scheduler(clock)

    async def scenario() -> Session:
        session = Session(Settings(level=Level(150, 150, 2_000)), seed=5, clock=clock)
        auto = AutoPlay(session, scheduler, AdvancingClock(0.030), lambda _text: None)
        session.subscribe(lambda update: auto.show(update.picture.auto_playing))
        session.change(auto_delay_ms=1_000)
        session.start_auto()
        for _ in range(5_000):
            if session.record.moves:
                break
            await asyncio.sleep(0)
        session.stop_auto()
        await settle()
        return session

    session = run(scenario)
    assert session.game.layout is not None and len(session.record.moves) == 1
    assert len(set(dealt_at)) > 2  # the browser had its turns between the slices


def test_the_auto_players_first_reveal_on_a_no_guess_board_says_finding_and_paints_it() -> None:
    """The same rule as a player's click, from the session: the notice, its paint, then
    the search (AutoPlay kept a copy of it)."""
    clock = FakeClock()
    scheduler = Scheduler(clock)
    seen: list[tuple[str | None, bool, int]] = []

    async def scenario() -> Session:
        session = Session(Settings(level=BEGINNER, no_guess=True), seed=3, clock=clock)
        auto = AutoPlay(session, scheduler, AdvancingClock(0.030), lambda _text: None)

        def drawn(update: Update) -> None:
            notice = session.notice
            text = None if notice is None else notice.text
            seen.append((text, session.game.layout is None, len(scheduler.slept)))
            assert update.picture is not None
            auto.show(update.picture.auto_playing)

        session.subscribe(drawn)
        session.change(auto_delay_ms=1_000)
        session.start_auto()
        for _ in range(5_000):
            if session.record.moves:
                break
            await asyncio.sleep(0)
        session.stop_auto()
        await settle()
        return session

    session = run(scenario)
    assert session.game.no_guess and session.game.layout is not None
    finding = seen.index((FINDING, True, 0))  # said on the covered board, nothing slept yet
    assert scheduler.slept[0] == SEARCH_PAINT_S  # then its paint, then the search
    assert seen[finding + 1][1:] == (False, 1)  # the board found, after that one wait
