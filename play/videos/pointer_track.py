"""The pointer's path over the board while a game is played, bounded in size.

The field's videos keep every move the system reports: Metasweeper's EVF files hold a
move every 8 ms (median; ``../shared/replays/test_subject.evf``, 87 a second over 70 s of
play), Viennasweeper's every 3 ms. A browser reports the pointer once a frame (60 a second
on most screens), so that is the rate kept here: a move is kept when at least
:data:`SAMPLE_MS` have passed since the last one kept and the pointer has moved by a pixel
or more (of a :data:`~engine.record.PATH_CELL_PX`-pixel cell); a press or release is always
kept. A path holds at most :data:`~engine.record.MOST_SAMPLES`; later moves are dropped.

>>> track = PointerTrack()
>>> for ms, x, y, buttons in [(0, 10, 10, 0), (5, 30, 10, 0), (20, 30, 10, 0), (20, 31, 10, 1)]:
...     _ = track.add(ms, x, y, buttons)
>>> [(s.ms, s.x, s.y, s.buttons) for s in track.samples()]
[(0, 10, 10, 0), (20, 30, 10, 0), (20, 31, 10, 1)]
"""

from __future__ import annotations

from engine.record import MOST_SAMPLES, PointerSample

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
