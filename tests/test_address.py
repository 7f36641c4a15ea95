"""The page's address read into settings, and the game clock: pure parts of the play layer."""

from __future__ import annotations

from urllib.parse import quote, unquote

import pytest
from hypothesis import given

from engine import EXPERT, Level
from engine.position_text import SeenPosition
from play.game.clock import Stopwatch
from play.start.address import first_values, from_params, from_query, position_query
from tests.test_position_text import positions

# --- the clock -----------------------------------------------------------------------------


def test_stopwatch_wakes_on_whole_seconds_and_freezes_when_stopped() -> None:
    w = Stopwatch()
    w.start(100.0)
    assert w.until_next_tick(100.25) == pytest.approx(0.75)
    assert w.display(100.999) == 1 and w.display(101.0) == 2
    w.stop(105.5)
    assert w.display(200.0) == 6 and not w.running
    w.reset()
    assert w.display(300.0) == 0 and w.elapsed(300.0) == 0.0


# --- the address ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, level",
    [
        ("", Level(9, 9, 10)),
        ("?level=intermediate", Level(16, 16, 40)),
        ("?level=EXPERT", EXPERT),
        ("?level=expert-portrait", Level(30, 16, 99)),
        ("?rows=20&cols=40&mines=100", Level(20, 40, 100)),
        ("?level=expert&rows=5&cols=5&mines=3", Level(5, 5, 3)),  # an explicit size wins
    ],
)
def test_good_queries(query: str, level: Level) -> None:
    parsed = from_query(query)
    assert parsed.settings.level == level and parsed.messages == ()


@pytest.mark.parametrize(
    "query, says",
    [
        ("?level=impossible", "Ignored level=impossible"),
        ("?rows=9&cols=9&mines=81", "takes 1 to 80 mines"),
        ("?rows=9&cols=9", "mines is missing"),
        ("?rows=0&cols=9&mines=1", "rows must be"),
        ("?rows=1e3&cols=9&mines=1", "rows must be a whole number"),
        ("?rows=2000&cols=2000&mines=5", "1000"),
    ],
)
def test_bad_sizes_fall_back_to_beginner_with_a_message(query: str, says: str) -> None:
    parsed = from_query(query)
    assert parsed.settings.level == Level(9, 9, 10) and parsed.ignored == {"level"}
    assert len(parsed.messages) == 1 and says in parsed.messages[0]


@pytest.mark.parametrize("seed", ["x", "-1", "1.5", "99999999999999999999", "", "4_2", "%2B42"])
def test_bad_seeds_fall_back_to_random(seed: str) -> None:
    parsed = from_query(f"?seed={seed}")
    assert parsed.seed is None and parsed.ignored == {"seed"} and not parsed.linked
    assert parsed.messages[0].startswith("Ignored seed=")


def test_switches() -> None:
    assert from_query("?hints&auto=1&noguess=true").settings.show_chances
    parsed = from_query("?hints=0&auto=false")
    assert not parsed.settings.show_chances and not parsed.auto and not parsed.settings.no_guess


@pytest.mark.parametrize("key", ["rows", "cols", "mines", "seed"])
def test_numbers_beyond_pythons_digit_limit_get_our_message(key: str) -> None:
    """Bug 11: 4,301 digits stopped the page with Python's own "Exceeds the limit"."""
    params = {"rows": "9", "cols": "9", "mines": "10", key: "1" * 4301}
    launch = from_params(params)
    assert len(launch.messages) == 1
    message = launch.messages[0]
    assert "Exceeds" not in message and "4300" not in message
    assert message.startswith("Ignored")


def test_messages_quote_only_a_short_excerpt_of_a_bad_value() -> None:
    """Bug 12: a 20,000-character seed made a 20,097-character message."""
    for params in ({"seed": "x" * 20_000}, {"level": "y" * 20_000}, {"rows": "z" * 20_000}):
        (message,) = from_params(params).messages
        assert len(message) < 200, message


def test_a_repeated_key_takes_its_first_value_everywhere() -> None:
    """Bug 14: the browser took the first value, from_query the last."""
    assert first_values([("seed", "1"), ("seed", "2")]) == {"seed": "1"}
    assert from_query("?seed=1&seed=2").seed == 1
    assert from_query("?level=expert&level=beginner").settings.level == EXPERT


def test_a_custom_size_from_the_address_is_the_custom_boards_default() -> None:
    settings = from_query("?rows=10&cols=12&mines=20").settings
    assert settings.last_custom == Level(10, 12, 20)
    assert from_query("?level=expert").settings.last_custom is None


# --- the analysis editor's position link -----------------------------------------------------


@given(positions())
def test_a_position_link_reads_as_written_and_back_the_same(position: SeenPosition) -> None:
    """The link shows the readable form (``?position=2:---/121/...``, as the README does),
    nothing percent-encoded: every character of the link form is one a query may hold."""
    query = position_query(position)
    assert query == f"position={position.link_text()}" and "%" not in query
    assert from_query(f"?{query}").position == position
    # What a browser or a chat program may make of it, percent-encoded, reads the same.
    assert from_query(f"?position={quote(position.link_text(), safe='')}").position == position
    # And what the page's own parse gets (the browser decodes it before Python sees it).
    assert from_params({"position": unquote(query.partition("=")[2])}).position == position


def test_the_readme_position_link_reads() -> None:
    position = SeenPosition.parse("2 mines\n###\n121\n...")
    assert position_query(position) == "position=2:---/121/..."
    assert from_query("?position=2%3A---%2F121%2F...").position == position


def test_a_number_too_long_for_python_reaches_the_page_as_our_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The real page opened at such an address (moved from the browser tests: nothing in
    it is the browser's): the level's own board, and our words in the notice."""
    from tests import fake_browser
    from tests.fake_dom import settle
    from tests.helpers import run
    from tests.real_page import OpenPage
    from web.page import ids

    fake_browser.install(monkeypatch)

    async def opened() -> None:
        page = OpenPage(query="?rows=" + "1" * 4301 + "&cols=9&mines=10")
        await settle()
        assert page.element(ids.BOARD).dataset.rows == "9"
        said = page.text(ids.MESSAGE).strip()
        assert said.startswith("Ignored") and "Exceeds" not in said and "4300" not in said
        page.close()

    run(opened)


# --- the real page opened at an address (moved from the browser tests) -------------------------


def test_a_repeated_address_key_takes_its_first_value_on_the_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The browser's address parse and ours agree (bug 14): the first seed and level."""
    from engine import INTERMEDIATE, Move, apply, new_game
    from tests import fake_browser
    from tests.drawn import drawn_text
    from tests.helpers import run
    from tests.real_page import OpenPage

    fake_browser.install(monkeypatch)

    async def opened() -> None:
        page = OpenPage(query="?seed=11&seed=12&level=intermediate&level=beginner")
        page.click(8, 8)
        game = apply(new_game(INTERMEDIATE, 11), Move.reveal(8, 8)).game
        assert drawn_text(page.document) == game.to_text()
        page.close()

    run(opened)


def test_a_reload_after_a_finished_game_deals_a_fresh_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """F5 after a loss dealt the same board again (the seed stays in the address): its win
    then set a best time on a board the player had seen. A reload: a new page over the same
    storage, at the address the old one wrote."""
    from play.keeping.storage import MemoryStorage
    from tests import fake_browser
    from tests.helpers import run
    from tests.real_page import OpenPage
    from web.page import ids

    fake_browser.install(monkeypatch)

    async def opened() -> None:
        storage = MemoryStorage()
        page = OpenPage(storage, query="?level=beginner")
        page.click(4, 4)
        seed = from_query(page.window.location.search).seed
        assert seed == page.session.game.seed
        layout = page.session.game.layout
        assert layout is not None
        page.click(*page.session.game.grid.row_col(min(layout.mines)))
        assert page.element(ids.BOARD).dataset.status == "lost"
        address, state = page.window.location.search, page.window.history.state
        page.close()
        again = OpenPage(storage, query=address, state=state, first_seed=seed + 1)
        assert again.element(ids.BOARD).dataset.status == "ready"
        assert from_query(again.window.location.search).seed != seed
        assert "same board" not in again.text(ids.MESSAGE)
        again.close()

    run(opened)


def test_no_daily_board_of_a_day_to_come_nor_on_a_custom_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from datetime import date

    from tests import fake_browser
    from tests.helpers import run
    from tests.real_page import OpenPage
    from web.page import ids

    fake_browser.install(monkeypatch)

    async def opened() -> None:
        today = date(2026, 11, 22)
        page = OpenPage(query="?level=expert&daily=2099-01-01", today=lambda: today)
        assert "The daily board of 2099-01-01 is not out yet." in page.text(ids.MESSAGE)
        assert page.element(ids.BOARD).dataset.status == "ready"
        assert "daily" not in page.window.location.search
        page.close()
        page = OpenPage(query="?rows=1&cols=2&mines=1", today=lambda: today)
        page.fire(ids.DAILY, "click")
        assert "Beginner, Intermediate or Expert" in page.text(ids.MESSAGE)
        assert page.element(ids.BOARD).dataset.status == "ready"
        assert "daily" not in page.window.location.search
        page.close()

    run(opened)
