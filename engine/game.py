"""The rules of a move: ``apply(game, move)``, the one function that makes the next game.

A :class:`~engine.game_state.Game` is immutable (:mod:`engine.game_state`, whose names this
module also gives). :func:`apply` returns an :class:`~engine.game_state.Outcome`: the new
game, the cells whose tile changed (a front end redraws only those) and, when the move
changed no tile, a message saying why.

>>> from engine.layout import Layout
>>> game = new_game(layout=Layout.from_text('''
...     *...
...     ....
...     ...*
... '''))
>>> outcome = apply(game, Move.reveal(0, 3))
>>> print(outcome.game.to_text())
#1..
#111
####
>>> outcome.game.status, len(outcome.changed)
(<Status.PLAYING: 'playing'>, 6)
>>> apply(outcome.game, Move.reveal(0, 0)).game.status
<Status.LOST: 'lost'>
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

from engine import tiles as t
from engine.bitboard import cells_in, select, table
from engine.first_click import FirstClick
from engine.flood import flood
from engine.game_state import Clicks, Game, Outcome, Status
from engine.grid import spot_name
from engine.layout import Layout, generate, generate_steps
from engine.level import BEGINNER, Level
from engine.moves import Action, Move
from engine.rng import check_seed, random_seed
from engine.steps import Steps

__all__ = [
    "Clicks",
    "Game",
    "Outcome",
    "Status",
    "Waste",
    "apply",
    "deal_steps",
    "dealt",
    "new_game",
    "waste",
    "with_question_marks",
]


def new_game(
    level: Level = BEGINNER,
    seed: int | None = None,
    *,
    question_marks: bool = True,
    no_guess: bool = False,
    layout: Layout | None = None,
    first_click: FirstClick = FirstClick.OPENING,
) -> Game:
    """A game ready for its first click.

    Without a ``layout`` the mines are placed at the first reveal from ``seed`` (a
    fresh random one when None, so that every game can be replayed), as the first-click
    rule ``first_click`` asks. With one, the game is played on that layout as it is, as
    tests and puzzles need.

    >>> lost = new_game(BEGINNER, seed=3, first_click=FirstClick.NONE)
    >>> mine = min(apply(lost, Move.reveal(0, 0)).game.layout.mines)
    >>> apply(lost, Move.reveal(*lost.grid.row_col(mine))).game.status.value
    'lost'
    """
    if layout is not None:
        level = layout.level
    seed = random_seed() if seed is None else check_seed(seed)
    return Game(
        level=level,
        seed=seed,
        tiles=bytes([t.COVERED]) * level.cells,
        layout=layout,
        question_marks=question_marks,
        no_guess=no_guess,
        first_click=first_click,
    )


def with_question_marks(game: Game, on: bool) -> Game:
    """``game`` with question marks switched on or off, as a player may do mid-game.

    Only what marking does from now on changes: question marks already on the board stay
    until they are cycled, and a questioned cell is cleared by its next mark either way.

    >>> game = new_game(BEGINNER, seed=1)
    >>> with_question_marks(game, True) is game
    True
    >>> with_question_marks(game, False).question_marks
    False
    """
    if game.question_marks == on:
        return game
    return replace(game, question_marks=on)


def apply(game: Game, move: Move) -> Outcome:
    """Play ``move`` on ``game``; ``game`` itself is never changed."""
    if game.status.is_over:
        return Outcome(game, message=f"the game is over ({game.status.value}): start a new one")
    if not game.grid.contains(move.row, move.col):
        return Outcome(
            game,
            message=f"no {spot_name((move.row, move.col))} on a board of "
            f"{game.level.rows} rows and {game.level.cols} columns",
        )
    why = waste(game, move)
    if why is not None:
        return _wasted(game, move, why)
    cell = game.grid.index(move.row, move.col)
    if move.kind is Action.REVEAL:
        return _reveal(game, cell)
    if move.kind is Action.MARK:
        return _mark(game, cell)
    return _chord(game, cell)


def _count(game: Game, action: Action, effective: bool) -> Clicks:
    c = game.clicks
    return Clicks(
        left=c.left + (action is Action.REVEAL),
        right=c.right + (action is Action.MARK),
        chord=c.chord + (action is Action.CHORD),
        effective=c.effective + effective,
    )


class Waste(Enum):
    """Why a click on the board changes no tile: the one rule of it, which the review of a
    game asks too (:mod:`play.review.moves`), in words of its own."""

    FLAGGED = "a flagged cell is not revealed: unflag it first"
    OPEN = "that cell is already open"
    MARK_OPEN = "an open cell cannot be marked"
    CHORD_SHUT = "chording needs an open number"
    """A chord on a cell that is not open (or before the first reveal)."""
    CHORD_FLAGS = "{flagged} flag{s} around a {number}: nothing to chord"
    CHORD_NOTHING = "every cell around it is already open or flagged"


def waste(game: Game, move: Move) -> Waste | None:
    """Why ``move`` (on the board) would change no tile of ``game`` in play, or None.

    >>> game = apply(new_game(layout=Layout.from_text('*..')), Move.reveal(0, 2)).game
    >>> waste(game, Move.reveal(0, 2)).name, waste(game, Move.chord(0, 2)).name
    ('OPEN', 'CHORD_NOTHING')
    >>> waste(game, Move.mark(0, 0)) is None
    True
    """
    cell = game.grid.index(move.row, move.col)
    tile = game.tiles[cell]
    if move.kind is Action.REVEAL:
        if tile == t.FLAGGED:
            return Waste.FLAGGED
        # A question mark is a note, not a flag: a left click opens the cell, as in Windows.
        return Waste.OPEN if t.is_open(tile) else None
    if move.kind is Action.MARK:
        return Waste.MARK_OPEN if t.is_open(tile) else None
    # An open 0 chords too, as in Windows: it opens a neighbour a flag kept covered (since
    # removed) when its opening flooded.
    if not t.is_open(tile) or game.layout is None:
        return Waste.CHORD_SHUT
    around = game.grid.neighbours(cell)
    if sum(1 for n in around if game.tiles[n] == t.FLAGGED) != tile:
        return Waste.CHORD_FLAGS
    if not any(game.tiles[n] in (t.COVERED, t.QUESTIONED) for n in around):
        return Waste.CHORD_NOTHING
    return None


def _wasted(game: Game, move: Move, why: Waste) -> Outcome:
    """A click that changes no tile still counts as a click (it lowers efficiency)."""
    message = why.value
    if why is Waste.CHORD_FLAGS:
        cell = game.grid.index(move.row, move.col)
        flagged = sum(1 for n in game.grid.neighbours(cell) if game.tiles[n] == t.FLAGGED)
        message = message.format(flagged=flagged, s="s"[: flagged != 1], number=game.tiles[cell])
    clicks = _count(game, move.kind, effective=False)
    return Outcome(replace(game, clicks=clicks), message=message)


def _reveal(game: Game, cell: int) -> Outcome:
    message = None
    layout = game.layout
    if layout is None:
        layout, message = _place_mines(game, cell)
        game = replace(game, layout=layout, no_guess=game.no_guess and message is None)
    return _open(game, layout, [cell], Action.REVEAL, message)


def deal_steps(game: Game, first: int) -> Steps[Game]:
    """The mines a first reveal at cell ``first`` places, in slices (see
    :func:`engine.layout.generate_steps`): ``game`` with them, for :func:`apply` of that
    very reveal, which then opens what it would have opened from ``game``. A front end
    deals a big board this way between frames. Not for a no-guess board (the solver's
    search deals it) nor a game that has its mines already.

    >>> from engine.steps import drain
    >>> game, first = new_game(Level(30, 30, 200), seed=4), Move.reveal(15, 15)
    >>> dealt = drain(deal_steps(game, game.grid.index(15, 15)))
    >>> apply(dealt, first) == apply(game, first), dealt.status.value
    (True, 'ready')
    """
    if game.layout is not None or game.no_guess:
        raise ValueError("only a game without its mines, and not a no-guess one, is dealt")
    layout = yield from generate_steps(game.level, game.seed, first, game.first_click)
    yield from layout.zero_part_steps(first)  # the reveal's flood, grown ahead
    return replace(game, layout=layout)


def dealt(game: Game, first: int) -> Game:
    """``game`` with the mines a first reveal at cell ``first`` places (a no-guess board's
    found by the solver, as :func:`apply` finds it), nothing opened: a lost board dealt
    again for a retry keeps its mines wherever the retry's first click goes.

    >>> game = new_game(BEGINNER, seed=9)
    >>> apply(dealt(game, 40), Move.reveal(4, 4)) == apply(game, Move.reveal(4, 4))
    True
    """
    if game.layout is not None:
        return game
    layout, message = _place_mines(game, first)
    return replace(game, layout=layout, no_guess=game.no_guess and message is None)


def _place_mines(game: Game, first: int) -> tuple[Layout, str | None]:
    if game.no_guess:
        from engine.solver import no_guess_layout  # imported late: the solver is big

        layout = no_guess_layout(game.level, game.seed, first, game.first_click)
        if layout is not None:
            return layout, None
        return generate(game.level, game.seed, first, game.first_click), (
            "no board without guesses was found in time for this size: "
            "this one is a normal board and may need a guess"
        )
    return generate(game.level, game.seed, first, game.first_click), None


def _open(
    game: Game, layout: Layout, cells: list[int], action: Action, message: str | None = None
) -> Outcome:
    """Reveal ``cells`` (covered or questioned), flooding from zeros; lose on a mine."""
    exploded = [cell for cell in cells if cell in layout.mines]
    safe = [cell for cell in cells if cell not in layout.mines]
    # Flags stay put even on safe cells, as in the classic game.
    opened_tiles, changed = flood(layout, game.tiles, safe)
    tiles = bytearray(opened_tiles)
    opened = game.opened + len(changed)
    # The field counts a chord that loses as effective, a reveal of a mine not.
    clicks = _count(game, action, bool(changed) or (bool(exploded) and action is Action.CHORD))
    if exploded:
        _show_loss(tiles, layout, exploded, changed)
        status = Status.LOST
    elif opened == game.level.cells - game.level.mines:
        _show_win(tiles, layout, changed)
        status = Status.WON
    else:
        status = Status.PLAYING
    flags = game.level.mines if status is Status.WON else game.flags
    new = replace(
        game, tiles=bytes(tiles), status=status, opened=opened, clicks=clicks, flags=flags
    )
    return Outcome(new, tuple(changed), message)


_HIDDEN = table({t.COVERED, t.QUESTIONED})
"""The tiles a lost game turns into a mine where there is one."""


def _show_loss(tiles: bytearray, layout: Layout, exploded: list[int], changed: list[int]) -> None:
    for cell in exploded:
        tiles[cell] = t.EXPLODED
        changed.append(cell)
    # Every mine still covered (or "?") shows, a whole board at a time: a loop over the
    # 100,000 mines of a 1000x1000 board took 0.18 s of CPython at the end of the game.
    board = layout.bitboard
    hidden = board.mask(board.pad(tiles), _HIDDEN) & ~layout.safe_mask & board.inside
    shown = board.cell_bytes(hidden)
    tiles[:] = select(shown, bytes([t.MINE]) * len(tiles), tiles)
    changed.extend(cells_in(shown))
    cell = tiles.find(t.FLAGGED)
    while cell >= 0:
        if cell not in layout.mines:
            tiles[cell] = t.WRONG_FLAG
            changed.append(cell)
        cell = tiles.find(t.FLAGGED, cell + 1)


def _show_win(tiles: bytearray, layout: Layout, changed: list[int]) -> None:
    for cell in layout.mines:
        if tiles[cell] != t.FLAGGED:
            tiles[cell] = t.FLAGGED
            changed.append(cell)


def _mark(game: Game, cell: int) -> Outcome:
    tile = game.tiles[cell]
    if tile == t.COVERED:
        new_tile, flags = t.FLAGGED, game.flags + 1
    elif tile == t.FLAGGED:
        new_tile = t.QUESTIONED if game.question_marks else t.COVERED
        flags = game.flags - 1
    else:  # questioned (an open cell is a waste: see waste)
        new_tile, flags = t.COVERED, game.flags
    tiles = bytearray(game.tiles)
    tiles[cell] = new_tile
    mines, flagged = game.layout.mines if game.layout else frozenset(), game.flagged_mines
    first_on_a_mine = new_tile == t.FLAGGED and cell in mines and cell not in flagged
    if first_on_a_mine:
        flagged = flagged | {cell}
    clicks = _count(game, Action.MARK, effective=first_on_a_mine)
    new = replace(game, tiles=bytes(tiles), flags=flags, clicks=clicks, flagged_mines=flagged)
    return Outcome(new, (cell,))


def _chord(game: Game, cell: int) -> Outcome:
    """A chord :func:`waste` passed: an open number, its flags counted, something to open."""
    assert game.layout is not None
    around = game.grid.neighbours(cell)
    targets = [n for n in around if game.tiles[n] in (t.COVERED, t.QUESTIONED)]
    return _open(game, game.layout, targets, Action.CHORD)
