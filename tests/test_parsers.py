"""Every parser is strict, bounded and linear, and speaks in our own words.

Regression tests for a play-test: huge numbers used to leak CPython's own "Exceeds the
limit (4300 digits)" message or crash the terminal, Unicode digits and Python's
``int()`` leniency (``4_2``, ``+42``) slipped through, messages echoed 20,000-character
inputs whole, records parsed in quadratic time and accepted moves off the board.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    BEGINNER,
    EXPERT,
    Action,
    InvalidLevelError,
    InvalidMoveError,
    InvalidRecordError,
    InvalidSeedError,
    Level,
    Move,
    Record,
    apply,
    new_game,
    parse_seed,
)
from engine import tiles as t
from terminal.commands import CommandError, parse_command
from terminal.console import Console
from terminal.options import parse_args

HUGE = "9" * 5000
"""More digits than CPython's int() accepts from text (4,300)."""

PYTHON_WORDS = ("Exceeds the limit", "invalid literal", "int()", "sys.set_int_max_str_digits")


def assert_our_words(error: BaseException, longest: int = 200) -> str:
    """The message, checked to be short and free of Python's own wording."""
    message = str(error)
    assert len(message) <= longest, message[:300]
    for words in PYTHON_WORDS:
        assert words not in message
    return message


# --- engine.numbers -------------------------------------------------------------------------


def test_excerpt_clips_long_text_and_shows_control_characters() -> None:
    from engine.numbers import excerpt

    assert excerpt("x" * 20_000) == '"' + "x" * 19 + '…"'
    assert excerpt("O3,4") == '"O3,4"'
    assert excerpt("") == '""'
    assert excerpt("a\nb\x1b[2J\u202e") == '"a\\nb\\x1b[2J\\u202e"'
    assert len(excerpt("\x00" * 10_000)) <= 22


@pytest.mark.parametrize(
    "text, number",
    [("0", 0), ("42", 42), (" 0042 ", 42), ("\t7\n", 7), ("1000", 1000), ("0" * 5000 + "5", 5)],
)
def test_parse_whole_reads_plain_ascii_digits(text: str, number: int) -> None:
    from engine.numbers import parse_whole

    assert parse_whole(text, "height", 0, 1000) == number


@pytest.mark.parametrize(
    "text, message",
    [
        ("4_2", 'height must be a whole number from 1 to 1000, got "4_2"'),
        ("+42", 'height must be a whole number from 1 to 1000, got "+42"'),
        ("\u0663", 'height must be a whole number from 1 to 1000, got "\u0663"'),
        ("4 2", 'height must be a whole number from 1 to 1000, got "4 2"'),
        ("", 'height must be a whole number from 1 to 1000, got ""'),
        ("1e3", 'height must be a whole number from 1 to 1000, got "1e3"'),
        ("-0", 'height must be a whole number from 1 to 1000, got "-0"'),
        ("5000", "height must be from 1 to 1000, got 5000"),
        ("0", "height must be from 1 to 1000, got 0"),
        ("-5", "height must be from 1 to 1000, got -5"),
        (HUGE, "height must be from 1 to 1000, got 9999999999999999999… (5000 digits)"),
    ],
)
def test_parse_whole_refuses_in_our_words(text: str, message: str) -> None:
    from engine.errors import InvalidNumberError
    from engine.numbers import parse_whole

    with pytest.raises(InvalidNumberError) as caught:
        parse_whole(text, "height", 1, 1000)
    assert assert_our_words(caught.value) == message


def test_parse_whole_raises_the_class_it_is_given() -> None:
    from engine.numbers import parse_whole

    with pytest.raises(InvalidLevelError, match="must be 1, got 2"):
        parse_whole("2", "mines", 1, 1, InvalidLevelError)
    with pytest.raises(InvalidSeedError):
        parse_whole("x" * 20_000, "seed", 0, 9, InvalidSeedError)


# --- seeds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["4_2", "+42", "\u0664\u0662", "4 2", HUGE, "1" * 4301, "x" * 20_000]
)
def test_parse_seed_is_strict_and_bounded(text: str) -> None:
    with pytest.raises(InvalidSeedError) as caught:
        parse_seed(text)
    assert_our_words(caught.value).startswith("seed must be")


def test_seed_messages_name_the_range() -> None:
    with pytest.raises(InvalidSeedError) as caught:
        parse_seed("4_2")
    assert str(caught.value) == (
        'seed must be a whole number from 0 to 18446744073709551615, got "4_2"'
    )
    with pytest.raises(InvalidSeedError, match=r"^seed must be from 0 to \d+, got -4$"):
        parse_seed("-4")


# --- moves ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["O3,4\u0663", "O\u0663,4", "F1,2\u0663", "C\u0661,\u0661"])
def test_moves_take_ascii_digits_only(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


def test_bad_move_messages_quote_a_short_excerpt() -> None:
    with pytest.raises(InvalidMoveError) as caught:
        Move.parse("O" + "1" * 20_000)
    assert_our_words(caught.value, longest=120)


# --- records ----------------------------------------------------------------------------------

HEAD = "ms1;9x9/10;seed=1;marks=1;noguess=0"


def record_text(count: int) -> str:
    return "ms1;30x16/99;seed=1;marks=1;noguess=0" + "".join(
        f";F{i % 16},{i % 30}@{i}" for i in range(count)
    )


def test_a_record_of_100_000_moves_parses_whole() -> None:
    """Its speed (linear in the moves: a quadratic parse took 14 s) is benchmarks.engine_calls'."""
    record = Record.parse(record_text(100_000))
    assert len(record.moves) == 100_000
    assert (str(record.moves[-1].move), record.moves[-1].ms) == ("F15,9", 99_999)


@pytest.mark.parametrize(
    "moves, message",
    [
        ("O4,4@0;O20,3@5", 'move 2 "O20,3" is off the 9x9 board'),
        ("F0,9@0", 'move 1 "F0,9" is off the 9x9 board'),
        ("O4,4@0;F1,1@1;C9,0@2", 'move 3 "C9,0" is off the 9x9 board'),
    ],
)
def test_records_refuse_moves_off_the_board(moves: str, message: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        Record.parse(f"{HEAD};{moves}")
    assert message in assert_our_words(caught.value)


def test_off_board_check_uses_rows_and_columns_the_right_way_round() -> None:
    record = Record.parse("ms1;30x16/99;seed=1;marks=1;noguess=0;O15,29@0")
    assert record.moves[0].move == Move.reveal(15, 29)
    with pytest.raises(InvalidRecordError, match='"O29,15" is off the 30x16 board'):
        Record.parse("ms1;30x16/99;seed=1;marks=1;noguess=0;O29,15@0")


@pytest.mark.parametrize(
    "text",
    [
        f"ms1;9x9/10;seed={HUGE};marks=1;noguess=0",
        "ms1;9x9/10;seed=4_2;marks=1;noguess=0",
        "ms1;9x9/10;seed=+42;marks=1;noguess=0",
        "ms1;9x9/10;seed=\u0664\u0662;marks=1;noguess=0",
        f"{HEAD};O1,1@{HUGE}",
        f"{HEAD};O1,1@\u0661\u0662",
        f"{HEAD};O1,1@1_0",
        f"ms1;{HUGE}x9/10;seed=1;marks=1;noguess=0",
        f"ms1;9x9/{HUGE};seed=1;marks=1;noguess=0",
        f"{HEAD};" + "O1,1" * 5000 + "@0",
        f"ms1;9x9/10;seed=1;marks={'1' * 20_000};noguess=0",
        f"ms1;9x9/10;{'seed' * 5000}=1;marks=1;noguess=0",
        f"{HEAD};O1,1@0;O1,1@{'1' + '0' * 20_000}",
    ],
)
def test_record_numbers_are_strict_and_messages_short(text: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        Record.parse(text)
    assert_our_words(caught.value)


def test_record_messages_name_the_move_and_its_place() -> None:
    with pytest.raises(InvalidRecordError) as caught:
        Record.parse(f"{HEAD};O1,1@50;O1,2@10")
    assert str(caught.value) == 'move 2 "O1,2@10" goes backwards in time: 10 ms after 50 ms'
    with pytest.raises(InvalidRecordError, match=r'^move 1 "O1,1" needs a time'):
        Record.parse(f"{HEAD};O1,1")


# --- question marks switched mid-game ---------------------------------------------------------


def test_with_question_marks_switches_the_option_only() -> None:
    from engine import with_question_marks

    game = new_game(BEGINNER, seed=3)
    assert with_question_marks(game, True) is game
    off = with_question_marks(game, False)
    assert not off.question_marks
    assert off.tiles == game.tiles and off.seed == game.seed and off.level == game.level


def test_question_marks_already_placed_stay_and_cycle_to_covered() -> None:
    from engine import with_question_marks

    game = new_game(BEGINNER, seed=3)
    for _ in range(2):  # covered -> flag -> question mark
        game = apply(game, Move.mark(0, 0)).game
    assert game.tile(0, 0) == t.QUESTIONED
    off = with_question_marks(game, False)
    assert off.tile(0, 0) == t.QUESTIONED  # switching does not touch the board
    cleared = apply(off, Move.mark(0, 0)).game
    assert cleared.tile(0, 0) == t.COVERED
    flagged = apply(cleared, Move.mark(0, 0)).game
    assert apply(flagged, Move.mark(0, 0)).game.tile(0, 0) == t.COVERED  # no "?" when off


def test_marks_change_text_round_trips() -> None:
    from engine import MarksChange

    record = (
        Record(BEGINNER, seed=8)
        .add(Move.mark(0, 0), 0)
        .set_marks(False, 700)
        .add(Move.mark(0, 0), 900)
        .set_marks(True, 1500)
    )
    text = record.to_text()
    assert text == "ms1;9x9/10;seed=8;marks=1;noguess=0;F0,0@0;Q0@700;F0,0@900;Q1@1500"
    assert Record.parse(text) == record
    assert record.moves[1].move == MarksChange(on=False)
    assert str(MarksChange(True)) == "Q1" and MarksChange.parse("Q0") == MarksChange(False)
    assert record.moves[-1].ms == 1500


def test_marks_change_replays_exactly() -> None:
    record = Record(BEGINNER, seed=8, question_marks=True)
    record = record.add(Move.mark(0, 0), 0).set_marks(False, 10)
    record = record.add(Move.mark(0, 0), 20)  # flag -> covered, not "?"
    game = Record.parse(record.to_text()).replay()
    assert game.tile(0, 0) == t.COVERED and not game.question_marks


@pytest.mark.parametrize("event", ["Q2@0", "Q@0", "Q01@0", "q1@0", "Q1,1@0"])
def test_bad_marks_changes_are_refused(event: str) -> None:
    with pytest.raises(InvalidRecordError, match="move 1"):
        Record.parse(f"{HEAD};{event}")


def test_set_marks_keeps_time_in_order() -> None:
    record = Record(BEGINNER, seed=8).add(Move.mark(0, 0), 100)
    with pytest.raises(ValueError, match="backwards"):
        record.set_marks(False, 50)


@st.composite
def events(draw: st.DrawFn) -> list[Move | bool]:
    moves = st.builds(Move, st.sampled_from(list(Action)), st.integers(0, 8), st.integers(0, 8))
    return draw(st.lists(st.one_of(moves, st.booleans()), max_size=30))


@given(events(), st.integers(0, 2**64 - 1), st.booleans())
def test_games_with_marks_switched_mid_game_replay_exactly(
    script: list[Move | bool], seed: int, marks: bool
) -> None:
    from engine import with_question_marks

    game = new_game(BEGINNER, seed, question_marks=marks)
    record = Record.of(game)
    for ms, step in enumerate(script):
        if isinstance(step, bool):
            game = with_question_marks(game, step)
            record = record.set_marks(step, ms)
        else:
            game = apply(game, step).game
            record = record.add(step, ms)
    parsed = Record.parse(record.to_text())
    assert parsed == record
    assert parsed.replay() == game


# --- levels -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rows, cols, mines, message",
    [
        (1, 1, 1, "a 1x1 board has no room for mines: make it at least 2 cells"),
        (9, 9, 81, "a 9x9 board takes 1 to 80 mines, got 81"),
        (16, 30, 0, "a 30x16 board takes 1 to 479 mines, got 0"),
        (1, 2, 2, "a 2x1 board takes exactly 1 mine, got 2"),
        (0, 9, 1, "rows must be from 1 to 1000, got 0"),
        (9, 1001, 1, "columns must be from 1 to 1000, got 1001"),
    ],
)
def test_level_messages_read_well(rows: int, cols: int, mines: int, message: str) -> None:
    with pytest.raises(InvalidLevelError) as caught:
        Level(rows, cols, mines)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "text",
    [
        f"{HUGE}x9/10",
        f"9x{HUGE}/10",
        f"9x9/{HUGE}",
        "\u0669x\u0669/\u0661\u0660",
        "9x9/1_0",
        "x" * 20_000,
    ],
)
def test_level_text_is_strict_and_bounded(text: str) -> None:
    with pytest.raises(InvalidLevelError) as caught:
        Level.parse(text)
    assert_our_words(caught.value)


def test_level_text_names_the_field_that_is_out_of_range() -> None:
    with pytest.raises(InvalidLevelError, match=r"^columns must be from 1 to 1000, got 99"):
        Level.parse(f"{HUGE}x9/10")
    with pytest.raises(InvalidLevelError, match=r"^a 9x9 board takes 1 to 80 mines"):
        Level.parse(f"9x9/{HUGE}")


@pytest.mark.parametrize(
    "height, width, mines, message",
    [
        ("-5", "9", "10", "Height must be from 1 to 1000, got -5"),
        ("9", "9", "81", "A 9x9 board takes 1 to 80 mines, got 81"),
        ("16", "30", "480", "A 30x16 board takes 1 to 479 mines, got 480"),
        ("9", "0", "10", "Width must be from 1 to 1000, got 0"),
        ("abc", "9", "10", 'Height must be a whole number from 1 to 1000, got "abc"'),
        ("9", "9", "ten", 'Mines must be a whole number from 1 to 80 on a 9x9 board, got "ten"'),
        ("1", "1", "1", "A 1x1 board has no room for mines: make it at least 2 cells"),
        (HUGE, "9", "10", "Height must be from 1 to 1000, got 9999999999999999999… (5000 digits)"),
        ("9", "9", "4_2", 'Mines must be a whole number from 1 to 80 on a 9x9 board, got "4_2"'),
    ],
)
def test_parse_custom_names_the_dialog_field(
    height: str, width: str, mines: str, message: str
) -> None:
    from engine import parse_custom

    with pytest.raises(InvalidLevelError) as caught:
        parse_custom(height, width, mines)
    assert str(caught.value) == message


def test_parse_custom_reads_height_width_mines() -> None:
    from engine import parse_custom

    assert parse_custom(" 16 ", "30", "99") == EXPERT


# --- terminal ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["o 1 " + "9" * 4301, f"o {HUGE} 1", "f 1,\u0663", "c \u0663 1", "o 1 4_2", "o +1 2"]
)
def test_commands_refuse_huge_and_unicode_numbers(text: str) -> None:
    with pytest.raises(CommandError) as caught:
        parse_command(text)
    assert_our_words(caught.value)


def test_command_messages_are_short() -> None:
    for text in ("x" * 20_000, "o " + "a" * 20_000 + " 1", "!" * 20_000, "3" * 20_000 + " 4"):
        with pytest.raises(CommandError) as caught:
            parse_command(text)
        assert_our_words(caught.value)


def test_commands_still_pass_near_misses_to_the_engine() -> None:
    from terminal.commands import Play

    # Typed from 1, as the board is labelled; the engine names the cell back as typed.
    assert parse_command("o -1 2") == Play(Move.reveal(-2, 1))
    assert parse_command("o 100 1") == Play(Move.reveal(99, 0))


def test_custom_menu_survives_huge_numbers() -> None:
    from terminal.menu import choose_level

    answers = io.StringIO(f"c\n{HUGE}\n9\n9\n10\n")
    console = Console.from_streams(answers, io.StringIO())
    assert choose_level(console) == BEGINNER
    out = console.output.getvalue()
    assert "Height must be from 1 to 1000, got 9999999999999999999… (5000 digits)." in out
    assert len(out) < 1000


def test_unknown_menu_choice_is_quoted_short() -> None:
    from terminal.menu import choose_level

    console = Console.from_streams(io.StringIO("z" * 20_000 + "\nb\n"), io.StringIO())
    assert choose_level(console) == BEGINNER
    assert len(console.output.getvalue()) < 1000


@pytest.mark.parametrize(
    "args",
    [["--seed", HUGE], ["--seed", "4_2"], ["--level", f"{HUGE}x9/10"], ["--seed", "x" * 20_000]],
)
def test_options_refuse_huge_numbers_in_our_words(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        parse_args(args)
    assert caught.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert len(error) < 300
    for words in PYTHON_WORDS:
        assert words not in error
