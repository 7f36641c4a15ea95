"""The Minesweeper rules engine: pure Python, shared by every front end.

>>> game = new_game(BEGINNER, seed=7)
>>> outcome = apply(game, Move.parse("O4,4"))
>>> outcome.game.status.value, outcome.game.tile(4, 4)
('playing', 0)
"""

from engine import tiles
from engine.counters import Counters
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
from engine.grid import Grid, Spot, spot_name
from engine.layout import Layout, generate
from engine.level import (
    BEGINNER,
    EXPERT,
    EXPERT_PORTRAIT,
    INTERMEDIATE,
    MAX_SIDE,
    PRESETS,
    Level,
    parse_custom,
)
from engine.live import Moment
from engine.moves import Action, Move
from engine.numbers import excerpt, parse_whole
from engine.position_text import PositionTextError, SeenPosition
from engine.record import PATH_CELL_PX, MarksChange, Record, Replayable, TimedMove
from engine.rng import Rng, parse_seed, random_seed
from engine.stats import Stats, game_stats, three_bv
from engine.steps import Done, Pause, Steps, drain
from engine.wording import agree, count

__all__ = [
    "BEGINNER",
    "EXPERT",
    "EXPERT_PORTRAIT",
    "INTERMEDIATE",
    "MAX_SIDE",
    "PATH_CELL_PX",
    "PRESETS",
    "Action",
    "Clicks",
    "Counters",
    "Done",
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
    "Moment",
    "Move",
    "Outcome",
    "Pause",
    "PositionTextError",
    "Record",
    "Replayable",
    "Rng",
    "SeenPosition",
    "Spot",
    "Stats",
    "Status",
    "Steps",
    "TimedMove",
    "Waste",
    "agree",
    "apply",
    "count",
    "deal_steps",
    "drain",
    "excerpt",
    "game_stats",
    "generate",
    "new_game",
    "parse_custom",
    "parse_seed",
    "parse_whole",
    "random_seed",
    "spot_name",
    "three_bv",
    "tiles",
    "waste",
    "with_question_marks",
]
