"""A dialog over the board: shown modal, with the game's clock waiting behind it.

Every dialog of the page (the custom board, Statistics, Practice, Replays and the analysis
editor) is shown by :func:`show` and wired by :func:`wire`: while it is open the board
cannot be played, so the session's clock waits (:meth:`play.session.Session.pause`, by the
dialog's id) and runs on when the dialog closes, whichever way it closes (its button,
Escape, a form's submit). A dialog opened over another (the editor over Replays) holds the
clock too: it runs once the last one is closed. While the clock waits, the board behind
the dialog is hidden (``#timer[data-paused]``, drawn by :class:`web.board.screen.Screen`): time
that is not counted is no time to read the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from play.session import Session
    from web.page import Listeners


def show(dialog: Any, session: Session) -> None:
    """Show ``dialog`` modal (unless it is open already); the game's clock waits."""
    if not dialog.open:
        dialog.showModal()
    session.pause(str(dialog.id))


def wire(listeners: Listeners, dialog: Any, session: Session) -> None:
    """Once ``dialog`` closes, the clock runs on (when nothing else covers the board)."""
    listeners.listen(dialog, "close", lambda _event: session.carry_on(str(dialog.id)))
