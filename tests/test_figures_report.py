"""The figures report (benchmarks/report.py, docs/figures.md) is written by the runs, not by hand:
each section records its command, its date, the machine and its output, and rerunning some
benchmarks replaces their sections only. A benchmark never run has no section, and no path of
the machine that ran one is written. Trivial commands stand in for the benchmarks here."""

from __future__ import annotations

import datetime
import platform
import re
from pathlib import Path

import pytest

from benchmarks.report import (
    BENCHMARKS,
    HOME,
    REPORT,
    ROOT,
    Benchmark,
    main,
    report_text,
    sections_of,
)

ABSOLUTE_PATH = re.compile(r"(?<![\w.:/~-])/(?:[\w.-]+/)+[\w.-]*")
"""A file system path from its root (``/home/...``, ``/tmp/x/_site``); a URL's path, a rate
(``3BV/s``) or a board (``30x16/99``) is not one."""


def printing(name: str, text: str, *, browser: bool = False) -> Benchmark:
    return Benchmark(name, ("python", "-c", f"print({text!r})"), browser)


def test_a_run_records_the_command_date_machine_and_output(tmp_path: Path) -> None:
    report = tmp_path / "figures.md"
    fakes = [printing("one", "1,234 boards a second"), printing("two", "p95 8 ms")]
    assert main(["--report", str(report)], fakes) == 0
    sections = sections_of(report.read_text(encoding="utf-8"))
    assert list(sections) == ["one", "two"]
    one = sections["one"]
    assert "## one" in one and "```text\n1,234 boards a second\n```" in one
    assert """- command: `python -c print('1,234 boards a second')`""" in one
    assert f"- date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d}" in one
    assert " UTC, " in one
    assert "cores" in one and platform.python_version() in one
    assert "- load average (1, 5, 15 min): " in one and "- commit: " in one


def test_a_rerun_of_some_benchmarks_keeps_the_other_sections(tmp_path: Path) -> None:
    report = tmp_path / "figures.md"
    assert main(["--report", str(report)], [printing("one", "old"), printing("two", "old")]) == 0
    before = sections_of(report.read_text(encoding="utf-8"))
    fakes = [printing("one", "new"), printing("two", "new")]
    assert main(["two", "--report", str(report)], fakes) == 0
    after = sections_of(report.read_text(encoding="utf-8"))
    assert after["one"] == before["one"]
    assert "```text\nnew\n```" in after["two"]


def test_a_failed_benchmark_keeps_its_section_and_fails_the_run(tmp_path: Path) -> None:
    report = tmp_path / "figures.md"
    assert main(["--report", str(report)], [printing("one", "kept")]) == 0
    failing = Benchmark("one", ("python", "-c", "print('half'); raise SystemExit(3)"), False)
    assert main(["--report", str(report)], [failing]) == 1
    assert "```text\nkept\n```" in sections_of(report.read_text(encoding="utf-8"))["one"]


def test_quick_runs_no_browser_and_a_benchmark_never_run_has_no_section(tmp_path: Path) -> None:
    report = tmp_path / "figures.md"
    fakes = [printing("cpython", "fast"), printing("chromium", "slow", browser=True)]
    assert main(["--quick", "--report", str(report)], fakes) == 0
    text = report.read_text(encoding="utf-8")
    assert "```text\nfast\n```" in text and "slow" not in text
    assert list(sections_of(text)) == ["cpython"]
    assert "chromium" not in text and "not measured" not in text


def test_nothing_measured_writes_the_header_only(tmp_path: Path) -> None:
    report = tmp_path / "figures.md"
    assert main(["--quick", "--report", str(report)], [printing("x", "y", browser=True)]) == 0
    text = report.read_text(encoding="utf-8")
    assert text.startswith("# Figures\n") and sections_of(text) == {} and "Contents" not in text


def test_a_path_of_the_machine_is_written_from_the_checkout(tmp_path: Path) -> None:
    report = tmp_path / "figures.md"
    printed = f"site {ROOT}/_site, peer {ROOT.parent}/shared/peers, cache {HOME}/.cache, in {ROOT}"
    assert main(["--report", str(report)], [printing("paths", printed)]) == 0
    text = report.read_text(encoding="utf-8")
    assert "site _site, peer ../shared/peers, cache " in text and ", in .\n" in text
    assert f"{HOME}/" not in text and ABSOLUTE_PATH.findall(text) == []


def test_an_unknown_benchmark_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["nothing", "--report", str(tmp_path / "figures.md")], [printing("one", "x")])


def test_output_with_backticks_keeps_its_code_block_closed(tmp_path: Path) -> None:
    report = tmp_path / "figures.md"
    assert main(["--report", str(report)], [printing("one", "a ```fence``` inside")]) == 0
    assert "````text\na ```fence``` inside\n````" in report.read_text(encoding="utf-8")


def test_the_report_in_the_repository_is_as_the_writer_writes_it() -> None:
    """Its sections are benchmarks of ``make bench``, in its order, each one measured; no path of
    a machine; and the header and contents line are the writer's own."""
    text = REPORT.read_text(encoding="utf-8")
    sections = sections_of(text)
    names = [b.name for b in BENCHMARKS]
    assert list(sections) == [name for name in names if name in sections]
    assert all("- date: " in section and "```text" in section for section in sections.values())
    assert "not measured" not in text
    assert ABSOLUTE_PATH.findall(text) == [] and str(ROOT) not in text
    shown = [b for b in BENCHMARKS if b.name in sections]
    assert text == report_text(shown, sections)
    makefile = (REPORT.parent.parent / "Makefile").read_text(encoding="utf-8")
    assert "-m benchmarks.report" in makefile.split("\nbench:", 1)[1].split("\n\n", 1)[0]
