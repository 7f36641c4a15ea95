"""The game on the table: one round at a time, the notice above it, and the one observer.

:class:`Table` is the part of the session (:class:`play.session.Session`) that deals,
resumes and plays games and reports each change; the session adds the commands about
settings and the solver's help. A :class:`play.round.Round` holds the game itself (the
position, its record with move times, its clock, how it ended).

A front end hands every move to :meth:`Table.move_steps`, with how it was made, and runs
the work it gets back: the table decides what a move needs first (a no-guess board
searched, a big board's mines dealt in slices), queues the moves made meanwhile, and
plays them in order, each reported once. A move that needs nothing is played in the
first slice, in the event's own task.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from engine import Action, Game, Level, Move, Record, deal_steps, random_seed
from engine import tiles as t
from engine.steps import Steps
from play.command import Channel, command
from play.daily import PRACTICE_NEWS, counted_attempt, offers_daily, practice_notice
from play.keeper import Keeper, Snapshot
from play.ledger import PRACTICE
from play.notice import FINDING, Notice, Until, sentence
from play.result import Result
from play.round import Round
from play.settings import Settings
from play.update import Input, Paced, Pause, Update, interpret

DAILY_ON_LEVELS = (
    "The daily board is played on Beginner, Intermediate or Expert: choose one of them first."
)

if TYPE_CHECKING:
    from datetime import date

    from play.ledger import Entry

DEALT_IN_SLICES = (1_000, 20_000)
"""Mines or cells from which a first reveal's mines are dealt in slices (see
:meth:`Table.move_steps`): some 7 ms of a browser's time, where 9,000 mines take 60."""

Clock = Callable[[], float]
"""Seconds from any fixed start, never going backwards, such as :func:`time.monotonic`."""


@dataclass(slots=True)
class Waiting:
    """A first reveal being prepared for its game (a no-guess board searched, mines
    dealt in slices), and the moves made on that game meanwhile, in order."""

    game: Game
    moves: list[tuple[Move, Input]] = field(default_factory=list)


class Table:
    """One game at a time on the table: its round, the notice above it, the auto-player's
    switch, and whoever watches (the one observer); dealing, resuming, playing moves, the
    clock. :class:`play.session.Session` adds the player's settings and the solver's help."""

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
        self._settings = settings or Settings()
        self._kept_instead = dict(kept_instead or {})
        """Settings in force for this visit only (a link's switches, see
        :data:`play.address.SWITCHES`), each with the player's own value, which is what is
        kept; one the player changes by hand is the player's own again."""
        self._clock = clock
        self._seeds = seeds
        self.notice: Notice | None = None
        self.auto_playing = False
        # Not new_game(): a stored game must survive until the front end has resumed it.
        self._round = Round.deal(self._settings, self._seeds() if seed is None else seed)
        self._dealt: tuple[Game, int, Game] | None = None
        """A game, the first reveal's cell, and that game with the mines the reveal places."""
        self._waiting: Waiting | None = None
        """The first reveal being prepared, if one is (see :meth:`move_steps`)."""
        self.channel = Channel()

    # --- what a front end reads ----------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def kept_settings(self) -> Settings:
        """The settings as kept for later visits: the player's own, without a link's."""
        return replace(self._settings, **self._kept_instead)

    @property
    def game(self) -> Game:
        return self._round.game

    @property
    def record(self) -> Record:
        return self._round.record

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
        its words, which name its cell), the settings and the auto-player's switch. A
        command that changes none of them reports nothing."""
        return self._round, self.game, (self.notice, self._settings, self.auto_playing)

    # --- game flow -----------------------------------------------------------------------

    @command
    def new_game(self, seed: int | None = None, *, linked: bool = False) -> None:
        """A new game of the current level; a fresh seed unless one is given (``linked``:
        a seed from a shared link, see :attr:`play.address.Launch.linked`)."""
        chosen = self._seeds() if seed is None else seed
        self._begin(Round.deal(self.settings, chosen, linked))

    @command
    def new_daily(self, day: date) -> None:
        """The daily board of ``day`` at the current level: the same for every player.
        On a custom board it is not dealt, and the notice says why."""
        if not offers_daily(self.settings.level):
            self.notice = Notice(DAILY_ON_LEVELS)
            return
        self._begin(Round.daily_board(self.settings, day))
        self._say_if_practice()

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

    def _play_level(self, level: Level) -> None:
        """Make ``level`` the one played from now on (a custom one the custom dialog's)."""
        last_custom = level if level.name == "custom" else self.settings.last_custom
        self._keep(replace(self.settings, level=level, last_custom=last_custom))

    def _begin(self, round_: Round) -> None:
        self._round = round_
        self.auto_playing = False
        self.notice = None
        self.save()

    def snapshot(self) -> Snapshot:
        """The game as it stands, for storage."""
        return self._round.snapshot(self._clock())

    def save(self) -> None:
        """Keep the game in progress (a finished game is not resumed: it is forgotten)."""
        if self.keeper is not None:
            self.keeper.save_game(None if self.game.status.is_over else self.snapshot())

    def move_steps(self, move: Move, via: Input = Input.MOUSE) -> Paced[Update | None]:
        """The one way in for a move a front end hands over: ``move``, made with ``via``.

        Run to its end (between frames: see :data:`play.update.Paced`), it plays the move
        and answers its update, reported as every command's. Most moves are played in the
        first slice. A no-guess board's first reveal says "Finding…" and pauses for it to
        paint, then searches; a big board's has its mines dealt in slices first. Moves
        handed over meanwhile wait (their work answers None at once) and are played after
        it, in order; if another game is dealt meanwhile, they go with the old one."""
        game, waiting = self.game, self._waiting
        if waiting is not None and waiting.game is game:
            waiting.moves.append((move, via))
            return None
        move = self.interpret(move, via)
        preparing = self._preparing(move)
        if preparing is None:
            return self._move(move, via)
        waiting = self._waiting = Waiting(game)
        try:
            yield from preparing
        finally:
            if self._waiting is waiting:
                self._waiting = None
        if self.game is not game:
            return None  # the player started over meanwhile
        update = self._move(move, via)
        for later, how in waiting.moves:
            self._move(self.interpret(later, how), how)
        return update

    def _preparing(self, move: Move) -> Paced[None] | None:
        """What ``move`` (interpreted) needs before it is played, if anything: a search
        for a no-guess board, or a big board's mines dealt (see :data:`DEALT_IN_SLICES`)."""
        game, level = self.game, self.game.level
        first = self._covered_cell(move)
        if first is None or game.layout is not None:
            return None
        if game.no_guess:
            return self._searching()
        mines, cells = DEALT_IN_SLICES
        if level.mines < mines and level.cells < cells:
            return None
        return self._dealing(game, first)

    def _searching(self) -> Paced[None]:
        """A no-guess board takes a moment to find: the notice says so, and paints first."""
        self.say(FINDING)
        yield Pause.PAINT

    def _dealing(self, game: Game, first: int) -> Paced[None]:
        """The mines ``game``'s first reveal at ``first`` places, dealt in slices (none in
        the event's own task) and kept for :meth:`_move`, which finds them dealt. Nothing
        shows until then; a new game meanwhile leaves them unused."""
        yield None
        dealt = yield from deal_steps(game, first)
        self._dealt = (game, first, dealt)

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
        outcome = self._round.apply(move, now, self._dealt_for(move))
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

    def stats_steps(self) -> Steps[None]:
        """The game's openings (the part of its 3BV that costs: 100 ms in a browser on a
        300x300 board), worked out in slices and kept by the layout, for a front end to
        run while the game is played, so that its end is quick. Nothing before the first
        reveal, nor once done."""
        layout = self.game.layout
        if layout is not None:
            yield from layout.openings_steps()

    def _dealt_for(self, move: Move) -> Game | None:
        """The game dealt for ``move`` if ``move`` is the first reveal it was dealt for;
        asked once, it is forgotten."""
        found, self._dealt = self._dealt, None
        if found is None or found[0] is not self.game:
            return None
        return found[2] if self._covered_cell(move) == found[1] else None

    def _covered_cell(self, move: Move) -> int | None:
        """The covered cell that ``move`` reveals, if it reveals one."""
        grid = self.game.grid
        if move.kind is not Action.REVEAL or not grid.contains(move.row, move.col):
            return None
        cell = grid.index(move.row, move.col)
        return cell if self.game.tiles[cell] == t.COVERED else None

    def interpret(self, move: Move, via: Input) -> Move:
        """The move a gesture means on this board (see :func:`play.update.interpret`)."""
        return interpret(self.game, move, via, self.settings.click_chords)

    def _finish(self, now: float) -> None:
        self.auto_playing = False
        if self.notice is not None and self.notice.until is Until.GAME_OVER:
            self.notice = None
        result = self._round.ending(now)
        if result is not None and self.keeper is not None:
            kind, linked = self._round.kind, self._round.linked
            if self._counted_daily() is not None:
                self.keeper.finish(result, self.record, PRACTICE, self.daily, linked)
                result = replace(result, news=PRACTICE_NEWS, practice=True)
            else:
                news = self.keeper.finish(result, self.record, kind, self.daily, linked)
                result = replace(result, news=news)
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

    # --- what is kept, and what is said ---------------------------------------------------------

    def _keep(self, settings: Settings) -> None:
        """Every change of settings is kept at once (a link's switches excepted, until the
        player changes them by hand)."""
        for name in [
            n for n in self._kept_instead if getattr(settings, n) != getattr(self._settings, n)
        ]:
            del self._kept_instead[name]
        self._settings = settings
        if self.keeper is not None:
            self.keeper.save_settings(self.kept_settings)

    @command
    def warn(self, text: str) -> None:
        """A warning about this game (a bad address value, data that could not be read)."""
        self.notice = Notice(text, Until.GAME_OVER)

    @command
    def say(self, text: str) -> None:
        """A front end's word for the player, stale after the next move."""
        self.notice = Notice(text, Until.NEXT_MOVE)
