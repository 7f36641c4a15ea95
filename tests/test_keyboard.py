"""Keyboard play in CPython: the cursor stays on the board and keys map to moves."""

from engine import Action, Grid
from web.keyboard import Keyboard


def test_cursor_stops_at_the_edges() -> None:
    keys = Keyboard(Grid(2, 3))
    for key in ("ArrowUp", "ArrowLeft", "k", "h"):
        keys.press(key)
        assert keys.cursor == 0
    for key in ("ArrowDown", "ArrowDown", "l", "l", "l"):
        keys.press(key)
    assert keys.cursor == 5
    keys.press("PageUp")
    keys.press("Home")
    assert keys.cursor == 0


def test_action_keys_act_at_the_cursor() -> None:
    keys = Keyboard(Grid(4, 4), cursor=6)
    assert [(i.action, i.cell) for k in (" ", "Enter", "f", "C") if (i := keys.press(k))] == [
        (Action.REVEAL, 6),
        (Action.REVEAL, 6),
        (Action.MARK, 6),
        (Action.CHORD, 6),
    ]
    assert not keys.handles("x") and keys.handles("End")
