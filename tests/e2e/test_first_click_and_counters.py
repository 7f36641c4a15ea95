"""On the page: the first-click rule chosen in the settings menu and played by
mouse, the live counters while playing (drawn after a click's own task, the figures
engine.live gives for the same moves), NF wins apart in the statistics, axe clean, and
the new controls on a phone. How long a click's tasks last with the counters on is a
figure of ``make bench`` (benchmarks.browser), against the same clicks with them off.

Seeds are found here through the engine (a seed whose centre is a mine under ``none``),
never written down.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Page, expect

from engine import BEGINNER, EXPERT, FirstClick, Move, Record, generate
from engine.live import moments
from tests.e2e.board import Board, expected_states, mines_of
from tests.e2e.test_accessibility import check
from tests.e2e.test_every_control import win_a_fresh_beginner
from tests.e2e.test_phone import PHONE, open_settings, phone  # noqa: F401 (a fixture)
from tests.helpers import moment_at
from web.page import ids

OpenGame = Callable[[str], Page]
CENTRE = (4, 4)

# Clicks a cell with the mouse's events, dispatched from here: the page's handlers run
# inside the dispatch, so what it returns is what the click's own task drew.
CLICK_JS = """([row, col, where]) => {
  const cell = document.querySelector(`#board .cell[data-row="${row}"][data-col="${col}"]`);
  const opts = (buttons) => ({bubbles: true, cancelable: true, button: 0, buttons});
  cell.dispatchEvent(new MouseEvent("mousedown", opts(1)));
  cell.dispatchEvent(new MouseEvent("mouseup", opts(0)));
  return [cell.dataset.state, document.getElementById(where).textContent];
}"""


def unfold(page: Page, control: str) -> None:
    """Unfold the settings behind their button when ``control`` is folded there (on a wide
    screen too: the first-click rule and the live counters always are)."""
    if not page.locator(f"#{control}").is_visible():
        page.locator(f"#{ids.SETTINGS_BUTTON}").click()
    expect(page.locator(f"#{control}")).to_be_visible()


def seed_whose_centre_is_a_mine() -> int:
    """A seed whose board, dealt under ``none``, has a mine on the centre of beginner."""
    centre = BEGINNER.grid.index(*CENTRE)
    return next(
        s for s in range(10_000) if centre in generate(BEGINNER, s, centre, FirstClick.NONE).mines
    )


def counters(page: Page, where: str = ids.LIVE_COUNTERS) -> list[str]:
    return [str(t) for t in page.locator(f"#{where} span").all_text_contents()]


def kept_record(page: Page) -> Record:
    stored = page.evaluate("localStorage.getItem('minesweeper/records')")
    (text,) = json.loads(stored)["data"].values()
    return Record.parse(text)


def test_live_counters_on_expert_drawn_after_the_click_with_the_engines_figures(
    open_game: OpenGame,
) -> None:
    """Live counters on: a click on expert draws the board in its own task and the
    counters after it (their counting never lengthens the click); they say what
    engine.live says of the same moves (the clock's figures aside while it runs), and
    once the game is over, all of it, from the kept record."""
    seed = 20261128
    page = open_game(f"/?level=expert&seed={seed}")
    live = page.locator(f"#{ids.LIVE_COUNTERS}")
    expect(live).to_be_hidden()
    unfold(page, ids.LIVE_SWITCH)
    page.locator(f"#{ids.LIVE_SWITCH}").check()
    page.keyboard.press("Escape")
    expect(live).to_be_visible()
    expect(live).to_have_text("3BV —")
    board = Board(page)
    first = (8, 15)
    mines = mines_of(EXPERT, seed, first)
    assert page.evaluate(CLICK_JS, [*first, ids.LIVE_COUNTERS]) == ["open", "3BV —"]
    record = Record(EXPERT, seed).add(Move.reveal(*first), 0)
    after = moments(record)[-1].text().split(" · ")
    expect(live.locator("span").first).to_have_text(after[0])
    assert counters(page)[2:4] == after[2:4]
    # A flag on a mine next to the opening, and a wrong click: counted as the engine does.
    game = record.replay()
    edge = next(
        rc for rc, (state, _) in expected_states(game).items() if state == "covered" and rc in mines
    )
    board.click(*edge, button="right")
    record = record.add(Move.mark(*edge), 10)
    after = moments(record)[-1].text().split(" · ")
    expect(live.locator("span").nth(2)).to_have_text(after[2])
    assert counters(page)[0] == after[0]
    # Lost: the clock stops, and every figure is the kept record's last moment's.
    board.click(*next(m for m in mines if m != edge))
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")
    kept = kept_record(page)
    last = moments(kept)[-1]
    assert last.over
    # Every span waited for: the last one ("finish —") may read the same before the
    # counters' own task has drawn the losing click (seen under load in CI).
    expect(live.locator("span")).to_have_text(last.text().split(" · "))
    # The replay shows the same counters at its times.
    page.keyboard.press("r")
    page.locator(f"#{ids.REPLAY_LIST} button[data-replay]").first.click()
    expect(page.locator(f"#{ids.REPLAY_VIEWER}")).to_be_visible()
    end = max(m.ms for m in moments(kept))
    page.locator(f"#{ids.REPLAY_SCRUB}").evaluate(
        "(s, ms) => { s.value = String(ms); s.dispatchEvent(new Event('input')); }", end
    )
    at_end = moment_at(moments(kept), end)
    assert at_end is not None
    expect(page.locator(f"#{ids.REPLAY_COUNTERS} span").first).to_have_text(
        at_end.text().split(" · ")[0]
    )
    assert counters(page, ids.REPLAY_COUNTERS) == at_end.text().split(" · ")


def test_an_nf_win_is_shown_apart_in_the_statistics(open_game: OpenGame) -> None:
    """A win without a flag is an NF win: the statistics count it in the NF column and
    list it in the NF best times; axe is clean on the dialog and on the settings."""
    page = open_game("/?level=beginner")  # a board of its own, not a link's: a best time
    unfold(page, ids.LIVE_SWITCH)
    page.locator(f"#{ids.LIVE_SWITCH}").check()
    check(page, "the settings unfolded, the first-click menu and the live counters' switch")
    page.keyboard.press("Escape")
    win_a_fresh_beginner(page)  # reveals only: no flag placed
    expect(page.locator(f"#{ids.LIVE_COUNTERS} span").first).to_contain_text("3BV ")
    check(page, "the page with the live counters")
    page.keyboard.press("s")
    body = page.locator(f"#{ids.STATS_BODY}")
    expect(body).to_contain_text("NF (no flag placed): 1 of 1 wins")
    expect(body.locator("h3.nf-bests")).to_have_text("NF best times: Beginner")
    expect(body.locator("h3.nf-bests + .stats-scroll tbody tr")).to_have_count(1)
    check(page, "the statistics with an NF win", f"#{ids.STATS_DIALOG}")


def test_the_new_controls_and_the_counters_fit_a_phone(
    phone: Callable[[str], Page],  # noqa: F811 (the fixture imported above)
) -> None:
    page = phone("/?level=beginner&seed=7")
    open_settings(page)
    page.select_option(f"#{ids.FIRST_CLICK}", FirstClick.SAFE.value)
    page.locator(f"#{ids.LIVE_SWITCH}").tap()
    page.keyboard.press("Escape")
    Board(page).cell(*CENTRE).tap()
    live = page.locator(f"#{ids.LIVE_COUNTERS}")
    expect(live.locator("span").first).to_contain_text("3BV ")
    box = live.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    wide = page.evaluate("document.documentElement.scrollWidth > innerWidth + 1")
    assert not wide
