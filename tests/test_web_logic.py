"""The browser front end's pure modules, run in CPython: no DOM needed."""

import doctest
import re

import pytest

from engine import EXPERT, Action, Layout, Move, apply, new_game
from engine import tiles as t
from web.board import gestures, render, rows
from web.board.gestures import LEFT, MIDDLE, RIGHT, MouseGesture, Preview, TouchGesture
from web.board.render import board_html, led_html, led_text, row_html
from web.dialogs.stats import view as stats_view
from web.page import bytecode, keyboard, pace


def cell(n: int) -> tuple[int, int]:
    """Cell ``n`` of a 9-column board as ``(row, col)``."""
    return divmod(n, 9)


def move(kind: Action, n: int) -> Move:
    return Move(kind, *cell(n))


@pytest.mark.parametrize("module", [bytecode, gestures, keyboard, pace, render, rows, stats_view])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


# --- mouse -----------------------------------------------------------------------------


def test_left_press_follows_the_pointer_and_reveals_where_released() -> None:
    g = MouseGesture()
    assert g.press(LEFT, cell(3)) is None
    assert g.preview == Preview(cell(3), block=False)
    g.move(cell(4))
    assert g.preview == Preview(cell(4), block=False)
    assert g.release(LEFT, cell(4)) == move(Action.REVEAL, 4)
    assert g.preview is None and not g.active


def test_release_off_the_board_cancels() -> None:
    g = MouseGesture()
    g.press(LEFT, cell(3))
    g.move(None)
    assert g.preview is None
    assert g.release(LEFT, None) is None
    assert not g.active


def test_right_button_marks_on_the_way_down_only() -> None:
    g = MouseGesture()
    assert g.press(RIGHT, cell(8)) == move(Action.MARK, 8)
    assert g.preview is None
    assert g.release(RIGHT, cell(8)) is None


def test_both_buttons_chord_once_whichever_comes_up_first() -> None:
    for first_up, second_up in ((LEFT, RIGHT), (RIGHT, LEFT)):
        g = MouseGesture()
        g.press(LEFT, cell(10))
        assert g.press(RIGHT, cell(10)) is None  # no mark when right joins a held left
        assert g.preview == Preview(cell(10), block=True)
        g.move(cell(11))
        assert g.release(first_up, cell(11)) == move(Action.CHORD, 11)
        assert g.preview is None
        assert g.release(second_up, cell(11)) is None
        assert not g.active


def test_middle_button_chords() -> None:
    g = MouseGesture()
    g.press(MIDDLE, cell(2))
    assert g.preview == Preview(cell(2), block=True)
    assert g.release(MIDDLE, cell(2)) == move(Action.CHORD, 2)


def test_release_of_a_button_never_pressed_is_ignored() -> None:
    g = MouseGesture()
    assert g.release(LEFT, cell(1)) is None
    assert g.press(4, cell(1)) is None and not g.active  # "back" button


# --- touch -----------------------------------------------------------------------------


def test_tap_and_long_press_swap_in_flag_mode() -> None:
    g = TouchGesture()
    g.start(cell(5), 10, 10)
    assert g.end(flag_mode=True) == move(Action.MARK, 5)
    g.start(cell(5), 10, 10)
    assert g.long_press(flag_mode=True) == move(Action.REVEAL, 5)
    assert g.end(flag_mode=True) is None


def test_small_wobble_is_still_a_tap_and_a_new_touch_changes_the_token() -> None:
    g = TouchGesture()
    g.start(cell(5), 10, 10)
    token = g.token
    g.move(14, 13)
    assert g.pressing == cell(5)
    assert g.end(flag_mode=False) == move(Action.REVEAL, 5)
    g.start(cell(6), 0, 0)
    assert g.token != token
    assert g.pressing == cell(6)


def test_touch_off_the_board_does_nothing() -> None:
    g = TouchGesture()
    g.start(None, 0, 0)
    assert g.long_press(flag_mode=False) is None and g.end(flag_mode=False) is None


# --- rendering ---------------------------------------------------------------------------


def test_led_text_for_the_counter_range() -> None:
    assert [led_text(n) for n in (0, 9, 99, 999, 1000, -1, -99, -100)] == [
        "000", "009", "099", "999", "999", "-01", "-99", "-99",
    ]  # fmt: skip


def test_led_html_text_content_is_the_number() -> None:
    text = re.sub(r"<[^>]+>", "", led_html(-7))
    assert text == "-07"
    assert led_html(42).count('class="seg ') == 21


def test_board_html_follows_the_dom_contract() -> None:
    game = apply(new_game(EXPERT, seed=3), Move.reveal(8, 15)).game
    html = board_html(game)
    cells = re.findall(r'<div class="cell"[^>]*>', html)
    assert len(cells) == EXPERT.cells
    assert html.count('<div class="row">') == EXPERT.rows
    for index, cell in enumerate(cells):
        row, col = divmod(index, EXPERT.cols)
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', cell))
        assert (attrs["data-row"], attrs["data-col"]) == (str(row), str(col))
        tile = game.tiles[index]
        assert f'data-state="{t.state_name(tile)}"' in cell
        assert ("data-value=" in cell) == t.is_open(tile)


def test_covered_cells_never_reveal_a_mine() -> None:
    layout = Layout.from_text("*...\n....\n...*")
    game = apply(new_game(layout=layout), Move.reveal(0, 3)).game
    html = row_html(game, 0) + row_html(game, 2)
    assert "mine" not in html and html.count('data-state="covered"') == 5
