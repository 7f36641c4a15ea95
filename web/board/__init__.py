"""The board and its input: its drawing by difference (:mod:`web.board.view`, rows and
tiles' HTML), the panel above it (the counters, the face, the timer), the chances drawn over
it, the pointer's and the keys' input, and the screen that ties them to the session.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from web.board.chance_mask import interior_mask
from web.board.early_click import play_kept_click
from web.board.highlights import shown_pressed
from web.board.keys import Keys
from web.board.panel import Panel, counters_html, face_name
from web.board.pointer import Pointer
from web.board.render import board_html, escape, led_html, marked_board_html, small_board_html
from web.board.screen import Screen
from web.board.view import NEAR_ONLY_ABOVE, View

__all__ = [
    "NEAR_ONLY_ABOVE",
    "Keys",
    "Panel",
    "Pointer",
    "Screen",
    "View",
    "board_html",
    "counters_html",
    "escape",
    "face_name",
    "interior_mask",
    "led_html",
    "marked_board_html",
    "play_kept_click",
    "shown_pressed",
    "small_board_html",
]
