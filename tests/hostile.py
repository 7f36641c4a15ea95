"""Hypothesis strategies for hostile stored data: what a damaged disk or an attacker writes.

Used by the fuzz suite (``tests/test_hostile_fuzz.py``). Three kinds of text, each
labelled so a test knows what to expect:

- :data:`VALID`: what the game itself writes (built from its own classes): it must be
  read back whole, and nothing is set aside;
- :data:`BROKEN`: what the game writes with one thing broken, or text that cannot be
  ours at all (too deep, not JSON, a future schema): it must be kept aside;
- :data:`ANY`: anything else (random JSON with hostile atoms): only "the game starts,
  plays and nothing escapes" is known.

Hostile atoms are JSON *text* (:class:`Raw`), since Python cannot even write some of
them: a 5,000-digit integer (``json.dumps`` refuses past 4,300 digits), NaN, Infinity,
lone surrogates raw or escaped, control characters, big strings.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from hypothesis import strategies as st

from engine import Level, Move, Record, apply
from engine.record import MAX_MS
from engine.rng import SEED_LIMIT
from play.game.settings import AUTO_DELAYS_MS, CELL_SIZES, THEMES, Settings
from play.keeping.snapshot import Snapshot
from play.ledger.entries import KINDS, MAX_COUNT, Entry

KEYS = ("settings", "game", "ledger", "records", "recent")
VALID, BROKEN, ANY = "valid", "broken", "any"
LEVELS = [Level(9, 9, 10), Level(16, 16, 40), Level(16, 30, 99), Level(30, 16, 99), Level(5, 7, 3)]
"""Boards for data that builds games: small enough for many examples a second."""


@dataclass(frozen=True)
class Raw:
    """JSON text put into a document as it is (not a ``str`` subclass: Hypothesis takes
    those for its own strings when it replays an example)."""

    text: str

    def __str__(self) -> str:
        return self.text


def render(value: Any, ascii_only: bool = True) -> str:
    """JSON text of ``value``, its :class:`Raw` parts verbatim."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        items = (f"{render(k, ascii_only)}:{render(v, ascii_only)}" for k, v in value.items())
        return "{" + ",".join(items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(render(v, ascii_only) for v in value) + "]"
    return json.dumps(value, ensure_ascii=ascii_only)


def as_text(value: Any) -> str:
    """A value as the player would type it: a string as it is, anything else as JSON."""
    return value if isinstance(value, str) else render(value)


def envelope(data: Any, ascii_only: bool = True) -> str:
    return render({"schema": 1, "data": data}, ascii_only)


@dataclass(frozen=True)
class Stored:
    """A text for one storage key, what it was built from, and what is known of it."""

    text: str
    label: str
    data: Any = None
    """For :data:`VALID` text, the data the game wrote."""


# --- hostile atoms ----------------------------------------------------------------------------

HUGE_DIGITS = st.sampled_from([21, 31, 400, 4300, 4301, 5000]) | st.integers(21, 6000)
huge_number = st.builds(
    lambda n, sign, tail: Raw(sign + "9" * n + tail),
    HUGE_DIGITS,
    st.sampled_from(["", "-"]),
    st.sampled_from(["", ".5", "e10", "e-400"]),
)
special_number = st.sampled_from(
    ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1E999999", "-0", "0.0", "1.5", "2e3"]
).map(Raw)
LONE_SURROGATES = ["\ud800", "\udfff", "\udc80", "a\ud83d", "\ude00b"]
PAIR = "\ud83d\ude00"
"""Two surrogates that pair up: escaped in JSON, they are one character (valid text);
written raw into a Python string, they stay two lone ones."""
lone_surrogate_string = st.sampled_from(LONE_SURROGATES).flatmap(
    lambda s: st.sampled_from([json.dumps(s), '"' + s + '"']).map(Raw)
)
surrogate_string = lone_surrogate_string | st.sampled_from(
    [json.dumps(PAIR), '"' + PAIR + '"']
).map(Raw)
control_string = st.sampled_from(['"\x00"', '"\x1b[2J"', '"a\nb"', '"\\u0000"', '"\\u001b[31m"'])
big_string = st.integers(1_000, 300_000).map(lambda n: "x" * n)
hostile_atom = st.one_of(
    huge_number, special_number, surrogate_string, control_string.map(Raw), big_string
)
plain_atom = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
json_key = st.text(max_size=12) | st.sampled_from([*LONE_SURROGATES, PAIR])
any_value = st.recursive(
    plain_atom | hostile_atom,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(json_key, inner, max_size=6),
    max_leaves=25,
)

DEPTHS = st.sampled_from([65, 66, 100, 999, 1000, 5000, 10_000, 100_000]) | st.integers(65, 200_000)


@st.composite
def too_deep(draw: st.DrawFn, inner: str = "0") -> str:
    """Nesting past the limit, closed or not, of arrays, objects or both."""
    n = draw(DEPTHS)
    shape = draw(st.sampled_from(["open", "closed", "objects", "mixed", "in-string-too"]))
    if shape == "open":
        return "[" * n + inner
    if shape == "closed":
        return "[" * n + inner + "]" * n
    if shape == "objects":
        return '{"a":' * n + inner + "}" * n
    if shape == "mixed":
        return '[{"a":' * (n // 2 + 1) + inner + "}]" * (n // 2 + 1)
    return '["[[[[", ' * n + inner + "]" * n  # brackets in strings do not count, these do


not_json = st.one_of(
    st.sampled_from(["", "garbage{", "{", "]", '{"schema": 1, "data": ', "nul\x00l", "\ufeff{}"]),
    st.text(max_size=40).filter(
        lambda t: (
            t.strip()[:1] not in ("{", "[", '"', "-", "t", "f", "n") and not t.strip()[:1].isdigit()
        )
    ),
)


@st.composite
def whole_text_broken(draw: st.DrawFn) -> str:
    """Text that cannot be any part of ours, whatever the key."""
    kind = draw(st.sampled_from(["deep", "deep-in-envelope", "not-json", "future", "bad-schema"]))
    if kind == "deep":
        return draw(too_deep())
    if kind == "deep-in-envelope":
        return '{"schema": 1, "data": ' + draw(too_deep("1")) + "}"
    if kind == "not-json":
        return draw(not_json)
    if kind == "future":
        return envelope(Raw("{}")).replace('"schema":1', f'"schema":{draw(st.integers(2, 10**6))}')
    numbers = special_number.filter(lambda r: r.text != "-0")  # -0 is 0: schema 0, no envelope
    schema = draw(st.one_of(huge_number, numbers, st.just(Raw('"1"')), st.just(Raw("-1"))))
    return render({"schema": schema, "data": {}})


# --- what the game writes ---------------------------------------------------------------------

moments = st.datetimes(datetime(2000, 1, 1), datetime(2099, 12, 31)).map(
    lambda d: d.replace(tzinfo=UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
)
days = st.dates(date(2000, 1, 1), date(2099, 12, 31)).map(date.isoformat)


@st.composite
def records(draw: st.DrawFn, level: Level | None = None) -> Record:
    """A record of a real game: moves on the board, times going forward."""
    level = level or draw(st.sampled_from(LEVELS))
    seed = draw(st.integers(0, SEED_LIMIT - 1))
    record = Record(level, seed, draw(st.booleans()))
    game = record.new_game()
    ms = 0
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from([Move.reveal, Move.mark, Move.chord]))
        move = kind(draw(st.integers(0, level.rows - 1)), draw(st.integers(0, level.cols - 1)))
        ms = min(MAX_MS, ms + draw(st.integers(0, 10 ** draw(st.integers(0, 12)))))
        outcome = apply(game, move)
        if outcome.game is not game:  # only moves the engine counts, as the session keeps
            record, game = record.add(move, ms), outcome.game
    return record


@st.composite
def entries(draw: st.DrawFn, n: int) -> Entry:
    level = draw(st.sampled_from(LEVELS))
    bbbv = draw(st.integers(0, level.cells))
    return Entry(
        id=f"{draw(moments)}-{n:012x}",
        at=draw(moments),
        board=str(level),
        kind=draw(st.sampled_from(KINDS)),
        won=draw(st.booleans()),
        ms=draw(st.integers(0, MAX_MS)),
        bbbv=bbbv,
        solved=draw(st.integers(0, bbbv)),
        clicks=draw(st.integers(0, MAX_COUNT)),
        seed=draw(st.integers(0, SEED_LIMIT - 1)),
        daily=draw(st.none() | days),
    )


@st.composite
def ledger_data(draw: st.DrawFn) -> dict[str, Any]:
    games = [draw(entries(n)).to_data() for n in range(draw(st.integers(0, 6)))]
    resets = draw(st.dictionaries(st.sampled_from(["*", "9x9/10|*", "30x16/99|normal"]), moments))
    return {"games": games, "resets": resets}


@st.composite
def snapshot_data(draw: st.DrawFn) -> dict[str, Any]:
    snapshot = Snapshot(
        draw(records()), draw(st.integers(0, MAX_MS)), draw(st.booleans()), draw(st.none() | days)
    )
    return snapshot.to_data()


@st.composite
def settings_data(draw: st.DrawFn) -> dict[str, Any]:
    settings = Settings(
        level=draw(st.sampled_from(LEVELS)),
        question_marks=draw(st.booleans()),
        click_chords=draw(st.booleans()),
        flag_mode=draw(st.booleans()),
        no_guess=False,  # a no-guess board takes a while to deal: too slow for many examples
        show_chances=draw(st.booleans()),
        auto_delay_ms=draw(st.sampled_from(AUTO_DELAYS_MS)),
        last_custom=draw(st.none() | st.sampled_from(LEVELS)),
        theme=draw(st.sampled_from(THEMES)),
        cell_size=draw(st.sampled_from(CELL_SIZES)),
    )
    return settings.to_data()


ids = st.integers(0, 10**6).map(lambda n: f"2026-11-22T10:00:00.000Z-{n:012x}")
records_data = st.dictionaries(ids, records().map(Record.to_text), max_size=5)
recent_data = st.dictionaries(ids, snapshot_data(), max_size=4)
VALID_DATA = {
    "settings": settings_data(),
    "game": snapshot_data(),
    "ledger": ledger_data(),
    "records": records_data,
    "recent": recent_data,
}


# --- one thing broken ----------------------------------------------------------------------


def _bad(*values: Any) -> st.SearchStrategy[Any]:
    return st.one_of(st.sampled_from(values), huge_number, lone_surrogate_string)


BAD_TIME = st.one_of(
    _bad(-1, MAX_MS + 1, 10**13, 1.5, "12", True, None, [], {}),
    special_number.filter(lambda r: r.text != "-0"),
)
"""A time no record holds (``-0`` is 0, a good time)."""
BAD_TEXT = _bad(5, None, [], "\x1b[2J", "x" * 101, "a\nb")
BAD_DAY = _bad("x", "2026-02-30", "20261122", 20261122, "2026-11-22T00:00:00Z", "")
BAD_RECORD = _bad(
    "garbage",
    5,
    None,
    "ms1;9x9/10;seed=1;marks=1;noguess=0;O9,0@0",  # off the board
    "ms1;9x9/10;seed=1;marks=1;noguess=0;O1,0@5;O2,0@4",  # back in time
    f"ms1;9x9/10;seed={SEED_LIMIT};marks=1;noguess=0",
    "ms1;9x9/81;seed=1;marks=1;noguess=0",
    "ms1;9x9/10;seed=1;marks=2;noguess=0",
    "ms1;9x9/10;seed=1;marks=1;noguess=0;O1,1@" + "9" * 13,
    "ms1;9x9/10;seed=1;marks=1;noguess=0;O1,1@" + "9" * 5000,
)
ENTRY_FIELDS: dict[int, st.SearchStrategy[Any]] = {
    0: BAD_TEXT,
    1: _bad("yesterday", 5, "2026-13-01T00:00:00Z", "2026-11-22 10:00:00"),
    2: _bad("a board", "99999x1/1", "beginner", "9x9/81", 7, " 9x9/10"),
    3: _bad("cheat", 1, None),
    4: _bad(1, "true", None, 0),
    5: BAD_TIME,
    6: _bad(-1, 10**7, 1.5),
    7: _bad(-1, 10**7, 1.5),
    8: _bad(-1, MAX_COUNT + 1, 1.5),
    9: _bad(-1, SEED_LIMIT, 1.5),
    10: BAD_DAY,
}
"""For each field of a ledger entry, values no game writes there."""


@st.composite
def broken_ledger(draw: st.DrawFn) -> tuple[Any, int]:
    """A ledger with one entry or reset broken; the data and how many entries are good."""
    data = draw(ledger_data())
    games = data["games"]
    if games and draw(st.booleans()):
        i = draw(st.integers(0, len(games) - 1))
        if draw(st.integers(0, 5)) == 0:
            games[i] = draw(_bad(None, 7, "x", [], [1] * 11, {"id": 1}))
        else:
            field = draw(st.sampled_from(sorted(ENTRY_FIELDS)))
            games[i] = [*games[i][:field], draw(ENTRY_FIELDS[field]), *games[i][field + 1 :]]
        return data, len(games) - 1
    data["resets"][draw(st.sampled_from(["*", "9x9/10|*"]))] = draw(_bad("now", 5, None))
    return data, len(games)


@st.composite
def broken_snapshot(draw: st.DrawFn) -> Any:
    data = draw(snapshot_data())
    field = draw(st.sampled_from(["record", "elapsed_ms", "assisted", "daily", "gone", "whole"]))
    if field == "whole":
        return draw(_bad(None, 5, "x", [], [data]))
    if field == "gone":
        del data[draw(st.sampled_from(["record", "elapsed_ms", "assisted"]))]
        return data
    bad = {"record": BAD_RECORD, "elapsed_ms": BAD_TIME, "assisted": _bad(1, "yes", None)}
    data[field] = draw(bad.get(field, BAD_DAY))
    return data


@st.composite
def broken_settings(draw: st.DrawFn) -> Any:
    data = draw(settings_data())
    bad = {
        "level": _bad("x", 5, "0x0/0", "9x9/81", None, "beginner"),
        "last_custom": _bad("x", 5, "0x0/0"),
        "question_marks": _bad(1, "yes", None),
        "auto_delay_ms": _bad(7, -1, 200.0, "200", None),
        "theme": _bad("neon", 5, None, "Classic"),
        "cell_size": _bad("xl", 5, None),
    }
    field = draw(st.sampled_from(sorted(bad)))
    data[field] = draw(bad[field])
    return data


@st.composite
def broken_map(draw: st.DrawFn, good: st.SearchStrategy[dict[str, Any]], bad: Any) -> Any:
    """A map of ids to entries with one id or one entry broken."""
    data = dict(draw(good))
    if draw(st.booleans()):
        data[draw(ids)] = draw(bad)
    else:
        data[draw(BAD_TEXT.filter(lambda k: isinstance(k, str | Raw)))] = draw(bad)
    return data


BROKEN_DATA = {
    "settings": broken_settings(),
    "game": broken_snapshot(),
    "ledger": broken_ledger().map(lambda pair: pair[0]),
    "records": broken_map(records_data, BAD_RECORD),
    "recent": broken_map(recent_data, broken_snapshot()),
}


@st.composite
def stored(draw: st.DrawFn, name: str) -> Stored:
    """A text under the key ``minesweeper/<name>``, labelled."""
    ascii_only = draw(st.booleans())
    kind = draw(st.sampled_from([VALID, BROKEN, BROKEN, ANY, "whole-broken"]))
    if kind == VALID:
        data = draw(VALID_DATA[name])
        bare = name == "settings" and draw(st.booleans())  # schema 0: no envelope
        text = render(data, ascii_only) if bare else envelope(data, ascii_only)
        return Stored(text, VALID, data)
    if kind == BROKEN:
        return Stored(envelope(draw(BROKEN_DATA[name]), ascii_only), BROKEN)
    if kind == "whole-broken":
        return Stored(draw(whole_text_broken()), BROKEN)
    value = draw(any_value)
    return Stored(
        draw(st.sampled_from([envelope(value, ascii_only), render(value, ascii_only)])), ANY
    )


@st.composite
def stores(draw: st.DrawFn) -> dict[str, Stored]:
    """Texts for some of the keys (each key at most once)."""
    names = draw(st.lists(st.sampled_from(KEYS), unique=True, max_size=len(KEYS)))
    return {name: draw(stored(name)) for name in names}
