"""The Statistics dialog: open, pick a level, reset, export and import, watch a best game.

The content is rebuilt from what is kept each time it is shown (and when another tab
writes), so it always tells what every tab has played. What is kept is the session's
(:mod:`play.keeping.views`): the dialog reads and changes it through the session only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from web.dialogs import modal
from web.dialogs.practice import progress_html
from web.dialogs.stats.view import stats_html
from web.page import Listeners, closest, data, download, ids

if TYPE_CHECKING:
    from play.session import Session


class StatsDialog:
    def __init__(
        self,
        document: Any,
        window: Any,
        session: Session,
        watch: Callable[[str], None],
    ) -> None:
        self._document, self._window = document, window
        self.statistics, self.transfer = session.statistics, session.transfer
        self.practice = session.practice
        self.session = session
        self._watch = watch
        self.dialog = document.getElementById(ids.STATS_DIALOG)
        self.body = document.getElementById(ids.STATS_BODY)
        self.status = document.getElementById(ids.STATS_STATUS)
        self.selected = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def wire(self, listeners: Listeners) -> None:
        by_id = self._document.getElementById
        listeners.listen(self.body, "click", self.on_body_click)
        listeners.listen(by_id(ids.STATS_RESET), "click", lambda _e: self.reset(one=True))
        listeners.listen(by_id(ids.STATS_RESET_ALL), "click", lambda _e: self.reset(one=False))
        listeners.listen(by_id(ids.STATS_EXPORT), "click", lambda _e: self.export())
        listeners.listen(by_id(ids.STATS_IMPORT), "change", self.on_import)
        listeners.listen(by_id(ids.STATS_CLOSE), "click", lambda _e: self.dialog.close())
        modal.wire(listeners, self.dialog, self.session)
        listeners.listen(self._window, "storage", lambda _e: self.refresh())

    def open(self) -> None:
        self.status.textContent = ""
        modal.show(self.dialog, self.session)
        self.refresh()

    def refresh(self) -> None:
        if not self.dialog.open:
            return
        statistics = self.statistics
        self.body.innerHTML = stats_html(
            statistics.summaries(), self.selected, statistics.daily(), statistics.watchable()
        ) + progress_html(
            self.practice.progress()
        )  # each kind of drill: web.dialogs.practice.board

    def on_body_click(self, event: Any) -> None:
        target = closest(event.target, "button")
        if target is None:
            return
        summary, replay = data(target, "summary"), data(target, "replay")
        if summary is not None and summary.isdigit():
            self.selected = int(summary)
            self.refresh()
        elif replay is not None:
            self.dialog.close()
            self._watch(replay)

    def reset(self, one: bool) -> None:
        summaries = self.statistics.summaries()
        if not summaries:
            return
        chosen = summaries[min(self.selected, len(summaries) - 1)]
        what = f"the statistics of {chosen.title}" if one else "all statistics"
        if not self._window.confirm(f"Reset {what}? This cannot be undone."):
            return
        if one:
            self.statistics.reset(chosen.board, chosen.kind)
        else:
            self.statistics.reset()
        self.selected = 0
        self.refresh()

    def export(self) -> None:
        """Download everything as one JSON file."""
        text = self.transfer.export_text()
        download(self._window, "minesweeper-statistics.json", text, "application/json")

    def on_import(self, event: Any) -> None:
        files = event.target.files
        if files is None or files.length == 0:
            return
        file = files.item(0)
        event.target.value = ""
        task = asyncio.create_task(self._import(file))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _import(self, file: Any) -> None:
        """Merge the file chosen; whatever it holds, the player reads what happened."""
        self.status.textContent = await self._import_message(file)
        self.refresh()

    async def _import_message(self, file: Any) -> str:
        # Sized before it is read: a film chosen by mistake is not loaded into memory.
        if int(file.size) > self.transfer.largest:
            return "That file is too large to be a Minesweeper export."
        try:
            text = await file.text()
        except Exception:  # a JsException: the file vanished or cannot be read
            return "That file could not be read."
        try:
            return self.transfer.import_text(str(text))
        except ValueError as problem:
            return str(problem)
