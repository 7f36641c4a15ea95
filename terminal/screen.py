"""What the terminal's player sees, drawn in one place: the session's pictures as lines.

The session reports every change (:meth:`play.session.Session.subscribe`) with the picture
of everything it shows (:class:`play.game.Picture`); :meth:`Screen.draw` says the
difference from the picture it drew last: a new game with its introduction, a move's board
(or the whole ending), the engine's word on a move that changed nothing, a new hint and
every new notice, once each, in the terminal's words. It reads nothing of the session
(it is handed none). The game loop (:mod:`terminal.app`) asks for the board again only
where the terminal's own lines have scrolled it away (``show``, a replay watched).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import Moment
from play.game import Notice, Topic, daily_name, sentence, share_line
from play.game_ui import LiveCounters
from terminal import render
from terminal.console import Console

if TYPE_CHECKING:
    from engine import Record
    from play.game import Hint, Picture, Update

WORDS = {Topic.GAME_OVER: "The game is over: answer y for a new one."}
"""The terminal's words for the notices whose page words name the page's controls."""


class Screen:
    """The lines a session's pictures become, on one console."""

    def __init__(
        self,
        console: Console,
        picture: Picture,
        clock: Callable[[], float],
        style: render.Style,
    ) -> None:
        self.console, self.style = console, style
        self.picture = picture
        """The picture drawn last: what the player has been shown."""
        self._clock = clock
        """The session's clock, which the picture's clock is read on."""
        self.leaving: Record | None = None
        """The record of a game another is replacing, printed before that game's board."""
        self._told_notice: Notice | None = None
        self._told_hint: Hint | None = None
        self._counted = LiveCounters()
        """The record the live counters were last counted for, and its counters."""

    def update(self, update: Update) -> None:
        """The session's one observer: draw the picture a call left."""
        if update.picture is not None:
            self.draw(self.picture, update.picture, update)

    def draw(self, old: Picture, new: Picture, update: Update) -> None:
        """Say what changed from ``old`` to ``new``, as ``update`` tells the move."""
        self.picture = new
        if update.fresh:
            if self.leaving is not None and self.leaving.moves:
                self.print_record(self.leaving)  # the game left: its record first
            self.intro()
            self.show()
        elif new.game.status.is_over and not old.game.status.is_over:
            self._finish(new)
        elif update.changed:
            self.show()
        elif update.message:
            self.console.say(sentence(update.message))
        self._tell_hint(new)
        self._tell(new.notice)

    def intro(self) -> None:
        """The game's first line: its level and seed, or the daily board's date."""
        picture = self.picture
        level = picture.game.level
        if picture.daily is not None:
            intro = f"Daily board of {picture.daily}: {level.title} {level}"
            self.console.say(f"\n{intro}, the centre opened for you. Type h for help.")
        else:
            self.console.say(
                f"\n{level.name.capitalize()} {level}, seed {picture.game.seed}. Type h for help."
            )

    def show(self, cursor: tuple[int, int] | None = None) -> None:
        """The board and the line under it (``cursor``: a cell bracketed), which names a
        daily board while it is played."""
        picture = self.picture
        game = picture.game
        self.console.say(render.render_board(game, self.style, cursor))
        status = render.status_line(game, picture.seconds(self._clock()))
        if picture.daily is not None:
            status += f"    {daily_name(picture.daily)}"
        self.console.say(status)
        if picture.settings.live_counters:
            moment = self.live_counters()
            if moment is not None:
                self.console.say(moment.text())

    def live_counters(self) -> Moment | None:
        """The game's counters now (:class:`play.game_ui.LiveCounters`: counted on from the
        last ones); None before the first reveal."""
        picture = self.picture
        if picture.record is None:
            return None
        ms = round(picture.seconds(self._clock()) * 1000)
        return self._counted.now(picture.record, picture.game, ms)

    def print_record(self, record: Record) -> None:
        self.console.say(f"Record: {record.to_text()}")

    def _tell_hint(self, picture: Picture) -> None:
        """Show a new hint once: the board, its cell bracketed, and its reason with the
        move to type (counted from 1, as the board's labels and the reason's words are).
        Its reason is the notice too: said here, not again."""
        hint = picture.hint
        if hint is None or hint is self._told_hint:
            return
        self._told_hint = hint
        self._told_notice = picture.notice
        row, col = picture.game.grid.row_col(hint.cell)
        self.show(cursor=(row, col))
        self.console.say(f"Hint (o {row + 1} {col + 1}): {hint.reason}")

    def _tell(self, notice: Notice | None) -> None:
        """Say a notice once, in the terminal's words."""
        if notice is None or notice is self._told_notice:
            return
        self._told_notice = notice
        self.console.say(WORDS.get(notice.topic, notice.text) if notice.topic else notice.text)

    def _finish(self, picture: Picture) -> None:
        """The game's end: the whole board, the result and its news, the record."""
        result = picture.result
        self.console.say(render.render_board(picture.game, self.style))
        if result is not None:
            if not result.won:
                self.console.say(render.loss_legend(self.style))
            self.console.say(render.result_lines(result))
            if result.news:  # a new best is cheered; why a win is no best time is not
                news = result.news
                self.console.say(news if news.endswith(".") else f"{news}!")
            if result.daily:
                if result.streak is not None:
                    streak, best = result.streak
                    self.console.say(f"Daily boards won in a row: {streak} (best {best}).")
                self.console.say(f"Share it: {share_line(result)}")
        if picture.record is not None:
            self.print_record(picture.record)
