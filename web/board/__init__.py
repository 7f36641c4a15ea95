"""The board and its input: its drawing by difference (:mod:`web.board.view`, rows and
tiles' HTML), the panel above it (the counters, the face, the timer), the chances drawn over
it, the pointer's and the keys' input, and the screen that ties them to the session.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from web.board.chance_mask import interior_mask
    from web.board.early_click import play_kept_click
    from web.board.highlights import shown_pressed
    from web.board.keys import Keys
    from web.board.panel import Panel, counters_html
    from web.board.pointer import Pointer
    from web.board.render import board_html, escape, led_html, marked_board_html, small_board_html
    from web.board.screen import Screen
    from web.board.view import NEAR_ONLY_ABOVE, View

__getattr__ = face(
    __name__,
    {
        "Keys": "web.board.keys",
        "NEAR_ONLY_ABOVE": "web.board.view",
        "Panel": "web.board.panel",
        "Pointer": "web.board.pointer",
        "Screen": "web.board.screen",
        "View": "web.board.view",
        "board_html": "web.board.render",
        "counters_html": "web.board.panel",
        "escape": "web.board.render",
        "interior_mask": "web.board.chance_mask",
        "led_html": "web.board.render",
        "marked_board_html": "web.board.render",
        "play_kept_click": "web.board.early_click",
        "shown_pressed": "web.board.highlights",
        "small_board_html": "web.board.render",
    },
)
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
    "interior_mask",
    "led_html",
    "marked_board_html",
    "play_kept_click",
    "shown_pressed",
    "small_board_html",
]
