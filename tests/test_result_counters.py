"""The competitive counters in the finished game's result, in both front ends."""

from __future__ import annotations

from engine import BEGINNER, Level, Move, Status
from engine.counters import counters
from engine.layout import generate
from play.game import Settings
from play.game.result import COUNTED_CELLS, counter_figures
from play.ledger.entries import Entry, Ledger
from play.ledger.statistics import DailySummary, board_summaries
from play.session import Session
from terminal.render import result_lines
from tests.helpers import FakeClock
from web.board.render import result_html
from web.dialogs.stats.view import stats_html

NO_DAILY = DailySummary(played=0, won=0, streak=0, best_streak=0)
"""No daily board played: the statistics have no daily boards' row."""


def won_session(level: Level, seed: int) -> tuple[Session, FakeClock]:
    clock = FakeClock()
    session = Session(Settings(level=level), seed=seed, clock=clock)
    first = level.grid.index(level.rows // 2, level.cols // 2)
    mines = generate(level, seed, first).mines
    session.play(Move.reveal(level.rows // 2, level.cols // 2))
    for cell in range(level.cells):
        if cell not in mines and not session.game.status.is_over:
            clock.now += 0.25
            session.play(Move.reveal(*level.grid.row_col(cell)))
    assert session.game.status is Status.WON
    return session, clock


def test_a_won_game_carries_its_counters_to_both_front_ends() -> None:
    session, _ = won_session(BEGINNER, 11)
    result = session.result
    assert result is not None and result.counters is not None
    assert result.counters == counters(session.game, result.seconds)
    shown = dict(result.details())
    assert shown == dict(counter_figures(result.counters))
    assert shown["ZiNi"] == str(result.counters.zini) and shown["STNB"] != "—"
    html = result_html(result)
    assert '<details class="more-figures">' in html and f"ZiNi <b>{shown['ZiNi']}</b>" in html
    assert f"ZiNi: {shown['ZiNi']}" in result_lines(result)


def test_a_board_too_big_to_count_at_once_has_no_counters_and_says_nothing() -> None:
    level = Level(60, 60, 10)
    assert level.cells > COUNTED_CELLS
    session, _ = won_session(level, 3)
    result = session.result
    assert result is not None and result.counters is None and result.details() == []
    assert "more-figures" not in result_html(result)
    assert "ZiNi" not in result_lines(result)


def test_best_times_show_the_counters_a_ledger_entry_can_give() -> None:
    won = Entry("g1", "2026-11-23T10:00:00Z", "9x9/10", "normal", True, 5410, 28, 28, 36, 4)
    custom = Entry("g2", "2026-11-23T11:00:00Z", "12x10/20", "normal", True, 9000, 30, 30, 30, 5)
    ledger = Ledger().add(won).add(custom)
    summaries = board_summaries(ledger)
    by_board = {s.board: n for n, s in enumerate(summaries)}
    beginner = stats_html(summaries, by_board["9x9/10"], NO_DAILY, set())
    assert all(f">{head}</abbr>" in beginner for head in ("IOE", "RQP", "IOS", "STNB"))
    assert "<td>0.78</td><td>1.05</td><td>1.97</td><td>57.2</td>" in beginner
    other = stats_html(summaries, by_board["12x10/20"], NO_DAILY, set())
    assert "<td>1.00</td><td>2.70</td><td>1.55</td><td>—</td>" in other  # no STNB off-level
