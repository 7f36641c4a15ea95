"""The game being played, for every front end: Simon Tatham's "midend", in Python.

A :class:`Session` owns the current game and its record with move times, the
clock (injected, so tests freeze it), the settings, whether the game was
assisted, the solver's help, the auto-player's stepping, the notice line and the
end-of-game result. Front ends turn their events into :class:`engine.Move` values
and session calls, then draw what the session reports; none of them decides a
rule of the game.

>>> ticks = iter([10.0, 11.5, 12.0])
>>> session = Session(seed=42, clock=lambda: next(ticks))
>>> session.play(Move.reveal(4, 4)).game.status.value
'playing'
>>> _ = session.play(Move.mark(0, 0))
>>> session.record.to_text()
'ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500'
>>> Record.parse(session.record.to_text()).replay() == session.game
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from engine import (
    Action,
    Game,
    Level,
    Move,
    Record,
    Status,
    apply,
    game_stats,
    new_game,
    random_seed,
    with_question_marks,
)
from engine import tiles as t
from play.clock import Stopwatch
from play.daily import daily_seed
from play.keeper import Keeper, Snapshot
from play.notice import FINDING, GAME_OVER, Notice, Until
from play.result import Result
from play.settings import CELL_SIZES, THEMES, Settings
from play.solver_help import SolverHelp
from play.update import Input, Update

if TYPE_CHECKING:
    from datetime import date

__all__ = ["FINDING", "GAME_OVER", "Clock", "Input", "Session", "Update"]

Clock = Callable[[], float]
"""Seconds from any fixed start, never going backwards, such as :func:`time.monotonic`."""


class Session(SolverHelp):
    """One player's games, one at a time; the only owner of "the game being played"."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        seed: int | None = None,
        clock: Clock = time.monotonic,
        seeds: Callable[[], int] = random_seed,
        keeper: Keeper | None = None,
    ) -> None:
        self.keeper = keeper
        """Where settings, the game in progress and finished games are kept (None: nowhere)."""
        self._settings = settings or Settings()
        self._clock = clock
        self._seeds = seeds
        self.watch = Stopwatch()
        self.notice: Notice | None = None
        self.auto_playing = False
        self.game: Game
        self.record: Record
        self.assisted = False
        self.daily: str | None = None
        """The date of a daily board, ``2026-11-22``; None for any other game."""
        self.result: Result | None = None
        # Not new_game(): a stored game must survive until the front end has resumed it.
        self._deal(seed)

    @property
    def settings(self) -> Settings:
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        """Every change of settings is kept at once."""
        self._settings = settings
        if self.keeper is not None:
            self.keeper.save_settings(settings)

    # --- game flow -------------------------------------------------------------------

    def new_game(self, seed: int | None = None) -> None:
        """A new game of the current level; a fresh seed unless one is given."""
        self._deal(seed)
        self.save()

    def _deal(self, seed: int | None) -> None:
        s = self.settings
        self.game = new_game(
            s.level,
            self._seeds() if seed is None else seed,
            question_marks=s.question_marks,
            no_guess=s.no_guess,
        )
        self.record = Record.of(self.game)
        self.assisted = s.show_chances
        self.daily = None
        self.result = None
        self.auto_playing = False
        self.notice = None
        self.watch.reset()

    def new_daily(self, day: date) -> None:
        """The daily board of ``day`` at the current level: the same for every player, its
        first reveal made for them in the centre, the clock starting at their first move."""
        self.new_game(daily_seed(day, self.settings.level))
        grid = self.game.grid
        opening = Move.reveal(grid.rows // 2, grid.cols // 2)
        self.game = apply(self.game, opening).game
        self.record = self.record.add(opening, 0)
        self.daily = day.isoformat()
        self.save()

    def resume(self, snapshot: Snapshot, finished_too: bool = False) -> bool:
        """Carry on a stored game, its clock from the time played; False (and nothing
        changed) when it does not replay, or is finished and ``finished_too`` is not set
        (Back and Forward show a finished game again; a reload deals a new one)."""
        try:
            game = snapshot.record.replay()
        except ValueError:
            return False
        if game.status.is_over and not finished_too:
            return False
        self.auto_playing = False
        self.game, self.record = game, snapshot.record
        self.assisted, self.daily, self.result, self.notice = (
            snapshot.assisted or self.settings.show_chances,
            snapshot.daily,
            None,
            None,
        )
        self.watch.reset()
        if game.status is Status.PLAYING:
            self.watch.start(self._clock() - snapshot.elapsed_ms / 1000)
        elif game.status.is_over:
            stats = game_stats(game, self.seconds())
            if stats is not None:
                self.result = Result(
                    game.status, self.seconds(), stats, game.level, game.seed,
                    self.assisted, game.no_guess, daily=self.daily,
                )  # fmt: skip
        self.save()
        return True

    def snapshot(self) -> Snapshot:
        """The game as it stands, for storage."""
        elapsed = round(self.watch.elapsed(self._clock()) * 1000)
        return Snapshot(self.record, elapsed, self.assisted, self.daily)

    def save(self) -> None:
        """Keep the game in progress (a finished game is not resumed: it is forgotten)."""
        if self.keeper is not None:
            self.keeper.save_game(None if self.game.status.is_over else self.snapshot())

    def play(self, move: Move, via: Input = Input.MOUSE) -> Update:
        """Apply ``move``; a player's own move stops the auto-player."""
        if via is not Input.SOLVER:
            self.auto_playing = False
        move = self.interpret(move, via)
        before = self.game
        now = self._clock()
        outcome = apply(before, move)
        update = Update(before, outcome.game, outcome.changed, outcome.message)
        # The engine hands back the very same game for a move it ignores (off the board,
        # after the end): such a move is not part of the game. A wasted click on the board
        # is, since the engine counts it, and the record must hold it for the same stats.
        if not update.counted:
            return update
        if not self.watch.started and outcome.game.status is Status.PLAYING:
            self.watch.start(now)  # at the first reveal (a daily board's is made for the player)
        self.record = self.record.add(move, self._ms(now))
        self.game = outcome.game
        if via is Input.SOLVER:
            self.assisted = True
        if self.notice is not None and self.notice.until is Until.NEXT_MOVE:
            self.notice = None
        if outcome.changed and outcome.message:
            self.notice = Notice(_sentence(outcome.message), Until.GAME_OVER)
        if self.game.status.is_over:
            self._finish(now)
        self.save()
        return update

    def interpret(self, move: Move, via: Input) -> Move:
        """The move a gesture means on this board: on an open number, a reveal chords
        with touch and keys (no second button) or with click-to-chord on, and a finger's
        mark (a long press, or a tap in Flag mode) chords too."""
        game = self.game
        if move.kind is Action.CHORD or not game.grid.contains(move.row, move.col):
            return move
        tile = game.tile(move.row, move.col)
        if not t.is_open(tile) or tile == 0:
            return move
        if move.kind is Action.REVEAL and (
            via in (Input.TOUCH, Input.KEYS) or self.settings.click_chords
        ):
            return Move.chord(move.row, move.col)
        if move.kind is Action.MARK and via is Input.TOUCH:
            return Move.chord(move.row, move.col)
        return move

    def deals_search(self, move: Move, via: Input = Input.MOUSE) -> bool:
        """True when ``move`` deals a no-guess board, which takes a moment to find.

        The notice says so at once, so a front end can paint it before calling :meth:`play`.
        """
        game = self.game
        searching = (
            game.no_guess
            and game.layout is None
            and self.interpret(move, via).kind is Action.REVEAL
            and game.grid.contains(move.row, move.col)
            and game.tile(move.row, move.col) == t.COVERED
        )
        if searching:
            self.notice = Notice(FINDING)
        return searching

    def _ms(self, now: float) -> int:
        """The move's time in the record: milliseconds on the game's clock (0 before the
        first reveal starts it), never earlier than the move before, whatever the clock."""
        ms = round(self.watch.elapsed(now) * 1000)
        if self.record.moves:
            ms = max(ms, self.record.moves[-1].ms)
        return ms

    def _finish(self, now: float) -> None:
        self.watch.stop(now)
        self.auto_playing = False
        if self.notice is not None and self.notice.until is Until.GAME_OVER:
            self.notice = None
        seconds = self.seconds()
        stats = game_stats(self.game, seconds)
        if stats is None:
            return
        g = self.game
        result = Result(g.status, seconds, stats, g.level, g.seed, self.assisted, g.no_guess)
        if self.keeper is not None:
            kind = "assisted" if self.assisted else "noguess" if g.no_guess else "normal"
            news = self.keeper.finish(result, self.record, kind, self.daily)
            result = replace(result, news=news, daily=self.daily)
        self.result = result

    # --- the clock -------------------------------------------------------------------

    def seconds(self) -> float:
        """Time played: 0 before the first reveal; once the game is over, the time of its
        last move as the record holds it, so a replay tells the same time."""
        if self.game.status.is_over and self.record.moves:
            return self.record.moves[-1].ms / 1000
        return self.watch.elapsed(self._clock())

    def display_seconds(self) -> int:
        """What the timer LED shows: the second in progress counts, up to 999."""
        return self.watch.display(self._clock())

    @property
    def clock_running(self) -> bool:
        return self.watch.running

    def until_next_tick(self) -> float:
        """Seconds until the LED changes, so a front end's timer wakes just in time."""
        return self.watch.until_next_tick(self._clock())

    # --- settings ------------------------------------------------------------------

    def change_level(self, level: Level) -> None:
        """Play ``level`` from now on: a new game at once."""
        last_custom = level if level.name == "custom" else self.settings.last_custom
        self.settings = replace(self.settings, level=level, last_custom=last_custom)
        self.new_game()

    def set_question_marks(self, on: bool) -> None:
        """At once, even mid-game: "?" marks already placed stay until cycled."""
        self.settings = replace(self.settings, question_marks=on)
        if self.game.status.is_over or self.game.question_marks == on:
            return
        self.game = with_question_marks(self.game, on)
        if self.record.moves:
            self.record = self.record.set_marks(on, self._ms(self._clock()))
        else:
            self.record = Record.of(self.game)
        self.save()

    def set_click_chords(self, on: bool) -> None:
        self.settings = replace(self.settings, click_chords=on)

    def set_flag_mode(self, on: bool) -> None:
        self.settings = replace(self.settings, flag_mode=on)

    def set_auto_delay(self, ms: int) -> None:
        self.settings = replace(self.settings, auto_delay_ms=max(0, ms))

    def set_theme(self, theme: str) -> None:
        """At once; a name not in :data:`play.settings.THEMES` is refused with a notice."""
        if theme not in THEMES:
            self.say(f"There is no {theme!r} theme: the board keeps its look.")
            return
        self.settings = replace(self.settings, theme=theme)

    def set_cell_size(self, size: str) -> None:
        """At once; a size not in :data:`play.settings.CELL_SIZES` is refused with a notice."""
        if size not in CELL_SIZES:
            self.say(f"There is no cell size {size!r}: the cells keep their size.")
            return
        self.settings = replace(self.settings, cell_size=size)

    def set_no_guess(self, on: bool) -> None:
        """Deals the same seed again if nothing is played yet; otherwise from the next game."""
        self.settings = replace(self.settings, no_guess=on)
        if self.game.status is Status.READY and self.game.no_guess != on:
            self.new_game(self.game.seed)
        elif self.game.no_guess != on and not self.game.status.is_over:
            kind = "No-guess boards" if on else "Normal boards"
            self.notice = Notice(f"{kind} start with the next game.")

    def set_show_chances(self, on: bool) -> None:
        """Showing the chances makes the game in progress an assisted one."""
        self.settings = replace(self.settings, show_chances=on)
        if on and not self.game.status.is_over:
            self.assisted = True
            self.save()

    def warn(self, text: str) -> None:
        """A front end's warning about this game (a bad address value, a slow board)."""
        self.notice = Notice(text, Until.GAME_OVER)

    def say(self, text: str) -> None:
        """A front end's word for the player, stale after the next move."""
        self.notice = Notice(text, Until.NEXT_MOVE)


def _sentence(text: str) -> str:
    """An engine message as the player reads it: a capital and a full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."
