"""What the page's one drawing function (:class:`web.drawing.PageDrawing`) syncs, and when
(issue 35: a click crosses no module it does not need). The controls, the look and the
auto-player's task are synced when the settings, the auto-player or the board changed, never
for a move; what follows a game (:mod:`web.race_bar`) only while it has something to show or
to hide: a game without a race never syncs the race's bars, a game in play never syncs the
finished game's buttons, and both still show and hide exactly as before, on a fake DOM in
CPython."""

from __future__ import annotations

import asyncio

from engine import Level, Move
from play.game.race import Ghost
from play.session import Session
from tests.fake_dom import Document, Scheduler
from tests.helpers import AdvancingClock, FakeClock, lose_session_game
from web import ids
from web.drawing import PageDrawing
from web.panel import Panel
from web.race_bar import AfterGame, RaceBar
from web.screen import Screen
from web.view import View


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

    asyncio.run(played())


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

    asyncio.run(played())


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

    asyncio.run(played())


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
        assert look.syncs == first + 9  # a fresh board: the level menu and the look
        race.close()

    asyncio.run(played())
