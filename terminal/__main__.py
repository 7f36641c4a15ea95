"""``python -m terminal``: the terminal game on the process's streams, everything kept in the
user's data directory (:mod:`terminal.file_storage`)."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence

from play.keeping import MemoryStorage, Storage, StorageUnavailable
from terminal.app import App
from terminal.console import Console
from terminal.file_storage import FileStorage, data_path
from terminal.options import parse_args


def open_storage(console: Console) -> Storage:
    """The file in the user's data directory; in memory, with a quiet note, when the
    directory cannot be used."""
    try:
        return FileStorage.open(data_path())
    except StorageUnavailable as error:
        console.say(str(error))
        return MemoryStorage()


def _never_fail_on_text() -> None:
    """Bytes typed or piped in that are not UTF-8 (a strict locale raises on them at the
    next read) become the file-name-safe escapes Python uses for paths, and text that
    cannot be printed is printed escaped: no input ends the game with a traceback."""
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the terminal game on the process's streams; the exit code."""
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["bot"]:
        from terminal.bot import main as bot_main  # the bot lab: no game, no screen

        return bot_main(given[1:])
    options = parse_args(argv)
    _never_fail_on_text()
    console = Console.standard()
    try:
        return App(options, console, storage=open_storage(console)).run()
    except KeyboardInterrupt:
        # Ctrl-C is a way to leave, not a crash: no traceback, and the shell's usual code.
        sys.stdout.write("\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
