"""A left click opens a questioned (``?``) cell, as Windows does; a flag still protects its
cell. The records written before, where such a click did nothing, replay as they were
played: a kept game, a game resumed, a review and a replay of one still show the game the
player saw (the rule a record was written under is in its text once it matters)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine import BEGINNER, Action, Game, Level, Move, Record, Status, apply, new_game
from engine import tiles as t
from play.session import Session
from terminal.commands import help_text
from tests.helpers import FakeClock


@st.composite
def questioned_games(draw: st.DrawFn) -> tuple[Game, int]:
    """A game in play on a small board, with a ``?`` on one of its covered cells."""
    rows, cols = draw(st.integers(2, 8)), draw(st.integers(2, 8))
    level = Level(rows, cols, draw(st.integers(1, rows * cols - 1)))
    game = new_game(level, draw(st.integers(0, 2**64 - 1)))
    game = apply(game, Move.reveal(draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))))
    game_ = game.game
    for _ in range(draw(st.integers(0, 6))):  # a few more moves of any kind
        if game_.status.is_over:
            break
        kind = draw(st.sampled_from(list(Action)))
        move = Move(kind, draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
        game_ = apply(game_, move).game
    covered = [cell for cell, tile in enumerate(game_.tiles) if tile == t.COVERED]
    if game_.status.is_over or not covered:
        return game_, -1
    cell = draw(st.sampled_from(covered))
    row, col = game_.grid.row_col(cell)
    game_ = apply(apply(game_, Move.mark(row, col)).game, Move.mark(row, col)).game
    assert game_.tiles[cell] == t.QUESTIONED
    return game_, cell


@given(questioned_games())
def test_a_reveal_of_a_questioned_cell_opens_it_or_loses(case: tuple[Game, int]) -> None:
    """It did nothing and said nothing; Windows opens it."""
    game, cell = case
    if cell < 0:
        return
    outcome = apply(game, Move.reveal(*game.grid.row_col(cell)))
    after = outcome.game
    assert after.status is Status.LOST or t.is_open(after.tiles[cell])
    assert cell in outcome.changed and outcome.message is None
    assert after.clicks.left == game.clicks.left + 1


def test_a_chord_opens_a_questioned_neighbour_and_a_flag_still_protects_its_cell() -> None:
    """The chord's rule is Windows' too: a ``?`` is no flag, so a chord opens it (and it is
    not counted among the number's flags); a flagged cell opens neither way."""
    game = new_game(BEGINNER, seed=42)
    game = apply(game, Move.reveal(4, 4)).game
    layout = game.layout
    assert layout is not None
    number = next(
        cell
        for cell, tile in enumerate(game.tiles)
        if t.is_open(tile)
        and tile == 1
        and any(game.tiles[n] == t.COVERED for n in game.grid.neighbours(cell))
    )
    around = [n for n in game.grid.neighbours(number) if game.tiles[n] == t.COVERED]
    mine = next(n for n in around if n in layout.mines)
    safe = [n for n in around if n not in layout.mines]
    game = apply(game, Move.mark(*game.grid.row_col(mine))).game  # the number's flag
    for cell in safe:  # each safe neighbour questioned
        game = apply(
            apply(game, Move.mark(*game.grid.row_col(cell))).game,
            Move.mark(*game.grid.row_col(cell)),
        ).game
        assert game.tiles[cell] == t.QUESTIONED
    chorded = apply(game, Move.chord(*game.grid.row_col(number))).game
    assert all(t.is_open(chorded.tiles[cell]) for cell in safe)
    assert chorded.tiles[mine] == t.FLAGGED
    assert apply(game, Move.reveal(*game.grid.row_col(mine))).changed == ()


def _old_record() -> tuple[str, int]:
    """A won beginner game written before a reveal opened a ``?`` cell: a mine questioned,
    then clicked (nothing happened), then the board cleared. Its text, and that mine."""
    game = apply(new_game(BEGINNER, seed=42), Move.reveal(4, 4)).game
    layout = game.layout
    assert layout is not None
    mine = min(layout.mines)
    row, col = game.grid.row_col(mine)
    moves = [Move.reveal(4, 4), Move.mark(row, col), Move.mark(row, col), Move.reveal(row, col)]
    moves += [
        Move.reveal(*game.grid.row_col(cell))
        for cell in range(BEGINNER.cells)
        if cell not in layout.mines and not t.is_open(game.tiles[cell])
    ]
    events = ";".join(f"{move}@{100 * n}" for n, move in enumerate(moves))
    return f"ms1;9x9/10;seed=42;marks=1;noguess=0;{events}", mine


def test_a_record_written_before_replays_its_click_on_a_questioned_cell_as_played() -> None:
    """A kept game, its replay and its review replay its record: an old one whose click on
    a ``?`` did nothing must not now lose on that mine (a won game shown lost)."""
    text, mine = _old_record()
    record = Record.parse(text)
    clicked = Record.parse(";".join(text.split(";")[:9])).replay()  # up to the click on the ?
    assert clicked.status is Status.PLAYING and clicked.tiles[mine] == t.QUESTIONED
    assert record.replay().status is Status.WON
    assert record.to_text() == text  # and it is written as it was read


def test_a_game_that_opens_a_questioned_cell_says_so_in_its_record() -> None:
    """The rule a record was written under is in its text once a ``?`` cell was opened:
    the record replays to the game played, carried on or not."""
    session = Session(seed=42, clock=FakeClock())
    session.play(Move.reveal(4, 4))
    layout = session.game.layout
    assert layout is not None
    cell = next(
        cell
        for cell in range(BEGINNER.cells)
        if cell not in layout.mines and session.game.tiles[cell] == t.COVERED
    )
    spot = session.game.grid.row_col(cell)
    session.play(Move.mark(*spot))
    session.play(Move.mark(*spot))
    assert session.game.tiles[cell] == t.QUESTIONED
    assert "qopen" not in session.record.to_text()  # nothing opened on a ? yet: as before
    resumed = Session(seed=1, clock=FakeClock())  # the game carried on from its snapshot
    assert resumed.resume(session.snapshot())
    for played in (session, resumed):
        played.play(Move.reveal(*spot))
        assert t.is_open(played.game.tiles[cell])
        text = played.record.to_text()
        assert ";qopen=1;" in text
        again = Record.parse(text)
        assert again == played.record and t.is_open(again.replay().tiles[cell])


def test_the_terminals_help_says_a_reveal_opens_a_questioned_cell() -> None:
    assert "a ? one too" in help_text(question_marks=True)
