"""The lab's two actions, Watch and Run, and Stop: the player's bot in its worker, our
solver in another (:mod:`web.dialogs.lab.workers`), the referee here in the page's Python
(:mod:`play.lab`), which alone holds the boards.

- **Watch** plays one board (the first of the settings) on the lab's board, a move at a
  time at the chosen speed, each move said in words.
- **Run** plays the settings' boards, seed after seed, while our solver plays the same
  boards in its own worker; the figures (:class:`play.lab.Tally`, the terminal's words) are
  drawn as games end, with a progress bar.
- **Stop** ends both workers at once, whatever they were doing (a bot in an endless loop
  too): the figures stay, marked stopped.

A bot's games never reach the session: not its statistics, best times or replays.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from play.lab import (
    BotFileError,
    GameEnd,
    LabSettings,
    Referee,
    Reply,
    Tally,
    move_said,
    play_async,
)
from web.board import board_html
from web.dialogs.lab.workers import LabWorker, WorkerFailed
from web.page import ids

if TYPE_CHECKING:
    from collections.abc import Callable

    from web.page import Scheduler

SOLVER_CELLS = 2000
"""Our solver is sent as many boards at once as make about this many cells (24 beginner
boards, 4 expert ones): its answers come often enough for the progress shown, and a Stop
loses little."""
PRINTED_LINES = 200
"""The bot's printed lines kept on show (the last ones)."""


class Runner:
    def __init__(self, document: Any, window: Any, scheduler: Scheduler) -> None:
        by_id = document.getElementById
        self._window, self.scheduler = window, scheduler
        self.status, self.progress = by_id(ids.LAB_STATUS), by_id(ids.LAB_PROGRESS)
        self.frame, self.board = by_id(ids.LAB_FRAME), by_id(ids.LAB_BOARD)
        self.move, self.figures = by_id(ids.LAB_MOVE), by_id(ids.LAB_FIGURES)
        self.output = by_id(ids.LAB_OUTPUT)
        self.buttons = [by_id(ids.LAB_WATCH), by_id(ids.LAB_RUN)]
        self.stop_button = by_id(ids.LAB_STOP)
        self.bot: LabWorker | None = None
        """The bot's worker, while an action uses it."""
        self.solver: LabWorker | None = None
        self.task: asyncio.Task[None] | None = None
        self.printed: list[str] = []
        self.tally: Tally | None = None

    @property
    def busy(self) -> bool:
        return self.task is not None and not self.task.done()

    def _new_bot(self, source: str, name: str) -> LabWorker:
        """A new worker for the bot: each action starts from a fresh module, as each run of
        the terminal's does, so that both play the same games."""
        if self.bot is not None:
            self.bot.end()
        self.bot = LabWorker(self._window, {"bot": {"source": source, "name": name}}, self.heard)
        return self.bot

    def heard(self, line: str) -> None:
        """A line the bot printed: shown under the figures, the last ones kept."""
        self.printed = [*self.printed, line][-PRINTED_LINES:]
        self.output.hidden = False
        self.output.textContent = "\n".join(self.printed)

    def say(self, words: str) -> None:
        self.status.textContent = words

    def begin(self, work: Callable[[], Any]) -> None:
        """Start ``work`` (a coroutine function), the buttons showing that it runs."""
        if self.busy:
            return
        self.printed = []
        self.output.hidden = True
        self.output.textContent = ""
        for button in self.buttons:
            button.disabled = True
        self.stop_button.disabled = False
        self.task = asyncio.create_task(self._running(work))

    async def _running(self, work: Callable[[], Any]) -> None:
        try:
            await work()
        except BotFileError as error:
            self.say(f"The bot cannot be played: {error}")
        except WorkerFailed as error:
            self.say(f"The lab could not run the bot: {error}")
        except asyncio.CancelledError:
            pass
        finally:
            for button in self.buttons:
                button.disabled = False
            self.stop_button.disabled = True
            self.progress.hidden = True

    def stop(self) -> None:
        """Both workers ended now, the run's figures kept and marked stopped."""
        if not self.busy:
            return
        assert self.task is not None
        self.task.cancel()
        self.end_workers()
        if self.tally is not None and not self.tally.done:
            self.figures.textContent = "\n".join(self.tally.lines(stopped=True))
        self.say("Stopped.")

    def end_workers(self) -> None:
        for worker in (self.bot, self.solver):
            if worker is not None:
                worker.end()
        self.bot = self.solver = None

    async def watch(self, source: str, name: str, settings: LabSettings, pace_s: float) -> None:
        """One game on the lab's board, a move at a time."""
        bot = self._new_bot(source, name)
        self.say("Starting the bot's Python…")
        self.tally = None
        self.figures.textContent = ""
        await bot.start()
        seed = settings.seed_from
        self.frame.hidden = False
        self.say(f"Watching the bot on board {seed} ({settings.level.title}).")

        async def seen(referee: Referee, reply: Reply) -> None:
            self.board.innerHTML = board_html(referee.game)
            self.move.textContent = move_said(referee, reply)
            if referee.end is None:
                await self.scheduler.sleep(pace_s)

        async def ask(view: str) -> Reply:
            return await bot.ask({"view": view}, settings.limit_s)

        self.board.style.setProperty("--cols", str(settings.level.cols))
        self.board.style.setProperty("--rows", str(settings.level.rows))
        self.board.innerHTML = board_html(Referee(settings.level, seed, settings.first_click).game)
        end = await play_async(ask, settings.level, seed, settings.first_click, seen)
        self.say(f"Board {seed}: {ended_words(end)}")
        self._show_traceback(end.detail)

    async def run(self, source: str, name: str, settings: LabSettings) -> None:
        """The settings' boards, the bot's and our solver's, the figures drawn as they come."""
        bot = self._new_bot(source, name)
        tally = self.tally = Tally(settings.level, settings.seeds)
        self.frame.hidden = True
        self.move.textContent = ""
        self.figures.textContent = ""
        self.progress.max = settings.games
        self.progress.value = 0
        self.progress.hidden = False
        self.say("Starting the bot's Python…")
        await bot.start()
        self._show(tally, settings)
        solver = asyncio.create_task(self._solver_games(settings, tally))

        async def ask(view: str) -> Reply:
            return await bot.ask({"view": view}, settings.limit_s)

        try:
            for seed in settings.seeds:
                tally.bot.append(await play_async(ask, settings.level, seed, settings.first_click))
                self._show(tally, settings)
            self.say("Waiting for our solver's last boards…")
            await solver
        finally:
            solver.cancel()
        self._show(tally, settings)
        self.say(f"Done: {settings.games} games.")
        self._show_traceback(tally.first_traceback())

    async def _solver_games(self, settings: LabSettings, tally: Tally) -> None:
        role = {"solver": {"level": str(settings.level), "first": settings.first_click.value}}
        solver = self.solver = LabWorker(self._window, role, lambda _line: None)
        seeds = settings.seeds
        chunk = max(1, SOLVER_CELLS // settings.level.cells)
        for start in range(seeds.start, seeds.stop, chunk):
            stop = min(start + chunk, seeds.stop)
            answer = await solver.ask({"seeds": [start, stop]}, None)
            tally.ours.extend(bool(won) for won in answer["won"])
            self._show(tally, settings)
        solver.end()

    def _show(self, tally: Tally, settings: LabSettings) -> None:
        self.progress.value = len(tally.bot)
        self.figures.textContent = "\n".join(tally.lines())
        played = len(tally.bot)
        self.say(f"Played {played} of {settings.games} games; our solver {len(tally.ours)}.")

    def _show_traceback(self, detail: str) -> None:
        if detail:
            self.output.hidden = False
            shown = "\n".join(self.printed)
            self.output.textContent = (shown + "\n\n" if shown else "") + detail


def ended_words(end: GameEnd) -> str:
    """How a watched game ended, in a sentence."""
    if end.won:
        return f"won in {end.moves} moves."
    return f"{end.reason}, after {end.moves} moves."
