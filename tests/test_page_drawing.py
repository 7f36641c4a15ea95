"""What the page's one drawing function (:class:`web.drawing.PageDrawing`) syncs, and when
(issue 35: a click crosses no module it does not need). The controls, the look and the
auto-player's task are synced when the settings, the auto-player or the board changed, never
for a move; what follows a game (:mod:`web.controls.race_bar`) only while it has something to show
or
to hide: a game without a race never syncs the race's bars, a game in play never syncs the
finished game's buttons, and both still show and hide exactly as before, on a fake DOM in
CPython."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Level, Move
from play.game.race import Ghost
from play.session import Session
from tests.fake_dom import Document, Scheduler, settle
from tests.helpers import AdvancingClock, FakeClock, lose_session_game, run
from web.board.chance_marks import ChanceMarks
from web.board.panel import Panel
from web.board.screen import Screen
from web.board.view import View
from web.controls.race_bar import AfterGame, RaceBar
from web.drawing import PageDrawing
from web.page import ids


class Synced:
    def __init__(self) -> None:
        self.syncs = 0

    def sync(self) -> None:
        self.syncs += 1


class CountedAfterGame(AfterGame):
    syncs = 0

    def sync(self) -> None:
        self.syncs += 1
        super().sync()


class CountedRaceBar(RaceBar):
    syncs = 0

    def sync(self) -> None:
        self.syncs += 1
        super().sync()


def page(
    session: Session, clock: FakeClock, look: Synced | None = None
) -> tuple[Document, CountedAfterGame, CountedRaceBar]:
    document, scheduler = Document(), Scheduler(clock)
    logged: list[str] = []
    screen = Screen(
        session, View(document), Panel(document), scheduler, AdvancingClock(), logged.append
    )
    after = CountedAfterGame(document, document.defaultView, session, lambda deal: None)
    race = CountedRaceBar(document, session, scheduler, logged.append)
    look = look or Synced()  # the look, the level menu, the controls, the auto-player
    drawing = PageDrawing(screen, look, look, look, look, after, race)  # type: ignore[arg-type]
    for element in (ids.AFTER_GAME, ids.RETRY, ids.UNDO, ids.RACE_FRIEND, ids.RACE_BEST):
        document.getElementById(element).hidden = True  # as index.html has them
    document.getElementById(ids.RACE).hidden = True
    session.subscribe(drawing.draw)
    return document, after, race


def test_a_game_without_a_race_syncs_the_buttons_only_around_its_end() -> None:
    async def played() -> None:
        clock = FakeClock()
        session = Session(seed=42, clock=clock)
        document, after, race = page(session, clock)
        session.play(Move.reveal(4, 4))
        session.play(Move.mark(0, 0))
        assert (after.syncs, race.syncs) == (0, 0)  # nothing to show, nothing to hide
        lose_session_game(session)
        assert after.syncs == 1 and race.syncs == 0
        assert not document.getElementById(ids.RETRY).hidden
        assert not document.getElementById(ids.AFTER_GAME).hidden
        session.say("Still lost.")
        assert after.syncs == 2  # a finished game's update: the buttons stay as they are
        session.new_game()
        assert after.syncs == 3  # the next game hides them
        assert document.getElementById(ids.AFTER_GAME).hidden
        assert document.getElementById(ids.RETRY).hidden
        session.play(Move.reveal(4, 4))
        assert (after.syncs, race.syncs) == (3, 0)
        race.close()

    run(played)


def test_an_undo_hides_the_buttons_of_the_lost_game() -> None:
    async def played() -> None:
        clock = FakeClock()
        session = Session(seed=42, clock=clock)
        document, after, _race = page(session, clock)
        lose_session_game(session)
        assert not document.getElementById(ids.UNDO).hidden
        assert session.undo()
        assert document.getElementById(ids.AFTER_GAME).hidden
        syncs = after.syncs
        session.play(Move.mark(0, 0))
        assert after.syncs == syncs

    run(played)


def test_a_race_is_synced_while_on_and_hidden_with_the_next_game() -> None:
    async def played() -> None:
        clock = FakeClock()
        session = Session(seed=42, clock=clock)
        document, _after, race = page(session, clock)
        session.start_race(Ghost(Level(9, 9, 10), 7, 3, ((0, 1), (4000, 3)), "Ada"))
        assert race.syncs == 1 and race.track is not None
        assert not document.getElementById(ids.RACE).hidden
        session.play(Move.reveal(4, 4))
        assert race.syncs == 2
        session.new_game()
        assert race.syncs == 3 and race.track is None  # the next game hides the race
        assert document.getElementById(ids.RACE).hidden
        session.play(Move.reveal(4, 4))
        assert race.syncs == 3
        race.close()

    run(played)


def test_the_controls_are_synced_when_the_settings_or_the_auto_player_change() -> None:
    async def played() -> None:
        clock, look = FakeClock(), Synced()
        session = Session(seed=42, clock=clock)
        _document, _after, race = page(session, clock, look)
        first = look.syncs
        assert first == 4  # the first drawing: the board is fresh, every control synced
        session.play(Move.reveal(4, 4))
        session.play(Move.mark(0, 0))
        session.say("Words only.")
        assert look.syncs == first  # moves and words: no control shows anything new
        session.change(question_marks=False)
        assert look.syncs == first + 3  # the look, the controls, the auto-player
        assert session.start_auto()
        assert look.syncs == first + 5  # the controls and the auto-player (not the look)
        session.stop_auto()
        assert look.syncs == first + 7
        session.new_game()
        assert look.syncs == first + 8  # a fresh board: the level menu (the look: same level)
        race.close()

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
