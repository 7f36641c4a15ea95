"""The ledger: every finished game in one book, the statistics read from it, the moments
kept (one sortable text in UTC), JSON read strictly."""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
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

__getattr__ = face(
    __name__,
    {
        "BoardSummary": "play.ledger.statistics",
        "DailySummary": "play.ledger.statistics",
        "Entry": "play.ledger.entries",
        "Ledger": "play.ledger.entries",
        "board_summaries": "play.ledger.statistics",
        "board_title": "play.ledger.statistics",
        "daily_summary": "play.ledger.statistics",
        "loads": "play.ledger.safe_json",
        "stamp": "play.ledger.moments",
        "utc_now": "play.ledger.moments",
    },
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
