"""The game in play: its round, the dealer, its clock, settings, notices, how a call reports."""

from play.game.channel import Update
from play.game.clock import Clock, ClockFace
from play.game.daily import daily_name, share_line
from play.game.input import Input
from play.game.notice import Hint, Notice, Topic, Until, capitalised, sentence
from play.game.picture import Picture
from play.game.race import RACE_PARAM, BadRaceLink, Ghost
from play.game.result import Result, kept_figures
from play.game.settings import FIRST_CLICK_CHOICES, Settings

__all__ = [
    "FIRST_CLICK_CHOICES",
    "RACE_PARAM",
    "BadRaceLink",
    "Clock",
    "ClockFace",
    "Ghost",
    "Hint",
    "Input",
    "Notice",
    "Picture",
    "Result",
    "Settings",
    "Topic",
    "Until",
    "Update",
    "capitalised",
    "daily_name",
    "kept_figures",
    "sentence",
    "share_line",
]
