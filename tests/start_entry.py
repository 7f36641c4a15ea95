"""Stored data with the entry Python keeps for the loading page (:mod:`play.keeping.start_view`).

A test that puts saved settings, a game or zooms in place before the page opens stands
for a player who played before; that player's Python also kept the start's entry when it
kept them, so the test puts it in place too, derived by Python's own readers.
"""

from __future__ import annotations

from play.game.settings import Settings
from play.keeping import start_view
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from web.controls.zoom import STORAGE_KEY, read_zooms


def with_start_entry(items: dict[str, str]) -> dict[str, str]:
    """``items`` (keys and stored texts) and the entry Python writes when it keeps them."""
    store = MemoryStorage()
    store.items.update(items)
    keeper = Keeper(Blobs(store))
    start_view.keep_settings(store, keeper.settings() or Settings())
    start_view.keep_game(store, keeper.game())
    start_view.keep_zooms(store, read_zooms(items.get(STORAGE_KEY)))
    return {**items, start_view.KEY: store.items[start_view.KEY]}
