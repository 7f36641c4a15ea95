"""Draws what surrounds the board: the mine counter and the timer (LEDs), the face, the
notice line above the board and the finished game's figures under it.

Like :mod:`web.board.view`, it decides nothing: :class:`web.board.screen.Screen` tells it what the
session reports, and it writes only what changed.
"""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.live import Moment
from play.videos import face_of
from web.board.render import counter_digits, escape, led_html
from web.page import FACE_LABELS, ids, mines_left_label, seconds_label, sentences


class Panel:
    def __init__(self, document: Any) -> None:
        self.counter = document.getElementById(ids.MINE_COUNTER)
        self.timer = document.getElementById(ids.TIMER)
        self.face_button = document.getElementById(ids.FACE)
        self.message = document.getElementById(ids.MESSAGE)
        self.stats = document.getElementById(ids.STATS)
        self.result_announcer = document.getElementById(ids.RESULT_ANNOUNCE)
        self.live = document.getElementById(ids.LIVE_COUNTERS)
        # What the page shows now, so that each event writes only what changed.
        self._shown: dict[str, object] = {}

    def _changed(self, key: str, value: object) -> bool:
        if self._shown.get(key) == value:
            return False
        self._shown[key] = value
        return True

    def face(self, game: Game, pressing: bool) -> None:
        """The face (surprised while a cell is held down) and its name for screen readers."""
        shown = face_of(game.status, pressing)
        if self._changed("face", shown):
            self.face_button.dataset.face = shown
        label = FACE_LABELS.get(game.status, "New game")
        if self._changed("face-label", label):
            self.face_button.setAttribute("aria-label", label)

    def mines_left(self, game: Game) -> None:
        digits = counter_digits(game.level.mines)  # 4 digits for 1,000 mines or more
        if self._changed("mines", (game.mines_left, digits)):
            self.counter.innerHTML = led_html(game.mines_left, digits)
            self.counter.setAttribute("aria-label", mines_left_label(game.mines_left))

    def time(self, seconds: int) -> None:
        if self._changed("time", seconds):
            self.timer.innerHTML = led_html(seconds)
            self.timer.setAttribute("aria-label", seconds_label(min(seconds, 999)))

    def paused(self, on: bool) -> None:
        """The clock waits behind a dialog (:mod:`web.dialogs.modal`): the page's style hides the
        board behind it."""
        if self._changed("paused", on):
            self.timer.dataset.paused = "true" if on else "false"

    def notice(self, text: str | None) -> None:
        """The line for the player above the board; None empties it (its place stays,
        so the board never moves)."""
        if self._changed("notice", text):
            self.message.textContent = text or ""
            self.message.classList.toggle("empty", text is None)

    def results(self, html: str | None) -> None:
        """The finished game's figures under the board; None hides them."""
        if self._changed("results", html):
            self.stats.innerHTML = html or ""
            self.stats.hidden = html is None
            # The same words in a polite live region, read however the game ended: each
            # part of the line (a new best, the result, a daily board's line) a sentence;
            # the folded counters are read when the player unfolds them, the Review button
            # when it is reached.
            parts = [
                str(part.textContent)
                for part in self.stats.children
                if str(part.tagName) not in ("DETAILS", "BUTTON")
            ]
            self.result_announcer.textContent = sentences(parts)

    def live_counters(self, moment: Moment | None, on: bool) -> None:
        """The live counters (``on``: the setting), empty before the first reveal."""
        if self._changed("live-on", on):
            self.live.hidden = not on
        html = counters_html(moment) if on else ""
        if on and self._changed("live", html):
            self.live.innerHTML = html


def counters_html(moment: Moment | None) -> str:
    """The counters, a ``<span>`` a figure, in :meth:`engine.live.Moment.text`'s words.

    >>> from engine.game import Clicks
    >>> counters_html(Moment(2000, 10, 4, Clicks(left=3, right=1, effective=4)))
    '<span>3BV 4/10</span><span>2.00 3BV/s</span><span>clicks 4 (3 left, 1 right, 0 chords, 0 \
wasted)</span><span>efficiency 100%</span><span>finish ~5.0 s</span>'
    >>> counters_html(None)
    '<span>3BV —</span>'
    """
    if moment is None:
        return "<span>3BV —</span>"
    return "".join(f"<span>{escape(part)}</span>" for part in moment.text().split(" · "))
