"""The game being played, for every front end: Simon Tatham's "midend", in Python.

A :class:`Session` owns the current game (a :class:`play.round.Round`: the position, its
record with move times, its clock, how it ended), the settings, the solver's help
(:class:`play.solver_help.SolverHelp`), the auto-player's switch and the notice line.
Front ends turn their events into :class:`engine.Move` values and session calls; the
session reports what each call changed as one :class:`play.update.Update`, delivered to
the front end's one drawing function (:meth:`Session.subscribe`). None of them decides a
rule of the game, and none can forget to draw.

>>> ticks = iter([10.0, 11.5, 12.0])
>>> session = Session(seed=42, clock=lambda: next(ticks))
>>> drawn = []
>>> session.subscribe(drawn.append)       # the current game first, drawn whole
>>> session.play(Move.reveal(4, 4)).game.status.value
'playing'
>>> _ = session.play(Move.mark(0, 0))
>>> [(u.fresh, str(u.move)) for u in drawn]
[(True, 'None'), (False, 'O4,4'), (False, 'F0,0')]
>>> session.record.to_text()
'ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500'
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING

from engine import Game, Level, Move, Status
from engine.steps import Steps, drain
from play.command import command
from play.notice import FINDING, GAME_OVER, Notice
from play.settings import CELL_SIZES, THEMES
from play.solver_help import SolverHelp, hint_assists
from play.table import Clock, Table
from play.update import Input, Paced, Pause, Update, at_once

if TYPE_CHECKING:
    from play.assist import Hint, Overlay

__all__ = ["FINDING", "GAME_OVER", "Clock", "Input", "Session", "Update"]

NO_AUTO_MOVE = "Auto-play stopped: the solver has no move here."


class Session(Table):
    """One player's games, one at a time; the only owner of "the game being played"."""

    @cached_property
    def help(self) -> SolverHelp:
        """The solver's help: its analysis kept from move to move, the next hint ahead."""
        return SolverHelp()

    # --- settings ----------------------------------------------------------------------------

    @command
    def change_level(self, level: Level) -> None:
        """Play ``level`` from now on: a new game at once."""
        self._play_level(level)
        self.new_game()

    @command
    def set_question_marks(self, on: bool) -> None:
        """At once, even mid-game: "?" marks already placed stay until cycled."""
        self._keep(replace(self.settings, question_marks=on))
        if not self.game.status.is_over and self.game.question_marks != on:
            self._round.set_question_marks(on, self._clock())
            self.save()

    @command
    def set_click_chords(self, on: bool) -> None:
        self._keep(replace(self.settings, click_chords=on))

    @command
    def set_flag_mode(self, on: bool) -> None:
        self._keep(replace(self.settings, flag_mode=on))

    @command
    def set_auto_delay(self, ms: int) -> None:
        self._keep(replace(self.settings, auto_delay_ms=max(0, ms)))

    @command
    def set_theme(self, theme: str) -> None:
        """At once; a name not in :data:`play.settings.THEMES` is refused with a notice."""
        if theme not in THEMES:
            self.say(f"There is no {theme!r} theme: the board keeps its look.")
        else:
            self._keep(replace(self.settings, theme=theme))

    @command
    def set_cell_size(self, size: str) -> None:
        """At once; a size not in :data:`play.settings.CELL_SIZES` is refused with a notice."""
        if size not in CELL_SIZES:
            self.say(f"There is no cell size {size!r}: the cells keep their size.")
        else:
            self._keep(replace(self.settings, cell_size=size))

    @command
    def set_no_guess(self, on: bool) -> None:
        """Deals the same seed again if nothing is played yet; otherwise from the next game."""
        self._keep(replace(self.settings, no_guess=on))
        game = self.game
        if game.no_guess == on or game.status.is_over:
            return
        if game.status is Status.READY:
            self.new_game(game.seed, linked=self._round.linked)
        else:
            kind = "No-guess boards" if on else "Normal boards"
            self.notice = Notice(f"{kind} start with the next game.")

    @command
    def set_show_chances(self, on: bool) -> None:
        """Showing the chances makes the game in progress an assisted one."""
        self._keep(replace(self.settings, show_chances=on))
        if on and not self.game.status.is_over:
            self._round.assisted = True
            self.save()

    # --- the solver's help -------------------------------------------------------------------

    def overlay_steps(self) -> Steps[Overlay | None]:
        """The chances to draw, in slices (see :meth:`SolverHelp.overlay_steps`); once the
        player has asked for a hint in this game, the next one is worked out meanwhile."""
        return self.help.overlay_steps(self.game, self.settings.show_chances, self.assisted)

    def overlay(self) -> Overlay | None:
        """The chances to draw, or None when they are off or the game is over."""
        return drain(self.overlay_steps())

    _hint_shown: tuple[object, Game, Hint] | None = None
    """The last hint shown, with the round and the position it was worked out for."""

    @property
    def hinted(self) -> Hint | None:
        """The hint on show, whose cell a front end rings: it stands until the position
        changes (a move that changes the board, another game), whatever is said meanwhile;
        a notice is words only."""
        shown = self._hint_shown
        if shown is None:
            return None
        round_, game, found = shown
        if round_ is not self._round or (game is not self.game and game.tiles != self.game.tiles):
            self._hint_shown = None  # gone for good: its position is not kept either
            return None
        return found  # same tiles in the same round: question marks switched, say

    @command
    def hint(self) -> Hint | None:
        """The best next move: its reason becomes the notice, its cell :attr:`hinted`, and
        the game becomes assisted (unless it is the first click's: :func:`hint_assists`)."""
        self._hint_shown = None
        if self.game.status.is_over:
            self.notice = GAME_OVER
            return None
        found = self.help.hint(self.game)
        if found is None:
            self.notice = Notice("The solver has no move to suggest here.")
            return None
        if hint_assists(self.game):
            self._round.assisted = True
        self.notice = Notice(found.reason)
        self._hint_shown = (self._round, self.game, found)
        self.save()
        return found

    def hint_steps(self) -> Steps[Hint | None]:
        """:meth:`hint` in slices: the solver thinks a slice at a time (a page stays
        responsive on a huge board), then the hint is shown at once, as :meth:`hint` shows
        it. None, and nothing shown, when the position is gone meanwhile (the player moved
        or started over: the hint was for a board no longer there)."""
        round_, game = self._round, self.game
        yield from self.help.hint_steps(game)
        if self._round is not round_ or self.game is not game:
            return None
        return self.hint()

    @command
    def start_auto(self) -> bool:
        """Let the solver play; False (and a notice why) when there is nothing to play."""
        if self.game.status.is_over:
            self.notice = GAME_OVER
            return False
        self.auto_playing = True
        return True

    @command
    def stop_auto(self, why: str | None = None) -> None:
        """The auto-player stops (the player took over, or ``why`` says why)."""
        self.auto_playing = False
        if why is not None:
            self.notice = Notice(why)

    def _auto_move_steps(self) -> Steps[Move | None]:
        """The auto-player's next move, worked out in slices, not played yet. None when
        the auto-player stops: the game ended, the player stepped in, or no move."""
        game = self.game
        if not self.auto_playing or game.status.is_over:
            self.stop_auto()
            return None
        found = yield from self.help.move_steps(
            game, lambda: self.game is game and self.auto_playing
        )
        if found is not None and found.value is None:
            self.stop_auto(NO_AUTO_MOVE)
        return None if found is None else found.value

    def auto_steps(self) -> Paced[Update | None]:
        """The auto-player's next move: worked out in slices, then played in a turn of its
        own (on a huge board the move alone, an opening of thousands of cells, takes a
        slice) the way a player's move is (:meth:`move_steps`: the no-guess search, a big
        board's mines dealt in slices). None, and nothing played, once the auto-player has
        stopped, or when the player moved meanwhile (the solver's move was for a position
        that is gone)."""
        while self._waiting is not None and self._waiting.game is self.game:
            yield Pause.TURN  # the player's first reveal is being prepared: it goes first
        game = self.game
        move = yield from self._auto_move_steps()
        if move is None:
            return None
        yield Pause.TURN
        if self.game is not game or not self.auto_playing:
            return None
        update = yield from self.move_steps(move, Input.SOLVER)
        if update is not None and not update.changed and self.game.layout is not None:
            self.stop_auto()  # a move that changed nothing would only repeat
        return update

    def auto_step(self) -> Update | None:
        """One move of the auto-player, at once; None once it has stopped."""
        return at_once(self.auto_steps())
