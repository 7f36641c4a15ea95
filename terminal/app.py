"""The game loop: read a command, apply it, show the result, until the player leaves.

:class:`App` takes its console, clock and seed source as arguments, so a test can
play a whole session from a script and get the same output every time.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence

from engine import Status, random_seed
from terminal import render
from terminal.commands import CommandError, Play, Simple, help_text, parse_command
from terminal.console import Console
from terminal.menu import choose_level
from terminal.options import Options, parse_args
from terminal.session import Clock, Session

PROMPT = "> "
AGAIN_PROMPT = "Play again? (y/n) "


class App:
    """A terminal session of one or more games at one level."""

    def __init__(
        self,
        options: Options,
        console: Console,
        clock: Clock = time.monotonic,
        seeds: Callable[[], int] = random_seed,
    ) -> None:
        self.options = options
        self.console = console
        self.clock = clock
        self.seeds = seeds
        self.style = render.Style(color=options.color and console.supports_color())

    def run(self) -> int:
        """Play until the player quits or the input ends; the process exit code."""
        level = self.options.level or choose_level(self.console)
        if level is None:
            return self._bye()
        # --seed is for replaying one board: later games would repeat it, so they get fresh seeds.
        seed = self.options.seed
        while True:
            session = Session.start(
                level,
                self.seeds() if seed is None else seed,
                self.clock,
                question_marks=self.options.question_marks,
            )
            seed = None
            if not self.play(session):
                return self._bye()

    def play(self, session: Session) -> bool:
        """Play one game; True when the player wants another one."""
        level = session.game.level
        self.console.say(
            f"\n{level.name.capitalize()} {level}, seed {session.game.seed}. Type h for help."
        )
        self._show(session)
        while True:
            line = self.console.ask(PROMPT)
            if line is None:
                self._abandon(session)
                return False
            try:
                command = parse_command(line)
            except CommandError as error:
                self.console.say(render.sentence(str(error)))
                continue
            if isinstance(command, Play):
                outcome = session.play(command.move)
                if session.game.status.is_over:
                    self._finish(session)
                    return self._ask_again()
                if outcome.changed:
                    self._show(session)
                if outcome.message:
                    self.console.say(render.sentence(outcome.message))
            elif command is Simple.HELP:
                self.console.say(help_text(session.game.question_marks))
                self.console.say(render.play_legend(self.style))
            elif command is Simple.SHOW:
                self._show(session)
            else:
                self._abandon(session)
                return command is Simple.NEW

    def _show(self, session: Session) -> None:
        self.console.say(render.render_board(session.game, self.style))
        self.console.say(render.status_line(session.game, session.seconds()))

    def _finish(self, session: Session) -> None:
        game = session.game
        seconds = render.format_seconds(session.seconds())
        self.console.say(render.render_board(game, self.style))
        if game.status is Status.WON:
            self.console.say(f"You won in {seconds}!")
        else:
            self.console.say(render.loss_legend(self.style))
            self.console.say(f"You lost after {seconds}.")
        stats = session.stats()
        if stats is not None:
            self.console.say(render.stats_line(stats, game.status))
        self._print_record(session)

    def _abandon(self, session: Session) -> None:
        """Leave a game unfinished; its record is still worth keeping once it has moves."""
        if session.started:
            self._print_record(session)

    def _print_record(self, session: Session) -> None:
        self.console.say(f"Record: {session.record.to_text()}")

    def _ask_again(self) -> bool:
        while True:
            answer = self.console.ask(AGAIN_PROMPT)
            if answer is None:
                return False
            key = answer.strip().lower()
            if key in ("y", "yes"):
                return True
            if key in ("n", "no", "q", "quit"):
                return False
            self.console.say("Please answer y or n.")

    def _bye(self) -> int:
        self.console.say("Bye.")
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the terminal game on the process's streams; the exit code."""
    options = parse_args(argv)
    try:
        return App(options, Console.standard()).run()
    except KeyboardInterrupt:
        # Ctrl-C is a way to leave, not a crash: no traceback, and the shell's usual code.
        sys.stdout.write("\n")
        return 130
