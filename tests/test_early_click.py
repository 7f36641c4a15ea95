"""The click made while the page loads: the skeleton's picture of the start, and the rule
that decides whether Python plays the click.

* :mod:`play.early_click` decides, in CPython: a kept reveal is played only on a fresh
  game (no move, no daily opening) of exactly the board it was made on.
* static/skeleton.js must draw the board Python will show and accept a click only when
  Python will deal or resume a fresh board. Its rules are run here under Node, case by
  case, against Python's own start (``open_session``) on the same address and storage.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from engine import BEGINNER, EXPERT, INTERMEDIATE, Level, Move, Record
from play import Input, Session
from play.address import first_values, from_params
from play.early_click import EarlyClick, early_move, fits
from play.keeper import Keeper, Snapshot
from play.saves import Saves
from play.startup import open_session
from play.storage import MemoryStorage
from web.early_click import ATTRIBUTE, play_kept_click
from web.zoom import read_zooms, size_key

ROOT = Path(__file__).resolve().parent.parent
SKELETON = ROOT / "static" / "skeleton.js"
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
    daily.new_daily(DAY)
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
    session.change_level(INTERMEDIATE)
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
class FakeCursor:
    cursor: int = -1


@dataclass
class FakeScreen:
    session: Session
    cursor: FakeCursor = field(default_factory=FakeCursor)
    played: list[tuple[Move, Input]] = field(default_factory=list)

    def play(self, move: Move, via: Input) -> None:
        self.played.append((move, via))
        _ = self.session.play(move, via)


def test_the_kept_click_is_played_once_and_forgotten() -> None:
    session = Session(seed=11)
    screen = FakeScreen(session)
    body = FakeBody({ATTRIBUTE: "9x9/10;O2,3;touch"})
    assert play_kept_click(body, session, screen)  # type: ignore[arg-type]
    assert screen.played == [(Move.reveal(2, 3), Input.TOUCH)]
    assert screen.cursor.cursor == session.game.grid.index(2, 3)
    assert ATTRIBUTE not in body.attributes
    assert session.game.status.value == "playing"  # the first reveal opened the board
    assert not play_kept_click(body, session, screen)  # type: ignore[arg-type]
    assert len(screen.played) == 1


def test_a_click_that_no_longer_fits_is_dropped_silently() -> None:
    session = Session(seed=11)
    screen = FakeScreen(session)
    body = FakeBody({ATTRIBUTE: "30x16/99;O2,3;mouse"})
    assert not play_kept_click(body, session, screen)  # type: ignore[arg-type]
    assert screen.played == [] and ATTRIBUTE not in body.attributes
    assert session.notice is None and not session.record.moves


# --- the skeleton's rules, against Python's start ---------------------------------------

NODE_HARNESS = """
const { plan } = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(({ search, items }) => {
  const storage = items === null ? null : { getItem: (key) => items[key] ?? null };
  const entries = [...new URLSearchParams(search)];
  return { plan: plan(search, storage), entries };
});
process.stdout.write(JSON.stringify(out));
"""


def _node() -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    # Python's json keeps 1 and 1.0 apart; the skeleton reads the number's source text to
    # do so too, which Chromium does and Node 20 does behind this flag (later ones by default).
    flag = "--harmony-json-parse-with-source"
    probe = subprocess.run([node, flag, "-e", "0"], capture_output=True, check=False)
    return [node, flag] if probe.returncode == 0 else [node]


def skeleton_plans(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    done = subprocess.run(
        [*_node(), "-e", NODE_HARNESS, str(SKELETON)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    found: list[dict[str, Any]] = json.loads(done.stdout)
    return found


def python_start(entries: list[list[str]], items: dict[str, str] | None) -> dict[str, Any]:
    """What the page's Python does with this address and storage (web/app.py start)."""
    storage = None
    if items is not None:
        storage = MemoryStorage()
        storage.items.update(items)
    launch = from_params(first_values((k, v) for k, v in entries))
    start = open_session(launch, Keeper(Saves(storage)), today=lambda: DAY)
    session = start.session
    level, settings = session.game.level, session.settings
    fresh = not session.record.moves and session.daily is None
    return {
        "rows": level.rows,
        "cols": level.cols,
        "mines": level.mines,
        "theme": settings.theme,
        "cellSize": settings.cell_size,
        "flagMode": settings.flag_mode,
        "zoom": read_zooms((items or {}).get("minesweeper/zoom")).get(size_key(level), 1.0),
        "resumes": start.resumed is not None and bool(session.record.moves),
        "accepts": fresh and not settings.flag_mode and not launch.auto,
    }


ADDRESSES = [
    "",
    "?seed=42",
    "?seed=0042",
    "?seed=abc",
    "?seed=18446744073709551615",
    "?seed=18446744073709551616",
    "?seed=-0",
    "?level=expert",
    "?level=%20Expert-Portrait%20",
    "?level=intermediate&seed=7",
    "?level=nope",
    "?level=expert&level=beginner",
    "?rows=20&cols=30&mines=50",
    "?rows=16&cols=30&mines=99",
    "?rows=1&cols=1&mines=1",
    "?rows=2&cols=1&mines=1",
    "?rows=abc&cols=20&mines=30",
    "?rows=9&cols=9",
    "?rows=1000&cols=1000&mines=999999",
    "?rows=1001&cols=5&mines=3",
    "?rows=%2B5&cols=5&mines=3",
    "?rows=%E2%80%835&cols=5&mines=3",  # an em space around the digits: Python strips it
    "?rows=%EF%BB%BF5&cols=5&mines=3",  # a BOM: JavaScript's trim() would strip it, not Python
    "?daily",
    "?daily=2026-11-22&level=expert",
    "?daily=bad",
    "?daily=2099-01-01&level=expert",
    "?daily&rows=2&cols=1&mines=1",
    "?daily&rows=12&cols=10&mines=20",
    "?auto",
    "?auto=0",
    "?auto=off&level=expert",
    "?hints&noguess",
]

LEVEL_VALUES: list[Any] = [
    "beginner",
    "expert",
    "30x16/99",
    " 16X30/99 ",
    "10 x 8 / 12",
    "5x5/25",
    "1x1/1",
    "2x1/1",
    "1000x1000/1",
    "1001x1/1",
    "0x5/1",
    "٣x3/1",
    "expert-portrait",
    5,
    None,
    True,
    ["expert"],
]


def _blob(data: Any, rng: random.Random) -> str:
    """A stored part as the game writes it, or in one of the older or odder forms."""
    form = rng.randrange(10)
    if form == 0:
        return json.dumps(data)  # schema 0: no envelope
    if form == 1:
        return json.dumps({"schema": 2, "data": data})  # a newer version's
    if form == 2:
        return json.dumps({"schema": 1, "data": data, "x": 1})  # not an envelope: schema 0
    if form == 3:
        return '{"schema": 1.0, "data": ' + json.dumps(data) + "}"  # not an int for Python
    if form == 4:
        return "{not json"
    return json.dumps({"schema": 1, "data": data})


def _settings(rng: random.Random) -> str:
    data: dict[str, Any] = {}
    if rng.random() < 0.8:
        data["level"] = rng.choice(LEVEL_VALUES)
    if rng.random() < 0.6:
        data["theme"] = rng.choice(["classic", "contrast", "colorblind", "dark", "Dark", 3, None])
    if rng.random() < 0.6:
        data["cell_size"] = rng.choice(["s", "m", "l", "fit", "xl", 1])
    if rng.random() < 0.5:
        data["flag_mode"] = rng.choice([True, False, True, "yes", 1])
    if rng.random() < 0.3:
        data["question_marks"] = rng.choice([True, 2.5])
    if rng.random() < 0.05:
        return _blob(rng.choice([[1, 2], "text", 7]), rng)
    return _blob(data, rng)


RECORDS = [
    "ms1;9x9/10;seed=1;marks=1;noguess=0",
    "ms1;9x9/10;seed=42;marks=1;noguess=0",
    "ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500",
    "ms1;9x9/10;seed=7;marks=0;noguess=1;F8,8@0",
    "ms1;9x9/10;seed=7;marks=1;noguess=0;Q0@0",
    "ms1;9x9/10;seed=7;marks=1;noguess=0; Q0@0",
    "ms1;30x16/99;seed=7;marks=1;noguess=0",
    "ms1;30x16/99;seed=7;marks=1;noguess=0;O8,15@0",
    "ms1;16x30/99;seed=99;marks=1;noguess=0",
    "ms1;16x16/40;seed=0042;marks=1;noguess=0",
    "ms1;12x10/20;seed=18446744073709551615;marks=1;noguess=0",
    "ms1;12x10/20;seed=18446744073709551616;marks=1;noguess=0",
    "  ms1;9x9/10;seed=1;marks=1;noguess=0  ",
    "ms1;9x9/10;seed=1;marks=1;noguess=0;",
    "ms1;9x9/10;seed=1;marks=2;noguess=0",
    "ms1;9x9/10;seed=x;marks=1;noguess=0",
    "ms1;9x9/10;seed=1=2;marks=1;noguess=0",
    "ms1;9x9/10;Seed=1;marks=1;noguess=0",
    "ms1;9x9/10;seed=1;marks=1;noguess=0;O9,0@0",
    "ms1;9x9/10;seed=1;marks=1;noguess=0;O4,4",
    "ms1;9x9/10;seed=1;marks=1;noguess=0;F1,1@50;F2,2@40",
    "ms1;9x9/10;seed=1;marks=1;noguess=0;F1,1@ 50 ",
    "ms1;9x9/10;seed=1;marks=1;noguess=0;X1,1@0",
    "ms1;9x9/10;seed=1;marks=1;noguess=0;O00001,1@0",
    "ms2;9x9/10;seed=1;marks=1;noguess=0",
    "ms1;9x9/81;seed=1;marks=1;noguess=0",
    "ms1;9x9/10;seed=1;marks=1",
]


def _game(rng: random.Random) -> str:
    data: dict[str, Any] = {
        "record": rng.choice(RECORDS),
        "elapsed_ms": rng.choice([0, 1234, 1234, 1234, -1, 2.0, "5", True]),
        "assisted": rng.choice([False, False, True, 0]),
    }
    if rng.random() < 0.3:
        data["daily"] = rng.choice([None, "2026-11-22", 5])
    if rng.random() < 0.2:
        data["linked"] = rng.choice([True, False, "yes", 1])
    if rng.random() < 0.05:
        del data[rng.choice(["record", "elapsed_ms", "assisted"])]
    if rng.random() < 0.05:
        data["record"] = rng.choice([["ms1;9x9/10;seed=1;marks=1;noguess=0"], 12])
    return _blob(data, rng)


ZOOM_SIZES = ["9x9", "16x16", "30x16", "16x30", "30x20", "1x2", "9"]
ZOOM_VALUES: list[Any] = [1.5, 2, 0.5, 0.1, 7, 1.2345, True, "2", None, 1e300]


def _zoom(rng: random.Random) -> str:
    """The page's kept zooms (web/zoom.py), now and then damaged."""
    zooms = {rng.choice(ZOOM_SIZES): rng.choice(ZOOM_VALUES) for _ in range(rng.randrange(4))}
    form = rng.randrange(8)
    if form == 0:
        return "[" * 100_000
    if form == 1:
        return json.dumps(zooms)  # no envelope: not a zoom store
    return json.dumps({"schema": 1, "data": zooms})


def _cases(count: int) -> list[dict[str, Any]]:
    rng = random.Random(20261123)
    cases: list[dict[str, Any]] = []
    for n in range(count):
        items: dict[str, str] | None = {}
        if n % 17 == 0:
            items = None  # no storage at all (private mode)
        else:
            if rng.random() < 0.8:
                items["minesweeper/settings"] = _settings(rng)
            if rng.random() < 0.7:
                items["minesweeper/game"] = _game(rng)
            if rng.random() < 0.5:
                items["minesweeper/zoom"] = _zoom(rng)
        cases.append({"search": rng.choice(ADDRESSES), "items": items})
    return cases


def test_the_skeleton_starts_with_the_board_python_starts_with() -> None:
    """Board size, theme, cell size, Flag mode, a game resumed, and whether the first
    click may be kept: the same for the skeleton and for Python, case after case."""
    cases = _cases(1500)
    plans = skeleton_plans(cases)
    wrong = []
    for case, found in zip(cases, plans, strict=True):
        expected = python_start(found["entries"], case["items"])
        got = {key: found["plan"][key] for key in expected}
        if got != expected:
            wrong.append((case, {k: (got[k], v) for k, v in expected.items() if got[k] != v}))
    assert not wrong, f"{len(wrong)} cases differ (skeleton, Python); first: {wrong[:3]}"
    # The cases cover what they are meant to: every outcome occurs.
    outcomes = {(p["plan"]["accepts"], p["plan"]["resumes"]) for p in plans}
    assert outcomes == {(True, False), (False, False), (False, True)}
    assert {p["plan"]["theme"] for p in plans} == {"classic", "contrast", "colorblind", "dark"}
    assert len({(p["plan"]["rows"], p["plan"]["cols"]) for p in plans}) >= 6
    assert {0.5, 1, 1.5, 2, 3} <= {p["plan"]["zoom"] for p in plans}


def test_the_skeleton_knows_its_presets() -> None:
    plans = skeleton_plans(
        [
            {"search": "?level=expert-portrait", "items": None},
            {"search": "?rows=16&cols=30&mines=99", "items": None},
            {"search": "?rows=20&cols=30&mines=50", "items": None},
        ]
    )
    assert [p["plan"]["preset"] for p in plans] == ["expert-portrait", "expert", None]
    assert BEGINNER.rows == 9  # the skeleton's fallback, as Settings' default
