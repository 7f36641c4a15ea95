"""The choices that shape a game and how it is played, as one immutable value.

The session holds the current :class:`Settings`; every change goes through the
session's one call (:meth:`play.session.Session.change`), which checks it here
(:func:`changed`) and asks here what it does to the game in play (:func:`effect`).

>>> s = Settings()
>>> s.level.name, s.question_marks, s.click_chords, s.no_guess
('beginner', True, False, False)
>>> s.custom_default
Level(rows=9, cols=9, mines=10)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from engine import BEGINNER, FirstClick, Game, Level, Status

AUTO_DELAYS_MS = (600, 200, 40, 0)
"""Slow, Normal, Fast, Instant: pauses between the auto-player's moves."""
THEMES = ("classic", "contrast", "colorblind", "dark")
"""Board themes: Classic, High contrast, Colour-blind safe, Dark (static/style.css)."""
CELL_SIZES = ("s", "m", "l", "fit")
"""Cell sizes: small, medium (the default), large, and fit the board to the screen."""
FIRST_CLICK_CHOICES = (
    (FirstClick.OPENING, "Opens an area", "the first click opens an area (the default)"),
    (FirstClick.SAFE, "Safe", "the first click is never a mine, but may show a number"),
    (FirstClick.NONE, "None", "the first click may lose"),
)
"""The first-click rules as a settings menu offers them: the rule, its label and what it
does, the same words in every front end."""


def first_click_later(rule: FirstClick) -> str:
    """The notice when the rule is changed on a game already begun: the game keeps its own
    (a game not begun is dealt again under the new rule, as a no-guess switch does).

    >>> [first_click_later(rule) for rule in FirstClick]  # doctest: +NORMALIZE_WHITESPACE
    ['First clicks open an area from the next game.', 'First clicks are safe from the next
    game.', 'First clicks may lose from the next game.']
    """
    said = {
        FirstClick.OPENING: "open an area",
        FirstClick.SAFE: "are safe",
        FirstClick.NONE: "may lose",
    }
    return f"First clicks {said[rule]} from the next game."


@dataclass(frozen=True, slots=True)
class Settings:
    level: Level = BEGINNER
    question_marks: bool = True
    """Marks cycle flag -> ? -> covered; without them flag -> covered."""
    click_chords: bool = False
    """A left click on an open number chords (touch and keys always do)."""
    flag_mode: bool = False
    """Taps flag and long presses reveal: for one-handed play on a phone."""
    no_guess: bool = False
    show_chances: bool = False
    """The solver's mine chances over every covered cell (an assisted game)."""
    auto_delay_ms: int = 200
    last_custom: Level | None = None
    """The player's last custom board, which the custom dialog offers again."""
    theme: str = "classic"
    """One of :data:`THEMES`."""
    cell_size: str = "m"
    """One of :data:`CELL_SIZES`."""
    player_name: str = ""
    """The name written into the videos the player saves (EVF files); empty: none."""
    live_counters: bool = False
    """The counters while playing (:mod:`engine.live`: 3BV solved, 3BV/s, clicks,
    efficiency so far, an estimated finish); off by default."""
    first_click: FirstClick = FirstClick.OPENING
    """What the first reveal of a new board is promised (:mod:`engine.first_click`); kept
    as its text, ``safe``. Settings kept before it existed read as ``opening``."""

    @property
    def custom_default(self) -> Level:
        """What the custom dialog is filled with: the last custom board, else the level."""
        return self.last_custom or self.level

    def to_data(self) -> dict[str, Any]:
        """The settings as JSON data: levels in their text form, ``30x16/99``."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = str(value) if isinstance(value, Level | FirstClick) else value
        return data

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """Settings from :meth:`to_data`'s form. A value of the wrong kind keeps its default,
        and a key this version does not know is ignored, so old and new saves both load.

        >>> Settings.from_data({"level": "30x16/99", "question_marks": "yes", "x": 1}).level
        Level(rows=16, cols=30, mines=99)
        >>> Settings.from_data(Settings(last_custom=Level(5, 5, 3)).to_data()).last_custom
        Level(rows=5, cols=5, mines=3)
        >>> [Settings.from_data({"first_click": v}).first_click.value for v in ("safe", "x", 3)]
        ['safe', 'opening', 'opening']
        """
        if not isinstance(data, dict):
            raise ValueError("settings must be an object")
        settings = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(settings, f.name)
            if f.name in ("level", "last_custom"):
                try:
                    value = None if value is None else Level.parse(str(value))
                except ValueError:
                    continue
                if value is None and f.name == "level":
                    continue
            elif f.name == "first_click":
                # A rule this version does not know keeps the default; reading the kept
                # settings counts it lost (play.keeping.parts.read_settings), and says so.
                try:
                    value = FirstClick.parse(value) if isinstance(value, str) else None
                except ValueError:
                    continue
                if value is None:
                    continue
            elif type(value) is not type(default):
                continue
            settings = replace(settings, **{f.name: value})
        if settings.auto_delay_ms not in AUTO_DELAYS_MS:
            settings = replace(settings, auto_delay_ms=200)
        if settings.theme not in THEMES:
            settings = replace(settings, theme="classic")
        if settings.cell_size not in CELL_SIZES:
            settings = replace(settings, cell_size="m")
        if settings.player_name != player_name(settings.player_name):
            settings = replace(settings, player_name=player_name(settings.player_name))
        return settings


LONGEST_NAME = 40
"""Characters a player's name keeps: a video's player field, not an essay."""


def player_name(text: str) -> str:
    """A name as kept: printable characters only, spaces trimmed, at most
    :data:`LONGEST_NAME` characters.

    >>> player_name("  Ada\\x00 Lovelace\\n"), len(player_name("x" * 99))
    ('Ada Lovelace', 40)
    """
    return "".join(c for c in text if c.isprintable()).strip()[:LONGEST_NAME].strip()


def changed(settings: Settings, changes: Mapping[str, Any]) -> tuple[Settings, list[str]]:
    """``settings`` with ``changes`` (field name -> value), each checked, and the player's
    words for what was refused: a name that is no setting, a value of the wrong kind, a
    theme or a cell size there is not. A name is kept as :func:`player_name` keeps it, a
    delay is never below 0, and a custom level is the one the custom dialog offers again.

    >>> s, refused = changed(Settings(), {"theme": "dark", "cell_size": "xl", "auto_delay_ms": -5})
    >>> s.theme, s.cell_size, s.auto_delay_ms, refused
    ('dark', 'm', 0, ["There is no cell size 'xl': the cells keep their size."])
    >>> changed(Settings(), {"level": Level(5, 5, 3)})[0].last_custom
    Level(rows=5, cols=5, mines=3)
    """
    known = {f.name: f for f in fields(Settings)}
    accepted: dict[str, Any] = {}
    refused: list[str] = []
    for name, value in changes.items():
        if name not in known:
            refused.append(f"There is no setting {name!r}: nothing changed.")
        elif name in ("level", "last_custom"):
            if isinstance(value, Level) or (name == "last_custom" and value is None):
                accepted[name] = value
            else:
                refused.append(f"{value!r} is not a board: the {name} stays.")
        elif type(value) is not type(getattr(settings, name)):
            refused.append(f"{value!r} does not fit the setting {name!r}: it stays.")
        elif name == "theme" and value not in THEMES:
            refused.append(f"There is no {value!r} theme: the board keeps its look.")
        elif name == "cell_size" and value not in CELL_SIZES:
            refused.append(f"There is no cell size {value!r}: the cells keep their size.")
        else:
            accepted[name] = value
    if "player_name" in accepted:
        accepted["player_name"] = player_name(accepted["player_name"])
    if "auto_delay_ms" in accepted:
        accepted["auto_delay_ms"] = max(0, accepted["auto_delay_ms"])
    level = accepted.get("level")
    if level is not None and level.name == "custom":
        accepted["last_custom"] = level
    return replace(settings, **accepted), refused


@dataclass(frozen=True, slots=True)
class Effect:
    """What a change of settings does to the game in play; the session does it."""

    question_marks: bool | None = None
    """Marks cycle through "?" (or not) in this game from now on."""
    assisted: bool = False
    """The game in progress becomes an assisted one."""
    new_game: bool = False
    """A new game at once (a level was chosen)."""
    deal_again: bool = False
    """The same seed dealt again under the new settings (nothing is played yet)."""
    notice: str | None = None
    """The change waits for the next game, and this says so."""


def effect(game: Game, settings: Settings, changes: Mapping[str, Any]) -> Effect:
    """What putting ``settings`` in force, by ``changes``, does to ``game``, the game in
    play. Question marks change at once, even mid-game (a "?" placed stays until cycled);
    no-guess and the first-click rule deal the same seed again if nothing is played yet,
    else start with the next game; showing the chances makes the game in progress an
    assisted one; a level (even the same one) is played from now on, a new game at once. A
    finished game keeps all.

    >>> from engine import new_game
    >>> effect(new_game(seed=1), Settings(no_guess=True), {"no_guess": True}).deal_again
    True
    >>> effect(new_game(seed=1), Settings(show_chances=True), {"show_chances": True}).assisted
    True
    """
    playing = not game.status.is_over
    marks = settings.question_marks
    switch_marks = "question_marks" in changes and playing and game.question_marks != marks
    assisted = "show_chances" in changes and settings.show_chances and playing
    if isinstance(changes.get("level"), Level):
        return Effect(marks if switch_marks else None, assisted, new_game=True)
    notice, again = None, False
    if "no_guess" in changes and playing and game.no_guess != settings.no_guess:
        again = game.status is Status.READY
        kind = "No-guess boards" if settings.no_guess else "Normal boards"
        notice = None if again else f"{kind} start with the next game."
    elif "first_click" in changes and playing and game.first_click != settings.first_click:
        again = game.status is Status.READY  # as no-guess: the same seed under the new rule
        notice = None if again else first_click_later(settings.first_click)
    return Effect(marks if switch_marks else None, assisted, deal_again=again, notice=notice)


class InForce:
    """The settings in force for a session, and the player's own, which are the ones kept.

    They differ where a link switched something on for its visit only (see
    :data:`play.start.address.SWITCHES`): ``for_this_visit`` holds the player's own value of
    each such setting, until the player changes it by hand, when it is theirs again.

    >>> kept = []
    >>> chosen = InForce(Settings(no_guess=True), {"no_guess": False}, kept.append)
    >>> chosen.change(replace(chosen.settings, theme="dark"))
    >>> kept[-1].theme, kept[-1].no_guess, chosen.settings.no_guess
    ('dark', False, True)
    """

    def __init__(
        self,
        settings: Settings,
        for_this_visit: Mapping[str, Any] | None = None,
        keep: Callable[[Settings], None] | None = None,
    ) -> None:
        self.settings = settings
        self._for_this_visit = dict(for_this_visit or {})
        self._keep = keep

    @property
    def kept(self) -> Settings:
        """The settings as kept for later visits: the player's own, without a link's."""
        return replace(self.settings, **self._for_this_visit)

    def change(self, settings: Settings) -> None:
        """Put ``settings`` in force, and keep them at once (a link's switches excepted,
        until the player changes them by hand)."""
        for name in [
            n for n in self._for_this_visit if getattr(settings, n) != getattr(self.settings, n)
        ]:
            del self._for_this_visit[name]
        self.settings = settings
        if self._keep is not None:
            self._keep(self.kept)
