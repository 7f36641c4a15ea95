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
  a replay's playback, the commands a player gives (each front end names its own keys).

A package's face is one list of the names it hands out, which mypy checks. Most faces import
their modules plainly (``from play.game.channel import Update`` and ``__all__``): a start
imports those modules anyway. The three whose laziness a start needs list their names in a
stub beside their ``__init__.py`` (``__init__.pyi``, as lazy_loader's ``attach_stub`` reads
one), which mypy reads in its place and :func:`face` reads at run time: :mod:`play.practice`
(its checking and bank need the solver), :mod:`play.game_ui` (a replay's playback, the
editor's state, a sitting of practice) and :mod:`play.lab` (a bot's worker imports its own
side only).

Here is only :func:`face`, the helper those three use.
"""

import ast
import sys
from collections.abc import Callable
from importlib import import_module
from os import path


def face(package: str) -> tuple[Callable[[str], object], list[str]]:
    """A lazy package's ``__getattr__`` (PEP 562) and ``__all__``, from the stub beside its
    ``__init__.py``: each ``from module import name as name`` of it imported on first use,
    so that importing the package loads none of its modules and no package waits for
    another's.

    The stub is read through the package's loader, from a folder or from the zip the page
    imports our code from (lazy_loader's ``attach_stub`` opens a file, which a zip is not).
    """
    spec = sys.modules[package].__spec__
    assert spec is not None and spec.loader is not None and spec.submodule_search_locations
    stub = path.join(spec.submodule_search_locations[0], "__init__.pyi")
    text = spec.loader.get_data(stub).decode()  # type: ignore[attr-defined]
    names: dict[str, str] = {}
    for node in ast.parse(text, stub).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # its docstring
        if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
            raise ValueError(f"{stub}: only 'from package.module import name as name'")
        for alias in node.names:
            if alias.asname != alias.name:
                raise ValueError(f"{stub}: {alias.name} is not re-exported ('as {alias.name}')")
            names[alias.name] = node.module

    def attribute(name: str) -> object:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        setattr(sys.modules[package], name, value)  # found: the next read is a plain one
        return value

    return attribute, sorted(names)
