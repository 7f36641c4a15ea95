"""The bot lab: a player's bot in Python, written in the page, run in a Web Worker of its
own beside our solver (the referee and the figures are :mod:`play.lab`'s).

- :mod:`web.dialogs.lab.dialog`: the code field, the bot's file, the settings;
- :mod:`web.dialogs.lab.runs`: Watch, Run and Stop;
- :mod:`web.dialogs.lab.workers`: the workers, spoken to in JSON, with time limits.

Its face: the names other parts of the page import from it.
"""

from web.dialogs.lab.dialog import LabDialog

__all__ = [
    "LabDialog",
]
