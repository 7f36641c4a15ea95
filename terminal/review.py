"""The ``review`` command: a game judged move by move, its summary and its two curves as text.

It starts with how the game ended: won or lost, the time, 3BV and 3BV/s, and the day a
replay file says it was recorded (:meth:`play.review.Review.outcome`, which the page's
summary shows as figures). The review is the session's (:meth:`play.session.Session.review`).

``review`` reviews the latest kept game, ``review N`` kept game N, ``review FILE`` a replay
file of Viennasweeper (RMV), Minesweeper Arbiter (AVF) or Metasweeper (EVF) or a file holding
one of our records, and ``review ms1;...`` a record pasted as text.

>>> from engine import Layout, Move, TimedMove, new_game
>>> from play.review import review
>>> class DrawnGame:  # on the board *..*, the second 1 opened after the first: a 50/50
...     moves = (TimedMove(Move.reveal(0, 1), 0), TimedMove(Move.reveal(0, 2), 900))
...     def new_game(self):
...         return new_game(layout=Layout.from_text('*..*'))
>>> print("\\n".join(review_lines(review(DrawnGame()))))
  #      time  move                  verdict         why
  1    0.00 s  open row 1, column 2  certain         the first click is always safe
  2    0.90 s  open row 1, column 3  forced guess    no cell was proven safe: opening row 1, \
column 3 risked 50%; the safest cell had 50%, the solver's choice row 1, column 1 had 50%
Verdicts: 1 certain, 1 forced guess.
Luck: 50%, pluck 0.30 (the chance of surviving every guess); hardest moment: move 2, \
where the safest cell had 50%.
Counters: 3BV 2, ZiNi 2, HZiNi 2, 3BV/s 2.22, IOE 1.00, correctness 100%, throughput 1.00, \
ZNE 1.00, ZNT 1.00, RQP 0.41, IOS -
Risk of each move (from 0 to 100%):
     1  ▁▅
Chance of having survived so far (from 0 to 100%):
     1  █▅
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import drain
from play.game import sentence
from terminal import replays
from terminal.commands import ReviewGame
from terminal.console import Console
from terminal.file_names import no_file_name, player_path

if TYPE_CHECKING:  # the session's review, and the values it hands out
    from engine import Counters
    from play.review import GameReview, Review
    from play.session import Session

LARGEST_FILE = 16 * 1024 * 1024
"""Bytes a file to review may have (a replay of an hour's play is well under a megabyte)."""
PER_LINE = 60
"""Moves per line of a curve."""
_BARS = "▁▂▃▄▅▆▇█"


def curve(values: Sequence[float], per_line: int = PER_LINE) -> list[str]:
    """Bars from 0 (▁) to 1 (█), one per move, with the number of each line's first move.

    >>> curve([0.0, 0.5, 1.0, 0.25], per_line=3)
    ['     1  ▁▅█', '     4  ▃']
    """
    top = len(_BARS) - 1
    bars = "".join(_BARS[round(min(1.0, max(0.0, v)) * top)] for v in values)
    return [
        f"{start + 1:>6}  {bars[start : start + per_line]}"
        for start in range(0, len(bars), per_line)
    ]


def _figure(value: float | None, form: str) -> str:
    return "-" if value is None else format(value, form)


def counters_line(c: Counters) -> str:
    """The competitive counters on one line (``-`` where one has nothing to divide by)."""
    parts = [
        f"3BV {c.bbbv}" + (f" ({c.solved_bbbv} solved)" if c.solved_bbbv != c.bbbv else ""),
        f"ZiNi {c.zini}",
        f"HZiNi {c.hzini}",
        f"3BV/s {_figure(c.bbbv_per_second, '.2f')}",
        f"IOE {_figure(c.ioe, '.2f')}",
        f"correctness {_figure(c.correctness, '.0%')}",
        f"throughput {_figure(c.throughput, '.2f')}",
        f"ZNE {_figure(c.zne, '.2f')}",
        f"ZNT {_figure(c.znt, '.2f')}",
        f"RQP {_figure(c.rqp, '.2f')}",
        f"IOS {_figure(c.ios, '.2f')}",
    ]
    if c.stnb is not None:
        parts.append(f"STNB {c.stnb:.1f}")
    return "Counters: " + ", ".join(parts)


def review_lines(result: GameReview) -> list[str]:
    """Each move's verdict, then the summary and the two curves."""
    words = [m.words for m in result.moves]
    width = max(map(len, words), default=4)
    number = max(3, len(str(len(result.moves))))
    lines = [f"{'#':>{number}}  {'time':>8}  {'move':<{width}}  {'verdict':<14}  why"]
    for m, said in zip(result.moves, words, strict=True):
        lines.append(
            f"{m.number:>{number}}  {m.ms / 1000:>6.2f} s  {said:<{width}}  "
            f"{m.verdict.value:<14}  {m.reason}"
        )
    s = result.summary
    counts = [v.counted(n) for v, n in s.counts.items() if n]
    lines.append(f"Verdicts: {', '.join(counts)}." if counts else "Verdicts: no move.")
    luck = f"Luck: {s.luck:.0%}, pluck {s.pluck:.2f} (the chance of surviving every guess)"
    if s.hardest is not None and s.hardest.safest_risk is not None:
        luck += f"; hardest moment: move {s.hardest.number}, where the safest cell had "
        luck += f"{s.hardest.safest_risk:.0%}"
    lines.append(luck + ".")
    if s.counters is not None:
        lines.append(counters_line(s.counters))
    lines.append("Risk of each move (from 0 to 100%):")
    lines += curve(result.risks)
    lines.append("Chance of having survived so far (from 0 to 100%):")
    lines += curve(result.survival)
    return lines


def load(command: ReviewGame, session: Session) -> Review:
    """The review of the game ``command`` names (:meth:`play.session.Session.review`), titled;
    ValueError in our words when there is none."""
    if command.text is not None:
        record = replays.parse_pasted(command.text)
        return session.review(record, f"A pasted game: {record.level.title}, seed {record.seed}")
    if command.path is not None:
        return _from_file(command.path, session)
    games = session.replays.games()
    if not games:
        raise ValueError("No finished games are kept yet: play one, or review a replay file.")
    if command.number > len(games):
        kept = replays.kept(len(games))
        raise ValueError(f"There is no game {command.number}: {kept} (type replay to list them).")
    game = games[command.number - 1]
    record = replays.parse_pasted(game.text)
    title = f"Game {command.number}: {game.describe()}, seed {record.seed}"
    return session.review(record, title)


def _from_file(name: str, session: Session) -> Review:
    path = player_path(name)
    if path is None:
        raise ValueError(no_file_name(name))
    try:
        with path.open("rb") as file:
            data = file.read(LARGEST_FILE + 1)
    except OSError as error:
        raise ValueError(f"Could not read {path}: {error.strerror or error}.") from None
    try:
        return session.review(data, path.name)
    except ValueError as error:  # no game to review in it, in words
        raise ValueError(sentence(str(error))) from None


def review_command(console: Console, session: Session, command: ReviewGame) -> None:
    """Print the review of the game ``command`` names (the session's kept games, a record
    pasted, a file), or why it cannot be reviewed; its mistakes become drills
    (:meth:`play.session.Session.keep_drills`, whose notice says how many are new)."""
    try:
        review = load(command, session)
    except ValueError as error:
        console.say(str(error))
        return
    if not review.total:
        console.say(f"{review.title}: no move to review.")
        return
    drain(review.steps())
    result = review.result()
    console.say(f"Review: {review.title}.")
    console.say(review.outcome())
    console.say("\n".join(review_lines(result)))
    if session.keep_drills(review.source, result.moves):
        console.say("Type practice for your drills.")  # after the notice of how many
