"""After a game and during a race: the buttons a finished game offers and the
bars of a ghost race.

:class:`AfterGame` shows Retry and Undo after a loss (:meth:`play.session.Session.retry`,
:meth:`~play.session.Session.undo`), Race a friend after a win (the link of
:meth:`~play.session.Session.race_link`, copied where the browser lets us and shown in a
text field to copy by hand), and Race your best after any game of a board the player has a
kept win of (:meth:`~play.session.Session.own_best`, raced by
:meth:`~play.session.Session.start_race` with no ghost). :class:`RaceBar` draws the race
the picture holds (:attr:`play.game.Picture.race`) through a
:class:`play.game_ui.RaceTrack`: a frame at a time while the clock runs, never in the
click's own task, and the verdict once the game is over. Neither decides anything: which
button applies and what the race shows are the session's and the track's.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from typing import Any

from engine import Status
from play.game import RACE_PARAM, Ghost, Picture
from play.game_ui import RaceTrack
from play.session import Session
from web.page import Clock, Listeners, Scheduler, ids

COPIED = "Race link copied: send it to a friend to race your game on this board."
TO_COPY = "Copy the race link below and send it to a friend to race your game on this board."


class AfterGame:
    """The buttons under a finished game's result line."""

    def __init__(
        self,
        document: Any,
        window: Any,
        session: Session,
        deal: Callable[[Callable[[], bool | None]], None],
    ) -> None:
        self.session = session
        self._window = window
        self._by_id = document.getElementById
        self._deal = deal
        """The page's way to leave a game for another (a history entry of its own)."""
        self._tasks: set[asyncio.Task[None]] = set()

    def wire(self, listeners: Listeners) -> None:
        by_id, listen, session = self._by_id, listeners.listen, self.session
        listen(by_id(ids.RETRY), "click", lambda _e: self._deal(session.retry))
        listen(by_id(ids.UNDO), "click", lambda _e: self.undo())
        listen(by_id(ids.RACE_BEST), "click", lambda _e: self._deal(session.start_race))
        listen(by_id(ids.RACE_FRIEND), "click", lambda _e: self.race_a_friend())

    def show(self, shown: tuple[Status | None, bool]) -> None:
        """Show the buttons a game ended so offers (None: none, it is played; ``kept_win``:
        its board has a win of the player's kept); the race link's field goes with the game
        it was made for."""
        ending, kept_win = shown
        over = ending is not None
        lost, won = ending is Status.LOST, ending is Status.WON
        for key, on in (
            (ids.RETRY, lost),
            (ids.UNDO, lost),
            (ids.RACE_FRIEND, won),
            (ids.RACE_BEST, kept_win),
        ):
            self._by_id(key).hidden = not on
        self._by_id(ids.AFTER_GAME).hidden = not over
        self._by_id(ids.RACE_LINK_FIELD).hidden = True

    def undo(self) -> None:
        """The losing click taken back: the game goes on, the board back in the hand."""
        if self.session.undo():
            self._by_id(ids.BOARD).focus()

    def race_a_friend(self) -> None:
        """The race link of the game just won: shown in its field, and copied."""
        text = self.session.race_link()
        if text is None:
            self.session.say("Race a friend needs a game you won: win one first.")
            return
        location = self._window.location
        url = f"{location.origin}{location.pathname}?{RACE_PARAM}={text}"
        field = self._by_id(ids.RACE_LINK)
        field.value = url
        self._by_id(ids.RACE_LINK_FIELD).hidden = False
        field.select()
        task = asyncio.create_task(self._copy(url))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _copy(self, url: str) -> None:
        clipboard = getattr(self._window.navigator, "clipboard", None)
        try:
            if clipboard is None:
                raise LookupError("no clipboard")
            await clipboard.writeText(url)
            self.session.say(COPIED)
        except Exception:
            self.session.say(TO_COPY)


class RaceBar:
    """The ghost race's bars and verdict, drawn from the picture's race."""

    def __init__(
        self,
        document: Any,
        picture: Callable[[], Picture],
        game_clock: Clock,
        scheduler: Scheduler,
        log: Callable[[str], None],
    ) -> None:
        self.picture = picture
        """The picture drawn last: what the bars show, frame by frame."""
        self.game_clock = game_clock
        """The session's clock, on which the picture's clock is read."""
        self.scheduler = scheduler
        self._log = log
        by_id = document.getElementById
        self._box = by_id(ids.RACE)
        self._ghost, self._ghost_label = by_id(ids.RACE_GHOST), by_id(ids.RACE_GHOST_LABEL)
        self._you, self._you_label = by_id(ids.RACE_YOU), by_id(ids.RACE_YOU_LABEL)
        self._verdict = by_id(ids.RACE_VERDICT)
        self.track: RaceTrack | None = None
        self._task: asyncio.Task[None] | None = None
        self._drawn: object = None

    def show(self, ghost: Ghost | None) -> None:
        """The race of this ghost shown (None: hidden), and its drawing scheduled for the
        next frame, never done in the click's own task."""
        if ghost is None:
            if self.track is not None:
                self.track = None
                self._box.hidden = True
                self._stop()
            return
        if self.track is None or self.track.ghost is not ghost:
            self.track = RaceTrack(ghost)
            self._drawn = None
            self._verdict.textContent = ""
            self._box.hidden = False
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(self.track))

    def moved(self, _shown: object) -> None:
        """The race's game or clock moved on: a frame drawn at the next frame (and then at
        each while the clock runs)."""
        if self.track is not None and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._run(self.track))

    async def _run(self, track: RaceTrack) -> None:
        """Draw the race once a frame while the clock runs, then once more as it stands."""
        try:
            while True:
                await self.scheduler.next_frame()
                if self.track is not track:
                    return
                self._draw(track)
                if not self.picture().clock.running:
                    return
        except Exception:
            self._log(traceback.format_exc())

    def _draw(self, track: RaceTrack) -> None:
        picture = self.picture()
        result = picture.result  # over: the time the result says
        seconds = picture.seconds(self.game_clock()) if result is None else result.seconds
        frame = track.frame(picture.game, round(seconds * 1000))
        if frame == self._drawn:
            return
        self._drawn = frame
        self._ghost.value = frame.ghost_share
        self._ghost_label.textContent = frame.ghost_text
        self._you.value = frame.own_share
        self._you_label.textContent = frame.own_text
        self._verdict.textContent = frame.verdict or ""
        self._box.dataset.over = "true" if frame.verdict else "false"

    def _stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def close(self) -> None:
        self._stop()


def offers(picture: Picture) -> tuple[Status | None, bool]:
    """What the buttons after a game show of a picture: how it ended (None while it is
    played: a move reaches none of them), and a kept win of its board."""
    status = picture.game.status
    return (status if status.is_over else None), picture.kept_win


def race_motion(picture: Picture) -> object:
    """What moves a race's bars: the game, its clock and its result, while a race is on."""
    if picture.race is None:
        return None
    return picture.game, picture.clock, picture.result
