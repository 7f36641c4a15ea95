"""The hinted cell is the session's state, not a part of the notice.

The hint's ring stays on its cell until the position changes (a move, a new game),
whatever is said meanwhile: before, the cell travelled inside the notice, so any later
notice ("Finding a board…", a refused setting) took the ring off the board. And the hint is
worked out in slices, as the chances and the auto-player's moves are.
"""

from __future__ import annotations

import random

from engine import BEGINNER, Level, Move
from engine import tiles as t
from engine.steps import drain, step
from play.assist.assistant import Assistant
from play.game import Settings
from play.session import Session
from tests.fake_dom import settle
from tests.helpers import AdvancingClock, FakeClock, run
from tests.test_web_screen import Page
from web.controls.buttons import Controls
from web.page import ids


def ringed(page: Page) -> list[int]:
    """The cells drawn with the hint's ring."""
    cols = page.session.game.level.cols
    board = page.document.getElementById(ids.BOARD)
    return [
        r * cols + c
        for r, row in enumerate(board.children)
        for c, cell in enumerate(row.children)
        if cell.classList.contains(ids.HINT_BEST_CLASS)
    ]


def opened_session() -> Session:
    session = Session(Settings(level=BEGINNER), seed=42, clock=FakeClock())
    session.play(Move.reveal(4, 4))
    return session


def test_a_notice_said_after_a_hint_leaves_its_ring_on_the_board() -> None:
    async def scenario() -> None:
        page = Page(opened_session())
        found = drain(page.session.hint_steps())
        assert found is not None and ringed(page) == [found.cell]
        page.session.say("Something unrelated to the hint.")  # the position is the same
        assert page.text(ids.MESSAGE) == "Something unrelated to the hint."
        assert ringed(page) == [found.cell]
        page.session.change(theme="no such theme")  # a refused setting says so: same position
        assert ringed(page) == [found.cell]
        await settle()

    run(scenario)


def test_the_hint_stays_until_the_position_changes() -> None:
    session = opened_session()
    found = drain(session.hint_steps())
    assert found is not None and session.hinted is found
    session.say("Anything.")
    assert session.hinted is found
    session.play(Move.reveal(4, 4))  # an open cell: nothing changes, the hint stands
    assert session.hinted is found
    session.play(Move.reveal(*session.game.grid.row_col(found.cell)))
    assert session.hinted is None  # a move: the position it was for is gone


def test_a_new_game_takes_the_hint_away_even_on_the_same_covered_tiles() -> None:
    session = Session(Settings(level=BEGINNER), seed=42, clock=FakeClock())
    assert drain(session.hint_steps()) is not None and session.hinted is not None
    session.new_game()  # all covered again, as before: still another position
    assert session.hinted is None


def test_the_hint_is_worked_out_in_slices_then_shown_at_once() -> None:
    session = opened_session()
    expected = drain(Assistant().hint_steps(session.game))
    slices = 0
    steps = session.hint_steps()
    while (done := step(steps)) is None:
        slices += 1
        assert session.hinted is None  # nothing shown until the work is done
    assert slices > 0 and done.value == expected
    assert session.hinted == expected and session.notice is not None
    assert session.notice.text == expected.reason  # type: ignore[union-attr]


def test_a_hint_worked_out_for_a_position_gone_meanwhile_is_dropped() -> None:
    session = opened_session()
    steps = session.hint_steps()
    assert step(steps) is None  # thinking...
    session.new_game()  # ...and the player starts over meanwhile
    assert drain(steps) is None and session.hinted is None


# --- the page's hint button: the hint in slices, as the chances and the auto-player ---------


def hint_button(page: Page) -> Controls:
    session, scheduler = page.session, page.scheduler
    return Controls(
        page.document, session, session.new_game, scheduler, AdvancingClock(), page.logged.append
    )


def test_the_first_hint_is_worked_out_in_slices_between_the_browsers_turns() -> None:
    async def scenario() -> None:
        page = Page(opened_session())
        expected = drain(Assistant().hint_steps(page.session.game))
        assert expected is not None
        hint_button(page).on_hint(None)
        assert ringed(page) == []  # not all in the click's task: the rest in slices
        await settle()
        assert ringed(page) == [expected.cell] and page.logged == []
        assert page.text(ids.MESSAGE) == expected.reason

    run(scenario)


def test_a_hint_worked_out_ahead_is_ringed_in_the_clicks_own_task() -> None:
    async def scenario() -> None:
        page = Page(opened_session())
        button = hint_button(page)
        button.on_hint(None)
        await settle()
        game = page.session.game
        assert game.layout is not None
        safe = next(
            cell
            for cell, tile in enumerate(game.tiles)
            if tile == t.COVERED and cell not in game.layout.mines
        )
        page.session.play(Move.reveal(*game.grid.row_col(safe)))
        await settle()  # hints are in use: the next one is worked out meanwhile
        expected = drain(Assistant().hint_steps(page.session.game))
        assert expected is not None
        button.on_hint(None)
        assert ringed(page) == [expected.cell]  # at once

    run(scenario)


def test_a_call_that_reports_nothing_leaves_the_ring_where_it_was() -> None:
    """Session.picture leaves the hinted cell out: a front end redraws the ring only on an
    update, so every change of the ring must come with a reported change (the hint's
    words, which name its cell, or the position). 2,000 calls of a fixed mix hold it."""
    chooser = random.Random(3)
    calls = ["hint", "hint", "reveal", "mark", "say", "warn", "marks", "chances", "auto"]
    for seed in range(50):
        session = Session(Settings(level=Level(6, 6, 5)), seed=seed, clock=FakeClock())
        drawn: list[object] = []
        session.subscribe(drawn.append)
        for _ in range(40):
            before, reports = session.hinted, len(drawn)
            call, row, col = chooser.choice(calls), chooser.randrange(6), chooser.randrange(6)
            if call == "hint":
                drain(session.hint_steps())
            elif call in ("reveal", "mark"):
                session.play(Move.reveal(row, col) if call == "reveal" else Move.mark(row, col))
            elif call in ("say", "warn"):
                session.say("Words of a front end.", warning=call == "warn")
            elif call == "marks":
                session.change(question_marks=not session.settings.question_marks)
            elif call == "chances":
                session.change(show_chances=not session.settings.show_chances)
            else:
                session.start_auto()
            if len(drawn) == reports:
                assert session.hinted == before, (seed, call)
