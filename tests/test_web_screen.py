"""The page's drawing and its pace, in CPython: the session's updates drawn in one place,
the deadline-sliced runner, the chances overlay of the newest position only, a huge
opening's rows drawn a slice a frame from the game as it is, the timer and the
auto-player's task, on a fake DOM (:mod:`tests.fake_dom`), a fake clock and a scheduler
that counts frames. Before, these ran only in Chromium, with fixed sleeps."""

from __future__ import annotations

import asyncio
from typing import TypeVar

import pytest

import web.board.screen
from engine import BEGINNER, EXPERT, Game, Level, Move, Status, apply, new_game
from engine import tiles as t
from engine.steps import Steps, drain, step
from play.assist.assistant import Assistant, Overlay
from play.game import Input, Settings, Update
from play.game.notice import FINDING
from play.session import Session
from tests.fake_dom import Document, Scheduler, settle
from tests.helpers import AdvancingClock, FakeClock, run
from web.board.panel import Panel
from web.board.rows import FAR_ROWS, NEAR_ROWS
from web.board.screen import Screen
from web.board.view import View
from web.controls.appearance import Appearance, look
from web.controls.autoplay import AutoPlay
from web.drawing import PageDrawing, Part
from web.page import ids
from web.page.pace import SEARCH_PAINT_S, drain_in_turns

T = TypeVar("T")
HUGE = Level(200, 60, 400)
"""An opening of thousands of cells: more than the view draws at once."""


class Page:
    """A session drawn by a screen on a fake document, as web.app draws it (its parts, by
    difference: :class:`web.drawing.PageDrawing`); ``whole``: with the look, the zoom and
    the auto-player's task too."""

    def __init__(
        self, session: Session, document: Document | None = None, *, whole: bool = False
    ) -> None:
        self.session = session
        self.document = document or Document()
        self.scheduler = Scheduler(session_clock(session))
        self.logged: list[str] = []
        self.screen = Screen(
            session,
            View(self.document),
            Panel(self.document),
            self.scheduler,
            AdvancingClock(),
            self.logged.append,
        )
        self.updates: list[Update] = []
        parts = self.screen.parts()
        if whole:
            window = self.document.defaultView
            appearance = Appearance(self.document, window, session, storage=None)
            auto = AutoPlay(session, self.scheduler, AdvancingClock(), self.logged.append)
            parts += [Part(look, appearance.show), Part(lambda p: p.auto_playing, auto.show)]
        self.drawing = PageDrawing(parts)
        session.subscribe(self.draw)

    def draw(self, update: Update) -> None:
        self.updates.append(update)
        self.drawing.update(update)

    @property
    def board(self) -> object:
        return self.document.getElementById(ids.BOARD)

    def text(self, id: str) -> str:
        return str(self.document.getElementById(id).textContent)


def session_clock(session: Session) -> FakeClock:
    clock = session._clock  # the test's own FakeClock
    assert isinstance(clock, FakeClock)
    return clock


def states(page: Page, game_rows: int, cols: int) -> list[str]:
    return [page.document.state(r, c) for r in range(game_rows) for c in range(cols)]


def shown_state(tile: int) -> str:
    return "open" if t.is_open(tile) else t.state_name(tile)


# --- the runner ----------------------------------------------------------------------------


def test_sliced_work_gives_way_each_slice_and_returns_its_answer() -> None:
    def work() -> Steps[int]:
        for _ in range(50):
            yield
        return 42

    scheduler = Scheduler(FakeClock())
    assert run(lambda: drain_in_turns(work(), scheduler, AdvancingClock(), slice_s=0.025)) == 42
    # Each slice reads the clock once, 10 ms apart: a turn for the browser every 3 slices.
    assert scheduler.turns == 50 // 3


def test_cancelling_sliced_work_drops_it_where_it_is() -> None:
    done: list[int] = []

    def work() -> Steps[None]:
        for n in range(1000):
            done.append(n)
            yield

    async def scenario() -> None:
        task = asyncio.create_task(drain_in_turns(work(), Scheduler(FakeClock()), AdvancingClock()))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    run(scenario)
    assert 0 < len(done) < 1000


# --- one observer: every change drawn ----------------------------------------------------------


def test_every_session_call_is_drawn_without_the_page_asking() -> None:
    async def scenario() -> None:
        page = Page(Session(seed=42, clock=FakeClock()))
        assert page.updates[0].fresh and page.board.dataset.status == "ready"  # type: ignore[attr-defined]
        page.session.play(Move.reveal(4, 4))
        game = page.session.game
        assert page.board.dataset.status == "playing"  # type: ignore[attr-defined]
        assert states(page, 9, 9) == [shown_state(tile) for tile in game.tiles]
        drain(page.session.hint_steps())
        found = drain(Assistant().hint_steps(game))
        assert found is not None and page.text(ids.MESSAGE) == found.reason
        assert (
            page.document.getElementById(ids.BOARD)
            .children.item(found.cell // 9)
            .children.item(found.cell % 9)
            .classList.contains(ids.HINT_BEST_CLASS)
        )
        page.session.change(level=EXPERT)
        assert page.updates[-1].fresh and page.board.dataset.cols == "30"  # type: ignore[attr-defined]
        assert page.text(ids.MESSAGE) == ""  # a new game: the hint is gone
        await settle()

    run(scenario)


def test_a_click_is_one_update_drawn_once_with_no_layout_read() -> None:
    """Tatham's PKR_NO_EFFECT: a call that changes nothing visible sends nothing. A click
    was two updates (an empty one from the no-guess check, then the move's), and the
    empty one synced the look and the zoom, which read the layout (getBoundingClientRect,
    offset*, scroll*) and forced it in the middle of the click's script."""

    async def scenario() -> None:
        session = Session(Settings(level=EXPERT), seed=3, clock=FakeClock())
        page = Page(session, whole=True)
        await settle()
        layout, screen = page.document.layout, page.screen
        for move in (Move.reveal(8, 15), Move.mark(0, 0), Move.reveal(0, 29)):
            updates, reads = len(page.updates), layout.reads
            screen.play(move, Input.MOUSE)
            await settle()
            assert [u.move for u in page.updates[updates:]] == [move]
            assert layout.reads == reads, f"{move}: {layout.reads - reads} layout reads"
        assert not page.logged

    run(scenario)


def test_a_no_guess_boards_first_click_says_finding_paints_it_then_plays() -> None:
    async def scenario() -> None:
        page = Page(Session(Settings(no_guess=True), seed=3, clock=FakeClock()), whole=True)
        page.screen.play(Move.reveal(4, 4), Input.MOUSE)
        assert page.text(ids.MESSAGE) == FINDING and page.session.game.layout is None
        await settle()
        assert page.scheduler.slept[0] == SEARCH_PAINT_S
        assert page.session.game.layout is not None and page.text(ids.MESSAGE) == ""
        assert [u.move for u in page.updates[1:]] == [None, Move.reveal(4, 4)]
        assert not page.logged

    run(scenario)


def test_a_huge_board_is_said_to_take_seconds_to_draw_until_its_first_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page's word on a board too big to draw at once, after the session's notice: drawn
    with the new board, in the one update that deals it, and gone once it is played."""
    monkeypatch.setattr(web.board.screen, "SLOW_BOARD", 80)  # a beginner board is "huge" here

    async def scenario() -> None:
        page = Page(Session(seed=1, clock=FakeClock()))
        page.session.say("Ignored seed=banana.", warning=True)
        assert [u.fresh for u in page.updates] == [True, False]
        said = page.text(ids.MESSAGE)
        assert said.startswith("Ignored seed=banana. A board of 81 cells takes a few seconds")
        page.session.play(Move.reveal(4, 4))
        assert page.text(ids.MESSAGE) == "Ignored seed=banana."
        await settle()

    run(scenario)


def test_the_game_over_notice_is_in_the_pages_words() -> None:
    async def scenario() -> None:
        page = Page(Session(seed=42, clock=FakeClock()))
        page.session.play(Move.reveal(4, 4))
        mine = min(page.session.game.layout.mines)  # type: ignore[union-attr]
        page.session.play(Move.reveal(*page.session.game.grid.row_col(mine)))
        drain(page.session.hint_steps())
        assert page.text(ids.MESSAGE) == "The game is over: press the face (or F2) for a new one."
        await settle()

    run(scenario)


# --- a huge opening: rows a slice a frame, from the game as it is ----------------------------


def test_a_huge_opening_is_drawn_a_slice_a_frame_rows_in_sight_first() -> None:
    async def scenario() -> None:
        page = Page(Session(Settings(level=HUGE), seed=3, clock=FakeClock()))
        page.document.lay_out(HUGE.rows)  # 40 rows in sight of 720 px, 108 near
        page.session.play(Move.reveal(100, 30))
        view = page.screen.view
        stale = len(view.stale)
        assert stale * HUGE.cols > 3_000  # too many to draw at once
        first_frame = page.scheduler.frames
        await asyncio.sleep(0)  # the first slice
        drawn = stale - len(view.stale)
        assert drawn <= NEAR_ROWS + FAR_ROWS
        # Meanwhile the player flags a cell of a row not drawn yet: drawn with its row.
        game = page.session.game
        row, col = next(
            (r, c)
            for r in sorted(view.stale, reverse=True)
            for c in range(HUGE.cols)
            if game.tile(r, c) == t.COVERED
        )
        page.session.play(Move.mark(row, col))
        await settle(2_000)
        assert not view.stale
        assert page.scheduler.frames - first_frame >= stale // (NEAR_ROWS + FAR_ROWS)
        final = page.session.game
        assert page.document.state(row, col) == "flagged"
        assert states(page, HUGE.rows, HUGE.cols) == [shown_state(tile) for tile in final.tiles]

    run(scenario)


def test_a_big_boards_first_reveal_waits_for_its_mines_and_moves_meanwhile_follow_it() -> None:
    """The mines of 150x150's first reveal are dealt in slices, the browser has its turns
    between them, and a flag placed meanwhile is played after the reveal, as made."""
    big, first, flag = Level(150, 150, 2_000), Move.reveal(75, 75), Move.mark(0, 149)

    async def scenario() -> None:
        page = Page(Session(Settings(level=big), seed=5, clock=FakeClock()))
        page.screen.play(first, Input.MOUSE)
        page.screen.play(flag, Input.MOUSE)
        assert page.session.game.status is Status.READY  # nothing played yet
        turns = page.scheduler.turns
        await settle(2_000)
        assert page.scheduler.turns > turns
        assert [timed.move for timed in page.session.record.moves] == [first, flag]
        expected = apply(apply(new_game(big, seed=5), first).game, flag).game
        assert page.session.game.tiles == expected.tiles
        assert states(page, big.rows, big.cols) == [shown_state(x) for x in expected.tiles]

    run(scenario)


def test_the_page_works_out_the_games_3bv_while_it_is_played() -> None:
    big = Level(150, 150, 2_000)

    async def scenario() -> None:
        page = Page(Session(Settings(level=big), seed=5, clock=FakeClock()))
        page.session.play(Move.reveal(75, 75))
        layout = page.session.game.layout
        assert layout is not None and step(layout.openings_steps()) is None  # not yet
        await settle(2_000)
        assert step(layout.openings_steps()) is not None  # worked out and kept
        assert not page.logged

    run(scenario)


def test_a_new_game_while_mines_are_dealt_drops_the_moves_for_the_old_board() -> None:
    big = Level(150, 150, 2_000)

    async def scenario() -> None:
        page = Page(Session(Settings(level=big), seed=5, clock=FakeClock()))
        page.screen.play(Move.reveal(75, 75), Input.MOUSE)
        page.session.new_game(seed=6)
        await settle(2_000)
        assert page.session.game.status is Status.READY and not page.session.record.moves
        assert not page.logged

    run(scenario)


# --- the chances: the newest position only ---------------------------------------------------


def test_chances_of_a_position_that_is_gone_are_never_drawn() -> None:
    async def scenario() -> None:
        session = Session(Settings(level=EXPERT, show_chances=True), seed=3, clock=FakeClock())
        page = Page(session)
        drawn: list[Game] = []
        overlay = page.screen.view.overlay

        def recorded(game: Game, shown: Overlay | None) -> None:
            drawn.append(game)
            overlay(game, shown)

        page.screen.view.overlay = recorded  # type: ignore[method-assign, assignment]
        session.play(Move.reveal(8, 15))
        for _ in range(3):  # the first position's chances start...
            await asyncio.sleep(0)
        assert page.board.dataset.chances == "pending"  # type: ignore[attr-defined]
        first = session.game
        analysis = drain(Assistant().overlay_steps(first))
        assert analysis is not None
        safe = min(analysis.safe) if analysis.safe else None
        assert safe is not None
        session.play(Move.reveal(*first.grid.row_col(safe)))  # ...when the player moves on
        await settle(5_000)
        assert first not in drawn and drawn and drawn[-1] is session.game
        assert page.board.dataset.chances == str(len(session.record.moves))  # type: ignore[attr-defined]
        expected = drain(Assistant().overlay_steps(session.game))
        assert expected is not None and page.screen.view.hinted.keys() == expected.cells.keys()

    run(scenario)


def test_the_chances_turned_off_are_drawn_off() -> None:
    async def scenario() -> None:
        session = Session(Settings(show_chances=True), seed=3, clock=FakeClock())
        page = Page(session)
        session.play(Move.reveal(4, 4))
        await settle()
        assert page.board.dataset.chances == "1"  # type: ignore[attr-defined]
        session.change(show_chances=False)
        await settle()
        assert page.board.dataset.chances == "off"  # type: ignore[attr-defined]
        assert not page.screen.view.hinted

    run(scenario)


# --- the timer ---------------------------------------------------------------------------------


def test_the_timer_ticks_each_second_from_the_first_reveal_and_stops_at_the_end() -> None:
    async def scenario() -> None:
        session = Session(seed=42, clock=FakeClock())
        page = Page(session)
        session.play(Move.mark(0, 0))  # a mark does not start the clock
        await settle(5)
        assert page.text(ids.TIMER) == "000" and not page.scheduler.slept
        session.play(Move.reveal(4, 4))
        assert page.text(ids.TIMER) == "001"
        for _ in range(3):
            await asyncio.sleep(0)
        assert page.text(ids.TIMER) == "003"  # woken just after each whole second
        assert all(0.002 <= s <= 1.002 for s in page.scheduler.slept)
        mine = min(session.game.layout.mines)  # type: ignore[union-attr]
        session.play(Move.reveal(*session.game.grid.row_col(mine)))
        assert session.game.status is Status.LOST
        stopped, sleeps = page.text(ids.TIMER), len(page.scheduler.slept)
        session_clock(session).now += 5
        await settle()
        assert page.text(ids.TIMER) == stopped and len(page.scheduler.slept) <= sleeps + 1

    run(scenario)


# --- the auto-player's task ---------------------------------------------------------------------


def test_auto_play_runs_while_the_session_says_so_and_the_player_takes_over() -> None:
    async def scenario() -> None:
        session = Session(Settings(level=EXPERT), seed=3, clock=FakeClock())
        page = Page(session)
        auto = AutoPlay(session, page.scheduler, AdvancingClock(), page.logged.append)
        session.subscribe(lambda update: auto.show(update.picture.auto_playing))
        session.start_auto()
        await settle(50)
        moves = len(session.record.moves)
        assert moves > 0 and auto._task is not None
        session.play(Move.mark(0, 0), Input.MOUSE)  # the player steps in
        assert not session.auto_playing
        await settle(200)
        assert len(session.record.moves) == moves + 1  # the player's move only
        assert auto._task is None and not page.logged

    run(scenario)


def test_auto_play_to_the_end_stops_by_itself() -> None:
    async def scenario() -> None:
        session = Session(seed=3, clock=FakeClock())
        page = Page(session)
        auto = AutoPlay(session, page.scheduler, AdvancingClock(), page.logged.append)
        session.subscribe(lambda update: auto.show(update.picture.auto_playing))
        session.change(auto_delay_ms=0)
        session.start_auto()
        await settle(5_000)
        assert session.game.status.is_over and not session.auto_playing
        assert auto._task is None and session.result is not None and session.result.assisted

    run(scenario)


def test_a_fresh_game_is_what_the_page_draws_first() -> None:
    async def scenario() -> None:
        page = Page(Session(Settings(level=BEGINNER), seed=5, clock=FakeClock()))
        assert states(page, 9, 9) == ["covered"] * 81
        counter = page.document.getElementById(ids.MINE_COUNTER)
        assert counter.attributes["aria-label"] == "10 mines left"
        face = page.document.getElementById(ids.FACE)
        assert face.dataset.face == "smile" and face.attributes["aria-label"] == "New game"
        await settle()

    run(scenario)
