"""The game being played, for every front end: Simon Tatham's "midend", in Python.

A :class:`Session` is the front ends' one door. It is built from parts, each an object
of its own module with one job: the round (:class:`play.game.round.Round`: the game, its
record, its stopwatch, how it ended; another one for every new game), the dealer
(:class:`play.game.dealer.Dealer`: a no-guess board searched, a big board's mines dealt, the
moves made meanwhile), the solver's help (:class:`play.assist.assistant.Assistant`), the
auto-player (:class:`play.assist.autoplayer.AutoPlayer`), the game's clock
(:class:`play.game.pauses.Pauses`) and the keeper (:class:`play.keeping.keeper.Keeper`, None for
a session that keeps nothing). The session ties them: the notice line, the one observer,
and the rules of when each part is asked. None of the parts is handed out.

Front ends turn their events into :class:`engine.Move` values and session calls; the
session reports what each call changed as one :class:`play.game.update.Update`, delivered to
the front end's one drawing function (:meth:`Session.subscribe`). Work that takes time is
:data:`engine.steps.Steps`, run whole with :func:`engine.steps.drain` where a caller may block.

Its public surface, all of it (a test holds it to this list):

- reading: ``settings``, ``kept_settings``, ``game``, ``record``, ``kept_record``,
  ``assisted``, ``daily``, ``linked``, ``result``, ``notice``, ``hinted``,
  ``auto_playing``, ``clock_running``, ``paused``, ``snapshot``, ``seconds``,
  ``display_seconds``, ``until_next_tick``;
- narrow faces, read-only views: ``statistics``, ``replays``, ``transfer``, ``recent``
  (:mod:`play.keeping.views`), ``practice`` (the drills' coach,
  :class:`play.practice.coach.Practice`), ``editor`` (a position set up by hand and
  analysed, :class:`play.assist.analysis.PositionEditor`);
- the observer: ``subscribe``;
- games: ``new_game``, ``new_daily``, ``resume``, ``save``, ``retry`` and ``undo`` (after a
  loss);
- a ghost race: ``race``, ``start_race``, ``race_link`` (of a game won), ``race_own_best``;
- moves: ``move_steps``, ``play``, ``interpret``, ``pointer_at``, ``stats_steps``;
- settings, all of them: ``change``;
- the clock: ``pause``, ``carry_on``;
- the solver's help: ``overlay_steps``, ``hint_steps``, ``analyse_live``,
  ``review_chances``, ``start_auto``, ``stop_auto``, ``auto_steps``;
- words: ``warn``, ``say``.

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

from engine import FirstClick, Game, Level, Move, Record, Status, random_seed
from engine.steps import Steps
from play.assist.analysis import PositionEditor
from play.assist.assistant import Assistant, hint_assists
from play.assist.autoplayer import AutoPlayer
from play.game.clock import Clock
from play.game.command import Channel, command
from play.game.daily import offers_daily, practice_notice
from play.game.dealer import Dealer
from play.game.notice import FINDING, GAME_OVER, Notice, Until, sentence
from play.game.pauses import AWAY, Pauses
from play.game.race import Ghost, own_best
from play.game.round import Round
from play.game.settings import InForce, Settings, changed
from play.game.update import Input, Update, interpret
from play.keeping.endings import counted_before, kept_result
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.views import Recent, Replays, Statistics, Transfer
from play.practice.coach import Practice

if TYPE_CHECKING:
    from datetime import date

    from play.assist.assistant import Hint, Overlay
    from play.game.result import Result

__all__ = ["FINDING", "GAME_OVER", "Clock", "Input", "Session", "Update"]

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
        self._keeper = keeper
        keep = None if keeper is None else keeper.save_settings
        self._in_force = InForce(settings or Settings(), kept_instead, keep)
        self._clock, self._seeds = clock, seeds
        self.notice: Notice | None = None
        # Not new_game(): a stored game must survive until the front end has resumed it.
        self._round = Round.deal(self.settings, self._seeds() if seed is None else seed)
        self._dealer = Dealer(announce=self.say)
        self._assistant = Assistant()  # the analysis kept from move to move
        self._reviewing = Assistant()  # a review's, which jumps between positions
        self._shown: tuple[Round, Game, Hint] | None = None
        self._auto = AutoPlayer(self._assistant, self._dealer.busy_with)
        self._time = Pauses(clock, lambda: self._round)
        self.practice = Practice(None if keeper is None else keeper.blobs)
        self.editor = PositionEditor()
        self.statistics, self.replays = Statistics(keeper), Replays(keeper)
        self.transfer, self.recent = Transfer(keeper), Recent(keeper)
        self._channel = Channel()

    # --- what a front end reads ----------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self._in_force.settings

    @property
    def kept_settings(self) -> Settings:  # the player's own, without a link's
        return self._in_force.kept

    @property
    def game(self) -> Game:
        return self._round.game

    @property
    def record(self) -> Record:
        return self._round.record

    @property
    def kept_record(self) -> Record:  # as a finished game is kept: with the pointer's path
        return self._round.kept_record()

    @property
    def assisted(self) -> bool:
        return self._round.assisted

    @property
    def daily(self) -> str | None:  # the date of a daily board, ``2026-11-22``
        return self._round.daily

    @property
    def linked(self) -> bool:  # the board came from a link someone shared
        return self._round.linked

    @property
    def result(self) -> Result | None:
        return self._round.result

    @property
    def auto_playing(self) -> bool:
        return self._auto.playing

    # --- the one observer ------------------------------------------------------------------

    def subscribe(self, draw: Callable[[Update], None]) -> None:
        """Have ``draw`` called with every change from now on (see :mod:`play.game.command`), and
        at once with the game as it stands, as a fresh board: a front end draws there only."""
        self._channel.subscribe(draw, Update(self.game, self.game, fresh=True))

    def _picture(self) -> tuple[object, Game, object]:
        """What a command's report compares: the round (another one means a fresh board),
        its game, and the rest of what a player sees (a hint's ring goes with the notice's
        words). A command that changes none of them reports nothing."""
        seen = (self.notice, self.settings, self._auto.playing, self._round.watch.running)
        return self._round, self.game, seen

    # --- game flow -----------------------------------------------------------------------

    @command
    def new_game(self, seed: int | None = None, *, linked: bool = False) -> None:
        """A new game of the current level; a fresh seed unless one is given (``linked``:
        a seed from a shared link, see :attr:`play.start.address.Launch.linked`)."""
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
        """Carry on a stored game at its level, its clock from the time played; False (and
        nothing changed) when it does not replay, or is finished and ``finished_too`` is
        not set (Back and Forward show it again). A board nobody played yet is dealt again
        with the settings in force (a link's ``?noguess`` does not outlive its visit)."""
        assisted = snapshot.assisted or self.settings.show_chances
        carried = Round.resumed(
            snapshot, self._clock(), assisted=assisted, finished_too=finished_too
        )
        if carried is None:
            return False
        if carried.game.level != self.settings.level:  # the game's own, not a new game's
            self._in_force.change(replace(self.settings, level=carried.game.level))
        if not snapshot.record.moves and snapshot.daily is None:
            carried = Round.deal(self.settings, snapshot.record.seed, snapshot.linked)
        self._begin(carried)
        self._say_if_practice()
        return True

    def _begin(self, round_: Round) -> None:
        self._round = round_
        self._auto.playing = False
        self.notice = None
        self.save()

    def _say_if_practice(self) -> None:
        """A daily board played again says so from its start, not only at its end."""
        counted = counted_before(self._round, self._keeper)
        if counted is not None and not self.game.status.is_over:
            self.notice = Notice(practice_notice(counted), Until.GAME_OVER)

    def snapshot(self) -> Snapshot:
        """The game as it stands, for storage."""
        return self._round.snapshot(self._clock())

    def save(self) -> None:
        """Keep the game in progress (a finished game is not resumed: it is forgotten)."""
        if self._keeper is not None:
            self._keeper.save_game(None if self.game.status.is_over else self.snapshot())

    # --- moves -----------------------------------------------------------------------------

    def move_steps(self, move: Move, via: Input = Input.MOUSE) -> Steps[Update | None]:
        """The one way in for a move a front end hands over: ``move``, made with ``via``;
        run to its end, it plays the move and answers its update (most moves in the first
        slice). A first reveal may need the dealer first ("Finding…", a no-guess search, a
        big board's deal); moves handed over meanwhile wait (None at once) and follow it."""
        game = self.game
        if self._dealer.hold(game, move, via):
            return None
        move = self.interpret(move, via)
        preparing = self._dealer.preparing(game, move)
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
            self._auto.playing = False
        before, now = self.game, self._clock()
        outcome = self._round.apply(move, now, self._dealer.dealt_for(before, move))
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
        """The pointer at (``x``, ``y``) in pixels of a 16-pixel cell, ``buttons`` held
        (the DOM's bits), kept for the game's video (:mod:`play.videos.pointer_track`)."""
        self._round.pointer_at(x, y, buttons, self._clock())

    def interpret(self, move: Move, via: Input) -> Move:
        """The move a gesture means on this board (see :func:`play.game.update.interpret`)."""
        return interpret(self.game, move, via, self.settings.click_chords)

    def stats_steps(self) -> Steps[None]:
        """The game's openings (the part of its 3BV that costs), worked out and kept by
        the layout while the game is played, so that its end is quick."""
        layout = self.game.layout
        if layout is not None:
            yield from layout.openings_steps()

    def _finish(self, now: float) -> None:
        self._auto.playing = False
        if self.notice is not None and self.notice.until is Until.GAME_OVER:
            self.notice = None
        result = self._round.ending(now)
        if result is not None and self._keeper is not None:
            result = kept_result(self._round, self._keeper, result)
        self._round.result = result

    # --- the clock (play.game.pauses) -------------------------------------------------------------

    def seconds(self) -> float:
        return self._time.seconds()

    def display_seconds(self) -> int:
        return self._time.display_seconds()

    def until_next_tick(self) -> float:
        return self._time.until_next_tick()

    @property
    def clock_running(self) -> bool:
        return self._time.running

    @property
    def paused(self) -> bool:
        return self._time.paused

    @command
    def pause(self, by: str = AWAY) -> None:
        """Time away from the game, ``by`` one thing that covers the board (a dialog, a
        replay, a review): the clock waits until every one has carried on."""
        self._time.pause(by)

    @command
    def carry_on(self, by: str = AWAY) -> None:
        """``by`` is closed: once nothing covers the board, the clock runs on."""
        self._time.carry_on(by)

    # --- settings ----------------------------------------------------------------------------

    @command
    def change(self, /, **changes: Any) -> None:
        """Change settings, any of :class:`play.game.settings.Settings`' fields by name: in force
        and kept at once, once checked (:func:`play.game.settings.changed`: what is refused is
        said). What a change does to the game in play is ruled here: question marks change
        at once, even mid-game (a "?" placed stays until cycled); no-guess deals the same
        seed again if nothing is played yet, else starts with the next game; showing the
        chances makes the game in progress an assisted one; a level (even the same one) is
        played from now on, a new game at once.

        >>> session = Session(seed=1)
        >>> session.change(theme="dark", auto_delay_ms=-1); session.settings.auto_delay_ms
        0
        >>> session.change(theme="paisley"); session.notice.text, session.settings.theme
        ("There is no 'paisley' theme: the board keeps its look.", 'dark')
        """
        settings, refused = changed(self.settings, changes)
        self._in_force.change(settings)
        if refused:
            self.say(" ".join(refused))
        game, on = self.game, settings.question_marks
        playing = not game.status.is_over
        if "question_marks" in changes and playing and game.question_marks != on:
            self._round.set_question_marks(on, self._clock())
            self.save()
        if "show_chances" in changes and settings.show_chances and playing:
            self._round.assisted = True
            self.save()
        if isinstance(changes.get("level"), Level):
            self.new_game()
        elif "no_guess" in changes and playing and game.no_guess != settings.no_guess:
            if game.status is Status.READY:
                self.new_game(game.seed, linked=self._round.linked)
            else:
                kind = "No-guess boards" if settings.no_guess else "Normal boards"
                self.notice = Notice(f"{kind} start with the next game.")

    # --- the solver's help (play.assist.assistant, play.assist.autoplayer) ------------------

    def overlay_steps(self) -> Steps[Overlay | None]:
        """The chances to draw; None when they are off or the game is over. Once the player
        has asked for a hint in this game (it is assisted), the chances off, the next hint
        is worked out meanwhile: it then answers at once."""
        game = self.game
        if game.status.is_over:
            return None
        if self.settings.show_chances:
            return (yield from self._assistant.overlay_steps(game))
        if self.assisted:
            yield from self._assistant.suggestion_steps(game)
        return None

    def review_chances(self, game: Game) -> Overlay | None:
        """The chances over ``game``, a position of a game under review, whole; an analysis
        of their own (a review jumps between positions, which would throw away the one
        kept for the game being played)."""
        from engine.steps import drain

        return drain(self._reviewing.overlay_steps(game))

    @property
    def hinted(self) -> Hint | None:
        """The hint on show, whose cell a front end rings: it stands until the position
        changes (a move that changes the board, another game), whatever is said meanwhile."""
        if self._shown is None:
            return None
        round_, game, found = self._shown
        if round_ is not self._round or (game is not self.game and game.tiles != self.game.tiles):
            self._shown = None  # same tiles in the same round (question marks switched) stand
            return None
        return found

    def hint_steps(self) -> Steps[Hint | None]:
        """The best next move: the solver thinks a slice at a time, then its reason becomes
        the notice, its cell :attr:`hinted`, and the game becomes assisted (unless it is
        the first click's: :func:`play.assist.assistant.hint_assists`). None, and nothing shown,
        when the position is gone meanwhile (the player moved or started over)."""
        round_, game = self._round, self.game
        found = None if game.status.is_over else (yield from self._assistant.hint_steps(game))
        if self._round is not round_ or self.game is not game:
            return None
        return self._show_hint(found)

    @command
    def _show_hint(self, found: Hint | None) -> Hint | None:
        self._shown = None
        if self.game.status.is_over:
            self.notice = GAME_OVER
            return None
        if found is None:
            self.notice = Notice("The solver has no move to suggest here.")
            return None
        if hint_assists(self.game):
            self._round.assisted = True
        self.notice = Notice(found.reason)
        self._shown = (self._round, self.game, found)
        self.save()
        return found

    @command
    def analyse_live(self) -> None:
        """The player opens the analysis of the game in play: the game becomes assisted,
        as a hint makes it (:func:`play.assist.assistant.hint_assists`). A finished game is not."""
        if hint_assists(self.game) and not self.game.status.is_over:
            self._round.assisted = True
            self.save()

    @command
    def start_auto(self) -> bool:
        """Let the solver play; False (and a notice why) when there is nothing to play."""
        if self.game.status.is_over:
            self.notice = GAME_OVER
            return False
        self._auto.playing = True
        return True

    @command
    def stop_auto(self, why: str | None = None) -> None:
        """The auto-player stops (the player took over, or ``why`` says why)."""
        self._auto.playing = False
        if why is not None:
            self.notice = Notice(why)

    def auto_steps(self) -> Steps[Update | None]:
        """The auto-player's next move (:meth:`play.assist.autoplayer.AutoPlayer.move_steps`);
        None, and nothing played, once it has stopped or when the player moved meanwhile."""
        return self._auto.move_steps(self)

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

    # --- a ghost race (issue 36) ------------------------------------------------------------------

    @property
    def race(self) -> Ghost | None:
        """The ghost raced on the board being played; None when none is (any other game
        dealt ends the race)."""
        racing: tuple[Round, Ghost] | None = getattr(self, "_racing", None)
        return racing[1] if racing is not None and racing[0] is self._round else None

    @command
    def start_race(self, ghost: Ghost) -> None:
        """The ghost's board dealt to race it: its level, seed, first-click rule, no-guess,
        and its centre opened for a daily board's ghost. A board from a link: no best time."""
        if ghost.level != self.settings.level:
            self._in_force.change(replace(self.settings, level=ghost.level))
        board = replace(self.settings, first_click=FirstClick(ghost.rule), no_guess=ghost.no_guess)
        round_ = Round.deal(board, ghost.seed, linked=True)
        self._begin(round_.centre_opened() if ghost.centre_opened else round_)
        self._racing = (self._round, ghost)

    def race_link(self) -> str | None:
        """The race link's text (``?race=``) of the game just won; None for any other."""
        if self.game.status is not Status.WON:
            return None
        try:
            ghost = Ghost.of_record(
                self.kept_record, self.settings.player_name, centre_opened=bool(self.daily)
            )
        except ValueError:
            return None
        return ghost.link_text()

    @command
    def race_own_best(self) -> bool:
        """Race the player's own fastest win on this board (:func:`play.game.race.own_best`);
        False, and a notice why, when none is kept."""
        game = self.game
        ghost = None
        if self._keeper is not None:
            keeper = self._keeper
            ghost = own_best(keeper.ledger(), keeper.records(), game.level, game.seed)
        if ghost is None:
            self.notice = Notice("No win of yours on this board is kept yet: win it first.")
            return False
        self.start_race(ghost)
        return True
