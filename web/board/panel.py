"""Draws what surrounds the board: the mine counter and the timer (LEDs), the face, the
notice line above the board and the finished game's figures under it, and what each says
to a screen reader.

Like :mod:`web.board.view`, it decides nothing: :class:`web.board.screen.Screen` tells it what the
session reports, and it writes only what changed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import Game, Moment, Status
from web.board.render import counter_digits, escape, led_html
from web.page import ids

FACE_LABELS = {Status.WON: "New game (you won)", Status.LOST: "New game (you lost)"}
"""The face's name once a game is over; "New game" before."""


def mines_left_label(mines_left: int) -> str:
    """The mine counter in words (it goes negative when there are more flags than mines).

    >>> mines_left_label(12), mines_left_label(1), mines_left_label(0)
    ('12 mines left', '1 mine left', '0 mines left')
    >>> mines_left_label(-1), mines_left_label(-3)
    ('1 flag more than mines', '3 flags more than mines')
    """
    if mines_left < 0:
        return f"{-mines_left} flag{'s' if mines_left < -1 else ''} more than mines"
    return f"{mines_left} mine{'' if mines_left == 1 else 's'} left"


def seconds_label(seconds: int) -> str:
    """The timer in words.

    >>> seconds_label(37), seconds_label(1), seconds_label(0)
    ('37 seconds', '1 second', '0 seconds')
    """
    return f"{seconds} second{'' if seconds == 1 else 's'}"


def sentences(parts: Iterable[str]) -> str:
    """The parts of a line, said as sentences: each ends with a full stop (a screen reader
    pauses there) and the dots between figures are said as commas.

    >>> sentences(["New best on Beginner: 2.39 s", "Won in 2.39 s · 3BV 12 · seed 7"])
    'New best on Beginner: 2.39 s. Won in 2.39 s, 3BV 12, seed 7.'
    >>> sentences(["Lost after 3.00 s · 3BV 4/12", "", "Really?"])
    'Lost after 3.00 s, 3BV 4/12. Really?'
    """
    said = []
    for part in parts:
        text = " ".join(part.replace(" · ", ", ").split())
        if text:
            said.append(text if text[-1] in ".!?" else f"{text}.")
    return " ".join(said)


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
        shown = game.status.face(pressing)
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
