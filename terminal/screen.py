"""What the terminal's player sees, drawn in one place: each update of the session as lines.

The session reports every change (:meth:`play.session.Session.subscribe`); :meth:`Screen.draw`
says it: a new game with its introduction, a move's board (or the whole ending), the
engine's word on a move that changed nothing, a new hint and every new notice, once each,
in the terminal's words. The game loop (:mod:`terminal.app`) asks for a board again only
where the terminal's own lines have scrolled it away (``show``, a replay watched).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import Moment
from play.game import Notice, Topic, sentence, share_line
from play.game_ui import LiveCounters
from terminal import render
from terminal.console import Console

if TYPE_CHECKING:
    from engine import Record
    from play.assist import Hint
    from play.game import Update
    from play.session import Session

WORDS = {Topic.GAME_OVER: "The game is over: answer y for a new one."}
"""The terminal's words for the notices whose page words name the page's controls."""


class Screen:
    """The lines a session's updates become, on one console."""

    def __init__(
        self,
        console: Console,
        session: Session,
        style: render.Style,
        tell_notes: Callable[[], None],
    ) -> None:
        self.console, self.session, self.style = console, session, style
        self._tell_notes = tell_notes
        """Says what the player should hear about their data (after a game's end)."""
        self.leaving: Record | None = None
        """The record of a game another is replacing, printed before that game's board."""
        self._told_notice: Notice | None = None
        self._told_hint: Hint | None = None
        self._counted = LiveCounters()
        """The record the live counters were last counted for, and its counters."""

    def draw(self, update: Update) -> None:
        """Show what a session call changed (the session's one observer)."""
        session = self.session
        if update.fresh:
            if self.leaving is not None and self.leaving.moves:
                self.print_record(self.leaving)  # the game left: its record first
            self.intro()
            self.show()
        elif update.game.status.is_over and not update.before.status.is_over:
            self._finish()
        elif update.changed:
            self.show()
        elif update.message:
            self.console.say(sentence(update.message))
        self._tell_hint(session.hinted)
        self._tell(session.notice)

    def intro(self) -> None:
        """The game's first line: its level and seed, or the daily board's date."""
        session = self.session
        level = session.game.level
        if session.daily is not None:
            intro = f"Daily board of {session.daily}: {level.title} {level}"
            self.console.say(f"\n{intro}, the centre opened for you. Type h for help.")
        else:
            self.console.say(
                f"\n{level.name.capitalize()} {level}, seed {session.game.seed}. Type h for help."
            )

    def show(self, cursor: tuple[int, int] | None = None) -> None:
        """The board and the line under it (``cursor``: a cell bracketed)."""
        game = self.session.game
        self.console.say(render.render_board(game, self.style, cursor))
        self.console.say(render.status_line(game, self.session.timer.seconds()))
        if self.session.settings.live_counters:
            moment = self.live_counters()
            if moment is not None:
                self.console.say(moment.text())

    def live_counters(self) -> Moment | None:
        """The game's counters now (:class:`play.game_ui.LiveCounters`: counted on from the
        last ones); None before the first reveal."""
        session = self.session
        ms = round(session.timer.seconds() * 1000)
        return self._counted.now(session.record, session.game, ms)

    def print_record(self, record: Record) -> None:
        self.console.say(f"Record: {record.to_text()}")

    def _tell_hint(self, hint: Hint | None) -> None:
        """Show a new hint once: the board, its cell bracketed, and its reason with the
        move to type (counted from 1, as the board's labels and the reason's words are).
        Its reason is the notice too: said here, not again."""
        if hint is None or hint is self._told_hint:
            return
        self._told_hint = hint
        self._told_notice = self.session.notice
        row, col = self.session.game.grid.row_col(hint.cell)
        self.show(cursor=(row, col))
        self.console.say(f"Hint (o {row + 1} {col + 1}): {hint.reason}")

    def _tell(self, notice: Notice | None) -> None:
        """Say a notice once, in the terminal's words."""
        if notice is None or notice is self._told_notice:
            return
        self._told_notice = notice
        self.console.say(WORDS.get(notice.topic, notice.text) if notice.topic else notice.text)

    def _finish(self) -> None:
        """The game's end: the whole board, the result and its news, the record."""
        session = self.session
        result = session.result
        self.console.say(render.render_board(session.game, self.style))
        if result is not None:
            if not result.won:
                self.console.say(render.loss_legend(self.style))
            self.console.say(render.result_lines(result))
            if result.news:  # a new best is cheered; why a win is no best time is not
                news = result.news
                self.console.say(news if news.endswith(".") else f"{news}!")
            if result.daily:
                daily = session.statistics.daily()
                self.console.say(
                    f"Daily boards won in a row: {daily.streak} (best {daily.best_streak})."
                )
                self.console.say(f"Share it: {share_line(result)}")
        self.print_record(session.record)
        self._tell_notes()
