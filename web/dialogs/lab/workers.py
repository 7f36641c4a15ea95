"""The lab's workers, seen from the page: a Web Worker of static/lab-worker.mjs, each with
its own Python, spoken to in JSON text, an answer awaited with a time limit.

A worker that runs past the limit (a bot in an endless loop hears no message) is ended
from here, ``terminate()``, and :class:`play.lab.TooSlow` says so; the next question
starts a new one. Every listener's proxy is destroyed with its worker.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from play.lab import BotFileError, TooSlow
from web.page import browser

WORKER = "./static/lab-worker.mjs"
START_S = 120.0
"""The longest a worker may take to start its Python and load the bot: a first open on a
slow phone downloads nothing new (the runtime is the game's), but boots a second Python."""


class WorkerFailed(Exception):
    """The worker could not start or answer (not the bot's doing): the message says why."""


class LabWorker:
    """One role of static/lab-worker.mjs (``{"bot": ...}`` or ``{"solver": ...}``), started
    on the first question and after it was ended."""

    def __init__(self, window: Any, role: dict[str, Any], on_print: Callable[[str], None]):
        self._window = window
        self.role = role
        self.on_print = on_print
        self._worker: Any = None
        self._proxies: list[Any] = []
        self._waiting: asyncio.Future[dict[str, Any]] | None = None

    async def start(self) -> None:
        """A new worker, its Python up and its role taken; :class:`play.lab.BotFileError`
        when the bot cannot be loaded, :class:`WorkerFailed` when the worker cannot start."""
        self.end()
        options = browser.to_js({"type": "module"})
        self._worker = self._window.Worker.new(WORKER, options)
        heard, failed = browser.create_proxy(self._heard), browser.create_proxy(self._failed)
        self._proxies = [heard, failed]
        self._worker.addEventListener("message", heard)
        self._worker.addEventListener("error", failed)
        answer = await self._exchange(self.role, START_S)
        if "failed" in answer:
            self.end()
            if "bot" in self.role:
                raise BotFileError(str(answer["failed"]))
            raise WorkerFailed(str(answer["failed"]))

    async def ask(self, message: dict[str, Any], limit_s: float | None) -> dict[str, Any]:
        """The worker's answer to ``message``; past ``limit_s`` the worker is ended and
        :class:`play.lab.TooSlow` raised."""
        if self._worker is None:
            await self.start()
        answer = await self._exchange(message, limit_s)
        if "failed" in answer:
            self.end()
            raise WorkerFailed(str(answer["failed"]))
        return answer

    async def _exchange(self, message: dict[str, Any], limit_s: float | None) -> dict[str, Any]:
        waiting = self._waiting = asyncio.get_running_loop().create_future()
        self._worker.postMessage(json.dumps(message))
        try:
            return await asyncio.wait_for(waiting, limit_s)
        except TimeoutError:
            self.end()
            raise TooSlow(limit_s or 0.0) from None
        finally:
            self._waiting = None

    def _heard(self, event: Any) -> None:
        try:
            message = json.loads(str(event.data))
        except ValueError:
            message = None
        if not isinstance(message, dict):  # a bot posting in its worker's name, say
            message = {"refused": "the bot's worker sent something that is not an answer"}
        if "printed" in message:
            self.on_print(str(message["printed"]))
        elif self._waiting is not None and not self._waiting.done():
            self._waiting.set_result(message)

    def _failed(self, event: Any) -> None:
        """The worker's script itself failed (it could not be fetched, or threw)."""
        event.preventDefault()
        if self._waiting is not None and not self._waiting.done():
            why = str(getattr(event, "message", "") or "its script could not be loaded")
            self._waiting.set_result({"failed": f"the lab's worker stopped: {why}"})

    def end(self) -> None:
        """The worker ended, whatever it was doing; its listeners' proxies destroyed."""
        if self._worker is not None:
            self._worker.terminate()
            self._worker = None
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies = []
        if self._waiting is not None and not self._waiting.done():
            self._waiting.cancel()
