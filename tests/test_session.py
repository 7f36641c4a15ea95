"""Every rule the play session owns, in CPython with a frozen clock."""

from __future__ import annotations

import doctest

import pytest

import play.assist.assistant
import play.game.clock
import play.game.notice
import play.game.result
import play.game.settings
import play.session
import play.start.address
from engine import BEGINNER, EXPERT, INTERMEDIATE, Action, Level, Move, Record, Status
from engine import tiles as t
from engine.solver import analyse
from engine.steps import Pause, drain
from play.game import Input, Settings, Until, Update
from play.game.input import interpret
from play.game.notice import Topic
from play.session import FINDING, Session
from tests.helpers import FakeClock

SEED = 42


def session_at(
    level: Level = BEGINNER, seed: int = SEED, **settings: object
) -> tuple[Session, FakeClock]:
    clock = FakeClock()
    session = Session(Settings(level=level, **settings), seed=seed, clock=clock)  # type: ignore[arg-type]
    return session, clock


def opened(session: Session) -> Session:
    session.play(Move.reveal(4, 4))
    return session


def a_number(session: Session) -> tuple[int, int]:
    game = session.game
    for cell, tile in enumerate(game.tiles):
        if t.is_open(tile) and tile > 0:
            return game.grid.row_col(cell)
    raise AssertionError("no open number")


def covered_safe_cells(session: Session) -> list[int]:
    game = session.game
    analysis = analyse(game.grid, game.level.mines, game.tiles)
    return sorted(c for c in analysis.safe if game.tiles[c] == t.COVERED)


@pytest.mark.parametrize(
    "module",
    [
        play.start.address,
        play.assist.assistant,
        play.game.clock,
        play.game.notice,
        play.game.result,
        play.session,
        play.game.settings,
    ],
)
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


# --- the record and the clock ------------------------------------------------------------


def test_clock_starts_at_the_first_reveal_and_marks_before_it_are_at_zero() -> None:
    session, clock = session_at()
    session.play(Move.mark(0, 0))
    clock.now += 5
    assert session.timer.seconds() == 0 and not session.timer.running
    session.play(Move.reveal(4, 4))
    clock.now += 2.5
    session.play(Move.mark(0, 0))
    assert [m.ms for m in session.record.moves] == [0, 0, 2500]
    assert session.timer.seconds() == 2.5 and session.timer.display() == 3


def test_a_clock_going_backwards_never_breaks_the_record() -> None:
    session, clock = opened(session_at()[0]), None
    clock = session._clock  # type: ignore[attr-defined]
    assert isinstance(clock, FakeClock)
    clock.now += 3
    session.play(Move.mark(0, 0))
    clock.now -= 10
    session.play(Move.mark(0, 0))
    assert [m.ms for m in session.record.moves] == [0, 3000, 3000]


def test_moves_the_engine_ignores_are_not_recorded_but_wasted_clicks_are() -> None:
    session, _ = session_at()
    opened(session)
    session.play(Move.reveal(40, 40))  # off the board
    assert len(session.record.moves) == 1
    update = session.play(Move.reveal(4, 4))  # already open: a wasted click
    assert update.counted and not update.changed
    assert len(session.record.moves) == 2


def test_the_time_of_a_finished_game_is_its_records_last_move() -> None:
    session, clock = session_at()
    opened(session)
    mine = next(iter(session.game.layout.mines))  # type: ignore[union-attr]
    clock.now += 7.25
    session.play(Move.reveal(*session.game.grid.row_col(mine)))
    assert session.game.status is Status.LOST
    clock.now += 100
    assert session.timer.seconds() == 7.25 and not session.timer.running
    assert session.result is not None and session.result.seconds == 7.25


def test_the_record_replays_to_the_game() -> None:
    session, clock = session_at(EXPERT)
    session.play(Move.reveal(8, 15))
    for cell in covered_safe_cells(session)[:5]:
        clock.now += 0.4
        session.play(Move.reveal(*session.game.grid.row_col(cell)))
    assert Record.parse(session.record.to_text()).replay() == session.game


# --- what a gesture means ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("via", "kind", "click_chords", "expected"),
    [
        (Input.MOUSE, Action.REVEAL, False, Action.REVEAL),
        (Input.MOUSE, Action.REVEAL, True, Action.CHORD),
        (Input.TOUCH, Action.REVEAL, False, Action.CHORD),
        (Input.KEYS, Action.REVEAL, False, Action.CHORD),
        (Input.TOUCH, Action.MARK, False, Action.CHORD),  # Flag mode's tap, a long press
        (Input.MOUSE, Action.MARK, True, Action.MARK),
        (Input.TEXT, Action.REVEAL, False, Action.REVEAL),
    ],
)
def test_a_move_on_an_open_number(
    via: Input, kind: Action, click_chords: bool, expected: Action
) -> None:
    session, _ = session_at(click_chords=click_chords)
    row, col = a_number(opened(session))
    assert session.play(Move(kind, row, col), via).move.kind is expected


def test_a_finger_on_a_covered_cell_marks_it() -> None:
    session, _ = session_at()
    assert session.play(Move.mark(0, 0), Input.TOUCH).move == Move.mark(0, 0)


def test_a_touch_player_in_flag_mode_can_chord() -> None:
    """Bug 4: a tap (a mark in Flag mode) on a satisfied number chords."""
    session, _ = session_at(flag_mode=True)
    opened(session)
    game = session.game
    layout = game.layout
    assert layout is not None
    for cell, tile in enumerate(game.tiles):
        around = game.grid.neighbours(cell)
        covered = [n for n in around if game.tiles[n] == t.COVERED]
        mines = [n for n in around if n in layout.mines]
        if t.is_open(tile) and tile > 0 and len(covered) > len(mines):
            break
    else:
        raise AssertionError("no number with safe cells around it")
    for mine in mines:
        session.play(Move.mark(*game.grid.row_col(mine)), Input.TOUCH)
    before = session.game.opened
    session.play(Move.mark(*game.grid.row_col(cell)), Input.TOUCH)
    assert session.game.opened > before


def test_the_first_reveal_of_a_no_guess_game_says_it_searches_and_lets_that_paint() -> None:
    session, _ = session_at(no_guess=True)
    seen: list[Update] = []
    session.subscribe(seen.append)
    mark = session.move_steps(Move.mark(0, 0))
    with pytest.raises(StopIteration):  # a mark needs no board: played in the first slice
        next(mark)
    work = session.move_steps(Move.reveal(4, 4))
    assert next(work) is Pause.PAINT  # the notice is reported, and paints first
    assert session.notice is not None and session.notice.text == FINDING
    assert session.game.layout is None and len(seen) == 3
    update = drain(work)
    assert update is not None and update.move == Move.reveal(4, 4)
    assert session.notice is None and session.game.no_guess and session.game.layout is not None
    assert seen[-1] is update and len(seen) == 4
    with pytest.raises(StopIteration):  # the board is found: played at once
        next(session.move_steps(Move.reveal(0, 0)))


def test_moves_made_while_the_board_is_found_are_played_after_its_first_reveal() -> None:
    session, _ = session_at(no_guess=True)
    seen: list[Update] = []
    session.subscribe(seen.append)
    first, flag, tap = Move.reveal(4, 4), Move.mark(0, 0), Move.reveal(4, 4)
    work = session.move_steps(first)
    next(work)
    for move, via in ((flag, Input.MOUSE), (tap, Input.TOUCH)):
        with pytest.raises(StopIteration) as waiting:  # they wait: nothing to run
            next(session.move_steps(move, via))
        assert waiting.value.value is None
    assert session.game.layout is None and len(seen) == 2  # the board, "Finding…"
    assert drain(work) is seen[2]
    # In order, each once, as made: the tap on the opened cell is read on the board as
    # it is by then (a chord on a number, with a finger).
    assert [u.move for u in seen[2:4]] == [first, flag]
    chord = interpret(session.game, tap, Input.TOUCH, session.settings.click_chords)
    assert seen[4].move == chord and len(seen) == 5


def test_a_call_that_changes_nothing_the_player_sees_reports_nothing() -> None:
    """Simon Tatham's PKR_NO_EFFECT: no update, so no drawing, for nothing."""
    session, _ = session_at()
    seen: list[Update] = []
    session.subscribe(seen.append)
    session.change(click_chords=False)  # already off
    session.stop_auto()  # not on
    session.say("Hello.")
    session.say("Hello.")  # said already
    assert [u.fresh for u in seen] == [True, False]
    opened(session)
    session.play(Move.reveal(4, 4))  # a move that did nothing still answers, with its word
    assert seen[-1].move == Move.reveal(4, 4) and not seen[-1].changed and seen[-1].message


# --- notices -------------------------------------------------------------------------------


def test_a_hints_reason_goes_with_the_next_move() -> None:
    """Bug 8: a hint's reason stayed after the move was played."""
    session, _ = session_at()
    opened(session)
    hint = drain(session.hint_steps())
    assert hint is not None and session.notice is not None
    assert session.notice.until is Until.NEXT_MOVE
    session.play(Move.reveal(*session.game.grid.row_col(hint.cell)))
    assert session.notice is None


def test_a_warning_about_the_game_goes_when_the_game_ends() -> None:
    """Bug 8: a bad-URL warning stayed after the game was won."""
    session, _ = session_at()
    session.say("Ignored the seed.", warning=True)
    opened(session)
    assert session.notice is not None  # still about this game
    while session.game.status is Status.PLAYING:
        session.play(Move.reveal(*session.game.grid.row_col(covered_safe_cells(session)[0])))
    assert session.game.status is Status.WON
    assert session.notice is None


def test_a_new_game_clears_the_notice() -> None:
    session, _ = session_at()
    session.say("Ignored the seed.", warning=True)
    session.new_game()
    assert session.notice is None


# --- settings ------------------------------------------------------------------------------


def test_question_marks_turn_off_at_once_and_marks_placed_stay() -> None:
    """Bug 5: unticking "? marks" mid-game did nothing until the next game."""
    session, clock = session_at()
    opened(session)
    cell = covered_safe_cells(session)[0]
    spot = session.game.grid.row_col(cell)
    other = next(c for c in range(81) if session.game.tiles[c] == t.COVERED and c != cell)
    other_spot = session.game.grid.row_col(other)
    for _ in range(2):
        session.play(Move.mark(*spot))
    assert session.game.tiles[cell] == t.QUESTIONED
    clock.now += 1
    session.change(question_marks=False)
    assert not session.game.question_marks
    assert session.game.tiles[cell] == t.QUESTIONED  # stays until cycled
    session.play(Move.mark(*spot))
    assert session.game.tiles[cell] == t.COVERED
    session.play(Move.mark(*other_spot))
    session.play(Move.mark(*other_spot))
    assert session.game.tiles[other] == t.COVERED  # flag -> covered, no "?"
    assert Record.parse(session.record.to_text()).replay() == session.game


def test_question_marks_on_a_ready_game_start_its_record_afresh() -> None:
    session, _ = session_at()
    session.change(question_marks=False)
    assert session.record == Record.of(session.game) and not session.record.question_marks


def test_no_guess_deals_the_same_seed_again_before_the_first_move() -> None:
    session, _ = session_at()
    before = session.game
    session.change(no_guess=True)
    assert session.game is not before and session.game.no_guess
    assert session.game.seed == before.seed


def test_no_guess_mid_game_waits_for_the_next_game_and_says_so() -> None:
    session, _ = session_at()
    opened(session)
    before = session.game
    session.change(no_guess=True)
    assert session.game is before
    assert session.notice is not None and "next game" in session.notice.text
    session.new_game()
    assert session.game.no_guess


def test_showing_chances_makes_the_game_assisted() -> None:
    session, _ = session_at()
    opened(session)
    assert not session.assisted and drain(session.overlay_steps()) is None
    session.change(show_chances=True)
    assert session.assisted and drain(session.overlay_steps()) is not None
    session.new_game()
    assert session.assisted  # chances on from the start


def test_the_clock_waits_while_a_dialog_covers_the_board() -> None:
    """The clock once ran on behind Practice and Analyse (002 -> 005 -> 008)
    while the board could not be played. Each dialog pauses it by its name; it runs on
    once the last one is closed, and the time behind them is never counted."""
    session, clock = session_at()
    drawn: list[Update] = []
    session.subscribe(drawn.append)
    session.pause("stats")  # before the first reveal: no clock to stop
    session.carry_on("stats")
    assert not session.timer.running and len(drawn) == 1
    opened(session)
    clock.now += 2.0
    session.pause("replays")
    assert not session.timer.running and session.timer.paused
    assert drawn[-1].game is session.game and not drawn[-1].changed  # the timer stops
    clock.now += 30.0
    session.pause("analysis")  # opened over Replays
    clock.now += 30.0
    session.carry_on("analysis")
    assert not session.timer.running  # Replays still covers the board
    assert session.timer.display() == 3 and session.timer.seconds() == 2.0
    clock.now += 30.0
    session.carry_on("replays")
    assert session.timer.running and not session.timer.paused and session.timer.seconds() == 2.0
    clock.now += 1.5
    row, col = a_number(session)
    session.play(Move.chord(row, col))
    assert session.record.moves[-1].ms == 3500  # the move's time leaves the pauses out
    session.carry_on("replays")  # closed twice: nothing more
    assert session.timer.running and session.timer.seconds() == 3.5


def test_a_level_change_deals_a_new_game_and_remembers_custom_boards() -> None:
    session, _ = session_at()
    custom = Level(10, 12, 20)
    session.change(level=custom)
    assert session.game.level == custom and session.game.status is Status.READY
    session.change(level=EXPERT)
    assert session.settings.custom_default == custom  # the dialog offers it again


def test_chances_after_a_move_to_a_smaller_board_are_of_that_board() -> None:
    """Bug 1 (the session's part): the overlay describes the board being played."""
    session, _ = session_at(INTERMEDIATE, show_chances=True)
    session.play(Move.reveal(8, 8))
    session.change(level=BEGINNER)
    session.play(Move.reveal(4, 4))
    overlay = drain(session.overlay_steps())
    assert overlay is not None
    assert all(0 <= cell < BEGINNER.cells for cell in overlay.cells)
    assert len(set(overlay.cells.values())) > 1


# --- the solver's help ---------------------------------------------------------------------


def test_hint_and_auto_play_say_why_once_the_game_is_over() -> None:
    """Bug 9: Hint and Auto-play did nothing, with no word, once a game was over."""
    session, _ = session_at()
    opened(session)
    mine = next(iter(session.game.layout.mines))  # type: ignore[union-attr]
    session.play(Move.reveal(*session.game.grid.row_col(mine)))
    assert drain(session.hint_steps()) is None
    assert session.notice is not None and session.notice.topic is Topic.GAME_OVER
    session.notice = None
    assert not session.start_auto()
    assert session.notice is not None and session.notice.topic is Topic.GAME_OVER


def test_a_hint_on_a_wrong_flag_names_the_flag() -> None:
    """Bug 9: a hint pointing at a wrongly flagged cell said "is safe" only."""
    session, _ = session_at()
    opened(session)
    for cell in covered_safe_cells(session):
        session.play(Move.mark(*session.game.grid.row_col(cell)))
    hint = drain(session.hint_steps())
    assert hint is not None and session.game.tiles[hint.cell] == t.FLAGGED
    assert "flag" in hint.reason and "wrong" in hint.reason
    assert session.assisted


def test_auto_play_plays_to_the_end_as_an_assisted_game() -> None:
    session, _ = session_at(seed=3)
    assert session.start_auto()
    steps = 0
    while drain(session.auto_steps()) is not None:
        steps += 1
        assert steps < 500
    assert session.game.status.is_over and not session.auto_playing
    assert session.result is not None and session.result.assisted


def test_the_players_own_move_stops_auto_play() -> None:
    session, _ = session_at()
    session.start_auto()
    drain(session.auto_steps())
    session.play(Move.mark(0, 0), Input.MOUSE)
    assert not session.auto_playing and drain(session.auto_steps()) is None


def test_the_auto_players_move_is_worked_out_then_played_and_only_on_its_own_game() -> None:
    """The move gets a turn of its own after the thinking: a player's move in between wins."""
    session, _ = session_at()
    session.start_auto()
    game = session.game
    steps = session.auto_steps()
    while next(steps) is not Pause.TURN:
        pass
    assert session.game is game  # worked out, nothing played yet
    update = drain(steps)
    assert update is not None and update.game is session.game is not game
    # Worked out for one position, the player moved before its turn: dropped.
    steps = session.auto_steps()
    while next(steps) is not Pause.TURN:
        pass
    session.play(Move.mark(0, 0), Input.MOUSE)
    moves = len(session.record.moves)
    assert drain(steps) is None and len(session.record.moves) == moves
    assert not session.auto_playing


# --- the result ----------------------------------------------------------------------------


def test_an_instant_win_shows_no_rate_rather_than_zero() -> None:
    """Bug 10: an instant win reported "3BV/s 0.00"."""
    session, _ = session_at(Level(1, 4, 1), seed=5)
    # The first reveal in a corner of a 1x4 board with one mine leaves the game won, or
    # one certain move from won, at the same instant on a frozen clock.
    session.play(Move.reveal(0, 0))
    while session.game.status is Status.PLAYING:
        session.play(Move.reveal(*session.game.grid.row_col(covered_safe_cells(session)[0])))
    assert session.result is not None and session.result.won
    assert dict(session.result.figures())["3BV/s"] == "—"


def test_the_rate_uses_the_games_milliseconds() -> None:
    session, clock = session_at()
    opened(session)
    layout = session.game.layout
    assert layout is not None
    clock.now += 0.5
    for cell in range(BEGINNER.cells):
        if cell not in layout.mines and session.game.tiles[cell] == t.COVERED:
            session.play(Move.reveal(*session.game.grid.row_col(cell)))
    result = session.result
    assert result is not None and result.won and result.seconds == 0.5
    rate = dict(result.figures())["3BV/s"]
    assert rate == f"{result.stats.bbbv / 0.5:.2f}" and rate != "0.00"


def test_the_session_does_not_load_the_solver_until_asked() -> None:
    """The page imports the session at start; the solver is a third of our Python and
    compiles on first use only (the start-up budget of the page depends on it)."""
    import subprocess
    import sys

    script = (
        "import sys, play, play.session, play.start.startup, web.board.render\n"
        "print(sorted(m for m in sys.modules if m.startswith('engine.solver')))"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_a_game_resumed_makes_its_level_the_one_played() -> None:
    """Back to a game of another level: the level (the menu, the face's next deal) is the
    game's on screen, not the one left."""
    intermediate = Session(Settings(level=INTERMEDIATE), seed=3, clock=FakeClock())
    intermediate.play(Move.reveal(8, 8))
    session = Session(Settings(level=EXPERT), seed=4, clock=FakeClock())
    assert session.resume(intermediate.snapshot())
    assert session.settings.level == INTERMEDIATE and session.game.level == INTERMEDIATE
    session.new_game()
    assert session.game.level == INTERMEDIATE
    custom = Level(10, 12, 20)
    on_custom = Session(Settings(level=custom), seed=5, clock=FakeClock())
    on_custom.play(Move.reveal(5, 5))
    assert session.resume(on_custom.snapshot())
    assert session.settings.level == custom and session.settings.custom_default == custom
