"""What a run of a bot's games says, in the same words in the page and in the terminal: its
win rate with the 95% interval, our solver's on the same boards, the games each won, the
bot's time a move, and how its other games ended. A run stopped part-way is told for the
boards it played, and compared on the boards both played.

>>> from engine import BEGINNER
>>> from play.lab.boards import Boards
>>> from play.lab.referee import GameEnd
>>> won, lost = GameEnd(True, "won", 9, 0.009), GameEnd(False, "the bot gave up", 1, 0.001)
>>> tally = Tally(BEGINNER, Boards.numbered(5), 3, [won, lost, won], [True, True])
>>> print("\\n".join(tally.lines()))
3 games, seeds 5-7 (boards a bot can guess), Beginner (9x9/10)
  your bot:   66.7% won (95% interval 20.8-93.9)
  our solver: 100.0% won (95% interval 34.2-100.0) on the same boards (2 of 3 so far)
  on the boards both played: both won 1; only yours 0; only ours 1
  your bot's time a move: 1.00 ms
  ended 1x: the bot gave up
>>> tally.lost()
[1]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Level
from play.lab.boards import Boards
from play.lab.figures import rate
from play.lab.referee import GameEnd

PLAIN_ENDS = ("won", "stepped on a mine")
"""Endings of a game played out: the others are the bot's (it failed, gave up, was refused
or stopped) and are counted by their reason."""


@dataclass
class Tally:
    level: Level
    boards: Boards
    """Where the run's boards come from: game ``k`` is board ``k`` of these."""
    games: int
    """How many games the run is to play."""
    bot: list[GameEnd] = field(default_factory=list)
    """The bot's games so far, in the order of the seeds."""
    ours: list[bool] = field(default_factory=list)
    """Whether our solver won each seed's board, in the same order."""

    @property
    def done(self) -> bool:
        return len(self.bot) == len(self.ours) == self.games

    def lines(self, stopped: bool = False) -> list[str]:
        """The figures, a line each (``stopped``: the run was stopped before its end)."""
        played, games = len(self.bot), self.games
        over = stopped or self.done
        boards = self.boards.said(played if stopped else games, shown=over)
        board = (
            f"{self.level.title} ({self.level})" if self.level.name != "custom" else str(self.level)
        )
        head = f"{games} games" if played == games else f"{played} of {games} games"
        lines = [f"{head}{' (stopped)' if stopped else ''}, {boards}, {board}"]
        wins = sum(end.won for end in self.bot)
        if played:
            lines.append(f"  your bot:   {rate(wins, played)}")
        if self.ours:
            so_far = "" if len(self.ours) == games else f" ({len(self.ours)} of {games} so far)"
            ours = rate(sum(self.ours), len(self.ours))
            lines.append(f"  our solver: {ours} on the same boards{so_far}")
        paired = list(zip(self.bot, self.ours, strict=False))
        if paired:
            both = sum(end.won and won for end, won in paired)
            yours = sum(end.won for end, _ in paired) - both
            theirs = sum(won for _, won in paired) - both
            where = "" if len(paired) == games else "on the boards both played: "
            lines.append(f"  {where}both won {both}; only yours {yours}; only ours {theirs}")
        moves = sum(end.moves for end in self.bot)
        if moves:
            per_move = 1000 * sum(end.seconds for end in self.bot) / moves
            lines.append(f"  your bot's time a move: {per_move:.2f} ms")
        reasons: dict[str, int] = {}
        for end in self.bot:
            if end.reason not in PLAIN_ENDS:
                reasons[end.reason] = reasons.get(end.reason, 0) + 1
        for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
            lines.append(f"  ended {count}x: {reason}")
        return lines

    def lost(self) -> list[int]:
        """The boards the bot played and did not win, by their number in the run."""
        return [k for k, end in enumerate(self.bot) if not end.won]

    def first_traceback(self) -> str:
        """The bot's first traceback in the run, to mend it by ("" when it raised none)."""
        return next((end.detail for end in self.bot if end.detail), "")
