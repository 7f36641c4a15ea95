"""Where a front end starts: the address's wishes, the player's saved settings and game.

The rules, in order: a daily board the address names is dealt; a saved unfinished
game is resumed unless the address names another board (a shared link); a seed in
the address deals that board; otherwise a fresh one. Settings the address names win
over saved ones, which win over the defaults.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

from play.address import Launch
from play.keeper import Keeper, Snapshot
from play.session import Clock, Session


def today_utc() -> date:
    return datetime.now(UTC).date()


@dataclass(frozen=True, slots=True)
class Start:
    session: Session
    displaced: Snapshot | None = None
    """A saved game in progress that the address's board took the place of: never lost,
    a front end keeps it one Back away."""


def open_session(
    launch: Launch,
    keeper: Keeper | None,
    clock: Clock = time.monotonic,
    today: Callable[[], date] = today_utc,
) -> Start:
    if keeper is not None:
        keeper.check()
    saved = None if keeper is None else keeper.settings()
    settings = launch.settings
    if saved is not None:
        settings = replace(saved, **{name: getattr(settings, name) for name in launch.given})
    snapshot = None if keeper is None else keeper.game()
    session = Session(settings, seed=launch.seed, clock=clock, keeper=keeper)
    displaced = None
    if launch.daily is not None or launch.wants_today:
        displaced = snapshot
        session.new_daily(launch.daily or today())
    elif not (snapshot is not None and _same_board(launch, snapshot) and session.resume(snapshot)):
        displaced = snapshot
        session.new_game(launch.seed)
    if displaced is not None and (not displaced.record.moves or _finished(displaced)):
        displaced = None  # nothing played, or over: nothing to keep
    if keeper is not None:
        keeper.save_settings(session.settings)
    notes = [*(keeper.notes if keeper is not None else []), *launch.messages]
    if notes:
        session.warn(" ".join(notes))
    return Start(session, displaced)


def _finished(snapshot: Snapshot) -> bool:
    try:
        return snapshot.record.replay().status.is_over
    except ValueError:
        return True


def _same_board(launch: Launch, snapshot: Snapshot) -> bool:
    """True unless the address names a board other than the saved game's."""
    record = snapshot.record
    if "level" in launch.given and launch.settings.level != record.level:
        return False
    return launch.seed is None or launch.seed == record.seed
