"""The files a player names at the prompt (``export F``, ``save-evf F``, ``analyse F``,
``review F``): the name read as a path, refused in words when no file can have it, and
shown back printable.

A name typed or piped in may hold a NUL, or a lone surrogate (bytes that were not UTF-8,
see :mod:`terminal.__main__`); ``open`` and ``stat`` refuse those with a ValueError of
their own, not an OSError, so they are caught here, before any file is touched.

>>> player_path("a\\0b.json") is None, str(player_path("games.json"))
(True, 'games.json')
>>> print(no_file_name("a\\0b.json"))
"a\\x00b.json" cannot be a file's name: it holds a character no file name can have.
"""

from __future__ import annotations

import os
from pathlib import Path


def player_path(name: str) -> Path | None:
    """The file a player names, ``~`` expanded; None for a name no file can have: a NUL
    character, or one the file system's encoding cannot write (a lone surrogate)."""
    if "\0" in name:
        return None
    try:
        path = Path(os.path.expanduser(name))
        os.fsencode(path)
    except ValueError:  # UnicodeEncodeError
        return None
    return path


def no_file_name(name: str) -> str:
    """Why ``name`` (refused by :func:`player_path`) names no file, as a sentence."""
    return f'"{shown(name)}" cannot be a file\'s name: it holds a character no file name can have.'


def shown(name: str) -> str:
    """A file name as the player can read it on any terminal: characters that would not
    show, or could not be printed at all (a lone surrogate), are written as escapes."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in name)
