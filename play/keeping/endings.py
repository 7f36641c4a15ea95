"""A finished round kept as what it counts in: a daily board played again is practice, and
says so from its start.

The session asks this at a game's start and end; it reads the keeper's ledger, so it sits with the
keeping, above the game in play (:mod:`play.game.daily` says what a daily board is).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from play.game.daily import PRACTICE_NEWS, counted_attempt, practice_notice
from play.ledger.entries import PRACTICE, Entry
from play.ledger.statistics import daily_summary

if TYPE_CHECKING:
    from play.game.result import Result
    from play.game.round import Round
    from play.keeping.keeper import Keeper


def counted_before(round_: Round, keeper: Keeper | None) -> Entry | None:
    """The finished attempt that counts at the daily board ``round_`` plays, if there is
    one (then this game is practice); None on any other game, or with nothing kept."""
    if round_.daily is None or keeper is None:
        return None
    return counted_attempt(keeper.ledger(), round_.daily, round_.game.level)


def kept_result(round_: Round, keeper: Keeper, result: Result) -> Result:
    """``result``, the end of ``round_``, kept by ``keeper`` (with the pointer's path, if
    the page kept one) as what it counts in: a daily board played again is practice."""
    kind, daily, linked = round_.kind, round_.daily, round_.linked
    record, game_id, race = round_.kept_record(), round_.kept_id, round_.race is not None
    if counted_before(round_, keeper) is not None:
        kind = PRACTICE
    counted = keeper.finish(result, record, kind, daily, linked, game_id=game_id, race=race)
    if kind == PRACTICE:
        result = replace(result, news=PRACTICE_NEWS, practice=True)
    else:
        result = replace(result, news=counted.news)
    if daily is not None:
        days = daily_summary(keeper.ledger())
        result = replace(result, streak=(days.streak, days.best_streak))
    return replace(result, kept_as=counted.game_id)


def left(round_: Round, keeper: Keeper | None, now: float) -> None:
    """File ``round_`` as abandoned if it is a game the player started (it has an id from
    their first move) that is not over: counted as played and not won, in the statistics
    it would have ended in (a daily board played again: practice)."""
    if keeper is None or round_.kept_id is None or round_.game.status.is_over:
        return
    result = round_.ending(now, figures_only=True)
    if result is None:
        return
    kind = PRACTICE if counted_before(round_, keeper) is not None else round_.kind
    record, daily, linked = round_.kept_record(), round_.daily, round_.linked
    keeper.finish(result, record, kind, daily, linked, game_id=round_.kept_id, left=True)


def started(round_: Round, keeper: Keeper | None) -> None:
    """``round_`` had a move counted: from its first, it is a game the ledger will know by
    an id (:attr:`Round.kept_id`), counted when it ends or is left."""
    if round_.kept_id is None and keeper is not None:
        round_.kept_id = keeper.new_game_id()


def replaced(old: Round, new: Round, keeper: Keeper | None, now: float) -> None:
    """``new`` takes the table from ``old``: ``old`` is left (abandoned, if started and not
    over), and ``new``, if it is a game left earlier and carried on, is no longer abandoned."""
    if new.kept_id == old.kept_id:
        return
    left(old, keeper, now)
    if new.kept_id is not None and keeper is not None:
        keeper.taken_up(new.kept_id)


def start_notice(round_: Round, keeper: Keeper | None) -> str | None:
    """What ``round_`` says from its start, if anything: a daily board played again says
    it is practice from its start, not only at its end."""
    counted = counted_before(round_, keeper)
    return None if counted is None or round_.game.status.is_over else practice_notice(counted)


def ended(round_: Round, keeper: Keeper | None, now: float) -> Result | None:
    """How ``round_``, just over at ``now``, went: kept by ``keeper`` (if any) as what it
    counts in (:func:`kept_result`)."""
    result = round_.ending(now)
    if result is None or keeper is None:
        return result
    result = kept_result(round_, keeper, result)
    round_.kept_id = None  # counted: a game played on after Undo is another, from its next move
    return result
