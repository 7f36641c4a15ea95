"""The player's own ghosts: a kept win of theirs, raced again on its board.

A :class:`~play.game.race.Ghost` usually comes in a link (:mod:`play.game.race`); these are
found among what the keeper keeps instead: the ledger's wins and the records of the games
kept (:meth:`play.keeping.keeper.Keeper.ledger`, :meth:`~play.keeping.keeper.Keeper.records`).
The session races the player's fastest win on the board being played
(:meth:`play.session.Session.own_best`); the replays list races any kept win
(:meth:`play.keeping.views.Replays.ghost`).

>>> from engine import Move
>>> from play.ledger.entries import Entry
>>> small = Level(4, 4, 1)
>>> won = Record(small, 0).add(Move.reveal(0, 0), 0)
>>> ledger = Ledger((Entry("g1", "2026-11-22T10:00:00Z", "4x4/1", "known", True, 0, 1, 1, 1, 0),))
>>> ghost = own_best(ledger, {"g1": won.to_text()}, small, 0)
>>> ghost.verdict(True, 1500), own_best(ledger, {}, small, 0)
('Your best beat you by 1.50 s', None)
>>> kept_ghost(ledger, {"g1": won.to_text()}, "g1").who, kept_ghost(ledger, {}, "g1")
('your best', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine import Level, Record
from play.game.race import Ghost
from play.ledger.entries import Ledger

YOUR_BEST = "your best"
"""The ghost's name when the player races their own best."""
EARLIER = "your earlier game"
"""The ghost's name when the player races a kept win of theirs that is not their best."""


def own_best(ledger: Ledger, records: Mapping[str, str], level: Level, seed: int) -> Ghost | None:
    """The ghost of the player's fastest win on this board (``level`` and ``seed``) whose
    record is kept (``records``: game ids to record texts, as the keeper keeps them), to race
    on any board played before; None when there is none. Every kind of game counts (a
    daily board, a seed from a link, a retried board): it races the player's own time."""
    fastest = _fastest(ledger, records, level, seed)
    return None if fastest is None else fastest[1]


def _fastest(
    ledger: Ledger, records: Mapping[str, str], level: Level, seed: int
) -> tuple[str, Ghost] | None:
    """The game id and ghost of :func:`own_best`'s game."""
    board = str(level)
    wins = sorted(
        (e for e in ledger.entries if e.won and e.board == board and e.seed == seed),
        key=lambda e: (e.ms, e.at),
    )
    for entry in wins:
        text = records.get(entry.id)
        if text is None:
            continue
        try:
            assisted = entry.kind == "assisted"
            return entry.id, Ghost.of_record(Record.parse(text), YOUR_BEST, assisted=assisted)
        except ValueError:
            continue  # a record that does not replay to a win: the next fastest
    return None


def kept_ghost(ledger: Ledger, records: Mapping[str, str], game_id: str) -> Ghost | None:
    """The ghost of the player's kept game ``game_id`` (the replays list's Race): that very
    game, named :data:`YOUR_BEST` when it is the one :func:`own_best` races on its board, else
    :data:`EARLIER`; None when it is no kept win. Every kept game is dealt from its seed, so
    its board is dealt again with that game's first reveal made (:attr:`Ghost.first`)."""
    text = records.get(game_id)
    try:
        record = Record.parse(text or "")
        kinds = [e.kind for e in ledger.entries if e.id == game_id]
        ghost = Ghost.of_record(record, EARLIER, assisted="assisted" in kinds)
    except ValueError:
        return None  # no record, or not a win
    fastest = _fastest(ledger, records, record.level, record.seed)
    return replace(ghost, name=YOUR_BEST) if fastest and fastest[0] == game_id else ghost
