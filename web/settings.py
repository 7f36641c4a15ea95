"""Game settings from the page's URL, with a message and a safe fallback for bad values.

>>> s = from_query("?level=expert&seed=42")
>>> s.level.name, s.seed, s.messages
('expert', 42, ())
>>> from_query("?rows=10&cols=20&mines=30").level
Level(rows=10, cols=20, mines=30)
>>> s = from_query("?rows=10&cols=abc&mines=30&seed=-1")
>>> s.level.name, s.seed is None
('beginner', True)
>>> for message in s.messages: print(message)  # doctest: +ELLIPSIS
Ignored rows=10&cols=abc&mines=30: cols must be a whole number. Playing beginner.
Ignored seed=-1: a seed must be a whole number from 0 to .... Using a random seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine import BEGINNER, InvalidLevelError, Level, parse_seed
from engine.level import PRESETS


@dataclass(frozen=True, slots=True)
class Settings:
    level: Level = BEGINNER
    seed: int | None = None
    """The first game's seed; later games get fresh ones."""
    hints: bool = False
    auto: bool = False
    no_guess: bool = False
    messages: tuple[str, ...] = ()


def _whole(params: Mapping[str, str], name: str) -> int:
    text = params[name].strip()
    if not text.isascii() or not text.isdigit():
        raise InvalidLevelError(f"{name} must be a whole number")
    return int(text)


def _switch(params: Mapping[str, str], name: str) -> bool:
    """``?hints`` and ``?hints=1`` turn a switch on; ``?hints=0`` or ``=false`` leave it off."""
    return name in params and params[name].strip().lower() not in ("0", "false", "no", "off")


def from_query(query: str) -> Settings:
    """Settings from a query string such as ``?level=expert&seed=7``."""
    from urllib.parse import parse_qsl  # the page passes the browser's own parse instead

    return from_params(dict(parse_qsl(query.lstrip("?"), keep_blank_values=True)))


def from_params(params: Mapping[str, str]) -> Settings:
    """Settings from URL parameters, each name with its (first) value."""
    messages: list[str] = []
    level = BEGINNER
    size_keys = [key for key in ("rows", "cols", "mines") if key in params]
    if size_keys:
        try:
            missing = {"rows", "cols", "mines"} - set(size_keys)
            if missing:
                absent = ", ".join(sorted(missing))
                raise InvalidLevelError(f"rows, cols and mines go together; {absent} missing")
            level = Level(_whole(params, "rows"), _whole(params, "cols"), _whole(params, "mines"))
        except InvalidLevelError as error:
            shown = "&".join(f"{key}={params[key]}" for key in size_keys)
            messages.append(f"Ignored {shown}: {error}. Playing beginner.")
    elif "level" in params:
        name = params["level"].strip().lower()
        if name in PRESETS:
            level = PRESETS[name]
        else:
            messages.append(
                f"Ignored level={params['level']}: use beginner, intermediate or expert. "
                "Playing beginner."
            )
    seed = None
    if "seed" in params:
        try:
            seed = parse_seed(params["seed"])
        except ValueError as error:
            reason = str(error).split(", got")[0]
            messages.append(f"Ignored seed={params['seed']}: {reason}. Using a random seed.")
    return Settings(
        level=level,
        seed=seed,
        hints=_switch(params, "hints"),
        auto=_switch(params, "auto"),
        no_guess=_switch(params, "noguess"),
        messages=tuple(messages),
    )
