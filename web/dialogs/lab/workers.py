"""The lab's workers, seen from the page: each a Python of its own in the sandbox's frame
(:mod:`web.dialogs.lab.sandbox`), spoken to in JSON text, an answer awaited with a time
limit and checked (:mod:`play.lab.protocol`).

A worker that runs past the limit (a bot in an endless loop hears no message) is ended
from here and :class:`play.lab.TooSlow` says so; one that sends what is no answer, or that
the relay ended for breaking its rules, ends the game with :class:`BrokeRules`. The next
question starts a new worker. A move's time is the worker's clock, bound before the bot
was loaded (static/lab-worker.mjs), so a bot that patches its clocks changes nothing; it
is held within the page's own round trip.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from play.lab import BotFileError, BotStopped, ProtocolError, TooSlow, checked
from web.dialogs.lab.sandbox import Sandbox

START_S = 120.0
"""The longest a worker may take to start its Python and load the bot: a first open on a
slow phone downloads nothing new (the runtime is the game's), but boots a second Python."""

Printed = Callable[[list[str], int], None]
"""Told of the lines a bot printed, and of how many earlier ones its worker did not keep."""


class WorkerFailed(Exception):
    """The worker could not start or answer (not the bot's doing): the message says why."""


class BrokeRules(BotStopped):
    """The bot's worker sent what is no answer, or broke the relay's rules: it was ended."""


class LabWorker:
    """One role of static/lab-worker.mjs (``{"bot": ...}`` or ``{"solver": ...}``), started
    on the first question and after it was ended."""

    def __init__(self, sandbox: Sandbox, role: dict[str, Any], on_print: Printed):
        self.sandbox = sandbox
        self.role = role
        self.on_print = on_print
        self._id: int | None = None
        self._waiting: asyncio.Future[dict[str, Any]] | None = None

    @property
    def is_bot(self) -> bool:
        return "bot" in self.role

    async def start(self) -> None:
        """A new worker, its Python up and its role taken; :class:`play.lab.BotFileError`
        when the bot cannot be loaded, :class:`WorkerFailed` when the worker cannot start."""
        self.end()
        await self.sandbox.ready()
        self._waiting = asyncio.get_running_loop().create_future()
        self._id = self.sandbox.start(json.dumps(self.role), self._heard)
        answer = await self._wait(START_S)
        if answer.get("ready") is not True:
            self.end()
            why = str(answer.get("failed") or answer.get("broke") or "it did not start")[:500]
            if self.is_bot:
                raise BotFileError(why)
            raise WorkerFailed(why)

    async def ask(self, message: str, limit_s: float | None) -> dict[str, Any]:
        """The worker's answer to ``message`` (JSON text); past ``limit_s`` the worker is
        ended and :class:`play.lab.TooSlow` raised. A bot's answer is shape-checked and
        timed here: ``seconds`` is the page's clock."""
        if self._id is None:
            await self.start()
        assert self._id is not None
        self._waiting = asyncio.get_running_loop().create_future()
        started = time.perf_counter()
        self.sandbox.ask(self._id, message)
        answer = await self._wait(limit_s)
        seconds = time.perf_counter() - started
        if "broke" in answer:
            self.end()
            raise BrokeRules(str(answer["broke"]), seconds=seconds)
        if "failed" in answer:
            self.end()
            raise WorkerFailed(str(answer["failed"])[:500])
        if not self.is_bot:
            return answer
        try:
            reply = checked(answer)
        except ProtocolError as error:
            self.end()
            raise BrokeRules(str(error), seconds=seconds) from None
        timed = answer.get("seconds")
        if isinstance(timed, int | float) and 0 <= timed < seconds:
            seconds = float(timed)
        reply["seconds"] = seconds
        return reply

    async def _wait(self, limit_s: float | None) -> dict[str, Any]:
        assert self._waiting is not None
        try:
            return await asyncio.wait_for(self._waiting, limit_s)
        except TimeoutError:
            self.end()
            raise TooSlow(limit_s or 0.0) from None
        finally:
            self._waiting = None

    def _heard(self, kind: str, text: str) -> None:
        if kind == "ended":
            self._answer({"broke": text})
            return
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict):
            self._answer({"broke": "the bot's worker sent something that is not an answer"})
        elif "printed" in message:
            lines, dropped = message.get("printed"), message.get("dropped")
            if isinstance(lines, list) and isinstance(dropped, int):
                self.on_print([str(line)[:500] for line in lines[-200:]], max(0, dropped))
        else:
            self._answer(message)

    def _answer(self, message: dict[str, Any]) -> None:
        if self._waiting is not None and not self._waiting.done():
            self._waiting.set_result(message)
        elif "broke" in message:
            self.end()  # between questions: the next one starts a new worker

    def end(self) -> None:
        """The worker ended, whatever it was doing."""
        if self._id is not None:
            self.sandbox.end(self._id)
            self._id = None
        if self._waiting is not None and not self._waiting.done():
            self._waiting.cancel()
