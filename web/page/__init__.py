"""The page's plumbing, beneath every other part of web/: the one door to the browser
(:mod:`web.page.browser`), the ids the page names, listeners and their release, the pace of
sliced work, the device's storage, downloads, the address bar, the words a screen reader
hears, and the page's keys with its one key listener (:mod:`web.page.keyboard`).

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from web.page.address_bar import AddressBar, start_launch
from web.page.browser import closest, data, element_or_none, query, within
from web.page.downloads import download, save_game_video, save_kept_video
from web.page.keyboard import BINDINGS, Handler, Handlers, Shortcuts, command_for
from web.page.listeners import Listeners, Switched
from web.page.local_storage import LocalStorage, open_local_storage
from web.page.pace import (
    BrowserScheduler,
    Clock,
    Scheduler,
    after_frame,
    drain_in_turns,
    first_step,
)
from web.page.spoken import dialog_message, fields_in_error
from web.page.vendor_zip import ensure_package

__all__ = [
    "BINDINGS",
    "AddressBar",
    "BrowserScheduler",
    "Clock",
    "Handler",
    "Handlers",
    "Listeners",
    "LocalStorage",
    "Scheduler",
    "Shortcuts",
    "Switched",
    "after_frame",
    "closest",
    "command_for",
    "data",
    "dialog_message",
    "download",
    "drain_in_turns",
    "element_or_none",
    "ensure_package",
    "fields_in_error",
    "first_step",
    "open_local_storage",
    "query",
    "save_game_video",
    "save_kept_video",
    "start_launch",
    "within",
]
