"""The play session: the game being played, between the engine and every front end.

Pure Python, like :mod:`engine`. The browser (:mod:`web`) and the terminal (:mod:`terminal`)
both start a session with :func:`play.start.open_session`, drive it through its one door,
:class:`play.session.Session`, and draw each :class:`play.game.Update` it reports to the one
function they subscribe. Its parts, one package each, from the bottom up (a package imports
only those below it; front ends import a package's face, never its inner modules):

- :mod:`play.ledger`: every finished game in one book, the statistics read from it, and
  JSON read strictly;
- :mod:`play.videos`: our records played back, other clones' replay files read and written;
- :mod:`play.game`: the game in play: its round, the dealer, its clock and pauses, the
  settings, notices, results, the daily board, a ghost race, how a call reports what it changed;
- :mod:`play.review`: a finished game judged move by move, and proofs in words;
- :mod:`play.assist`: the solver's help: chances, hints, the auto-player, the position editor;
- :mod:`play.practice`: drills from the player's own mistakes;
- :mod:`play.keeping`: every layer between the session and the storage;
- :mod:`play.session`: the door;
- :mod:`play.start`: a visit's start: the start-up decision, the link, Back and Forward;
- :mod:`play.game_ui`: what a front end shows of play besides the game: the board's cursor,
  a replay's playback, the key table.

Here is only :func:`face`, the one helper every package's face uses.
"""

from collections.abc import Callable, Mapping
from importlib import import_module


def face(package: str, names: Mapping[str, str]) -> Callable[[str], object]:
    """A package's face (its ``__getattr__``, PEP 562): each name imported from its module
    on first use, so that importing a package loads none of its modules (the solver loads
    when first asked) and no package waits for another's."""

    def attribute(name: str) -> object:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(module), name)

    return attribute
