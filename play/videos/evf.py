"""A game saved as an EVF file, Metasweeper's video format, which the field's tools read.

Written to version 3 of the format (``evf标准.md`` in ms-toollib's repository, MIT; the
version Metasweeper 3.1.9 to 3.2.0 write, and the one our own reader,
:mod:`play.videos.replay_files`, reads back): a header (the board's size, its mines, the cell's
pixels, 3BV, the time, the player's name, the software), the mines as bits, then every
mouse event (``mv``, ``lc``/``lr``, ``rc``/``rr``) with its time in milliseconds and its
pixel position over the board. No checksum: Metasweeper's is its own secret, so the file
ends with 255, as ms-toollib ends a file it converted.

Our record holds moves, not the mouse, so the mouse events are written from the moves, as
the clones' own state machine (:mod:`play.videos.replay_mouse`) turns them back into moves: a
reveal is a left press and release on its cell, a flag a right press and release, a chord
both buttons pressed, then released. Where the record kept the pointer's path (a game
played with a mouse on the page) the path's moves are written too, each press at the time
the button went down and every click where the pointer was; else (the terminal, touch, the
keyboard) each click is at its cell's centre.

The board's first-click rule goes into the header's game mode (two bytes after the cell's
pixels), as ms-toollib reads it and names its boards' rules (its ``laymine`` deals the
standard rule, "the first click is not a mine", its ``laymine_op`` the win7 rule, "the first
click opens an area"): :data:`EVF_MODES`. The format's own list has no mode of its own for
a first click that may lose; its version 4 lists 65,535 as "no rule", which is written for
``none`` (ms-toollib reads it back as it is, and calls the game neither official nor fair:
only the standard mode is).

What the format cannot say: question marks switched on or off mid-game (the file says how
the game began), a board of more than 255 rows or columns, or 65,535 mines, and a losing
click taken back (Undo): a video is the mouse as it went, and ms-toollib, playing it, ends
the game at the mine, so a file either stops there (not the game played on) or leaves the
click out (a game with no loss in it, which is not what happened). A game undone is refused
in words (:class:`EvfError`); its record and its replay here show it whole (measured:
a file with the click in it reads in ms-toollib as a game lost, ``tests/test_replay_undo.py``).
ms-toollib knows no question marks: a game that used them reads there as if right clicks
only flagged and unflagged.

>>> from engine import BEGINNER, Move, Record
>>> record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 1500)
>>> data = evf_of_record(record, player="Ada")
>>> data[:1], data[3:5], data.endswith(b"\\xff")
(b'\\x03', b'\\t\\t', True)
>>> [(e.kind, e.ms, e.x, e.y) for e in mouse_of_record(record)]
[('lc', 0, 72, 72), ('lr', 0, 72, 72), ('rc', 1500, 8, 8), ('rr', 1500, 8, 8)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import Action, FirstClick, Layout, Move, Record, Status, three_bv
from engine.record import LEFT, PATH_CELL_PX, RIGHT, PointerSample
from play.videos.replay_mouse import MouseEvent

SOFTWARE = "Minesweeper in Python"
"""Who wrote the file, as its header says (the field's players read it)."""

LARGEST_SIDE = 255
"""Rows and columns an EVF file holds at most (one byte each)."""
LONGEST_MS = (1 << 24) - 1
"""The latest time an EVF file (version 3) holds: three bytes of milliseconds, 4.6 hours."""

_CODES = {"mv": 1, "lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7, "pf": 8, "cc": 9}
_CODES.update({"l": 10, "r": 11, "m": 12})
"""Each mouse event's byte in an EVF file."""
EXTENSION = ".evf"

EVF_MODES = {FirstClick.SAFE: 0, FirstClick.OPENING: 4, FirstClick.NONE: 0xFFFF}
"""The header's game mode for each first-click rule: 0 "standard" (Arbiter's rule, and
Metasweeper's standard), 4 "win7" (the first click opens an area) and 65,535 "no rule"."""


def evf_mode(rule: FirstClick | None) -> int:
    """The game mode an EVF file gives a board of first-click rule ``rule`` (None: a board
    whose file did not say, written as standard, as before the rule was kept).

    >>> [evf_mode(rule) for rule in (*FirstClick, None)]
    [4, 0, 65535, 0]
    """
    return 0 if rule is None else EVF_MODES[rule]


class EvfError(ValueError):
    """A game an EVF file cannot hold; the message says why, as a sentence."""


def evf_of_record(record: Record, player: str = "", software: str = SOFTWARE) -> bytes:
    """Our game ``record`` as an EVF file, played by ``player``; :class:`EvfError` if the
    game has no board yet (no cell opened), a board the format cannot hold, or a losing
    click taken back (see the module's docstring)."""
    if record.undone:
        raise EvfError(
            "This game's losing click was taken back (Undo), which an EVF video cannot show: "
            "it would end the game at the mine. Its replay here shows it, and its record "
            "keeps it."
        )
    game = record.replay()
    if game.layout is None:
        raise EvfError("This game has no board yet: open a cell first, then save it.")
    ended = record.moves[-1].ms if record.moves else 0
    return write_evf(
        game.layout,
        record.question_marks,
        mouse_of_record(record),
        PATH_CELL_PX,
        time_ms=ended,
        won=game.status is Status.WON,
        player=player,
        software=software,
        mode=evf_mode(record.first_click),
    )


def write_evf(
    layout: Layout,
    question_marks: bool,
    events: Iterable[MouseEvent],
    cell_px: int,
    *,
    time_ms: int,
    won: bool,
    player: str = "",
    software: str = SOFTWARE,
    mode: int = 0,
) -> bytes:
    """The EVF file (version 3) of a game on ``layout`` played by ``events`` (their times
    in milliseconds from the file's start, their pixels over cells of ``cell_px``), in game
    mode ``mode`` (:func:`evf_mode`).
    Events earlier than the one before are dropped (Arbiter ends its files with one at
    -1 s); a position off the board is written as the format wants it: just past both edges."""
    level = layout.level
    rows, cols = level.rows, level.cols
    if max(rows, cols) > LARGEST_SIDE or level.mines > 0xFFFF:
        raise EvfError(
            f"An EVF file holds boards of up to {LARGEST_SIDE}x{LARGEST_SIDE} and 65,535 "
            f"mines: this one is {cols}x{rows} with {level.mines:,}."
        )
    if not 5 <= cell_px <= 255 or max(rows, cols) * cell_px > 0x7FFF:
        raise EvfError(f"An EVF file's cells are 5 to 255 pixels wide, not {cell_px}.")
    head = bytearray([3, 0x80 | 0x20 if won else 0, 0x80 if question_marks else 0])
    bbbv = min(three_bv(layout), 0xFFFF)
    head += bytes([rows, cols]) + level.mines.to_bytes(2, "big") + bytes([cell_px])
    head += mode.to_bytes(2, "big") + bbbv.to_bytes(2, "big")
    head += min(max(time_ms, 0), LONGEST_MS).to_bytes(3, "big")
    for text in (software, player, "", "", "0", "0", "", ""):
        head += text.replace("\0", "").encode("utf-8") + b"\0"
    head += _mine_bits(layout)
    width, height = cols * cell_px, rows * cell_px
    last = 0
    for event in events:
        if event.ms < last or event.ms > LONGEST_MS or event.kind not in _CODES:
            continue
        last = event.ms
        x, y = event.x, event.y
        if not (0 <= x < width and 0 <= y < height):
            x, y = width, height  # ms-toollib reads a pixel off the board by either as a cell
        head.append(_CODES[event.kind])
        head += event.ms.to_bytes(3, "big") + x.to_bytes(2, "big") + y.to_bytes(2, "big")
    head.append(255)  # no checksum follows
    return bytes(head)


def _mine_bits(layout: Layout) -> bytes:
    """The mines, a bit a cell in reading order, the first cell the highest bit."""
    cells = layout.level.cells
    bits = sum(1 << (cells - 1 - mine) for mine in layout.mines)
    size = (cells + 7) // 8
    return (bits << (size * 8 - cells)).to_bytes(size, "big")


# --- a record's moves as mouse events ------------------------------------------------------


def mouse_of_record(record: Record) -> list[MouseEvent]:
    """The mouse events that play ``record``'s moves (see the module's docstring), in
    order of time, with the pointer's recorded moves between them."""
    path = record.path
    events: list[MouseEvent] = []
    taken = 0
    """The path's samples written so far."""
    since = 0
    """The time of the move before: a press of this move comes after it."""

    def moves_until(ms: int) -> None:
        nonlocal taken
        while taken < len(path) and path[taken].ms <= ms:
            sample = path[taken]
            events.append(MouseEvent("mv", sample.ms, sample.x, sample.y))
            taken += 1

    for timed in record.moves:
        move, ms = timed.move, timed.ms
        if not isinstance(move, Move):
            continue  # question marks switched: the file cannot say it
        x, y = _where(path, move, ms)
        if move.kind is Action.MARK:
            moves_until(ms)
            events += [MouseEvent("rc", ms, x, y), MouseEvent("rr", ms, x, y)]
        else:
            buttons = LEFT if move.kind is Action.REVEAL else LEFT | RIGHT
            pressed = _pressed_at(path, buttons, since, ms)
            moves_until(pressed)
            events.append(MouseEvent("lc", pressed, x, y))
            if move.kind is Action.CHORD:
                events.append(MouseEvent("rc", pressed, x, y))
            moves_until(ms)
            if move.kind is Action.CHORD:
                events.append(MouseEvent("rr", ms, x, y))
            events.append(MouseEvent("lr", ms, x, y))
        since = ms
    return events


def _where(path: Sequence[PointerSample], move: Move, ms: int) -> tuple[int, int]:
    """Where the click of ``move`` was: the pointer's last sample by then, if it was over
    the move's cell, else the cell's centre."""
    size = PATH_CELL_PX
    index = _last_index(path, ms)
    if index >= 0:
        last = path[index]
        if (last.y // size, last.x // size) == (move.row, move.col):
            return last.x, last.y
    return move.col * size + size // 2, move.row * size + size // 2


def _last_index(path: Sequence[PointerSample], ms: int) -> int:
    """The index of the path's last sample at or before ``ms``, -1 if none (a binary
    search: a path is long)."""
    low, high = 0, len(path)
    while low < high:
        middle = (low + high) // 2
        if path[middle].ms <= ms:
            low = middle + 1
        else:
            high = middle
    return low - 1


def _pressed_at(path: Sequence[PointerSample], buttons: int, since: int, ms: int) -> int:
    """When ``buttons`` went down for a click released at ``ms``: the path's last sample
    from ``since`` to ``ms`` at which they were held and, just before, were not; ``ms``
    itself when the path does not say (no path, or a move made with the keyboard)."""
    index = _last_index(path, ms)
    while index >= 0 and path[index].ms >= since:
        held = path[index].buttons & buttons == buttons
        if held and (index == 0 or path[index - 1].buttons & buttons != buttons):
            return path[index].ms
        index -= 1
    return ms
