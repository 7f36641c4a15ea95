"""The bot lab's parts the page runs, in CPython: the worker's side (a bot's replies as
JSON), the referee driven a move at a time, the figures, the settings as typed, and the
code field's edits. The page's own run of them is tests/e2e/test_lab.py."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from engine import BEGINNER, INTERMEDIATE, Level
from play.lab import LabSettings, LabSettingsError, Tally, load_bot, play_async, referee_game
from play.lab.boards import Boards
from play.lab.code_text import changed_span, dedent, indent, index_to_utf16, newline, utf16_to_index
from play.lab.protocol import question
from play.lab.referee import GameEnd, Referee, Reply, view_of
from play.lab.solver_bot import SolverBot
from play.lab.worker import BotHost, solver_wins
from terminal.bot import play_games
from tests import helpers

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "bots").glob("*.py"))


def page_games(source: str, level: Level, boards: Boards, games: int) -> list[GameEnd]:
    """The games as the page plays them: questions as JSON to a BotHost (the worker's
    side), replies judged by the referee, awaited a move at a time."""
    host = BotHost()
    assert json.loads(host.load(source, "bot.py")) == {"ready": True}

    async def ask(question: str) -> Reply:
        reply: Reply = json.loads(host.answer(question))
        return reply

    async def run() -> list[GameEnd]:
        return [await play_async(ask, level, boards, k) for k in range(games)]

    return helpers.run(run)


def test_each_sample_plays_the_same_games_in_the_page_and_in_the_terminal() -> None:
    assert [path.name for path in SAMPLES] == ["one_number.py", "random_clicker.py"]
    for path in SAMPLES:
        source = path.read_text(encoding="utf-8")
        boards = Boards.fresh()
        page = page_games(source, INTERMEDIATE, boards, 12)
        terminal = play_games(source, INTERMEDIATE, boards, 12)
        assert [(e.won, e.reason, e.moves) for e in page] == [
            (e.won, e.reason, e.moves) for e in terminal
        ]


def test_our_solver_wins_the_same_boards_in_its_worker_as_in_the_terminal() -> None:
    boards = Boards.fresh()
    won = json.loads(solver_wins("beginner", "opening", str(boards), 5, 15))["won"]
    assert won == [referee_game(SolverBot(), BEGINNER, boards.seed(k)).won for k in range(5, 15)]


def test_a_bots_traceback_shows_its_own_lines_only() -> None:
    source = (
        "def helper(view):\n    return view.cells[99]\n\ndef move(view):\n    return helper(view)\n"
    )
    end = referee_game(load_bot(source, "bot.py"), BEGINNER, seed=1)
    assert end.reason == "the bot raised IndexError: tuple index out of range"
    assert 'File "bot.py", line 5, in move' in end.detail
    assert 'File "bot.py", line 2, in helper' in end.detail
    assert "referee.py" not in end.detail and end.detail.endswith(
        "IndexError: tuple index out of range"
    )
    host = BotHost()
    host.load(source, "bot.py")
    view = view_of(bytes([9] * 81), BEGINNER)
    said = json.loads(host.answer(question(view)))
    assert said["error"] == end.reason and said["traceback"] == end.detail


def test_a_bot_that_cannot_be_loaded_is_refused_in_words() -> None:
    for source, words in [
        ("def move(view)\n", "bot.py, line 1: expected ':'"),
        ("import no_such_module\n", "bot.py raised ModuleNotFoundError"),
        ("x = 1\n", "the file defines neither move(view) nor a MinesweeperAI class"),
    ]:
        failed = json.loads(BotHost().load(source, "bot.py"))["failed"]
        assert failed.startswith(words)


@given(
    st.lists(st.tuples(st.booleans(), st.integers(1, 40), st.sampled_from(["won", "x", "y"]))),
    st.lists(st.booleans()),
)
def test_the_figures_count_the_games_as_played(
    bot: list[tuple[bool, int, str]], ours: list[bool]
) -> None:
    ends = [
        GameEnd(won, "won" if won else reason, moves, moves / 1000) for won, moves, reason in bot
    ]
    games = max(len(ends), len(ours), 1)
    lines = Tally(BEGINNER, Boards.numbered(0), games, ends, ours[:games]).lines()
    both = sum(e.won and w for e, w in zip(ends, ours, strict=False))
    if ends and ours:
        assert any(f"both won {both};" in line for line in lines)
    for reason in ("x", "y"):
        count = sum(e.reason == reason for e in ends)
        assert (f"  ended {count}x: {reason}" in lines) == (count > 0)


@given(
    st.dictionaries(
        st.sampled_from(["level", "first", "games", "boards", "key", "seed", "limit"]), st.text()
    )
)
def test_any_typed_settings_are_read_or_refused_in_words(fields: dict[str, str]) -> None:
    try:
        settings = LabSettings.parse(fields)
    except LabSettingsError as error:
        assert str(error).endswith((".", "please.")) or str(error)
        return
    assert 1 <= settings.games <= 10_000 and 0.05 <= settings.limit_s <= 60
    boards = settings.boards()
    assert boards.guessable == settings.numbered
    assert boards.seed(settings.games - 1) >= 0


lines_of_code = st.lists(st.text(alphabet=" ab:\U0001f4a3", max_size=8), min_size=1, max_size=6)


@given(lines_of_code, st.data())
def test_indenting_lines_then_dedenting_them_gives_the_code_back(
    lines: list[str], data: st.DataObject
) -> None:
    text = "\n".join(line.lstrip(" ") for line in lines)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    if "\n" not in text[start:end]:
        return  # a cursor's Tab pads to the next stop: dedent is its inverse only over lines
    indented, first, last = indent(text, start, end)
    assert dedent(indented, first, last)[0] == text


@given(lines_of_code, st.data())
def test_enter_keeps_the_indent_and_typing_only_the_change_gives_the_edit(
    lines: list[str], data: st.DataObject
) -> None:
    text = "\n".join(lines)
    at = data.draw(st.integers(0, len(text)))
    after, cursor, _ = newline(text, at, at)
    line = text[text.rfind("\n", 0, at) + 1 : at]
    pad = after[at + 1 : cursor]
    assert pad.strip(" ") == "" and len(pad) >= len(line) - len(line.lstrip(" "))
    first, last, typed = changed_span(text, after)
    assert text[:first] + typed + text[last:] == after
    assert utf16_to_index(after, index_to_utf16(after, cursor)) == cursor


def test_the_readmes_two_examples_play_as_the_readme_says() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Bot lab", 1)[1].split("\n## ", 1)[0]
    blocks = section.split("```python\n")[1:]
    examples = [block.split("```", 1)[0] for block in blocks]
    assert len(examples) == 2 and "def move(view)" in examples[0]
    assert "class MinesweeperAI" in examples[1]
    for example in examples:
        assert len(example.strip().splitlines()) <= 14
        ends = [referee_game(load_bot(example), BEGINNER, seed) for seed in range(5)]
        assert {end.reason for end in ends} <= {"won", "stepped on a mine"}


@given(
    st.dictionaries(
        st.sampled_from(["move", "refused", "error", "traceback", "seconds", "other"]),
        st.one_of(
            st.none(), st.text(max_size=12), st.integers(), st.floats(), st.lists(st.integers())
        ),
    )
)
def test_any_reply_a_worker_sends_is_judged_or_ends_the_game_in_words(reply: Reply) -> None:
    """A bot can post what it likes in its worker's name: the referee never fails on it."""
    referee = Referee(BEGINNER, 1)
    end = referee.hear(reply)
    assert end is None or (not end.won and end.reason)
    assert referee.seconds >= 0
