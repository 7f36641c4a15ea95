"""Replay files picked or dropped on the page, read into a game to review.

Our own record (``ms1;...`` text) needs nothing more. An RMV, AVF or EVF file needs the
``sweeping-view`` reader, which the first visit does not download: the site serves it from
its own origin (``static/vendor/sweeping_view.zip``, made by tools/build_site.py from the
pinned package, kept by the service worker for offline use), and the first such file fetches
it and puts it on ``sys.path``, where Python imports it from the zip as it is.
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Any

from play.review.source import Loaded, UnreadableError, from_file, needs_reader

READER_URL = "./static/vendor/sweeping_view.zip"
READER_PATH = "/tmp/sweeping_view.zip"


async def ensure_reader(window: Any) -> None:
    """Make ``sweeping_view`` importable; :class:`UnreadableError` if it cannot be loaded."""
    if importlib.util.find_spec("sweeping_view") is not None:
        return
    try:
        response = await window.fetch(READER_URL)
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        data = (await response.arrayBuffer()).to_bytes()
    except Exception as error:  # offline before it was ever fetched, or a failed request
        raise UnreadableError(
            f"The replay file reader could not be loaded ({error}): try again online."
        ) from None
    with open(READER_PATH, "wb") as file:
        file.write(data)
    # A new entry of sys.path has no finder cached yet: no invalidate_caches() needed (it
    # would import importlib.metadata, which the site's trimmed standard library leaves out).
    sys.path.append(READER_PATH)


async def read_file(window: Any, file: Any) -> Loaded:
    """The game in a browser ``File``; :class:`UnreadableError` naming what is wrong."""
    name = str(file.name)
    data = (await file.arrayBuffer()).to_bytes()
    if needs_reader(data):
        await ensure_reader(window)
    return from_file(data, name)
