"""NF games in the statistics: a game won without placing a flag is told
from its moves (:mod:`engine.style`), kept in the ledger, and its best times and efficiency
are kept apart (the NF list), as the field keeps them beside the list of every win."""

from __future__ import annotations

from statistics import fmean

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Move, Status
from engine import tiles as t
from engine.style import FLAGGING, NF
from play.game.round import Round
from play.game.settings import Settings
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.snapshot import Snapshot
from play.keeping.storage import MemoryStorage
from play.ledger.entries import Entry, Ledger
from play.ledger.safe_json import BadData
from play.ledger.statistics import board_summaries
from play.session import Session
from tests.helpers import FakeClock


def win(session: Session, flag_first: bool) -> None:
    """Win the session's game by opening every safe cell, flagging one mine first if asked."""
    session.play(Move.reveal(4, 4))
    layout = session.game.layout
    assert layout is not None
    if flag_first:
        session.play(Move.mark(*divmod(min(layout.mines), 9)))
    for cell in range(81):
        if cell not in layout.mines and not session.game.status.is_over:
            session.play(Move.reveal(*divmod(cell, 9)))
    assert session.game.status is Status.WON


def test_nf_and_flagging_wins_keep_their_best_times_apart() -> None:
    keeper = Keeper(Blobs(MemoryStorage()))
    clock = FakeClock()
    seeds = iter(range(100, 200))
    session = Session(seed=1, clock=clock, keeper=keeper, seeds=lambda: next(seeds))
    news = []
    for flag_first in (True, False, True, False):
        session.new_game()
        win(session, flag_first)
        result = session.result
        assert result is not None
        assert result.nf == (not flag_first)
        assert (("style", "NF") in result.figures()) == (not flag_first)
        news.append(result.news)
    # Each style's first win is its first best time (all games take 0 s on this clock).
    assert news[0] == "New best on Beginner: 0.00 s"
    assert news[1] == "New NF best on Beginner: 0.00 s"  # not faster, but the first NF win
    assert news[2] is None and news[3] is None
    entries = keeper.ledger().entries
    assert [e.style for e in entries] == ["flagging", "nf", "flagging", "nf"]
    [beginner] = session.statistics.summaries()
    assert beginner.won == 4 and len(beginner.bests) == 4
    assert beginner.nf_won == 2 and [e.style for e in beginner.nf_bests] == ["nf", "nf"]
    nf_entries = [e for e in entries if e.style == "nf"]
    assert beginner.nf_efficiency == pytest.approx(
        fmean(e.solved / e.clicks for e in nf_entries)
    )  # the NF efficiency, counted the long way


def test_an_old_entry_reads_as_flagging_and_a_new_one_round_trips() -> None:
    old = ["g1", "2026-11-22T10:00:00Z", "9x9/10", "normal", True, 9000, 20, 20, 25, 7, None]
    entry = Entry.from_data(old)
    assert entry.style == "flagging" and not entry.nf
    nf = Entry.from_data([*old, "nf"])
    assert nf.nf and Entry.from_data(nf.to_data()) == nf
    assert entry.to_data() == old  # flagging is not written: an older version reads it
    with pytest.raises(BadData):
        Entry.from_data([*old, "no flags"])
    ledger = Ledger.readable({"games": [old, [*old[:1], "x"], [*old, "nf"]]})
    assert ledger.lost == 1


def test_a_game_lost_without_flags_is_no_nf_game() -> None:
    def game(n: int, won: bool, style: str) -> Entry:
        return Entry(f"g{n}", f"2026-11-22T10:0{n}:00Z", "9x9/10", "normal", won, 900, 9, 9, 9, n,
                     style=style)  # fmt: skip

    [s] = board_summaries(Ledger((game(1, False, "nf"), game(2, True, "flagging"))))
    assert (s.played, s.won, s.nf_won, s.nf_bests, s.nf_efficiency) == (2, 1, 0, (), None)


def test_a_resumed_game_keeps_its_style() -> None:
    session = Session(seed=5, clock=FakeClock())
    session.play(Move.reveal(4, 4))
    layout = session.game.layout
    assert layout is not None
    session.play(Move.mark(*divmod(min(layout.mines), 9)))
    session.play(Move.mark(*divmod(min(layout.mines), 9)))  # and taken off: flagged still
    carried = Snapshot(session.record, 1000).resumed(50.0, assisted=False, finished_too=False)
    assert carried is not None and carried.style == "flagging"
    unflagged = session.record.__class__.parse(session.record.to_text().split(";F")[0])
    fresh = Snapshot(unflagged, 10).resumed(50.0, assisted=False, finished_too=False)
    assert fresh is not None and fresh.style == "nf"


@given(st.lists(st.tuples(st.sampled_from("OFC"), st.integers(0, 8), st.integers(0, 8))))
@settings(max_examples=150, deadline=None)
def test_the_style_told_at_the_end_is_the_one_the_moves_made(
    moves: list[tuple[str, int, int]],
) -> None:
    """A round tells its style from its record when read (its end), not move by move: the
    same as a player watching each move (a mark on a covered cell of a game in play places a
    flag), the engine's games stepped here, marks taken off and wasted marks included."""
    round_ = Round.deal(Settings(question_marks=True), seed=3)
    game, placed = round_.game, False
    for n, (kind, row, col) in enumerate(moves):
        move = Move.parse(f"{kind}{row},{col}")
        placed |= kind == "F" and not game.status.is_over and game.tiles[row * 9 + col] == t.COVERED
        round_.apply(move, now=n / 10)
        game = round_.game
    assert round_.style == (FLAGGING if placed else NF)
