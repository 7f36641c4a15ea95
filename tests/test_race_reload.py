"""A reload in the middle of a race comes back to the race: the ghost is
kept with the game in progress (:class:`play.keeping.snapshot.Snapshot`), so the game carried on
races it still, from the page's own address as from the race link's; a race over, or a
ghost kept that does not read, leaves a plain game."""

from __future__ import annotations

import pytest

from engine import BEGINNER, FirstClick, Move, Status
from play.game.race import Ghost
from play.keeping import Snapshot
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from play.start.address import from_query, to_query
from play.start.startup import start_with
from tests.helpers import FakeClock
from tests.test_race_start import win


def _ghost() -> Ghost:
    clock = FakeClock()
    sender = Session(seed=0, clock=clock)
    sender.change(first_click=FirstClick.SAFE, player_name="Ada")
    sender.new_game(4242)
    win(sender, clock)
    text = sender.race_link()
    assert text is not None
    return Ghost.from_link(text)


def _racing(keeper: Keeper, clock: FakeClock) -> tuple[Session, Ghost]:
    ghost = _ghost()
    session = start_with(from_query(f"?race={ghost.link_text()}"), keeper, clock=clock).session
    clock.now += 2
    session.play(Move.reveal(4, 4))
    clock.now += 1.5
    session.save()  # as the page does when it is hidden or closed
    return session, ghost


def test_a_reload_of_the_boards_address_mid_race_carries_the_race_on() -> None:
    keeper, clock = Keeper(Blobs(MemoryStorage())), FakeClock()
    before, ghost = _racing(keeper, clock)
    game = before.game
    address = to_query(game.level, game.seed, None, game.no_guess, game.first_click)
    start = start_with(from_query(address), keeper, clock=clock)
    after = start.session
    assert start.resumed is not None and start.displaced is None
    assert after.race == ghost and after.record.moves == before.record.moves
    assert after.game.status is Status.PLAYING and after.timer.seconds() == before.timer.seconds()


def test_a_saved_games_ghost_comes_back_and_a_bad_one_costs_the_race_only() -> None:
    keeper, clock = Keeper(Blobs(MemoryStorage())), FakeClock()
    session, ghost = _racing(keeper, clock)
    data = session.snapshot().to_data()
    assert Snapshot.from_data(data).race == ghost
    for bad in ("AQkJ", 7, "<script>"):
        kept = Snapshot.from_data({**data, "race": bad})
        assert kept.race is None and kept.record == session.record
    assert Snapshot.from_data({k: v for k, v in data.items() if k != "race"}).race is None


def test_a_game_dealt_after_a_race_carries_no_ghost_into_its_reload() -> None:
    keeper, clock = Keeper(Blobs(MemoryStorage())), FakeClock()
    session, _ = _racing(keeper, clock)
    session.new_game(9)
    session.play(Move.reveal(4, 4))
    session.save()
    after = start_with(from_query("?level=beginner"), keeper, clock=clock).session
    assert after.race is None and after.game.seed == 9 and after.game.level == BEGINNER


def test_a_reload_of_the_race_address_mid_race_carries_the_game_on_not_a_fresh_deal() -> None:
    keeper, clock = Keeper(Blobs(MemoryStorage())), FakeClock()
    before, ghost = _racing(keeper, clock)
    start = start_with(from_query(f"?race={ghost.link_text()}"), keeper, clock=clock)
    after = start.session
    assert start.resumed is not None and start.displaced is None
    assert after.race == ghost and after.record.moves == before.record.moves
    # Another ghost's link over it starts its own race, the game in progress kept behind.
    other = Ghost(BEGINNER, 4242, 2, ((0, 1), (800, 2)), rule="safe")
    start = start_with(from_query(f"?race={other.link_text()}"), keeper, clock=clock)
    assert start.session.race == other and not start.session.record.moves
    assert start.displaced is not None and start.displaced.race == ghost


def test_the_page_address_is_the_race_link_while_it_runs_and_the_board_once_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests import fake_browser

    fake_browser.install(monkeypatch)
    from tests.fake_dom import Document, Window
    from web.page.address_bar import AddressBar

    window = Window(Document())
    clock = FakeClock()
    session, ghost = Session(seed=0, clock=clock), _ghost()
    session.start_race(ghost)
    bar = AddressBar(window, session)
    bar.show()
    written = [query for _how, query in window.written]
    assert from_query(written[-1]).race == ghost  # a reload reads the race back
    board = "?level=beginner&seed=4242&first=safe"
    assert bar.url() == f"https://example.org/{board}"  # sharing shares the board only
    bar.sync()
    assert len(window.written) == 1  # nothing changed: nothing written
    win(session, clock)
    bar.sync()
    assert window.written[-1][1] == board and len(window.written) == 2
    bar.sync()
    assert len(window.written) == 2


def test_a_race_reloaded_after_question_marks_switched_starts_no_clock() -> None:
    """Found by the page model (tests/test_page_model.py): ? marks switched before the
    racer's own first move is an event of the record, not a move, and a reload then started
    the clock as if they had played."""
    from engine import BEGINNER
    from play.keeping.blobs import Blobs
    from play.keeping.keeper import Keeper
    from play.keeping.storage import MemoryStorage
    from play.start.startup import start_with

    clock = FakeClock()
    keeper = Keeper(Blobs(MemoryStorage()))
    ghost = Ghost(BEGINNER, 1000, 3, ((0, 1), (4000, 3)), "Ada", first=(4, 4))
    session = Session(seed=1, clock=clock, keeper=keeper)
    assert session.start_race(ghost)
    session.change(question_marks=False)
    session.save()
    clock.now += 30
    again = start_with(from_query(""), keeper, clock=clock).session
    assert again.race == ghost and not again.timer.running
    again.play(Move.reveal(0, 0))
    assert again.timer.running or again.game.status.is_over


def test_a_daily_board_reloaded_mid_game_is_carried_on_not_dealt_again() -> None:
    """Found by the page model: the daily board's address reloaded dealt it afresh, the game
    played kept behind Back ("Your game in progress is kept")."""
    from datetime import date

    from engine import INTERMEDIATE
    from play.game import Settings

    clock, day = FakeClock(), date(2026, 11, 29)
    keeper = Keeper(Blobs(MemoryStorage()))
    session = Session(Settings(level=INTERMEDIATE), seed=1, clock=clock, keeper=keeper)
    assert session.new_game(day=day)
    session.play(Move.mark(0, 0))
    session.save()
    query = to_query(session.game.level, session.game.seed, session.daily)
    start = start_with(from_query(query), keeper, clock=clock, today=lambda: day)
    assert start.resumed is not None and start.displaced is None
    assert start.session.record.moves == session.record.moves
