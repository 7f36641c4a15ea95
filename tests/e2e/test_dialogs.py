"""Every dialog over the board in Chromium (issue 34): the game's clock waits behind each,
and the board is hidden while it waits; Analyse on the game in play makes it assisted;
Replays with nothing kept focuses an action, not a text field."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect
from playwright.sync_api._generated import Clock  # not exported by name (Playwright 1.65)

from engine import Level
from tests.e2e.board import Board, mines_of, run_for
from web import ids

OpenGame = Callable[[str], Page]
SEED = 20261122
LEVEL = Level(6, 6, 4)
QUERY = f"/?rows=6&cols=6&mines=4&seed={SEED}"


def opened_in_progress(open_game: OpenGame) -> Board:
    board = Board(open_game(QUERY))
    board.click(0, 0)
    assert board.status == "playing"
    return board


def test_the_clock_waits_behind_every_dialog(open_game: OpenGame, clock: Clock) -> None:
    """The timer went 002 -> 005 -> 008 behind Practice and Analyse while the board could
    not be played."""
    board = opened_in_progress(open_game)
    page = board.page
    run_for(clock, 1300)
    assert board.timer == "002"
    timer = page.locator(f"#{ids.TIMER}")
    dialogs = [
        (ids.STATS_OPEN, ids.STATS_DIALOG, ids.STATS_CLOSE),
        (ids.PRACTICE_OPEN, ids.PRACTICE_DIALOG, ids.PRACTICE_CLOSE),
        (ids.REPLAYS_OPEN, ids.REPLAY_DIALOG, ids.REPLAY_CLOSE),
        (ids.ANALYSE_OPEN, ids.ANALYSIS_DIALOG, ids.ANALYSIS_CLOSE),
    ]
    shown = 2
    for opener, dialog_id, closer in dialogs:
        page.locator(f"#{opener}").click()
        dialog = page.locator(f"#{dialog_id}")
        expect(dialog).to_be_visible()
        expect(timer).to_have_attribute("data-paused", "true")
        backdrop = page.evaluate(
            f"getComputedStyle(document.getElementById('{dialog_id}'), '::backdrop')"
            ".backgroundColor"
        )
        assert backdrop == "rgb(14, 22, 40)", backdrop  # opaque: the board is hidden
        run_for(clock, 5000)
        assert board.timer == f"{shown:03}", dialog_id
        page.locator(f"#{closer}").click()
        expect(dialog).to_be_hidden()
        expect(timer).to_have_attribute("data-paused", "false")
        run_for(clock, 1000)
        shown += 1
        assert board.timer == f"{shown:03}", dialog_id
    # The custom board's dialog, closed with Escape.
    page.locator(f"#{ids.LEVEL}").select_option(label="Custom…")
    expect(page.locator(f"#{ids.CUSTOM_DIALOG}")).to_be_visible()
    run_for(clock, 5000)
    assert board.timer == f"{shown:03}"
    page.keyboard.press("Escape")
    expect(page.locator(f"#{ids.CUSTOM_DIALOG}")).to_be_hidden()
    run_for(clock, 1000)
    assert board.timer == f"{shown + 1:03}" and board.status == "playing"


def test_analysing_the_game_in_play_makes_it_assisted(open_game: OpenGame) -> None:
    """Analyse showed every chance and proof of the live position, and the game then set
    "New best on Beginner: 2.03 s"."""
    board = opened_in_progress(open_game)
    page = board.page
    page.locator(f"#{ids.ANALYSE_OPEN}").click()
    expect(page.locator(f"#{ids.ANALYSIS_DIALOG}")).to_be_visible()
    page.locator(f"#{ids.ANALYSIS_CLOSE}").click()
    mines = set(mines_of(LEVEL, SEED, (0, 0)))
    for (r, c), (state, _) in board.states().items():
        if state == "covered" and (r, c) not in mines:
            board.click(r, c)
    assert board.status == "won"
    expect(page.locator(f"#{ids.STATS}")).to_contain_text("assisted")


def test_replays_with_nothing_kept_focuses_an_action_not_the_name_field(
    open_game: OpenGame,
) -> None:
    """On a phone, the focused "Name in videos" field raised the keyboard over the dialog."""
    page = open_game("/")
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    expect(page.locator(f"#{ids.REPLAY_LIST}")).to_contain_text("No finished games yet.")
    focused = page.evaluate("document.activeElement.id")
    assert focused == "review-file", focused
    assert page.evaluate("document.activeElement.type") == "file"
