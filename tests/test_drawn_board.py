"""What the page draws is the game: the board drawn by difference from what it
shows, whatever call brought the game. Read off the fake page in the DOM contract's words
(:mod:`tests.drawn`) and compared with the engine replaying the session's record: the drawing
code is not its own oracle."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine import BEGINNER, Move, Status
from engine.first_click import FirstClick
from play.game import Settings
from play.session import Session
from play.start.address import from_query
from tests import fake_browser
from tests.drawn import drawn_text
from tests.helpers import FakeClock, lose_session_game, run
from tests.real_page import OpenPage
from tests.test_web_screen import Page
from web.page import ids


def assert_drawn_is_the_game(page: Page) -> None:
    session = page.session
    assert drawn_text(page.document) == session.record.replay().to_text()
    assert drawn_text(page.document) == session.game.to_text()


def test_undo_after_a_loss_draws_the_game_played_on_not_its_mines() -> None:
    async def played() -> None:
        session = Session(seed=42, clock=FakeClock())
        page = Page(session)
        lose_session_game(session)
        assert "*" in drawn_text(page.document)  # the loss shows the mines
        assert session.undo()
        assert session.game.status is Status.PLAYING
        text = drawn_text(page.document)
        assert "*" not in text and "X" not in text, text
        assert_drawn_is_the_game(page)
        page.screen.close()

    run(played)


def test_undo_of_a_losing_first_click_draws_a_covered_board() -> None:
    async def played() -> None:
        settings = Settings(level=BEGINNER, first_click=FirstClick.NONE)
        session = Session(settings, seed=42, clock=FakeClock())
        page = Page(session)
        for seed in range(200):  # under "none" a first click can lose: find such a board
            session.new_game(seed)
            session.play(Move.reveal(0, 0))
            if session.game.status is Status.LOST:
                break
        assert session.game.status is Status.LOST
        assert session.undo()
        assert session.game.status is Status.READY
        assert set(drawn_text(page.document)) <= {"#", "\n"}
        assert_drawn_is_the_game(page)
        page.screen.close()

    run(played)


def test_the_first_click_menu_shows_the_rule_a_link_put_in_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``?first=none``: the menu read "First click: Opens an area" while the board was dealt
    under none (it was drawn before its choices were filled, and a browser's menu refuses a
    value it does not offer). The real page, opened from the link."""
    fake_browser.install(monkeypatch)

    async def played() -> None:
        for rule in FirstClick:
            page = OpenPage(query=f"?level=beginner&seed=42&first={rule.value}")
            menu = page.element(ids.FIRST_CLICK)
            assert menu.value == rule.value == page.session.game.first_click.value
            page.close()

    run(played)


def test_the_address_shows_the_first_click_rule_chosen_before_the_first_click(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rule chosen before the first click is played and copied, and the address bar
    showed the old ``first=`` (a reload brought the wrong rule back). A new game still gets
    an entry of its own: the address of the game left is not overwritten."""
    fake_browser.install(monkeypatch)

    async def played() -> None:
        page = OpenPage(query="?level=beginner&seed=7")
        written = page.window.written
        assert written[-1] == ("replace", "?level=beginner&seed=7")
        page.fire(ids.FIRST_CLICK, "change", SimpleNamespace(value=FirstClick.SAFE.value))
        assert page.session.game.first_click is FirstClick.SAFE
        assert written[-1] == ("replace", "?level=beginner&seed=7&first=safe")
        assert from_query(written[-1][1]).settings.first_click is FirstClick.SAFE
        page.session.play(Move.reveal(4, 4))
        count = len(written)
        page.fire(ids.FACE, "click")  # the page's new game (web.app.Page._deal)
        seed = page.session.game.seed
        assert written[count:] == [("push", f"?level=beginner&seed={seed}&first=safe")]
        page.close()

    run(played)
