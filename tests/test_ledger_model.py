"""The ledger is honest whatever a player does: any sequence of games started, won, lost,
left (a new game, another level, a start on another board), carried on (a reload, Back),
retried, undone, raced and daily keeps, for every board, the statistics' rows equal to a
model that counts each game the player started once, by how it ended (won, lost or
abandoned), under the label of where its board came from."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from datetime import date

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from engine import BEGINNER, INTERMEDIATE, Level, Move, Status
from engine import tiles as t
from play.game import Settings
from play.keeping.keeper import Snapshot
from play.keeping.storage import MemoryStorage
from play.ledger import board_summaries
from play.session import Session
from play.start import from_params
from play.start.startup import start_with
from tests.helpers import FakeClock
from tests.test_keeping import keeper_on

DAY = date(2026, 12, 5)
LEVELS = (BEGINNER, INTERMEDIATE)


@dataclass(eq=False)
class ModelGame:
    """A game the model follows: its board, the statistics it counts in, and whether the
    player has made a move in it (then it is counted when it ends or is left)."""

    board: str
    kind: str
    daily: bool = False
    started: bool = False
    ended: str | None = None
    """``won``, ``lost`` or ``left``: what the model counted it as (None: not counted)."""


class LedgerModel(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.store = MemoryStorage()
        self.clock = FakeClock()
        self.seeds = itertools.count(1000)
        self.session = self._start("")
        self.game = ModelGame(str(self.session.game.level), "normal")
        self.behind: list[tuple[Snapshot, ModelGame]] = []
        """Games left unfinished, as the page keeps them for Back."""
        self.counted: list[ModelGame] = []
        self.daily_counted: set[str] = set()
        """Boards whose daily board of DAY has its counted attempt (the rest is practice)."""

    def _start(self, query: str) -> Session:
        launch = from_params(dict(pair.split("=") for pair in query.split("&") if pair))
        return start_with(
            launch, keeper_on(self.store), clock=self.clock, seeds=self.seeds.__next__
        ).session

    # --- what the model counts ------------------------------------------------------------

    def _count(self, game: ModelGame, how: str) -> None:
        if game.daily:
            if game.board in self.daily_counted:
                return  # practice: counted nowhere
            self.daily_counted.add(game.board)
        game.ended = how
        self.counted.append(game)

    def _uncount(self, game: ModelGame) -> None:
        """A game left and carried on: no longer counted, until it ends or is left again."""
        if game.ended == "left":
            self.counted.remove(game)
            if game.daily:
                self.daily_counted.discard(game.board)
            game.ended = None

    def _carried_on(self) -> None:
        """The game on the table carried on by a start. A retried board nobody has played
        yet is dealt again from its seed (:meth:`Snapshot.carried_on`): its mines no longer
        where they were, it is no retry but a board played before."""
        if not self.game.started and self.game.kind == "retried":
            self.game.kind = "known"

    def _leave(self) -> None:
        """The game on the table is left for another: counted as abandoned if started."""
        game = self.game
        if game.started and not self.session.game.status.is_over:
            self.behind.append((self.session.snapshot(), game))
            self._count(game, "left")

    def _after_move(self) -> None:
        self.game.started = True
        status = self.session.game.status
        if status is Status.WON:
            self._count(self.game, "won")
        elif status is Status.LOST:
            self._count(self.game, "lost")

    # --- the player -----------------------------------------------------------------------

    @precondition(lambda self: not self.session.game.status.is_over)
    @rule(pick=st.integers(0, 10_000))
    def reveal_a_safe_cell(self, pick: int) -> None:
        game = self.session.game
        layout = game.layout
        covered = [
            c
            for c, tile in enumerate(game.tiles)
            if tile == t.COVERED and (layout is None or c not in layout.mines)
        ]
        self.clock.now += 1
        self.session.play(Move.reveal(*game.grid.row_col(covered[pick % len(covered)])))
        self._after_move()

    @precondition(lambda self: self.session.game.status is Status.PLAYING)
    @rule()
    def win(self) -> None:
        layout = self.session.game.layout
        assert layout is not None
        for cell in range(self.session.game.level.cells):
            if self.session.game.status.is_over:
                break
            if cell not in layout.mines and self.session.game.tiles[cell] == t.COVERED:
                self.session.play(Move.reveal(*self.session.game.grid.row_col(cell)))
        self._after_move()

    @precondition(lambda self: self.session.game.status is Status.PLAYING)
    @rule()
    def step_on_a_mine(self) -> None:
        layout = self.session.game.layout
        assert layout is not None
        self.session.play(Move.reveal(*self.session.game.grid.row_col(min(layout.mines))))
        self._after_move()

    @rule()
    def new_game(self) -> None:
        self._leave()
        self.session.new_game()
        self.game = ModelGame(str(self.session.game.level), "normal")

    @rule(level=st.sampled_from(LEVELS))
    def another_level(self, level: Level) -> None:
        if level == self.session.game.level:
            return
        self._leave()
        self.session.change(level=level)
        self.game = ModelGame(str(level), "normal")

    @rule(level=st.sampled_from(LEVELS))
    def daily_board(self, level: Level) -> None:
        self.another_level(level)
        self._leave()
        assert self.session.new_game(day=DAY)
        self.game = ModelGame(str(level), "normal", daily=True)

    @precondition(lambda self: self.session.game.status is Status.LOST)
    @rule()
    def retry(self) -> None:
        assert self.session.retry()
        self.game = ModelGame(self.game.board, "retried")

    @precondition(lambda self: self.session.game.status is Status.LOST)
    @rule()
    def undo(self) -> None:
        assert self.session.undo()
        # The loss stays counted; the game played on is another, started by its next move.
        self.game = ModelGame(self.game.board, "undone", daily=self.game.daily)

    @rule()
    def race_my_best(self) -> None:
        if self.session.own_best() is None:
            return
        self._leave()
        assert self.session.start_race()
        self.game = ModelGame(str(self.session.game.level), "race")

    @rule()
    def reload(self) -> None:
        """The tab closed and opened again: its game is carried on, a finished one not."""
        over = self.session.game.status.is_over
        self.session = self._start("")
        if over:
            self.game = ModelGame(str(self.session.game.level), "normal")
        else:
            self._carried_on()

    @rule(level=st.sampled_from(LEVELS))
    def reload_on_another_board(self, level: Level) -> None:
        """A link to another board opened: the game in progress is left behind Back."""
        same = str(level) == self.game.board and not self.session.game.status.is_over
        if not same:
            self._leave()
        self.session = self._start(f"level={level.name}")
        if not same:
            self.game = ModelGame(str(level), "normal")
        else:
            self._carried_on()

    @precondition(lambda self: bool(self.behind))
    @rule()
    def back(self) -> None:
        snapshot, game = self.behind.pop()
        self._leave()
        if self.session.resume(snapshot):
            self._uncount(game)
            self.game = game

    # --- what must hold -------------------------------------------------------------------

    @invariant()
    def each_row_counts_the_games_the_player_started(self) -> None:
        keeper = keeper_on(self.store)
        rows: Counter[tuple[str, str, str]] = Counter()
        for s in board_summaries(keeper.ledger()):
            assert s.played == s.won + (s.played - s.won - s.abandoned) + s.abandoned
            assert s.played >= s.won + s.abandoned
            rows[s.board, s.kind, "won"] += s.won
            rows[s.board, s.kind, "left"] += s.abandoned
            rows[s.board, s.kind, "lost"] += s.played - s.won - s.abandoned
        model = Counter((g.board, g.kind, g.ended) for g in self.counted)
        assert +rows == +model  # type: ignore[operator]


TestLedgerModel = LedgerModel.TestCase
TestLedgerModel.settings = settings(max_examples=200, stateful_step_count=30, deadline=None)


def test_a_game_left_for_a_new_one_is_counted_abandoned_and_a_fresh_one_not() -> None:
    """Restarting a bad opening was free: 18 games left with the face counted nowhere."""
    store, clock = MemoryStorage(), FakeClock()
    session = start_with(from_params({}), keeper_on(store), clock=clock).session
    session.new_game()  # nothing played: nothing to count
    assert board_summaries(keeper_on(store).ledger()) == []
    session.play(Move.reveal(4, 4))
    session.new_game()
    (row,) = board_summaries(keeper_on(store).ledger())
    assert (row.played, row.won, row.abandoned, row.win_rate) == (1, 0, 1, 0.0)


def test_a_game_carried_on_after_a_reload_is_not_abandoned() -> None:
    store, clock = MemoryStorage(), FakeClock()
    session = start_with(from_params({}), keeper_on(store), clock=clock).session
    session.play(Move.reveal(4, 4))
    again = start_with(from_params({}), keeper_on(store), clock=clock).session
    assert again.record.moves and board_summaries(keeper_on(store).ledger()) == []
    elsewhere = start_with(from_params({"level": "expert"}), keeper_on(store), clock=clock)
    assert elsewhere.displaced is not None
    (row,) = board_summaries(keeper_on(store).ledger())
    assert (row.board, row.abandoned) == ("9x9/10", 1)
    assert elsewhere.session.resume(elsewhere.displaced)  # Back: the same game, carried on
    assert board_summaries(keeper_on(store).ledger()) == []


def test_a_kept_game_in_progress_keeps_its_id_through_storage() -> None:
    session = Session(Settings(), seed=1, clock=FakeClock(), keeper=keeper_on(MemoryStorage()))
    session.play(Move.reveal(4, 4))
    snapshot = session.snapshot()
    assert snapshot.kept_id is not None
    assert Snapshot.from_data(snapshot.to_data()) == snapshot
