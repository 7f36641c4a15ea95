"""Retry and undo after a loss: the record keeps them (old records read as
neither), a retry deals the lost board again wherever its first click goes, an undo takes
back the losing click and the game goes on, and neither is ever a best time."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import BEGINNER, InvalidRecordError, Level, Move, Record, Status, apply
from engine.record import TakenBack
from play.game.round import Round
from play.game.settings import Settings
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.parts import is_record
from play.keeping.storage import MemoryStorage
from play.session import Session
from tests.helpers import FakeClock, lose_session_game


def test_an_old_record_reads_as_neither_retried_nor_undone() -> None:
    record = Record.parse("ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500")
    assert not record.retried and not record.undone
    assert record.retry_of is None and record.taken_back == ()


def lost_record(seed: int = 42) -> Record:
    record = Record(BEGINNER, seed).add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 100)
    layout = record.replay().layout
    assert layout is not None
    mine = min(layout.mines)
    record = record.add(Move.reveal(*divmod(mine, 9)), 900)
    assert record.replay().status is Status.LOST
    return record


def test_an_undo_is_kept_in_the_record_and_the_game_goes_on() -> None:
    record = lost_record().take_back()
    assert record.undone and record.replay().status is Status.PLAYING
    record = record.add(Move.reveal(4, 5), 1200)
    text = record.to_text()
    assert ";U" in text and text.index(";U") < text.index("O4,5@1200")
    assert Record.parse(text) == record and is_record(text)
    with pytest.raises(InvalidRecordError, match="backwards"):
        record.take_back().add(Move.reveal(0, 1), 1000)  # before the taken-back click


def test_a_retry_deals_the_same_mines_wherever_its_first_click_goes() -> None:
    lost = lost_record()
    retry = replace(Record(BEGINNER, 42), retry_of=lost.first_reveal())
    text = retry.to_text()
    assert "retry=4,4" in text and Record.parse(text) == retry and is_record(text)
    assert retry.new_game().layout == lost.replay().layout
    for first in [(0, 0), (8, 8), (4, 4)]:  # a mine or not, it is the same board
        game = apply(retry.new_game(), Move.reveal(*first)).game
        assert game.layout == lost.replay().layout
    with pytest.raises(InvalidRecordError, match="retry"):
        Record.parse(text.replace("retry=4,4", "retry=4,9"))


@st.composite
def records(draw: st.DrawFn) -> Record:
    """Records of random moves, some losing clicks taken back, some retries."""
    seed = draw(st.integers(0, 2**64 - 1))
    record = Record(Level(6, 7, 8), seed, draw(st.booleans()))
    if draw(st.booleans()):
        record = replace(record, retry_of=(draw(st.integers(0, 5)), draw(st.integers(0, 6))))
    ms = 0
    for _ in range(draw(st.integers(0, 25))):
        ms += draw(st.integers(0, 3000))
        move = Move(
            draw(st.sampled_from(list(Move.reveal(0, 0).kind.__class__))),
            draw(st.integers(0, 5)),
            draw(st.integers(0, 6)),
        )
        game = record.replay()
        if apply(game, move).game is game:
            continue
        record = record.add(move, ms)
        if record.replay().status is Status.LOST and draw(st.booleans()):
            record = record.take_back()
    return record


@given(records())
@settings(max_examples=150, deadline=None)
def test_records_with_retries_and_undos_round_trip(record: Record) -> None:
    text = record.to_text()
    assert is_record(text)
    again = Record.parse(text)
    assert again == record
    assert again.replay() == record.replay()
    for back in record.taken_back:
        assert isinstance(back, TakenBack) and 0 <= back.at <= len(record.moves)


# --- the round and the session ---------------------------------------------------------------


def test_a_round_undone_goes_on_from_the_time_of_the_loss() -> None:
    clock = FakeClock(10.0)
    session = Session(seed=42, clock=clock)
    lose_session_game(session)
    lost_seconds = session.timer.seconds()
    clock.now += 30  # time spent looking at the loss is not counted
    assert session.undo()
    assert session.game.status is Status.PLAYING and session.result is None
    assert session.timer.seconds() == pytest.approx(lost_seconds)
    assert session.record.undone and session._round.kind == "undone"
    assert not session.undo()  # nothing lost now
    assert session.notice is not None and "Undo" in session.notice.text


def test_retry_needs_a_lost_game() -> None:
    session = Session(seed=42, clock=FakeClock())
    assert not session.retry()
    assert session.notice is not None and "lose one first" in session.notice.text


def win(session: Session) -> None:
    layout = session.game.layout
    assert layout is not None
    for cell in range(session.game.level.cells):
        if cell not in layout.mines and not session.game.status.is_over:
            session.play(Move.reveal(*divmod(cell, session.game.level.cols)))
    assert session.game.status is Status.WON


@pytest.mark.parametrize("how", ["retry", "undo"])
def test_a_game_retried_or_undone_is_counted_apart_and_never_a_best_time(how: str) -> None:
    keeper = Keeper(Blobs(MemoryStorage()))
    session = Session(seed=42, clock=FakeClock(), keeper=keeper)
    lose_session_game(session)
    assert getattr(session, how)()
    if how == "retry":
        session.play(Move.reveal(4, 4))
        assert session.game.layout is not None
    win(session)
    result = session.result
    assert result is not None and result.won
    assert result.news is None  # no "New best"
    said = {"retry": "on a retry of the board", "undo": "with a losing click undone"}
    assert result.again == said[how]
    entry = keeper.ledger().entries[-1]
    assert entry.kind == {"retry": "retried", "undo": "undone"}[how] and entry.won
    summaries = session.statistics.summaries()
    apart = [s for s in summaries if s.kind == entry.kind]
    assert apart and apart[0].bests == () and "(" in apart[0].title
    kept = keeper.records()[entry.id]
    assert Record.parse(kept).retried == (how == "retry")
    assert Record.parse(kept).undone == (how == "undo")


def test_a_retry_keeps_the_lost_board_and_settings_marks() -> None:
    session = Session(Settings(question_marks=False), seed=7, clock=FakeClock())
    lose_session_game(session)
    board = session.game.layout
    assert session.retry()
    assert session.game.layout == board and session.game.status is Status.READY
    assert session.record.retry_of is not None and not session.game.question_marks
    again = Round.retried(session._round, session.settings)
    assert again is None  # not lost yet


def test_an_undone_loss_stays_counted_and_the_game_played_on_counts_apart() -> None:
    """Undo takes back the losing click, not the loss: the lost game stays in the statistics
    as lost (else an undo would wipe losses away), and the game played on to its end is a
    game of its own kind, ``undone``."""
    keeper = Keeper(Blobs(MemoryStorage()))
    session = Session(seed=42, clock=FakeClock(), keeper=keeper)
    lose_session_game(session)
    assert [(e.kind, e.won) for e in keeper.ledger().entries] == [("normal", False)]
    assert session.undo()
    win(session)
    assert [(e.kind, e.won) for e in keeper.ledger().entries] == [
        ("normal", False),
        ("undone", True),
    ]


def test_an_undone_games_figures_agree_with_its_counters_and_live_line() -> None:
    """The result said "clicks 11, efficiency 100%" and its counters "correctness 92%", while
    the live line counted the click taken back: one rule for every figure (a click made,
    never effective)."""
    from engine.live import moments

    session = Session(seed=42, clock=FakeClock())
    lose_session_game(session)
    assert session.undo()
    win(session)
    result = session.result
    assert result is not None and result.counters is not None
    figures, details = dict(result.figures()), dict(result.details())
    live = moments(session.record)[-1]
    made = live.clicks
    assert made.total == result.counters.clicks.total == int(figures["clicks"])
    assert made.total > session.game.clicks.total  # the taken-back click is one of them
    assert figures["efficiency"] == f"{result.stats.bbbv / made.total:.0%}"
    assert details["correctness"] == f"{made.effective / made.total:.0%}"


def test_a_game_retried_and_then_undone_says_both() -> None:
    session = Session(seed=42, clock=FakeClock())
    lose_session_game(session)
    assert session.retry()
    lose_session_game(session)
    assert session.undo()
    win(session)
    result = session.result
    assert result is not None
    assert result.again == "on a retry of the board with a losing click undone"


def test_save_evf_is_offered_for_every_kept_game_but_an_undone_one() -> None:
    from play.keeping.views import kept_games

    keeper = Keeper(Blobs(MemoryStorage()))
    session = Session(seed=42, clock=FakeClock(), keeper=keeper)
    lose_session_game(session)  # kept: a loss
    session.new_game(42)
    lose_session_game(session)
    assert session.undo()
    win(session)  # kept: a win with a click taken back
    games = {Record.parse(g.text).undone: g for g in kept_games(keeper)}
    assert games[False].saves_as_evf and not games[True].saves_as_evf


@given(st.integers(0, 200), st.sampled_from(["opening", "safe", "none"]), st.booleans())
@settings(max_examples=60, deadline=None)
def test_an_undo_goes_back_to_the_game_the_record_replays(
    seed: int, rule: str, retried: bool
) -> None:
    """An undo goes back to the game kept from before the losing move, not a replay of the
    record (0.2 s on a 1000x1000 board): it must be the very game the record replays."""
    from engine import FirstClick

    session = Session(Settings(first_click=FirstClick(rule)), seed=seed, clock=FakeClock())
    lose_session_game(session)
    if retried:
        assert session.retry()
        lose_session_game(session)
    assert session.undo()
    assert session.game == session.record.replay()
    session.play(Move.reveal(0, 0))
    assert session.game == session.record.replay()
