"""The analysis editor's keys: the tile each of its commands sets at the cursor.

Which key names which command is the key table's (:data:`play.game_ui.BINDINGS`,
:attr:`play.game_ui.Context.EDITOR`); what a command sets is here, beside the cursor that
moves on the editor's board (:class:`play.game_ui.BoardCursor`, the same as the game's).

>>> from play.game_ui.keys import Context, command_for
>>> [TILES[command_for(Context.EDITOR, key)] for key in "3.F"] == [3, 0, t.FLAGGED]
True
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import tiles as t
from play.game_ui.keys import Command

TILES: Mapping[Command, int] = {
    **{Command(f"set-{n}"): n for n in range(9)},
    Command.SET_FLAG: t.FLAGGED,
    Command.SET_MINE: t.MINE,
    Command.SET_COVERED: t.COVERED,
}
"""The tile each of the editor's set commands puts under the cursor: an open number, a
flag, a known mine, or covered again."""
