import pytest

from engine import BEGINNER, EXPERT, EXPERT_PORTRAIT, INTERMEDIATE, InvalidLevelError, Level


def test_presets_are_the_classic_sizes() -> None:
    assert (BEGINNER.rows, BEGINNER.cols, BEGINNER.mines) == (9, 9, 10)
    assert (INTERMEDIATE.rows, INTERMEDIATE.cols, INTERMEDIATE.mines) == (16, 16, 40)
    assert (EXPERT.rows, EXPERT.cols, EXPERT.mines) == (16, 30, 99)
    assert (EXPERT_PORTRAIT.rows, EXPERT_PORTRAIT.cols, EXPERT_PORTRAIT.mines) == (30, 16, 99)


@pytest.mark.parametrize("level", [BEGINNER, INTERMEDIATE, EXPERT, EXPERT_PORTRAIT])
def test_text_round_trip(level: Level) -> None:
    assert Level.parse(str(level)) == level
    assert Level.parse(level.name) == level


def test_text_is_width_first() -> None:
    assert str(EXPERT) == "30x16/99"
    assert Level.parse("16x30/99") == EXPERT_PORTRAIT
    assert Level.parse(" 12 x 5 / 7 ").name == "custom"


@pytest.mark.parametrize("rows, cols, mines", [(1, 2, 1), (1000, 1000, 999_999), (2, 1, 1)])
def test_extremes_are_accepted(rows: int, cols: int, mines: int) -> None:
    assert Level(rows, cols, mines).cells == rows * cols


@pytest.mark.parametrize(
    "rows, cols, mines, says",
    [
        (0, 9, 1, "rows must be from 1 to 1000, got 0"),
        (9, 1001, 1, "columns must be from 1 to 1000, got 1001"),
        (9, 9, 0, "a 9x9 board takes 1 to 80 mines, got 0"),
        (9, 9, 81, "a 9x9 board takes 1 to 80 mines, got 81"),
        (1, 1, 1, "a 1x1 board has no room for mines: make it at least 2 cells"),
        (9, 9, -3, "a 9x9 board takes 1 to 80 mines, got -3"),
    ],
)
def test_impossible_levels_say_what_is_allowed(rows: int, cols: int, mines: int, says: str) -> None:
    with pytest.raises(InvalidLevelError, match=says):
        Level(rows, cols, mines)


def test_non_integers_are_refused() -> None:
    with pytest.raises(InvalidLevelError, match="whole number"):
        Level(9.0, 9, 10)  # type: ignore[arg-type]
    with pytest.raises(InvalidLevelError, match="whole number"):
        Level(True, 9, 1)


@pytest.mark.parametrize("text", ["", "huge", "9x9", "9x9/", "-9x9/10", "9x9/10/3", "axb/c"])
def test_bad_level_text(text: str) -> None:
    with pytest.raises(InvalidLevelError, match="COLSxROWS/MINES"):
        Level.parse(text)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Level.parse("0x0/0")
