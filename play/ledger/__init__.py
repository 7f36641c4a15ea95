"""The ledger: every finished game in one book, the statistics read from it, the moments
kept (one sortable text in UTC), JSON read strictly."""

from play.ledger.entries import Entry, Ledger
from play.ledger.moments import stamp, utc_now
from play.ledger.safe_json import loads
from play.ledger.statistics import (
    BoardSummary,
    DailySummary,
    board_summaries,
    board_title,
    daily_summary,
)

__all__ = [
    "BoardSummary",
    "DailySummary",
    "Entry",
    "Ledger",
    "board_summaries",
    "board_title",
    "daily_summary",
    "loads",
    "stamp",
    "utc_now",
]
