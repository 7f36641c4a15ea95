"""Every command, in any order, and the page still shows the game: a Hypothesis
stateful test drives the session through the page's own modules on a fake document, and
after **every** step reads the page as a player would and holds it to the game.

The page here is wired as :class:`web.app.Page` wires it (the screen, the board and the
panel; the controls, the look, the auto-player's task, the buttons after a game, the race's
bars and the address bar, all through :class:`web.drawing.PageDrawing`); input comes in
through the page's own handlers (the board's keys, the first-click menu's change, the
switches' changes, the after-game buttons, the hint button), moves through
:meth:`web.board.screen.Screen.play` as the pointer hands them. A dialog is what it is to the
game: a cover on the board (:mod:`web.dialogs.modal` pauses the session's clock while it is open);
the board takes no input while one is open, as a modal dialog's page does. A reload is a
new page over the same storage, opened from the address the old one wrote.

The oracle is the engine replaying the session's record (:meth:`engine.Record.replay`),
read against the board in the DOM contract's words (:mod:`tests.drawn`), never the drawing
code. ``PAGE_MODEL_EXAMPLES`` sets the number of runs (``make fuzz`` runs more).
"""

from __future__ import annotations

import asyncio
import os
from datetime import date
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from engine import BEGINNER, INTERMEDIATE, Level, Move, Status
from engine.first_click import FirstClick
from play.game import Input
from play.game.race import Ghost
from play.game_ui import Command, Context
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.start.address import from_query
from tests import fake_browser
from tests.drawn import drawn_text
from tests.fake_dom import settle
from tests.helpers import FakeClock, in_thread
from tests.real_page import OpenPage
from web.page import ids

EXAMPLES = int(os.environ.get("PAGE_MODEL_EXAMPLES", "200"))
STEPS = int(os.environ.get("PAGE_MODEL_STEPS", "30"))
SETTLE_TURNS = 60
"""Turns of the loop after each step: the background tasks (timer, counters, auto-player)."""
LEVELS = (BEGINNER, INTERMEDIATE, Level(5, 6, 4))
DIALOGS = ("stats-dialog", "replays-dialog", "analysis-dialog", "practice-dialog", "custom")
GHOST = Ghost(BEGINNER, 7, 3, ((0, 1), (4000, 3)), "Ada")
"""A friend's race link's ghost (the race's tests' own)."""
TODAY = date(2026, 11, 29)
FACES = {Status.WON: "cool", Status.LOST: "dead"}
"""The face the contract names for a finished game; a smile otherwise (nothing held)."""
COVERS = ("*", "X", "!")
"""What only a finished game shows: mines, the exploded one, wrong flags."""


class Blind:
    """While the page draws, the session cannot be read: the drawing has the picture, and
    nothing else (:func:`blind`)."""

    drawing = False


def blind(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any read of a session's public names fail while :attr:`Blind.drawing`."""
    from play.session import Session

    read = Session.__getattribute__

    def guarded(session: Session, name: str) -> Any:
        if Blind.drawing and not name.startswith("_"):
            raise AssertionError(f"the page read session.{name} while drawing")
        return read(session, name)

    monkeypatch.setattr(Session, "__getattribute__", guarded)


class ModelPage(OpenPage):
    """The real page, its drawing done blind (:class:`Blind`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, today=lambda: TODAY, **kwargs)
        page = self.page
        self.screen = page.screen
        self.commands = page.keys.commands()
        draw = page.drawing.draw

        def drawn_blind(old: Any, new: Any) -> None:
            """The page's drawing, with the session out of its reach (:class:`Blind`)."""
            Blind.drawing = True
            try:
                draw(old, new)
            finally:
                Blind.drawing = False

        page.drawing.draw = drawn_blind  # type: ignore[method-assign]

    def close(self) -> None:
        """The page closed: every listener's proxy released (the page's own rule)."""
        self.page.close()
        held = [proxy for proxy in fake_browser.PROXIES if not proxy.destroyed]
        assert not held, f"{len(held)} proxies never destroyed"


class PageModel(RuleBasedStateMachine):
    """Any sequence of the player's commands; the page shown is the game after each."""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.clock = FakeClock()
        self.storage = MemoryStorage()
        self.dialogs: set[str] = set()
        self.page = self._open(self.storage, self.clock)
        self.steps = 0

    def _open(self, *args: Any, **kwargs: Any) -> Any:
        async def opened() -> Any:
            page = ModelPage(*args, **kwargs)
            await settle(SETTLE_TURNS)
            return page

        return self.loop.run_until_complete(opened())

    def _do(self, action: Any) -> None:
        async def done() -> None:
            action()
            await settle(SETTLE_TURNS)

        self.loop.run_until_complete(done())
        self.steps += 1

    def teardown(self) -> None:
        self.page.close()
        for task in asyncio.all_tasks(self.loop):
            task.cancel()
        self.loop.run_until_complete(settle(5))
        self.loop.close()
        asyncio.set_event_loop(None)
        STEPS_RUN.append(self.steps)

    @property
    def session(self) -> Any:
        return self.page.session

    def _cell(self, data: st.DataObject) -> tuple[int, int]:
        level = self.session.game.level
        return data.draw(st.integers(0, level.rows - 1)), data.draw(st.integers(0, level.cols - 1))

    def _board_free(self) -> bool:
        return not self.dialogs

    # --- the board: pointer and keys -----------------------------------------------------

    @precondition(_board_free)
    @rule(data=st.data(), kind=st.sampled_from(["reveal", "mark", "chord"]))
    def pointer(self, data: st.DataObject, kind: str) -> None:
        row, col = self._cell(data)
        move = getattr(Move, kind)(row, col)
        via = data.draw(st.sampled_from([Input.MOUSE, Input.TOUCH]))
        screen = self.page.screen
        self._do(lambda: (screen.player_steps_in(), screen.play(move, via)))

    @precondition(lambda self: self._board_free() and self.session.game.layout is not None)
    @rule(data=st.data())
    def unlucky_click(self, data: st.DataObject) -> None:
        """A reveal on a mine: random clicks find one less often than players do."""
        layout = self.session.game.layout
        assert layout is not None
        cell = data.draw(st.sampled_from(sorted(layout.mines)))
        move = Move.reveal(*self.session.game.grid.row_col(cell))
        self._do(lambda: self.page.screen.play(move, Input.MOUSE))

    @precondition(_board_free)
    @rule(
        keys=st.lists(
            st.sampled_from(
                [
                    Command.CURSOR_UP,
                    Command.CURSOR_DOWN,
                    Command.CURSOR_LEFT,
                    Command.CURSOR_RIGHT,
                    Command.ROW_END,
                    Command.BOTTOM_ROW,
                    Command.REVEAL,
                    Command.MARK,
                    Command.CHORD,
                ]
            ),
            min_size=1,
            max_size=6,
        )
    )
    def keyboard(self, keys: list[Command]) -> None:
        for key in keys:
            self._do(lambda key=key: self.page.commands[Context.BOARD][key](None))

    @precondition(_board_free)
    @rule(auto=st.booleans())
    def help(self, auto: bool) -> None:
        """The hint, or the auto-player for a while before the player takes over (or it ran
        out)."""
        if not auto:
            self._do(lambda: self.page.fire(ids.HINT, "click"))
            return
        self._do(lambda: self.page.fire(ids.AUTO, "click"))
        if self.session.auto_playing:
            self._do(lambda: self.page.fire(ids.AUTO, "click"))

    # --- after a game ---------------------------------------------------------------------

    def _press(self, button: str) -> None:
        """A button under a finished game (the session refuses one that does not apply, in
        words, as a press of a hidden button by a key would)."""
        if not self.page.element(button).hidden:
            SEEN.append(button)
        self._do(lambda: self.page.fire(button, "click"))

    @precondition(_board_free)
    @rule()
    def undo(self) -> None:
        self._press(ids.UNDO)

    @precondition(_board_free)
    @rule(button=st.sampled_from([ids.RETRY, ids.RACE_BEST]))
    def after_game(self, button: str) -> None:
        """Retry, or Race your best."""
        self._press(button)

    @precondition(_board_free)
    @rule(kind=st.sampled_from(["face", "daily", "race", *LEVELS]))
    def deal(self, kind: str | Level) -> None:
        """A new game: the face, a level from the menu, the daily board, a friend's race."""
        page = self.page.page
        if kind == "face":
            self._do(lambda: self.page.fire(ids.FACE, "click"))
        elif kind == "daily":
            self._do(lambda: self.page.fire(ids.DAILY, "click"))
        elif kind == "race":
            self._do(lambda: page.tools.on_race(GHOST))
        else:
            self._do(lambda: page.play_level(kind))

    # --- the settings -----------------------------------------------------------------------

    @rule(
        change=st.sampled_from(
            [*FirstClick, ids.QUESTION_MARKS, ids.NO_GUESS, ids.LIVE_SWITCH, ids.SHOW_HINTS]
        )
    )
    def setting(self, change: FirstClick | str) -> None:
        """A first-click rule from its menu, or a switch flipped (before or during a game)."""
        fire = self.page.fire
        if isinstance(change, FirstClick):
            value = SimpleNamespace(value=change.value)
            self._do(lambda: fire(ids.FIRST_CLICK, "change", value))
            return
        checked = SimpleNamespace(checked=not self.page.element(change).checked)
        self._do(lambda: fire(change, "change", checked))

    # --- dialogs and reloads ----------------------------------------------------------------

    @precondition(_board_free)
    @rule(dialog=st.sampled_from(DIALOGS))
    def open_dialog(self, dialog: str) -> None:
        self.dialogs.add(dialog)
        self._do(lambda: self.session.pause(dialog))

    @precondition(lambda self: bool(self.dialogs))
    @rule()
    def close_dialog(self) -> None:
        dialog = self.dialogs.pop()
        self._do(lambda: self.session.carry_on(dialog))

    @precondition(_board_free)
    @rule(later=st.floats(0, 30))
    def reload(self, later: float) -> None:
        """The page is left (kept as it is hidden) and opened again from its address."""
        old = self.page
        before = old.session.game
        old.session.save()
        old.close()
        self.clock.now += later
        query, state = old.window.location.search, old.window.history.state
        self.page = self._open(self.storage, self.clock, query, state)
        if not before.status.is_over and before.status is Status.PLAYING:
            now = self.session.game  # a game in progress goes on
            assert now.tiles == before.tiles, (
                f"{before.to_text()}\n--\n{now.to_text()}\n{self.session.notice}"
            )
        self.steps += 1

    # --- what the page shows, after every step --------------------------------------------

    @invariant()
    def the_board_drawn_is_the_game(self) -> None:
        session = self.session
        game = session.record.replay()  # the oracle: the engine, from the record
        assert game.tiles == session.game.tiles
        drawn = drawn_text(self.page.document)
        assert drawn == game.to_text(), f"drawn:\n{drawn}\ngame:\n{game.to_text()}"
        if not game.status.is_over:
            assert not any(mark in drawn for mark in COVERS), drawn
        board = self.page.element(ids.BOARD).dataset
        assert board.status == game.status.value
        level = game.level
        assert (board.rows, board.cols, board.mines) == tuple(
            str(n) for n in (level.rows, level.cols, level.mines)
        )

    @invariant()
    def the_counter_and_the_face_are_the_games(self) -> None:
        from web.board.panel import mines_left_label

        game = self.session.game
        drawn = drawn_text(self.page.document)
        flags = drawn.count("F") + drawn.count("!")  # a wrong flag was a flag
        counter = self.page.element(ids.MINE_COUNTER).getAttribute("aria-label")
        assert counter == mines_left_label(game.level.mines - flags)
        assert self.page.element(ids.FACE).dataset.face == FACES.get(game.status, "smile")

    @invariant()
    def each_control_shows_the_setting_in_force(self) -> None:
        settings_ = self.session.settings
        page = self.page
        assert page.element(ids.FIRST_CLICK).value == settings_.first_click.value
        assert page.element(ids.QUESTION_MARKS).checked == settings_.question_marks
        assert page.element(ids.NO_GUESS).checked == settings_.no_guess
        assert page.element(ids.LIVE_SWITCH).checked == settings_.live_counters
        assert page.element(ids.SHOW_HINTS).checked == settings_.show_chances
        assert page.element(ids.LIVE_COUNTERS).hidden == (not settings_.live_counters)
        buttons = {ids.UNDO: Status.LOST, ids.RETRY: Status.LOST, ids.RACE_FRIEND: Status.WON}
        for button, status in buttons.items():
            assert page.element(button).hidden == (self.session.game.status is not status)
        # Race your best: after a game of a board the player has a kept win of (the
        # storage's own ledger and records, read afresh).
        keeper, game = Keeper(Blobs(self.storage)), self.session.game
        records = keeper.records()
        kept_win = any(
            e.won and e.board == str(game.level) and e.seed == game.seed and e.id in records
            for e in keeper.ledger().entries
        )
        assert page.element(ids.RACE_BEST).hidden == (not (game.status.is_over and kept_win))

    @invariant()
    def the_address_is_the_games_link(self) -> None:
        session, game = self.session, self.session.game
        launch = from_query(self.page.window.location.search)
        if session.race is not None and not game.status.is_over:
            assert launch.race == session.race
            return
        assert launch.race is None and launch.settings.level == game.level
        assert launch.settings.first_click is game.first_click
        assert launch.settings.no_guess == game.no_guess
        if session.daily is not None:
            assert launch.daily is not None and launch.daily.isoformat() == session.daily
        else:
            assert launch.seed == game.seed

    @invariant()
    def the_clock_runs_only_while_a_game_is_played_and_nothing_covers_it(self) -> None:
        from web.board.panel import seconds_label

        session, timer = self.session, self.session.timer
        record = session.record  # a click taken back (an undone loss) was played too
        moves = sum(isinstance(timed.move, Move) for timed in record.moves)
        moves += len(record.taken_back)
        # A race's and a daily board's first reveal is made for the player at 0 ms: their
        # clock starts at their own first move.
        race = session.race
        made_for_them = session.daily is not None or (race is not None and race.first is not None)
        own_move = moves >= 2 or (moves == 1 and not made_for_them)
        due = session.game.status is Status.PLAYING and own_move
        why = f"{session.game.status} {session.record.to_text()} {self.dialogs}"
        assert timer.running == (due and not self.dialogs), why
        assert timer.paused == (due and bool(self.dialogs))
        paused = self.page.element(ids.TIMER).dataset.paused
        assert paused == ("true" if timer.paused else "false")
        shown = self.page.element(ids.TIMER).getAttribute("aria-label")
        now = min(timer.display(), 999)
        # The fake scheduler moves the clock when the timer's task goes to sleep, so a
        # running timer may be drawn a second behind until it wakes, as a page is for 2 ms.
        drawn = {now, max(now - 1, 0)} if timer.running else {now}
        assert shown in {seconds_label(n) for n in drawn}

    @invariant()
    def nothing_failed_in_the_background(self) -> None:
        assert self.page.logged == []


STEPS_RUN: list[int] = []
SEEN: list[str] = []
"""The buttons pressed while shown, for the run's line."""


def test_every_command_in_any_order_leaves_the_page_showing_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_browser.install(monkeypatch)
    blind(monkeypatch)
    STEPS_RUN.clear()
    SEEN.clear()
    budget = settings(
        max_examples=EXAMPLES,
        stateful_step_count=STEPS,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    in_thread(lambda: run_state_machine_as_test(PageModel, settings=budget))
    pressed = ", ".join(f"{SEEN.count(b)} {b}" for b in (ids.UNDO, ids.RETRY, ids.RACE_BEST))
    runs, steps = len(STEPS_RUN), sum(STEPS_RUN)
    print(f"page model: {runs} runs, {steps} steps; shown buttons pressed: {pressed}")
