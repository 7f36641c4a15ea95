"""The browser front end's logic, run in CPython: no DOM needed."""

import doctest
import re

import pytest

from engine import EXPERT, Action, Layout, Level, Move, apply, new_game
from engine import tiles as t
from web import assist, gestures, keyboard, render, settings, stopwatch
from web.gestures import LEFT, MIDDLE, RIGHT, Intent, MouseGesture, Preview, TouchGesture
from web.render import board_html, led_html, led_text, row_html
from web.settings import from_query
from web.stopwatch import Stopwatch


@pytest.mark.parametrize("module", [assist, gestures, keyboard, render, settings, stopwatch])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


# --- mouse -----------------------------------------------------------------------------


def test_left_press_follows_the_pointer_and_reveals_where_released() -> None:
    g = MouseGesture()
    assert g.press(LEFT, 3) is None
    assert g.preview == Preview(3, block=False)
    g.move(4)
    assert g.preview == Preview(4, block=False)
    assert g.release(LEFT, 4) == Intent(Action.REVEAL, 4)
    assert g.preview is None and not g.active


def test_release_off_the_board_cancels() -> None:
    g = MouseGesture()
    g.press(LEFT, 3)
    g.move(None)
    assert g.preview is None
    assert g.release(LEFT, None) is None
    assert not g.active


def test_right_button_marks_on_the_way_down_only() -> None:
    g = MouseGesture()
    assert g.press(RIGHT, 8) == Intent(Action.MARK, 8)
    assert g.preview is None
    assert g.release(RIGHT, 8) is None


def test_both_buttons_chord_once_whichever_comes_up_first() -> None:
    for first_up, second_up in ((LEFT, RIGHT), (RIGHT, LEFT)):
        g = MouseGesture()
        g.press(LEFT, 10)
        assert g.press(RIGHT, 10) is None  # no mark when right joins a held left
        assert g.preview == Preview(10, block=True)
        g.move(11)
        assert g.release(first_up, 11) == Intent(Action.CHORD, 11)
        assert g.preview is None
        assert g.release(second_up, 11) is None
        assert not g.active


def test_middle_button_chords() -> None:
    g = MouseGesture()
    g.press(MIDDLE, 2)
    assert g.preview == Preview(2, block=True)
    assert g.release(MIDDLE, 2) == Intent(Action.CHORD, 2)


def test_release_of_a_button_never_pressed_is_ignored() -> None:
    g = MouseGesture()
    assert g.release(LEFT, 1) is None
    assert g.press(4, 1) is None and not g.active  # "back" button


# --- touch -----------------------------------------------------------------------------


def test_tap_and_long_press_swap_in_flag_mode() -> None:
    g = TouchGesture()
    g.start(5, 10, 10)
    assert g.end(flag_mode=True) == Intent(Action.MARK, 5)
    g.start(5, 10, 10)
    assert g.long_press(flag_mode=True) == Intent(Action.REVEAL, 5)
    assert g.end(flag_mode=True) is None


def test_small_wobble_is_still_a_tap_and_a_new_touch_changes_the_token() -> None:
    g = TouchGesture()
    g.start(5, 10, 10)
    token = g.token
    g.move(14, 13)
    assert g.pressing == 5
    assert g.end(flag_mode=False) == Intent(Action.REVEAL, 5)
    g.start(6, 0, 0)
    assert g.token != token
    assert g.pressing == 6


def test_touch_off_the_board_does_nothing() -> None:
    g = TouchGesture()
    g.start(None, 0, 0)
    assert g.long_press(flag_mode=False) is None and g.end(flag_mode=False) is None


# --- stopwatch ---------------------------------------------------------------------------


def test_stopwatch_wakes_on_whole_seconds_and_freezes_when_stopped() -> None:
    w = Stopwatch()
    w.start(100.0)
    assert w.until_next_tick(100.25) == pytest.approx(0.75)
    assert w.display(100.999) == 1 and w.display(101.0) == 2
    w.stop(105.5)
    assert w.display(200.0) == 6 and not w.running
    w.reset()
    assert w.display(300.0) == 0 and w.elapsed(300.0) == 0.0


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


# --- URL settings ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, level",
    [
        ("", Level(9, 9, 10)),
        ("?level=intermediate", Level(16, 16, 40)),
        ("?level=EXPERT", EXPERT),
        ("?rows=20&cols=40&mines=100", Level(20, 40, 100)),
        ("?level=expert&rows=5&cols=5&mines=3", Level(5, 5, 3)),  # an explicit size wins
    ],
)
def test_good_queries(query: str, level: Level) -> None:
    parsed = from_query(query)
    assert parsed.level == level and parsed.messages == ()


@pytest.mark.parametrize(
    "query, says",
    [
        ("?level=impossible", "Ignored level=impossible"),
        ("?rows=9&cols=9&mines=81", "takes 1 to 80 mines"),
        ("?rows=9&cols=9", "mines missing"),
        ("?rows=0&cols=9&mines=1", "rows must be from 1 to 1000"),
        ("?rows=1e3&cols=9&mines=1", "rows must be a whole number"),
        ("?rows=2000&cols=2000&mines=5", "must be from 1 to 1000"),
    ],
)
def test_bad_sizes_fall_back_to_beginner_with_a_message(query: str, says: str) -> None:
    parsed = from_query(query)
    assert parsed.level == Level(9, 9, 10)
    assert len(parsed.messages) == 1 and says in parsed.messages[0]


@pytest.mark.parametrize("seed", ["x", "-1", "1.5", "99999999999999999999", ""])
def test_bad_seeds_fall_back_to_random(seed: str) -> None:
    parsed = from_query(f"?seed={seed}")
    assert parsed.seed is None and "Using a random seed" in parsed.messages[0]


def test_switches() -> None:
    assert from_query("?hints&auto=1&noguess=true").hints
    parsed = from_query("?hints=0&auto=false")
    assert not parsed.hints and not parsed.auto and not parsed.no_guess
