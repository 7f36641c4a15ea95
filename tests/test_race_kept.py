"""Race any kept win again from the replays list: the list offers the
won games, and racing one deals its board (seed, level, first-click rule; a daily board's
centre opened) with that very game as the ghost, named "your best" when no kept win on the
board was faster. The ghost's finish is checked against the time the session's own clock
gave the win, not against the code that makes ghosts."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from engine import BEGINNER, FirstClick, Move, Status
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from tests.helpers import FakeClock, lose_session_game
from tests.test_race_start import win


def _session(day: date = date(2026, 11, 22)) -> tuple[Session, FakeClock, Keeper]:
    keeper = Keeper(
        Blobs(MemoryStorage()), now=lambda: datetime(*day.timetuple()[:3], 20, tzinfo=UTC)
    )
    clock = FakeClock()
    return Session(seed=0, clock=clock, keeper=keeper), clock, keeper


def _kept_as(session: Session) -> str:
    result = session.result
    assert result is not None and result.kept_as is not None
    return result.kept_as


def _one_won_one_lost() -> tuple[Session, str, str]:
    """A session that kept a win (seed 31) and then a loss (seed 32): their ids."""
    session, clock, _ = _session()
    session.new_game(31)
    win(session, clock)
    won = _kept_as(session)
    session.new_game(32)
    lose_session_game(session)
    return session, won, _kept_as(session)


def test_the_replays_list_offers_the_won_games_to_race_and_no_other() -> None:
    session, won, lost = _one_won_one_lost()
    games = {game.id: game for game in session.replays.games()}
    assert games[won].raceable and not games[lost].raceable
    assert session.replays.ghost(lost) is None
    assert session.replays.ghost("no-such-game") is None
    assert Session(seed=0).replays.ghost(won) is None  # a session that keeps nothing


def test_racing_a_kept_win_deals_its_seed_level_and_rule_with_that_game_as_ghost() -> None:
    session, clock, _ = _session()
    session.change(first_click=FirstClick.SAFE)
    session.new_game(4242)
    slow_ms = win(session, clock, pace=0.8)
    slow = _kept_as(session)
    session.new_game(4242)
    fast_ms = win(session, clock, pace=0.3)
    fast = _kept_as(session)
    session.change(first_click=FirstClick.OPENING, level=BEGINNER)
    session.new_game(7)  # another board, another rule in the settings
    earlier = session.replays.ghost(slow)
    best = session.replays.ghost(fast)
    assert earlier is not None and best is not None
    assert (earlier.finish_ms, earlier.who) == (slow_ms, "your earlier game")
    assert (best.finish_ms, best.who) == (fast_ms, "your best")
    session.start_race(earlier)
    assert session.race == earlier
    assert (session.game.seed, session.game.level) == (4242, BEGINNER)
    assert session.record.first_click is FirstClick.SAFE
    assert [(m.move, m.ms) for m in session.record.moves] == [(Move.reveal(4, 4), 0)]
    assert earlier.verdict(True, slow_ms - 500) == "You beat your earlier game by 0.50 s"


def test_a_daily_win_is_raced_from_its_centre_opening_even_after_a_statistics_reset() -> None:
    session, clock, keeper = _session()
    session.new_game(day=date(2026, 11, 22))
    daily_layout = session.game.layout
    centre = session.record.moves[0]
    win(session, clock)
    kept = _kept_as(session)
    ghost = session.replays.ghost(kept)
    assert ghost is not None and ghost.first == (4, 4)
    session.statistics.reset()  # the ledger forgets the game; its record stays
    assert keeper.ledger().entries == () and kept in keeper.records()
    again = session.replays.ghost(kept)
    assert again is not None and again.first == (4, 4) and again.who == "your earlier game"
    session.start_race(again)
    assert session.game.layout == daily_layout
    assert [(m.move, m.ms) for m in session.record.moves] == [(centre.move, 0)]


def test_a_retried_win_is_raced_on_its_board() -> None:
    session, clock, _ = _session()
    session.new_game(55)
    lose_session_game(session)
    assert session.retry()
    retry_of, dealt = session.record.retry_of, session.game.layout
    assert dealt is not None
    grid = session.game.grid
    first = next(
        grid.row_col(c)
        for c in range(session.game.level.cells)
        if c not in dealt.mines and grid.row_col(c) != retry_of
    )
    clock.now += 1
    session.play(Move.reveal(*first))  # not the lost game's first click: the mines stay
    win(session, clock)
    layout = session.game.layout
    kept = _kept_as(session)
    assert next(g for g in session.replays.games() if g.id == kept).raceable
    ghost = session.replays.ghost(kept)
    assert ghost is not None and ghost.seed == 55
    assert (ghost.first, ghost.dealt_at) == (first, retry_of)
    session.start_race(ghost)
    assert session.race == ghost and session.game.status is Status.PLAYING
    assert session.game.layout == layout and not session.timer.running
    assert [(m.move, m.ms) for m in session.record.moves] == [(Move.reveal(*first), 0)]


def test_the_replays_dialog_offers_race_on_won_games_and_deals_the_one_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests import fake_browser
    from tests.fake_dom import Scheduler
    from tests.helpers import AdvancingClock
    from tests.test_replay_pace import DialogDocument
    from web.dialogs.replays.dialog import ReplayDialog
    from web.page import ids

    fake_browser.install(monkeypatch)
    session, won, lost = _one_won_one_lost()
    document = DialogDocument()
    dialog = ReplayDialog(document, session, Scheduler(FakeClock()), AdvancingClock())
    dialog.open()
    listed = str(document.getElementById(ids.REPLAY_LIST).innerHTML)
    assert listed.count('data-race="') == 1 and f'data-race="{won}"' in listed
    assert 'aria-label="Race the game of ' in listed and "Beginner · won" in listed
    dialog.sources.race(lost)  # no button for it; asked anyway, it is said, not dealt
    assert session.race is None and dialog.dialog.open
    assert "cannot be raced" in str(document.getElementById(ids.REPLAY_ERROR).textContent)
    dialog.sources.race(won)
    assert not dialog.dialog.open
    assert session.race is not None and session.game.seed == 31
    assert [m.ms for m in session.record.moves] == [0]  # the ghost's first reveal, made
