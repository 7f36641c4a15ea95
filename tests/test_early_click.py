"""The click made while the page loads: the skeleton's picture of the start, and the rule
that decides whether Python plays the click.

* :mod:`play.start.early_click` decides, in CPython: a kept reveal is played only on a fresh
  game (no move, no daily opening) of exactly the board it was made on.
* static/skeleton.js must draw the board Python will show and accept a click only when
  Python will deal or resume a fresh board. It runs here whole under Node on a stand-in
  page (tests/skeleton_page.js), on addresses, stored data and days Hypothesis makes,
  against what Python's own start (``open_session``) draws on the same ones.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BEGINNER, EXPERT, INTERMEDIATE, Level, Move, Record, new_game
from play.game import Input, Settings
from play.game.settings import CELL_SIZES, THEMES
from play.game_ui import BoardCursor
from play.keeping.blobs import PREFIX, Blobs, wrap
from play.keeping.keeper import Keeper, Snapshot
from play.keeping.start_view import KEY
from play.keeping.storage import MemoryStorage
from play.session import Session
from play.start.address import first_values, from_params, from_query
from play.start.early_click import EarlyClick, early_move, fits
from play.start.startup import Start, open_session
from tests import hostile
from tests.fake_dom import Document
from tools.site.skeleton import skeleton_text
from web.board.early_click import ATTRIBUTE, play_kept_click
from web.board.panel import Panel
from web.board.render import counter_digits, led_text
from web.controls.zoom import Zoom
from web.page import ids

ROOT = Path(__file__).resolve().parent.parent
DAY = date(2026, 11, 22)


# --- the rule: fresh, and the same board -----------------------------------------------


def test_a_kept_click_reads_back() -> None:
    click = EarlyClick.parse("30x16/99;O8,15;mouse")
    assert click == EarlyClick(EXPERT, Move.reveal(8, 15), Input.MOUSE)
    assert EarlyClick.parse("16x30/99;O29,0;touch") == EarlyClick(
        Level(30, 16, 99), Move.reveal(29, 0), Input.TOUCH
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "9x9/10",
        "9x9/10;O4,4",
        "9x9/10;O4,4;mouse;extra",
        "9x9/10;F4,4;mouse",  # a flag is never kept
        "9x9/10;C4,4;mouse",
        "9x9/10;O9,0;mouse",  # off the board
        "9x9/10;O-1,0;mouse",
        "9x9/10;O4,4;keys",
        "9x9/81;O4,4;mouse",  # not a level
        "1x1/1;O0,0;mouse",
        "9" * 5000 + "x9/10;O0,0;mouse",
        "9x9/10;O" + "9" * 5000 + ",0;mouse",
    ],
)
def test_text_that_does_not_read_is_dropped(text: str) -> None:
    assert EarlyClick.parse(text) is None
    assert early_move(text, Session(seed=1)) is None


def test_played_only_on_a_fresh_game_of_that_very_size() -> None:
    session = Session(seed=3)
    assert early_move("9x9/10;O0,0;mouse", session) is not None
    assert early_move(None, session) is None
    assert early_move("16x16/40;O0,0;mouse", session) is None  # another level
    assert early_move("9x9/11;O0,0;mouse", session) is None  # same size, other mine count
    assert early_move("10x9/10;O0,0;mouse", session) is None
    _ = session.play(Move.mark(2, 2))  # a flag is a move too: the board is not fresh
    assert early_move("9x9/10;O0,0;mouse", session) is None


def test_never_on_a_daily_board_nor_a_resumed_game_in_progress() -> None:
    daily = Session(seed=1)
    daily.new_game(day=DAY)
    assert early_move("9x9/10;O0,0;mouse", daily) is None
    played = Session(seed=5)
    _ = played.play(Move.reveal(4, 4))
    resumed = Session(seed=9)
    assert resumed.resume(played.snapshot())
    assert early_move("9x9/10;O0,0;mouse", resumed) is None
    # A saved board nobody has clicked yet is resumed as the fresh board it is.
    untouched = Session(seed=9)
    assert untouched.resume(Snapshot(Record.of(Session(seed=77).game), 0))
    assert early_move("9x9/10;O0,0;mouse", untouched) is not None


def test_fits_looks_at_the_game_not_at_the_text() -> None:
    click = EarlyClick(INTERMEDIATE, Move.reveal(1, 1), Input.MOUSE)
    session = Session(seed=2)
    session.change(level=INTERMEDIATE)
    assert fits(click, session.game, session.record, None)
    assert not fits(click, session.game, session.record, "2026-11-22")
    assert not fits(click, Session(seed=2).game, Record.of(Session(seed=2).game), None)


# --- the adapter: read, remove, play through the screen ---------------------------------


@dataclass
class FakeBody:
    attributes: dict[str, str] = field(default_factory=dict)

    def getAttribute(self, name: str) -> str | None:  # the DOM's names
        return self.attributes.get(name)  # the browser's null arrives as JsNull: not a str

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)


@dataclass
class FakeScreen:
    session: Session
    cursor: BoardCursor
    played: list[tuple[Move, Input]] = field(default_factory=list)

    def play(self, move: Move, via: Input) -> None:
        self.played.append((move, via))
        _ = self.session.play(move, via)


def test_the_kept_click_is_played_once_and_forgotten() -> None:
    session = Session(seed=11)
    screen = FakeScreen(session, BoardCursor(session.game.grid))
    body = FakeBody({ATTRIBUTE: "9x9/10;O2,3;touch"})
    assert play_kept_click(body, session, screen)  # type: ignore[arg-type]
    assert screen.played == [(Move.reveal(2, 3), Input.TOUCH)]
    assert screen.cursor.cell == session.game.grid.index(2, 3)
    assert ATTRIBUTE not in body.attributes
    assert session.game.status.value == "playing"  # the first reveal opened the board
    assert not play_kept_click(body, session, screen)  # type: ignore[arg-type]
    assert len(screen.played) == 1


def test_a_click_that_no_longer_fits_is_dropped_silently() -> None:
    session = Session(seed=11)
    screen = FakeScreen(session, BoardCursor(session.game.grid))
    body = FakeBody({ATTRIBUTE: "30x16/99;O2,3;mouse"})
    assert not play_kept_click(body, session, screen)  # type: ignore[arg-type]
    assert screen.played == [] and ATTRIBUTE not in body.attributes
    assert session.notice is None and not session.record.moves


# --- the skeleton, against Python's start ----------------------------------------------
#
# tests/skeleton_page.js runs the built skeleton (Python's constants written in, as the
# site serves it) on a stand-in page under Node, one start per line; Python's start runs
# here on the same address, the same stored data and the same day, and draws with the
# page's own drawing code on the fake page.

SKELETON = ROOT / "static" / "skeleton.js"
HARNESS = ROOT / "tests" / "skeleton_page.js"


def _node() -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    return [node]


class Skeleton:
    """One Node process that draws the skeleton's first paint for each start it is given."""

    def __init__(self, script: Path) -> None:
        self.process = subprocess.Popen(
            [*_node(), str(HARNESS), str(script)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def draw(self, search: str, items: dict[str, str] | None, today: date) -> dict[str, Any]:
        """What the skeleton draws for this address, storage (None: none at all) and day."""
        assert self.process.stdin is not None and self.process.stdout is not None
        start = {"search": search, "items": items, "today": today.isoformat()}
        self.process.stdin.write(json.dumps(start) + "\n")
        self.process.stdin.flush()
        drawn: dict[str, Any] = json.loads(self.process.stdout.readline())
        assert "error" not in drawn, drawn["error"]
        return drawn

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def skeleton(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Skeleton]:
    built = tmp_path_factory.mktemp("site") / "skeleton.js"
    built.write_bytes(skeleton_text())
    found = Skeleton(built)
    yield found
    found.close()


def seen(drawn: dict[str, Any]) -> dict[str, Any]:
    """What the skeleton drew, in the terms Python's drawing is read in."""
    rows, cols, mines = (int(drawn["data"][key]) for key in ("rows", "cols", "mines"))
    assert (drawn["rows"], drawn["cols"]) == (str(rows), str(cols))  # --rows, --cols
    assert drawn["ledDigits"] == drawn["led"]  # the digits drawn are the digits read
    return {
        "rows": rows,
        "cols": cols,
        "mines": mines,
        "theme": drawn["theme"],
        "cellSize": drawn["cellSize"],
        "zoom": 1.0 if drawn["zoom"] is None else float(drawn["zoom"]),
        "led": drawn["led"],
        "flagMode": drawn["flagPressed"] == "true",
        "accepts": drawn["accepts"],
    }


def python_draws(entries: list[list[str]], items: dict[str, str] | None, today: date) -> Start:
    """Python's start on the page (web/app.py): the address as the browser parsed it."""
    storage = None
    if items is not None:
        storage = MemoryStorage()
        storage.items.update(items)
    launch = from_params(first_values((k, v) for k, v in entries))
    keeper = Keeper(Blobs(storage), keeps_start=True)
    return open_session(launch, keeper, today=lambda: today, clock=lambda: 0.0)


def drawn_by_python(start: Start, storage: MemoryStorage | None, auto: bool) -> dict[str, Any]:
    """What Python's first draw shows (web/board/panel.py's LED, web/controls/zoom.py's zoom)."""
    session = start.session
    level, settings = session.game.level, session.settings
    document = Document()
    zoom = Zoom(document, storage, lambda: None)
    zoom.show(level)
    # A game with moves (resumed, or a daily board, opened for the player) is drawn over
    # by Python, cells and counter alike: the covered board shows it as it was dealt.
    shown = session.game if not session.record.moves else new_game(level, 0)
    Panel(document).mines_left(shown)
    click = EarlyClick(level, Move.reveal(0, 0), Input.MOUSE)
    fresh = fits(click, session.game, session.record, session.daily)
    return {
        "rows": level.rows,
        "cols": level.cols,
        "mines": level.mines,
        "theme": settings.theme,
        "cellSize": settings.cell_size,
        "zoom": zoom.zoom,
        "led": document.getElementById(ids.MINE_COUNTER).textContent,
        "flagMode": settings.flag_mode,
        "accepts": fresh and not settings.flag_mode and not auto,
    }


def compare(skeleton: Skeleton, search: str, items: dict[str, str] | None, today: date) -> None:
    """The skeleton's first paint is Python's, on this address, storage and day."""
    drawn = skeleton.draw(search, items, today)
    launch_entries = drawn["entries"]
    storage = None if items is None else MemoryStorage()
    if storage is not None and items is not None:
        storage.items.update(items)
    start = python_draws(launch_entries, items, today)
    auto = from_params(first_values((k, v) for k, v in launch_entries)).auto
    expected = drawn_by_python(start, storage, auto)
    got = seen(drawn)
    assert got == expected, {k: (got[k], v) for k, v in expected.items() if got[k] != v}


# --- the two bugs the comparison missed --------------------------------------------------


@pytest.mark.parametrize(
    ("today", "accepts"),
    [
        (date(2026, 6, 1), True),
        (date(2026, 11, 20), True),
        (date(2026, 11, 21), False),
        (DAY, False),
    ],
)
def test_a_daily_link_is_judged_on_the_day_python_judges_it(
    skeleton: Skeleton, today: date, accepts: bool
) -> None:
    """A daily board of a day still to come (a day's grace) is not dealt: Python deals a
    fresh expert board, whose first click may be kept. The skeleton used to read the
    machine's clock while Python was given the test's day."""
    compare(skeleton, f"?daily={DAY}&level=expert", None, today)
    assert skeleton.draw(f"?daily={DAY}&level=expert", None, today)["accepts"] is accepts


@pytest.mark.parametrize("mines", [999, 1000, 12_345])
def test_the_mine_counter_first_shows_what_python_shows(skeleton: Skeleton, mines: int) -> None:
    """Four digits or more for 1,000 mines or more, as Python draws them (was "999")."""
    compare(skeleton, f"?rows=1000&cols=1000&mines={mines}", None, DAY)
    assert skeleton.draw(f"?rows=1000&cols=1000&mines={mines}", None, DAY)["led"] == str(
        mines
    ).zfill(3)


@pytest.mark.parametrize("text", ["20261122T1", "2026-W48-1", "20261122xx", "2026-11-22"[::-1]])
def test_a_daily_day_is_read_in_its_one_form(skeleton: Skeleton, text: str) -> None:
    """YYYY-MM-DD only, as the skeleton reads it: CPython 3.11 also took "20261122T1" for a
    day (Pyodide's Python reads such text its own way), so a day to come in such a form
    was dealt by neither or by one side only."""
    launch = from_query(f"?daily={text}")
    assert launch.daily is None and launch.wants_today
    assert "use a date such as 2026-11-22" in launch.messages[0]
    compare(skeleton, f"?daily={text}&level=expert", None, date(2026, 6, 1))


# --- generated starts: a visit keeps its entry, the next one is drawn from it ------------

PRESET_NAMES = ["beginner", "intermediate", "expert", "expert-portrait"]
SPACES = ["", " ", "\u2003", "\ufeff", "\x1c", "\t"]
"""Around a value: Python's str.strip() takes the em space and \\x1c, not the BOM."""
LEVEL_NAMES = st.sampled_from([*PRESET_NAMES, "Expert", "EXPERT-portrait", "nope", "custom"])
NUMBERS = st.one_of(
    st.integers(-2, 1002).map(str),
    st.sampled_from(["abc", "+5", "-0", "05", "٣", "1_0", "", "9" * 30, "16", "30", "99"]),
    st.text(max_size=4),
)
SEEDS = st.one_of(
    st.integers(0, 50).map(str),
    st.sampled_from(["0042", "abc", "-1", str(2**64 - 1), str(2**64), "4_2", ""]),
)
SWITCH = st.sampled_from(["", "0", "1", "off", "No", "FALSE", "yes", "x"])


@st.composite
def daily_values(draw: st.DrawFn, today: date) -> str:
    """A daily board's day near ``today`` (before, on, the day of grace, after), or text
    that is no such day."""
    near = draw(st.integers(-2, 3))
    return draw(
        st.sampled_from([(today + timedelta(days=near)).isoformat(), "", "bad", "2026-02-30"])
        | st.sampled_from(["2026-W48-1", "20261122T1", "0000-01-01", "2024-02-29", " 2026-11-22"])
    )


@st.composite
def addresses(draw: st.DrawFn, today: date) -> str:
    """An address as a link may have it: a level, a size, a seed, a daily board, switches,
    any of them bad or repeated, in any order."""
    values: dict[str, st.SearchStrategy[str]] = {
        "level": LEVEL_NAMES,
        "rows": NUMBERS,
        "cols": NUMBERS,
        "mines": NUMBERS,
        "seed": SEEDS,
        "daily": daily_values(today),
        "auto": SWITCH,
        "noguess": SWITCH,
        "hints": SWITCH,
    }
    keys = draw(st.lists(st.sampled_from(list(values)), max_size=5))
    if draw(st.booleans()):  # a whole custom board, as a link names one
        keys = ["rows", "cols", "mines", *keys]
    parts = []
    for key in keys:
        value = draw(st.sampled_from(SPACES)) + draw(values[key]) + draw(st.sampled_from(SPACES))
        parts.append(key if not value and draw(st.booleans()) else f"{key}={quote(value)}")
    return "?" + "&".join(parts) if parts else ""


DAYS = st.dates(date(2026, 1, 1), date(2027, 12, 31))
LEVELS = st.sampled_from([BEGINNER, INTERMEDIATE, EXPERT, Level(30, 16, 99), Level(10, 12, 20)])


@dataclass(frozen=True)
class Visit:
    """A visit of the page: its address and day, and what the player did there."""

    search: str
    today: date
    actions: tuple[tuple[str, Any], ...]


ACTIONS = st.one_of(
    st.tuples(st.just("reveal"), st.integers(0, 99)),
    st.tuples(st.just("flag"), st.integers(0, 99)),
    st.tuples(st.just("level"), LEVELS),
    st.tuples(st.just("theme"), st.sampled_from(THEMES)),
    st.tuples(st.just("cell_size"), st.sampled_from(CELL_SIZES)),
    st.tuples(st.just("flag_mode"), st.booleans()),
    st.tuples(st.just("zoom"), st.sampled_from([0.5, 1.0, 1.5, 2.0, 3.0, 0.1, 7.0])),
    st.tuples(st.just("new_game"), st.none()),
)


@st.composite
def visits(draw: st.DrawFn) -> Visit:
    today = draw(DAYS)
    actions = draw(st.lists(ACTIONS, max_size=6))
    return Visit(draw(addresses(today)), today, tuple(actions))


def visit(storage: MemoryStorage, page: Visit) -> None:
    """The page's Python start on ``storage`` (the keeper and the zoom keep the entry),
    then the player's actions."""
    launch = from_query(page.search)
    keeper = Keeper(Blobs(storage), keeps_start=True)
    session = open_session(launch, keeper, today=lambda: page.today, clock=lambda: 0.0).session
    zoom = Zoom(Document(), storage, lambda: None)
    for action, value in page.actions:
        level = session.game.level
        if (
            action in ("reveal", "flag")
            and level.cells <= 2_000
            and not session.game.status.is_over
        ):
            spot = level.grid.row_col(value % level.cells)
            _ = session.play(Move.reveal(*spot) if action == "reveal" else Move.mark(*spot))
        elif action == "level":
            session.change(level=value)
        elif action == "theme":
            session.change(theme=value)
        elif action == "cell_size":
            session.change(cell_size=value)
        elif action == "flag_mode":
            session.change(flag_mode=value)
        elif action == "zoom":
            zoom.show(level)
            zoom.set(value, None)
        elif action == "new_game":
            session.new_game()


def stored_texts(stores: dict[str, hostile.Stored]) -> dict[str, str]:
    return {PREFIX + name: item.text for name, item in stores.items()}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stores=hostile.stores(), before=visits(), today=DAYS, data=st.data())
def test_the_skeleton_draws_the_board_python_draws(
    skeleton: Skeleton,
    stores: dict[str, hostile.Stored],
    before: Visit,
    today: date,
    data: st.DataObject,
) -> None:
    """Any stored data (hostile too), a visit that keeps the entry (with a link, a day,
    moves, settings and zooms changed), then the next visit's address and day: the
    skeleton draws the board, theme, cell size, zoom and mine counter Python draws, and
    keeps a first click exactly where Python would play it."""
    storage = MemoryStorage()
    storage.items.update(stored_texts(stores))
    visit(storage, before)
    search = data.draw(addresses(today), label="search")
    compare(skeleton, search, dict(storage.items), today)


@settings(max_examples=40, deadline=None)
@given(before=visits(), data=st.data())
def test_a_plain_visit_shows_the_board_the_last_visit_left(
    skeleton: Skeleton, before: Visit, data: st.DataObject
) -> None:
    """No address: the saved game carried on, or a new game of the saved level."""
    storage = MemoryStorage()
    visit(storage, before)
    compare(
        skeleton, data.draw(st.sampled_from(["", "?hints", "?auto"])), storage.items, before.today
    )


@settings(max_examples=60, deadline=None)
@given(search=addresses(DAY))
def test_with_no_storage_the_address_alone_decides(skeleton: Skeleton, search: str) -> None:
    """Private mode, or storage blocked: nothing is read, nothing kept."""
    compare(skeleton, search, None, DAY)


HOSTILE_ENTRIES = st.one_of(
    st.text(max_size=50),
    st.sampled_from(["[" * 100_000, '{"schema":1,"data":' + "[" * 100_000, "x" * 20_000, "null"]),
    st.builds(hostile.envelope, hostile.any_value),
    st.builds(
        lambda parts: json.dumps({"schema": 1, "data": parts}),
        st.fixed_dictionaries(
            {},
            optional={
                "level": st.sampled_from([[9, 9, 10], [1, 1, 1], [0, 5, 1], [5, 5, 25], "9x9/10"])
                | st.lists(st.integers(-(2**60), 2**60), max_size=4),
                "theme": st.sampled_from(["dark", "Dark", 3, None, "__proto__"]),
                "cell_size": st.sampled_from(["l", "xl", 1]),
                "taps_flag": st.sampled_from([True, False, 1, "yes"]),
                "game": st.none()
                | st.fixed_dictionaries(
                    {},
                    optional={
                        "level": st.sampled_from([[16, 30, 99], [2, 1, 2], [1e3, 1, 1]]),
                        "seed": st.sampled_from(["42", 42, None]),
                        "played": st.sampled_from([True, False, 0]),
                        "fresh": st.sampled_from([True, False, "no"]),
                    },
                ),
                "zooms": st.dictionaries(
                    st.sampled_from(["9x9", "30x16", "__proto__", "constructor"]),
                    st.sampled_from([1.5, 0.1, 99, "2", None, True, 1e308]),
                ),
            },
        ),
    ),
)


@settings(max_examples=150, deadline=None)
@given(entry=HOSTILE_ENTRIES, search=st.sampled_from(["", "?level=expert", "?seed=1"]))
def test_an_entry_anyone_wrote_draws_a_board_python_could(
    skeleton: Skeleton, entry: str, search: str
) -> None:
    """The entry is only ever written by Python, but storage is anyone's: whatever it
    holds, the skeleton draws a real board with a real look (Python's replaces it)."""
    drawn = seen(skeleton.draw(search, {KEY: entry}, DAY))
    board = Level(drawn["rows"], drawn["cols"], drawn["mines"])  # raises if it is none
    assert drawn["led"] == led_text(board.mines, counter_digits(board.mines))
    assert drawn["theme"] in THEMES and drawn["cellSize"] in CELL_SIZES
    assert 0.5 <= drawn["zoom"] <= 3


def test_data_from_before_the_entry_draws_the_default_until_python_writes_it(
    skeleton: Skeleton,
) -> None:
    """A returning player's first visit since the entry came: saved settings and a game,
    no entry. The default board, no click kept (Python's board replaces it); Python's
    start writes the entry, and the next visit is drawn from it."""
    record = Record.of(new_game(EXPERT, 5)).add(Move.reveal(4, 4), 0)
    items = {
        PREFIX + "settings": wrap(Settings(level=EXPERT, theme="dark").to_data()),
        PREFIX + "game": wrap(Snapshot(record, 4000).to_data()),
    }
    drawn = seen(skeleton.draw("", items, DAY))
    assert (drawn["rows"], drawn["cols"], drawn["theme"]) == (9, 9, "classic")
    assert not drawn["accepts"]
    assert seen(skeleton.draw("", {}, DAY))["accepts"]  # a first visit: nothing saved at all
    storage = MemoryStorage()
    storage.items.update(items)
    visit(storage, Visit("", DAY, ()))
    assert KEY in storage.items
    compare(skeleton, "", storage.items, DAY)
    assert seen(skeleton.draw("", storage.items, DAY))["theme"] == "dark"


def test_the_skeleton_knows_its_presets(skeleton: Skeleton) -> None:
    menus = [
        skeleton.draw(search, None, DAY)["menu"]
        for search in [
            "?level=expert-portrait",
            "?rows=16&cols=30&mines=99",
            "?rows=20&cols=30&mines=50",
        ]
    ]
    assert menus == ["expert-portrait", "expert", ""]  # a custom board: Python sets the menu
