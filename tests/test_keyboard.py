"""Keyboard play in CPython: the cursor stays on the board and keys map to moves."""

from engine import Action, Grid, Move
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
    assert [keys.press(k) for k in (" ", "Enter", "f", "C")] == [
        Move(Action.REVEAL, 1, 2),
        Move(Action.REVEAL, 1, 2),
        Move(Action.MARK, 1, 2),
        Move(Action.CHORD, 1, 2),
    ]
    assert not keys.handles("x") and keys.handles("End")
