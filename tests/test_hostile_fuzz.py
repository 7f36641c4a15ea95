"""The fuzz suite: hostile stored data, import files, store.json and commands.

Property, for every storage key, the import file, the terminal's store file and its
command line: no exception escapes, the game starts and plays a move, what the game
wrote is read back whole, and anything unreadable is kept aside, never lost (see
:mod:`tests.hostile` for the strategies and their labels).

``make test`` runs a bounded number of examples (the ``hostile`` profile); ``make fuzz``
selects the ``hostile-long`` profile (``HOSTILE_PROFILE``), with ``HOSTILE_EXAMPLES``
examples per test, for a long run.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Move, Record, Status
from engine import tiles as t
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.parts import is_record, read_recent, read_records, read_settings
from play.keeping.storage import MemoryStorage
from play.ledger.entries import Ledger
from play.ledger.safe_json import MAX_DEPTH, BadData, check_nesting, loads
from play.ledger.statistics import board_summaries, board_title, daily_summary
from play.session import Session
from play.start.address import Launch
from play.start.startup import start_with
from play.videos.replay import Replay
from terminal.app import App
from terminal.commands import CommandError, Export, Import, parse_command
from terminal.console import Console
from terminal.file_storage import FileStorage
from terminal.options import Options
from terminal.stats_table import best_times, recent_lines, stats_table
from tests import hostile
from tests.helpers import FakeClock, typing
from tests.hostile import ANY, BROKEN, KEYS, VALID, Stored
from web.controls.zoom import MAX_ZOOM, MIN_ZOOM, read_zooms
from web.dialogs.stats.view import stats_html

settings.register_profile(
    "hostile",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "hostile-long",
    parent=settings.get_profile("hostile"),
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "8000")),
)
PROFILE = settings.get_profile(os.environ.get("HOSTILE_PROFILE", "hostile"))
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
PREFIX = "minesweeper/"


def clock_and_ids() -> tuple[Any, Any]:
    moments = (NOW + timedelta(seconds=n) for n in itertools.count())
    ids = (f"{n:012x}" for n in itertools.count())
    return (lambda: next(moments)), (lambda: next(ids))


def keeper_on(store: MemoryStorage) -> Keeper:
    now, new_id = clock_and_ids()
    return Keeper(Blobs(store), now=now, new_id=new_id)


def backups(store: MemoryStorage, name: str) -> dict[str, str]:
    key = f"{PREFIX}{name}.backup"
    return {k: v for k, v in store.items.items() if k.startswith(key)}


def encodable(text: str) -> str:
    text.encode("utf-8")  # strict, as a file or a terminal: no lone surrogate
    return text


def play_a_move(session: Session) -> None:
    """Reveal a covered cell: the move is played and recorded, whatever was stored."""
    if session.game.status.is_over:
        session.new_game()
    cell = next(c for c, tile in enumerate(session.game.tiles) if tile == t.COVERED)
    moves = len(session.record.moves)
    session.play(Move.reveal(*session.game.grid.row_col(cell)))
    assert len(session.record.moves) == moves + 1
    assert session.game.status is not Status.READY


def finish(session: Session) -> None:
    """Step on a mine (one not flagged): the game is lost, counted and its record kept."""
    game, layout = session.game, session.game.layout
    if game.status is not Status.PLAYING or layout is None:
        return
    mine = next((m for m in sorted(layout.mines) if game.tiles[m] == t.COVERED), None)
    if mine is not None:
        session.play(Move.reveal(*game.grid.row_col(mine)))
        assert session.game.status is Status.LOST and session.result is not None


def use_everything(keeper: Keeper) -> None:
    """Every way the front ends use what is kept: statistics, replays, export, import."""
    ledger = keeper.ledger()
    summaries = board_summaries(ledger)
    encodable(stats_html(summaries, 0, daily_summary(ledger), set(keeper.records())))
    if summaries:
        encodable(stats_table(summaries))
        for summary in summaries:
            encodable(best_times(summary) + "".join(recent_lines(summary)) + summary.title)
    for entry in ledger.entries:
        encodable(board_title(entry.board) + entry.id + entry.at + f"{entry.seconds:.2f}")
    for text in keeper.records().values():
        record = Record.parse(text)  # what is kept as a record is one
        if len(record.moves) <= 20:
            Replay(record)
    exported = keeper.export_text()
    said = keeper_on(MemoryStorage()).import_text(exported)
    assert "left out" not in said, said  # everything we hold exports and imports whole


def fill(store: MemoryStorage, texts: dict[str, Stored], aside: dict[str, list[str]]) -> None:
    for name, item in texts.items():
        store.items[PREFIX + name] = item.text
    for name, olds in aside.items():
        for n, old in enumerate(olds, start=1):
            store.items[f"{PREFIX}{name}.backup{'' if n == 1 else n}"] = old


def check_valid_was_read(keeper: Keeper, session: Session, name: str, data: Any) -> None:
    """What the game wrote, it reads back whole."""
    if name == "settings":
        assert read_settings(data).lost == 0
        # All but the level, which a resumed game's own level takes the place of.
        playing = session.settings.to_data()
        assert {**playing, "level": None} == {**data, "level": None}
    elif name == "game":
        snapshot = Snapshot.from_data(data)
        record = snapshot.record
        if not record.moves and snapshot.daily is None:
            # A board nobody played is its level and seed, dealt with the settings in force.
            assert (session.record.level, session.record.seed) == (record.level, record.seed)
        elif not record.replay().status.is_over:
            assert session.record == record
    elif name == "ledger":
        assert keeper.ledger() == Ledger.from_data(data)
    elif name == "records":
        assert read_records(data).lost == 0 and keeper.records() == data
    else:
        assert read_recent(data).lost == 0
        for game_id, snapshot in data.items():
            assert keeper.recent(game_id) == Snapshot.from_data(snapshot)


# --- the session layer: every storage key ----------------------------------------------------


@pytest.mark.parametrize("focus", KEYS)
@PROFILE
@given(
    texts=hostile.stores(),
    data=st.data(),
    aside=st.dictionaries(st.sampled_from(KEYS), st.lists(st.text(max_size=5), max_size=5)),
    quota=st.none() | st.integers(0, 5000),
)
def test_any_stored_data_starts_a_game_that_plays_and_loses_nothing(
    focus: str,
    texts: dict[str, Stored],
    data: st.DataObject,
    aside: dict[str, list[str]],
    quota: int | None,
) -> None:
    """``focus`` always holds something (the others may), in a store that may be full and
    whose backup keys may be taken."""
    texts[focus] = data.draw(hostile.stored(focus), label=focus)
    store = MemoryStorage()
    fill(store, texts, aside)
    before = dict(store.items)
    store.quota = quota
    keeper = keeper_on(store)
    session = start_with(Launch(), keeper, clock=FakeClock(), today=lambda: NOW.date()).session
    for name, item in texts.items():
        key = PREFIX + name
        kept = store.read(key) == item.text or item.text in backups(store, name).values()
        if item.label == BROKEN:
            assert kept, f"{name}: the broken text was lost"
            assert any(note.startswith(f"Saved {name}") for note in keeper.notes)
        elif item.label == VALID:
            assert backups(store, name) == {
                k: v for k, v in before.items() if ".backup" in k and k.startswith(key + ".")
            }
            check_valid_was_read(keeper, session, name, item.data)
        elif not kept:  # ANY: read, or else kept aside
            assert not any(note.startswith(f"Saved {name}") for note in keeper.notes)
    for key, text in before.items():
        if ".backup" in key:
            assert store.items.get(key) == text  # a backup is never overwritten
    play_a_move(session)
    finish(session)
    use_everything(keeper)
    # The next load is clean: what was dealt with was dealt with once. Only a text still as
    # it was (left for want of room, which may have been made since) may be dealt with now.
    left = {name for name, item in texts.items() if store.read(PREFIX + name) == item.text}
    again = keeper_on(store)
    again.check()
    for note in again.notes:
        assert any(note.startswith(f"Saved {name}") for name in left), again.notes
    play_a_move(start_with(Launch(), again, clock=FakeClock()).session)


@PROFILE
@given(
    text=st.one_of(
        hostile.whole_text_broken(),
        hostile.any_value.map(hostile.render),
        st.builds(
            lambda ledger, records, extra: hostile.render(
                {"format": "minesweeper-export", "ledger": ledger, "records": records, **extra}
            ),
            st.one_of(hostile.ledger_data(), hostile.broken_ledger().map(lambda p: p[0])),
            st.one_of(hostile.records_data, hostile.BROKEN_DATA["records"], hostile.any_value),
            st.dictionaries(hostile.json_key, hostile.any_value, max_size=3),
        ),
    ),
    stored=hostile.stores(),
)
def test_any_import_file_is_merged_or_refused_in_words(
    text: str, stored: dict[str, Stored]
) -> None:
    store = MemoryStorage()
    fill(store, stored, {})
    keeper = keeper_on(store)
    try:
        said = keeper.import_text(text)
    except ValueError as error:
        said = str(error)
        assert said.startswith("That "), said
    assert len(said) < 200 and encodable(said)
    again = keeper_on(store)
    again.check()
    use_everything(again)
    session = start_with(Launch(), again, clock=FakeClock()).session
    play_a_move(session)
    finish(session)


# --- the reader itself -----------------------------------------------------------------------


@PROFILE
@given(
    text=st.one_of(
        st.text(),
        hostile.too_deep(),
        hostile.whole_text_broken(),
        hostile.any_value.map(hostile.render),
        st.text(alphabet='[]{}"\\,:0 ', max_size=300),
    )
)
def test_loads_returns_or_refuses_in_its_own_words(text: str) -> None:
    try:
        loads(text)
    except BadData as error:
        assert len(str(error)) < 100


@PROFILE
@given(
    text=st.one_of(
        hostile.too_deep(),
        hostile.whole_text_broken(),
        hostile.any_value.map(hostile.envelope),
        st.dictionaries(st.text(max_size=9), hostile.any_value).map(
            lambda zooms: hostile.envelope(zooms)
        ),
    )
)
def test_any_kept_zoom_is_read_or_dropped(text: str) -> None:
    """``minesweeper/zoom`` is the page's own key (web/controls/zoom.py): a display preference, so
    what cannot be read is dropped, but reading it must never stop the page."""
    zooms = read_zooms(text)
    assert all(MIN_ZOOM <= zoom <= MAX_ZOOM for zoom in zooms.values())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=30,
)


def depth_of(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth_of, value.values()), default=0)
    return 0


@PROFILE
@given(value=json_values, wrap=st.integers(0, 70), indent=st.none() | st.integers(0, 2))
def test_the_nesting_measured_is_the_nesting_json_has(value: Any, wrap: int, indent: int) -> None:
    for _ in range(wrap):
        value = [value]
    text = json.dumps(value, indent=indent)
    depth = depth_of(value)
    if depth <= MAX_DEPTH:
        assert check_nesting(text) == depth and loads(text) == value
    else:
        try:
            loads(text)
        except BadData:
            pass
        else:
            raise AssertionError("too deep, and read")


@PROFILE
@given(
    record=hostile.records(), edits=st.lists(st.tuples(st.integers(0, 200), st.text(max_size=3)))
)
def test_a_record_is_kept_only_when_it_replays(
    record: Record, edits: list[tuple[int, str]]
) -> None:
    text = record.to_text()
    assert is_record(text)
    for at, piece in edits:
        text = text[:at] + piece + text[at + len(piece) :]
    if is_record(text):
        Record.parse(text).replay()


# --- the terminal: store.json and the command line ---------------------------------------------


class StrictOutput(io.TextIOWrapper):
    """A UTF-8 terminal: a lone surrogate cannot be written to it."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)


@contextlib.contextmanager
def sandbox() -> Iterator[Path]:
    """A folder to work in, HOME too: exported files land there and nowhere else."""
    old_cwd, old_home = os.getcwd(), os.environ.get("HOME")
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        os.environ["HOME"] = folder
        try:
            yield Path(folder)
        finally:
            os.chdir(old_cwd)
            if old_home is None:
                del os.environ["HOME"]
            else:
                os.environ["HOME"] = old_home


def stays_inside(line: str) -> bool:
    """False for an export or import naming a file outside the sandbox's folder."""
    try:
        command = parse_command(line)
    except CommandError:
        return True
    if isinstance(command, Export | Import):
        path = command.path
        return "/" not in path and not path.startswith("~") and path not in (".", "..")
    return True


file_names = st.one_of(
    st.sampled_from(["out.json", "in.json", "a\0b.json", "a\ud800.json", "x" * 300, "'q.json'"]),
    st.text(max_size=12).filter(lambda name: "/" not in name and not name.startswith("~")),
)
cells = st.integers(-2, 35) | st.sampled_from([10**6, 10**7, -(10**30)])
command_lines = st.one_of(
    st.builds(lambda v, r, c: f"{v} {r} {c}", st.sampled_from("ofcOFC"), cells, cells),
    st.sampled_from(["stats", "replay", "daily", "n", "h", "", "y", "reset", "reset expert"]),
    st.builds(lambda n: f"replay {n}", st.integers(-1, 200) | st.just(10**40)),
    st.builds(lambda r: f"replay {r.to_text()}", hostile.records()),
    st.builds(lambda r: f"replay {r}", hostile.BAD_RECORD.map(hostile.as_text)),
    st.builds(
        lambda verb, name: f"{verb} {name}", st.sampled_from(["export", "import"]), file_names
    ),
    st.text(alphabet=st.characters(exclude_categories=()), max_size=30),
).filter(stays_inside)


@st.composite
def store_files(draw: st.DrawFn) -> tuple[bytes, dict[str, Stored]]:
    """A store.json: hostile as a whole, or an object of hostile parts."""
    kind = draw(st.sampled_from(["parts", "parts", "whole", "bytes"]))
    if kind == "whole":
        return draw(hostile.whole_text_broken()).encode("utf-8", "surrogatepass"), {}
    if kind == "bytes":
        return draw(st.binary(max_size=200)), {}
    parts = draw(hostile.stores())
    items = {PREFIX + name: item.text for name, item in parts.items()}
    text = hostile.render(items, ascii_only=draw(st.booleans()))
    return text.encode("utf-8", "surrogatepass"), parts


def run_terminal(folder: Path, lines: list[str], level: bool, seed: int | None = 7) -> str:
    output = StrictOutput()
    options = Options(hostile.LEVELS[0] if level else None, seed, question_marks=None, color=False)
    storage = FileStorage.open(folder / "data" / "store.json")
    console = Console(typing(lines, output), output)
    app = App(options, console, clock=FakeClock(), seeds=lambda: 7, storage=storage)
    assert app.run() == 0
    buffer = output.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


@PROFILE
@given(
    file=store_files(),
    lines=st.lists(command_lines, max_size=12),
    level=st.booleans(),
    import_file=hostile.stored("ledger").map(lambda s: s.text),
)
def test_any_store_file_and_commands_play_and_lose_nothing(
    file: tuple[bytes, dict[str, Stored]], lines: list[str], level: bool, import_file: str
) -> None:
    raw, parts = file
    with sandbox() as folder:
        path = folder / "data" / "store.json"
        path.parent.mkdir()
        path.write_bytes(raw)
        (folder / "in.json").write_text(
            '{"format": "minesweeper-export", "ledger": ' + import_file + "}",
            encoding="utf-8",
            errors="surrogatepass",
        )
        out = run_terminal(folder, ["b", *lines], level)
        assert "Traceback" not in out
        kept = [p.read_bytes() for p in path.parent.glob("store.json.bad-*")]
        items: dict[str, str] = {}
        if path.exists() and raw not in kept:
            items = json.loads(path.read_text(encoding="utf-8"))
        if parts and raw not in kept:
            # What the file said, as JSON reads it (an escaped surrogate pair is one character).
            said = json.loads(raw.decode("utf-8"))
            for name, item in parts.items():
                if item.label == BROKEN:
                    key = PREFIX + name
                    assert said[key] in {v for k, v in items.items() if k.startswith(key)}, name
        # The next run resumes the game or asks for a level ("b"), plays, and is clean.
        again = run_terminal(folder, ["b", "o 4 4", "f 0 0", "stats", "q"], False, None)
        for words in ("could not be read", "unreadable", "kept as store.json.bad"):
            assert words not in again, again
        assert "Mines left" in again and again.endswith("Bye.\n")


# --- the strategies themselves ---------------------------------------------------------------


def test_the_strategies_reach_every_label_of_every_key() -> None:
    """The strategies reach every label for every key (a guard against a strategy that
    silently stops producing what the properties check)."""
    seen: set[tuple[str, str]] = set()

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def collect(data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(KEYS))
        seen.add((name, data.draw(hostile.stored(name)).label))

    collect()
    assert {label for _, label in seen} == {VALID, BROKEN, ANY}
    assert {name for name, _ in seen} == set(KEYS)
