"""The replay viewer's playback and the review's slices, in CPython on a fake clock: their
ticks are the injected scheduler's sleeps and their slices are measured on
the injected clock, as the board's drawing is (tests/test_web_screen.py). Before, the
playback slept with ``asyncio.sleep`` and the review read ``time.perf_counter``: they ran
only in Chromium, in real time.
"""

from __future__ import annotations

import itertools
import math
import re
from types import SimpleNamespace
from typing import Any

import pytest

from engine import BEGINNER, Game, Record
from engine.steps import drain
from play.assist.assistant import Assistant, Overlay
from play.game import Settings
from play.game_ui import TICK_S
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.session import Session
from tests import fake_browser
from tests.fake_dom import Document, Element, Scheduler, settle
from tests.helpers import AdvancingClock, FakeClock, run
from web.dialogs.replays.dialog import ReplayDialog
from web.dialogs.replays.review_panel import MOVES
from web.page import ids
from web.page.pace import SLICE_S

_ITEM = re.compile(r"<li[^>]*>.*?</li>")


class Node(Element):
    """An element with what the replay dialog and the review also use: a dialog's
    ``open``, a form field's ``value``, a list that grows by ``insertAdjacentHTML``."""

    def __init__(self, id: str, document: DialogDocument) -> None:
        super().__init__(id)
        self.ownerDocument = document
        self.open = False
        self.value = ""
        self.disabled = False
        self.firstElementChild: Element | None = None

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False

    def focus(self, _options: object = None) -> None:
        self.ownerDocument.activeElement = self

    def insertAdjacentHTML(self, _where: str, html: str) -> None:
        for _item in _ITEM.findall(html):
            item = Element()
            item.firstElementChild = Element()  # type: ignore[attr-defined]
            self.children.append(item)


class DialogDocument(Document):
    def __init__(self) -> None:
        self.activeElement: Element | None = None
        super().__init__()

    def getElementById(self, id: str) -> Element:
        return self.elements.setdefault(id, Node(id, self))


@pytest.fixture(autouse=True)
def js_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_browser.install(monkeypatch)


def played_record() -> Record:
    """A beginner game played to its end by the solver, a move every 1.3 s."""
    clock = FakeClock()
    session = Session(Settings(level=BEGINNER), seed=3, clock=clock)
    assistant = Assistant()
    while not session.game.status.is_over:
        move = drain(assistant.next_move_steps(session.game))
        assert move is not None
        session.play(move)
        clock.now += 1.3
    return session.record


RECORD = played_record()


def viewer(clock: Any = None) -> tuple[ReplayDialog, DialogDocument, Scheduler]:
    document = DialogDocument()
    scheduler = Scheduler(FakeClock())
    session = Session(keeper=Keeper(Blobs(MemoryStorage())))
    dialog = ReplayDialog(document, session, scheduler, clock or AdvancingClock())
    return dialog, document, scheduler


def text(document: DialogDocument, id: str) -> str:
    return str(document.getElementById(id).textContent)


def test_a_replay_plays_on_the_schedulers_ticks_to_its_last_move() -> None:
    async def scenario() -> None:
        dialog, document, scheduler = viewer()
        player = dialog.player
        dialog.show(RECORD)
        assert player.playback.ms == 0
        player.toggle()
        assert text(document, ids.REPLAY_PLAY) == "Pause"
        await settle(2_000)
        assert player.replay is not None and player.playback.ms == player.replay.duration_ms
        moves = len(RECORD.moves)
        assert text(document, ids.REPLAY_MOVE).startswith(f"Move {moves} of {moves}")
        assert text(document, ids.REPLAY_PLAY) == "Play"  # it stopped at the end
        # One tick a TICK_S of the game's time, each a sleep of the scheduler.
        ticks = math.ceil(player.replay.duration_ms / (TICK_S * 1000))
        assert scheduler.slept == [TICK_S] * ticks

    run(scenario)


def test_a_replay_shown_shows_the_position_at_its_start() -> None:
    """The position at 0 ms: after the first move when it was made at once (the game's
    clock starts with it), and the step after it is the second move."""
    dialog, document, _scheduler = viewer()
    dialog.show(RECORD)
    moves = len(RECORD.moves)
    assert RECORD.moves[0].ms == 0
    assert text(document, ids.REPLAY_MOVE).startswith(f"Move 1 of {moves}: ")
    dialog.player.step(1)
    assert text(document, ids.REPLAY_MOVE).startswith(f"Move 2 of {moves}: ")


def test_at_twice_the_speed_a_replay_takes_half_the_ticks() -> None:
    async def scenario() -> None:
        dialog, _document, scheduler = viewer()
        player = dialog.player
        dialog.show(RECORD)
        player.on_speed(SimpleNamespace(target=SimpleNamespace(value="2")))
        player.toggle()
        await settle(2_000)
        assert player.replay is not None and player.playback.ms == player.replay.duration_ms
        assert len(scheduler.slept) == math.ceil(player.replay.duration_ms / (TICK_S * 2000))

    run(scenario)


def test_a_paused_replay_stays_where_it_is() -> None:
    async def scenario() -> None:
        dialog, document, scheduler = viewer()
        player = dialog.player
        dialog.show(RECORD)
        player.toggle()
        await settle(20)
        player.toggle()  # pause
        where, ticks = player.playback.ms, len(scheduler.slept)
        assert player.replay is not None and 0 < where < player.replay.duration_ms
        await settle(200)
        assert (player.playback.ms, len(scheduler.slept)) == (where, ticks)
        assert text(document, ids.REPLAY_PLAY) == "Play"
        assert document.getElementById(ids.REPLAY_PLAY).attributes["aria-pressed"] == "false"
        player.toggle()  # and it goes on from there
        await settle(2_000)
        assert player.playback.ms == player.replay.duration_ms

    run(scenario)


def test_the_review_draws_its_verdicts_a_slice_at_a_time_on_the_clock() -> None:
    """Each slice of verdicts ends once the clock has moved :data:`SLICE_S`: the list grows
    by a few verdicts between two turns of the browser, the first verdict alone."""

    async def scenario() -> None:
        dialog, document, scheduler = viewer(AdvancingClock())  # 10 ms each time it is read
        listed = document.getElementById(MOVES)  # the review's move list
        grown: list[int] = []
        give_way = scheduler.give_way

        async def counting_give_way() -> None:
            grown.append(len(listed.children))
            await give_way()

        scheduler.give_way = counting_give_way  # type: ignore[method-assign]
        dialog.review_record(RECORD, "This game")
        await settle(5_000)
        review = dialog.review
        moves = len(RECORD.moves)
        assert review.done and len(review.moves) == moves == len(listed.children)
        batches = [b - a for a, b in itertools.pairwise(grown) if b > a]
        assert grown[0] == 1  # the first verdict, drawn at once
        per_slice = round(SLICE_S / 0.010) + 1
        assert batches and max(batches) <= per_slice
        assert review.longest_ms <= (SLICE_S + 0.030) * 1000  # on the fake clock
        # Then the replay shows the position before the first move, under review.
        assert text(document, ids.REPLAY_MOVE) == f"The position before move 1 of {moves}"

    run(scenario)


def test_the_reviews_chances_are_the_sessions_solver_helps() -> None:
    """The review's panel made a solver helper of its own; it asks the session's."""

    async def scenario() -> None:
        session = Session(keeper=Keeper(Blobs(MemoryStorage())))
        asked: list[int] = []
        chances = session.review_chances

        def counted(game: Game) -> Overlay | None:
            asked.append(game.level.cells)
            return chances(game)

        session.review_chances = counted  # type: ignore[method-assign]
        document = DialogDocument()
        dialog = ReplayDialog(document, session, Scheduler(FakeClock()), AdvancingClock())
        dialog.review_record(RECORD, "This game")
        await settle(5_000)
        dialog.go_to_move(2)  # after the first reveal: the chances show
        assert asked and set(asked) == {RECORD.level.cells}

    run(scenario)
