"""A left click opens a questioned (``?``) cell, as Windows does; a flag still protects its
cell. One rule for every game and record: a live game, a ghost from a race link, a replay
file of another clone and a record pasted replay alike (docs/architecture.md says what a
record written before the rule replays)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine import BEGINNER, Action, Game, Level, Move, Status, apply, new_game
from engine import tiles as t
from terminal.commands import help_text


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


def test_the_terminals_help_says_a_reveal_opens_a_questioned_cell() -> None:
    assert "a ? one too" in help_text(question_marks=True)
