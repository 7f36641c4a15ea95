"""Draws what surrounds the board: the mine counter and the timer (LEDs), the face, the
notice line above the board and the finished game's figures under it, the daily board's
name beside it, and what each says to a screen reader.

Like :mod:`web.board.view`, it decides nothing: :class:`web.board.screen.Screen` tells it what
changed in the picture (:mod:`web.drawing` draws a part only when what it shows changed), and
it writes that.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import Moment, Status, count
from play.game import daily_name
from web.board.render import counter_digits, escape, led_html
from web.page import ids

FACE_LABELS = {Status.WON: "New game (you won)", Status.LOST: "New game (you lost)"}
"""The face's name once a game is over; "New game" before."""
FACES = {Status.WON: "cool", Status.LOST: "dead"}
"""The face over a finished game, as the page's ``data-face`` names it (the DOM contract)."""


def face_name(status: Status, pressing: bool = False) -> str:
    """The face above a board, as ``data-face`` names it: cool once won, dead once lost,
    surprised while a cell is held down, smiling otherwise (a replay's is its frame's).

    >>> face_name(Status.WON), face_name(Status.PLAYING, pressing=True), face_name(Status.READY)
    ('cool', 'surprise', 'smile')
    """
    return FACES.get(status, "surprise" if pressing else "smile")


def mines_left_label(mines_left: int) -> str:
    """The mine counter in words (it goes negative when there are more flags than mines).

    >>> mines_left_label(12), mines_left_label(1), mines_left_label(0)
    ('12 mines left', '1 mine left', '0 mines left')
    >>> mines_left_label(-1), mines_left_label(-3)
    ('1 flag more than mines', '3 flags more than mines')
    """
    if mines_left < 0:
        return f"{count(-mines_left, 'flag')} more than mines"
    return f"{count(mines_left, 'mine')} left"


def seconds_label(seconds: int) -> str:
    """The timer in words.

    >>> seconds_label(37), seconds_label(1), seconds_label(0)
    ('37 seconds', '1 second', '0 seconds')
    """
    return count(seconds, "second")


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
        self.daily_label = document.getElementById(ids.DAILY_LABEL)

    def face(self, status: Status, pressing: bool) -> None:
        """The face (surprised while a cell is held down) and its name for screen readers."""
        self.face_button.dataset.face = face_name(status, pressing)
        self.face_button.setAttribute("aria-label", FACE_LABELS.get(status, "New game"))

    def mines_left(self, mines_left: int, mines: int) -> None:
        """The counter of a board of ``mines`` (4 digits for 1,000 mines or more)."""
        self.counter.innerHTML = led_html(mines_left, counter_digits(mines))
        self.counter.setAttribute("aria-label", mines_left_label(mines_left))

    def time(self, seconds: int) -> None:
        self.timer.innerHTML = led_html(seconds)
        self.timer.setAttribute("aria-label", seconds_label(min(seconds, 999)))

    def paused(self, on: bool) -> None:
        """The clock waits behind a dialog (:mod:`web.dialogs.modal`): the page's style hides the
        board behind it."""
        self.timer.dataset.paused = "true" if on else "false"

    def notice(self, text: str | None) -> None:
        """The line for the player above the board; None empties it (its place stays,
        so the board never moves)."""
        self.message.textContent = text or ""
        self.message.classList.toggle("empty", text is None)

    def results(self, html: str | None) -> None:
        """The finished game's figures under the board; None hides them."""
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

    def daily(self, day: str | None) -> None:
        """The daily board of ``day`` (``2026-12-05``) named beside the board; None: another
        board, and the line hidden."""
        self.daily_label.textContent = "" if day is None else daily_name(day)
        self.daily_label.dataset.daily = day or ""
        self.daily_label.hidden = day is None

    def live_counters(self, moment: Moment | None, on: bool) -> None:
        """The live counters (``on``: the setting), empty before the first reveal."""
        self.live.hidden = not on
        if on:
            self.live.innerHTML = counters_html(moment)


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
