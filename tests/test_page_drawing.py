"""What the page's one drawing (:class:`web.drawing.PageDrawing`) draws, and when, on the
real page in CPython: each part is drawn when what it shows of the picture changed, and only
then, so that a move reaches the board and its counter, never the controls, the look, the
buttons after a game, a race's bars or the address; and each still shows and hides exactly
as it should."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import Level, Move
from play.game.race import Ghost
from play.session import Session
from tests import fake_browser
from tests.fake_dom import settle
from tests.helpers import FakeClock, lose_session_game, run
from tests.real_page import OpenPage
from web.board.chance_marks import ChanceMarks
from web.drawing import Part
from web.page import ids

AROUND_THE_BOARD = (
    "LevelMenu.dealt",
    "Appearance.show",
    "Controls.show",
    "AutoPlay.show",
    "AfterGame.show",
    "RaceBar.show",
    "RaceBar.moved",
    "AddressBar.draw",
)
"""The parts around the board, by the name of what draws them."""


class Counted(OpenPage):
    """The real page, each part's drawings counted by the name of its drawing method, from
    its first drawing on (:meth:`draw_again`)."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: Counter[str] = Counter()
        drawing = self.page.drawing
        drawing.parts = tuple(self._counted(part) for part in drawing.parts)
        self.draw_again()

    def draw_again(self) -> None:
        """The page drawn whole again, as when it opened (nothing drawn before)."""
        drawing = self.page.drawing
        assert drawing.picture is not None
        drawing.draw(None, drawing.picture)

    def _counted(self, part: Part[Any]) -> Part[Any]:
        draw = part.draw
        name = getattr(getattr(draw, "__func__", draw), "__qualname__", "?")

        def counted(shown: Any) -> None:
            self.drawn[name] += 1
            draw(shown)

        return Part(part.shown, counted)

    def around(self) -> dict[str, int]:
        """The drawings of the parts around the board so far."""
        return {name: self.drawn[name] for name in AROUND_THE_BOARD if self.drawn[name]}


@pytest.fixture(autouse=True)
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_browser.install(monkeypatch)


def test_a_move_reaches_the_board_and_nothing_around_it() -> None:
    async def played() -> None:
        page = Counted()
        session = page.session
        await settle()
        before = page.around()
        session.play(Move.reveal(4, 4))
        session.play(Move.mark(0, 0))
        session.say("Words only.")
        assert page.around() == before
        assert page.drawn["Screen._board"] == 3 and page.drawn["Screen._counter"] == 2
        page.close()

    run(played)


def test_the_buttons_after_a_game_are_drawn_at_its_end_and_with_the_next_game() -> None:
    async def played() -> None:
        page = Counted()
        session = page.session
        session.play(Move.reveal(4, 4))
        first = page.drawn["AfterGame.show"]
        lose_session_game(session)
        assert page.drawn["AfterGame.show"] == first + 1
        assert not page.element(ids.RETRY).hidden and not page.element(ids.AFTER_GAME).hidden
        session.say("Still lost.")
        assert page.drawn["AfterGame.show"] == first + 1  # nothing new to show
        page.fire(ids.FACE, "click")
        assert page.drawn["AfterGame.show"] == first + 2  # the next game hides them
        assert page.element(ids.AFTER_GAME).hidden and page.element(ids.RETRY).hidden
        assert page.drawn["RaceBar.show"] == 1  # the first drawing only: no race
        page.close()

    run(played)


def test_an_undo_hides_the_buttons_of_the_lost_game() -> None:
    async def played() -> None:
        page = Counted()
        session = page.session
        lose_session_game(session)
        assert not page.element(ids.UNDO).hidden
        page.fire(ids.UNDO, "click")
        assert page.element(ids.AFTER_GAME).hidden
        drawn = page.drawn["AfterGame.show"]
        session.play(Move.mark(0, 0))
        assert page.drawn["AfterGame.show"] == drawn
        page.close()

    run(played)


def test_a_race_is_drawn_while_on_and_hidden_with_the_next_game() -> None:
    async def played() -> None:
        page = Counted()
        session = page.session
        page.page.tools.on_race(Ghost(Level(9, 9, 10), 7, 3, ((0, 1), (4000, 3)), "Ada"))
        race = page.page.race_bar
        assert race.track is not None and not page.element(ids.RACE).hidden
        moved = page.drawn["RaceBar.moved"]
        session.play(Move.reveal(4, 4))
        assert page.drawn["RaceBar.moved"] == moved + 1
        page.fire(ids.FACE, "click")
        assert race.track is None and page.element(ids.RACE).hidden
        shown, moved = page.drawn["RaceBar.show"], page.drawn["RaceBar.moved"]
        session.play(Move.reveal(4, 4))
        assert (page.drawn["RaceBar.show"], page.drawn["RaceBar.moved"]) == (shown, moved)
        page.close()

    run(played)


def test_the_controls_are_drawn_when_the_settings_or_the_auto_player_change() -> None:
    async def played() -> None:
        page = Counted()
        session = page.session
        first = page.around()
        assert first == {name: 1 for name in AROUND_THE_BOARD}  # the first drawing: all
        session.change(question_marks=False)
        assert page.drawn["Controls.show"] == 2 and page.drawn["Appearance.show"] == 1
        assert session.start_auto()
        assert page.drawn["Controls.show"] == 3 and page.drawn["AutoPlay.show"] == 2
        session.stop_auto()
        assert page.drawn["Controls.show"] == 4 and page.drawn["AutoPlay.show"] == 3
        page.fire(ids.FACE, "click")
        assert page.drawn["LevelMenu.dealt"] == 2  # a new game: the level menu
        assert page.drawn["Appearance.show"] == 1  # the same level: the same look
        page.close()

    run(played)


def test_with_the_chances_off_the_board_reaches_no_chance_mark(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Chances off, nothing marked: a move and a new board call nothing of
    :mod:`web.board.chance_marks`; switched on, they are drawn, and off again, hidden."""
    from tests.test_web_screen import Page

    calls: list[str] = []
    for name in ("draw", "forget_rows", "clear"):
        original = getattr(ChanceMarks, name)

        def counted(self: ChanceMarks, *args: Any, _name: str = name, _f: Any = original) -> Any:
            calls.append(_name)
            return _f(self, *args)

        monkeypatch.setattr(ChanceMarks, name, counted)

    async def played() -> None:
        session = Session(seed=42, clock=FakeClock())
        page = Page(session)
        await settle()
        session.play(Move.reveal(4, 4))
        await settle()
        session.new_game()
        session.play(Move.reveal(4, 4))
        await settle()
        assert calls == []
        board = page.document.getElementById(ids.BOARD)
        session.change(show_chances=True)
        await settle()
        assert "draw" in calls and ids.SHOW_HINTS_CLASS in board.classList.names
        session.change(show_chances=False)
        await settle()
        assert ids.SHOW_HINTS_CLASS not in board.classList.names
        page.screen.close()

    run(played)
