"""Each move of a game judged by the exact solver from what the player saw before it.

:func:`review_moves` replays the game, and before each move asks the solver about the tiles
the player saw then and the mine total, nothing else. The analysis is kept up to date from
move to move (:class:`engine.solver.Analyser`), so a review costs about one incremental
analysis per move, plus the solver's choice at each guess. It yields one
:class:`~play.review.verdicts.MoveReview` at a time, so that a page can spread the work out.

>>> from engine import Layout, Move, TimedMove, new_game
>>> class DrawnGame:  # on the board *..*, the second 1 opened after the first: a 50/50
...     moves = (TimedMove(Move.reveal(0, 1), 0), TimedMove(Move.reveal(0, 2), 900))
...     def new_game(self):
...         return new_game(layout=Layout.from_text('*..*'))
>>> for r in review_moves(DrawnGame()):
...     print(r.verdict.value, r.risk, r.survival, r.choice, r.choice_risk)
certain 0.0 1.0 None None
forced guess 0.5 0.5 (0, 0) 0.5
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from engine import (
    Action,
    FirstClick,
    Game,
    MarksChange,
    Move,
    Replayable,
    Waste,
    apply,
    waste,
    with_question_marks,
)
from engine import tiles as t
from engine.solver import Analyser, choose
from play.review.reasons import Seen, listed, spot, why_mine, why_safe
from play.review.verdicts import WORSE_MARGIN, Found, MoveReview, Verdict, percent


class _Judge:
    """Judges moves on one board, keeping the solver's analysis from move to move."""

    def __init__(self, start: Game) -> None:
        self.grid = start.grid
        self.mines = start.level.mines
        self.analyser = Analyser(self.grid, self.mines)
        self._seen: Seen | None = None

    def seen(self, tiles: bytes) -> Seen:
        if self._seen is None or self._seen.tiles != tiles:
            self._seen = Seen(self.grid, self.mines, tiles, self.analyser.analyse(tiles))
        return self._seen

    def judge(self, game: Game, move: Move) -> Found:
        cell = self.grid.index(move.row, move.col)
        why = waste(game, move)  # the engine's rule, in the review's words
        if why is not None:
            return _wasted(_WASTE_WORDS[why].format(at=spot(self.grid, cell)))
        if move.kind is Action.REVEAL:
            return self.reveal(game, cell)
        if move.kind is Action.MARK:
            return self.mark(game, cell)
        return self.chord(game, cell)

    def reveal(self, game: Game, cell: int) -> Found:
        at = spot(self.grid, cell)
        if game.layout is None and game.first_click is FirstClick.NONE:
            risk = self.mines / self.grid.size  # the seed's board, whatever the cell
            reason = f"under this board's rule the first click may lose: it risked {percent(risk)}"
            return Found(Verdict.FORCED, reason + " on every cell", risk, risk)
        if game.layout is None or not game.opened:
            return Found(Verdict.CERTAIN, "the first click is always safe")
        seen = self.seen(game.tiles)
        if cell in seen.analysis.safe:
            return Found(Verdict.CERTAIN, why_safe(cell, seen))
        if cell in seen.analysis.mines:
            reason = f"{at} was a proven mine: {why_mine(cell, seen)}"
            return Found(Verdict.BLUNDER, reason, risk=1.0)
        return self.guess(seen, cell, seen.analysis.probability[cell], f"opening {at}")

    def chord(self, game: Game, cell: int) -> Found:
        tiles = game.tiles
        around = self.grid.neighbours(cell)
        flags = [n for n in around if tiles[n] == t.FLAGGED]
        targets = [n for n in around if tiles[n] in (t.COVERED, t.QUESTIONED)]
        seen = self.seen(tiles)
        analysis = seen.analysis
        wrong = [f for f in flags if f in analysis.safe]
        mined = [n for n in targets if n in analysis.mines]
        if wrong or mined:
            why = f"{spot(self.grid, wrong[0])} is proven safe" if wrong else "a flag is wrong"
            opens = f", so it opens the mine at {spot(self.grid, mined[0])}" if mined else ""
            reason = f"a chord around a wrong flag: {why}{opens}"
            return Found(Verdict.BLUNDER, reason, risk=1.0)
        if all(n in analysis.safe for n in targets):
            opens = listed(self.grid, targets)
            if all(f in analysis.mines for f in flags):
                reason = f"its flags are on proven mines, so it opens only safe cells: {opens}"
            else:
                reason = f"every cell it opens is proven safe: {opens}"
            return Found(Verdict.CERTAIN, reason)
        position = self.analyser.position()
        safe_ways = Fraction(position.count_if([], targets), analysis.layout_count())
        what = f"chording at {spot(self.grid, cell)}"
        return self.guess(seen, cell, float(1 - safe_ways), what)

    def mark(self, game: Game, cell: int) -> Found:
        tile, at = game.tiles[cell], spot(self.grid, cell)
        if tile != t.COVERED:
            return _neutral(f"the mark on {at} is cycled: no risk either way")
        if game.layout is None or not game.opened:
            return _neutral(f"a flag on {at} before the first click")
        seen = self.seen(game.tiles)
        if cell in seen.analysis.mines:
            return Found(Verdict.CERTAIN, why_mine(cell, seen))
        if cell in seen.analysis.safe:
            reason = f"a flag on a proven-safe cell: {why_safe(cell, seen)}"
            return Found(Verdict.BLUNDER, reason)
        chance = percent(seen.analysis.probability[cell])
        return _neutral(f"an unproven flag on {at}: a mine there had a {chance} chance")

    def guess(self, seen: Seen, cell: int, risk: float, what: str) -> Found:
        analysis, grid = seen.analysis, self.grid
        if analysis.safe:
            row, col = grid.row_col(cell)
            safe = min(analysis.safe, key=lambda c: (_distance(grid.cols, c, row, col), c))
            reason = (
                f"{what} risked {percent(risk)} while {spot(grid, safe)} was proven safe: "
                + why_safe(safe, seen)
            )
            return Found(
                Verdict.NEEDLESS, reason, risk, safe_cell=grid.row_col(safe), exact=analysis.exact
            )
        suggestion = choose(self.analyser, analysis)
        assert suggestion is not None  # a guess was made: some covered cell can be safe
        safest = min(analysis.probability.values())
        choice, choice_risk = suggestion.cell, 1.0 - suggestion.safety
        solver = f"the solver's choice {spot(grid, choice)} had {percent(choice_risk)}"
        if risk - choice_risk > WORSE_MARGIN:
            verdict = Verdict.WORSE
            reason = (
                f"{what} risked {percent(risk)} where {solver}: "
                f"{(risk - choice_risk) * 100:.0f} percentage points more risk of losing here"
            )
        else:
            verdict = Verdict.FORCED
            reason = (
                f"no cell was proven safe: {what} risked {percent(risk)}; the safest cell "
                f"had {percent(safest)}, {solver}"
            )
        return Found(
            verdict, reason, risk, safest, grid.row_col(choice), choice_risk, None, analysis.exact
        )


def _distance(cols: int, cell: int, row: int, col: int) -> int:
    r, c = divmod(cell, cols)
    return max(abs(r - row), abs(c - col))


def _neutral(reason: str) -> Found:
    return Found(Verdict.NEUTRAL, reason)


_WASTE_WORDS = {
    Waste.OPEN: "{at} is already open",
    Waste.FLAGGED: "{at} is flagged, and a flagged cell does not open",
    Waste.MARK_OPEN: "{at} is open, and an open cell cannot be flagged",
    Waste.CHORD_SHUT: "a chord needs an open number",
    Waste.CHORD_FLAGS: "a chord whose flags and number differ, or with nothing to open",
    Waste.CHORD_NOTHING: "a chord whose flags and number differ, or with nothing to open",
}
"""The review's words for each click the engine says changes nothing (:class:`engine.Waste`)."""


def _wasted(why: str) -> Found:
    return Found(Verdict.WASTED, f"a click that changed nothing: {why}")


def review_moves(source: Replayable) -> Iterator[MoveReview]:
    """Each event of ``source`` judged, in order, one at a time."""
    game = source.new_game()
    judge = _Judge(game)
    survival = 1.0
    for number, timed in enumerate(source.moves, start=1):
        event = timed.move
        if isinstance(event, MarksChange):
            game = with_question_marks(game, event.on)
            yield Found(Verdict.NEUTRAL, _switch(event)).review(number, timed, survival)
            continue
        ended = game.status.is_over
        found = _wasted("the game had ended") if ended else judge.judge(game, event)
        survival *= 1.0 - found.risk
        yield found.review(number, timed, survival)
        game = apply(game, event).game


def _switch(event: MarksChange) -> str:
    return f"question marks switched {'on' if event.on else 'off'}"
