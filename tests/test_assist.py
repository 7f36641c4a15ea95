"""The solver's help as the page uses it: overlay, hint and auto-play, in CPython."""

import pytest

from engine import BEGINNER, EXPERT, INTERMEDIATE, Game, Level, Move, Status, apply, new_game
from engine import tiles as t
from engine.solver import analyse, opening_cell
from engine.steps import drain
from play.assist.assistant import Assistant, percent


def autoplay(game: Game) -> tuple[Game, int]:
    moves, assistant = 0, Assistant()  # one per game: its analysis is kept move to move
    while not game.status.is_over:
        move = drain(assistant.next_move_steps(game))
        assert move is not None
        game = apply(game, move).game
        moves += 1
        assert moves <= 3 * game.level.cells, "auto-play is going round in circles"
    return game, moves


@pytest.mark.parametrize("seed", range(6))
def test_overlay_shows_the_analysis(seed: int) -> None:
    game, assistant = new_game(INTERMEDIATE, seed), Assistant()
    for _ in range(4):  # a few moves in, so there is a frontier
        move = drain(assistant.next_move_steps(game))
        assert move is not None
        game = apply(game, move).game
    if game.status.is_over:
        return
    shown = drain(assistant.overlay_steps(game))
    analysis = analyse(game.grid, game.level.mines, game.tiles)
    assert shown is not None
    assert set(shown.cells) == {
        c
        for c in analysis.probability
        if c not in analysis.interior and t.is_covered(game.tiles[c])
    }
    assert all(shown.cells[c] == percent(analysis.probability[c]) for c in shown.cells)
    assert all(shown.cells[c] == 0 for c in shown.safe if c in shown.cells)
    assert all(shown.cells[c] == 100 for c in shown.mines if c in shown.cells)


@pytest.mark.parametrize("level", [BEGINNER, INTERMEDIATE, EXPERT])
def test_auto_play_finishes_every_game(level: Level) -> None:
    for seed in range(5):
        final, _ = autoplay(new_game(level, seed))
        assert final.status in (Status.WON, Status.LOST)


@pytest.mark.parametrize("level", [BEGINNER, INTERMEDIATE])
def test_auto_play_wins_every_no_guess_board(level: Level) -> None:
    for seed in range(4):
        final, _ = autoplay(new_game(level, seed, no_guess=True))
        assert final.no_guess, "the generator should find these boards"
        assert final.status is Status.WON


def test_hint_starts_with_the_opening_and_is_safe_when_certain() -> None:
    game = new_game(EXPERT, 3)
    found = drain(Assistant().hint_steps(game))
    assert found is not None and found.cell == opening_cell(game.grid)
    game = apply(game, Move.reveal(*game.grid.row_col(found.cell))).game
    found = drain(Assistant().hint_steps(game))
    assert found is not None and found.reason[:1].isupper()
    assert game.layout is not None
    if found.certain:
        assert found.cell not in game.layout.mines


def test_no_help_after_the_end() -> None:
    game = apply(new_game(BEGINNER, 1), Move.reveal(4, 4)).game
    assert game.layout is not None
    lost = apply(game, Move.reveal(*game.grid.row_col(min(game.layout.mines)))).game
    assert lost.status is Status.LOST
    assistant = Assistant()
    assert drain(assistant.overlay_steps(lost)) is None
    assert drain(assistant.hint_steps(lost)) is None
    assert drain(assistant.next_move_steps(lost)) is None
