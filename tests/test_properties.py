"""Hypothesis properties of the rules, checked on small random boards and games."""

from dataclasses import astuple

from hypothesis import given
from hypothesis import strategies as st

from engine import Action, Game, Level, Move, Record, Status, apply, generate, new_game
from engine import tiles as t
from engine.layout import safe_zone


@st.composite
def levels(draw: st.DrawFn) -> Level:
    rows = draw(st.integers(1, 8))
    cols = draw(st.integers(2 if rows == 1 else 1, 8))
    return Level(rows, cols, draw(st.integers(1, rows * cols - 1)))


@st.composite
def moves_on(draw: st.DrawFn, level: Level) -> Move:
    kind = draw(st.sampled_from(list(Action)))
    return Move(kind, draw(st.integers(0, level.rows - 1)), draw(st.integers(0, level.cols - 1)))


@st.composite
def played(draw: st.DrawFn) -> tuple[Game, list[Move]]:
    level = draw(levels())
    game = new_game(level, draw(st.integers(0, 2**64 - 1)), question_marks=draw(st.booleans()))
    return game, draw(st.lists(moves_on(level), max_size=25))


seeds = st.integers(0, 2**64 - 1)


@given(levels(), seeds, st.data())
def test_layout_has_the_mines_asked_for_away_from_the_first_cell(
    level: Level, seed: int, data: st.DataObject
) -> None:
    first = data.draw(st.integers(0, level.cells - 1))
    layout = generate(level, seed, first)
    assert len(layout.mines) == level.mines
    assert not layout.mines & set(safe_zone(level, first))
    if level.cells - len(level.grid.block(first)) >= level.mines:
        assert layout.counts[first] == 0


def naive_flood(game: Game, before: bytes, start: int) -> set[int]:
    """Reference: grow the open set until no open zero has a closed neighbour.

    ``game`` supplies the layout; ``before`` is what was covered before the move.
    """
    assert game.layout is not None
    counts, grid = game.layout.counts, game.grid
    opened = {start}
    while True:
        grown = {
            n
            for cell in opened
            if counts[cell] == 0
            for n in grid.neighbours(cell)
            if before[n] in (t.COVERED, t.QUESTIONED)
        }
        if grown <= opened:
            return opened
        opened |= grown


@given(levels(), seeds, st.data())
def test_first_reveal_floods_like_the_naive_reference(
    level: Level, seed: int, data: st.DataObject
) -> None:
    first = data.draw(st.integers(0, level.cells - 1))
    game = new_game(level, seed)
    outcome = apply(game, Move.reveal(*level.grid.row_col(first)))
    assert outcome.game.status is not Status.LOST
    expected = naive_flood(outcome.game, game.tiles, first)
    if outcome.game.status is Status.WON:
        opened = {c for c in outcome.changed if t.is_open(outcome.game.tiles[c])}
    else:
        opened = set(outcome.changed)
    assert opened == expected
    assert outcome.game.opened == len(expected)


@given(played())
def test_games_keep_their_invariants(case: tuple[Game, list[Move]]) -> None:
    game, moves = case
    for move in moves:
        before = astuple(game)
        outcome = apply(game, move)
        assert astuple(game) == before  # the input state is never mutated
        new = outcome.game
        changed = {i for i in range(game.level.cells) if new.tiles[i] != game.tiles[i]}
        assert changed == set(outcome.changed)
        assert len(outcome.changed) == len(changed)  # each cell reported once
        assert (not changed) == (outcome.message is not None) or new.status.is_over
        if new.layout is not None:
            safe = new.level.cells - new.level.mines
            all_open = sum(1 for tile in new.tiles if t.is_open(tile)) == safe
            assert (new.status is Status.WON) == (all_open and new.status is not Status.LOST)
            assert new.opened == sum(1 for tile in new.tiles if t.is_open(tile))
        assert new.flags == sum(1 for tile in new.tiles if tile == t.FLAGGED) or new.status.is_over
        if new.status is Status.WON:
            assert new.layout is not None
            assert all(new.tiles[m] == t.FLAGGED for m in new.layout.mines)
        if new.status is Status.LOST:
            assert new.tiles.count(t.EXPLODED) >= 1
            assert (
                t.COVERED in new.tiles
                or new.tiles.count(t.MINE)
                + new.tiles.count(t.EXPLODED)
                + new.tiles.count(t.FLAGGED)
                >= new.level.mines
            )
        game = new


@given(played())
def test_covered_tiles_never_reveal_a_mine_while_playing(case: tuple[Game, list[Move]]) -> None:
    game, moves = case
    for move in moves:
        game = apply(game, move).game
        if not game.status.is_over:
            assert not {t.MINE, t.EXPLODED, t.WRONG_FLAG} & set(game.tiles)


@given(played())
def test_move_text_round_trips(case: tuple[Game, list[Move]]) -> None:
    for move in case[1]:
        assert Move.parse(str(move)) == move


@given(played(), st.lists(st.integers(0, 10_000), max_size=25))
def test_record_round_trips_and_replays_to_the_same_state(
    case: tuple[Game, list[Move]], gaps: list[int]
) -> None:
    game, moves = case
    record = Record.of(game)
    ms = 0
    for move, gap in zip(moves, gaps + [0] * len(moves), strict=False):
        ms += gap
        record = record.add(move, ms)
        game = apply(game, move).game
    assert Record.parse(record.to_text()) == record
    assert record.replay() == game
