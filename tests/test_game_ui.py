"""play.game_ui in CPython: the keyboard's cursor, a replay's playback clock, and the commands
every front end shares, with the page's keys for them (and its one keydown listener) and the
terminal's words."""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import BEGINNER, Action, Grid, Move, Record
from play.game_ui import (
    TICK_S,
    BoardCursor,
    Command,
    Context,
    Playback,
)
from play.game_ui.cursor import COMMANDS
from play.videos.replay import Replay
from terminal.commands import ANSWERS, WORDS
from web.page import keyboard as key_table
from web.page.keyboard import BINDINGS, FOCUSED, Shortcuts, command_for, merged, unbound

# --- the cursor --------------------------------------------------------------------------

STEPS = {
    Command.CURSOR_UP: (-1, 0),
    Command.CURSOR_DOWN: (1, 0),
    Command.CURSOR_LEFT: (0, -1),
    Command.CURSOR_RIGHT: (0, 1),
}


def test_the_cursor_stops_at_the_edges() -> None:
    cursor = BoardCursor(Grid(2, 3))
    for command in (Command.CURSOR_UP, Command.CURSOR_LEFT):
        assert cursor.press(command) is None and cursor.cell == 0
    for command in (Command.CURSOR_DOWN,) * 2 + (Command.CURSOR_RIGHT,) * 3:
        cursor.press(command)
    assert cursor.cell == 5
    cursor.press(Command.TOP_ROW)
    cursor.press(Command.ROW_START)
    assert cursor.cell == 0
    cursor.press(Command.BOTTOM_ROW)
    cursor.press(Command.ROW_END)
    assert cursor.cell == 5


def test_the_action_commands_act_at_the_cursor() -> None:
    cursor = BoardCursor(Grid(4, 4), cell=6)
    commands = (Command.REVEAL, Command.MARK, Command.CHORD)
    assert [cursor.press(c) for c in commands] == [
        Move(Action.REVEAL, 1, 2),
        Move(Action.MARK, 1, 2),
        Move(Action.CHORD, 1, 2),
    ]
    assert cursor.cell == 6


def test_a_new_board_centres_the_cursor_and_a_click_takes_it_along() -> None:
    cursor = BoardCursor(Grid(9, 9))
    cursor.new_board(Grid(16, 30))
    assert cursor.grid == Grid(16, 30) and cursor.grid.row_col(cursor.cell) == (8, 15)
    cursor.point_at(2, 3)
    assert cursor.grid.row_col(cursor.cell) == (2, 3)


@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.lists(st.sampled_from(sorted(COMMANDS - {Command.REVEAL, Command.MARK, Command.CHORD}))),
)
def test_the_cursor_moves_as_a_clamped_walk(rows: int, cols: int, commands: list[Command]) -> None:
    """An independent walk on (row, col): each step clamped to the board, each end the
    row's or the column's."""
    cursor, row, col = BoardCursor(Grid(rows, cols)), 0, 0
    for command in commands:
        assert cursor.press(command) is None
        if command in STEPS:
            d_row, d_col = STEPS[command]
            row, col = min(max(row + d_row, 0), rows - 1), min(max(col + d_col, 0), cols - 1)
        else:
            row = {Command.TOP_ROW: 0, Command.BOTTOM_ROW: rows - 1}.get(command, row)
            col = {Command.ROW_START: 0, Command.ROW_END: cols - 1}.get(command, col)
        assert cursor.cell == row * cols + col


# --- the playback clock: its ticks are the fake clock, a tick a TICK_S ----------------------


def record_of(*times: int) -> Record:
    """A beginner game with a flag toggled at each of ``times`` (ms on the game's clock)."""
    record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0)
    for n, ms in enumerate(times):
        record = record.add(Move.mark(0, n % 9), ms)
    return record


def loaded(*times: int) -> Playback:
    playback = Playback()
    playback.load(Replay(record_of(*times)))
    return playback


def ticks_to_end(playback: Playback) -> int:
    ticks = 0
    while playback.playing:
        playback.tick()
        ticks += 1
    return ticks


@pytest.mark.parametrize("speed", [0.25, 0.5, 1.0, 2.0, 4.0])
def test_playing_takes_a_tick_a_tick_of_the_speed_to_the_end(speed: float) -> None:
    playback = loaded(1300, 2600, 5210)
    playback.speed = speed
    assert playback.play() and playback.playing
    step_ms = round(TICK_S * 1000 * speed)
    assert ticks_to_end(playback) == math.ceil(5210 / step_ms)
    assert (playback.ms, playback.index, playback.playing) == (5210, 4, False)


def test_each_tick_says_whether_another_position_shows() -> None:
    playback = loaded(120, 130)
    assert playback.index == 1  # loaded: the position at 0 ms, after the first reveal
    playback.play()
    shown: list[tuple[bool, int, int]] = []
    while playback.playing:
        changed = playback.tick()
        shown.append((changed, playback.ms, playback.index))
    assert shown == [(False, 50, 1), (False, 100, 1), (True, 130, 3)]  # 120 passed between


def test_a_paused_playback_does_not_move_and_plays_on_from_there() -> None:
    playback = loaded(1000)
    playback.play()
    playback.tick()
    playback.pause()
    assert not playback.playing and not playback.tick() and playback.ms == 50
    playback.play()
    assert ticks_to_end(playback) == math.ceil(950 / 50)


def test_played_at_its_end_it_starts_over() -> None:
    playback = loaded(100)
    playback.play()
    ticks_to_end(playback)
    assert playback.play() and (playback.ms, playback.index) == (0, -1)
    assert playback.tick() and playback.index == 1


def test_seeking_pauses_where_the_scrubber_is() -> None:
    playback = loaded(1000, 2000)
    playback.play()
    assert playback.seek(1500) and not playback.playing
    assert (playback.ms, playback.index) == (1500, 2)
    assert not playback.seek(1999)  # the same position


def test_steps_go_through_moves_of_the_same_millisecond_and_stay_in_the_game() -> None:
    playback = loaded(700, 700, 900)
    assert (playback.index, playback.ms) == (1, 0)  # the reveal at 0 ms
    assert playback.step(1) and (playback.index, playback.ms) == (2, 700)
    playback.step(1)
    assert (playback.index, playback.ms) == (3, 700)  # the second move at 700 ms
    playback.step(100)
    assert (playback.index, playback.ms) == (4, 900)
    playback.step(-100)
    assert (playback.index, playback.ms) == (0, 0)


def test_a_clip_plays_from_a_second_before_the_move_to_just_before_it() -> None:
    playback = loaded(1000, 2600)
    assert playback.clip(3) and playback.playing and playback.ms == 1600  # the flag at 2600
    ticks_to_end(playback)
    assert (playback.ms, playback.index) == (2599, 2)  # the position the move was made in
    assert not playback.clip(0) and not playback.clip(4)  # no such move


def test_without_a_replay_nothing_plays() -> None:
    playback = Playback()
    assert not playback.play() and not playback.tick() and not playback.seek(10)
    assert not playback.step(1) and not playback.clip(1) and not playback.playing


# --- the key table --------------------------------------------------------------------------


def test_every_command_is_bound_and_every_binding_names_a_command() -> None:
    bound = [command for table in BINDINGS.values() for command in table.values()]
    typed = [*WORDS.values(), *ANSWERS.values(), Command.SHOW_BOARD]  # the terminal's
    assert all(isinstance(command, Command) for command in bound + typed)
    assert set(bound) | set(typed) == set(Command)  # no command left without a key
    assert set(BINDINGS) == set(Context)


def test_the_front_ends_share_the_commands_they_both_name() -> None:
    """The same command by the page's key and the terminal's word: one table, two names."""
    page = {command for table in BINDINGS.values() for command in table.values()}
    terminal = set(WORDS.values()) | set(ANSWERS.values())
    assert page & terminal == {Command.NEW_GAME, Command.HELP, Command.STATS}


def test_a_key_bound_twice_in_one_context_is_refused() -> None:
    with pytest.raises(ValueError, match="bound twice"):
        key_table._keys(("s", Command.STATS), ("s", Command.REPLAYS))


def test_the_cursors_commands_are_the_boards() -> None:
    assert set(BINDINGS[Context.BOARD].values()) == COMMANDS


def test_shift_looks_for_the_shifted_key_first() -> None:
    assert command_for(Context.REPLAY, "ArrowLeft", shift=True) is Command.PREVIOUS_MISTAKE
    assert command_for(Context.REPLAY, "Home", shift=True) is Command.FIRST_MOVE
    assert command_for(Context.BOARD, "ArrowUp", shift=True) is Command.CURSOR_UP
    assert command_for(Context.PAGE, "ArrowLeft") is None


# --- the page's one keydown listener ----------------------------------------------------------


class Box:
    """An element that holds the elements given."""

    def __init__(self, *inside: Any) -> None:
        self.inside = inside

    def contains(self, target: Any) -> bool:
        return target is self or any(target is element for element in self.inside)


class Page:
    def __init__(self, dialog_open: bool = False) -> None:
        self.open = 1 if dialog_open else 0

    def querySelectorAll(self, _selector: str) -> Any:
        return SimpleNamespace(length=self.open)


def pressed(
    key: str, target: Any, dialog_open: bool = False, **held: bool
) -> tuple[list[Command], bool]:
    """The commands a key press on ``target`` runs, and whether its default is prevented."""
    targets = {
        "board": SimpleNamespace(tagName="DIV"),
        "replay": SimpleNamespace(tagName="BUTTON"),
        "practice": SimpleNamespace(tagName="DIV"),
        "editor": SimpleNamespace(tagName="DIV"),
        "code": SimpleNamespace(tagName="TEXTAREA"),
        "level-menu": SimpleNamespace(tagName="SELECT"),
    }
    ran: list[Command] = []

    def handler(command: Command) -> Any:
        return lambda _event: ran.append(command) or True

    shortcuts = Shortcuts(
        Page(dialog_open or target in ("replay", "practice", "editor", "code")),
        {context: Box(targets[context.value]) for context in FOCUSED},
        {context: {command: handler(command) for command in Command} for context in Context},
    )
    prevented: list[bool] = []
    event = SimpleNamespace(
        key=key,
        target=targets[target] if isinstance(target, str) else target,
        shiftKey=held.get("shift", False),
        ctrlKey=held.get("ctrl", False),
        altKey=held.get("alt", False),
        metaKey=held.get("meta", False),
        preventDefault=lambda: prevented.append(True),
    )
    shortcuts.on_keydown(event)
    return ran, bool(prevented)


BODY, FIELD = SimpleNamespace(tagName="BODY"), SimpleNamespace(tagName="INPUT")


def test_the_pages_shortcuts_are_read_outside_fields_and_dialogs() -> None:
    assert pressed("s", BODY) == ([Command.STATS], True)
    assert pressed("=", BODY) == ([Command.ZOOM_IN], True)
    assert pressed("s", FIELD) == ([], False)  # typed in a field
    assert pressed("s", BODY, dialog_open=True) == ([], False)
    assert pressed("s", BODY, ctrl=True) == ([], False)
    assert pressed("x", BODY) == ([], False)


def test_f2_is_read_everywhere() -> None:
    for target in (BODY, FIELD, "board", "replay"):
        assert pressed("F2", target, ctrl=True) == ([Command.NEW_GAME], True)


def test_the_boards_keys_only_on_the_board() -> None:
    assert pressed("ArrowLeft", "board") == ([Command.CURSOR_LEFT], True)
    assert pressed("F", "board", shift=True) == ([Command.MARK], True)
    assert pressed("ArrowLeft", "board", alt=True) == ([], False)
    assert pressed("ArrowLeft", BODY) == ([], False)
    assert pressed("s", "board") == ([Command.STATS], True)  # the page's still


def test_the_lab_codes_keys_edit_in_its_field_alone_and_escape_frees_tab() -> None:
    assert pressed("Tab", "code") == ([Command.INDENT], True)
    assert pressed("Tab", "code", shift=True) == ([Command.DEDENT], True)
    assert pressed("Enter", "code") == ([Command.NEW_LINE], True)
    # (the settings' Escape is read everywhere; its handler acts only while they are open)
    assert pressed("Escape", "code") == ([Command.CLOSE_SETTINGS, Command.LEAVE_CODE], True)
    assert pressed("s", "code") == ([], False)  # typed: no shortcut in the code
    assert pressed("Tab", "code", ctrl=True) == ([], False)  # the browser's own
    assert pressed("Tab", FIELD) == ([], False)
    assert pressed("b", BODY) == ([Command.LAB], True)


def test_the_replays_keys_only_in_the_replay_dialog() -> None:
    assert pressed("ArrowRight", "replay") == ([Command.STEP_FORWARD], True)
    assert pressed("ArrowRight", "replay", shift=True) == ([Command.NEXT_MISTAKE], True)
    assert pressed("End", "replay", ctrl=True) == ([Command.LAST_MOVE], True)  # as before
    assert pressed("s", "replay") == ([], False)  # a dialog is open


def test_a_command_that_does_not_act_leaves_the_key_to_the_browser() -> None:
    shortcuts = Shortcuts(
        Page(),
        {},
        {context: {command: (lambda _event: False) for command in Command} for context in Context},
    )
    prevented: list[bool] = []
    event = SimpleNamespace(
        key="Escape",
        target=BODY,
        shiftKey=False,
        ctrlKey=False,
        altKey=False,
        metaKey=False,
        preventDefault=lambda: prevented.append(True),
    )
    shortcuts.on_keydown(event)
    assert not prevented


def test_a_key_with_no_handler_is_refused_at_the_start() -> None:
    with pytest.raises(ValueError, match="no handler"):
        Shortcuts(Page(), {}, {Context.PAGE: {Command.STATS: lambda _event: True}})
    assert unbound({}) == {
        (context, command) for context, table in BINDINGS.items() for command in table.values()
    }


def test_a_command_handled_twice_in_one_context_is_refused() -> None:
    def run(_event: Any) -> bool:
        return True

    with pytest.raises(ValueError, match="handled twice in page"):
        merged({Context.PAGE: {Command.STATS: run}}, {Context.PAGE: {Command.STATS: run}})
    merged({Context.BOARD: {Command.CURSOR_UP: run}}, {Context.EDITOR: {Command.CURSOR_UP: run}})


def test_each_dialogs_board_reads_its_own_keys() -> None:
    assert pressed("ArrowLeft", "practice") == ([Command.CURSOR_LEFT], True)
    assert pressed("b", "practice") == ([Command.PICK_OPTION], True)
    assert pressed("Enter", "practice") == ([Command.ANSWER], True)
    assert pressed("ArrowLeft", "practice", ctrl=True) == ([], False)
    assert pressed("f", "editor") == ([Command.SET_FLAG], True)
    assert pressed("5", "editor") == ([Command.SET_5], True)
    assert pressed(" ", "editor") == ([Command.CYCLE], True)
    assert pressed("x", "practice") == ([], False)  # no letter offered
    assert pressed("s", "editor") == ([], False)  # a dialog is open: no page shortcut


def test_the_level_menus_keys_are_read_on_it_alone() -> None:
    assert pressed("ArrowDown", "level-menu") == ([Command.BROWSE_LEVELS], True)
    assert pressed("Enter", "level-menu") == ([Command.CHOOSE_LEVEL], True)
    assert pressed("e", "level-menu") == ([Command.BROWSE_LEVELS], True)  # typed ahead
    assert pressed("e", BODY) == ([], False)
