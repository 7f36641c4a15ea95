"""The lab's two actions, Watch and Run, and Stop: the player's bot in its worker, our
solver in another, both in the sandbox's frame (:mod:`web.dialogs.lab.sandbox`), the referee
here in the page's Python (:mod:`play.lab`), which alone holds the boards.

- **Watch** plays one board on the lab's board, a move at a time at the speed chosen (read
  at each move: a change applies at once), each move said in words.
- **Run** plays the settings' boards, dealt from a fresh key unless the player typed one
  (:mod:`play.lab.boards`), while our solver plays the same boards in its own worker; the
  figures (:class:`play.lab.Tally`, the terminal's words) are drawn as games end, with a
  progress bar. Once it is over the key is shown, with the boards the bot lost, each one
  to watch.
- **Stop** ends both workers at once, whatever they were doing (a bot in an endless loop
  too): the figures stay, marked stopped.

Every worker ends when its action ends. A bot's games never reach the session: not its
statistics, best times or replays.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from engine import count
from play.lab import (
    Boards,
    BotFileError,
    GameEnd,
    LabSettings,
    Referee,
    Reply,
    Tally,
    error_line,
    move_said,
    play_async,
)
from web.board import board_html
from web.dialogs.lab.sandbox import Sandbox, SandboxFailed
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
LOST_SHOWN = 50
"""The lost boards listed after a run, each with its Watch button (the first ones)."""


class Runner:
    def __init__(
        self,
        document: Any,
        window: Any,
        scheduler: Scheduler,
        point_at: Callable[[int], None] = lambda _line: None,
    ) -> None:
        self.point_at = point_at
        """Told of the line of the bot's file an error names: the code field selects it."""
        self.name = "bot.py"
        by_id = document.getElementById
        self._document, self._window, self.scheduler = document, window, scheduler
        self.status, self.progress = by_id(ids.LAB_STATUS), by_id(ids.LAB_PROGRESS)
        self.frame, self.board = by_id(ids.LAB_FRAME), by_id(ids.LAB_BOARD)
        self.move, self.figures = by_id(ids.LAB_MOVE), by_id(ids.LAB_FIGURES)
        self.output, self.traceback = by_id(ids.LAB_OUTPUT), by_id(ids.LAB_TRACEBACK)
        self.lost, self.again = by_id(ids.LAB_LOST), by_id(ids.LAB_AGAIN)
        self.speed_menu = by_id(ids.LAB_SPEED)
        self.buttons = [by_id(ids.LAB_WATCH), by_id(ids.LAB_RUN)]
        self.stop_button = by_id(ids.LAB_STOP)
        self.sandbox = Sandbox(document, window)
        self.bot: LabWorker | None = None
        """The bot's worker, while an action uses it."""
        self.solver: LabWorker | None = None
        self.task: asyncio.Task[None] | None = None
        self.printed: list[str] = []
        self.dropped = 0
        self.tally: Tally | None = None
        self.last: tuple[str, str, LabSettings, Boards] | None = None
        """The last run's source, name, settings and boards: for "Watch this board"."""

    @property
    def busy(self) -> bool:
        return self.task is not None and not self.task.done()

    def _new_bot(self, source: str, name: str) -> LabWorker:
        """A new worker for the bot: each action starts from a fresh module, as each run of
        the terminal's does, so that both play the same games."""
        if self.bot is not None:
            self.bot.end()
        self.name = name
        role = {"bot": {"source": source, "name": name}}
        self.bot = LabWorker(self.sandbox, role, self.heard)
        return self.bot

    def heard(self, lines: list[str], dropped: int) -> None:
        """Lines the bot printed (a batch): the last ones shown, and how many were not."""
        kept = [*self.printed, *lines]
        self.dropped += dropped + max(0, len(kept) - PRINTED_LINES)
        self.printed = kept[-PRINTED_LINES:]
        self.output.hidden = False
        head = f"({count(self.dropped, 'earlier line')} not shown)\n"
        self.output.textContent = (head if self.dropped else "") + "\n".join(self.printed)

    def say(self, words: str) -> None:
        self.status.textContent = words

    def begin(self, work: Callable[[], Any]) -> None:
        """Start ``work`` (a coroutine function), the buttons showing that it runs."""
        if self.busy:
            return
        self.printed, self.dropped = [], 0
        for shown in (self.output, self.traceback):
            shown.hidden = True
            shown.textContent = ""
        for button in self.buttons:
            button.disabled = True
        self.stop_button.disabled = False
        self.task = asyncio.create_task(self._running(work))

    async def _running(self, work: Callable[[], Any]) -> None:
        try:
            await work()
        except BotFileError as error:
            self.say(f"The bot cannot be played: {error}")
            self._point_at(str(error))
        except (WorkerFailed, SandboxFailed) as error:
            self.say(f"The lab could not run the bot: {error}")
        except asyncio.CancelledError:
            pass
        finally:
            self.end_workers()
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
            self._show_lost(self.tally)
        self.say("Stopped.")

    def close(self) -> None:
        """The lab closed: what runs stopped, and the sandbox's frame removed with every
        worker in it."""
        self.stop()
        self.end_workers()
        self.sandbox.close()

    def end_workers(self) -> None:
        for worker in (self.bot, self.solver):
            if worker is not None:
                worker.end()
        self.bot = self.solver = None

    async def watch(
        self, source: str, name: str, settings: LabSettings, boards: Boards, board: int, where: str
    ) -> None:
        """One game on the lab's board, a move at a time: the run's board number ``board``,
        said as ``where`` ("seed 7", "board 3 of the run")."""
        bot = self._new_bot(source, name)
        self.say("Starting the bot's Python…")
        await bot.start()
        level = settings.level
        self.frame.hidden = False
        self.say(f"Watching the bot on {where} ({level.title}).")

        async def seen(referee: Referee, reply: Reply) -> None:
            self.board.innerHTML = board_html(referee.game)
            self.move.textContent = move_said(referee, reply)
            if referee.end is None:
                await self.scheduler.sleep(float(self.speed_menu.value))

        async def ask(question: str) -> Reply:
            return await bot.ask(question, settings.limit_s)

        self.board.style.setProperty("--cols", str(level.cols))
        self.board.style.setProperty("--rows", str(level.rows))
        first = Referee(level, boards.seed(board), settings.first_click).game
        self.board.innerHTML = board_html(first)
        end = await play_async(ask, level, boards, board, settings.first_click, seen)
        self.say(f"{where[0].upper()}{where[1:]}: {ended_words(end)}")
        self._show_traceback(end.detail)

    async def run(self, source: str, name: str, settings: LabSettings) -> None:
        """The settings' boards, the bot's and our solver's, the figures drawn as they come."""
        bot = self._new_bot(source, name)
        boards = settings.boards()
        tally = self.tally = Tally(settings.level, boards, settings.games)
        self.last = (source, name, settings, boards)
        self.frame.hidden = True
        self.again.hidden = True
        self.lost.hidden = True
        self.lost.replaceChildren()
        self.move.textContent = ""
        self.figures.textContent = ""
        self.progress.max = settings.games
        self.progress.value = 0
        self.progress.hidden = False
        self.say("Starting the bot's Python…")
        await bot.start()
        self._show(tally, settings)
        solver = asyncio.create_task(self._solver_games(settings, tally))

        async def ask(question: str) -> Reply:
            return await bot.ask(question, settings.limit_s)

        try:
            for board in range(settings.games):
                end = await play_async(ask, settings.level, boards, board, settings.first_click)
                tally.bot.append(end)
                self._show(tally, settings)
            bot.end()
            self.say("Waiting for our solver's last boards…")
            await solver
        finally:
            solver.cancel()
        self._show(tally, settings)
        self.say(f"Done: {count(settings.games, 'game')}.")
        self._show_lost(tally)
        self._show_traceback(tally.first_traceback())

    async def _solver_games(self, settings: LabSettings, tally: Tally) -> None:
        role = {
            "solver": {
                "level": str(settings.level),
                "first": settings.first_click.value,
                "boards": str(tally.boards),
            }
        }
        solver = self.solver = LabWorker(self.sandbox, role, lambda _lines, _dropped: None)
        chunk = max(1, SOLVER_CELLS // settings.level.cells)
        for start in range(0, settings.games, chunk):
            stop = min(start + chunk, settings.games)
            answer = await solver.ask(f'{{"boards": [{start}, {stop}]}}', None)
            won = answer.get("won")
            if not isinstance(won, list) or len(won) != stop - start:
                raise WorkerFailed("our solver's worker answered what is not a list of games")
            tally.ours.extend(bool(game) for game in won)
            self._show(tally, settings)
        solver.end()

    def _show(self, tally: Tally, settings: LabSettings) -> None:
        self.progress.value = len(tally.bot)
        self.figures.textContent = "\n".join(tally.lines())
        played = len(tally.bot)
        self.say(f"Played {played} of {settings.games} games; our solver {len(tally.ours)}.")

    def _show_lost(self, tally: Tally) -> None:
        """The boards the bot lost, each with a button to watch it; "Run these boards
        again" once the boards were a key's."""
        self.again.hidden = tally.boards.guessable
        lost = tally.lost()
        if not lost:
            return
        items = []
        for board in lost[:LOST_SHOWN]:
            end = tally.bot[board]
            item = self._document.createElement("li")
            button = self._document.createElement("button")
            button.type = "button"
            button.dataset.board = str(board)
            button.textContent = "Watch this board"
            item.append(f"{tally.boards.name(board).capitalize()}: {end.reason} ")
            item.append(button)
            items.append(item)
        more = len(lost) - LOST_SHOWN
        if more > 0:
            item = self._document.createElement("li")
            item.textContent = f"and {count(more, 'more board')}"
            items.append(item)
        self.lost.replaceChildren(*items)
        self.lost.hidden = False

    def _show_traceback(self, detail: str) -> None:
        if detail:
            self.traceback.hidden = False
            self.traceback.textContent = detail
            self._point_at(detail)

    def _point_at(self, words: str) -> None:
        line = error_line(words, self.name)
        if line is not None:
            self.point_at(line)


def ended_words(end: GameEnd) -> str:
    """How a watched game ended, in a sentence.

    >>> ended_words(GameEnd(False, "the bot gave up", 1, 0.0))
    'the bot gave up, after 1 move.'
    """
    if end.won:
        return f"won in {count(end.moves, 'move')}."
    return f"{end.reason}, after {count(end.moves, 'move')}."
