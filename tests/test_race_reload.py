"""A reload in the middle of a race comes back to the race (issue 36, item 5): the ghost is
kept with the game in progress (:class:`play.game.round.Snapshot`), so the game carried on
races it still, from the page's own address as from the race link's; a race over, or a
ghost kept that does not read, leaves a plain game."""

from __future__ import annotations

from engine import BEGINNER, FirstClick, Move, Status
from play.game import Snapshot
from play.game.race import Ghost
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from play.start.address import from_query, to_query
from play.start.startup import open_session
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
    session = open_session(from_query(f"?race={ghost.link_text()}"), keeper, clock=clock).session
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
    start = open_session(from_query(address), keeper, clock=clock)
    after = start.session
    assert start.resumed is not None and start.displaced is None
    assert after.race == ghost and after.record.moves == before.record.moves
    assert after.game.status is Status.PLAYING and after.seconds() == before.seconds()


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
    after = open_session(from_query("?level=beginner"), keeper, clock=clock).session
    assert after.race is None and after.game.seed == 9 and after.game.level == BEGINNER
