"""The game being played, for every front end: Simon Tatham's "midend", in Python.

A :class:`Session` is the front ends' one door: it ties parts of one job each and hands none
out (the round: :class:`play.game.round.Round`; the dealer, the solver's help, the clock's
pauses, the settings in force, the keeper), and the rules are the parts'. Front ends hand over
:class:`engine.Move` values and calls; what each call changed comes back as one
:class:`play.game.channel.Update` to their one drawing function (:meth:`Session.subscribe`).
Work that takes time is :data:`engine.steps.Steps` (:func:`engine.steps.drain` runs it whole).

Its public surface, all of it, in the order the class gives it (a test holds it to this list):

- read: ``picture`` (:class:`play.game.picture.Picture`: everything a player sees, what a
  front end draws), ``settings``, ``kept_settings``, ``game``, ``record``, ``kept_record``,
  ``assisted``, ``daily``, ``linked``, ``result``, ``notice``, ``hinted``, ``auto_playing``,
  ``race``;
- faces, read only: ``timer`` (:class:`play.game.clock.Timer`), ``statistics``, ``replays``,
  ``transfer``, ``recent`` (:mod:`play.keeping.views`), ``practice``, ``editor``;
- ``subscribe`` (the observer), ``change`` (every setting), ``say`` (a word to the player);
- practice: ``keep_drills`` (a reviewed game's mistakes kept as drills, and said);
- games: ``new_game``, ``resume``, ``snapshot``, ``save``, ``retry``, ``undo``, ``own_best``,
  ``start_race``, ``race_link``; moves: ``move_steps``, ``play``, ``pointer_at``; the clock:
  ``pause``, ``carry_on``;
- the solver's help: ``warm_up_steps``, ``overlay_steps``, ``hint_steps``, ``analyse_live``;
  a finished game reviewed: ``review`` (:class:`play.review.Review`, a value the front end
  runs and reads), ``review_chances``; the auto-player: ``start_auto``, ``stop_auto``,
  ``auto_steps``.

>>> session = Session(seed=42, clock=iter([10.0, 11.5, 12.0]).__next__)
>>> session.play(Move.reveal(4, 4)).game.status.value, session.play(Move.mark(0, 0)).counted
('playing', True)
>>> session.record.to_text()  # the moves' times on the game's own clock
'ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import date
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine import Game, Move, Record, Status, random_seed
from engine.steps import Steps, drain
from play.assist.assistant import Assistant, HintShown, hint_assists, hint_notice, warm_up_steps
from play.assist.autoplayer import AutoPlayer
from play.assist.editor import PositionEditor
from play.game.channel import Channel, Reading, Update, reported
from play.game.clock import AWAY, Clock, Pauses, Timer
from play.game.daily import DAILY_ON_LEVELS
from play.game.dealer import Dealer
from play.game.input import Input, interpret
from play.game.notice import FINDING, GAME_OVER, Notice, Until, after_move
from play.game.picture import Picture
from play.game.race import Ghost
from play.game.result import Result
from play.game.round import Round
from play.game.settings import InForce, Settings, changed, effect
from play.keeping.endings import ended, replaced, start_notice, started
from play.keeping.ghosts import own_best
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.views import Recent, Replays, Statistics, Transfer
from play.practice.coach import Practice, new_drills_words

if TYPE_CHECKING:
    from collections.abc import Iterable

    from engine import Replayable
    from play.assist.assistant import Overlay
    from play.game.notice import Hint
    from play.review import MoveReview
    from play.review.reviewing import Review

__all__ = ["FINDING", "GAME_OVER", "Clock", "Input", "Session", "Update"]


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
        self._deals = 1
        """The games dealt so far, this one included: the picture's :attr:`Picture.deal`."""
        self._kept_win = lru_cache(maxsize=1)(lambda _ending: self.own_best() is not None)
        """Whether a board has a kept win, read once an ending (a loss taken back may win)."""
        self._dealer = Dealer(announce=self.say)
        self._assistant = Assistant()  # the analysis kept from move to move
        self._reviewing, self._shown = Assistant(), HintShown()  # a review's analysis jumps
        self._auto = AutoPlayer(self._assistant, lambda: self.game, self._dealer.busy_with)
        self._time = Pauses(clock, lambda: self._round)
        self.timer: Timer = self._time  # read only: pause and carry on through the session
        self.practice = Practice(None if keeper is None else keeper.blobs)
        self.editor = PositionEditor()
        self.statistics, self.replays = Statistics(keeper), Replays(keeper)
        self.transfer, self.recent = Transfer(keeper), Recent(keeper)
        self._channel = Channel()

    settings = Reading[Settings]("_in_force.settings")
    kept_settings = Reading[Settings]("_in_force.kept")  # the player's own, without a link's
    game = Reading[Game]("_round.game")
    record = Reading[Record]("_round.record")
    assisted = Reading[bool]("_round.assisted")
    daily = Reading[str | None]("_round.daily")  # the date of a daily board, ``2026-11-22``
    linked = Reading[bool]("_round.linked")  # the board came from a link someone shared
    result = Reading[Result | None]("_round.result")
    auto_playing = Reading[bool]("_auto.playing")
    race = Reading[Ghost | None]("_round.race")  # the ghost raced; another round races none

    @property
    def kept_record(self) -> Record:  # as a finished game is kept: with the pointer's path
        return self._round.kept_record()

    @property
    def hinted(self) -> Hint | None:
        """The hint on show, whose cell a front end rings (:class:`HintShown`)."""
        return self._shown.over(self._round, self.game)

    def subscribe(self, draw: Callable[[Update], None]) -> None:
        """``draw`` is called now with a fresh board, then with every change (one drawing)."""
        first = Update(self.game, self.game, fresh=True, picture=self.picture)
        self._channel.subscribe(draw, first)

    @property
    def picture(self) -> Picture:
        """Everything a player sees now, the clock as it reads now: what a reported call
        compares (:func:`play.game.channel.reported`) and hands over."""
        round_, game = self._round, self._round.game
        kept_win = game.status.is_over and self._kept_win((self._deals, game.status))
        return Picture(
            self._deals,
            game,
            self.settings,
            round_.record,
            self.notice,
            self._shown.over(round_, game),
            round_.result,
            self._auto.playing,
            round_.watch.face,
            round_.daily,
            round_.linked,
            round_.race,
            kept_win,
        )

    @reported
    def change(self, /, **changes: Any) -> None:
        """Settings changed by field name, checked (:func:`changed`), kept, and followed by the
        game in play (:func:`effect`); what is refused is said."""
        settings, refused = changed(self.settings, changes)
        self._in_force.change(settings)
        if refused:
            self.say(" ".join(refused))
        does = effect(self.game, settings, changes)
        if self._round.follow(does, self._clock()):
            self.save()
        if does.new_game:
            self.new_game()
        elif does.deal_again:
            self.new_game(self.game.seed, linked=self._round.linked)
        elif does.notice is not None:
            self.notice = Notice(does.notice)

    @reported
    def say(self, text: str, *, warning: bool = False) -> None:
        """A word for the player, stale after the next move; a ``warning`` about this game
        (a bad address value, data that could not be read) stays until it is over."""
        self.notice = Notice(text, Until.GAME_OVER if warning else Until.NEXT_MOVE)

    @reported
    def keep_drills(self, source: Replayable, moves: Iterable[MoveReview]) -> str | None:
        """Keep the drills of a reviewed game's mistakes (``moves``: its review's), and say
        how many are new (``3 new drills from this game.``); None when none is."""
        said = new_drills_words(self.practice.add_from_review(source, moves))
        if said is not None:
            self.say(said)
        return said

    @reported
    def new_game(
        self, seed: int | None = None, *, linked: bool = False, day: date | None = None
    ) -> bool:
        """A new game of the current level, of ``seed`` if given (``linked``: a link's), or
        the daily board of ``day``: False (and why) on a custom board, which has none."""
        if day is not None:
            return self._begin(Round.daily_board(self.settings, day), DAILY_ON_LEVELS)
        chosen = self._seeds() if seed is None else seed
        return self._begin(Round.deal(self.settings, chosen, linked))

    @reported
    def resume(self, snapshot: Snapshot, finished_too: bool = False) -> bool:
        """Carry on a stored game at its level (:meth:`Snapshot.carried_on`); False if it cannot."""
        return self._begin(snapshot.carried_on(self.settings, self._clock(), finished_too))

    def _begin(self, round_: Round | None, refused: str = "") -> bool:
        """Play ``round_`` at its level; None: False, and ``refused`` said (if anything)."""
        if round_ is None:
            return self._refuse(refused) if refused else False
        if round_.game.level != self.settings.level:  # a stored game's, a ghost's
            self._in_force.change(replace(self.settings, level=round_.game.level))
        replaced(self._round, round_, self._keeper, self._clock())
        self._round, self._auto.playing = round_, False
        self._deals += 1
        said = start_notice(round_, self._keeper) if round_.daily is not None else None
        self.notice = None if said is None else Notice(said, Until.GAME_OVER)
        if round_.race is not None and not round_.watch.started:  # until the player's move
            self.notice = Notice(round_.race.introduction())
        self.save()
        return True

    def snapshot(self) -> Snapshot:
        """The game as it stands, for storage."""
        return Snapshot.of(self._round, self._clock())

    def save(self, soon: bool = False) -> None:
        """Keep the game in progress, now or ``soon`` (:meth:`Keeper.save_game`)."""
        if self._keeper is not None:
            self._keeper.save_game(None if self.game.status.is_over else self.snapshot(), soon)

    @reported
    def retry(self) -> bool:
        """A lost board dealt again (:meth:`Round.retried`); False, and why, if none is."""
        again = Round.retried(self._round, self.settings)
        return self._begin(again, "Retry deals a lost board again: lose one first.")

    @reported
    def undo(self) -> bool:
        """The losing click taken back (:meth:`Round.undone`); False, and why, if none is."""
        if not self._round.undone(self._clock()):
            return self._refuse("Undo takes back a losing click: there is none to take back.")
        self.notice = None
        self.save()
        return True

    def own_best(self) -> Ghost | None:
        """The ghost of the player's fastest kept win on this board (:func:`own_best`), for
        Race your best; None when no win of it is kept."""
        keeper, level, seed = self._keeper, self.game.level, self.game.seed
        return None if keeper is None else own_best(keeper.ledger(), keeper.records(), level, seed)

    @reported
    def start_race(self, ghost: Ghost | None = None) -> bool:
        """The ghost's board dealt to race it at its level (:meth:`Round.raced`), kept with it;
        no ghost: the player's fastest kept win on this board (:meth:`own_best`), else False.
        A race not begun yet opens with the ghost's introduction."""
        ghost = ghost or self.own_best()
        raced = None if ghost is None else Round.raced(self.settings, ghost)
        return self._begin(raced, "No win of yours on this board is kept yet: win it first.")

    def race_link(self) -> str | None:
        """The race link's text (``?race=``) of the game just won; None for any other."""
        return self._round.race_link(self.settings.player_name)

    def _refuse(self, why: str) -> bool:
        self.notice = Notice(why)
        return False

    def move_steps(self, move: Move, via: Input = Input.MOUSE) -> Steps[Update | None]:
        """The way in for a front end's move, in slices: the moves the dealer answers once
        ``move`` is ready (:meth:`Dealer.moves_steps`), played in order; ``move``'s update,
        or None when it was held for a first reveal or the game changed meanwhile."""
        game = self.game
        moves = yield from self._dealer.moves_steps(game, move, via)
        if not moves or self.game is not game:
            return None
        update = self.play(*moves[0])
        for later, how in moves[1:]:
            self.play(later, how)
        return update

    @reported
    def play(self, move: Move, via: Input = Input.MOUSE) -> Update:
        """``move`` played at once, whatever it needs first (for a front end that may block)."""
        return self._move(interpret(self.game, move, via, self.settings.click_chords), via)

    @reported
    def _move(self, move: Move, via: Input) -> Update:
        """``move`` as interpreted: a player's stops the auto-player, the solver's assists."""
        if via is not Input.SOLVER:
            self._auto.playing = False
        before, now = self.game, self._clock()
        outcome = self._round.apply(move, now, self._dealer.dealt_for(before, move))
        update = Update(before, outcome.game, outcome.changed, outcome.message, move)
        if update.counted:
            started(self._round, self._keeper)
            self._round.assisted |= via is Input.SOLVER
            news, over = (outcome.changed and outcome.message) or "", self.game.status.is_over
            self.notice = after_move(self.notice, news, over) if news or self.notice else None
            if over:
                self._auto.playing = False
                self._round.result = ended(self._round, self._keeper, now)
            self.save(soon=True)
        return update

    def pointer_at(self, x: int, y: int, buttons: int) -> None:
        """The pointer over the board, for the game's video (:meth:`Round.pointer_at`)."""
        self._round.pointer_at(x, y, buttons, self._clock())

    @reported
    def pause(self, by: str = AWAY) -> None:
        """``by`` (a dialog, a replay) covers the board: the clock waits (:class:`Pauses`)."""
        self._time.pause(by)

    @reported
    def carry_on(self, by: str = AWAY) -> None:
        """``by`` is closed: once nothing covers the board, the clock runs on."""
        self._time.carry_on(by)

    def overlay_steps(self) -> Steps[Overlay | None]:
        """The chances to draw over the game in play, or None (:class:`Assistant`)."""
        shown, assisted = self.settings.show_chances, self.assisted
        return (yield from self._assistant.chances_steps(self.game, shown, assisted))

    def hint_steps(self) -> Steps[Hint | None]:
        """The best next move, its reason the notice, its cell :attr:`hinted`; None, and
        nothing shown, when the position is gone meanwhile (a move, a new game)."""
        round_, game = self._round, self.game
        found = None if game.status.is_over else (yield from self._assistant.hint_steps(game))
        return self._show_hint(found) if self._round is round_ and self.game is game else None

    @reported
    def _show_hint(self, found: Hint | None) -> Hint | None:
        self._shown.show(self._round, self.game, found)
        self.notice = hint_notice(self.game, found)
        if found is not None:
            self._round.assisted |= hint_assists(self.game)
            self.save()
        return found

    def warm_up_steps(self) -> Steps[None]:
        """The solver run once through a throwaway game, in slices (:func:`warm_up_steps`):
        a page's first hint is then as quick as the next ones. Nothing here is touched."""
        return warm_up_steps()

    @reported
    def analyse_live(self) -> None:
        """The analysis of the game in play is opened: it is assisted, as a hint makes it."""
        if hint_assists(self.game) and not self.game.status.is_over:
            self._round.assisted = True
            self.save()

    def review(self, game: Record | bytes, title: str) -> Review:
        """A finished game to review, move by move (:meth:`play.review.Review.of`: the front
        end runs its steps and reads it). The solver loads as it runs."""
        from play.review.reviewing import Review

        return Review.of(game, title)

    def review_chances(self, game: Game) -> Overlay | None:
        """The chances over ``game`` under review, whole, by an analysis of their own; none
        before its first reveal (no mine is placed yet: a chance on every cell would say
        otherwise, and the first click's verdict says it is safe)."""
        ready = game.status is Status.READY
        return None if ready else drain(self._reviewing.overlay_steps(game))

    @reported
    def start_auto(self) -> bool:
        """Let the solver play; False (and a notice why) when there is nothing to play."""
        if self.game.status.is_over:
            self.notice = GAME_OVER
            return False
        self._auto.playing = True
        return True

    @reported
    def stop_auto(self, why: str | None = None) -> None:
        """The auto-player stops (the player took over, or ``why`` says why), giving up a board
        it was finding: the player's click must not wait for work that will not run."""
        self._auto.playing = False
        if self._dealer.let_go(Input.SOLVER) and self.notice and self.notice.text == FINDING:
            self.notice = None
        if why is not None:
            self.notice = Notice(why)

    def auto_steps(self) -> Steps[Update | None]:
        """The auto-player's next move, played (:class:`AutoPlayer`); None otherwise."""
        found = yield from self._auto.move_steps()
        if not isinstance(found, Move):  # stopped, or the player moved meanwhile
            if found is not None:
                self.stop_auto(found.why)
            return None
        update = yield from self.move_steps(found, Input.SOLVER)
        if update is not None and not update.changed and self.game.layout is not None:
            self.stop_auto()  # a move that changed nothing would only repeat
        return update
