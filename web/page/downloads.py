"""Files handed to the browser to save: a game's EVF video (a kept game from Replays, or the
game just finished from its result line), and the statistics' export.

A file is saved as the page has no other way to: its bytes in a ``Blob``, a link to the
Blob's object URL clicked, then the URL revoked (the download holds the Blob by itself).
What the file holds, its name and its media type are the session's
(:attr:`play.session.Session.replays`, :class:`play.videos.video.VideoFile`); a game the format
cannot hold is said in words (a ValueError: :class:`play.videos.evf.EvfError`), never a
traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.page import browser

if TYPE_CHECKING:
    from engine import Record
    from play.keeping import Replays

GONE = "That game is no longer kept: open Replays again to see the games kept."


def download(window: Any, name: str, data: str | bytes, media_type: str) -> None:
    """Have the browser save ``data`` as a file called ``name``."""
    blob = window.Blob.new(browser.to_js([data]), browser.to_js({"type": media_type}))
    url = window.URL.createObjectURL(blob)
    link = window.document.createElement("a")
    link.href = url
    link.download = name
    link.click()
    window.URL.revokeObjectURL(url)


def save_kept_video(window: Any, replays: Replays, game_id: str, player: str) -> str | None:
    """Save the game kept as ``game_id`` as an EVF video played by ``player``; what went
    wrong, in words, or None when the browser has the file."""
    try:
        video = replays.video(game_id, player)
    except ValueError as error:  # what EVF cannot hold, in words
        return str(error)
    if video is None:
        return GONE
    download(window, video.name, video.data, video.media_type)
    return None


def save_game_video(window: Any, replays: Replays, record: Record, player: str) -> str | None:
    """Save the game of ``record``, finished now and not kept (its storage refused it), as
    an EVF video played by ``player``; what went wrong, in words, or None."""
    try:
        video = replays.video_of(record, player)
    except ValueError as error:  # what EVF cannot hold, in words
        return str(error)
    download(window, video.name, video.data, video.media_type)
    return None
