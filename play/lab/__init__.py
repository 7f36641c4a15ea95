"""The bot lab, front-end neutral: a player's bot plays seeded boards it sees only as a
player does, refereed, beside our solver on the same boards (docs/bot-lab.md says how and why).

- :mod:`play.lab.boards`: where a run's boards come from (a secret key, or numbered seeds);
- :mod:`play.lab.protocol`: the JSON between the referee's side and the bot's, checked;
- :mod:`play.lab.child`: the bot's side in the terminal's child process;
- :mod:`play.lab.referee`: one game of a bot (:func:`~play.lab.referee.referee_game`), the
  :class:`~play.lab.referee.View` it is given and how its game ended
  (:class:`~play.lab.referee.GameEnd`);
- :mod:`play.lab.loading`: a bot from its source text, either interface;
- :mod:`play.lab.cs50`: CS50's ``MinesweeperAI`` played through ours;
- :mod:`play.lab.solver_bot`: our solver as a bot, the measure of the others;
- :mod:`play.lab.figures`: a win rate and its interval;
- :mod:`play.lab.stepping`: a game whose answers are awaited (a worker's), each move said;
- :mod:`play.lab.settings`: a run's settings as typed, refused in words;
- :mod:`play.lab.code_text`: the code field's Tab, Shift+Tab and Enter;
- :mod:`play.lab.worker`: what a worker of the page's lab runs;
- :mod:`play.lab.tally`: what a run of games says, in the page's and the terminal's words.

Isolating the bot (a child process, a Web Worker in a sandbox frame) and timing its moves
out are the front ends' work: this package runs it where it is called (docs/security.md).
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from play.lab.boards import Boards, BoardsError
    from play.lab.code_text import (
        Edit,
        changed_span,
        dedent,
        indent,
        index_to_utf16,
        newline,
        utf16_to_index,
    )
    from play.lab.cs50 import CS50Bot
    from play.lab.figures import rate, wilson
    from play.lab.loading import BotFileError, error_line, load_bot
    from play.lab.protocol import (
        MAX_TEXT,
        ProtocolError,
        answer_of,
        checked,
        question,
        question_of,
    )
    from play.lab.referee import (
        BotStopped,
        GameEnd,
        Referee,
        Reply,
        TooSlow,
        View,
        referee_game,
        reply,
    )
    from play.lab.settings import LabSettings, LabSettingsError
    from play.lab.solver_bot import SolverBot
    from play.lab.stepping import move_said, play_async
    from play.lab.tally import Tally

__getattr__ = face(
    __name__,
    {
        "Boards": "play.lab.boards",
        "BoardsError": "play.lab.boards",
        "MAX_TEXT": "play.lab.protocol",
        "ProtocolError": "play.lab.protocol",
        "answer_of": "play.lab.protocol",
        "error_line": "play.lab.loading",
        "checked": "play.lab.protocol",
        "question": "play.lab.protocol",
        "question_of": "play.lab.protocol",
        "BotFileError": "play.lab.loading",
        "BotStopped": "play.lab.referee",
        "CS50Bot": "play.lab.cs50",
        "Edit": "play.lab.code_text",
        "changed_span": "play.lab.code_text",
        "dedent": "play.lab.code_text",
        "indent": "play.lab.code_text",
        "index_to_utf16": "play.lab.code_text",
        "newline": "play.lab.code_text",
        "utf16_to_index": "play.lab.code_text",
        "GameEnd": "play.lab.referee",
        "LabSettings": "play.lab.settings",
        "LabSettingsError": "play.lab.settings",
        "move_said": "play.lab.stepping",
        "play_async": "play.lab.stepping",
        "Referee": "play.lab.referee",
        "Reply": "play.lab.referee",
        "Tally": "play.lab.tally",
        "TooSlow": "play.lab.referee",
        "reply": "play.lab.referee",
        "SolverBot": "play.lab.solver_bot",
        "View": "play.lab.referee",
        "load_bot": "play.lab.loading",
        "rate": "play.lab.figures",
        "referee_game": "play.lab.referee",
        "wilson": "play.lab.figures",
    },
)
__all__ = [
    "MAX_TEXT",
    "Boards",
    "BoardsError",
    "BotFileError",
    "BotStopped",
    "CS50Bot",
    "Edit",
    "GameEnd",
    "LabSettings",
    "LabSettingsError",
    "ProtocolError",
    "Referee",
    "Reply",
    "SolverBot",
    "Tally",
    "TooSlow",
    "View",
    "answer_of",
    "changed_span",
    "checked",
    "dedent",
    "error_line",
    "indent",
    "index_to_utf16",
    "load_bot",
    "move_said",
    "newline",
    "play_async",
    "question",
    "question_of",
    "rate",
    "referee_game",
    "reply",
    "utf16_to_index",
    "wilson",
]
