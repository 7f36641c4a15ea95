"""The bot lab in every engine: opened by its link, a sample run on ten boards beside our
solver (two Web Workers, each with a Python of its own, in the sandbox's frame of an opaque
origin), its figures drawn, and the code field's Tab indenting as an editor's does."""

from __future__ import annotations

import json
import re

from tests.engines.player import Player
from tools.engines import Driver

SETTINGS_JS = """(() => {
  const form = document.getElementById('lab-settings').elements;
  form.level.value = 'beginner';
  form.games.value = '10';
  return true; })()"""


def click_on(player: Player, element_id: str) -> None:
    """A real click at the middle of the element (scrolled into view first)."""
    x, y = player.driver.run(
        f"(() => {{ const e = document.getElementById({json.dumps(element_id)});"
        " e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect();"
        " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
    )
    player.driver.click(x, y, "left")


def test_the_lab_runs_a_sample_beside_our_solver(player: Player, driver: Driver) -> None:
    player.start("?lab&level=beginner")
    player.until(
        "document.getElementById('lab-code').value.includes('A one-number solver')",
        "the sample bot in the code field",
        timeout_s=30,
    )
    assert driver.run(SETTINGS_JS)
    click_on(player, "lab-run")
    player.until(
        "document.getElementById('lab-status').textContent.startsWith('Done: 10 games.')",
        "the run to end",
        timeout_s=240,
    )
    lines = str(driver.run("document.getElementById('lab-figures').textContent")).splitlines()
    assert re.fullmatch(r"10 games, boards 0-9 of key [0-9a-f]{32}, Beginner \(9x9/10\)", lines[0])
    assert lines[1].startswith("  your bot:") and lines[2].startswith("  our solver:")

    driver.run("(document.getElementById('lab-code').value = 'def move(view):', true)")
    click_on(player, "lab-code")
    driver.run("(document.getElementById('lab-code').setSelectionRange(15, 15), true)")
    driver.press("Enter")
    player.until(
        "document.getElementById('lab-code').value === 'def move(view):\\n    '",
        "Enter to keep the indent, one more after the colon",
    )
    player.check_shown()
