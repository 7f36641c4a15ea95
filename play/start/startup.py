"""Where every front end starts: what the address (or the command line) asks for, the
player's saved settings and game, and what the front end may ask the player.

The rules, in order:

1. Everything kept is read once, so data that cannot be read is set aside (and said)
   now, not in the middle of a game.
2. Settings the launch names win over saved ones, which win over the defaults; a link's
   switches (``?hints``, ``?noguess``) for this visit only: they are not saved.
3. A daily board the launch names is dealt.
4. A saved game is carried on unless the launch names another board (a shared link, a
   seed, a race, a daily board; a race's or a daily board's own game is carried on). A
   front end that can ask (the terminal) is asked whether to carry it on instead, and is
   never given a saved board nobody has played: its player chooses.
5. Otherwise a new game (:func:`deal`): of the launch's level, else the one the player
   chooses when the front end can ask, else the saved one; of the launch's seed, else a
   fresh one.

A game in progress that the new board took the place of is never lost: it is
:attr:`Start.displaced`, which the page keeps one Back away.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Protocol

from engine import Level, random_seed
from play.game.daily import offers_daily
from play.game.settings import Settings
from play.keeping.blobs import Blobs
from play.keeping.endings import left
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.storage import Storage
from play.ledger.moments import today_utc, utc_now
from play.ledger.statistics import board_title, played_before
from play.session import Clock, Session
from play.start.address import Launch

DAILY_GRACE = timedelta(days=1)
"""A daily board is out a day early: it is already that day in the time zones ahead of UTC."""


class Questions(Protocol):
    """What a front end that can ask its player is asked at the start (the terminal is;
    the page is not). A player who leaves instead of answering is the front end's to
    handle: its own exception passes through :func:`open_session`."""

    def resume_instead(self, saved: Snapshot) -> bool:
        """The launch names another board: carry on the saved game in progress instead?"""
        ...

    def level(self, last: Level | None) -> Level:
        """The level to play, the last one played (if any) offered first."""
        ...


@dataclass(frozen=True, slots=True)
class Start:
    session: Session
    displaced: Snapshot | None = None
    """A saved game in progress that the launch's board took the place of."""
    resumed: Snapshot | None = None
    """The saved game carried on, if one was."""


def open_session(
    launch: Launch,
    storage: Storage | None,
    *,
    keeps_start: bool = False,
    now: Callable[[], datetime] | None = None,
    clock: Clock = time.monotonic,
    seeds: Callable[[], int] = random_seed,
    today: Callable[[], date] = today_utc,
    ask: Questions | None = None,
    later: Callable[[Callable[[], None]], None] | None = None,
) -> Start:
    """The session every front end starts with (see the rules above), keeping what is
    played in ``storage``, the front end's side of the storage port (None: a device that
    keeps nothing, as the notes say). The keeper over it is the session's own; what a front
    end needs of it is a session face: the notes on kept data (``session.transfer.notes``)
    and the address shown, whose next start's picture is kept when ``keeps_start``
    (``session.recent.keep_shown``). ``now``: the wall clock that dates finished games (a
    test's; else the keeper's own). ``later``: when a move's game is written (the page's:
    after the frame that shows the move; :meth:`Keeper.save_game`); None: at once."""
    blobs = Blobs(storage)  # None: a device that keeps nothing, which its notes say
    keeper = Keeper(blobs, now or utc_now, keeps_start=keeps_start, later=later)
    return start_with(launch, keeper, clock=clock, seeds=seeds, today=today, ask=ask)


def start_with(
    launch: Launch,
    keeper: Keeper | None,
    *,
    clock: Clock = time.monotonic,
    seeds: Callable[[], int] = random_seed,
    today: Callable[[], date] = today_utc,
    ask: Questions | None = None,
) -> Start:
    """The start over a keeper a test made (to read what it kept): :func:`open_session`'s
    rules, which are all here."""
    if keeper is not None:
        keeper.check()
    saved = None if keeper is None else keeper.settings()
    settings = launch.settings
    if saved is not None:
        settings = replace(saved, **{name: getattr(settings, name) for name in launch.given})
    own = saved or Settings()
    kept_instead = {name: getattr(own, name) for name in launch.for_this_visit}
    snapshot = None if keeper is None else keeper.game()
    launch = _daily_offered(launch, settings.level, today())
    daily = launch.daily is not None or launch.wants_today
    # A race starts afresh over any other game; its own game in progress (a reload of the
    # race's address) is carried on, racing the same ghost (kept with it: Snapshot.race).
    raced = snapshot is not None and snapshot.race is not None and snapshot.race == launch.race
    # So is the daily board's own game in progress (a reload of its address), on its level:
    # dealt afresh, it was started over and the game played kept behind Back.
    day = launch.daily or (today() if launch.wants_today else None)
    on_daily = (
        snapshot is not None
        and day is not None
        and snapshot.daily == day.isoformat()
        and snapshot.record.level == settings.level
    )
    fresh = (daily and not on_daily) or (launch.race is not None and not raced)
    carry = snapshot if not fresh and _carried_on(launch, snapshot, ask) else None
    if carry is not None:
        settings = replace(settings, level=carry.record.level)
    elif not fresh and ask is not None and "level" not in launch.given:
        level = ask.level(None if saved is None else saved.level)
        custom = level if level.name == "custom" else settings.last_custom
        settings = replace(settings, level=level, last_custom=custom)
    # Its first round is resumed or dealt over at once: no seed of ``seeds`` is spent on it,
    # so the first game a front end deals has the first one.
    placeholder = 0 if launch.seed is None else launch.seed
    session = Session(
        settings,
        seed=placeholder,
        clock=clock,
        seeds=seeds,
        keeper=keeper,
        kept_instead=kept_instead,
    )
    displaced = resumed = None
    if carry is not None and session.resume(carry):
        resumed = carry
        if "question_marks" in launch.given:
            session.change(question_marks=settings.question_marks)
    else:
        displaced = snapshot
        deal(launch, session, today)
    if displaced is not None and not _in_progress(displaced):
        displaced = None  # nothing played, or over: nothing to keep
    if displaced is not None and keeper is not None:
        # Left for another board: abandoned, until Back carries it on (Session.resume).
        carried = displaced.resumed(clock(), assisted=displaced.assisted, finished_too=False)
        if carried is not None:
            left(carried, keeper, clock())
    if keeper is not None:
        keeper.save_settings(session.kept_settings)
    notes = [*(keeper.notes if keeper is not None else []), *launch.messages]
    game = session.game
    ledger = keeper.ledger() if keeper is not None and launch.linked else None  # for a link only
    seen = ledger is not None and played_before(ledger, game.level, game.seed)
    played = _what_is_played(launch, session, resumed, seen)
    if played:
        notes.append(played)
    if notes:
        session.say(" ".join(notes), warning=True)
    if launch.auto:
        session.start_auto()
    return Start(session, displaced, resumed)


def deal(launch: Launch, session: Session, today: Callable[[], date] = today_utc) -> None:
    """Deal the board ``launch`` names in ``session``: its level when it names one, then
    its ghost's board to race, its daily board, or a game of its seed (a fresh one when it
    names none). Back or Forward to a page whose game is not kept deals its address's
    board this way."""
    if "level" in launch.given and launch.settings.level != session.settings.level:
        session.change(level=launch.settings.level)
    if launch.race is not None:
        session.start_race(launch.race)
    elif launch.daily is not None or launch.wants_today:
        session.new_game(day=launch.daily or today())
    else:
        session.new_game(launch.seed, linked=launch.linked)


def _daily_offered(launch: Launch, level: Level, today: date) -> Launch:
    """The launch, without its daily board when that cannot be played: a day whose board
    is not out yet anywhere (a day's grace for the time zones ahead of UTC), or a board
    that is not one of the levels (:func:`play.game.daily.offers_daily`)."""
    if launch.daily is None and not launch.wants_today:
        return launch
    problem = None
    if launch.daily is not None and launch.daily > today + DAILY_GRACE:
        problem = f"The daily board of {launch.daily.isoformat()} is not out yet."
    elif not offers_daily(level):
        problem = f"The daily board is played on the levels, not on {board_title(str(level))}."
    if problem is None:
        return launch
    return replace(launch, daily=None, wants_today=False, messages=(*launch.messages, problem))


def _what_is_played(
    launch: Launch, session: Session, resumed: Snapshot | None, seen: bool
) -> str | None:
    """After the address's messages, what the player gets instead of what was asked."""
    game = session.game
    title = board_title(str(game.level))
    if resumed is not None:
        return f"Carrying on your game on {title}." if launch.ignored else None
    if session.daily is not None:
        return f"Playing the daily board of {session.daily} on {title}." if launch.ignored else None
    if launch.linked and seen and not session.record.moves:
        return f"The same board again ({title}), from its link or seed: no best time on it."
    if launch.ignored == {"seed"}:
        return f"Playing {title} with a random seed."
    if launch.ignored:
        return f"Playing {title}."
    return None


def _carried_on(launch: Launch, snapshot: Snapshot | None, ask: Questions | None) -> bool:
    """True when the saved game (if any) is the one to play."""
    if snapshot is None or (ask is not None and not snapshot.record.moves):
        return False
    if launch.ignored and not snapshot.record.moves:
        return False  # a board nobody played is no game to carry on: a fresh one, as said
    if _same_board(launch, snapshot):
        return True
    return ask is not None and _in_progress(snapshot) and ask.resume_instead(snapshot)


def _in_progress(snapshot: Snapshot) -> bool:
    """True for a game with moves that is not over."""
    if not snapshot.record.moves:
        return False
    try:
        return not snapshot.record.replay().status.is_over
    except ValueError:
        return False


def _same_board(launch: Launch, snapshot: Snapshot) -> bool:
    """True unless the launch names a board other than the saved game's."""
    record = snapshot.record
    if "level" in launch.given and launch.settings.level != record.level:
        return False
    if "first_click" in launch.given and launch.settings.first_click != record.first_click:
        return False  # the same seed under another first-click rule is another board
    return launch.seed is None or launch.seed == record.seed
