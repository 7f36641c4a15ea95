"""engine.waste is the rule apply plays by: a click it calls a waste changes no tile, and
any other click on a game in play changes one (checked against apply's own outcome)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, Level, Move, apply, new_game, waste


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    clicks=st.lists(
        st.tuples(st.sampled_from(list(Action)), st.integers(0, 5), st.integers(0, 5)),
        min_size=1,
        max_size=25,
    ),
    marks=st.booleans(),
)
def test_a_waste_is_exactly_a_click_that_changes_no_tile(
    seed: int, clicks: list[tuple[Action, int, int]], marks: bool
) -> None:
    game = new_game(Level(6, 6, 7), seed, question_marks=marks)
    for kind, row, col in clicks:
        if game.status.is_over:
            break
        move = Move(kind, row, col)
        why = waste(game, move)
        outcome = apply(game, move)
        assert (why is None) == bool(outcome.changed), (move, why)
        if why is not None:
            assert outcome.game.tiles == game.tiles and outcome.message is not None
            assert outcome.game.clicks.total == game.clicks.total + 1
        game = outcome.game
