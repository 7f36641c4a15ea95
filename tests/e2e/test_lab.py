"""The bot lab in Chromium, as a player uses it: opened, a bot pasted, one game watched,
50 games run beside our solver, a run stopped, a bot that fails in each way; the figures
a page run prints equal the terminal's on the same boards; offline once visited."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.reopen import start
from tests.e2e.test_accessibility import check
from tests.e2e.test_offline import READY, WORKER_ACTIVE_JS
from web.page import ids

OpenGame = Callable[[str], Page]
ROOT = Path(__file__).resolve().parent.parent.parent
ONE_NUMBER = (ROOT / "bots" / "one_number.py").read_text(encoding="utf-8")
RUN_S = 240_000
"""How long a run of 50 boards may take here, in ms (two Pythons in workers, one core)."""


def open_lab(page: Page) -> None:
    page.locator(f"#{ids.LAB_OPEN}").click()
    expect(page.locator(f"#{ids.LAB_DIALOG}")).to_be_visible()


def settle(page: Page, level: str, games: int, seed: int | None = None, limit: str = "1") -> None:
    """The settings typed: numbered boards from ``seed`` if given, else a fresh key."""
    form = page.locator(f"#{ids.LAB_SETTINGS}")
    form.locator("select[name=level]").select_option(level)
    form.locator("input[name=games]").fill(str(games))
    form.locator("select[name=boards]").select_option("fresh" if seed is None else "numbered")
    if seed is not None:
        form.locator("input[name=seed]").fill(str(seed))
    form.locator("input[name=limit]").fill(limit)


KEYED = re.compile(r"(\d+) games, boards 0-(\d+) of key ([0-9a-f]{32}), (.+)")


def paste(page: Page, code: str) -> None:
    """The player's code over the first sample, once it is shown: a fill while the sample
    is still on its way would land after its text (Playwright selects all of the empty
    field, the sample arrives, then the text is inserted at the caret)."""
    field = page.locator(f"#{ids.LAB_CODE}")
    expect(field).not_to_have_value("")
    field.fill(code)
    expect(field).to_have_value(code)


def terminal_figures(
    code: str, tmp_path: Path, level: str, games: int, key: str | None = None
) -> list[str]:
    bot = tmp_path / "bot.py"
    bot.write_text(code, encoding="utf-8")
    printed = subprocess.run(
        [
            sys.executable,
            "-m",
            "terminal",
            "bot",
            str(bot),
            "--level",
            level,
            "--games",
            str(games),
            *(["--key", key] if key else []),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line for line in printed.splitlines() if "time a move" not in line]


def test_a_bot_watched_then_run_beside_our_solver_agrees_with_the_terminal(
    open_game: OpenGame, tmp_path: Path
) -> None:
    page = open_game("/?level=beginner&seed=1")
    open_lab(page)
    paste(page, ONE_NUMBER)
    settle(page, "beginner", 50)
    page.locator(f"#{ids.LAB_SPEED}").select_option("0.02")
    page.locator(f"#{ids.LAB_WATCH}").click()
    status = page.locator(f"#{ids.LAB_STATUS}")
    expect(status).to_contain_text("A board it cannot guess:", timeout=120_000)
    assert page.locator(f"#{ids.LAB_BOARD} .cell").count() == 81
    expect(page.locator(f"#{ids.LAB_MOVE}")).to_contain_text("Move ")

    page.locator(f"#{ids.LAB_RUN}").click()
    expect(status).to_contain_text("Done: 50 games.", timeout=RUN_S)
    shown = page.locator(f"#{ids.LAB_FIGURES}").inner_text().splitlines()
    page_figures = [line for line in shown if "time a move" not in line]
    head = KEYED.fullmatch(page_figures[0])
    assert head is not None and head[4] == "Beginner (9x9/10)"
    # The terminal, given the run's key, plays the same boards with the same words.
    assert page_figures == terminal_figures(ONE_NUMBER, tmp_path, "beginner", 50, head[3])
    assert "our solver:" in page_figures[2]
    # A lost board is listed, and watched again on the same board.
    lost = page.locator(f"#{ids.LAB_LOST} button")
    if lost.count():
        words = page.locator(f"#{ids.LAB_LOST} li").first.inner_text()
        lost.first.click()
        board = words.split(":")[0]  # "Board 7"
        expect(status).to_contain_text(f"{board} of the run: ", timeout=120_000)
    # Run these boards again: the same key, the same figures.
    page.locator(f"#{ids.LAB_AGAIN}").click()
    expect(status).to_contain_text("Done: 50 games.", timeout=RUN_S)
    again = [line for line in figures(page) if "time a move" not in line]
    assert again == page_figures


CS50_STYLE = '''
class MinesweeperAI:
    """Written for this test from CS50's interface: cells next to a 0 are safe; else the
    first cell it knows nothing of."""

    def __init__(self, height, width):
        self.height, self.width = height, width
        self.moves_made, self.safes = set(), set()

    def add_knowledge(self, cell, count):
        self.moves_made.add(cell)
        if count == 0:
            i, j = cell
            for r in range(max(0, i - 1), min(self.height, i + 2)):
                for c in range(max(0, j - 1), min(self.width, j + 2)):
                    self.safes.add((r, c))

    def make_safe_move(self):
        return next(iter(sorted(self.safes - self.moves_made)), None)

    def make_random_move(self):
        cells = [(i, j) for i in range(self.height) for j in range(self.width)]
        return next((c for c in cells if c not in self.moves_made), None)
'''

LOOPS_ON_ITS_SECOND_MOVE = """
moves = 0

def move(view):
    global moves
    moves += 1
    if moves == 2:  # the first is a first click: it cannot lose
        while True:
            pass
    covered = [(r, c) for r in range(view.rows) for c in range(view.cols)
               if view.at(r, c) == "covered"]
    return ("reveal", *covered[len(covered) // 2])
"""


LONGEST_WAIT_JS = """(during) => new Promise((done) => {
  const end = performance.now() + during;
  let longest = 0;
  const tick = (asked) => {
    const now = performance.now();
    longest = Math.max(longest, now - asked);
    if (now > end) done(longest); else setTimeout(() => tick(performance.now()), 0);
  };
  setTimeout(() => tick(performance.now()), 0);
})"""


def figures(page: Page) -> list[str]:
    return page.locator(f"#{ids.LAB_FIGURES}").inner_text().splitlines()


def test_a_cs50_class_pasted_unchanged_plays_and_the_players_statistics_stay_theirs(
    open_game: OpenGame,
) -> None:
    page = open_game("/?level=beginner&seed=1")
    kept_before = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    open_lab(page)
    paste(page, CS50_STYLE)
    settle(page, "beginner", 20)
    box = f"JSON.stringify(document.getElementById('{ids.LAB_DIALOG}').getBoundingClientRect())"
    opened = page.evaluate(box)
    page.locator(f"#{ids.LAB_RUN}").click()
    expect(page.locator(f"#{ids.LAB_STATUS}")).to_contain_text("Done: 20 games.", timeout=RUN_S)
    assert page.evaluate(box) == opened  # the dialog neither grew nor moved as the run drew
    shown = figures(page)
    assert KEYED.fullmatch(shown[0]) is not None
    assert shown[1].startswith("  your bot:") and shown[2].startswith("  our solver:")
    page.locator(f"#{ids.LAB_CLOSE}").click()
    kept_after = page.evaluate(
        "JSON.stringify(Object.entries(localStorage)"
        ".filter(([key]) => !key.startsWith('minesweeper/lab-')).sort())"
    )
    assert kept_after == kept_before  # no game of the bot's is the player's


def test_an_endless_loop_is_stopped_the_page_answering_and_the_next_game_played(
    open_game: OpenGame,
) -> None:
    page = open_game("/?level=beginner&seed=1")
    open_lab(page)
    paste(page, LOOPS_ON_ITS_SECOND_MOVE)
    settle(page, "beginner", 2, limit="0.5")
    page.locator(f"#{ids.LAB_RUN}").click()
    status = page.locator(f"#{ids.LAB_STATUS}")
    page.wait_for_function(
        f"document.getElementById('{ids.LAB_STATUS}').textContent.startsWith('Played 0 of 2')",
        polling="raf",
        timeout=120_000,
    )
    # While the bot's worker spins (0.5 s a game), the page answers at once: the longest
    # wait of a timer asked again and again over 1.5 s.
    longest = page.evaluate(LONGEST_WAIT_JS, 1500)
    assert longest < 200
    expect(status).to_contain_text("Done: 2 games.", timeout=RUN_S)
    shown = figures(page)
    # The first game's second move ran past the limit; the second game, in a new worker
    # (its count started again), looped on its second move too.
    assert "  ended 2x: the bot took longer than 0.5 s for a move" in shown


def test_an_exception_shows_the_bots_traceback_and_an_illegal_move_is_refused(
    open_game: OpenGame,
) -> None:
    page = open_game("/?level=beginner&seed=1")
    open_lab(page)
    paste(page, "def move(view):\n    print('looking', view.rows)\n    return view.cells[42]\n")
    settle(page, "beginner", 3)
    page.locator(f"#{ids.LAB_RUN}").click()
    expect(page.locator(f"#{ids.LAB_STATUS}")).to_contain_text("Done: 3 games.", timeout=RUN_S)
    assert "  ended 3x: the bot raised IndexError: tuple index out of range" in figures(page)
    output = page.locator(f"#{ids.LAB_OUTPUT}")
    expect(output).to_be_visible()
    expect(output).to_contain_text("looking 9")
    traceback = page.locator(f"#{ids.LAB_TRACEBACK}")
    expect(traceback).to_contain_text('File "bot.py", line 3, in move')
    expect(traceback).not_to_contain_text("referee.py")  # its own frames only
    # The line the traceback names is selected in the code, the caret there.
    code = page.locator(f"#{ids.LAB_CODE}").input_value()
    selected = page.evaluate(
        "(() => { const f = document.activeElement;"
        " return [f.id, f.value.slice(f.selectionStart, f.selectionEnd)]; })()"
    )
    assert selected == [ids.LAB_CODE, code.splitlines()[2]]
    expect(page.locator(f"#{ids.LAB_STATUS}")).to_contain_text("line 3 is selected in the code")
    check(page, "the bot lab with figures and a traceback")

    paste(page, "def move(view):\n    return ('reveal', 99, 0)\n")
    page.locator(f"#{ids.LAB_WATCH}").click()
    expect(page.locator(f"#{ids.LAB_STATUS}")).to_contain_text(
        "A board it cannot guess: row 100, column 1 is off the 9x9 board, after 1 move.",
        timeout=120_000,
    )


def test_stop_ends_a_run_midway_and_keeps_its_figures(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner&seed=1")
    open_lab(page)
    page.locator(f"#{ids.LAB_SAMPLE}").select_option("random_clicker.py")
    expect(page.locator(f"#{ids.LAB_CODE}")).to_have_value(re.compile("A random clicker"))
    settle(page, "beginner", 10_000)
    page.locator(f"#{ids.LAB_RUN}").click()
    progress = page.locator(f"#{ids.LAB_PROGRESS}")
    page.wait_for_function(
        f"document.getElementById('{ids.LAB_PROGRESS}').value >= 20", timeout=120_000
    )
    page.locator(f"#{ids.LAB_STOP}").click()
    expect(page.locator(f"#{ids.LAB_STATUS}")).to_have_text("Stopped.")
    expect(progress).to_be_hidden()
    head = figures(page)[0]
    stopped = re.fullmatch(
        r"(\d+) of 10000 games \(stopped\), boards 0-(\d+) of key [0-9a-f]{32}, "
        r"Beginner \(9x9/10\)",
        head,
    )
    assert stopped is not None
    played = int(stopped[1])
    assert played >= 20 and int(stopped[2]) == played - 1  # the boards it played, named
    expect(page.locator(f"#{ids.LAB_RUN}")).to_be_enabled()
    expect(page.locator(f"#{ids.LAB_STOP}")).to_be_disabled()
    page.wait_for_timeout(500)
    assert figures(page)[0] == head  # nothing runs on after Stop


def test_the_start_fetches_nothing_of_the_lab_and_the_lab_plays_offline(
    profile: BrowserContext, base_url: str
) -> None:
    page = profile.pages[0] if profile.pages else profile.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    start(page, f"{base_url}/?level=beginner&seed=3", READY, 60_000)
    at_ready = list(requested)
    assert at_ready and not [url for url in at_ready if "lab" in url or "/bots/" in url]
    page.evaluate(WORKER_ACTIVE_JS)

    profile.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    open_lab(page)
    page.locator(f"#{ids.LAB_SAMPLE}").select_option("one_number.py")
    expect(page.locator(f"#{ids.LAB_CODE}")).to_have_value(re.compile("A one-number solver"))
    settle(page, "beginner", 5)
    page.locator(f"#{ids.LAB_RUN}").click()
    expect(page.locator(f"#{ids.LAB_STATUS}")).to_contain_text("Done: 5 games.", timeout=RUN_S)
    head = KEYED.fullmatch(figures(page)[0])
    assert head is not None and head[1] == "5"


def test_the_code_field_indents_as_an_editor_and_lets_the_keyboard_leave(
    open_game: OpenGame,
) -> None:
    page = open_game("/?level=beginner&seed=1")
    open_lab(page)
    field = page.locator(f"#{ids.LAB_CODE}")
    expect(field).to_have_value(re.compile("A one-number solver"))  # a first open's sample
    field.fill("")
    field.focus()
    page.keyboard.type("def move(view):")
    page.keyboard.press("Enter")
    page.keyboard.type("if True:")
    page.keyboard.press("Enter")
    page.keyboard.type("return None")
    expect(field).to_have_value("def move(view):\n    if True:\n        return None")
    page.keyboard.press("Shift+Tab")
    expect(field).to_have_value("def move(view):\n    if True:\n    return None")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")  # at the line's start: to the next indent stop
    expect(field).to_have_value("def move(view):\n    if True:\n        return None")
    page.keyboard.press("Control+z")  # the indent was typed: the browser's undo takes it back
    expect(field).to_have_value("def move(view):\n    if True:\n    return None")
    # Kept as typed: the lab opened again in a new page shows it.
    assert page.evaluate("localStorage.getItem('minesweeper/lab-bot')") == field.input_value()

    page.keyboard.press("Escape")  # Tab moves the focus again, the dialog stays
    expect(page.locator(f"#{ids.LAB_DIALOG}")).to_have_attribute("open", "")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") != ids.LAB_CODE
    expect(field).to_have_value("def move(view):\n    if True:\n    return None")


def test_the_labs_settings_are_kept_on_reload(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner&seed=1")
    open_lab(page)
    settle(page, "intermediate", 37, seed=12, limit="2.5")
    page.locator(f"#{ids.LAB_SPEED}").select_option("0.6")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    open_lab(page)
    form = page.locator(f"#{ids.LAB_SETTINGS}")
    expect(form.locator("select[name=level]")).to_have_value("intermediate")
    expect(form.locator("input[name=games]")).to_have_value("37")
    expect(form.locator("select[name=boards]")).to_have_value("numbered")
    expect(form.locator("input[name=seed]")).to_have_value("12")
    expect(form.locator("input[name=limit]")).to_have_value("2.5")
    expect(page.locator(f"#{ids.LAB_SPEED}")).to_have_value("0.6")
    expect(form.locator("input[name=key]")).to_be_hidden()  # numbered boards need no key
