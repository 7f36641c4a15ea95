"""The game loop: read a command, apply it, show the result, until the player leaves.

:class:`App` takes its console, clocks, seed source and storage as arguments, so a
test can play whole sessions from a script, against a store it owns, and get the
same output every time. :func:`main` keeps everything in the user's data directory
(:mod:`terminal.file_storage`).
"""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING

from engine import Record, random_seed
from play import Clock, Input, Notice, Session, Update
from play.daily import share_line
from play.keeper import Keeper, utc_now
from play.notice import Topic, sentence
from play.saves import Saves
from play.startup import open_session
from play.statistics import board_title
from play.storage import MemoryStorage, Storage, StorageUnavailable
from terminal import render
from terminal.analyse import analyse_command
from terminal.commands import (
    Analyse,
    Command,
    CommandError,
    Export,
    Import,
    Play,
    Practise,
    Reset,
    ReviewGame,
    SaveEvf,
    ShowReplay,
    Simple,
    WatchRecord,
    help_text,
    parse_command,
)
from terminal.console import Console
from terminal.file_storage import FileStorage, data_path
from terminal.keeping import Keeping
from terminal.options import Options, parse_args
from terminal.practice import practise_command
from terminal.review import review_command
from terminal.start import Left, Questions, described

if TYPE_CHECKING:
    from play.assist import Hint

PROMPT = "> "
AGAIN_PROMPT = "Play again? (y/n) "
AFTER_HELP = (
    "Type y for a new game or n to leave; daily, stats, replay, review, export, import and "
    "reset work here too."
)
WORDS = {Topic.GAME_OVER: "The game is over: answer y for a new one."}
"""The terminal's words for the notices whose page words name the page's controls."""


class Next(Enum):
    """What comes after a game."""

    NEW = "new"
    DAILY = "daily"
    """The daily board, dealt already."""
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
        now: Callable[[], datetime] = utc_now,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.options = options
        self.console = console
        self.clock = clock
        self.seeds = seeds
        self.storage: Storage = MemoryStorage() if storage is None else storage
        """Where games are kept; in memory only unless given (tests, or no data folder)."""
        self.now = now
        """UTC wall-clock time: the dates of games and of the daily board."""
        self.style = render.Style(color=options.color and console.supports_color())
        self.keeper = Keeper(Saves(self.storage), now=now)
        self._kept_in = self.storage.path if isinstance(self.storage, FileStorage) else None
        self._pause = sleep if console.is_terminal() else None
        self.keeping: Keeping
        """The commands about kept data, once the session that keeps it has started."""
        self._leaving: Record | None = None
        """The record of a game the daily board is replacing, printed before that board."""
        self._told = {"storage": 0, "keeper": 0}
        """How many of each list of notes the player has been told."""
        self._told_notice: Notice | None = None
        self._told_hint: Hint | None = None
        self.session: Session

    def run(self) -> int:
        """Play until the player quits or the input ends; the process exit code."""
        self._tell_notes()  # the store file's own (set aside, or not writable): said first
        try:
            start = open_session(
                self.options.launch(),
                self.keeper,
                clock=self.clock,
                seeds=self.seeds,
                today=lambda: self.now().date(),
                ask=Questions(self.console),
            )
        except Left:
            return self._bye()
        self._told["keeper"] = len(self.keeper.notes)  # the start's notice says them
        self.session = session = start.session
        self.keeping = Keeping(
            self.console, session, style=self.style, pause=self._pause, kept_in=self._kept_in
        )
        if start.resumed is not None:
            self.console.say(f"Resuming your {described(start.resumed)}.")
        session.subscribe(self._draw)
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
        """Play one game (drawn by :meth:`_draw`); what the player wants next."""
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
            elif command is Simple.HELP:
                self.console.say(help_text(session.game.question_marks))
                self.console.say(render.play_legend(self.style))
            elif command is Simple.SHOW:
                self._show(session)
            elif command is Simple.HINT:
                session.hint()
            elif self._keeping(command, session):
                pass
            elif command is Simple.DAILY:
                if self._daily(session):
                    return Next.DAILY
            else:
                self._abandon(session)
                return Next.NEW if command is Simple.NEW else Next.QUIT
            self._tell_notes()

    def _keeping(self, command: Command, session: Session) -> bool:
        """Run a command about kept data; False when ``command`` is not one."""
        if command is Simple.STATS:
            self.keeping.stats(session.settings.level)
        elif isinstance(command, ShowReplay) and command.number is None:
            self.keeping.replay(None)
        elif isinstance(command, ShowReplay | WatchRecord | ReviewGame | Practise):
            # Watching a replay or a review is time away from the game: its clock waits,
            # and the game is drawn again after it.
            session.pause()
            if isinstance(command, ShowReplay):
                self.keeping.replay(command.number)
            elif isinstance(command, ReviewGame):
                review_command(self.console, session.replays, command, session.practice)
            elif isinstance(command, Practise):
                practise_command(self.console, session.practice, command)
            else:
                self.keeping.watch(command.text)
            session.carry_on()
            if not session.game.status.is_over:
                self._intro(session)
                self._show(session)
        elif isinstance(command, Analyse):
            analyse_command(self.console, session.bench, command)
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

    # --- what the player sees: drawn in one place ---------------------------------------

    def _draw(self, update: Update) -> None:
        """Show what a session call changed: a new game with its introduction, a move's
        board (or the whole ending), the engine's word on a move that changed nothing, and
        every new notice, in the terminal's words."""
        session = self.session
        if update.fresh:
            if self._leaving is not None and self._leaving.moves:
                self._print_record(self._leaving)  # the game left: its record first
            self._intro(session)
            self._show(session)
        elif update.game.status.is_over and not update.before.status.is_over:
            self._finish(session)
        elif update.changed:
            self._show(session)
        elif update.message:
            self.console.say(sentence(update.message))
        self._tell_hint(session.hinted)
        self._tell(session.notice)

    def _intro(self, session: Session) -> None:
        level = session.game.level
        if session.daily is not None:
            intro = f"Daily board of {session.daily}: {board_title(str(level))} {level}"
            self.console.say(f"\n{intro}, the centre opened for you. Type h for help.")
        else:
            self.console.say(
                f"\n{level.name.capitalize()} {level}, seed {session.game.seed}. Type h for help."
            )

    def _tell_hint(self, hint: Hint | None) -> None:
        """Show a new hint once: the board, its cell bracketed, and its reason with the
        move to type (counted from 1, as the board's labels and the reason's words are).
        Its reason is the notice too: said here, not again."""
        if hint is None or hint is self._told_hint:
            return
        self._told_hint = hint
        self._told_notice = self.session.notice
        row, col = self.session.game.grid.row_col(hint.cell)
        self._show(self.session, cursor=(row, col))
        self.console.say(f"Hint (o {row + 1} {col + 1}): {hint.reason}")

    def _tell(self, notice: Notice | None) -> None:
        """Say a notice once, in the terminal's words."""
        if notice is None or notice is self._told_notice:
            return
        self._told_notice = notice
        self.console.say(WORDS.get(notice.topic, notice.text) if notice.topic else notice.text)

    def _show(self, session: Session, cursor: tuple[int, int] | None = None) -> None:
        self.console.say(render.render_board(session.game, self.style, cursor))
        self.console.say(render.status_line(session.game, session.seconds()))

    def _finish(self, session: Session) -> None:
        result = session.result
        self.console.say(render.render_board(session.game, self.style))
        if result is not None:
            if not result.won:
                self.console.say(render.loss_legend(self.style))
            self.console.say(render.result_lines(result))
            if result.news:  # a new best is cheered; why a win is no best time is not
                news = result.news
                self.console.say(news if news.endswith(".") else f"{news}!")
            if result.daily:
                daily = session.statistics.daily()
                self.console.say(
                    f"Daily boards won in a row: {daily.streak} (best {daily.best_streak})."
                )
                self.console.say(f"Share it: {share_line(result)}")
        self._print_record(session.record)
        self._tell_notes()

    def _abandon(self, session: Session) -> None:
        """Leave a game unfinished; its record is still worth keeping once it has moves."""
        if session.record.moves:
            self._print_record(session.record)

    def _print_record(self, record: Record) -> None:
        self.console.say(f"Record: {record.to_text()}")

    def _after(self, session: Session) -> Next:
        """After a game: another, or not; the kept-data commands and daily work here too."""
        while True:
            answer = self.console.ask(AGAIN_PROMPT)
            if answer is None:
                return Next.QUIT
            key = answer.strip().lower()
            if key in ("y", "yes"):
                return Next.NEW
            if key in ("n", "no", "q", "quit"):
                return Next.QUIT
            try:
                command = parse_command(answer)
            except CommandError:
                command = Simple.SHOW
            if command is Simple.DAILY:
                if self._daily(session):
                    return Next.DAILY  # else the notice said why, and the question stands
            elif command is Simple.HELP:
                self.console.say(AFTER_HELP)
            elif command is Simple.HINT:
                session.hint()  # the game is over: the notice says how to go on
            elif not self._keeping(command, session):
                self.console.say("Please answer y or n.")
            self._tell_notes()

    def _daily(self, session: Session) -> bool:
        """Deal the daily board in place of the game on the table, whose record is printed
        first when it is left unfinished (as :meth:`_abandon` prints it); False when the
        session deals none (a custom level: its notice says why) and the game stays."""
        self._leaving = None if session.game.status.is_over else session.record
        try:
            return session.new_daily(self.now().date())
        finally:
            self._leaving = None

    def _tell_notes(self) -> None:
        """What the player should hear about their data, each note once."""
        file_notes = self.storage.notes if isinstance(self.storage, FileStorage) else []
        for source, notes in (("storage", file_notes), ("keeper", self.keeper.notes)):
            for note in notes[self._told[source] :]:
                self.console.say(note)
            self._told[source] = len(notes)

    def _bye(self) -> int:
        self.console.say("Bye.")
        return 0


def open_storage(console: Console) -> Storage:
    """The file in the user's data directory; in memory, with a quiet note, when the
    directory cannot be used."""
    try:
        return FileStorage.open(data_path())
    except StorageUnavailable as error:
        console.say(str(error))
        return MemoryStorage()


def _never_fail_on_text() -> None:
    """Bytes typed or piped in that are not UTF-8 (a strict locale raises on them at the
    next read) become the file-name-safe escapes Python uses for paths, and text that
    cannot be printed is printed escaped: no input ends the game with a traceback."""
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the terminal game on the process's streams; the exit code."""
    options = parse_args(argv)
    _never_fail_on_text()
    console = Console.standard()
    try:
        return App(options, console, storage=open_storage(console)).run()
    except KeyboardInterrupt:
        # Ctrl-C is a way to leave, not a crash: no traceback, and the shell's usual code.
        sys.stdout.write("\n")
        return 130
