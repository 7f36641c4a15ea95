"""The game in progress as stored, and the round it carries on as.

A :class:`Snapshot` is what the keeper stores of the game being played (the part ``game``,
and each of the recent games Back and Forward return to): its record, the time played and
how it was played. Read back (:meth:`Snapshot.from_data`, strictly: a record that replays, a
time a record holds, a real date), it is carried on as a new :class:`~play.game.round.Round`
(:meth:`Snapshot.carried_on`), its clock from the time played.

>>> from engine import Move
>>> from play.game.settings import Settings
>>> played = Round.deal(Settings(), seed=42)
>>> _ = played.apply(Move.reveal(4, 4), now=10.0)
>>> kept = Snapshot.from_data(Snapshot.of(played, now=12.5).to_data())
>>> kept.elapsed_ms, kept.carried_on(Settings(), now=100.0).seconds(now=101.0)
(2500, 3.5)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine import Move, Record, Status
from engine.record import MAX_MS
from play.game.race import BadRaceLink, Ghost
from play.game.round import Round
from play.ledger.entries import LONGEST_ID
from play.ledger.safe_json import MAX_CHARS, BadData, day, flag, text, whole

if TYPE_CHECKING:
    from play.game.settings import Settings


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game in progress, as stored: its record, the time played and how it was played."""

    record: Record
    elapsed_ms: int
    assisted: bool = False
    daily: str | None = None
    linked: bool = False
    """The board came from a shared link (:attr:`play.start.address.Launch.linked`)."""
    race: Ghost | None = None
    """The ghost raced on this board (:attr:`Round.race`): a reload carries the race on."""
    kept_id: str | None = None
    """The id the keeper knows the game by (:attr:`Round.kept_id`): a game left and carried
    on later is the same game in the ledger, never counted twice."""

    @classmethod
    def of(cls, played: Round, now: float) -> Snapshot:
        """The game of ``played`` as it stands at ``now``, for storage."""
        elapsed = min(round(played.watch.elapsed(now) * 1000), MAX_MS)
        return cls(
            played.record,
            elapsed,
            played.assisted,
            played.daily,
            played.linked,
            played.race,
            played.kept_id,
        )

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "record": self.record.to_text(),
            "elapsed_ms": self.elapsed_ms,
            "assisted": self.assisted,
            "daily": self.daily,
        }
        if self.race is not None:
            data["race"] = self.race.link_text()
        if self.kept_id is not None:
            data["id"] = self.kept_id
        return {**data, "linked": True} if self.linked else data

    @classmethod
    def from_data(cls, data: Any) -> Snapshot:
        """The snapshot :meth:`to_data` wrote: a record that replays, a time a record can
        hold (so each later move can be timed), a real date; ValueError otherwise."""
        if not isinstance(data, dict):
            raise BadData("a saved game must be an object")
        daily, kept_id = data.get("daily"), data.get("id")
        return cls(
            Record.parse(text(data.get("record"), "the record", MAX_CHARS)),
            whole(data.get("elapsed_ms"), "the time played", 0, MAX_MS),
            flag(data.get("assisted"), "assisted"),
            None if daily is None else day(daily, "the daily board's date"),
            flag(data.get("linked", False), "linked"),
            _ghost(data.get("race")),
            None if kept_id is None else text(kept_id, "the game's id", LONGEST_ID),
        )

    def resumed(self, now: float, *, assisted: bool, finished_too: bool) -> Round | None:
        """The stored game carried on, its clock from the time played; None when it does
        not replay, or is finished and ``finished_too`` is not set."""
        if not 0 <= self.elapsed_ms <= MAX_MS:  # no game's clock; storage checks it too
            return None
        try:
            game = self.record.replay()
        except ValueError:
            return None
        if game.status.is_over and not finished_too:
            return None
        carried = Round(game, self.record, assisted=assisted, daily=self.daily, linked=self.linked)
        carried.race, carried.kept_id = self.race, self.kept_id
        made = self.daily or (self.race is not None and self.race.first is not None)
        # Moves, not events: ? marks switched before the player's first move is no move
        # (found by tests/test_page_model.py: a reload then started the race's clock).
        moves = sum(isinstance(timed.move, Move) for timed in self.record.moves)
        only_made = made and moves == 1 and not self.record.taken_back
        if game.status is Status.PLAYING and not only_made:
            carried.watch.start(now - self.elapsed_ms / 1000)  # (not at a first reveal
            # made for the player: their clock starts at their own first move)
        elif game.status.is_over:
            carried.result = carried.ending(now)
        return carried

    def carried_on(
        self, settings: Settings, now: float, finished_too: bool = False
    ) -> Round | None:
        """:meth:`resumed` under ``settings``, at the game's own level: assisted if they show
        the chances; a board nobody played yet dealt again with them (a link's ``?noguess``
        does not outlive its visit; a daily board is everyone's, never dealt again)."""
        assisted = self.assisted or settings.show_chances
        carried = self.resumed(now, assisted=assisted, finished_too=finished_too)
        if carried is None or self.record.moves or self.daily or self.race:
            return carried
        level = carried.game.level
        return Round.deal(replace(settings, level=level), self.record.seed, self.linked)


def _ghost(text: object) -> Ghost | None:
    """A saved game's ghost; None for none, or for one that does not read (the game
    itself is carried on, without its race)."""
    try:
        return None if text is None else Ghost.from_link(text)
    except BadRaceLink:
        return None
