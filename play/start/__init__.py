"""A visit's start: the start-up decision, the link, Back and Forward, the early clicks."""

from play.ledger.moments import today_utc
from play.start.address import Launch, first_values, from_params, position_query, to_query
from play.start.early_click import early_move
from play.start.history import History
from play.start.startup import open_session

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
