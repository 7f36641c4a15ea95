"""Replay files picked or dropped on the page, read into a game to review.

Our own record (``ms1;...`` text) needs nothing more. An RMV, AVF or EVF file needs the
``sweeping-view`` reader, which the first visit does not download: the site serves it from
its own origin (``static/vendor/sweeping_view.zip``, made by tools/site/archives.py from the
pinned package, kept by the service worker for offline use), and the first such file fetches
it (:mod:`web.page.vendor_zip`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.page import ensure_package

if TYPE_CHECKING:
    from play.review import Review
    from play.session import Session

READER_URL = "./static/vendor/sweeping_view.zip"
READER_PATH = "/tmp/sweeping_view.zip"


async def ensure_reader(window: Any) -> None:
    """Make ``sweeping_view`` importable; ValueError, in words, if it cannot be loaded."""
    try:
        await ensure_package(window, "sweeping_view", READER_URL, READER_PATH)
    except OSError as error:
        raise ValueError(
            f"The replay file reader could not be loaded ({error}): try again online."
        ) from None


async def read_file(window: Any, session: Session, file: Any) -> Review:
    """The review of the game in a browser ``File`` (:meth:`play.session.Session.review`);
    ValueError naming what is wrong with it."""
    name = str(file.name)
    data = (await file.arrayBuffer()).to_bytes()
    if session.replays.needs_reader(data):
        await ensure_reader(window)
    return session.review(data, name)
