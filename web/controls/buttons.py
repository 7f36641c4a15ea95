"""The buttons and switches around the board: events in, session calls out, state drawn.

Each control changes one setting (or asks for help) through the session, which decides
whether it applies at once or with the next game and reports the change; the page then
draws the new picture's settings (:meth:`Controls.show`), so the DOM never holds a setting
of its own. The hint is worked out in slices, as the chances and the
auto-player's moves are: the first in the click's own task (a hint worked out ahead shows
there, at once), the rest at the pace of a :class:`web.page.pace.Scheduler` and a clock, given
as parameters (the page's, or a test's in CPython).
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import Done, FirstClick, Steps
from play.game import FIRST_CLICK_CHOICES, Settings
from play.game_ui import Command, Context
from play.session import Session
from web.page import Clock, Scheduler, drain_in_turns, first_step, ids

if TYPE_CHECKING:
    from play.game import Hint
    from web.page import (
        Handlers,
        Listeners,  # the browser's: a test runs this module in CPython
    )


class Controls:
    def __init__(
        self,
        document: Any,
        session: Session,
        new_game: Callable[[], None],
        scheduler: Scheduler,
        clock: Clock,
        log: Callable[[str], None],
    ) -> None:
        self.session = session
        self._new_game = new_game
        self._document = document
        self._by_id = document.getElementById
        self.drawn = (session.settings, session.auto_playing)
        """The settings and the auto-player's state shown (a refused choice shows them again)."""
        self.scheduler = scheduler
        self.clock = clock
        self._log = log
        """Where the hint task's error goes (the browser's console)."""
        self._hinting: asyncio.Task[None] | None = None
        # Filled before anything is shown in it: a value the menu does not offer yet is
        # refused by the browser (the page drew "opens an area" under ?first=none).
        self._fill()

    def wire(self, listeners: Listeners) -> None:
        by_id, listen, session = self._by_id, listeners.listen, self.session
        listen(by_id(ids.FACE), "click", lambda _event: self._new_game())
        listen(by_id(ids.QUESTION_MARKS), "change", _switch(session, "question_marks"))
        listen(by_id(ids.CLICK_CHORDS), "change", _switch(session, "click_chords"))
        listen(by_id(ids.SHOW_HINTS), "change", _switch(session, "show_chances"))
        listen(by_id(ids.NO_GUESS), "change", _switch(session, "no_guess"))
        listen(by_id(ids.LIVE_SWITCH), "change", _switch(session, "live_counters"))
        listen(by_id(ids.FIRST_CLICK), "change", self.on_first_click)
        listen(by_id(ids.FLAG_MODE), "click", self.on_flag_mode)
        listen(by_id(ids.HINT), "click", self.on_hint)
        listen(by_id(ids.AUTO), "click", self.on_auto)
        listen(by_id(ids.AUTO_SPEED), "change", self.on_auto_speed)

    def _fill(self) -> None:
        """The first-click menu's choices, in play's words (the same in every front end):
        the label shown, what the rule does as its title."""
        menu = self._by_id(ids.FIRST_CLICK)
        menu.replaceChildren()
        for rule, label, does in FIRST_CLICK_CHOICES:
            option = self._document.createElement("option")
            option.value = rule.value
            option.textContent = f"First click: {label}"
            option.title = does
            menu.appendChild(option)

    def on_first_click(self, event: Any) -> None:
        try:
            rule = FirstClick(str(event.target.value))
        except ValueError:  # a choice the page never offered: the rule stays
            self.show(self.drawn)
            return
        self.session.change(first_click=rule)

    def on_flag_mode(self, _event: Any) -> None:
        self.session.change(flag_mode=not self.session.settings.flag_mode)

    def on_hint(self, _event: Any) -> None:
        """The hint (:meth:`play.session.Session.hint_steps`): its first slice now, the
        rest between the browser's turns; a click again starts over."""
        if self._hinting is not None:
            self._hinting.cancel()
            self._hinting = None
        rest = first_step(self.session.hint_steps())
        if not isinstance(rest, Done):
            self._hinting = asyncio.create_task(self._finish_hint(rest))

    async def _finish_hint(self, work: Steps[Hint | None]) -> None:
        try:
            await drain_in_turns(work, self.scheduler, self.clock)
        except Exception:
            self._log(traceback.format_exc())
        finally:
            if self._hinting is asyncio.current_task():
                self._hinting = None

    def on_auto(self, _event: Any) -> None:
        if self.session.auto_playing:
            self.session.stop_auto()
        else:
            self.session.start_auto()

    def on_auto_speed(self, event: Any) -> None:
        self.session.change(auto_delay_ms=int(event.target.value))

    def commands(self) -> Handlers:
        """F2's new game (:mod:`web.page.keyboard`)."""

        def new_game(_event: Any) -> bool:
            self._new_game()
            return True

        return {Context.ANYWHERE: {Command.NEW_GAME: new_game}}

    def show(self, shown: tuple[Settings, bool]) -> None:
        """Show the settings in force, and whether the auto-player plays, in the controls."""
        self.drawn = shown
        settings, auto = shown
        self._by_id(ids.QUESTION_MARKS).checked = settings.question_marks
        self._by_id(ids.CLICK_CHORDS).checked = settings.click_chords
        self._by_id(ids.SHOW_HINTS).checked = settings.show_chances
        self._by_id(ids.NO_GUESS).checked = settings.no_guess
        self._by_id(ids.LIVE_SWITCH).checked = settings.live_counters
        menu = self._by_id(ids.FIRST_CLICK)
        menu.value = settings.first_click.value
        described = dict((rule, does) for rule, _label, does in FIRST_CLICK_CHOICES)
        menu.title = described[settings.first_click]
        self._by_id(ids.AUTO_SPEED).value = str(settings.auto_delay_ms)
        pressed = {ids.FLAG_MODE: settings.flag_mode, ids.AUTO: auto}
        for key, on in pressed.items():
            self._by_id(key).setAttribute("aria-pressed", "true" if on else "false")


def _switch(session: Session, name: str) -> Callable[[Any], None]:
    """A checkbox's change as the session's change of setting ``name`` to its new state."""
    return lambda event: session.change(**{name: bool(event.target.checked)})
