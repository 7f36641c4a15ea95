"""The browser tests' one rerun (:data:`tests.e2e.reopen.CRASH_RERUN`): a test whose
renderer died runs once more; a test that fails for any other reason, or dies twice, fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = """
from pathlib import Path

from playwright.sync_api import Error

from tests.e2e.reopen import CRASH_RERUN

RUNS = Path(__file__).with_name("runs")


def ran(name):
    RUNS.mkdir(exist_ok=True)
    mark = RUNS / name
    times = int(mark.read_text()) + 1 if mark.exists() else 1
    mark.write_text(str(times))
    return times


@CRASH_RERUN
def test_crashes_once():
    if ran("once") == 1:
        raise Error("Page.wait_for_timeout: Target crashed")


@CRASH_RERUN
def test_crashes_always():
    ran("always")
    raise Error("Page.wait_for_timeout: Page crashed")


@CRASH_RERUN
def test_fails():
    ran("fails")
    assert 1 == 2
"""


def test_only_a_crashed_renderer_is_run_again_and_only_once(tmp_path: Path) -> None:
    (tmp_path / "test_cases.py").write_text(CASES, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "-q",
            str(tmp_path / "test_cases.py"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    runs = {mark.name: int(mark.read_text()) for mark in (tmp_path / "runs").iterdir()}
    assert runs == {"once": 2, "always": 2, "fails": 1}, done.stdout
    assert "2 failed, 1 passed, 2 rerun" in done.stdout, done.stdout
