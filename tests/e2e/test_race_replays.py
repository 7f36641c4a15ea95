"""Race a kept win again from the replays list, and reload in the middle of it, by mouse and
keyboard in Chromium: a won game's Race button (its accessible name
says which game) closes the dialog and deals its board with the game as the ghost, the
address carrying the race; a reload mid-race comes back to the same game with its ghost,
and once the race is over the address is the board's again. axe is clean over the list."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from engine import Level
from tests.e2e.board import Board, win
from tests.e2e.test_accessibility import check
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 20261122
SMALL = Level(6, 6, 4)
READY = "document.body.dataset.ready === 'true'"


def test_a_won_game_raced_from_the_replays_list_survives_a_reload(open_game: OpenGame) -> None:
    page = open_game(f"/?rows=6&cols=6&mines=4&seed={SEED}")
    board = win(Board(page), SMALL, SEED)
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    dialog = page.locator(f"#{ids.REPLAY_DIALOG}")
    expect(dialog).to_be_visible()
    race = dialog.locator(".race-game")
    expect(race).to_have_count(1)
    expect(race).to_have_accessible_name(
        re.compile(r"^Race the game of .+ · won · [\d.]+ s again$")
    )
    check(page, "the replays list with a Race button", f"#{ids.REPLAY_DIALOG}")
    race.focus()  # keyboard reachable: Enter on it races
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(page.locator(f"#{ids.RACE}")).to_be_visible()
    expect(page.locator(f"#{ids.RACE_GHOST_LABEL}")).to_contain_text("Your best: 3BV ")
    assert (board.attr("rows"), board.attr("cols"), board.attr("mines")) == ("6", "6", "4")
    assert board.status == "playing"  # the first click of the game raced, made: its board
    expect(page).to_have_url(re.compile(r"\?race=[A-Za-z0-9_-]+$"))
    opened = {rc for rc, (state, _) in board.states().items() if state == "open"}

    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    board = Board(page)
    expect(page.locator(f"#{ids.RACE}")).to_be_visible()
    expect(page.locator(f"#{ids.RACE_YOU_LABEL}")).not_to_contain_text("You: 3BV 0 of")
    assert board.status == "playing"
    assert {rc for rc, (state, _) in board.states().items() if state == "open"} == opened
    expect(page).to_have_url(re.compile(r"\?race=[A-Za-z0-9_-]+$"))

    win(board, SMALL, SEED)
    expect(page.locator(f"#{ids.RACE_VERDICT}")).to_have_text(
        re.compile(r"^(You beat your best by|Your best beat you by|A dead heat)")
    )
    expect(page).to_have_url(re.compile(r"\?rows=6&cols=6&mines=4&seed=20261122$"))
