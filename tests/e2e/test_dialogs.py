"""Every dialog over the board in Chromium: the game's clock waits behind each,
and the board is hidden while it waits; Analyse on the game in play makes it assisted;
Replays with nothing kept focuses an action, not a text field."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api._generated import Clock  # not exported by name (Playwright 1.65)

from engine import Level
from tests.e2e.board import Board, mines_of, run_for
from tests.e2e.conftest import READY_OR_FAILED_JS, PageGuard
from tests.e2e.reopen import start
from web.page import ids

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
    not be played. (The page's clock also flows on its own between the test's steps, so
    each step compares the timer with itself, not with a second of the test's.)"""
    board = opened_in_progress(open_game)
    page = board.page
    timer = page.locator(f"#{ids.TIMER}")
    dialogs = [
        (ids.STATS_OPEN, ids.STATS_DIALOG, ids.STATS_CLOSE),
        (ids.PRACTICE_OPEN, ids.PRACTICE_DIALOG, ids.PRACTICE_CLOSE),
        (ids.REPLAYS_OPEN, ids.REPLAY_DIALOG, ids.REPLAY_CLOSE),
        (ids.ANALYSE_OPEN, ids.ANALYSIS_DIALOG, ids.ANALYSIS_CLOSE),
        (ids.HELP_OPEN, ids.HELP_DIALOG, ids.HELP_CLOSE),
        (ids.LAB_OPEN, ids.LAB_DIALOG, ids.LAB_CLOSE),
        (None, ids.CUSTOM_DIALOG, None),  # opened from the level menu, closed with Escape
    ]
    for opener, dialog_id, closer in dialogs:
        if opener is None:
            page.locator(f"#{ids.LEVEL}").select_option(label="Custom…")
        else:
            page.locator(f"#{opener}").click()
        dialog = page.locator(f"#{dialog_id}")
        expect(dialog).to_be_visible()
        frozen = board.timer
        run_for(clock, 5000)
        assert board.timer == frozen, dialog_id
        expect(timer).to_have_attribute("data-paused", "true")
        backdrop = page.evaluate(
            f"getComputedStyle(document.getElementById('{dialog_id}'), '::backdrop')"
            ".backgroundColor"
        )
        assert backdrop == "rgb(14, 22, 40)", backdrop  # opaque: the board is hidden
        said = page.evaluate(
            f"getComputedStyle(document.getElementById('{dialog_id}'), '::backdrop')"
            ".backgroundImage"
        )
        assert "Paused" in said, said  # ...and the cover says why
        if closer is None:
            page.keyboard.press("Escape")
        else:
            page.locator(f"#{closer}").click()
        expect(dialog).to_be_hidden()
        expect(timer).to_have_attribute("data-paused", "false")
        run_for(clock, 1100)
        assert int(board.timer) > int(frozen), dialog_id  # running again
    assert board.status == "playing"


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
    page.locator(f"#{ids.STATS_OPEN}").click()  # no clock to pause: the board shows through
    expect(page.locator(f"#{ids.TIMER}")).to_have_attribute("data-paused", "false")
    backdrop = page.evaluate(
        f"getComputedStyle(document.getElementById('{ids.STATS_DIALOG}'), '::backdrop')"
        ".backgroundColor"
    )
    assert backdrop != "rgb(14, 22, 40)", backdrop


def test_replays_with_nothing_kept_focuses_an_action_not_the_name_field(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard
) -> None:
    """On a phone, the focused "Name in videos" field raised the keyboard over the dialog."""
    context = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page_guard.watch(context)
    page = context.new_page()
    start(page, "/", READY_OR_FAILED_JS, 60_000)
    page.locator(f"#{ids.REPLAYS_OPEN}").tap()
    expect(page.locator(f"#{ids.REPLAY_LIST}")).to_contain_text("No finished games yet.")
    focused = page.evaluate("[document.activeElement.id, document.activeElement.type]")
    assert focused == ["review-file", "file"], focused
