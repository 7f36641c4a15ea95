"""One game from its deal to its end: the position, its record with each move's time, its
clock, whether it was assisted, and how it ended.

The session (:mod:`play.session`) holds one :class:`Round` at a time and starts another
for every new game; a round knows nothing of settings to keep, notices or front ends.

>>> from engine import Move
>>> from play.game.settings import Settings
>>> game = Round.deal(Settings(), seed=42)
>>> _ = game.apply(Move.reveal(4, 4), now=10.0)
>>> _ = game.apply(Move.mark(0, 0), now=11.5)
>>> game.record.to_text(), game.seconds(now=12.0)
('ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500', 2.0)
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine import (
    FirstClick,
    Game,
    Move,
    Outcome,
    Record,
    Status,
    apply,
    game_stats,
    new_game,
    with_question_marks,
)
from engine.counters import counters
from engine.pointer_path import PointerTrack
from engine.record import MAX_MS
from engine.style import style as style_of
from play.game.clock import Stopwatch
from play.game.daily import daily_seed, offers_daily
from play.game.race import Ghost
from play.game.result import COUNTED_CELLS, Result

if TYPE_CHECKING:
    from datetime import date

    from play.game.settings import Effect, Settings


class Round:
    def __init__(
        self,
        game: Game,
        record: Record | None = None,
        *,
        assisted: bool = False,
        daily: str | None = None,
        linked: bool = False,
    ) -> None:
        self.game = game
        self.record = Record.of(game) if record is None else record
        self.watch = Stopwatch()
        self.assisted = assisted
        """Chances were shown, a hint was asked for, or the solver played a move."""
        self.daily = daily
        """The date of a daily board, ``2026-11-22``; None for any other game."""
        self.linked = linked
        """The board came from a link someone shared: it may be known, so no best time."""
        self.result: Result | None = None
        """How the game went, once it is over."""
        self.pointer = PointerTrack()
        """The pointer's path over the board (the page's mouse; none in the terminal)."""
        self.race: Ghost | None = None
        """The ghost raced on this board (:meth:`raced`); any other round races none."""
        self.kept_id: str | None = None
        """The id the keeper knows this game by, from the player's first move on: its
        ledger entry's once it ends, or once it is left unfinished (abandoned)."""
        self._before_last: tuple[Record, Game] | None = None
        """The record as the last move left it, and the game before that move: an undo of
        it goes back to that game instead of replaying the record (a 1000x1000 board's
        replay deals its mines and floods its opening again: 0.2 s of CPython)."""

    @classmethod
    def deal(cls, settings: Settings, seed: int, linked: bool = False) -> Round:
        """A new game of the settings' level, nothing played yet."""
        game = new_game(
            settings.level,
            seed,
            question_marks=settings.question_marks,
            no_guess=settings.no_guess,
            first_click=settings.first_click,
        )
        return cls(game, assisted=settings.show_chances, linked=linked)

    @classmethod
    def raced(cls, settings: Settings, ghost: Ghost) -> Round:
        """The ghost's board to race it: its seed, first-click rule and no-guess, dealt
        with the ghost's first reveal made for the player at 0 ms (:attr:`Ghost.first`; the
        clock starts at the player's own first move), so its mines and opening are the
        ghost's under every rule; a board from a link, so no best time. A ghost from a link
        made before first cells (and not a daily board's) has none: its board is dealt at
        the player's own first reveal, the ghost's only if that is the ghost's first cell."""
        board = replace(
            settings, level=ghost.level, first_click=FirstClick(ghost.rule), no_guess=ghost.no_guess
        )
        if ghost.first is None:
            round_ = cls.deal(board, ghost.seed, linked=True)
        else:
            record = Record(
                board.level,
                ghost.seed,
                board.question_marks,
                ghost.no_guess,
                retry_of=ghost.dealt_at,  # a retried ghost's mines, dealt where they were
                first_click=board.first_click,
            )
            round_ = cls(record.new_game(), record, assisted=board.show_chances, linked=True)
            if round_.opened(*ghost.first).game.status.is_over:  # a board won in one click:
                round_ = cls.deal(board, ghost.seed, linked=True)  # the racer's click wins it
        round_.race = ghost
        return round_

    def race_link(self, name: str) -> str | None:
        """The race link's text (``?race=``) of this game once won, its ghost named ``name``;
        None for any other game."""
        if self.game.status is not Status.WON:
            return None
        try:
            ghost = Ghost.of_record(self.kept_record(), name, assisted=self.assisted)
        except ValueError:
            return None
        return ghost.link_text()

    @classmethod
    def daily_board(cls, settings: Settings, day: date) -> Round | None:
        """The daily board of ``day``: the same for every player, its first reveal made
        for them in the centre (the clock starts at their own first move); None on a
        custom level, which has none (:func:`play.game.daily.offers_daily`)."""
        if not offers_daily(settings.level):
            return None
        # Everyone's board: a no-guess board of the same seed would be another one, and
        # so would a board of another first-click rule.
        everyones = replace(settings, no_guess=False, first_click=FirstClick.OPENING)
        daily = cls.deal(everyones, daily_seed(day, settings.level)).centre_opened()
        daily.daily = day.isoformat()
        return daily

    def centre_opened(self) -> Round:
        """This round with its first reveal made for the player in the centre (a daily
        board's start): :meth:`opened` there."""
        grid = self.game.grid
        return self.opened(grid.rows // 2, grid.cols // 2)

    def opened(self, row: int, col: int) -> Round:
        """This round with its first reveal made for the player at (``row``, ``col``), at
        0 ms (the clock starts at the player's own first move): a daily board's start, and
        a race's at its ghost's first cell (:attr:`play.game.race.Ghost.first`)."""
        opening = Move.reveal(row, col)
        self.game = apply(self.game, opening).game
        self.record = self.record.add(opening, 0)
        return self

    @classmethod
    def retried(cls, lost: Round, settings: Settings) -> Round | None:
        """The lost game's board dealt again, its mines where they were whatever the first
        click (the same first-click rule, being the same board); None when ``lost`` is not
        a lost game of a board its record can deal again. A retry counts apart, never a
        best time. Nothing else of the lost game goes on: the clock starts at the retry's
        own first reveal; question marks follow the settings."""
        record = lost.record
        first = record.first_reveal()
        if lost.game.status is not Status.LOST or first is None or lost.game.layout is None:
            return None
        again = replace(
            Record(record.level, record.seed, settings.question_marks, record.no_guess),
            retry_of=first,
            first_click=record.first_click,
        )
        game = again.new_game()
        if game.layout != lost.game.layout:
            return None  # a board given whole (a puzzle, a test), which no record deals
        return cls(game, again, assisted=settings.show_chances, linked=lost.linked)

    def undone(self, now: float) -> bool:
        """Take back the losing click: the game goes on from the move before it, its clock
        from the time of the loss (the time between is not counted), and the record keeps
        the click as taken back. False, and nothing changed, unless the game is lost."""
        if self.game.status is not Status.LOST:
            return False
        try:
            record = self.record.take_back()
        except ValueError:
            return False
        lost_ms = self.record.moves[-1].ms
        kept = self._before_last
        game = kept[1] if kept is not None and kept[0] is self.record else record.replay()
        self.record, self.game, self.result = record, game, None
        self._before_last = None
        if self.game.status is Status.PLAYING:
            self.watch.start(now - lost_ms / 1000)
        else:
            self.watch.reset()  # the first reveal lost: the clock starts at the next one
        return True

    @property
    def style(self) -> str:
        """How the game is played so far: NF (no flag placed) or flagging
        (:func:`engine.style.style`, told from the record when read: at the game's end)."""
        return style_of(self.record)

    @property
    def was_retried(self) -> bool:
        """A lost board of the player's dealt again. A race's record deals its ghost's
        mines where they were as a retry does, but its board is the ghost's: a race of a
        retried win is no retry of the racer's (they lost nothing)."""
        return self.record.retried and self.race is None

    @property
    def was_undone(self) -> bool:
        return self.record.undone

    # --- moves -------------------------------------------------------------------------

    def apply(self, move: Move, now: float, dealt: Game | None = None) -> Outcome:
        """Play ``move`` at ``now``. The engine hands back the very same game for a move it
        ignores (off the board, after the end): such a move is not part of the game. A
        wasted click on the board is, since the engine counts it, and the record must
        hold it for the same statistics. ``dealt`` is this game with the mines that
        ``move``, its first reveal, places (see :meth:`play.game.dealer.Dealer.dealt_for`)."""
        before = self.game if dealt is None else dealt
        outcome = apply(before, move)
        if outcome.game is before:
            return outcome
        if not self.watch.started and outcome.game.status is Status.PLAYING:
            self.watch.start(now)  # at the first reveal (a daily board's is made for the player)
        self.record = self.record.add(move, self._ms(now))
        self._before_last = (self.record, self.game)  # before the move (mines not dealt yet)
        self.game = outcome.game
        if self.game.status.is_over:
            self.watch.stop(now)
        return outcome

    def set_question_marks(self, on: bool, now: float) -> None:
        """Marks cycle through "?" (or not) from now on; "?" marks placed stay."""
        self.game = with_question_marks(self.game, on)
        if self.record.moves or self.record.taken_back:
            self.record = self.record.set_marks(on, self._ms(now))
        else:
            self.record = replace(self.record, question_marks=on)

    def follow(self, effect: Effect, now: float) -> bool:
        """What a change of settings does to this game at once (:func:`play.game.settings.effect`):
        its question marks switched, or the game assisted; False when it does neither."""
        if effect.question_marks is not None:
            self.set_question_marks(effect.question_marks, now)
        self.assisted |= effect.assisted
        return effect.question_marks is not None or effect.assisted

    def pointer_at(self, x: int, y: int, buttons: int, now: float) -> None:
        """The pointer at (``x``, ``y``) over the board (pixels of a
        :data:`~engine.record.PATH_CELL_PX`-pixel cell), ``buttons`` held, while the
        game is played: kept with the record, on its clock."""
        if not self.game.status.is_over:
            self.pointer.add(self._ms(now), x, y, buttons)

    def kept_record(self) -> Record:
        """The record as kept once the game ends: with the pointer's path, if any."""
        return self.record.with_path(self.pointer.samples()) if self.pointer else self.record

    def _ms(self, now: float) -> int:
        """The move's time in the record: milliseconds on the game's clock (0 before the
        first reveal starts it), never earlier than the move before, whatever the clock,
        and never past what a record holds (a game resumed at 31 years of play stops
        its clock there, as the LED stops at 999, rather than refuse every move)."""
        ms = round(self.watch.elapsed(now) * 1000)
        if self.record.moves:
            ms = max(ms, self.record.moves[-1].ms)
        return min(max(ms, self.record.last_undo_ms), MAX_MS)

    # --- the end -----------------------------------------------------------------------

    def ending(self, now: float, figures_only: bool = False) -> Result | None:
        """How the game went, once it is over (None before its first reveal); a game left
        unfinished is filed with its figures only (``figures_only``: no ZiNi, no counters
        worked out on a new game's click)."""
        seconds = self.seconds(now)
        taken = self.record.taken_back_clicks  # clicks made: one rule for every figure
        stats = game_stats(self.game, seconds, taken)
        if stats is None:
            return None
        g = self.game
        small = not figures_only and g.level.cells <= COUNTED_CELLS
        counted = counters(g, seconds, taken_back=taken) if small else None
        return Result(
            g.status,
            seconds,
            stats,
            g.level,
            g.seed,
            self.assisted,
            g.no_guess,
            daily=self.daily,
            counters=counted,
            retried=self.was_retried,
            undone=self.was_undone,
            style=self.style,
            first_click=g.first_click,
        )

    @property
    def kind(self) -> str:
        """The statistics this game counts in: assisted, undone (a losing click taken back),
        retried (a lost board dealt again), a race (a ghost's board), no-guess or normal
        games."""
        if self.assisted:
            return "assisted"
        if self.was_undone:
            return "undone"
        if self.was_retried:
            return "retried"
        if self.race is not None:
            return "race"
        return "noguess" if self.game.no_guess else "normal"

    # --- the clock -----------------------------------------------------------------------

    def seconds(self, now: float) -> float:
        """Time played: 0 before the first reveal; once the game is over, the time of its
        last move as the record holds it, so a replay tells the same time."""
        if self.game.status.is_over and self.record.moves:
            return self.record.moves[-1].ms / 1000
        return self.watch.elapsed(now)
