"""Races are honest: a ghost whose game was assisted or undone says so, in its link
and on the race bar; a race opens with one line saying who the ghost is, the time to beat and
that the clock starts at the player's own first move; Race your best is offered only where a
kept win of the board exists."""

from __future__ import annotations

import pytest

from engine import Move, Status
from engine.steps import drain
from play.game.race import Ghost
from play.game_ui import RaceTrack
from play.session import Session
from tests import fake_browser
from tests.helpers import FakeClock, lose_session_game, run
from tests.real_page import OpenPage
from tests.test_retry_undo import win
from web.page import ids


def won_link(how: str) -> Ghost:
    session = Session(seed=42, clock=FakeClock())
    if how == "undone":
        lose_session_game(session)
        assert session.undo()
    else:
        session.play(Move.reveal(4, 4))
        if how == "assisted":
            assert drain(session.hint_steps()) is not None
    win(session)
    text = session.race_link()
    assert text is not None
    return Ghost.from_link(text)


def test_an_assisted_or_undone_ghost_says_so_in_its_link_and_on_the_bar() -> None:
    plain, assisted, undone = won_link("plain"), won_link("assisted"), won_link("undone")
    assert (plain.assisted, plain.undone, plain.how) == (False, False, "")
    assert assisted.assisted and not assisted.undone
    assert undone.undone and not undone.assisted
    game = Session(seed=42, clock=FakeClock()).game
    assert "(" not in RaceTrack(plain).frame(game, 0).ghost_text
    assert "(assisted by the solver)" in RaceTrack(assisted).frame(game, 0).ghost_text
    assert "(with a losing click undone)" in RaceTrack(undone).frame(game, 0).ghost_text


def test_a_race_opens_with_who_the_time_to_beat_and_when_the_clock_starts() -> None:
    ghost = won_link("undone")
    session = Session(seed=1, clock=FakeClock())
    assert session.start_race(ghost)
    said = session.notice.text if session.notice else ""
    assert said.startswith(f"Racing the ghost: {ghost.finish_ms / 1000:.2f} s to beat")
    assert "losing click undone" in said and "your own first move" in said
    session.play(Move.reveal(0, 0))  # the player's own first move: the line has done its job
    assert session.notice is None or "Racing" not in session.notice.text


def test_race_your_best_is_offered_only_where_a_kept_win_of_the_board_exists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_browser.install(monkeypatch)

    async def played() -> None:
        page = OpenPage()
        session = page.session
        session.new_game(42)
        best = page.element(ids.RACE_BEST)
        lose_session_game(session)
        assert best.hidden  # no win of this board kept: nothing to race
        session.new_game(42)
        session.play(Move.reveal(4, 4))
        win(session)
        assert session.game.status is Status.WON and not best.hidden
        session.new_game(42)
        lose_session_game(session)
        assert not best.hidden  # the board of a kept win: race it
        session.new_game(7)
        lose_session_game(session)
        assert best.hidden
        page.close()

    run(played)
