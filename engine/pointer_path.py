"""The pointer's path over the board, as a record keeps it: where the pointer was and the
buttons held, on the game's clock (:class:`PointerSample`), the path's compact text
(:func:`path_text`, :func:`parse_path`), the last field of a record's line, and the path a
game in play keeps (:class:`PointerTrack`), bounded in size.

The field's videos keep every move the system reports: Metasweeper's EVF files hold a
move every 8 ms (median; ``../shared/replays/test_subject.evf``, 87 a second over 70 s of
play), Viennasweeper's every 3 ms. A browser reports the pointer once a frame (60 a second
on most screens), so that is the rate kept: a move is kept when at least :data:`SAMPLE_MS`
have passed since the last one kept and the pointer has moved by a pixel or more (of a
:data:`PATH_CELL_PX`-pixel cell); a press or release is always kept. A path holds at most
:data:`MOST_SAMPLES`; later moves are dropped.

>>> track = PointerTrack()
>>> for ms, x, y, buttons in [(0, 10, 10, 0), (5, 30, 10, 0), (20, 30, 10, 0), (20, 31, 10, 1)]:
...     _ = track.add(ms, x, y, buttons)
>>> [(s.ms, s.x, s.y, s.buttons) for s in track.samples()]
[(0, 10, 10, 0), (20, 30, 10, 0), (20, 31, 10, 1)]
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from engine.errors import InvalidRecordError
from engine.moves import MAX_MS

PATH_CELL_PX = 16
"""Pixels a cell is wide in a record's pointer path: the field's videos' own cell (Arbiter's
AVF, Viennasweeper's RMV by default, and an EVF file written from our games), so a path
goes into a video as it is, whatever the size the board was drawn at."""

LEFT, RIGHT, MIDDLE = 1, 2, 4
"""The buttons held, as bits of :attr:`PointerSample.buttons` (the DOM's ``buttons``)."""

MOST_SAMPLES = 200_000
"""Samples a path may hold: over 55 minutes of a pointer always moving, at the rate kept."""


@dataclass(frozen=True, slots=True)
class PointerSample:
    """Where the pointer was over the board, and the buttons held, at ``ms`` on the game's
    clock: ``x`` and ``y`` in pixels from the board's top-left corner, cells being
    :data:`PATH_CELL_PX` wide (negative or past the board: off it)."""

    ms: int
    x: int
    y: int
    buttons: int = 0


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""URL-safe base64's letters: the path's text holds no other."""
_LARGEST_STEP = 1 << 28
"""The largest number one step of a path's text may hold (times and pixels are far below)."""


def path_text(path: tuple[PointerSample, ...]) -> str:
    """The path as URL-safe base64 of small integers, each a variable-length integer of
    7 bits a byte: for each sample, its time after the one before (doubled, plus 1 when
    the buttons changed, then followed by the buttons held), then how far it moved across
    and down. A pointer moving at 60 samples a second takes 3 bytes a sample, 4 letters.

    >>> path = (PointerSample(0, 40, 40), PointerSample(16, 41, 38, LEFT))
    >>> path_text(path), parse_path(path_text(path)) == path
    ('AFBQIQECAw', True)
    """
    out = bytearray()
    ms = x = y = buttons = 0
    for sample in path:
        changed = sample.buttons != buttons
        numbers = [(sample.ms - ms) * 2 + changed]
        if changed:
            numbers.append(sample.buttons)
        numbers += [_zigzag(sample.x - x), _zigzag(sample.y - y)]
        for number in numbers:
            while number >= 0x80:
                out.append(number & 0x7F | 0x80)
                number >>= 7
            out.append(number)
        ms, x, y, buttons = sample.ms, sample.x, sample.y, sample.buttons
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def parse_path(text: str) -> tuple[PointerSample, ...]:
    """The path :func:`path_text` wrote; :class:`InvalidRecordError` if it is damaged."""
    damaged = InvalidRecordError("the pointer's path in the record is damaged")
    if len(text) > MOST_SAMPLES * 8 or text.strip(_ALPHABET):
        raise damaged
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise damaged from None
    numbers: list[int] = []
    number = shift = 0
    for byte in data:
        number |= (byte & 0x7F) << shift
        shift += 7
        if number >= _LARGEST_STEP:
            raise damaged
        if byte < 0x80:
            numbers.append(number)
            number = shift = 0
    if shift:
        raise damaged
    samples: list[PointerSample] = []
    ms = x = y = buttons = 0
    at, count = 0, len(numbers)
    while at < count:
        step = numbers[at]
        if step & 1:
            buttons = numbers[at + 1] if at + 1 < count else 8
            at += 1
        if at + 2 >= count or buttons > 7:
            raise damaged
        ms += step >> 1
        x, y = x + _unzigzag(numbers[at + 1]), y + _unzigzag(numbers[at + 2])
        at += 3
        if ms > MAX_MS or max(abs(x), abs(y)) >= _LARGEST_STEP or len(samples) >= MOST_SAMPLES:
            raise damaged
        samples.append(PointerSample(ms, x, y, buttons))
    return tuple(samples)


def _zigzag(number: int) -> int:
    """0, -1, 1, -2… as 0, 1, 2, 3…: small either way, so short as variable-length bytes."""
    return number * 2 if number >= 0 else -number * 2 - 1


def _unzigzag(number: int) -> int:
    return number >> 1 if not number & 1 else -(number >> 1) - 1


SAMPLE_MS = 16
"""The shortest time between two moves kept: one frame of a 60 Hz screen."""


class PointerTrack:
    """The samples of one game's pointer, in order of time."""

    def __init__(self) -> None:
        self._samples: list[PointerSample] = []

    def add(self, ms: int, x: int, y: int, buttons: int) -> bool:
        """Keep the pointer at (``x``, ``y``) with ``buttons`` held at ``ms``, unless it is
        too soon after the last move kept or too close to it; whether it was kept. A time
        earlier than the last sample's counts as the last's (the clock never goes back)."""
        samples = self._samples
        if len(samples) >= MOST_SAMPLES:
            return False
        buttons &= 7  # left, right, middle: the DOM's other bits (back, forward) are no press
        if samples:
            last = samples[-1]
            ms = max(ms, last.ms)
            if buttons == last.buttons and (ms - last.ms < SAMPLE_MS or (x, y) == (last.x, last.y)):
                return False
        samples.append(PointerSample(ms, x, y, buttons))
        return True

    def samples(self) -> tuple[PointerSample, ...]:
        return tuple(self._samples)

    def __len__(self) -> int:
        return len(self._samples)
