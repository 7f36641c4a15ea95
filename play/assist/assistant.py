"""The solver's help for the player: the chances overlay, the hint and the auto-player's move.

Plain Python on the solver's public face (:mod:`engine.solver`), which sees the tiles and
the mine total only, exactly what the player sees. The solver is imported on first use:
it is a third of our Python, and compiling it before the first click would only delay a
page's start.

An :class:`Assistant` keeps the analysis from one call to the next (an
:class:`engine.solver.Analyser` for the board being played), so that after a move only
what the move touched is computed again, and the move it chose for the last position,
so that a hint worked out ahead (while the player looks at the board) answers at once.
Each session holds its own: nothing is kept at module level. Every answer is
:data:`engine.steps.Steps`: a page runs it a slice at a time and stays responsive on huge
boards; a caller that may block runs it whole with :func:`engine.steps.drain`.

>>> from engine import Layout, Move, apply, new_game
>>> from engine.steps import drain
>>> assistant = Assistant()
>>> game = new_game(layout=Layout.from_text("*..\\n..."))
>>> drain(assistant.next_move_steps(game))  # nothing open: the opening cell, not the centre
Move(kind=<Action.REVEAL: 'O'>, row=1, col=0)
>>> game = apply(game, Move.reveal(1, 1)).game
>>> drain(assistant.overlay_steps(game)).interior is None
True
>>> drain(Assistant().hint_steps(new_game(seed=1))).reason   # an untouched board: the opening
'First move: open row 5, column 5'
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import EXPERT, FirstClick, Game, Move, Status, apply, new_game
from engine import tiles as t
from engine.steps import Steps
from play.game.notice import GAME_OVER, Hint, Notice, capitalised

if TYPE_CHECKING:
    from engine.solver import Analyser, Analysis, Suggestion


@dataclass(frozen=True, slots=True)
class Overlay:
    """Mine chances to show over covered cells, as whole percentages."""

    cells: dict[int, int]
    """Percent for each covered cell next to a number (and for every cell when all share)."""
    safe: frozenset[int]
    mines: frozenset[int]
    interior: int | None
    """The one percentage shared by every covered cell away from the numbers, if any."""
    exact: bool
    """False when a part of the board was too large to count and its chances are estimates."""


def percent(probability: float) -> int:
    """A chance as a whole percentage; 0 and 100 only when certain.

    >>> percent(0.0), percent(0.001), percent(0.5), percent(0.999), percent(1.0)
    (0, 1, 50, 99, 100)
    """
    if probability <= 0.0:
        return 0
    if probability >= 1.0:
        return 100
    return min(99, max(1, round(probability * 100)))


def hint_assists(game: Game) -> bool:
    """Whether a hint on ``game`` helps the player, and so makes the game assisted.

    Not before the first reveal: no mine is placed yet, so all the hint says is where a
    first click opens best and how safe the board's first-click rule makes it, which tells
    nothing of the layout (a flag changes none of that). Every later hint reads the numbers.

    >>> fresh = new_game(seed=1)
    >>> hint_assists(fresh), hint_assists(apply(fresh, Move.reveal(4, 4)).game)
    (False, True)
    """
    return game.status is not Status.READY


def rule_in_force(game: Game) -> FirstClick | None:
    """``game``'s first-click rule while it still decides the chances (before the first
    reveal places the mines); None once they are placed, or on a board laid by hand.

    >>> from engine import BEGINNER, Layout
    >>> fresh = new_game(BEGINNER, seed=1, first_click=FirstClick.NONE)
    >>> rule_in_force(fresh), rule_in_force(new_game(layout=Layout.from_text("*..")))
    (<FirstClick.NONE: 'none'>, None)
    >>> from engine.steps import drain
    >>> plain = new_game(BEGINNER, seed=1)
    >>> chances = drain(Assistant().overlay_steps(fresh)), drain(Assistant().overlay_steps(plain))
    >>> [overlay.interior for overlay in chances]  # 10 mines in 81 cells; never a mine
    [12, 0]
    """
    if game.status is not Status.READY or game.layout is not None:
        return None
    return game.first_click


class Assistant:
    """The solver's help on the games of one player, one position after another."""

    def __init__(self) -> None:
        self._analyser: Analyser | None = None
        """The last board's analysis, carried from one call to the next."""
        self._suggested: tuple[Game, Suggestion | None] | None = None
        """The last game asked about and the solver's move for it (a game never changes)."""

    def _analyser_for(self, game: Game) -> Analyser:
        """The kept analyser when it is for ``game``'s board, else a new one."""
        from engine.solver import Analyser  # late: see the module's docstring

        kept, level = self._analyser, game.level
        if kept is None or kept.grid != game.grid or kept.mines != level.mines:
            kept = self._analyser = Analyser(game.grid, level.mines)
        return kept

    def analysis_steps(self, game: Game) -> Steps[Analysis | None]:
        """The solver's view of ``game`` in slices; None when there is nothing to analyse."""
        from engine.solver import InconsistentError

        if game.status.is_over:
            return None
        try:
            return (yield from self._analyser_for(game).steps(game.tiles))
        except InconsistentError:
            return None

    def overlay_steps(self, game: Game) -> Steps[Overlay | None]:
        """The chances to show over ``game``; None when it is over."""
        analysis = yield from self.analysis_steps(game)
        if analysis is None:
            return None
        yield None
        rule = rule_in_force(game)
        if rule is not None:  # the first reveal's own chance, wherever it is
            from engine.solver import first_click_risk

            risk = percent(first_click_risk(rule, game.level.mines, game.level.cells))
            return Overlay({}, frozenset(), frozenset(), risk, exact=True)
        interior = analysis.interior
        shared = analysis.interior_probability
        probability, tiles = analysis.probability, game.tiles
        # Every covered cell away from the interior is in one of these: no need to look at
        # the interior's cells one by one (most of a huge board).
        cells = {
            cell: percent(probability[cell])
            for cell in itertools.chain(analysis.frontier, analysis.safe, analysis.mines)
            if cell not in interior and t.is_covered(tiles[cell])
        }
        return Overlay(
            cells=cells,
            safe=analysis.safe,
            mines=analysis.mines,
            interior=None if shared is None or not interior else percent(shared),
            exact=analysis.exact,
        )

    def chances_steps(self, game: Game, shown: bool, assisted: bool) -> Steps[Overlay | None]:
        """The chances to draw over ``game``, the game in play; None when they are not
        ``shown`` or the game is over. Once a hint was asked for in it (it is ``assisted``),
        the chances not shown, the next hint is worked out meanwhile: it then answers at once."""
        if game.status.is_over:
            return None
        if shown:
            return (yield from self.overlay_steps(game))
        if assisted:
            yield from self.suggestion_steps(game)
        return None

    def suggestion_steps(self, game: Game) -> Steps[Suggestion | None]:
        """The solver's move for ``game`` (the opening cell on an untouched board), if any.
        Kept, so that the hint worked out ahead (see
        :meth:`chances_steps`) is the one the player then asks for."""
        from engine.solver import Position, choose

        if self._suggested is not None and self._suggested[0] is game:
            return self._suggested[1]
        analysis = yield from self.analysis_steps(game)
        if analysis is None:
            return None  # over, or tiles no layout shows: never crash the game over a hint
        analyser = self._analyser_for(game)
        rule = rule_in_force(game)
        if analyser.describes(game.tiles):
            suggestion = choose(analyser, analysis, first_click=rule)
        else:
            # Another call moved the kept analysis on while this one finished: start afresh.
            position = Position(game.grid, game.level.mines, game.tiles)
            suggestion = choose(position, analysis, first_click=rule)
        self._suggested = (game, suggestion)
        return suggestion

    def next_move_steps(self, game: Game) -> Steps[Move | None]:
        """The auto-player's next move: flag a certain mine, else reveal the best cell.

        Certain mines are flagged as a careful player would (it makes the game
        readable as it is played); flags the player placed are ignored by the solver.
        """
        suggestion = yield from self.suggestion_steps(game)
        return None if suggestion is None else _move_for(game, suggestion)

    def hint_steps(self, game: Game) -> Steps[Hint | None]:
        """The best next reveal for the hint button, with its reason.

        A flag of the player's on that cell is named: a certain safe cell under a flag
        means the flag is wrong, and any other must be unflagged before it is revealed.
        """
        suggestion = yield from self.suggestion_steps(game)
        if suggestion is None:
            return None
        reason = capitalised(suggestion.reason)
        if suggestion.certain:  # the proof, step by step from the board, not the solver's word
            from play.review.proof_words import explain, spot

            cell = suggestion.cell
            words = explain(game.grid, game.level.mines, game.tiles, cell, False).words
            reason = capitalised(f"{spot(game.grid, cell)} is safe: {words}.")
        if game.tiles[suggestion.cell] == t.FLAGGED:
            reason = reason.rstrip(".") + (
                ". Your flag on it is wrong: remove it."
                if suggestion.certain
                else ". Remove your flag there first."
            )
        return Hint(suggestion.cell, suggestion.certain, reason)


def hint_notice(game: Game, found: Hint | None) -> Notice:
    """What the notice says of a hint on ``game``: its reason, else why there is none."""
    if game.status.is_over:
        return GAME_OVER
    return Notice("The solver has no move to suggest here." if found is None else found.reason)


class HintShown:
    """The hint on show, whose cell a front end rings: it stands until the position changes
    (a move that changes the board, another round), whatever is said meanwhile."""

    def __init__(self) -> None:
        self._shown: tuple[object, Game, Hint] | None = None

    def show(self, round_: object, game: Game, hint: Hint | None) -> None:
        """``hint`` on show over ``game``, the position of ``round_`` (None: none on show)."""
        self._shown = None if hint is None else (round_, game, hint)

    def over(self, round_: object, game: Game) -> Hint | None:
        """The hint on show, while ``round_`` and ``game``'s tiles are the ones it was for."""
        if self._shown is not None:
            shown_round, shown_game, hint = self._shown
            if shown_round is round_ and (shown_game is game or shown_game.tiles == game.tiles):
                return hint  # same tiles in the same round (question marks switched) stand
        self._shown = None
        return None


def _move_for(game: Game, suggestion: Suggestion) -> Move:
    grid = game.grid
    unflagged = sorted(m for m in suggestion.analysis.mines if game.tiles[m] != t.FLAGGED)
    if unflagged:
        return Move.mark(*grid.row_col(unflagged[0]))
    cell = suggestion.cell
    if game.tiles[cell] == t.FLAGGED:
        # A flag of the player's sits on the cell the solver wants: clear it first (a
        # question mark opens under a reveal).
        return Move.mark(*grid.row_col(cell))
    return Move.reveal(*grid.row_col(cell))


WARM_UP_SEED = 1
"""The throwaway game :func:`warm_up_steps` plays: on expert its first guess comes early."""


def warm_up_steps(assistant: Assistant | None = None) -> Steps[None]:
    """Let the solver think through a throwaway expert game, from its first move to its
    first guess, yielding after each move (whatever board the player is on: the code to
    compile is the same, and expert bounds the work). It uses an assistant of its own
    unless given one (a test's), so the player's kept analysis is never touched.

    A fresh page's WebAssembly runtime compiles code the first time it runs; without
    this, a player's first hint (measured: 9 to 33 ms on expert, against 1 to 3 ms for
    the next ones) would pay for it.
    """
    assistant = assistant or Assistant()
    game = new_game(EXPERT, seed=WARM_UP_SEED)
    yield from assistant.suggestion_steps(game)  # a hint on a fresh board takes this path
    yield None
    grid = game.grid
    game = apply(game, Move.reveal(grid.rows // 2, grid.cols // 2)).game
    for _ in range(EXPERT.cells):
        suggestion = yield from assistant.suggestion_steps(game)
        yield None
        if suggestion is None or not suggestion.certain or game.status.is_over:
            break
        game = apply(game, Move.reveal(*grid.row_col(suggestion.cell))).game
