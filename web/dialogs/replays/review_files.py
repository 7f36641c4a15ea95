"""Replay files picked or dropped on the page, read into a game to review.

Our own record (``ms1;...`` text) needs nothing more. An RMV, AVF or EVF file needs the
``sweeping-view`` reader, which the first visit does not download: the site serves it from
its own origin (``static/vendor/sweeping_view.zip``, made by tools/site/archives.py from the
pinned package, kept by the service worker for offline use), and the first such file fetches
it (:mod:`web.page.vendor_zip`).
"""

from __future__ import annotations

from typing import Any

from play.review import Loaded, UnreadableError, from_file, needs_reader
from web.page.vendor_zip import ensure_package

READER_URL = "./static/vendor/sweeping_view.zip"
READER_PATH = "/tmp/sweeping_view.zip"


async def ensure_reader(window: Any) -> None:
    """Make ``sweeping_view`` importable; :class:`UnreadableError` if it cannot be loaded."""
    try:
        await ensure_package(window, "sweeping_view", READER_URL, READER_PATH)
    except OSError as error:
        raise UnreadableError(
            f"The replay file reader could not be loaded ({error}): try again online."
        ) from None


async def read_file(window: Any, file: Any) -> Loaded:
    """The game in a browser ``File``; :class:`UnreadableError` naming what is wrong."""
    name = str(file.name)
    data = (await file.arrayBuffer()).to_bytes()
    if needs_reader(data):
        await ensure_reader(window)
    return from_file(data, name)
