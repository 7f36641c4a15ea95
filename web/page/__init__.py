"""The page's plumbing, beneath every other part of web/: the one door to the browser
(:mod:`web.page.browser`), the ids the page names, listeners and their release, the pace of
sliced work, the device's storage, downloads, the address bar, the words a screen reader
hears, and the page's one key listener (:mod:`web.page.keyboard`).

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from web.page.address_bar import AddressBar, start_launch
    from web.page.browser import closest, data, element_or_none, query, within
    from web.page.downloads import download, save_game_video, save_kept_video
    from web.page.keyboard import Handler, Handlers, Shortcuts
    from web.page.listeners import Listeners, Switched
    from web.page.local_storage import LocalStorage, open_local_storage
    from web.page.pace import BrowserScheduler, Clock, Scheduler, drain_in_turns, first_step
    from web.page.spoken import dialog_message, fields_in_error
    from web.page.vendor_zip import ensure_package

__getattr__ = face(
    __name__,
    {
        "AddressBar": "web.page.address_bar",
        "BrowserScheduler": "web.page.pace",
        "Clock": "web.page.pace",
        "Handler": "web.page.keyboard",
        "Handlers": "web.page.keyboard",
        "Listeners": "web.page.listeners",
        "LocalStorage": "web.page.local_storage",
        "Scheduler": "web.page.pace",
        "Shortcuts": "web.page.keyboard",
        "Switched": "web.page.listeners",
        "closest": "web.page.browser",
        "data": "web.page.browser",
        "dialog_message": "web.page.spoken",
        "download": "web.page.downloads",
        "drain_in_turns": "web.page.pace",
        "element_or_none": "web.page.browser",
        "ensure_package": "web.page.vendor_zip",
        "fields_in_error": "web.page.spoken",
        "first_step": "web.page.pace",
        "open_local_storage": "web.page.local_storage",
        "query": "web.page.browser",
        "save_game_video": "web.page.downloads",
        "save_kept_video": "web.page.downloads",
        "start_launch": "web.page.address_bar",
        "within": "web.page.browser",
    },
)
__all__ = [
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
    "closest",
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
