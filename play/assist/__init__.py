"""The solver's help to the player: hints, chances, the auto-player, the position editor."""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from play.assist.assistant import Hint, Overlay, warm_up_steps
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

__getattr__ = face(
    __name__,
    {
        "EDITOR_CELLS": "play.assist.position_edit",
        "Hint": "play.assist.assistant",
        "Overlay": "play.assist.assistant",
        "PositionEditor": "play.assist.editor",
        "Report": "play.assist.editor",
        "cycled": "play.assist.position_edit",
        "edited": "play.assist.position_edit",
        "resized": "play.assist.position_edit",
        "right_clicked": "play.assist.position_edit",
        "seen_before_loss": "play.assist.position_edit",
        "seen_in_round": "play.assist.position_edit",
        "warm_up_steps": "play.assist.assistant",
        "with_mines": "play.assist.position_edit",
    },
)
__all__ = [
    "EDITOR_CELLS",
    "Hint",
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
