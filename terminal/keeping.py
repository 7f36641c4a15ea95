"""The commands about what is kept: ``stats``, ``replay``, ``export``, ``import``, ``reset``.

They read and change the player's data through the session's objects for it only
(:mod:`play.keeping.views`: its statistics, replays and transfer), and print; none touches
the game being played.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine import InvalidRecordError, Level, Record, count
from play.keeping import ListView
from play.session import Session
from terminal import replays
from terminal.console import Console
from terminal.file_names import no_file_name, player_path, shown
from terminal.render import PLAIN, Style, render_board
from terminal.stats_table import best_times, nf_lines, recent_lines, stats_table

MAX_PAUSE = 1.0
"""Seconds a replay waits at most between two moves, on a terminal."""


class Keeping:
    """Runs the commands about kept data for one terminal session."""

    def __init__(
        self,
        console: Console,
        session: Session,
        *,
        style: Style = PLAIN,
        pause: Callable[[float], None] | None = None,
        kept_in: Path | None = None,
    ) -> None:
        self.console = console
        self.statistics = session.statistics
        self.replays = session.replays
        self.transfer = session.transfer
        self.style = style
        self.pause = pause
        """Waits between a replay's moves (on a terminal); None plays a replay at once."""
        self.kept_in = kept_in
        """The file everything is kept in, to say where; None when it is not a file."""
        self.view = ListView()
        """How the kept games were last listed: ``replay N`` counts in that list."""

    # --- statistics ----------------------------------------------------------------------

    def stats(self, level: Level) -> None:
        """Every level's figures, then the best times and recent wins of ``level``."""
        summaries = self.statistics.summaries()
        say = self.console.say
        if not summaries:
            say("No finished games yet: statistics start with your first.")
        else:
            say(stats_table(summaries, self.statistics.daily()))
            for line in nf_lines(summaries):
                say(line)
            board = str(level)
            current = next((s for s in summaries if s.board == board and s.kind == "normal"), None)
            say()
            if current is None or not current.bests:
                say(f"No best times on {level.title} yet (games without hints count).")
            else:
                say(best_times(current))
                for line in recent_lines(current):
                    say(line)
        if self.kept_in is not None:
            say(f"Kept in {self.kept_in}.")

    def reset(self, level: Level | None) -> None:
        """Forget one level's statistics (every kind of game) or all, once confirmed."""
        what = "every level" if level is None else level.title
        answer = self.console.ask_yes(f"Forget the statistics and best times of {what}? (y/n) ")
        if not answer:
            self.console.say("Nothing was reset.")
            return
        self.statistics.reset(None if level is None else str(level))
        self.console.say(f"The statistics of {what} are reset; the kept games stay.")

    # --- replays -------------------------------------------------------------------------

    def replay(self, number: int | None, view: ListView | None = None) -> None:
        """List the kept games as ``view`` sorts and filters them (None: as last listed), or
        play game ``number`` of the list last shown back."""
        if view is not None:
            self.view = view
        games = self.replays.games(self.view)
        if number is None:
            self.console.say(replays.listing(games, self.view))
            return
        if number > len(games):
            kept = replays.kept(len(games))
            self.console.say(f"There is no game {number}: {kept} (type replay to list them).")
            return
        game = games[number - 1]
        try:
            record = Record.parse(game.text)
        except InvalidRecordError as error:
            self.console.say(f"Game {number} cannot be played back: {error}.")
            return
        self.console.say(f"Game {number}: {game.describe()}, seed {record.seed}.")
        self.play_back(record)

    def watch(self, text: str) -> None:
        """Play back a record pasted as text."""
        try:
            record = replays.parse_pasted(text)
        except ValueError as error:
            self.console.say(str(error))
            return
        self.console.say(f"A pasted game: {record.level.title}, seed {record.seed}.")
        self.play_back(record)

    def play_back(self, record: Record) -> None:
        """Every position with its move and time, then the final board; Ctrl-C stops it."""
        replay = self.replays.replay(record)
        try:
            for index in range(len(replay.frames)):
                if self.pause is not None and index > 0:  # a loss taken back shown a while
                    self.pause(min(MAX_PAUSE, replay.gap_ms(index) / 1000))
                self.console.say(replays.frame_text(replay, index, self.style))
        except KeyboardInterrupt:
            self.console.say("\nReplay stopped.")
            return
        self.console.say("Final board:")
        self.console.say(render_board(replay.frames[-1].game, self.style))
        self.console.say(replays.ending(replay))

    # --- export and import ---------------------------------------------------------------

    def export(self, name: str) -> None:
        path = player_path(name)
        if path is None:
            self.console.say(no_file_name(name))
            return
        text = self.transfer.export_text()
        try:
            path.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            self.console.say(f"Could not write {shown(str(path))}: {_reason(error)}.")
            return
        games = self.transfer.games()
        self.console.say(f"Exported {count(games, 'game')} to {shown(str(path))}.")

    def save_evf(self, number: int | None, name: str, player: str) -> None:
        """Write kept game ``number`` (None: the latest) as an EVF video at ``name``,
        ``player`` its player's name (:meth:`play.keeping.Replays.video`)."""
        games = self.replays.games()
        if not games or (number is not None and number > len(games)):
            self.console.say(f"There is no game {number or 1} to save: {replays.kept(len(games))}.")
            return
        game = games[0 if number is None else number - 1]
        path = player_path(name)
        if path is None:
            self.console.say(no_file_name(name))
            return
        try:
            video = self.replays.video(game.id, player)
        except ValueError as error:  # what EVF cannot hold, in words
            self.console.say(str(error))
            return
        if video is None:
            self.console.say(f"Game {number or 1} is no longer kept.")
            return
        data = video.data
        try:
            path.write_bytes(data)
        except OSError as error:
            self.console.say(f"Could not write {shown(str(path))}: {_reason(error)}.")
            return
        self.console.say(
            f"Saved {game.describe()} as an EVF video ({len(data):,} bytes) to {shown(str(path))}."
        )

    def import_(self, name: str) -> None:
        path = player_path(name)
        if path is None:
            self.console.say(no_file_name(name))
            return
        try:
            with path.open("rb") as file:
                raw = file.read(self.transfer.largest + 1)
        except OSError as error:
            self.console.say(f"Could not read {shown(str(path))}: {_reason(error)}.")
            return
        if len(raw) > self.transfer.largest:
            self.console.say(f"{shown(str(path))} is too large to be a Minesweeper export.")
            return
        try:
            self.console.say(self.transfer.import_text(raw.decode("utf-8")))
        except UnicodeDecodeError:
            self.console.say("That file is not a Minesweeper export (not text).")
        except ValueError as error:
            self.console.say(str(error))


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__
