"""Settings from the page's address, with a message and a safe fallback for bad values.

The first value of a repeated key counts, as with the browser's ``URLSearchParams.get``.

>>> launch = from_query("?level=expert&seed=42&seed=7")
>>> launch.settings.level.name, launch.seed, launch.messages
('expert', 42, ())
>>> from_query("?rows=10&cols=20&mines=30").settings.level
Level(rows=10, cols=20, mines=30)
>>> launch = from_query("?rows=10&cols=abc&mines=30&seed=-1")
>>> launch.settings.level.name, launch.seed is None, sorted(launch.ignored)
('beginner', True, ['level', 'seed'])
>>> for message in launch.messages: print(message)  # doctest: +ELLIPSIS
Ignored rows=10&cols=abc&mines=30: cols must be a whole number from 1 to 1000.
Ignored seed=-1: seed must be from 0 to ....

What is played instead (a saved game carried on, the saved level, a random seed) is
:mod:`play.start.startup`'s to say, once it is known.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date

from engine import FirstClick, InvalidFirstClickError, InvalidLevelError, Level, parse_seed
from engine.level import MAX_SIDE, PRESETS
from engine.numbers import excerpt, parse_whole
from engine.position_text import PositionTextError, SeenPosition
from engine.wording import be
from play.game.race import RACE_PARAM, BadRaceLink, Ghost
from play.game.settings import Settings


@dataclass(frozen=True, slots=True)
class Launch:
    """What the address asks for: settings, the first game's seed, and what was ignored."""

    settings: Settings = field(default_factory=Settings)
    seed: int | None = None
    """The first game's seed; later games get fresh ones."""
    auto: bool = False
    """Start the auto-player at once."""
    messages: tuple[str, ...] = ()
    given: frozenset[str] = frozenset()
    """The settings the address names: they win over the player's saved ones."""
    daily: date | None = None
    """Play the daily board of this date."""
    wants_today: bool = False
    """``?daily`` without a date: today's board, whatever today is where the page runs."""
    ignored: frozenset[str] = frozenset()
    """What the address asked for and could not have: ``"level"``, ``"seed"``."""
    linked: bool = False
    """The seed is a board someone shared (a link, a seed typed in): a board that may be
    known, so a win on it is no best time. False for an address the page wrote itself."""
    drill: str | None = None
    """A bank drill to practise at once, as ``?drill=1-2-1-42`` names it (a kind and a seed,
    or a kind alone for a seed of chance: :func:`play.practice.drill.bank_key`), or
    ``daily`` for the day's drill (``?drill=daily``, and the fallback of a drill that
    cannot be read)."""
    drill_note: str | None = None
    """Why ``?drill=`` was not read, for Practice to say where the player looks (the
    notice under the board is behind the dialog): not one of :attr:`messages`."""

    race: Ghost | None = None
    """A ghost to race on its board, as ``?race=`` carries it
    (:meth:`play.game.race.Ghost.link_text`): the board is the ghost's."""

    position: SeenPosition | None = None
    """A position to open in the analysis editor, as ``?position=10:-~9~/...`` gives it
    (:meth:`engine.position_text.SeenPosition.link_text`); the game is dealt as usual."""

    lab: bool = False
    """``?lab``: the bot lab opens over the game, which is dealt as usual."""

    @property
    def for_this_visit(self) -> frozenset[str]:
        """The settings the address sets for this visit only (see :data:`SWITCHES`)."""
        return self.given & SWITCHES


QUERY_SAFE = ":/?@!$'()*,;-._~"
"""Characters a query's value keeps as they are, besides letters and digits: those RFC 3986
allows in a query (section 3.4: ``pchar``, ``/`` and ``?``) but ``&``, ``=`` and ``+``, which a
form's parse reads as a parameter's end, its value's start and a space."""


def position_query(position: SeenPosition) -> str:
    """``position=...`` as an address carries it: the link form as it reads
    (:meth:`~engine.position_text.SeenPosition.link_text`; ``:`` and ``/`` are a query's own
    characters), percent-encoded only where a character is not. :func:`from_query` reads it
    back, and the fully percent-encoded form a browser may write as well.

    >>> position = SeenPosition.parse("2 mines\\n###\\n121\\n...")
    >>> position_query(position)
    'position=2:---/121/...'
    >>> from_query("?position=2%3A---%2F121%2F...").position == position
    True
    """
    from urllib.parse import quote

    return "position=" + quote(position.link_text(), safe=QUERY_SAFE)


def first_values(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Each key with its first value: one rule for repeated keys, everywhere."""
    params: dict[str, str] = {}
    for key, value in pairs:
        params.setdefault(key, value)
    return params


def _shown(params: Mapping[str, str], key: str) -> str:
    """``key=value`` as the address had it, the value clipped to a short excerpt."""
    return f"{key}={excerpt(params[key])[1:-1]}"


def _reason(error: ValueError) -> str:
    """An error's words without the value it quotes: the message quotes it already."""
    return str(error).split(", got ")[0]


SWITCH_OFF = ("0", "false", "no", "off")
"""The values that leave a switch of the address off (any other value, or none, is on)."""


def _switch(params: Mapping[str, str], name: str) -> bool:
    """``?hints`` and ``?hints=1`` turn a switch on; ``?hints=0`` or ``=false`` leave it off."""
    return name in params and params[name].strip().lower() not in SWITCH_OFF


def from_query(query: str) -> Launch:
    """Settings from a query string such as ``?level=expert&seed=7``."""
    from urllib.parse import parse_qsl  # the page passes the browser's own parse instead

    return from_params(first_values(parse_qsl(query.lstrip("?"), keep_blank_values=True)))


def _level(params: Mapping[str, str]) -> tuple[Level | None, str | None]:
    """The level the address asks for (None: the default) and why it was ignored."""
    if any(key in params for key in ("rows", "cols", "mines")):
        try:
            missing = [key for key in ("rows", "cols", "mines") if key not in params]
            if missing:
                raise InvalidLevelError(
                    f"rows, cols and mines go together, but {' and '.join(missing)} "
                    f"{be(len(missing))} missing"
                )
            rows = parse_whole(params["rows"], "rows", 1, MAX_SIDE, InvalidLevelError)
            cols = parse_whole(params["cols"], "cols", 1, MAX_SIDE, InvalidLevelError)
            # The level itself says how many mines fit on this board.
            mines = parse_whole(params["mines"], "mines", 1, MAX_SIDE**2, InvalidLevelError)
            return Level(rows, cols, mines), None
        except InvalidLevelError as error:
            given = "&".join(
                _shown(params, key) for key in ("rows", "cols", "mines") if key in params
            )
            return None, f"Ignored {given}: {_reason(error)}."
    if "level" in params:
        name = params["level"].strip().lower()
        if name in PRESETS:
            return PRESETS[name], None
        *most, last = PRESETS
        names = f"{', '.join(most)} or {last}"
        return None, f"Ignored {_shown(params, 'level')}: use {names}."
    return None, None


def from_params(params: Mapping[str, str]) -> Launch:
    """Settings from address parameters, each name with its first value."""
    messages: list[str] = []
    ignored: set[str] = set()
    level, problem = _level(params)
    if problem:
        messages.append(problem)
        ignored.add("level")
    seed = None
    if "seed" in params:
        try:
            seed = parse_seed(params["seed"])
        except ValueError as error:
            messages.append(f"Ignored {_shown(params, 'seed')}: {_reason(error)}.")
            ignored.add("seed")
    settings = Settings(show_chances=_switch(params, "hints"), no_guess=_switch(params, "noguess"))
    given = {name for key, name in _SWITCHES.items() if key in params}
    if "first" in params:
        rule, problem = _first_click(params)
        if rule is None:
            messages.append(problem)
        else:
            settings = replace(settings, first_click=rule)
            given.add("first_click")
    if level is not None:
        last_custom = level if level.name == "custom" else None
        settings = replace(settings, level=level, last_custom=last_custom)
        given |= {"level", "last_custom"} if last_custom else {"level"}
    daily, wants_today = None, False
    if "daily" in params:
        daily, wants_today, problem = _daily(params)
        if problem:
            messages.append(problem)
    race = None
    if RACE_PARAM in params:  # a race link: its board wins over the address's others
        race, problem = _race(params)
        if race is None:
            messages.append(problem)
        else:
            settings = replace(
                settings,
                level=race.level,
                last_custom=race.level if race.level.name == "custom" else None,
                first_click=FirstClick(race.rule),
                no_guess=race.no_guess,
            )
            given |= {"level", "first_click", "no_guess"}
            given |= {"last_custom"} if race.level.name == "custom" else set()
            seed, daily, wants_today = race.seed, None, False
    drill, drill_note = _drill(params) if "drill" in params else (None, None)
    position = None
    if "position" in params:  # the analysis editor's link: a bad one is said, then ignored
        try:
            position = SeenPosition.parse_link(params["position"])
        except PositionTextError as error:
            messages.append(f"Ignored {_shown(params, 'position')}: {_reason(error)}.")
    return Launch(
        settings,
        seed,
        _switch(params, "auto"),
        tuple(messages),
        frozenset(given),
        daily,
        wants_today,
        frozenset(ignored),
        linked=seed is not None,
        position=position,
        race=race,
        drill=drill,
        drill_note=drill_note,
        lab="lab" in params,
    )


def _drill(params: Mapping[str, str]) -> tuple[str | None, str | None]:
    """The bank drill ``?drill=`` names, or the day's and why the value was ignored.

    >>> _drill({"drill": "1-2-1-42"}), _drill({"drill": "Daily"}), _drill({"drill": "1-2-1"})
    (('1-2-1-42', None), ('daily', None), ('1-2-1', None))
    >>> _drill({"drill": "1-2-1-x"})
    ('daily', "Ignored drill=1-2-1-x: a drill's seed is a number of up to 9 digits, such as \
1-2-1-42. Practising today's drill instead.")
    """
    from play.practice.drill import BadDrill, bank_key  # small: no solver, no scheduler

    if params["drill"].strip().lower() == "daily":
        return "daily", None
    try:
        kind, seed = bank_key(params["drill"])
    except BadDrill as error:
        why = f"Ignored {_shown(params, 'drill')}: {error}."
        return "daily", why + " Practising today's drill instead."
    if params["drill"].strip() == kind:
        return kind, None  # a kind alone: Practice deals it a seed of chance
    return f"{kind}-{seed}", None


def _race(params: Mapping[str, str]) -> tuple[Ghost | None, str]:
    """The ghost ``?race=`` carries, or None and why it was refused (a normal game is
    played instead).

    >>> _race({"race": "AQkJ"})
    (None, 'Ignored the race link: This race link is damaged or cut short: ask for it again. \
Playing a normal game instead.')
    """
    try:
        return Ghost.from_link(params[RACE_PARAM].strip()), ""
    except BadRaceLink as error:
        return None, f"Ignored the race link: {error} Playing a normal game instead."


def _first_click(params: Mapping[str, str]) -> tuple[FirstClick | None, str]:
    """The first-click rule ``?first=`` names, or None and why it was ignored (the
    player's own setting stays in force).

    >>> _first_click({"first": "Safe"})
    (<FirstClick.SAFE: 'safe'>, '')
    >>> _first_click({"first": "windows"})
    (None, 'Ignored first=windows: use opening, safe or none. Your own first-click rule stays.')
    """
    try:
        return FirstClick.parse(params["first"]), ""
    except InvalidFirstClickError:
        *most, last = (rule.value for rule in FirstClick)
        return None, (
            f"Ignored {_shown(params, 'first')}: use {', '.join(most)} or {last}. "
            "Your own first-click rule stays."
        )


_SWITCHES = {"hints": "show_chances", "noguess": "no_guess"}
SWITCHES = frozenset({*_SWITCHES.values(), "first_click"})
"""The settings a link's switches (``?hints``, ``?noguess``) and its first-click rule
(``?first=safe``, a part of the board) set: for the visit it opened,
never for the player's saved settings, so one shared link does not change every later
game (a link to a no-guess board would otherwise keep every later board out of the best
times). The player changing one by hand makes it the player's own again."""


def _daily(params: Mapping[str, str]) -> tuple[date | None, bool, str | None]:
    """``?daily=2026-11-22`` names a day; ``?daily`` alone (or a bad date) means today."""
    text = params["daily"].strip()
    if not text:
        return None, True, None
    try:
        # YYYY-MM-DD only: each Python reads other forms its own way (3.11 takes
        # "20261122T1"), and the loading page must read the address as this does.
        day = date.fromisoformat(text) if len(text) == 10 and text.isascii() else None
        if day is None or day.isoformat() != text:
            raise ValueError
        return day, False, None
    except ValueError:
        problem = f"Ignored {_shown(params, 'daily')}: use a date such as 2026-11-22. "
        return None, True, problem + "Playing today's daily board."


def to_query(
    level: Level,
    seed: int,
    daily: str | None = None,
    no_guess: bool = False,
    first_click: FirstClick = FirstClick.OPENING,
) -> str:
    """The address of a board, so that copying it shares the board. A no-guess board says
    so, and so does a first-click rule other than the default: the same seed deals
    another board without them.

    >>> to_query(Level(16, 30, 99), 7), to_query(Level(10, 12, 20), 7)
    ('?level=expert&seed=7', '?rows=10&cols=12&mines=20&seed=7')
    >>> to_query(Level(16, 30, 99), 7, daily="2026-11-22")
    '?level=expert&daily=2026-11-22'
    >>> to_query(Level(9, 9, 10), 7, no_guess=True)
    '?level=beginner&seed=7&noguess'
    >>> to_query(Level(9, 9, 10), 7, first_click=FirstClick.SAFE)
    '?level=beginner&seed=7&first=safe'
    """
    name = level.name
    board = (
        f"level={name}"
        if name in PRESETS
        else (f"rows={level.rows}&cols={level.cols}&mines={level.mines}")
    )
    if daily:
        return f"?{board}&daily={daily}"
    rule = "" if first_click is FirstClick.OPENING else f"&first={first_click}"
    return f"?{board}&seed={seed}{'&noguess' if no_guess else ''}{rule}"
