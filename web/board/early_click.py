"""The click the player made while the page loaded: read from the page, played, forgotten.

static/skeleton.js keeps the first reveal made on the covered board in
``<body data-early-click>``; whether it may still be played is :mod:`play.start.early_click`'s
decision. This adapter only reads the attribute, removes it, and plays the click through
the screen, as the pointer would have, so the page shows what it opened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from play.start import early_move

if TYPE_CHECKING:
    from play.session import Session
    from web.board.screen import Screen

ATTRIBUTE = "data-early-click"


def play_kept_click(body: Any, session: Session, screen: Screen) -> bool:
    """Play the kept click if it fits the session's game; True when it was played.
    The record is removed either way: it is played at most once."""
    text = body.getAttribute(ATTRIBUTE)  # JavaScript's null (JsNull) when there is none
    body.removeAttribute(ATTRIBUTE)
    click = early_move(text if isinstance(text, str) else None, session)
    if click is None:
        return False
    move = click.move
    screen.cursor.point_at(move.row, move.col)
    screen.play(move, click.via)
    return True
