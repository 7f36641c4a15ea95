"""The face of :mod:`play.lab`: its one list of names, which mypy reads in place of its
``__init__.py`` and :func:`play.face` reads at run time (imported on first use)."""

from play.lab.boards import Boards as Boards
from play.lab.boards import BoardsError as BoardsError
from play.lab.code_text import Edit as Edit
from play.lab.code_text import changed_span as changed_span
from play.lab.code_text import dedent as dedent
from play.lab.code_text import indent as indent
from play.lab.code_text import index_to_utf16 as index_to_utf16
from play.lab.code_text import newline as newline
from play.lab.code_text import utf16_to_index as utf16_to_index
from play.lab.cs50 import CS50Bot as CS50Bot
from play.lab.figures import rate as rate
from play.lab.figures import wilson as wilson
from play.lab.loading import BotFileError as BotFileError
from play.lab.loading import error_line as error_line
from play.lab.loading import load_bot as load_bot
from play.lab.protocol import MAX_TEXT as MAX_TEXT
from play.lab.protocol import ProtocolError as ProtocolError
from play.lab.protocol import answer_of as answer_of
from play.lab.protocol import checked as checked
from play.lab.protocol import question as question
from play.lab.protocol import question_of as question_of
from play.lab.referee import BotStopped as BotStopped
from play.lab.referee import GameEnd as GameEnd
from play.lab.referee import Referee as Referee
from play.lab.referee import Reply as Reply
from play.lab.referee import TooSlow as TooSlow
from play.lab.referee import View as View
from play.lab.referee import referee_game as referee_game
from play.lab.referee import reply as reply
from play.lab.settings import LabSettings as LabSettings
from play.lab.settings import LabSettingsError as LabSettingsError
from play.lab.solver_bot import SolverBot as SolverBot
from play.lab.stepping import move_said as move_said
from play.lab.stepping import play_async as play_async
from play.lab.tally import Tally as Tally
