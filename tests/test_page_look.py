"""The pure parts of the page's look, in CPython: zoom rules, the
result said as sentences, the custom dialog's messages, the counter's width, the result
line's figures, the Statistics chart's axes and its tables in scrolling boxes."""

from __future__ import annotations

import doctest
import re

import pytest

from engine import BEGINNER, Clicks, Level, Stats, Status
from play.game.result import Result
from play.ledger.entries import Entry, Ledger
from play.ledger.statistics import DailySummary, board_summaries
from tools.contrast import STYLE
from web.board.panel import sentences
from web.board.render import counter_digits, led_text, result_html
from web.controls import zoom
from web.controls.zoom import MAX_ZOOM, MIN_ZOOM, ZOOMS, pinched, read_zooms, size_key, stepped
from web.dialogs.stats.view import chart_svg, stats_html
from web.page.spoken import dialog_message

NO_DAILY = DailySummary(played=0, won=0, streak=0, best_streak=0)
"""No daily board played: the statistics have no daily boards' row."""


def test_zoom_doctests() -> None:
    result = doctest.testmod(zoom, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_zoom_steps_walk_the_notches_and_stop_at_the_ends() -> None:
    walked, at = [], MIN_ZOOM
    while at < MAX_ZOOM:
        at = stepped(at, 1)
        walked.append(at)
    assert tuple([MIN_ZOOM, *walked]) == ZOOMS
    assert stepped(MIN_ZOOM, -1) == MIN_ZOOM and stepped(MAX_ZOOM, 3) == MAX_ZOOM
    assert pinched(1.0, 100, 10) == MIN_ZOOM and pinched(1.0, 100, 1000) == MAX_ZOOM


def test_zoom_is_kept_per_board_size_and_bad_data_is_dropped() -> None:
    assert size_key(Level(16, 30, 99)) == "30x16"
    text = '{"schema": 1, "data": {"30x16": 1.25, "9x9": true, "1x2": NaN, "7x": 2}}'
    assert read_zooms(text) == {"30x16": 1.25}
    assert read_zooms("[1, 2]") == {} and read_zooms('{"data": 3}') == {}


def test_the_result_is_said_as_sentences() -> None:
    """Once run together ("…2.39 sWon in…"), the result is two sentences."""
    said = sentences(["New best on Beginner: 2.39 s", "Won in 2.39 s · 3BV 12 · seed 4"])
    assert said == "New best on Beginner: 2.39 s. Won in 2.39 s, 3BV 12, seed 4."


def test_an_empty_custom_field_is_said_to_be_empty() -> None:
    message = 'Mines must be a whole number from 1 to 80 on a 9x9 board, got ""'
    assert dialog_message(message).endswith(": the field is empty")
    assert '"abc"' in dialog_message('Height must be a whole number from 1 to 1000, got "abc"')


def test_the_counter_widens_to_the_mines_a_board_has() -> None:
    assert [counter_digits(m) for m in (10, 999, 1000, 12_345)] == [3, 3, 4, 5]
    assert led_text(1234, counter_digits(1500)) == "1234"
    assert led_text(-1234, counter_digits(1500)) == "-999"
    assert led_text(1234) == "999"  # the timer keeps three digits


def test_each_figure_of_the_result_line_is_kept_whole() -> None:
    stats = Stats(12, 12, Clicks(10, 3, 2, 14), 6.0)
    result = Result(Status.WON, 6.0, stats, BEGINNER, 18446744073709551615, assisted=True)
    figures = re.findall(r'<span class="figure">(.*?)</span>', result_html(result))
    words = [re.sub(r"<[^>]+>", "", figure) for figure in figures]
    assert words[0] == "Won in 6.00 s"
    assert "assisted by the solver" in words and "seed 18446744073709551615" in words


def _wins(*seconds: float) -> list[Entry]:
    return [
        Entry(f"g{n}", "2026-11-22T10:00:00.000Z", "9x9/10", "normal", True, round(s * 1000),
              9, 9, 9, 1)
        for n, s in enumerate(seconds)
    ]  # fmt: skip


def test_the_chart_has_axes_with_the_times_and_the_wins() -> None:
    """A line alone said nothing of its scale."""
    svg = chart_svg(_wins(12.5, 9.0, 10.25, 7.5))
    assert svg.count('class="axis"') == 2
    labels = re.findall(r">([^<>]+)</text>", svg)
    assert labels[:3] == ["7.5 s", "10.0 s", "12.5 s"]  # the fastest, the middle, the slowest
    assert labels[3:] == ["win 1", "win 4", "best 7.50 s"]  # the best win marked


def test_every_table_of_statistics_scrolls_in_its_own_box() -> None:
    """The best times' table was once cut off on a phone; its Watch column is
    marked, for the style sheet to keep it in sight."""
    html = stats_html(board_summaries(Ledger(tuple(_wins(9.0, 8.0)))), 0, NO_DAILY, {"g1"})
    tables = html.count("<table")  # the levels', the progress chart's, the best times'
    assert tables == 3 and html.count('<div class="stats-scroll"><table') == tables
    assert '<td class="watch"><button type="button" class="link" data-replay="g1">' in html
    assert html.count('class="watch"') == 3  # the header and both rows


@pytest.mark.parametrize("seconds", [(5.0, 5.0), (150.0, 250.0)])
def test_the_chart_handles_equal_and_long_times(seconds: tuple[float, float]) -> None:
    svg = chart_svg(_wins(*seconds))
    assert "nan" not in svg.lower() and svg.count("<circle") == 2


def test_the_end_of_a_game_restyles_board_not_every_cell() -> None:
    """A rule keyed on ``#board.over`` (or ``:not(.over)``) with the cells after it makes
    Chromium restyle every cell when a game ends: 100-130 ms in one frame on a 300x300 board.
    ``.over`` may only style ``#board`` itself; the cells' hover asks for it with a style
    query (see tests/e2e/test_game_end.py)."""
    css = re.sub(r"/\*.*?\*/", "", STYLE.read_text(encoding="utf-8"), flags=re.S)
    selectors = [s.strip() for group in re.findall(r"([^{};]+)\{", css) for s in group.split(",")]
    keyed = [s for s in selectors if re.search(r"\.over(?![\w-])", s)]
    assert keyed, "no rule styles a finished game"
    reaching_in = [s for s in keyed if not re.search(r"\.over(?![\w-])[^\s>+~]*$", s)]
    assert reaching_in == [], reaching_in
    assert re.search(r"@container board not style\(--game-over: 1\)", css)


def test_the_progress_shows_time_and_rate_with_each_best_marked_and_as_a_table() -> None:
    """Statistics' progress: a chart of the times and one of the 3BV/s of a level's wins,
    each best marked, and every win as a table a screen reader reads."""
    wins = [
        Entry(f"g{n}", f"2026-11-2{n}T10:00:00.000Z", "9x9/10", "normal", True, ms, bbbv, bbbv,
              bbbv, n)
        for n, (ms, bbbv) in enumerate(((12_000, 10), (9_000, 6), (10_000, 14)), start=1)
    ]  # fmt: skip
    html = stats_html(board_summaries(Ledger(tuple(wins))), 0, NO_DAILY, set())
    fastest = min(wins, key=lambda w: w.ms)
    highest = max(wins, key=lambda w: w.solved / w.ms)
    assert fastest is not highest  # the two charts mark different wins
    labels = re.findall(r'<text class="best"[^>]*>([^<]+)</text>', html)
    assert labels == [f"best {fastest.seconds:.2f} s", f"best {highest.rate:.2f}"]
    assert html.count("<svg viewBox") == 2 and html.count('role="img"') == 2
    table = html.split('<details class="chart-table">', 1)[1].split("</details>", 1)[0]
    rows = re.findall(r"<tr><td>(\d+)</td><td>([\d-]+)</td><td>([^<]+)</td><td>([^<]+)</td>", table)
    assert [(r[1], r[2], r[3]) for r in rows] == [
        (
            w.at[:10],
            f"{w.seconds:.2f}" + (" (best)" if w is fastest else ""),
            f"{w.rate:.2f}" + (" (best)" if w is highest else ""),
        )
        for w in wins
    ]
