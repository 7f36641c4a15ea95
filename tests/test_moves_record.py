import pytest

from engine import BEGINNER, EXPERT, InvalidMoveError, InvalidRecordError, Move, Record, Status


@pytest.mark.parametrize("text", ["O0,0", "F15,29", "C999,999"])
def test_move_text_round_trip(text: str) -> None:
    assert str(Move.parse(text)) == text


@pytest.mark.parametrize("text", ["", "O", "O3", "O3,", "o3,4", "X3,4", "O-1,2", "O3,4,5", "O 3,4"])
def test_malformed_moves_are_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="expected O, F or C"):
        Move.parse(text)


def test_record_text_and_replay() -> None:
    record = Record(EXPERT, seed=2024)
    for ms, text in enumerate(["O8,15", "F0,0", "F0,0", "O0,29"]):
        record = record.add(Move.parse(text), ms * 100)
    text = record.to_text()
    assert text == "ms1;30x16/99;seed=2024;marks=1;noguess=0;O8,15@0;F0,0@100;F0,0@200;O0,29@300"
    parsed = Record.parse(text)
    assert parsed == record
    assert parsed.replay().status in (Status.PLAYING, Status.LOST, Status.WON)
    assert parsed.replay() == record.replay()


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "not a game record"),
        ("ms2;9x9/10;seed=1;marks=1;noguess=0", "not a game record"),
        ("ms1;9x9/99;seed=1;marks=1;noguess=0", "a 9x9 board takes 1 to 80 mines"),
        ("ms1;9x9/10;seed=x;marks=1;noguess=0", "bad game record"),
        ("ms1;9x9/10;sd=1;marks=1;noguess=0", "expected seed="),
        ("ms1;9x9/10;seed=1;marks=2;noguess=0", "marks must be 0 or 1"),
        ("ms1;9x9/10;seed=1;marks=1;noguess=0;O1,1", "needs a time"),
        ("ms1;9x9/10;seed=1;marks=1;noguess=0;Q1,1@0", 'move 1 "Q1,1" is not a move'),
        ("ms1;9x9/10;seed=1;marks=1;noguess=0;X1,1@0", 'move 1 "X1,1" is not a move'),
        ("ms1;9x9/10;seed=1;marks=1;noguess=0;O1,1@50;O1,2@10", "backwards"),
    ],
)
def test_corrupt_records_are_refused(text: str, says: str) -> None:
    with pytest.raises(InvalidRecordError, match=says):
        Record.parse(text)


def test_record_of_a_game_keeps_its_options() -> None:
    from engine import new_game

    game = new_game(BEGINNER, seed=5, question_marks=False)
    record = Record.of(game)
    assert (record.seed, record.question_marks, record.level) == (5, False, BEGINNER)
    assert record.new_game() == game


def test_no_guess_game_replays_to_the_same_board() -> None:
    from engine import EXPERT, apply, new_game
    from engine.solver import clears_without_guessing

    record = Record(EXPERT, seed=99, no_guess=True).add(Move.reveal(8, 15), 0)
    first, again = record.replay(), Record.parse(record.to_text()).replay()
    assert first.no_guess and first.layout is not None
    assert again == first and again.layout == first.layout
    assert clears_without_guessing(16, 30, first.layout.mines, 8 * 30 + 15)
    plain = apply(new_game(EXPERT, 99), Move.reveal(8, 15)).game
    assert plain.layout != first.layout  # the option really changes the board
