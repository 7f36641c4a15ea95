"""The board's look as session settings, and the pure parts of its web adapters."""

from __future__ import annotations

import doctest
from pathlib import Path
from types import ModuleType

import pytest

from engine import EXPERT, EXPERT_PORTRAIT, INTERMEDIATE, InvalidLevelError, parse_custom
from play.game import Settings
from play.game.settings import CELL_SIZES, THEMES
from play.session import Session
from web.board import panel
from web.controls import appearance
from web.controls.appearance import level_for_screen
from web.page import ids, spoken
from web.page.spoken import fields_in_error


@pytest.mark.parametrize("module", [appearance, spoken, panel])
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_defaults_are_classic_and_medium() -> None:
    assert (Settings().theme, Settings().cell_size) == ("classic", "m")


@pytest.mark.parametrize("theme", THEMES)
def test_a_theme_change_applies_at_once_mid_game(theme: str) -> None:
    session = Session(seed=1)
    game = session.game
    session.change(theme=theme)
    assert session.settings.theme == theme
    assert session.game is game, "a new look never deals a new game"


@pytest.mark.parametrize("size", CELL_SIZES)
def test_a_cell_size_change_applies_at_once(size: str) -> None:
    session = Session(seed=1)
    game = session.game
    session.change(cell_size=size)
    assert session.settings.cell_size == size
    assert session.game is game


def test_an_unknown_theme_or_size_is_refused_with_a_notice() -> None:
    session = Session(seed=1)
    session.change(theme="neon")
    assert session.settings.theme == "classic"
    assert session.notice is not None and "neon" in session.notice.text
    session.change(cell_size="xxl")
    assert session.settings.cell_size == "m"
    assert session.notice is not None and "xxl" in session.notice.text


def test_saved_look_comes_back_and_bad_values_fall_back() -> None:
    kept = Settings(theme="dark", cell_size="fit").to_data()
    assert Settings.from_data(kept).theme == "dark"
    assert Settings.from_data(kept).cell_size == "fit"
    bad = Settings.from_data({"theme": "neon", "cell_size": 3})
    assert (bad.theme, bad.cell_size) == ("classic", "m")


def test_menus_offer_exactly_the_settings_values() -> None:
    """index.html's two menus and play.game.settings name the same themes and sizes."""
    html = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    for menu, values in ((ids.THEME, THEMES), (ids.CELL_SIZE, CELL_SIZES)):
        start = html.index(f'<select id="{menu}">')
        options = html[start : html.index("</select>", start)]
        offered = tuple(part.split('"', 1)[0] for part in options.split('value="')[1:])
        assert offered == values, (menu, offered)


@pytest.mark.parametrize(
    ("width", "height", "expected"),
    [
        (390, 844, EXPERT_PORTRAIT),  # a phone held upright
        (360, 740, EXPERT_PORTRAIT),
        (844, 390, EXPERT),  # the same phone on its side
        (1280, 800, EXPERT),  # a desktop
        (820, 1180, EXPERT),  # a tablet wide enough for 30 columns of 24 px
    ],
)
def test_expert_turns_on_its_side_on_a_narrow_portrait_screen(
    width: int, height: int, expected: object
) -> None:
    assert level_for_screen(EXPERT, width, height) == expected


def test_other_levels_never_turn() -> None:
    assert level_for_screen(INTERMEDIATE, 390, 844) == INTERMEDIATE
    assert level_for_screen(EXPERT_PORTRAIT, 1280, 800) == EXPERT_PORTRAIT


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (("abc", "9", "10"), (ids.CUSTOM_ROWS,)),
        (("9", "x", "10"), (ids.CUSTOM_COLS,)),
        (("9", "9", "x"), (ids.CUSTOM_MINES,)),
        (("10", "12", "500"), (ids.CUSTOM_MINES,)),
        (("9", "9", "0"), (ids.CUSTOM_MINES,)),
        (("1", "1", "1"), (ids.CUSTOM_ROWS, ids.CUSTOM_COLS)),
        (("2000", "9", "9"), (ids.CUSTOM_ROWS,)),
    ],
)
def test_each_dialog_error_names_its_field(fields: tuple[str, str, str], expected: object) -> None:
    """The engine's real messages, not copies of them: a reworded message still maps."""
    with pytest.raises(InvalidLevelError) as problem:
        parse_custom(*fields)
    assert fields_in_error(str(problem.value)) == expected
