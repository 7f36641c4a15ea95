"""The first-click rule and the live counters on the page, in CPython: the rule changed from
the settings (a
game not begun dealt again under it, one begun keeps its own), the live counters kept in
play (play.game_ui.LiveCounters, a replay's Playback.counters) against the whole record
counted again (engine.live.moments), and drawn a frame after the click, never in its task.
"""

from __future__ import annotations

import random

import pytest

from engine import BEGINNER, EXPERT, FirstClick, Move, Record, Status, apply, generate
from engine.live import moments
from play.game import Input, Settings
from play.game.settings import first_click_later
from play.game_ui import LiveCounters, Playback
from play.session import Session
from play.videos import Replay
from tests.fake_dom import settle
from tests.helpers import FakeClock, moment_at, run
from tests.test_web_screen import Page
from web.page import ids


def test_a_rule_chosen_before_the_first_move_deals_the_same_seed_again_under_it() -> None:
    centre = BEGINNER.grid.index(4, 4)
    seed = next(
        s for s in range(10_000) if centre in generate(BEGINNER, s, centre, FirstClick.NONE).mines
    )
    session = Session(Settings(level=BEGINNER), seed=seed, clock=FakeClock())
    session.change(first_click=FirstClick.NONE)
    assert (session.game.first_click, session.game.seed) == (FirstClick.NONE, seed)
    session.play(Move.reveal(4, 4))
    assert session.game.status is Status.LOST  # the seed's centre is a mine under none


def test_a_rule_chosen_once_the_game_is_begun_waits_for_the_next_game() -> None:
    session = Session(Settings(level=BEGINNER), seed=5, clock=FakeClock())
    session.play(Move.reveal(4, 4))
    before = session.game
    session.change(first_click=FirstClick.SAFE)
    assert session.game is before and before.first_click is FirstClick.OPENING
    assert session.notice is not None
    assert session.notice.text == first_click_later(FirstClick.SAFE)
    session.new_game()
    assert session.game.first_click is FirstClick.SAFE


def random_record(seed: int) -> Record:
    """A beginner game of random clicks (reveals, marks, chords), until it ends or 60 moves."""
    chooser = random.Random(seed)
    record = Record(BEGINNER, seed)
    game = record.new_game()
    ms = 0
    for _ in range(60):
        if game.status.is_over:
            break
        row, col = chooser.randrange(9), chooser.randrange(9)
        kind = chooser.choice([Move.reveal, Move.reveal, Move.mark, Move.chord])
        move = kind(row, col)
        ms += chooser.randrange(1, 900)
        game = apply(game, move).game
        record = record.add(move, ms)
    return record


def test_the_live_counters_read_move_by_move_are_the_whole_records() -> None:
    """Counted on from the last moment at each move, as the page reads them, the counters
    equal the whole record counted again (engine.live.moments) at each move's time."""
    for seed in range(30):
        record = random_record(seed)
        counters = LiveCounters()
        for n in range(1, len(record.moves) + 1):
            part = Record(BEGINNER, seed, moves=record.moves[:n])
            timed = part.moves[-1].ms
            read = counters.now(part, part.replay(), timed)
            expected = moment_at(moments(part), timed)
            assert read == expected, (seed, n)


def test_the_live_counters_read_after_several_moves_go_on_without_counting_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Read once a frame, the page may find two or more moves played since (quick clicks
    on a slow phone): the counters go on from the last moment, never the whole record
    counted again (a frame of 50 ms or more on a phone's processor), and still equal the
    whole record counted again at each reading."""
    import play.game_ui.live

    whole = play.game_ui.live.moments
    counted_again: list[int] = []
    monkeypatch.setattr(play.game_ui.live, "moments", lambda r: counted_again.append(1) or whole(r))
    for seed in range(30):
        record, chooser = random_record(seed), random.Random(seed)
        counters, n, last = LiveCounters(), 1, None
        while n <= len(record.moves):
            part = Record(BEGINNER, seed, moves=record.moves[:n])
            timed = part.moves[-1].ms
            before = len(counted_again)
            read = counters.now(part, part.replay(), timed)
            assert read == moment_at(whole(part), timed), (seed, n)
            if last is not None:  # counted on from it, however many moves came since
                assert len(counted_again) == before, (seed, n)
            last = read
            n += chooser.randint(1, 4)


def test_another_game_is_counted_from_its_own_record() -> None:
    counters = LiveCounters()
    first, other = random_record(1), random_record(2)
    counters.now(first, first.replay(), 10**6)
    assert counters.now(other, other.replay(), 10**6) == moment_at(moments(other), 10**6)


def test_a_replays_counters_are_the_records_at_each_time() -> None:
    record = random_record(3)
    playback = Playback()
    playback.load(Replay(record))
    timeline = moments(record)
    for ms in range(0, record.moves[-1].ms + 1000, 137):
        playback.seek(ms)
        assert playback.counters() == moment_at(timeline, ms)


def test_the_live_counters_are_drawn_a_frame_after_the_click_never_in_its_task() -> None:
    async def scenario() -> None:
        session = Session(Settings(level=EXPERT, live_counters=True), seed=3, clock=FakeClock())
        page = Page(session)
        await settle()
        live = page.document.getElementById(ids.LIVE_COUNTERS)
        assert live.hidden is False and page.text(ids.LIVE_COUNTERS) == "3BV —"
        frames = page.scheduler.frames
        page.screen.play(Move.reveal(8, 15), Input.MOUSE)
        assert page.text(ids.LIVE_COUNTERS) == "3BV —"  # not in the click's own task
        await settle()
        assert page.scheduler.frames > frames
        moment = moments(session.record)[-1]
        assert page.text(ids.LIVE_COUNTERS).startswith(f"3BV {moment.solved}/{moment.bbbv}")
        session.change(live_counters=False)
        await settle()
        assert live.hidden is True
        assert not page.logged

    run(scenario)
