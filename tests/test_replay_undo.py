"""A replay of a game whose losing click was taken back: the loss at its
moment, then the game played on to its real end; what the other readers of a record do
with the click taken back (the live counters, the review, the EVF video, the terminal).

The oracle of each position is the session that played the game (its games as they stood
before and after each move, kept while playing), never the replay's own walk."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import ms_toollib as ms
import pytest

from engine import Game, Move, Record, Status, apply
from engine.live import moments
from engine.record import TimedMove
from engine.tiles import EXPLODED
from play.assist import seen_before_loss
from play.game_ui import LiveCounters, Playback
from play.review import from_record, review
from play.session import Session
from play.videos import Replay, frames_of
from play.videos.evf import EvfError, evf_of_record
from tests.helpers import FakeClock, moment_at

SEED = 42


class UndoneWin:
    """A session's game lost, undone and won, with every position the session showed."""

    def __init__(self) -> None:
        self.clock = FakeClock(10.0)
        self.session = Session(seed=SEED, clock=self.clock)
        self.seen: list[Game] = [self.session.game]
        self.counters = LiveCounters()
        """The live counters, read after each move as a front end reads them."""
        grid = self.session.game.grid
        self.play(Move.reveal(grid.rows // 2, grid.cols // 2))
        layout = self.session.game.layout
        assert layout is not None
        self.losing = Move.reveal(*grid.row_col(min(layout.mines)))
        self.before_loss = self.session.game
        self.play(self.losing)
        assert self.session.game.status is Status.LOST
        self.lost = self.session.game
        self.clock.now += 20  # looking at the loss: not on the game's clock
        assert self.session.undo()
        assert self.session.game == self.before_loss
        self.read_counters()
        for cell in range(self.session.game.level.cells):
            if cell not in layout.mines and not self.session.game.status.is_over:
                self.play(Move.reveal(*grid.row_col(cell)))
        assert self.session.game.status is Status.WON

    def play(self, move: Move) -> None:
        self.clock.now += 0.7
        before = self.session.game
        self.session.play(move)
        if self.session.game is not before:
            self.seen.append(self.session.game)
        self.read_counters()

    def read_counters(self) -> None:
        session = self.session
        ms = round(session.timer.seconds() * 1000)
        self.live = self.counters.now(session.record, session.game, ms)

    @property
    def record(self) -> Record:
        return self.session.record


@pytest.fixture(scope="module")
def undone_win() -> UndoneWin:
    return UndoneWin()


def test_a_lost_game_undone_then_won_replays_the_loss_then_the_game_played_on(
    undone_win: UndoneWin,
) -> None:
    frames = list(frames_of(undone_win.record))
    lost = [n for n, frame in enumerate(frames) if frame.taken_back]
    assert len(lost) == 1
    at = lost[0]
    loss, undo = frames[at], frames[at + 1]
    # The click at its moment: the board as the player saw it lost, the mine hit shown.
    assert loss.game == undone_win.lost and loss.game.status is Status.LOST
    assert loss.event == undone_win.losing and loss.spot == (
        undone_win.losing.row,
        undone_win.losing.col,
    )
    assert loss.game.tile(undone_win.losing.row, undone_win.losing.col) == EXPLODED
    assert loss.words is not None and "taken back" in loss.words
    assert Replay(undone_win.record).frames[at].game.status is Status.LOST
    # Then the position before it, at the same time, and the game goes on from there.
    assert undo.undo and undo.game == undone_win.before_loss == frames[at - 1].game
    assert undo.ms == loss.ms and undo.words is not None and "Undo" in undo.words
    shown = [frame.game for n, frame in enumerate(frames) if n not in (at, at + 1)]
    assert shown == [game for game in undone_win.seen if game is not undone_win.lost]
    assert frames[-1].game == undone_win.session.game and frames[-1].game.status is Status.WON
    assert [frame.ms for frame in frames] == sorted(frame.ms for frame in frames)


def test_an_undone_record_round_trips_as_text_and_replays_the_same(undone_win: UndoneWin) -> None:
    text = undone_win.record.to_text()
    assert ";UO" in text
    again = Record.parse(text)
    assert again == undone_win.record and again.to_text() == text
    frames = list(frames_of(again))
    assert frames == list(frames_of(undone_win.record)) and sum(f.taken_back for f in frames) == 1
    kept = Record.parse(undone_win.session.kept_record.to_text())
    assert kept.taken_back == undone_win.record.taken_back


def test_a_review_judges_the_game_as_played_on_with_a_frame_a_move(undone_win: UndoneWin) -> None:
    record = undone_win.record
    loaded = from_record(record, "This game")
    frames = list(frames_of(record, taken_back=False))
    assert len(frames) == len(record.moves) + 1 and not any(f.taken_back for f in frames)
    assert frames[-1].game == undone_win.session.game
    reviewed = review(loaded)
    assert [m.number for m in reviewed.moves] == list(range(1, len(record.moves) + 1))
    assert reviewed.summary.status is Status.WON
    counted = reviewed.summary.counters
    assert counted is not None
    # Its counters count every click the player made, as the result line does.
    game_clicks = undone_win.session.game.clicks
    assert counted.clicks.total == game_clicks.total + 1
    assert counted.clicks.effective == game_clicks.effective


def test_the_counters_count_a_click_taken_back_as_a_wasted_click(undone_win: UndoneWin) -> None:
    record = undone_win.record
    timeline = moments(record)
    back = record.taken_back[0]
    before = moment_at(timeline, back.ms - 1)
    at_loss = moment_at(timeline, back.ms)
    assert before is not None and at_loss is not None
    assert at_loss.clicks.total == before.clicks.total + 1
    assert at_loss.wasted == before.wasted + 1 and at_loss.solved == before.solved
    assert not at_loss.over and "1 taken back" in at_loss.text()
    later = moment_at(timeline, back.ms + 500)
    assert later is not None and later.ms == back.ms + 500  # the clock runs on
    end = timeline[-1]
    ours = undone_win.session.game.clicks  # the engine's tally of the game played on
    assert (end.clicks.left, end.clicks.total) == (ours.left + 1, ours.total + 1)
    assert end.clicks.effective == ours.effective and end.solved == end.bbbv
    result = undone_win.session.result
    assert result is not None and result.counters is not None
    assert result.counters.clicks == end.clicks  # the result line counts it too
    # The live counters, counted on move by move after the undo, agree with the replay's.
    assert undone_win.live == timeline[-1]


def test_a_replay_playing_in_time_stops_at_the_loss_then_goes_on(undone_win: UndoneWin) -> None:
    replay = Replay(undone_win.record)
    playback = Playback()
    playback.load(replay)
    assert playback.play()
    shown: list[int] = []
    for _ in range(100_000):
        playback.tick()
        shown.append(playback.index)
        if not playback.playing:
            break
    lost = next(n for n, frame in enumerate(replay.frames) if frame.taken_back)
    assert shown.count(lost) >= 20  # 1.5 s of 50 ms ticks, the clock held
    assert shown.index(lost + 1) > shown.index(lost)
    assert shown[-1] == len(replay.frames) - 1
    assert shown == sorted(shown)


def test_the_position_analysed_at_the_loss_is_the_one_before_it(undone_win: UndoneWin) -> None:
    frames = list(frames_of(undone_win.record))
    lost = next(n for n, frame in enumerate(frames) if frame.taken_back)
    at_loss = seen_before_loss([frame.game for frame in frames[: lost + 1]])
    assert at_loss == seen_before_loss([undone_win.before_loss])


def test_an_undone_game_is_refused_as_an_evf_video_in_words(undone_win: UndoneWin) -> None:
    with pytest.raises(EvfError, match="taken back"):
        evf_of_record(undone_win.record)
    # The game as played on, without its undo, is a video ms-toollib reads: won.
    video = _parsed(evf_of_record(replace(undone_win.record, taken_back=())))
    assert video.is_completed


def test_a_video_with_the_click_taken_back_in_it_would_read_as_lost(undone_win: UndoneWin) -> None:
    """Why the video is refused: a file with every click, as it went, is a game ms-toollib
    ends at the mine, whatever came after."""
    record = undone_win.record
    everything = tuple(timed for timed, _ in record.every_event())
    data = evf_of_record(replace(record, moves=everything, taken_back=()))
    video = _parsed(data)
    assert not video.is_completed
    assert video.bbbv_solved < video.bbbv


def _parsed(data: bytes) -> Any:
    video = ms.EvfVideo(raw_data=list(data))
    video.parse()
    video.analyse()
    video.current_time = 999_999.0
    return video


def test_the_terminal_replay_says_the_click_was_taken_back(undone_win: UndoneWin) -> None:
    from terminal.replays import frame_text

    replay = Replay(undone_win.record)
    texts = [frame_text(replay, n) for n in range(len(replay.frames))]
    assert sum("taken back" in text.splitlines()[0] for text in texts) == 1
    assert sum("Undo: the game goes on" in text.splitlines()[0] for text in texts) == 1
    assert not any(text.startswith("Start") for text in texts[1:])


def test_a_first_click_lost_and_taken_back_replays_from_an_unplayed_board() -> None:
    """Under the first-click rule none, the first click can lose; taken back, the game goes
    on from the board no one has opened."""
    text = "ms1;4x1/2;seed=3;marks=1;noguess=0;first=none;UO0,0@0;O0,1@400;O0,3@900"
    record = Record.parse(text)
    frames = list(frames_of(record))
    start = record.new_game()
    lost = apply(start, Move.reveal(0, 0)).game
    assert [f.game for f in frames[:3]] == [start, lost, start]
    assert frames[1].taken_back and frames[-1].game == record.replay()
    assert record.replay().status is Status.WON
    timeline = moments(record)
    assert timeline[0].clicks.total == 1 and timeline[0].wasted == 1
    assert timeline[-1].clicks.total == 3 and timeline[-1].clicks.effective == 2
    playback = Playback()
    playback.load(Replay(record))
    assert playback.index == 1  # paused at its start: the loss, made at 0 ms


def test_a_replay_files_game_has_no_click_taken_back() -> None:
    """A game that is no record of ours (a replay file's) is played move by move."""

    class Imported:
        moves = (TimedMove(Move.reveal(4, 4), 0),)

        def new_game(self) -> Game:
            return Record(Record.parse("ms1;9x9/10;seed=1;marks=1;noguess=0").level, 1).new_game()

    frames = list(frames_of(Imported()))  # type: ignore[arg-type]
    assert len(frames) == 2 and not frames[1].taken_back


def test_the_terminals_replay_shows_the_loss_a_while_then_the_game_played_on(
    undone_win: UndoneWin,
) -> None:
    from terminal.keeping import MAX_PAUSE, Keeping

    said: list[str] = []
    pauses: list[float] = []

    class Console:
        def say(self, text: str) -> None:
            said.append(text)

    keeping = Keeping(Console(), undone_win.session, pause=pauses.append)  # type: ignore[arg-type]
    keeping.play_back(undone_win.record)
    heads = [text.splitlines()[0] for text in said]
    at = next(n for n, head in enumerate(heads) if "taken back" in head)
    assert "Undo" in heads[at + 1] and pauses[at] == MAX_PAUSE  # after the loss: a pause
    assert said[-1].startswith("End of the replay: won")


# --- the page's replay dialog, in CPython on a fake document and clock ----------------------


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Any:
    from tests import fake_browser
    from tests.test_replay_pace import viewer

    fake_browser.install(monkeypatch)
    return viewer()


def test_the_pages_replay_says_the_click_taken_back_and_holds_it(
    undone_win: UndoneWin, page: Any
) -> None:
    from tests.fake_dom import settle
    from tests.helpers import run
    from tests.test_replay_pace import text
    from web.page import ids

    dialog, document, scheduler = page
    player = dialog.player
    dialog.show(undone_win.record)
    assert player.replay is not None
    lost = next(n for n, frame in enumerate(player.replay.frames) if frame.taken_back)
    moves = len(undone_win.record.moves)
    player.go_to(lost)
    caption = text(document, ids.REPLAY_MOVE)
    assert caption.startswith("After move ") and "taken back" in caption
    assert document.getElementById(ids.REPLAY_FACE).dataset.face == "dead"
    player.step(1)
    assert "Undo: the game goes on" in text(document, ids.REPLAY_MOVE)
    player.step(1)
    assert text(document, ids.REPLAY_MOVE).startswith(f"Move {lost} of {moves}: ")

    async def playing() -> None:
        player.go_to(0)
        player.toggle()
        await settle(5_000)

    run(playing)
    assert player.playback.ms == player.replay.duration_ms
    assert text(document, ids.REPLAY_MOVE).startswith(f"Move {moves} of {moves}: ")
    in_time = -(-player.replay.duration_ms // 50)  # a tick every 50 ms of the game
    assert len(scheduler.slept) == in_time + 30  # and 1.5 s held on the loss
