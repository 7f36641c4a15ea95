"""No dead code: vulture (pinned in requirements-dev.lock) finds nothing unused or
unreachable in the packages it checks, at 60% confidence or more.

A name counts as used when the game's own code uses it: everything the game ships, and the
tools and benchmarks, are read for uses, never the tests (a function only a test calls is
dead: the test should call what the game calls). What vulture cannot see used (a property
the browser reads, a name Python calls) is in tests/dead_code_whitelist.py, with who uses it.
"""

from __future__ import annotations

from pathlib import Path

from vulture import Vulture

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("engine", "play", "web", "terminal", "main.py")
"""What must hold no dead code."""
READ_FOR_USES = (*CHECKED, "web", "tools", "benchmarks")
"""Everything whose uses count: the game's code, its tools and its benchmarks."""
WHITELIST = Path(__file__).with_name("dead_code_whitelist.py")
MIN_CONFIDENCE = 60
"""Vulture's lowest confidence, which every unused function, method, class, property,
attribute and variable gets: below it nothing is reported."""


def dead_code(checked: tuple[str, ...] = CHECKED) -> list[str]:
    """Vulture's findings in ``checked``, as it prints them (path:line: what)."""
    vulture = Vulture()
    vulture.scavenge([str(ROOT / name) for name in READ_FOR_USES] + [str(WHITELIST)])
    inside = [ROOT / name for name in checked]
    return [
        item.get_report()
        for item in vulture.get_unused_code(min_confidence=MIN_CONFIDENCE)
        if any(Path(item.filename).resolve().is_relative_to(path) for path in inside)
    ]


def test_vulture_finds_no_dead_code() -> None:
    found = dead_code()
    assert not found, "dead code (use it, or remove it with its tests):\n" + "\n".join(found)


def test_the_check_finds_a_function_nobody_calls(tmp_path: Path) -> None:
    """The check can fail: a module whose function only its own test would call."""
    module = tmp_path / "lonely.py"
    module.write_text("def used():\n    return 1\n\n\ndef unused():\n    return used()\n")
    vulture = Vulture()
    vulture.scavenge([str(module), str(WHITELIST)])
    found = vulture.get_unused_code(min_confidence=MIN_CONFIDENCE)
    assert [item.name for item in found if Path(item.filename) == module] == ["unused"]
