"""A ghost race from the address to its verdict: ``?race=`` read into the launch
(a bad one refused in words, a normal game instead), the start dealing the ghost's board
(a daily ghost's with its centre opened), the session's race ending with any other game, the
link of a game just won, the race against one's own best, and what a race shows at each
moment (:class:`play.game_ui.RaceTrack`), checked against the engine's own play of the board."""

from __future__ import annotations

from datetime import date

from engine import BEGINNER, FirstClick, Level, Move, Record, Status
from play.game.race import Ghost
from play.game_ui import RaceTrack
from play.keeping.blobs import Blobs
from play.keeping.ghosts import own_best
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from play.start.address import from_query
from play.start.startup import start_with
from tests.helpers import FakeClock, lose_session_game


def win(session: Session, clock: FakeClock, pace: float = 0.5) -> int:
    """Open the centre, then every safe cell, ``pace`` seconds apart: the win's ms."""
    grid = session.game.grid
    if not session.record.moves or session.game.layout is None:
        session.play(Move.reveal(grid.rows // 2, grid.cols // 2))
    layout = session.game.layout
    assert layout is not None
    for cell in range(session.game.level.cells):
        if cell not in layout.mines and not session.game.status.is_over:
            clock.now += pace
            session.play(Move.reveal(*grid.row_col(cell)))
    assert session.result is not None and session.result.won
    return round(session.result.seconds * 1000)


def test_a_won_games_link_deals_its_board_with_the_ghost_in_another_session() -> None:
    clock = FakeClock()
    sender = Session(seed=0, clock=clock)
    sender.change(first_click=FirstClick.SAFE, player_name="Ada")
    sender.new_game(4242)
    assert sender.race_link() is None  # nothing won yet
    ms = win(sender, clock)
    text = sender.race_link()
    assert text is not None
    launch = from_query(f"?race={text}")
    assert launch.race is not None and launch.messages == ()
    assert launch.race.finish_ms == ms and launch.race.who == "Ada"
    assert launch.race.rule == "safe"
    other = FakeClock()
    session = start_with(launch, Keeper(Blobs(MemoryStorage())), clock=other).session
    assert session.race == launch.race and session.linked
    assert session.game.seed == 4242 and session.game.level == BEGINNER
    assert session.record.first_click is FirstClick.SAFE
    # The same board: the sender's first reveal deals the sender's mines.
    first = sender.record.first_reveal()
    assert first is not None
    session.play(Move.reveal(*first))
    assert session.game.layout == sender.game.layout
    session.new_game()
    assert session.race is None  # any other game ends the race


def test_a_daily_boards_ghost_is_raced_from_its_centre_opening() -> None:
    clock = FakeClock()
    sender = Session(seed=0, clock=clock)
    sender.new_game(day=date(2026, 11, 22))
    win(sender, clock)
    text = sender.race_link()
    assert text is not None
    ghost = Ghost.from_link(text)
    assert ghost.first == (4, 4)  # the centre, made for the sender as for every player
    session = start_with(from_query(f"?race={text}"), None, clock=FakeClock()).session
    assert session.race == ghost
    assert session.game.layout == sender.game.layout  # opened for the player, as the daily's
    assert [(m.move, m.ms) for m in session.record.moves] == [(sender.record.moves[0].move, 0)]
    assert not session.timer.running  # the clock starts at the player's own first move


def test_a_hostile_or_cut_race_link_is_refused_in_words_and_a_normal_game_dealt() -> None:
    good = Ghost(BEGINNER, 7, 3, ((0, 1), (900, 3))).link_text()
    for bad in (good[:-2], "<script>", "A" * 20_000, ""):
        launch = from_query(f"?race={bad}&level=expert")
        assert launch.race is None
        assert len(launch.messages) == 1 and "race link" in launch.messages[0]
        assert launch.messages[0].endswith("Playing a normal game instead.")
        session = start_with(launch, None, clock=FakeClock()).session
        assert session.race is None and session.game.level.name == "expert"
        assert session.notice is not None and "race link" in session.notice.text


def test_a_race_is_never_carried_on_over_a_saved_game() -> None:
    keeper = Keeper(Blobs(MemoryStorage()))
    clock = FakeClock()
    first = start_with(from_query("?seed=5"), keeper, clock=clock).session
    first.play(Move.reveal(4, 4))
    first.save()
    ghost = Ghost(BEGINNER, 5, 2, ((0, 1), (800, 2)))
    start = start_with(from_query(f"?race={ghost.link_text()}"), keeper, clock=clock)
    assert start.session.race == ghost and not start.session.record.moves
    assert start.displaced is not None or start.session.game.status is Status.PLAYING


def test_the_track_shows_each_side_and_the_verdict_as_the_engine_plays_the_board() -> None:
    clock = FakeClock()
    sender = Session(seed=0, clock=clock)
    sender.new_game(99)
    ms = win(sender, clock, pace=1.0)
    ghost = Ghost.from_link(sender.race_link())
    session = Session(seed=0, clock=FakeClock())
    session.start_race(ghost)
    track = RaceTrack(ghost)
    # The sender's own timeline, read from its record by the engine, is where the ghost is;
    # the player starts from the sender's opening, made for them.
    opening = max(m.solved for m in _moments(sender.record) if m.ms == 0)
    for at in (0, ms // 3, ms // 2, ms - 1):
        solved = max((m.solved for m in _moments(sender.record) if m.ms <= at), default=0)
        frame = track.frame(session.game, at)
        assert (frame.own_solved, frame.ghost_solved, frame.verdict) == (opening, solved, None)
    win(session, session._clock, pace=0.1)  # type: ignore[attr-defined]
    mine = round(session.result.seconds * 1000) if session.result else -1
    end = track.frame(session.game, mine)
    assert end.own_solved == end.own_total == ghost.bbbv
    assert end.verdict == f"You beat the ghost by {(ms - mine) / 1000:.2f} s"


def test_a_lost_race_says_the_ghost_won() -> None:
    ghost = Ghost(BEGINNER, 3, 2, ((0, 1), (4000, 2)), name="Ada")
    session = Session(seed=0, clock=FakeClock())
    session.start_race(ghost)
    lose_session_game(session)
    frame = RaceTrack(ghost).frame(session.game, 0)
    assert frame.verdict is not None and frame.verdict.startswith("Ada wins")


def test_race_your_own_best_from_a_finished_game() -> None:
    keeper = Keeper(Blobs(MemoryStorage()))
    clock = FakeClock()
    session = Session(seed=0, clock=clock, keeper=keeper)
    session.new_game(31)
    assert not session.start_race()  # nothing won on this board yet
    assert session.notice is not None and "No win" in session.notice.text
    ms = win(session, clock, pace=0.4)
    assert session.start_race()
    ghost = session.race
    assert ghost is not None and ghost.finish_ms == ms and ghost.who == "your best"
    assert ghost == own_best(keeper.ledger(), keeper.records(), BEGINNER, 31)
    assert session.game.seed == 31 and [m.ms for m in session.record.moves] == [0]


def _moments(record: Record) -> list:  # type: ignore[type-arg]
    from engine.live import moments

    return list(moments(record))


def test_a_custom_boards_ghost_deals_its_level() -> None:
    level = Level(5, 7, 4)
    ghost = Ghost(level, 12, 2, ((0, 1), (700, 2)), no_guess=False)
    launch = from_query(f"?race={ghost.link_text()}")
    assert launch.settings.level == level and launch.seed == 12
    session = start_with(launch, None, clock=FakeClock()).session
    assert session.game.level == level and session.race == ghost
