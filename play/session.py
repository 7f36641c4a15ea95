"""The game being played, for every front end: Simon Tatham's "midend", in Python.

A :class:`Session` is built from parts, each an object of its own module with one job:

- the round (:class:`play.round.Round`): the game itself, its record with move times, its
  clock, how it ended; another one for every new game;
- the dealer (:class:`play.dealer.Dealer`): what a first reveal needs before it is played
  (a no-guess board searched, a big board's mines dealt in slices), and the moves made
  meanwhile;
- the solver's help (:class:`play.solver_help.SolverHelp`): chances, hints, the hint on
  show and the auto-player's thinking;
- the keeper (:class:`play.keeping.keeper.Keeper`, None for a session that keeps nothing): where
  settings, the game in progress and finished games are kept; the settings in force beside
  the player's own are :class:`play.settings.InForce`.

The session itself holds what ties them: the notice line, the auto-player's switch, the one
observer, and the rules of when each part is asked. Front ends turn their events into
:class:`engine.Move` values and session calls; the session reports what each call changed
as one :class:`play.update.Update`, delivered to the front end's one drawing function
(:meth:`Session.subscribe`). None of them decides a rule of the game, and none can forget
to draw. This module is longer than most because it is the front ends' one door: every
call they make is here, each a few lines handing work to a part.

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

import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import Game, Level, Move, Record, Status, random_seed
from engine.steps import Steps, drain
from play.analysis import AnalysisBench
from play.clock import Clock
from play.command import Channel, command
from play.daily import PRACTICE_NEWS, counted_attempt, offers_daily, practice_notice
from play.dealer import Dealer
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.views import Recent, Replays, Statistics, Transfer
from play.ledger import PRACTICE
from play.notice import FINDING, GAME_OVER, Notice, Until, sentence
from play.practice.coach import Practice
from play.round import Round
from play.settings import CELL_SIZES, THEMES, InForce, Settings, player_name
from play.solver_help import SolverHelp, hint_assists
from play.update import Input, Paced, Pause, Update, at_once, interpret

if TYPE_CHECKING:
    from datetime import date

    from play.assist import Hint, Overlay
    from play.ledger import Entry
    from play.result import Result

__all__ = ["FINDING", "GAME_OVER", "Clock", "Input", "Session", "Update"]

NO_AUTO_MOVE = "Auto-play stopped: the solver has no move here."
AWAY = "away"
"""What pauses the clock when a front end names nothing else (the terminal's one pause)."""
DAILY_ON_LEVELS = (
    "The daily board is played on Beginner, Intermediate or Expert: choose one of them first."
)


class Session:
    """One player's games, one at a time; the only owner of "the game being played"."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        seed: int | None = None,
        clock: Clock = time.monotonic,
        seeds: Callable[[], int] = random_seed,
        keeper: Keeper | None = None,
        kept_instead: Mapping[str, Any] | None = None,
    ) -> None:
        self.keeper = keeper
        """Where settings, the game in progress and finished games are kept (None: nowhere)."""
        self._in_force = InForce(
            settings or Settings(), kept_instead, None if keeper is None else keeper.save_settings
        )
        self._clock = clock
        self._seeds = seeds
        self.notice: Notice | None = None
        self.auto_playing = False
        # Not new_game(): a stored game must survive until the front end has resumed it.
        self._round = Round.deal(self.settings, self._seeds() if seed is None else seed)
        self.dealer = Dealer(announce=self.say)
        self.help = SolverHelp()
        """The solver's help: its analysis kept from move to move, the next hint ahead."""
        self.practice = Practice(None if keeper is None else keeper.saves)  # drills, kept
        self.bench = AnalysisBench()  # any position set up by hand, analysed (play.analysis)
        # What a front end shows of what is kept (play.keeping.views): never the keeper itself.
        self.statistics, self.replays = Statistics(keeper), Replays(keeper)
        self.transfer, self.recent = Transfer(keeper), Recent(keeper)
        self.channel = Channel()
        self._away: set[str] = set()
        """What covers the board now (see :meth:`pause`): the clock waits until it is empty."""

    # --- what a front end reads ----------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self._in_force.settings

    @property
    def kept_settings(self) -> Settings:
        """The settings as kept for later visits: the player's own, without a link's."""
        return self._in_force.kept

    @property
    def game(self) -> Game:
        return self._round.game

    @property
    def record(self) -> Record:
        return self._round.record

    @property
    def kept_record(self) -> Record:
        """The record as a finished game is kept: with the pointer's path, when the front
        end handed one over (:meth:`pointer_at`). A video of the game is made from it."""
        return self._round.kept_record()

    @property
    def assisted(self) -> bool:
        return self._round.assisted

    @property
    def daily(self) -> str | None:
        """The date of a daily board, ``2026-11-22``; None for any other game."""
        return self._round.daily

    @property
    def linked(self) -> bool:
        """The board came from a link someone shared (no best time on it)."""
        return self._round.linked

    @property
    def result(self) -> Result | None:
        return self._round.result

    # --- the one observer ------------------------------------------------------------------

    def subscribe(self, draw: Callable[[Update], None]) -> None:
        """Have ``draw`` called with every change from now on (see :mod:`play.command`), and
        at once with the game as it stands, as a fresh board: a front end draws there only."""
        self.channel.subscribe(draw, Update(self.game, self.game, fresh=True))

    def picture(self) -> tuple[object, Game, object]:
        """What a command's report compares: the round (another one means a fresh board),
        its game, and the rest of what a player sees: the notice (a hint's ring goes with
        its words, which name its cell), the settings, the auto-player's switch and
        whether the clock runs (a timer stops at a pause). A command that changes none of
        them reports nothing."""
        return (
            self._round,
            self.game,
            (self.notice, self.settings, self.auto_playing, self.clock_running),
        )

    # --- game flow -----------------------------------------------------------------------

    @command
    def new_game(self, seed: int | None = None, *, linked: bool = False) -> None:
        """A new game of the current level; a fresh seed unless one is given (``linked``:
        a seed from a shared link, see :attr:`play.address.Launch.linked`)."""
        chosen = self._seeds() if seed is None else seed
        self._begin(Round.deal(self.settings, chosen, linked))

    @command
    def new_daily(self, day: date) -> bool:
        """The daily board of ``day`` at the current level: the same for every player.
        On a custom board it is not dealt: False, and the notice says why."""
        if not offers_daily(self.settings.level):
            self.notice = Notice(DAILY_ON_LEVELS)
            return False
        self._begin(Round.daily_board(self.settings, day))
        self._say_if_practice()
        return True

    @command
    def resume(self, snapshot: Snapshot, finished_too: bool = False) -> bool:
        """Carry on a stored game, its clock from the time played; False (and nothing
        changed) when it does not replay, or is finished and ``finished_too`` is not set
        (Back and Forward show a finished game again; a reload deals a new one).

        Its level becomes the level played, so the controls show the game on screen and
        a new game is of its level. A board nobody played yet is only its level and seed:
        it is dealt again with the settings in force (no-guess, the chances), not with
        those of the visit that dealt it (a link's ``?noguess`` does not outlive its
        visit); a hint asked before its first reveal told nothing of its mines, which are
        placed at that reveal."""
        assisted = snapshot.assisted or self.settings.show_chances
        carried = Round.resumed(
            snapshot, self._clock(), assisted=assisted, finished_too=finished_too
        )
        if carried is None:
            return False
        level = carried.game.level
        if level != self.settings.level:
            self._keep(replace(self.settings, level=level))
        if not snapshot.record.moves and snapshot.daily is None:
            carried = Round.deal(self.settings, snapshot.record.seed, snapshot.linked)
        self._begin(carried)
        self._say_if_practice()
        return True

    def _begin(self, round_: Round) -> None:
        self._round = round_
        self.auto_playing = False
        self.notice = None
        self.save()

    def _counted_daily(self) -> Entry | None:
        """The finished attempt that counts at this daily board, if there is one (then
        this game is practice); None on any other game."""
        if self.daily is None or self.keeper is None:
            return None
        return counted_attempt(self.keeper.ledger(), self.daily, self.game.level)

    def _say_if_practice(self) -> None:
        """A daily board played again says so from its start, not only at its end."""
        counted = self._counted_daily()
        if counted is not None and not self.game.status.is_over:
            self.notice = Notice(practice_notice(counted), Until.GAME_OVER)

    def snapshot(self) -> Snapshot:
        """The game as it stands, for storage."""
        return self._round.snapshot(self._clock())

    def save(self) -> None:
        """Keep the game in progress (a finished game is not resumed: it is forgotten)."""
        if self.keeper is not None:
            self.keeper.save_game(None if self.game.status.is_over else self.snapshot())

    # --- moves -----------------------------------------------------------------------------

    def move_steps(self, move: Move, via: Input = Input.MOUSE) -> Paced[Update | None]:
        """The one way in for a move a front end hands over: ``move``, made with ``via``.

        Run to its end (between frames: see :data:`play.update.Paced`), it plays the move
        and answers its update, reported as every command's. Most moves are played in the
        first slice. A no-guess board's first reveal says "Finding…" and pauses for it to
        paint, then searches; a big board's has its mines dealt in slices first (the
        dealer's work). Moves handed over meanwhile wait (their work answers None at once)
        and are played after it, in order; if another game is dealt meanwhile, they go
        with the old one."""
        game = self.game
        if self.dealer.hold(game, move, via):
            return None
        move = self.interpret(move, via)
        preparing = self.dealer.preparing(game, move)
        if preparing is None:
            return self._move(move, via)
        held = yield from preparing
        if self.game is not game:
            return None  # the player started over meanwhile
        update = self._move(move, via)
        for later, how in held:
            self._move(self.interpret(later, how), how)
        return update

    @command
    def play(self, move: Move, via: Input = Input.MOUSE) -> Update:
        """Apply ``move`` at once, whatever it needs first (a no-guess search, a big
        board's deal): for a front end with no frames to keep, such as the terminal."""
        return self._move(self.interpret(move, via), via)

    @command
    def _move(self, move: Move, via: Input) -> Update:
        """Apply ``move``, as :meth:`interpret` made it; a player's own move stops the
        auto-player."""
        if via is not Input.SOLVER:
            self.auto_playing = False
        before, now = self.game, self._clock()
        outcome = self._round.apply(move, now, self.dealer.dealt_for(before, move))
        update = Update(before, outcome.game, outcome.changed, outcome.message, move)
        if not update.counted:
            return update
        if via is Input.SOLVER:
            self._round.assisted = True
        if self.notice is not None and self.notice.until is Until.NEXT_MOVE:
            self.notice = None
        if outcome.changed and outcome.message:
            self.notice = Notice(sentence(outcome.message), Until.GAME_OVER)
        if self.game.status.is_over:
            self._finish(now)
        self.save()
        return update

    def pointer_at(self, x: int, y: int, buttons: int) -> None:
        """The pointer over the board at (``x``, ``y``), in pixels of a 16-pixel cell, with
        ``buttons`` held (the DOM's bits): kept with the game's record, for its video
        (:mod:`play.pointer_track` decides which samples are kept). Nothing is drawn."""
        self._round.pointer_at(x, y, buttons, self._clock())

    def interpret(self, move: Move, via: Input) -> Move:
        """The move a gesture means on this board (see :func:`play.update.interpret`)."""
        return interpret(self.game, move, via, self.settings.click_chords)

    def stats_steps(self) -> Steps[None]:
        """The game's openings (the part of its 3BV that costs: 100 ms in a browser on a
        300x300 board), worked out in slices and kept by the layout, for a front end to
        run while the game is played, so that its end is quick. Nothing before the first
        reveal, nor once done."""
        layout = self.game.layout
        if layout is not None:
            yield from layout.openings_steps()

    def _finish(self, now: float) -> None:
        self.auto_playing = False
        if self.notice is not None and self.notice.until is Until.GAME_OVER:
            self.notice = None
        result = self._round.ending(now)
        if result is not None and self.keeper is not None:
            kind, linked = self._round.kind, self._round.linked
            kept = self._round.kept_record()  # with the pointer's path, if the page kept one
            if self._counted_daily() is not None:
                counted = self.keeper.finish(result, kept, PRACTICE, self.daily, linked)
                result = replace(result, news=PRACTICE_NEWS, practice=True)
            else:
                counted = self.keeper.finish(result, kept, kind, self.daily, linked)
                result = replace(result, news=counted.news)
            result = replace(result, kept_as=counted.game_id)
        self._round.result = result

    # --- the clock -------------------------------------------------------------------------

    def seconds(self) -> float:
        """Time played (see :meth:`play.round.Round.seconds`)."""
        return self._round.seconds(self._clock())

    def display_seconds(self) -> int:
        """What the timer LED shows: the second in progress counts, up to 999."""
        return self._round.watch.display(self._clock())

    @property
    def clock_running(self) -> bool:
        return self._round.watch.running

    def until_next_tick(self) -> float:
        """Seconds until the LED changes, so a front end's timer wakes just in time."""
        return self._round.watch.until_next_tick(self._clock())

    @command
    def pause(self, by: str = AWAY) -> None:
        """Time away from the game, ``by`` one thing that covers the board (a dialog over
        it, a replay watched, a review read): its clock waits until every one that paused
        it has carried on (:meth:`carry_on`), and the time away is never counted. The game
        itself does not change; a front end's timer stops.

        >>> now = [0.0]
        >>> session = Session(seed=1, clock=lambda: now[0])
        >>> _ = session.play(Move.reveal(4, 4))      # the clock starts
        >>> now[0] = 3.0; session.pause("stats"); session.pause("analysis")
        >>> now[0] = 60.0; session.carry_on("analysis"); session.clock_running
        False
        >>> session.carry_on("stats"); session.clock_running, session.seconds()
        (True, 3.0)
        """
        self._away.add(by)
        self._round.watch.pause(self._clock())

    @command
    def carry_on(self, by: str = AWAY) -> None:
        """``by`` is closed (see :meth:`pause`): once nothing covers the board, the clock
        runs on from the time played."""
        self._away.discard(by)
        if not self._away:
            self._round.watch.carry_on(self._clock())

    @property
    def paused(self) -> bool:
        """The game's clock waits while something covers the board (see :meth:`pause`)."""
        return self._round.watch.paused

    # --- settings ----------------------------------------------------------------------------

    def _keep(self, settings: Settings) -> None:
        """Every change of settings is in force and kept at once (see :class:`InForce`)."""
        self._in_force.change(settings)

    def _play_level(self, level: Level) -> None:
        """Make ``level`` the one played from now on (a custom one the custom dialog's)."""
        last_custom = level if level.name == "custom" else self.settings.last_custom
        self._keep(replace(self.settings, level=level, last_custom=last_custom))

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
    def set_player_name(self, name: str) -> None:
        """The name written into the player's videos (:mod:`play.video`), kept as
        :func:`play.settings.player_name` keeps a name: printable, trimmed, 40 characters."""
        self._keep(replace(self.settings, player_name=player_name(name)))

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

    @property
    def hinted(self) -> Hint | None:
        """The hint on show, whose cell a front end rings: it stands until the position
        changes (a move that changes the board, another game), whatever is said meanwhile;
        a notice is words only."""
        return self.help.shown(self._round, self.game)

    @command
    def hint(self) -> Hint | None:
        """The best next move: its reason becomes the notice, its cell :attr:`hinted`, and
        the game becomes assisted (unless it is the first click's: :func:`hint_assists`)."""
        self.help.show(None, self._round, self.game)
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
        self.help.show(found, self._round, self.game)
        self.save()
        return found

    @command
    def analyse_live(self) -> None:
        """The player opens the analysis of the game in play (every chance and every proof
        of the position on the board): the game becomes assisted, as a hint makes it, from
        its first reveal on (:func:`hint_assists`: before it, no mine is placed and the
        analysis tells nothing of the layout). A finished game is not changed."""
        if hint_assists(self.game) and not self.game.status.is_over:
            self._round.assisted = True
            self.save()

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
        while self.dealer.busy_with(self.game):
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

    # --- what is said --------------------------------------------------------------------------

    @command
    def warn(self, text: str) -> None:
        """A warning about this game (a bad address value, data that could not be read)."""
        self.notice = Notice(text, Until.GAME_OVER)

    @command
    def say(self, text: str) -> None:
        """A front end's word for the player, stale after the next move."""
        self.notice = Notice(text, Until.NEXT_MOVE)

    # --- a lost game played again (issue 36) ----------------------------------------------------

    @command
    def retry(self) -> bool:
        """After a loss, the same board dealt again (:meth:`Round.retried`): counted apart,
        never a best time. False, and a notice why, when there is no lost board to deal."""
        again = Round.retried(self._round, self.settings)
        if again is None:
            self.notice = Notice("Retry deals a lost board again: lose one first.")
            return False
        self._begin(again)
        return True

    @command
    def undo(self) -> bool:
        """After a loss, the losing click taken back and the game going on
        (:meth:`Round.undone`): counted apart, never a best time. False, and a notice why,
        when the game is not lost."""
        if not self._round.undone(self._clock()):
            self.notice = Notice("Undo takes back a losing click: there is none to take back.")
            return False
        self.notice = None
        self.save()
        return True
