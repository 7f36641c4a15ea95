"""How a run begins: the remembered settings, then the unfinished game resumed (or offered),
else a new game at the level asked for or chosen from the menu."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from play import Session, Settings
from play.keeper import Keeper, Snapshot
from play.statistics import board_title
from terminal.console import Console
from terminal.menu import choose_level
from terminal.options import Options

SessionMaker = Callable[[Settings, int | None], Session]
"""Makes the session of a run from its settings and first seed."""


def start(options: Options, console: Console, keeper: Keeper, make: SessionMaker) -> Session | None:
    """The session to play; None when the input ends first.

    Without ``--level`` or ``--seed`` an unfinished game is resumed at once; with them,
    the player is asked first. Settings from the command line are kept for next time.
    """
    saved = keeper.settings()
    snapshot = keeper.game()
    settings = saved or Settings()
    if options.question_marks is not None:
        settings = replace(settings, question_marks=options.question_marks)
    if snapshot is not None and snapshot.record.moves:
        session = _resume(options, console, keeper, make, settings, snapshot)
        if session is not None:
            return session
    last = None if saved is None else saved.level
    level = options.level or choose_level(console, last)
    if level is None:
        return None
    custom = level if level.name == "custom" else settings.last_custom
    settings = replace(settings, level=level, last_custom=custom)
    keeper.save_settings(settings)
    return make(settings, options.seed)


def _resume(
    options: Options,
    console: Console,
    keeper: Keeper,
    make: SessionMaker,
    settings: Settings,
    snapshot: Snapshot,
) -> Session | None:
    what = described(snapshot)
    asked_for_another = options.level is not None or options.seed is not None
    if asked_for_another and not console.ask_yes(
        f"You have an unfinished {what}. Resume it? (y/n) "
    ):
        return None
    session = make(replace(settings, level=snapshot.record.level), None)
    if not session.resume(snapshot):
        console.say(f"Your unfinished {what} cannot be resumed: a new game starts.")
        return None
    keeper.save_settings(session.settings)
    if options.question_marks is not None:
        session.set_question_marks(options.question_marks)
    console.say(f"Resuming your {what}.")
    return session


def described(snapshot: Snapshot) -> str:
    """``expert game (12 s played)``, or ``daily board of 2026-11-22 (12 s played)``.

    >>> from engine import EXPERT, Record
    >>> described(Snapshot(Record(EXPERT, 1), 12_999))
    'expert game (12 s played)'
    """
    played = f"({snapshot.elapsed_ms // 1000} s played)"
    if snapshot.daily is not None:
        return f"daily board of {snapshot.daily} {played}"
    return f"{board_title(str(snapshot.record.level)).lower()} game {played}"
