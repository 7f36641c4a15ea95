"""No click is lost while a no-guess board is searched for: the real page in CPython, a
click made while "Finding a board that needs no guessing…" is shown is played once the
board is ready, after the click that began the search, and the board drawn shows it."""

from __future__ import annotations

import pytest

from engine import Move, Status
from play.game import Input
from play.game.notice import FINDING


@pytest.mark.parametrize("query", ["?level=expert&noguess", "?level=expert&noguess&auto"])
def test_a_click_during_the_search_is_played_once_the_board_is_ready(
    monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    from tests import fake_browser
    from tests.drawn import drawn_text
    from tests.fake_dom import settle
    from tests.helpers import run
    from tests.real_page import OpenPage

    fake_browser.install(monkeypatch)

    async def opened() -> None:
        page = OpenPage(query=query)
        await settle(3)
        screen, session = page.page.screen, page.session
        first, second = Move.reveal(8, 15), Move.reveal(0, 0)
        screen.player_steps_in()
        screen.play(first, Input.MOUSE)
        searching = session.notice is not None and session.notice.text == FINDING
        screen.play(second, Input.MOUSE)  # while the search runs, or at once after it
        for _ in range(40):
            await settle(50)
            page.clock.now += 0.1
        played = [timed.move for timed in session.record.moves if timed.move in (first, second)]
        layout = session.game.layout
        assert layout is not None and session.game.status is not Status.READY
        assert searching or session.record.moves  # the search was shown, or already done
        assert first in played  # the click that began it
        drawn = drawn_text(page.document).splitlines()
        opened_or_over = session.game.status.is_over or drawn[0][0] != "#"
        assert second in played and opened_or_over  # the click made meanwhile, drawn
        page.close()

    run(opened)
