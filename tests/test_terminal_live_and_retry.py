"""The terminal's live counters' line (a remembered option, off by default), and retry and
undo at the "Play again?" question after a loss."""

from __future__ import annotations

import re

from engine import BEGINNER, Record
from engine.live import moments
from terminal.options import Options, parse_args
from tests.test_terminal import FIRST, SEED, first_layout, run_app

LIVE = re.compile(r"^3BV (\d+)/(\d+) · .* 3BV/s · clicks (\d+) \(", flags=re.MULTILINE)


def options(live: bool | None) -> Options:
    return Options(BEGINNER, SEED, question_marks=True, color=False, live_counters=live)


def lose_lines() -> list[str]:
    mine = min(first_layout().mines)
    row, col = divmod(mine, 9)
    return [f"o {FIRST[0] + 1} {FIRST[1] + 1}", f"o {row + 1} {col + 1}"]


def test_the_live_counters_line_is_off_by_default_and_on_when_asked() -> None:
    assert parse_args([]).live_counters is None
    assert parse_args(["--live-counters"]).live_counters is True
    assert parse_args(["--no-live-counters"]).live_counters is False
    first = f"o {FIRST[0] + 1} {FIRST[1] + 1}"
    assert not LIVE.search(run_app([first, "q"], options(None)))
    shown = run_app([first, "f 1 1", "q"], options(True))
    lines = LIVE.findall(shown)
    assert len(lines) >= 2
    # The last line is the counters of the record printed when the game was left.
    text = re.search(r"Record: (\S+)$", shown, flags=re.MULTILINE)
    assert text is not None
    last = moments(Record.parse(text.group(1)))[-1]
    assert lines[-1] == (str(last.solved), str(last.bbbv), str(last.clicks.total))


def test_undo_at_the_question_goes_on_and_retry_deals_the_board_again() -> None:
    undone = run_app([*lose_lines(), "undo", "q"], options(False))
    record = re.findall(r"Record: (\S+)$", undone, flags=re.MULTILINE)[-1]
    assert Record.parse(record).undone

    retried = run_app([*lose_lines(), "retry", *lose_lines(), "n"], options(False))
    assert "That was on a retry of the board: no best time." in retried
    record = re.findall(r"Record: (\S+)$", retried, flags=re.MULTILINE)[-1]
    assert Record.parse(record).retried
