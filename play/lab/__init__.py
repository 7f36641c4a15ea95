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

from play import face

__getattr__, __all__ = face(__name__)
