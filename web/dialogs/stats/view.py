"""The Statistics dialog's content as HTML: a table per level, the best times, a chart.

Pure: it takes summaries (:mod:`play.ledger.statistics`) and returns text, so it is
tested in CPython.

>>> from play.ledger import Entry, Ledger
>>> from play.ledger import daily_summary, board_summaries
>>> e = Entry("g1", "2026-11-22T10:00:00.000Z", "30x16/99", "normal", True, 97120, 150, 150, 180, 7,
...           "2026-11-22")
>>> ledger = Ledger((e,))
>>> html = stats_html(board_summaries(ledger), 0, daily_summary(ledger), {"g1"})
>>> "Expert" in html and "97.12" in html and 'data-replay="g1"' in html
True
>>> '<tr class="daily"><th scope="row"' in html and ">Daily: Expert</th>" in html
True
>>> "<td>97.12</td><td>97.12</td><td>1.54</td>" in html.split('<tr class="daily">')[1]
True
>>> nf = Entry("g2", "2026-11-23T10:00:00.000Z", "30x16/99", "normal", True, 99000, 150, 150,
...            160, 7, style="nf")
>>> html = stats_html(board_summaries(Ledger((e, nf))), 0, daily_summary(ledger), {"g1"})
>>> "NF (no flag placed): 1 of 2 wins" in html, "NF best times: Expert" in html
(True, True)
>>> stats_html([], 0, daily_summary(Ledger()), set())
'<p class="stats-empty">No finished games yet: statistics appear here after your first game.</p>'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from play.game import kept_figures
from web.board import escape

if TYPE_CHECKING:  # the values the session's statistics hand out
    from play.ledger import BoardSummary, DailySummary, Entry

NONE = "—"
CHART_W, CHART_H, PAD = 360, 140, 8
CHART_LEFT, CHART_BOTTOM = 44, 18
"""Room for the time axis' labels on the left, and the wins' along the bottom."""


def _seconds(value: float | None) -> str:
    return NONE if value is None else f"{value:.2f}"


def _rate(entry: Entry) -> str:
    rate = entry.rate
    return NONE if rate is None else f"{rate:.2f}"


def _row(n: int, s: BoardSummary, selected: int) -> str:
    best = s.bests[0].seconds if s.bests else None
    chosen = ' aria-current="true"' if n == selected else ""
    cells = [
        f'<th scope="row"><button type="button" class="link" data-summary="{n}"{chosen}>'
        f"{escape(s.title)}</button></th>",
        str(s.played),
        str(s.won),
        str(s.abandoned),
        f"{s.win_rate:.0%}",
        f"{s.streak} / {s.best_streak}",
        _seconds(best),
        _seconds(s.average_seconds),
        _seconds(s.average_rate),
        str(s.nf_won),
        _seconds(s.nf_bests[0].seconds if s.nf_bests else None),
    ]
    return "<tr>" + "".join(c if c.startswith("<th") else f"<td>{c}</td>" for c in cells) + "</tr>"


COUNTER_HEADS = (
    '<abbr title="Index of efficiency: 3BV per click">IOE</abbr>',
    '<abbr title="Time squared over 3BV: lower is better">RQP</abbr>',
    '<abbr title="Index of speed: log 3BV over log time">IOS</abbr>',
    '<abbr title="STNB, on the three standard levels">STNB</abbr>',
)


def _percent(value: float | None) -> str:
    return NONE if value is None else f"{value:.0%}"


def _bests(s: BoardSummary, kept: set[str], nf: bool = False) -> str:
    """The best times of ``s``: of every win, or (``nf``) of its NF wins only, no flag
    placed, the list the field keeps apart."""
    bests, what = (s.nf_bests, "NF best times") if nf else (s.bests, "Best times")
    heading = ' class="nf-bests"' if nf else ""
    if not bests:
        words = "NF best times (no flag placed)" if nf else "best times"
        return f'<p class="stats-note">No {words} on {escape(s.title)} yet.</p>'
    rows = []
    for n, e in enumerate(bests, 1):
        watch = (
            f'<button type="button" class="link" data-replay="{escape(e.id)}">Watch</button>'
            if e.id in kept
            else ""
        )
        counted = kept_figures(e.bbbv, e.solved, e.clicks, e.seconds, e.board)
        cells = [str(n), f"{e.seconds:.2f}", e.at[:10], str(e.bbbv), _rate(e), *counted]
        rows.append(
            "<tr>"
            + "".join(f"<td>{c}</td>" for c in cells)
            + f'<td class="seed">{e.seed}</td><td class="watch">{watch}</td></tr>'
        )
    head = "".join(f"<th scope='col'>{h}</th>" for h in ("#", "Time (s)", "Date", "3BV", "3BV/s"))
    head += "".join(f"<th scope='col'>{h}</th>" for h in COUNTER_HEADS)
    head += "<th scope='col'>Seed</th>"
    head += '<th scope=\'col\' class="watch"><span class="sr">Replay</span></th>'
    # In a scrolling box, as the table above: on a phone it scrolls rather than being cut
    # off, and the Watch column stays at its right edge (static/style.css).
    return (
        f"<h3{heading}>{what}: {escape(s.title)}</h3>"
        f'<div class="stats-scroll"><table class="stats-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _seconds_tick(value: float) -> str:
    return f"{value:.0f} s" if value >= 100 else f"{value:.1f} s"


def _two_places(value: float) -> str:
    return f"{value:.2f}"


def _seconds_text(value: float) -> str:
    return f"{value:.2f} s"


def chart_svg(wins: Sequence[Entry], rate: bool = False) -> str:
    """Time (or, with ``rate``, 3BV/s) of each win, oldest first: a line that should go
    down (up for 3BV/s), the best marked. Axes: the figure up the left (the best, the middle
    and the worst win's), the wins along the bottom, numbered from the oldest.

    >>> from play.ledger import Entry
    >>> w = [Entry(f"g{n}", "t", "9x9/10", "normal", True, ms, 9, 9, 9, 1)
    ...      for n, ms in enumerate((9000, 7000, 8000))]
    >>> svg = chart_svg(w)
    >>> svg.count("<circle"), "7.00 s" in svg
    (3, True)
    >>> svg.count('class="axis"'), ">7.0 s<" in svg, ">9.0 s<" in svg, ">win 3<" in svg
    (2, True, True, True)
    >>> ">best 1.29<" in chart_svg(w, rate=True)  # 9 3BV in 7 s: the highest rate marked
    True
    """
    if len(wins) < 2:
        return '<p class="stats-note">A chart of your times appears after two wins.</p>'
    text: Callable[[float], str]
    if rate:
        values = [w.rate or 0.0 for w in wins]
        name, unit, text = "3BV/s", "", _two_places
    else:
        values = [w.seconds for w in wins]
        name, unit, text = "Time", " s", _seconds_tick
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    left, right, bottom = CHART_LEFT, CHART_W - PAD, CHART_H - CHART_BOTTOM
    step = (right - left) / max(1, len(values) - 1)

    def y_of(value: float) -> float:
        return PAD + (bottom - PAD) * (1 - (value - low) / span)

    points = [(left + i * step, y_of(value)) for i, value in enumerate(values)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    best_value = high if rate else low
    best = values.index(best_value)
    shown: Callable[[float], str] = _two_places if rate else _seconds_text
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{4 if i == best else 2.5}"'
        f"{' class=best' if i == best else ''}><title>{shown(values[i])}</title></circle>"
        for i, (x, y) in enumerate(points)
    )
    bx, by = points[best]
    anchor = "end" if bx > (left + right) / 2 else "start"
    nudge = -6 if anchor == "end" else 6
    marked = (
        f'<text class="best" x="{bx + nudge:.1f}" y="{max(by - 6, PAD + 8):.1f}" '
        f'text-anchor="{anchor}">best {shown(best_value)}</text>'
    )
    ticks = sorted({low, (low + high) / 2, high}) if high > low else [low]
    y_axis = "".join(
        f'<line class="grid" x1="{left}" y1="{y_of(t):.1f}" x2="{right}" y2="{y_of(t):.1f}"/>'
        f'<text x="{left - 4}" y="{y_of(t) + 3.5:.1f}" text-anchor="end">{text(t)}</text>'
        for t in ticks
    )
    x_axis = "".join(
        f'<text x="{left + i * step:.1f}" y="{CHART_H - 4}" text-anchor="{anchor}">'
        f"win {i + 1}</text>"
        for i, anchor in ((0, "start"), (len(values) - 1, "end"))
    )
    axes = (
        f'<line class="axis" x1="{left}" y1="{PAD}" x2="{left}" y2="{bottom}"/>'
        f'<line class="axis" x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}"/>'
    )
    worst = low if rate else high
    label = (
        f"{name} of the last {len(values)} wins, oldest first: best "
        f"{best_value:.2f}{unit}, worst {worst:.2f}{unit}"
    )
    return (
        f'<figure class="stats-chart"><svg viewBox="0 0 {CHART_W} {CHART_H}" role="img" '
        f'aria-label="{escape(label)}">{y_axis}{axes}{x_axis}<polyline points="{line}"/>{dots}'
        f"{marked}</svg><figcaption>{escape(label)}</figcaption></figure>"
    )


def progress_html(s: BoardSummary) -> str:
    """The progress of one board's wins: their times and their 3BV/s in two charts, each
    best marked, and the same wins as a table (what a screen reader reads, and anyone who
    wants the figures)."""
    wins = s.recent
    if len(wins) < 2:
        return chart_svg(wins)
    best_ms = min(w.ms for w in wins)
    best_rate = max((w.rate or 0.0) for w in wins)
    rows = "".join(
        f"<tr><td>{n}</td><td>{w.at[:10]}</td>"
        f"<td>{w.seconds:.2f}{' (best)' if w.ms == best_ms else ''}</td>"
        f"<td>{_rate(w)}{' (best)' if (w.rate or 0.0) == best_rate else ''}</td></tr>"
        for n, w in enumerate(wins, 1)
    )
    head = "".join(f"<th scope='col'>{h}</th>" for h in ("Win", "Date", "Time (s)", "3BV/s"))
    table = (
        f'<details class="chart-table"><summary>The wins of {escape(s.title)} as a table'
        f'</summary><div class="stats-scroll"><table class="stats-table"><thead><tr>{head}'
        f"</tr></thead><tbody>{rows}</tbody></table></div></details>"
    )
    return f'<div class="stats-charts">{chart_svg(wins)}{chart_svg(wins, rate=True)}</div>{table}'


def _daily_row(daily: DailySummary) -> str:
    """A daily board's row: its first attempts only, its streak in days won in a row, its
    times and 3BV/s of the first attempts won."""
    cells = [
        str(daily.played),
        str(daily.won),
        str(daily.abandoned),
        f"{daily.win_rate:.0%}",
        f"{daily.streak} / {daily.best_streak}",
        _seconds(daily.best_seconds),
        _seconds(daily.average_seconds),
        _seconds(daily.average_rate),
        str(daily.nf_won),
        _seconds(daily.nf_best_seconds),
    ]
    title = (
        '<th scope="row" title="First attempts; the streak is of days won">'
        f"{escape(daily.title)}</th>"
    )
    return f'<tr class="daily">{title}' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def stats_html(
    summaries: Sequence[BoardSummary], selected: int, daily: DailySummary, kept: set[str]
) -> str:
    """The whole dialog body; ``selected`` is the summary whose best times are shown,
    ``kept`` the ids of games whose records are kept (they get a Watch button); the
    daily boards' rows last, a row for each board one was played on."""
    if not summaries:
        return (
            '<p class="stats-empty">No finished games yet: '
            "statistics appear here after your first game.</p>"
        )
    selected = min(selected, len(summaries) - 1)
    head = "".join(
        f"<th scope='col'>{h}</th>"
        for h in (
            "Board",
            "Played",
            "Won",
            '<abbr title="Abandoned: left unfinished, counted as played, not won">Left</abbr>',
            "Win rate",
            "Streak / best",
            "Best (s)",
            "Average (s)",
            "Avg 3BV/s",
            '<abbr title="Won with no flag placed">NF won</abbr>',
            '<abbr title="Best time with no flag placed">NF best (s)</abbr>',
        )
    )
    rows = "".join(_row(n, s, selected) for n, s in enumerate(summaries))
    rows += "".join(_daily_row(board) for board in daily.boards)
    chosen = summaries[selected]
    lines = dict.fromkeys(line for s in summaries for line in s.meanings)  # each line once
    meanings = "".join(f"<li>{escape(line)}</li>" for line in lines)
    said = f'<ul class="stats-meanings">{meanings}</ul>' if meanings else ""
    return (
        '<div class="stats-scroll"><table class="stats-table">'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>{said}"
        f"{progress_html(chosen)}{_bests(chosen, kept)}{_nf(chosen, kept)}"
    )


def _nf(s: BoardSummary, kept: set[str]) -> str:
    """The NF wins of ``s`` (no flag placed), apart as Arbiter and minesweeper.online keep
    them: how many, the NF efficiency beside every win's, and their own best times."""
    if not s.nf_won:
        return ""
    line = (
        f"NF (no flag placed): {s.nf_won} of {s.won} wins, NF efficiency "
        f"{_percent(s.nf_efficiency)} (every win: {_percent(s.average_efficiency)})."
    )
    return f'<p class="stats-note nf-line">{line}</p>{_bests(s, kept, nf=True)}'
