"""The solver's help to the player: hints, chances, the auto-player, the position editor."""

from play.assist.assistant import Overlay, warm_up_steps
from play.assist.editor import PositionEditor, Report
from play.assist.position_edit import (
    EDITOR_CELLS,
    cycled,
    edited,
    resized,
    right_clicked,
    seen_before_loss,
    seen_in_round,
    with_mines,
)

__all__ = [
    "EDITOR_CELLS",
    "Overlay",
    "PositionEditor",
    "Report",
    "cycled",
    "edited",
    "resized",
    "right_clicked",
    "seen_before_loss",
    "seen_in_round",
    "warm_up_steps",
    "with_mines",
]
