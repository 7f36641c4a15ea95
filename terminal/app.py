"""The game loop: read a command, hand it to the session, until the player leaves.

:class:`App` takes its console, clocks, seed source and storage as arguments, so a
test can play whole sessions from a script, against a store it owns, and get the
same output every time. What the player sees is drawn in one place,
:class:`terminal.screen.Screen`. ``python -m terminal`` (:mod:`terminal.__main__`) keeps
everything in the user's data directory (:mod:`terminal.file_storage`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date, datetime
from enum import Enum

from engine import Status, drain, random_seed
from play.game import Clock, Input, Update, sentence
from play.game_ui import Command
from play.keeping import MemoryStorage, Storage
from play.session import Session
from play.start import open_session, today_utc
from terminal import render
from terminal.analyse import analyse_command
from terminal.commands import (
    ANSWERS,
    Analyse,
    CommandError,
    Export,
    Import,
    Play,
    Reset,
    ReviewGame,
    SaveEvf,
    ShowReplay,
    StartPractice,
    TypedCommand,
    WatchRecord,
    help_text,
    parse_command,
)
from terminal.console import Console
from terminal.file_storage import FileStorage
from terminal.keeping import Keeping
from terminal.options import Options
from terminal.practice import practice_command
from terminal.review import review_command
from terminal.screen import Screen
from terminal.start import Left, Questions, described

PROMPT = "> "
AGAIN_PROMPT = "Play again? (y/n) "
AFTER_LOSS_PROMPT = "Play again? (y/n, or retry the board, or undo the losing click) "
"""After a loss the question names what else there is to do (a player did not know)."""
AFTER_HELP = (
    "Type y for a new game or n to leave; after a loss, retry deals the same board again and "
    "undo takes back the losing click (neither is ever a best time); daily, stats, replay, "
    "review, export, import and reset work here too."
)


class Next(Enum):
    """What comes after a game."""

    NEW = "new"
    DAILY = "daily"
    """The daily board, dealt already."""
    ON = "on"
    """The game on the table (a lost board dealt again, or going on after an undo)."""
    QUIT = "quit"


class App:
    """A terminal session of one or more games, remembered from one run to the next."""

    def __init__(
        self,
        options: Options,
        console: Console,
        clock: Clock = time.monotonic,
        seeds: Callable[[], int] = random_seed,
        *,
        storage: Storage | None = None,
        now: Callable[[], datetime] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.options = options
        self.console = console
        self.clock = clock
        self.seeds = seeds
        self.storage: Storage = MemoryStorage() if storage is None else storage
        """Where games are kept; in memory only unless given (tests, or no data folder)."""
        self.today: Callable[[], date] = today_utc if now is None else lambda: now().date()
        """The day in UTC, of the daily board; ``now`` (a test's) is the games' dates too,
        else the keeper's own wall clock."""
        self.style = render.Style(color=options.color and console.supports_color())
        self._now = now
        self._kept_in = self.storage.path if isinstance(self.storage, FileStorage) else None
        self._pause = sleep if console.is_terminal() else None
        self.keeping: Keeping
        """The commands about kept data, once the session that keeps it has started."""
        self.screen: Screen
        """What the player sees, once the session has started."""
        self._told = {"storage": 0, "keeper": 0}
        """How many of each list of notes the player has been told."""
        self.session: Session

    def run(self) -> int:
        """Play until the player quits or the input ends; the process exit code."""
        self._tell_notes()  # the store file's own (set aside, or not writable): said first
        try:
            start = open_session(
                self.options.launch(),
                self.storage,
                now=self._now,
                clock=self.clock,
                seeds=self.seeds,
                today=self.today,
                ask=Questions(self.console),
            )
        except Left:
            return self._bye()
        self.session = session = start.session
        self._told["keeper"] = len(session.transfer.notes)  # the start's notice says them
        self.keeping = Keeping(
            self.console, session, style=self.style, pause=self._pause, kept_in=self._kept_in
        )
        self.screen = Screen(self.console, session.picture, self.clock, self.style)
        if start.resumed is not None:
            self.console.say(f"Resuming your {described(start.resumed)}.")
        session.subscribe(self._drawn)
        try:
            after = self.play(session)
            while after is not Next.QUIT:
                if after is Next.NEW:
                    session.new_game()
                after = self.play(session)
        finally:
            session.save()  # the time played so far, also on Ctrl-C
        return self._bye()

    # --- a game ------------------------------------------------------------------------

    def play(self, session: Session) -> Next:
        """Play one game (drawn by :attr:`screen`); what the player wants next."""
        while True:
            line = self.console.ask(PROMPT)
            if line is None:
                self._abandon(session)
                return Next.QUIT
            try:
                command = parse_command(line)
            except CommandError as error:
                self.console.say(sentence(str(error)))
                continue
            if isinstance(command, Play):
                session.play(command.move, Input.TEXT)
                if session.game.status.is_over:
                    return self._after(session)
            elif command is Command.HELP:
                self.console.say(help_text(session.game.question_marks))
                self.console.say(render.play_legend(self.style))
            elif command is Command.SHOW_BOARD:
                self.screen.show()
            elif command is Command.HINT:
                drain(session.hint_steps())
            elif self._keeping(command, session):
                pass
            elif command is Command.DAILY:
                if self._daily(session):
                    return Next.DAILY
            else:
                self._abandon(session)
                return Next.NEW if command is Command.NEW_GAME else Next.QUIT
            self._tell_notes()

    def _keeping(self, command: TypedCommand, session: Session) -> bool:
        """Run a command about kept data; False when ``command`` is not one."""
        if command is Command.STATS:
            self.keeping.stats(session.settings.level)
        elif isinstance(command, ShowReplay) and command.number is None:
            self.keeping.replay(None, command.view)
        elif isinstance(command, ShowReplay | WatchRecord | ReviewGame | StartPractice):
            # Watching a replay or a review is time away from the game: its clock waits,
            # and the game is drawn again after it.
            session.pause()
            if isinstance(command, ShowReplay):
                self.keeping.replay(command.number)
            elif isinstance(command, ReviewGame):
                review_command(self.console, session, command)
            elif isinstance(command, StartPractice):
                practice_command(self.console, session.practice, command)
            else:
                self.keeping.watch(command.text)
            session.carry_on()
            if not session.game.status.is_over:
                self.screen.intro()
                self.screen.show()
        elif isinstance(command, Analyse):
            analyse_command(self.console, session.editor, command)
        elif isinstance(command, SaveEvf):
            self.keeping.save_evf(command.number, command.path, session.settings.player_name)
        elif isinstance(command, Export):
            self.keeping.export(command.path)
        elif isinstance(command, Import):
            self.keeping.import_(command.path)
        elif isinstance(command, Reset):
            self.keeping.reset(command.level)
        else:
            return False
        return True

    def _abandon(self, session: Session) -> None:
        """Leave a game unfinished; its record is still worth keeping once it has moves."""
        if session.record.moves:
            self.screen.print_record(session.record)

    def _after(self, session: Session) -> Next:
        """After a game: another, or not; the kept-data commands and daily work here too."""
        while True:
            lost = session.game.status is Status.LOST
            answer = self.console.ask(AFTER_LOSS_PROMPT if lost else AGAIN_PROMPT)
            if answer is None:
                return Next.QUIT
            answered = ANSWERS.get(answer.strip().lower())
            if answered is Command.NEW_GAME:
                return Next.NEW
            if answered is Command.QUIT:
                return Next.QUIT
            if answered is not None:  # retry or undo
                undo = answered is Command.UNDO
                if session.undo() if undo else session.retry():
                    if undo:
                        self.screen.show()  # the board before the losing click
                    return Next.ON
                self._tell_notes()
                continue  # the notice said why
            try:
                command = parse_command(answer)
            except CommandError:
                command = Command.SHOW_BOARD
            if command is Command.DAILY:
                if self._daily(session):
                    return Next.DAILY  # else the notice said why, and the question stands
            elif command is Command.HELP:
                self.console.say(AFTER_HELP)
            elif command is Command.HINT:
                drain(session.hint_steps())  # the game is over: the notice says how to go on
            elif not self._keeping(command, session):
                self.console.say("Please answer y or n.")
            self._tell_notes()

    def _daily(self, session: Session) -> bool:
        """Deal the daily board in place of the game on the table, whose record is printed
        first when it is left unfinished (as :meth:`_abandon` prints it); False when the
        session deals none (a custom level: its notice says why) and the game stays."""
        self.screen.leaving = None if session.game.status.is_over else session.record
        try:
            return session.new_game(day=self.today())
        finally:
            self.screen.leaving = None

    def _drawn(self, update: Update) -> None:
        """The session's observer: the screen draws the update (blind to the session), then
        the player hears what a save may have said about their data (a game's end saves)."""
        self.screen.update(update)
        self._tell_notes()

    def _tell_notes(self) -> None:
        """What the player should hear about their data, each note once."""
        file_notes = self.storage.notes if isinstance(self.storage, FileStorage) else []
        for source, notes in (("storage", file_notes), ("keeper", self._kept_notes())):
            for note in notes[self._told[source] :]:
                self.console.say(note)
            self._told[source] = len(notes)

    def _kept_notes(self) -> list[str]:
        """The session's notes on kept data; none before it has started."""
        session = getattr(self, "session", None)
        return [] if session is None else session.transfer.notes

    def _bye(self) -> int:
        self.console.say("Bye.")
        return 0
