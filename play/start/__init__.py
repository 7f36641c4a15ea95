"""A visit's start: the start-up decision, the link, Back and Forward, the early clicks."""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from play.ledger.moments import today_utc
    from play.start.address import Launch, first_values, from_params, position_query, to_query
    from play.start.early_click import early_move
    from play.start.history import History
    from play.start.startup import open_session

__getattr__ = face(
    __name__,
    {
        "History": "play.start.history",
        "Launch": "play.start.address",
        "early_move": "play.start.early_click",
        "first_values": "play.start.address",
        "from_params": "play.start.address",
        "open_session": "play.start.startup",
        "position_query": "play.start.address",
        "to_query": "play.start.address",
        "today_utc": "play.ledger.moments",
    },
)
__all__ = [
    "History",
    "Launch",
    "early_move",
    "first_values",
    "from_params",
    "open_session",
    "position_query",
    "to_query",
    "today_utc",
]
