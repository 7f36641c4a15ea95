"""The game loop: read a command, apply it, show the result, until the player leaves.

:class:`App` takes its console, clock and seed source as arguments, so a test can
play a whole session from a script and get the same output every time.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence

from engine import random_seed
from play import Clock, Input, Session, Settings
from terminal import render
from terminal.commands import CommandError, Play, Simple, help_text, parse_command
from terminal.console import Console
from terminal.menu import choose_level
from terminal.options import Options, parse_args

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
        settings = Settings(level=level, question_marks=self.options.question_marks)
        # --seed is for replaying one board: later games would repeat it, so they get fresh seeds.
        session = Session(settings, seed=self.options.seed, clock=self.clock, seeds=self.seeds)
        while self.play(session):
            session.new_game()
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
                update = session.play(command.move, Input.TEXT)
                if session.game.status.is_over:
                    self._finish(session)
                    return self._ask_again()
                if update.changed:
                    self._show(session)
                if update.message:
                    self.console.say(render.sentence(update.message))
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
        result = session.result
        self.console.say(render.render_board(session.game, self.style))
        if result is not None:
            if not result.won:
                self.console.say(render.loss_legend(self.style))
            self.console.say(render.result_lines(result))
        self._print_record(session)

    def _abandon(self, session: Session) -> None:
        """Leave a game unfinished; its record is still worth keeping once it has moves."""
        if session.record.moves:
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
