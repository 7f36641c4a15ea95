"""What a player with a screen reader, or with weak sight, gets: axe-core and the ARIA tree.

axe-core comes from node_modules (pinned in package-lock.json) and is evaluated into the
page by the test alone: the site never serves it. Every state of a game, every dialog and
every theme in the page's light and dark colour schemes must give 0 violations and 0
"incomplete" results of serious or critical impact. axe cannot read text drawn by CSS (the
chances overlay is ``::before`` content), so each theme's numbers and chances are also
measured from their computed colours here, as the browser paints them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine import BEGINNER, INTERMEDIATE, Level, Move
from play.game.settings import THEMES
from tests.e2e.board import Board, engine_game, expected_states, mines_of, win
from tools.contrast import contrast
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 20261122
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = {"serious", "critical"}
SMALL = Level(6, 6, 4)
SMALL_QUERY = f"?rows=6&cols=6&mines=4&seed={SEED}"

# Every open number and every chance drawn over a covered cell, with the colours the
# browser computed for its text and for the cell under it.
PAINTED_JS = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('#board .cell')) {
    const own = getComputedStyle(cell);
    if (cell.dataset.value && cell.dataset.value !== '0')
      out.push(['number ' + cell.dataset.value, own.color, own.backgroundColor]);
    const before = getComputedStyle(cell, '::before');
    if (before.content && before.content !== 'none' && before.content !== 'normal')
      out.push(['chance ' + before.content, before.color, own.backgroundColor]);
  }
  return out;
}"""


def axe(page: Page, include: str | None = None) -> dict[str, Any]:
    """axe-core's results for the page (or the part ``include`` selects)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    results: dict[str, Any] = page.evaluate(
        """async (include) => {
          const context = include ? {include: [include]} : document;
          // The chances shared by the cells away from the numbers are one layer under the
          // cells (#board::before, z-index -1: web/board/view.py), where every number stands on
          // an opaque open cell; axe gives up on any cell above a positioned pseudo-element.
          // The chances' own colours are checked in tests/test_contrast.py.
          const checks = {'color-contrast': {options: {ignorePseudo: true}}};
          return await axe.run(context, {resultTypes: ['violations', 'incomplete'], checks});
        }""",
        include,
    )
    return results


def problems(results: dict[str, Any]) -> list[str]:
    """Every violation, and every incomplete result of serious or critical impact."""
    found = [("violation", v) for v in results["violations"]]
    found += [("incomplete", v) for v in results["incomplete"] if v["impact"] in SERIOUS]
    return [
        f"{kind} {item['id']} ({item['impact']}): {item['help']} at "
        + ", ".join(str(node["target"]) for node in item["nodes"][:4])
        for kind, item in found
    ]


def check(page: Page, what: str, include: str | None = None) -> None:
    results = axe(page, include)
    serious = [v for v in results["incomplete"] if v["impact"] in SERIOUS]
    # The figures for the closing note: pytest -s shows them.
    print(
        f"axe {what}: {len(results['violations'])} violations, "
        f"{len(results['incomplete'])} incomplete ({len(serious)} serious or critical)"
    )
    assert problems(results) == [], f"{what}:\n" + "\n".join(problems(results))


def to_hex(css: str) -> str:
    """``rgb(1, 2, 3)`` as ``#010203`` (opaque colours only)."""
    inside = css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()
    assert len(inside) == 3 or float(inside[3]) == 1, f"a see-through colour: {css}"
    return "#" + "".join(f"{round(float(v)):02x}" for v in inside[:3])


def open_board(open_game: OpenGame, query: str) -> Board:
    return Board(open_game(f"/{query}"))


def play_in_progress(board: Board) -> None:
    """Intermediate after its first click: numbers, a flag and a question mark."""
    board.click(8, 8)
    game = engine_game(INTERMEDIATE, SEED, Move.reveal(8, 8))
    covered = [rc for rc, (state, _) in expected_states(game).items() if state == "covered"]
    board.click(*covered[0], button="right")
    board.click(*covered[1], button="right")
    board.click(*covered[1], button="right")


def lose_with_a_wrong_flag(board: Board) -> None:
    board.click(4, 4)
    mines = mines_of(BEGINNER, SEED, (4, 4))
    game = engine_game(BEGINNER, SEED, Move.reveal(4, 4))
    covered = [
        rc
        for rc, (state, _) in expected_states(game).items()
        if state == "covered" and rc not in mines
    ]
    board.click(*covered[0], button="right")  # a wrong flag, shown after the loss
    board.click(*mines[0])
    assert board.status == "lost"


# --- axe: every state of a game ---------------------------------------------------------


@pytest.mark.parametrize("state", ["fresh", "in progress", "lost", "won", "chances"])
def test_axe_on_every_state_of_a_game(open_game: OpenGame, state: str) -> None:
    if state == "won":
        board = open_board(open_game, SMALL_QUERY)
        win(board, SMALL, SEED)
    elif state == "lost":
        board = open_board(open_game, f"?seed={SEED}")
        lose_with_a_wrong_flag(board)
    elif state == "chances":
        board = open_board(open_game, f"?level=intermediate&seed={SEED}&hints")
        play_in_progress(board)
        board.page.wait_for_selector("#board .cell[data-hint]")
    else:
        board = open_board(open_game, f"?level=intermediate&seed={SEED}")
        if state == "in progress":
            play_in_progress(board)
    check(board.page, state)


def test_axe_on_every_dialog(open_game: OpenGame) -> None:
    page = open_game(f"/?seed={SEED}")
    page.select_option(f"#{ids.LEVEL}", "custom")
    expect(page.locator(f"#{ids.CUSTOM_DIALOG}")).to_be_visible()
    check(page, "custom dialog")
    page.fill(f"#{ids.CUSTOM_MINES}", "500")
    page.click(f"#{ids.CUSTOM_FORM} button[type=submit]")
    expect(page.locator(f"#{ids.CUSTOM_ERROR}")).to_be_visible()
    check(page, "custom dialog with an error")
    page.click(f"#{ids.CUSTOM_CANCEL}")
    # Every other dialog the page holds, whoever added it: opened as it stands, which checks
    # its frame and controls (what it shows once filled is its own tests' business).
    others = page.evaluate(
        f"() => [...document.querySelectorAll('dialog:not(#{ids.CUSTOM_DIALOG})')].map(d => d.id)"
    )
    for dialog in others:
        page.evaluate("id => document.getElementById(id).showModal()", dialog)
        check(page, f"dialog #{dialog}")
        page.evaluate("id => document.getElementById(id).close()", dialog)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_and_painted_contrast_in_every_theme(open_game: OpenGame, scheme: str) -> None:
    """Each theme with numbers, a flag, a "?", the chances and the hint's outline on screen;
    every number and chance measured as painted: 4.5:1 or more."""
    page = open_game(f"/?level=intermediate&seed={SEED}&hints")
    page.emulate_media(color_scheme=scheme)
    board = Board(page)
    play_in_progress(board)
    page.click(f"#{ids.HINT}")
    page.wait_for_selector("#board .cell[data-hint]")
    for theme in THEMES:
        page.select_option(f"#{ids.THEME}", theme)
        assert page.evaluate("() => document.documentElement.dataset.theme") == theme
        check(page, f"{theme} theme, {scheme} page")
        painted = page.evaluate(PAINTED_JS)
        kinds = {what.split()[0] for what, _fg, _bg in painted}
        assert kinds == {"number", "chance"}, kinds
        low = [
            f"{what}: {fg} on {bg} = {contrast(to_hex(fg), to_hex(bg)):.2f}"
            for what, fg, bg in painted
            if contrast(to_hex(fg), to_hex(bg)) < 4.5
        ]
        assert low == [], f"{theme}: " + "; ".join(low[:8])


# --- the accessibility tree -------------------------------------------------------------


def test_leds_and_face_say_what_they_mean(open_game: OpenGame) -> None:
    page = open_game(f"/?seed={SEED}")
    panel = page.locator(f".panel:has(#{ids.MINE_COUNTER})")
    expect(panel).to_match_aria_snapshot(
        """
        - img "10 mines left"
        - button "New game"
        - img "0 seconds"
        """
    )
    board = Board(page)
    board.click(4, 4)
    board.click(*mines_of(BEGINNER, SEED, (4, 4))[1], button="right")
    # The expectation waits (and retries) for the clock's first tick: no sleep before it.
    expect(panel).to_match_aria_snapshot(
        """
        - img "9 mines left"
        - button "New game"
        - img /[1-9]\\d* seconds?/
        """
    )
    assert board.counter == "009"  # the DOM contract's text is kept


def test_a_lost_game_is_named_and_announced(open_game: OpenGame) -> None:
    board = open_board(open_game, f"?seed={SEED}")
    lose_with_a_wrong_flag(board)
    page = board.page
    expect(page.locator(f"#{ids.FACE}")).to_have_accessible_name("New game (you lost)")
    expect(page.locator(f"#{ids.RESULT_ANNOUNCE}")).to_match_aria_snapshot(
        "- status: /Lost after \\d+\\.\\d\\d s, 3BV \\d+\\/\\d+/"
    )


def test_a_won_game_is_named_and_announced(open_game: OpenGame) -> None:
    board = open_board(open_game, SMALL_QUERY)
    page = board.page
    live = page.locator(f"#{ids.RESULT_ANNOUNCE}")
    expect(live).to_have_text("")  # present and empty before, so the change is announced
    win(board, SMALL, SEED)
    expect(page.locator(f"#{ids.FACE}")).to_have_accessible_name("New game (you won)")
    expect(live).to_match_aria_snapshot("- status: /Won in \\d+\\.\\d\\d s, 3BV \\d+/")
    expect(live).to_have_attribute("aria-live", "polite")
    page.click(f"#{ids.FACE}")
    expect(live).to_have_text("")
    expect(page.locator(f"#{ids.FACE}")).to_have_accessible_name("New game")


def test_a_game_lost_from_the_keyboard_is_announced_too(open_game: OpenGame) -> None:
    """The live region is written by the view, not by an input adapter: keys reach it too."""
    page = open_game(f"/?seed={SEED}")
    page.focus(f"#{ids.BOARD}")
    page.keyboard.press("Space")  # the cursor starts in the centre, (4, 4)
    row, col = mines_of(BEGINNER, SEED, (4, 4))[0]
    for key, steps in (("ArrowDown", row - 4), ("ArrowUp", 4 - row)):
        for _ in range(max(0, steps)):
            page.keyboard.press(key)
    for key, steps in (("ArrowRight", col - 4), ("ArrowLeft", 4 - col)):
        for _ in range(max(0, steps)):
            page.keyboard.press(key)
    page.keyboard.press("Space")
    assert Board(page).status == "lost"
    expect(page.locator(f"#{ids.RESULT_ANNOUNCE}")).to_have_text(re.compile(r"^Lost after "))


@pytest.mark.parametrize(
    ("height", "width", "mines", "field", "others"),
    [
        ("2000", "9", "10", ids.CUSTOM_ROWS, (ids.CUSTOM_COLS, ids.CUSTOM_MINES)),
        ("10", "12", "500", ids.CUSTOM_MINES, (ids.CUSTOM_ROWS, ids.CUSTOM_COLS)),
    ],
)
def test_dialog_errors_are_announced_and_tied_to_their_field(
    open_game: OpenGame, height: str, width: str, mines: str, field: str, others: tuple[str, ...]
) -> None:
    page = open_game(f"/?seed={SEED}")
    page.select_option(f"#{ids.LEVEL}", "custom")
    for key, value in ((ids.CUSTOM_ROWS, height), (ids.CUSTOM_COLS, width)):
        page.fill(f"#{key}", value)
    page.fill(f"#{ids.CUSTOM_MINES}", mines)
    page.click(f"#{ids.CUSTOM_FORM} button[type=submit]")
    error = page.locator(f"#{ids.CUSTOM_ERROR}")
    text = error.inner_text()
    assert text, "no error shown"
    expect(error).to_match_aria_snapshot(f"- alert: {text}")
    named = page.locator(f"#{field}")
    expect(named).to_have_attribute("aria-invalid", "true")
    expect(named).to_have_accessible_description(text)
    expect(named).to_be_focused()
    for other in others:
        expect(page.locator(f"#{other}")).not_to_have_attribute("aria-invalid", "true")
    # Put right, the field is valid again and the dialog plays the board.
    page.fill(f"#{field}", "9")
    page.click(f"#{ids.CUSTOM_FORM} button[type=submit]")
    expect(page.locator(f"#{ids.CUSTOM_DIALOG}")).to_be_hidden()
    expect(named).not_to_have_attribute("aria-invalid", "true")
