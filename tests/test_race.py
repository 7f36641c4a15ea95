"""Ghost races (:mod:`play.game.race`): links round trip, hostile links are refused in our words
only, and a ghost made from a kept record solves its 3BV when an independent count says so
(a brute count of the openings and lone numbers open after each move)."""

from __future__ import annotations

import base64
import random
import zlib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Level, Move, Record, apply, new_game
from engine.tiles import is_covered
from play.game.link_bytes import sealed
from play.game.race import MOST_STEPS, VERSION, BadRaceLink, Ghost, thinned
from play.game.settings import player_name

SEEDS = st.integers(0, 2**64 - 1)


@st.composite
def ghosts(draw: st.DrawFn) -> Ghost:
    rows, cols = draw(st.integers(1, 60)), draw(st.integers(1, 60))
    if rows * cols < 2:
        cols = 2
    mines = draw(st.integers(1, rows * cols - 1))
    bbbv = draw(st.integers(1, rows * cols - mines))
    count = draw(st.integers(1, min(bbbv, 40)))
    solved = sorted(set(draw(st.lists(st.integers(1, bbbv), max_size=count))) | {bbbv})
    times = sorted(
        draw(st.sets(st.integers(0, 10**12 - 1), min_size=len(solved), max_size=len(solved)))
    )
    name = player_name(draw(st.text(max_size=50)))
    cells = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
    first = draw(st.none() | cells)
    dealt_at = draw(st.none() | cells.filter(lambda cell: cell != first)) if first else None
    return Ghost(
        Level(rows, cols, mines),
        draw(SEEDS),
        bbbv,
        tuple(zip(times, solved, strict=True)),
        name,
        draw(st.sampled_from(("opening", "safe", "none"))),
        draw(st.booleans()),
        first,
        dealt_at,
        draw(st.booleans()),
        draw(st.booleans()),
    )


@given(ghosts())
@settings(max_examples=300)
def test_a_ghost_comes_back_from_its_link(ghost: Ghost) -> None:
    text = ghost.link_text()
    assert text.isascii() and not text.strip(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )
    assert Ghost.from_link(text) == ghost


def link_bytes(text: str) -> bytes:
    """The bytes a link's text holds (URL-safe base64 without its padding)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def written_by(version: int, ghost: Ghost) -> bytes:
    """The bytes of the link a game of link ``version`` writes for ``ghost``."""
    if version == 1:
        return link_bytes(version_1_link(ghost, centre_opened=ghost.first is not None))
    today = link_bytes(ghost.link_text())  # versions 2 and 3 differ in their flags only
    return link_bytes(sealed(version, today[1:-4]))


def refused_in_our_words(value: object) -> None:
    """``value`` is refused in a short sentence of ours, or it is a link that the game
    writes: byte for byte, the link its version writes for the ghost it gives. Anything
    else accepted (a changed link read as another ghost, bytes past the end, a number
    written long) fails here."""
    try:
        ghost = Ghost.from_link(value)
    except BadRaceLink as error:
        assert str(error).endswith(".") and len(str(error)) < 80
        return
    try:
        data = link_bytes(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        pytest.fail(f"{value!r}, no link's text at all, was read as {ghost}")
    assert data and written_by(data[0], ghost) == data, f"{value!r} read as {ghost}: not its link"


@given(st.text(max_size=300))
@settings(max_examples=400)
def test_any_text_is_a_ghost_or_refused_in_words(text: str) -> None:
    refused_in_our_words(text)


@given(st.binary(max_size=300), st.booleans(), st.sampled_from((1, VERSION)))
@settings(max_examples=400)
def test_any_bytes_even_with_a_good_check_are_a_ghost_or_refused(
    data: bytes, check: bool, version: int
) -> None:
    """With a version we read and the right CRC, random bytes reach every check after them."""
    body = bytes([version]) + data
    if check:
        body += zlib.crc32(body).to_bytes(4, "big")
    refused_in_our_words(base64.urlsafe_b64encode(body).decode().rstrip("="))


@given(ghosts(), st.data())
@settings(max_examples=200)
def test_a_cut_or_changed_link_is_refused(ghost: Ghost, data: st.DataObject) -> None:
    text = ghost.link_text()
    cut = data.draw(st.integers(0, len(text) - 1))
    with pytest.raises(BadRaceLink):
        Ghost.from_link(text[:cut])
    at = data.draw(st.integers(0, len(text) - 1))
    letter = data.draw(st.sampled_from("AQgw-_9"))
    changed = text[:at] + letter + text[at + 1 :]
    if changed != text:
        refused_in_our_words(changed)


@given(st.lists(st.integers(0, 2**80), min_size=1, max_size=30), st.sampled_from((1, VERSION)))
def test_huge_numbers_with_a_good_check_are_refused(numbers: list[int], version: int) -> None:
    out = bytearray([version])
    for number in numbers:
        while number >= 0x80:
            out.append(number & 0x7F | 0x80)
            number >>= 7
        out.append(number)
    out += zlib.crc32(out).to_bytes(4, "big")
    refused_in_our_words(base64.urlsafe_b64encode(bytes(out)).decode().rstrip("="))


@given(ghosts(), st.binary(min_size=1, max_size=8))
def test_a_link_with_bytes_after_its_end_is_refused_even_with_a_good_check(
    ghost: Ghost, extra: bytes
) -> None:
    data = link_bytes(ghost.link_text())
    with pytest.raises(BadRaceLink):
        Ghost.from_link(sealed(data[0], data[1:-4] + extra))


@given(ghosts())
def test_a_link_with_a_number_written_long_is_refused_even_with_a_good_check(
    ghost: Ghost,
) -> None:
    """The rows written with a needless last byte (7 more zero bits): the same number, in
    bytes no game of ours writes."""
    data = link_bytes(ghost.link_text())
    rows = varint(ghost.level.rows)
    assert data[1 : 1 + len(rows)] == rows
    long_rows = rows[:-1] + bytes([rows[-1] | 0x80, 0])
    with pytest.raises(BadRaceLink):
        Ghost.from_link(sealed(data[0], long_rows + data[1 + len(rows) : -4]))


def version_1_link(ghost: Ghost, centre_opened: bool) -> str:
    """A link as the game wrote them before first cells (version 1), written here byte for
    byte from its documented format: flags = no-guess | centre opened << 1 | rule << 2."""
    rule = ("opening", "safe", "none").index(ghost.rule)
    name = ghost.name.encode()
    level = ghost.level
    flags = int(ghost.no_guess) | int(centre_opened) << 1 | rule << 2
    numbers = [level.rows, level.cols, level.mines, ghost.seed, flags, ghost.bbbv, len(name)]
    out = bytearray([1])
    for number in numbers:
        out += varint(number)
    out += name + varint(len(ghost.steps))
    ms = solved = 0
    for step_ms, step_solved in ghost.steps:
        out += varint(step_ms - ms) + varint(step_solved - solved)
        ms, solved = step_ms, step_solved
    out += zlib.crc32(out).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(out)).decode().rstrip("=")


def varint(number: int) -> bytes:
    out = bytearray()
    while number >= 0x80:
        out.append(number & 0x7F | 0x80)
        number >>= 7
    return bytes([*out, number])


@given(ghosts(), st.booleans())
@settings(max_examples=200)
def test_a_link_made_before_first_cells_still_reads(ghost: Ghost, centre_opened: bool) -> None:
    """A version 1 link has no first cell: a daily board's ghost (centre opened) gets its
    centre, any other none (dealt at the racer's first reveal, as then)."""
    old = replace(ghost, first=None, dealt_at=None, assisted=False, undone=False)
    read = Ghost.from_link(version_1_link(old, centre_opened))
    centre = (ghost.level.rows // 2, ghost.level.cols // 2)
    assert read == replace(old, first=centre if centre_opened else None)
    assert Ghost.from_link(read.link_text()) == read  # written again as the version of today


def test_not_text_is_refused() -> None:
    for value in (None, 7, b"abc", ["x"], "", "x" * 20_000, "a b"):
        with pytest.raises(BadRaceLink):
            Ghost.from_link(value)


# --- a ghost from a record, against an independent count ----------------------------------


def played(rng: random.Random, level: Level) -> Record:
    """A won game played by a player who knows the board: reveals of safe cells, flags on
    mines (some on safe cells, then taken off), chords of numbers flagged right, some
    moves at the same time as the one before."""
    game = new_game(level, seed=rng.randrange(2**64), question_marks=False)
    record = Record.of(game)
    ms = 0

    def play(move: Move) -> None:
        nonlocal game, record, ms
        if record.moves:  # the clock starts at the first reveal
            ms += rng.choice([0, 0, 40, 180, 700, 2500])
        after = apply(game, move).game
        if after is not game:
            game, record = after, record.add(move, ms)

    first = rng.randrange(level.cells)
    play(Move.reveal(*divmod(first, level.cols)))
    assert game.layout is not None
    layout = game.layout
    while not game.status.is_over:
        choice = rng.random()
        covered = [c for c in range(level.cells) if is_covered(game.tiles[c])]
        cell = rng.choice(covered)
        where = divmod(cell, level.cols)
        if choice < 0.15:
            play(Move.mark(*where))
            if cell not in layout.mines:
                play(Move.mark(*where))  # a wrong flag, taken off
        elif choice < 0.3:
            numbers = [c for c in range(level.cells) if 0 < game.tiles[c] <= 8]
            if numbers:
                number = rng.choice(numbers)
                around = level.grid.neighbours(number)
                for n in around:
                    if n in layout.mines and is_covered(game.tiles[n]) and game.tiles[n] != 10:
                        play(Move.mark(*divmod(n, level.cols)))
                play(Move.chord(*divmod(number, level.cols)))
        elif cell not in layout.mines and game.tiles[cell] != 10:
            play(Move.reveal(*where))
    assert game.status.value == "won"
    return record


def brute_solved(record: Record) -> list[tuple[int, int]]:
    """(ms, 3BV solved) after each move, counted the long way: the openings found by a
    search of zeros from each zero (8 neighbours), each solved once all its zeros are open,
    and the numbers touching no zero, each solved once open."""
    game = record.new_game()
    counted = []
    regions: list[set[int]] = []
    lone: list[int] = []
    for timed in record.moves:
        assert isinstance(timed.move, Move)
        game = apply(game, timed.move).game
        layout = game.layout
        assert layout is not None
        if not regions and not lone:  # the board is dealt at the first reveal
            grid, counts = layout.level.grid, layout.counts
            safe = [c for c in range(layout.level.cells) if c not in layout.mines]
            zeros = {c for c in safe if counts[c] == 0}
            seen: set[int] = set()
            for zero in sorted(zeros):
                if zero in seen:
                    continue
                region, todo = {zero}, [zero]
                while todo:
                    for n in grid.neighbours(todo.pop()):
                        if n in zeros and n not in region:
                            region.add(n)
                            todo.append(n)
                seen |= region
                regions.append(region)
            lone = [c for c in safe if not any(n in zeros for n in [c, *grid.neighbours(c)])]
        solved = sum(all(not is_covered(game.tiles[c]) for c in region) for region in regions)
        solved += sum(not is_covered(game.tiles[c]) for c in lone)
        counted.append((timed.ms, solved))
    return counted


@pytest.mark.parametrize("level", [Level(9, 9, 10), Level(16, 16, 40), Level(16, 30, 99)])
def test_a_ghost_of_a_record_solves_its_3bv_as_a_brute_count_does(level: Level) -> None:
    rng = random.Random(str(level))
    for _ in range(6):
        record = played(rng, level)
        ghost = Ghost.of_record(record, "  Ada  ")
        assert ghost.name == "Ada" and ghost.seed == record.seed and ghost.level == level
        counted = brute_solved(record)
        assert ghost.bbbv == counted[-1][1]
        last_at_each_time = dict(counted)  # the last count at each time
        for at, solved in last_at_each_time.items():
            assert ghost.solved_at(at) == solved, (record.to_text(), at)
        assert ghost.finish_ms == record.moves[-1].ms
        assert Ghost.from_link(ghost.link_text()) == ghost


def test_a_lost_or_unfinished_game_makes_no_ghost() -> None:
    game = new_game(Level(9, 9, 10), seed=3)
    record = Record.of(game)
    with pytest.raises(ValueError, match="only a won game"):
        Ghost.of_record(record)
    game = apply(game, Move.reveal(0, 0)).game
    assert game.layout is not None
    mine = min(game.layout.mines)
    record = record.add(Move.reveal(0, 0), 0).add(Move.reveal(*divmod(mine, 9)), 500)
    with pytest.raises(ValueError, match="only a won game"):
        Ghost.of_record(record)


def test_a_long_timeline_is_thinned_keeping_its_end_and_never_ahead() -> None:
    steps = tuple((n * 10, n + 1) for n in range(7000))
    thin = thinned(steps)
    assert len(thin) == MOST_STEPS and thin[-1] == steps[-1] and set(thin) <= set(steps)
    short = Ghost(Level(100, 100, 10), 1, 7000, thin)
    for ms in range(0, 70_500, 37):
        assert short.solved_at(ms) <= min(ms // 10 + 1, 7000)  # the whole timeline's
    assert short.solved_at(steps[-1][0]) == 7000


def test_the_verdict_names_the_sender_or_the_ghost() -> None:
    ada = Ghost(Level(9, 9, 10), 1, 3, ((0, 1), (4000, 3)), "Ada")
    assert ada.verdict(True, 1690) == "You beat Ada by 2.31 s"
    assert ada.verdict(True, 5000) == "Ada beat you by 1.00 s"
    assert ada.verdict(False, 900) == "Ada wins: Ada finished in 4.00 s, you lost after 0.90 s"
    assert (
        Ghost(Level(9, 9, 10), 1, 3, ((0, 3),)).verdict(True, 10) == "The ghost beat you by 0.01 s"
    )


def test_race_your_own_best_from_what_is_kept() -> None:
    from play.keeping.blobs import Blobs
    from play.keeping.ghosts import own_best
    from play.keeping.keeper import Keeper
    from play.keeping.storage import MemoryStorage
    from play.session import Session
    from tests.helpers import FakeClock

    keeper = Keeper(Blobs(MemoryStorage()))
    clock = FakeClock()
    session = Session(seed=11, clock=clock, keeper=keeper)
    level = session.game.level
    assert own_best(keeper.ledger(), keeper.records(), level, 11) is None
    times = []
    for pace in (0.7, 0.3):  # the same board twice, the second faster
        session.new_game(11)
        session.play(Move.reveal(4, 4))
        layout = session.game.layout
        assert layout is not None
        for cell in range(level.cells):
            if cell not in layout.mines and not session.game.status.is_over:
                clock.now += pace
                session.play(Move.reveal(*divmod(cell, level.cols)))
        assert session.result is not None and session.result.won
        times.append(round(session.result.seconds * 1000))
    ghost = own_best(keeper.ledger(), keeper.records(), level, 11)
    assert ghost is not None and ghost.finish_ms == min(times) and ghost.who == "your best"
    assert ghost.seed == 11 and ghost.level == level
    assert own_best(keeper.ledger(), keeper.records(), level, 12) is None


def test_only_the_fastest_kept_game_is_named_your_best_even_when_two_played_alike() -> None:
    """Two kept wins of one board played click for click alike (one clicked at 0 ms, the
    ledger's times told apart): only the faster game by the ledger is "your best"."""
    from play.keeping.ghosts import EARLIER, YOUR_BEST, kept_ghost
    from play.ledger.entries import Entry, Ledger

    small = Level(4, 4, 1)
    text = Record(small, 0).add(Move.reveal(0, 0), 0).to_text()
    ledger = Ledger(
        tuple(
            Entry(game, f"2026-11-2{day}T10:00:00Z", str(small), "known", True, ms, 1, 1, 1, 0)
            for game, day, ms in (("slow", 1, 2000), ("fast", 2, 1000))
        )
    )
    records = {"slow": text, "fast": text}
    names = {game: kept_ghost(ledger, records, game) for game in records}
    assert {game: ghost.who for game, ghost in names.items() if ghost} == {
        "fast": YOUR_BEST,
        "slow": EARLIER,
    }
