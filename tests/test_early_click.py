"""The click made while the page loads: the picture of the next start Python keeps, the
loading script that draws it, and the rule that decides whether Python plays the click.

* :mod:`play.start.early_click` decides, in CPython: a kept reveal is played only on a fresh
  game (no move, no daily opening) of exactly the board it was made on.
* :mod:`play.keeping.start_view` keeps the picture of the next start for the plain visit and
  for the address the page last showed: here, the real page (tests/start_entry.py) keeps it
  after visits Hypothesis makes (any stored data, a link, a daily board, moves, settings,
  zooms), and each picture is what Python's own start draws first at its address, by a
  reload or a new visit of it, the same day or later.
* static/skeleton.js holds no rule of the game: it draws the picture kept for the page's
  address and keeps a click only when the picture says so, and else draws no board. It runs
  here whole under Node on a stand-in page (tests/skeleton_page.js), and no level, address
  or daily constant is found in it.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import BEGINNER, EXPERT, INTERMEDIATE, Level, Move, Record
from engine.level import PRESETS
from play.game import Input
from play.game.race import RACE_PARAM, Ghost
from play.game.settings import CELL_SIZES, THEMES
from play.game_ui import BoardCursor
from play.keeping import start_view
from play.keeping.blobs import PREFIX
from play.keeping.keeper import Snapshot
from play.keeping.start_view import KEY
from play.keeping.storage import MemoryStorage
from play.session import Session
from play.start.address import SWITCH_OFF
from play.start.early_click import EarlyClick, early_move, fits
from play.start.startup import DAILY_GRACE
from tests import hostile
from tests.start_entry import Action, Visited, first_paint, visit
from tools.site import skeleton as built
from tools.site.skeleton import skeleton_text
from web.board.early_click import ATTRIBUTE, play_kept_click

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


# --- the picture kept is what Python's start draws ------------------------------------------
#
# The real page (tests/start_entry.py) keeps the entry as a player's visit leaves it; then,
# for each address kept, Python's own start opens there on a copy of that storage, and what
# it draws first must be the picture.

RACE = Ghost(BEGINNER, 1000, 3, ((0, 1), (4000, 3)), "Ada", first=(4, 4))
"""A ghost whose board is dealt with its first reveal made for the racer."""
RACE_FRESH = Ghost(BEGINNER, 4242, 2, ((0, 1), (800, 2)), rule="safe")
"""A ghost of a link made before first cells: its board is dealt fresh."""


def pictures(storage: MemoryStorage) -> dict[str, dict[str, Any]]:
    """Each address kept, with its picture and the look (as :func:`first_paint` reads a start)."""
    data = start_view.read(storage)
    starts: dict[str, dict[str, Any]] = data["starts"]
    return {address: {"look": data["look"], **picture} for address, picture in starts.items()}


def assert_next_starts_drawn(
    storage: MemoryStorage, visited: Visited, today: date
) -> dict[str, dict[str, Any]]:
    """Every picture kept is what Python's start first draws at its address: the plain visit,
    and the address the page showed last, reloaded (its history entry's state) or opened
    anew (its text copied into another tab)."""
    kept = pictures(storage)
    assert set(kept) == {"/", visited.address}
    for address, picture in kept.items():
        for state in [None] if address == "/" else [visited.state, None]:
            drawn = first_paint(storage, address, today=today, state=state)
            wrong = {
                key: (value, drawn[key]) for key, value in picture.items() if drawn[key] != value
            }
            assert not wrong, (address, state, wrong)
    return kept


SCENARIOS: dict[str, tuple[str, tuple[Action, ...], bool, bool]] = {
    # the address opened, what the player did; then whether a click is kept at the plain
    # visit and at the address shown
    "a first visit": ("", (), True, True),
    "a game kept": ("", (("reveal", 40),), False, False),
    "a link": ("?level=expert&seed=42", (), True, True),
    "a link played on": ("?level=expert&seed=42", (("reveal", 200), ("flag", 3)), False, False),
    "a custom board's link": ("?rows=10&cols=12&mines=20&seed=5", (), True, True),
    "a link that does not read": ("?rows=abc&cols=20&mines=30", (), True, True),
    "a game lost": ("?seed=3", (("mine", None),), True, True),
    "a daily board": (f"?daily={DAY}", (), False, False),
    "a daily board lost": (f"?daily={DAY}", (("mine", None),), True, False),
    "today's daily board": ("", (("daily", None),), False, False),
    "Flag mode": ("", (("flag_mode", True),), False, False),
    "a look and a zoom": ("", (("theme", "dark"), ("cell_size", "l"), ("zoom", 1.5)), True, True),
    "a level then a new game": ("", (("level", EXPERT), ("new_game", None)), True, True),
    "a race": (f"?{RACE_PARAM}={RACE.link_text()}", (), False, False),
    "a race dealt fresh": (f"?{RACE_PARAM}={RACE_FRESH.link_text()}", (), True, True),
}


@pytest.mark.parametrize(("search", "actions", "plain", "shown"), SCENARIOS.values(), ids=SCENARIOS)
def test_the_picture_kept_is_what_pythons_start_draws(
    search: str, actions: tuple[Action, ...], plain: bool, shown: bool
) -> None:
    storage = MemoryStorage()
    visited = visit(storage, search, today=DAY, actions=actions)
    kept = assert_next_starts_drawn(storage, visited, DAY + timedelta(days=1))
    assert (kept["/"]["keeps_click"], kept[visited.address]["keeps_click"]) == (plain, shown)


def test_a_look_and_a_zoom_are_kept_for_the_next_start() -> None:
    storage = MemoryStorage()
    actions: tuple[Action, ...] = (("level", INTERMEDIATE), ("theme", "dark"), ("zoom", 1.5))
    visited = visit(storage, "", today=DAY, actions=actions)
    picture = pictures(storage)[visited.address]
    assert picture["look"] == {"theme": "dark", "cell_size": "m", "flag_mode": False}
    assert (picture["board"], picture["menu"], picture["zoom"]) == ("16x16/40", "intermediate", 1.5)


def test_a_custom_board_leaves_the_level_menu_to_python() -> None:
    storage = MemoryStorage()
    visited = visit(storage, "?rows=10&cols=12&mines=20", today=DAY)
    assert visited.address.startswith("/?rows=10&cols=12&mines=20&seed=")
    assert pictures(storage)[visited.address]["menu"] is None


PRESET_NAMES = ["beginner", "intermediate", "expert", "expert-portrait"]
SPACES = ["", " ", "\u2003", "\ufeff", "\x1c", "\t"]
"""Around a value: Python's str.strip() takes the em space and \\x1c, not the BOM."""
LEVEL_NAMES = st.sampled_from([*PRESET_NAMES, "Expert", "EXPERT-portrait", "nope", "custom"])
NUMBERS = st.one_of(
    st.integers(-2, 40).map(str),  # boards the fake page draws whole, and quickly
    st.sampled_from(["abc", "+5", "-0", "05", "٣", "1_0", "", "9" * 30, "16", "30", "99"]),
    st.text(max_size=4),
)
SEEDS = st.one_of(
    st.integers(0, 50).map(str),
    st.sampled_from(["0042", "abc", "-1", str(2**64 - 1), str(2**64), "4_2", ""]),
)
SWITCH = st.sampled_from(["", *SWITCH_OFF, "No", "FALSE", "1", "yes", "x"])


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
    """An address as a link may have it: a level, a size, a seed, a daily board, a race,
    switches, any of them bad or repeated, in any order."""
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
        "first": st.sampled_from(["safe", "none", "opening", "windows"]),
        RACE_PARAM: st.sampled_from([RACE.link_text(), RACE_FRESH.link_text(), "AQkJ"]),
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
ACTIONS = st.one_of(
    st.tuples(st.sampled_from(["reveal", "flag"]), st.integers(0, 99)),
    st.tuples(st.sampled_from(["mine", "new_game", "daily"]), st.none()),
    st.tuples(st.just("level"), LEVELS),
    st.tuples(st.just("theme"), st.sampled_from(THEMES)),
    st.tuples(st.just("cell_size"), st.sampled_from(CELL_SIZES)),
    st.tuples(st.just("flag_mode"), st.booleans()),
    st.tuples(st.just("zoom"), st.sampled_from([0.5, 1.0, 1.5, 3.0])),
)


def stored_texts(stores: dict[str, hostile.Stored]) -> dict[str, str]:
    return {PREFIX + name: item.text for name, item in stores.items()}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    stores=hostile.stores(),
    today=DAYS,
    later=st.integers(0, 3),
    actions=st.lists(ACTIONS, max_size=5),
    data=st.data(),
)
def test_every_picture_kept_after_any_visit_is_what_pythons_start_draws(
    stores: dict[str, hostile.Stored],
    today: date,
    later: int,
    actions: list[Action],
    data: st.DataObject,
) -> None:
    """Any stored data (hostile too), a visit at any address with any of the player's
    actions, then the next start, that day or a few days later: at the plain visit and at
    the address shown last, Python draws the picture kept for it."""
    game = stores["game"].data if "game" in stores else None
    kept_day = game.get("daily") if isinstance(game, dict) else None
    # A saved daily board of a day not out yet, which the game never deals: a new deal of
    # its address is judged on the next start's day (the picture keeps no click then).
    assume(not isinstance(kept_day, str) or kept_day <= (today + DAILY_GRACE).isoformat())
    storage = MemoryStorage()
    storage.items.update(stored_texts(stores))
    search = data.draw(addresses(today), label="search")
    visited = visit(storage, search, today=today, actions=actions)
    assert_next_starts_drawn(storage, visited, today + timedelta(days=later))


# --- the script draws the picture kept for its address, and nothing else --------------------
#
# tests/skeleton_page.js runs the built script (Python's few constants written in, as the
# site serves it) on a stand-in page under Node, one start per line.

SKELETON = ROOT / "static" / "skeleton.js"
HARNESS = ROOT / "tests" / "skeleton_page.js"


def _node() -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    return [node]


class Skeleton:
    """One Node process that draws the script's first paint for each start it is given."""

    def __init__(self, script: Path) -> None:
        self.process = subprocess.Popen(
            [*_node(), str(HARNESS), str(script)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def draw(
        self,
        address: str,
        items: dict[str, str] | None,
        *,
        refuses: bool = False,
        click: tuple[int, int, str] | None = None,
    ) -> dict[str, Any]:
        """What the script draws at ``address`` (path and query) with this storage (None:
        none at all; ``refuses``: it refuses a write), after ``click`` if given."""
        assert self.process.stdin is not None and self.process.stdout is not None
        path, mark, query = address.partition("?")
        start = {"path": path, "search": mark + query, "items": items}
        start |= {"refuses": refuses, "click": click}
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
    built_script = tmp_path_factory.mktemp("site") / "skeleton.js"
    built_script.write_bytes(skeleton_text())
    found = Skeleton(built_script)
    yield found
    found.close()


NOTHING = {
    "theme": None,
    "cellSize": None,
    "themeMenu": "",
    "cellSizeMenu": "",
    "flagPressed": None,
}
NO_BOARD = {
    "rows": None,
    "cols": None,
    "zoom": None,
    "data": {"rows": "9", "cols": "9", "mines": "10"},  # as index.html has them
    "covered": False,
    "led": "000",
    "menu": "",
    "accepts": False,
    "earlyClick": None,
}


def look_drawn(drawn: dict[str, Any]) -> dict[str, Any]:
    return {key: drawn[key] for key in NOTHING}


def board_drawn(drawn: dict[str, Any]) -> dict[str, Any]:
    return {key: drawn[key] for key in NO_BOARD}


def assert_draws(drawn: dict[str, Any], picture: dict[str, Any]) -> None:
    """The script drew ``picture`` (a kept one, with its look)."""
    look = picture["look"]
    assert look_drawn(drawn) == {
        "theme": look["theme"],
        "cellSize": look["cell_size"],
        "themeMenu": look["theme"],
        "cellSizeMenu": look["cell_size"],
        "flagPressed": str(look["flag_mode"]).lower(),
    }
    rows, cols, mines = picture["rows"], picture["cols"], picture["mines"]
    assert (drawn["rows"], drawn["cols"], float(drawn["zoom"])) == (
        str(rows),
        str(cols),
        picture["zoom"],
    )
    assert drawn["data"] == {"rows": str(rows), "cols": str(cols), "mines": str(mines)}
    assert drawn["covered"] and drawn["menu"] == (picture["menu"] or "")
    assert drawn["led"] == drawn["ledDigits"] == str(mines).zfill(3)  # as Python first draws it
    assert drawn["accepts"] is picture["keeps_click"]


@pytest.mark.parametrize(("search", "actions", "plain", "shown"), SCENARIOS.values(), ids=SCENARIOS)
def test_the_script_draws_the_picture_kept_for_its_address_and_keeps_the_click_it_allows(
    skeleton: Skeleton, search: str, actions: tuple[Action, ...], plain: bool, shown: bool
) -> None:
    storage = MemoryStorage()
    visit(storage, search, today=DAY, actions=actions)
    for address, picture in pictures(storage).items():
        assert_draws(skeleton.draw(address, storage.items), picture)
        clicked = skeleton.draw(address, storage.items, click=(2, 1, "touch"))
        if picture["keeps_click"]:  # as web/board/early_click.py reads it
            assert clicked["earlyClick"] == f"{picture['board']};O2,1;touch"
            kept = EarlyClick.parse(clicked["earlyClick"])
            assert kept is not None and str(kept.level) == picture["board"]
        else:
            assert clicked["earlyClick"] is None


def test_any_other_address_gets_the_look_and_no_board(skeleton: Skeleton) -> None:
    """A new link, the address under another path or with anything more: the player's look,
    no board of the script's guess, no click kept (Python draws the board)."""
    storage = MemoryStorage()
    visited = visit(storage, "?level=expert&seed=42", today=DAY, actions=[("theme", "dark")])
    assert visited.address == "/?level=expert&seed=42"
    for address in [
        "/?level=expert&seed=7",
        "/?level=expert",
        "/?seed=42&level=expert",
        "/?level=expert&seed=42&hints",
        "/?level=expert&seed=42#x",
        "/index.html",
        "/other/?level=expert&seed=42",
        "/?",
    ]:
        drawn = skeleton.draw(address, storage.items, click=(0, 0, "mouse"))
        assert look_drawn(drawn)["theme"] == "dark", address
        assert board_drawn(drawn) == NO_BOARD, address


def test_without_a_readable_entry_nothing_is_drawn(skeleton: Skeleton) -> None:
    """A first visit (nothing kept), no storage, storage that refuses a write (Python keeps
    and reads nothing then), an entry of another version or that is no entry: the page's
    neutral loading state."""
    storage = MemoryStorage()
    visit(storage, "", today=DAY, actions=[("theme", "dark")])
    entry = json.loads(storage.items[KEY])
    cases: list[tuple[dict[str, str] | None, bool]] = [
        ({}, False),
        (None, False),
        (dict(storage.items), True),
        ({KEY: json.dumps({**entry, "schema": 1})}, False),
        ({KEY: "{"}, False),
        ({KEY: "null"}, False),
        ({KEY: json.dumps({"schema": entry["schema"], "data": []})}, False),
    ]
    for items, refuses in cases:
        drawn = skeleton.draw("/", items, refuses=refuses, click=(0, 0, "mouse"))
        assert look_drawn(drawn) == NOTHING and board_drawn(drawn) == NO_BOARD, (items, refuses)
    assert skeleton.draw("/", dict(storage.items))["theme"] == "dark"  # the same entry, read


def test_a_board_of_a_thousand_mines_has_a_counter_digit_more(skeleton: Skeleton) -> None:
    storage = MemoryStorage()
    visit(storage, "?rows=100&cols=100&mines=1234", today=DAY)
    drawn = skeleton.draw("/", storage.items)
    assert drawn["led"] == drawn["ledDigits"] == "1234"


PICTURE_PARTS = st.fixed_dictionaries(
    {},
    optional={
        "board": st.sampled_from(["9x9/10", "", 3, None]),
        "rows": st.sampled_from([9, 0, -1, 1.5, "9", 2**60, None]),
        "cols": st.sampled_from([9, 0, 1e308, True]),
        "mines": st.sampled_from([10, 0, "10"]),
        "menu": st.sampled_from(["expert", None, 3, "__proto__"]),
        "zoom": st.sampled_from([1.5, 0, -1, "2", None, 1e308]),
        "keeps_click": st.sampled_from([True, False, 1, "yes"]),
    },
)
HOSTILE_ENTRIES = st.one_of(
    st.text(max_size=50),
    st.sampled_from(["[" * 100_000, '{"schema":2,"data":' + "[" * 100_000, "x" * 20_000, "null"]),
    st.builds(hostile.envelope, hostile.any_value),
    st.builds(
        lambda look, starts: json.dumps({"schema": 2, "data": {"look": look, "starts": starts}}),
        st.fixed_dictionaries(
            {},
            optional={
                "theme": st.sampled_from(["dark", 3, None]),
                "cell_size": st.sampled_from(["l", 1]),
                "flag_mode": st.sampled_from([True, False, 1]),
            },
        ),
        st.dictionaries(st.sampled_from(["/", "__proto__", "constructor", "/?x"]), PICTURE_PARTS),
    ),
)


@settings(max_examples=150, deadline=None)
@given(entry=HOSTILE_ENTRIES, address=st.sampled_from(["/", "/?x", "/?__proto__"]))
def test_an_entry_anyone_wrote_draws_a_board_or_none(
    skeleton: Skeleton, entry: str, address: str
) -> None:
    """The entry is only ever written by Python, but storage is anyone's: whatever it holds,
    the script does not fail, and draws no board or one of whole sizes (Python's replaces it)."""
    drawn = skeleton.draw(address, {KEY: entry}, click=(0, 0, "mouse"))
    if drawn["covered"]:
        assert all(int(drawn["data"][key]) > 0 for key in ("rows", "cols", "mines"))
        assert float(drawn["zoom"]) > 0
    else:
        assert board_drawn(drawn) == NO_BOARD


# --- no rule of the game in the script ---------------------------------------------------------

PARAMETERS = (
    "level", "rows", "cols", "mines", "seed", "daily", "auto", "hints", "noguess", "first",
    RACE_PARAM, "drill", "position", "lab",
)  # fmt: skip
"""The address's parameters (play/start/address.py reads them)."""
NO_PARSING = ("URLSearchParams", "searchParams", "decodeURI", "Date", "toISOString", "BigInt")
"""What reading an address's parameters, or a day's board, would take."""
ALLOWED_NUMBERS = {"0", "1", "2"}


def rule_constants(source: str) -> list[str]:
    """What in the script's ``source`` looks like a rule of the game: a level's name, an
    address's parameter as text, a way to read an address or a day, a number other than
    0, 1 or 2 (a board's size, a limit, a day in milliseconds). An element's id is the
    page's, not the address's: ``getElementById("level")`` is none."""
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.DOTALL)
    code = re.sub(r"getElementById\(\"[\w-]+\"\)", "", code)
    found = [name for name in PRESETS if name.split("-")[0] in code.lower()]
    for name in PARAMETERS:
        found += re.findall(rf"""["'`][?&]?{name}(?:=[^"'`]*)?["'`]""", code)
    found += [word for word in NO_PARSING if re.search(rf"\b{word}\b", code)]
    numbers = re.findall(r"(?<![\w$.])\d[\d_]*(?:\.\d+)?(?:e\d+)?n?", code)
    return found + [number for number in numbers if number not in ALLOWED_NUMBERS]


def test_the_script_holds_no_level_address_or_daily_constant() -> None:
    assert rule_constants(SKELETON.read_text(encoding="utf-8")) == []
    assert set(built.constants()) == {"entry", "schema", "probe", "longPressMs", "touchSlopPx"}


@pytest.mark.parametrize(
    "rule",
    [  # what the script held before the picture (so the test can fail)
        'const sized = has("rows") || has("cols") || has("mines");',
        "const day = params.has('daily') ? strip(params.get('daily')) : '';",
        "if (name === 'expert') return [16, 30, 99];",
        "const grace = new Date(Date.parse(today) + 86_400_000);",
        "const address = fromAddress(new URLSearchParams(search));",
        "const MAX_SIDE = 1000n;",
        "const text = String(mines).padStart(3, '0');",
        "return `?level=${name}&seed=${seed}`;",
    ],
)
def test_a_rule_written_into_the_script_is_found(rule: str) -> None:
    assert rule_constants(rule) != []
