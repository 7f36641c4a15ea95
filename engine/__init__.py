"""The Minesweeper rules engine: pure Python, shared by every front end.

>>> game = new_game(BEGINNER, seed=7)
>>> outcome = apply(game, Move.parse("O4,4"))
>>> outcome.game.status.value, outcome.game.tile(4, 4)
('playing', 0)
"""

from engine.errors import (
    InvalidFirstClickError,
    InvalidLayoutError,
    InvalidLevelError,
    InvalidMoveError,
    InvalidNumberError,
    InvalidRecordError,
    InvalidSeedError,
)
from engine.first_click import FirstClick
from engine.game import (
    Clicks,
    Game,
    Outcome,
    Status,
    Waste,
    apply,
    deal_steps,
    new_game,
    waste,
    with_question_marks,
)
from engine.grid import Grid
from engine.layout import Layout, generate
from engine.level import (
    BEGINNER,
    EXPERT,
    EXPERT_PORTRAIT,
    INTERMEDIATE,
    PRESETS,
    Level,
    parse_custom,
)
from engine.moves import Action, Move
from engine.record import MarksChange, Record, Replayable, TimedMove
from engine.rng import Rng, parse_seed, random_seed
from engine.stats import Stats, game_stats, three_bv

__all__ = [
    "BEGINNER",
    "EXPERT",
    "EXPERT_PORTRAIT",
    "INTERMEDIATE",
    "PRESETS",
    "Action",
    "Clicks",
    "FirstClick",
    "Game",
    "Grid",
    "InvalidFirstClickError",
    "InvalidLayoutError",
    "InvalidLevelError",
    "InvalidMoveError",
    "InvalidNumberError",
    "InvalidRecordError",
    "InvalidSeedError",
    "Layout",
    "Level",
    "MarksChange",
    "Move",
    "Outcome",
    "Record",
    "Replayable",
    "Rng",
    "Stats",
    "Status",
    "TimedMove",
    "Waste",
    "apply",
    "deal_steps",
    "game_stats",
    "generate",
    "new_game",
    "parse_custom",
    "parse_seed",
    "random_seed",
    "three_bv",
    "waste",
    "with_question_marks",
]
