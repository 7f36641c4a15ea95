"""What a front end shows of play besides the game itself: the keyboard's cursor on the
board, a replay's playback clock and its counters, the live counters of the game in play,
the commands a player gives (:class:`Command`: each front end names its own keys for them),
what the analysis editor's keys set, and a sitting of practice on show.

Pure Python, as all of :mod:`play`: the browser (:mod:`web`) draws these and feeds them its
events and its timer's ticks; it keeps no state of play of its own.
"""

from play import face

__getattr__, __all__ = face(__name__)
