"""The game in play: its round, the dealer, its clock, settings, notices, how a call reports."""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from play.game.channel import Update
    from play.game.clock import Clock
    from play.game.daily import share_line
    from play.game.input import Input
    from play.game.notice import Notice, Topic, Until, capitalised, sentence
    from play.game.race import RACE_PARAM, BadRaceLink, Ghost
    from play.game.result import Result, kept_figures
    from play.game.settings import FIRST_CLICK_CHOICES, Settings

__getattr__ = face(
    __name__,
    {
        "BadRaceLink": "play.game.race",
        "Clock": "play.game.clock",
        "Ghost": "play.game.race",
        "Input": "play.game.input",
        "Notice": "play.game.notice",
        "RACE_PARAM": "play.game.race",
        "Result": "play.game.result",
        "FIRST_CLICK_CHOICES": "play.game.settings",
        "Settings": "play.game.settings",
        "Topic": "play.game.notice",
        "Until": "play.game.notice",
        "Update": "play.game.channel",
        "capitalised": "play.game.notice",
        "kept_figures": "play.game.result",
        "sentence": "play.game.notice",
        "share_line": "play.game.daily",
    },
)
__all__ = [
    "FIRST_CLICK_CHOICES",
    "RACE_PARAM",
    "BadRaceLink",
    "Clock",
    "Ghost",
    "Input",
    "Notice",
    "Result",
    "Settings",
    "Topic",
    "Until",
    "Update",
    "capitalised",
    "kept_figures",
    "sentence",
    "share_line",
]
