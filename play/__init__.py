"""The play session: the game being played, between the engine and every front end.

Pure Python, like :mod:`engine`; the browser (:mod:`web`) and the terminal
(:mod:`terminal`) both start one with :func:`play.startup.open_session`, drive it, and
draw each :class:`Update` it reports to the one function they subscribe.
"""

from play.notice import Notice, Until
from play.result import Result
from play.session import Clock, Input, Session, Update
from play.settings import Settings

__all__ = ["Clock", "Input", "Notice", "Result", "Session", "Settings", "Until", "Update"]
