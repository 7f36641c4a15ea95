"""The replays list for competitors: every kept game with its marks and figures, sorted by
any figure and filtered by level, result and mark, the same in the page and the terminal.
The oracle is the ledger itself: each listed game's figures are its entry's, a sort is
checked pairwise and a filter by its complement."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import BEGINNER, INTERMEDIATE, Move
from play.game import Settings
from play.keeping import MARKS, RESULTS, SORTS, BadListView, KeptGame, ListView, mark_words
from play.keeping.game_list import LEVEL_NAMES, level_name
from play.keeping.storage import MemoryStorage
from play.session import Session
from tests.helpers import FakeClock, lose_session_game
from tests.test_board_labels import won
from tests.test_keeping import keeper_on

views = st.builds(
    ListView,
    st.sampled_from(tuple(SORTS)),
    st.none() | st.sampled_from(LEVEL_NAMES),
    st.none() | st.sampled_from(tuple(RESULTS)),
    st.none() | st.sampled_from(tuple(MARKS)),
)


@given(views)
def test_a_view_reads_back_from_its_text(view: ListView) -> None:
    assert ListView.parse(view.to_text()) == view


def kept_games() -> tuple[MemoryStorage, Session, list[KeptGame]]:
    """A player's history: wins and losses on two levels, a retry, an NF win, a race of
    their best and a game left unfinished."""
    store, clock = MemoryStorage(), FakeClock()
    session = Session(Settings(), seed=11, clock=clock, keeper=keeper_on(store))
    won(session, clock)  # a win (flagless: NF)
    assert session.start_race()
    won(session, clock)  # a race of it
    session.new_game(12)
    lose_session_game(session)
    assert session.retry()
    won(session, clock)
    session.change(level=INTERMEDIATE)
    session.new_game(13)
    session.play(Move.reveal(8, 8))
    session.new_game(14)  # the game above, left
    lose_session_game(session)
    session.change(level=BEGINNER)
    for seed in (15, 16):
        session.new_game(seed)
        clock.now += seed
        won(session, clock)
    return store, session, session.replays.games()


STORE, SESSION, GAMES = kept_games()


def test_every_game_is_listed_with_its_result_figures_and_marks() -> None:
    assert len(GAMES) == 8
    results = sorted(game.outcome for game in GAMES)
    assert results == ["abandoned", "lost", "lost", "won", "won", "won", "won", "won"]
    marks = {mark for game in GAMES for mark in game.marks}
    assert {"nf", "race", "retried"} <= marks
    for game in GAMES:
        if game.outcome == "won":
            assert game.bbbv > 0 and game.solved == game.bbbv and game.rate is not None


@settings(max_examples=60)
@given(views)
def test_a_view_lists_exactly_the_games_it_names_in_its_order(view: ListView) -> None:
    listed = SESSION.replays.games(view)
    named = [
        g
        for g in GAMES
        if (view.level is None or level_name(g.board) == view.level)
        and (view.result is None or g.outcome == view.result)
        and (view.mark is None or view.mark in g.marks)
    ]
    assert sorted(g.id for g in listed) == sorted(g.id for g in named)
    figure = {
        "date": lambda g: g.at,
        "time": lambda g: -g.seconds if g.outcome == "won" else None,
        "3bv": lambda g: g.bbbv or None,
        "rate": lambda g: g.rate,
        "efficiency": lambda g: g.efficiency,
    }[view.sort]
    values = [figure(g) for g in listed]
    present = [v for v in values if v is not None]
    assert values[: len(present)] == present  # a game without the figure comes last
    assert all(a >= b for a, b in itertools.pairwise(present))  # type: ignore[operator]


def test_a_view_that_names_nothing_of_ours_is_refused_in_words() -> None:
    for text, words in (
        ("sort=luck", "'luck' is no sort"),
        ("level", "'level' is no choice"),
        ("mark=fast", "'fast' is no mark"),
    ):
        try:
            ListView.parse(text)
        except BadListView as error:
            assert words in str(error)
        else:
            raise AssertionError(text)


def test_the_page_lists_the_games_as_its_selects_sort_and_filter_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The replays dialog of the real page: its sort and filters chosen in the selects, the
    list drawn again in that order, each game with its figures and marks in words."""
    from tests import fake_browser
    from tests.fake_dom import settle
    from tests.helpers import run
    from tests.real_page import OpenPage
    from web.page import ids

    fake_browser.install(monkeypatch)

    async def opened() -> None:
        storage = MemoryStorage()
        storage.items.update(STORE.items)
        page = OpenPage(storage)
        await settle()
        page.fire(ids.REPLAYS_OPEN, "click")

        def listed() -> list[str]:
            return re.findall(
                r'data-replay="([^"]+)"', str(page.element(ids.REPLAY_LIST).innerHTML)
            )

        assert listed() == [g.id for g in GAMES]  # newest first
        assert 'value="rate">Highest 3BV/s first<' in str(page.element(ids.REPLAY_SORT).innerHTML)
        page.element(ids.REPLAY_SORT).value = "rate"
        page.element(ids.REPLAY_RESULT).value = "won"
        page.fire(ids.REPLAY_VIEW, "change")
        by_rate = sorted((g for g in GAMES if g.outcome == "won"), key=lambda g: -(g.rate or 0))
        assert listed() == [g.id for g in by_rate]
        html = str(page.element(ids.REPLAY_LIST).innerHTML)
        assert '<th scope="col">3BV/s</th>' in html
        first = html.split("<tbody>", 1)[1].split("</tr>", 1)[0]
        cells = re.findall(r"<td[^>]*>(.*?)</td>", first)
        best = by_rate[0]
        assert best.rate is not None and cells[5] == f"{best.rate:.2f}"
        assert cells[7] == mark_words(best.marks) and cells[2] == "won"
        page.element(ids.REPLAY_MARK).value = "daily"
        page.fire(ids.REPLAY_VIEW, "change")
        assert listed() == [] and "No game is listed so." in str(
            page.element(ids.REPLAY_LIST).innerHTML
        )
        page.close()

    run(opened)


def test_the_terminal_lists_the_games_as_replay_sorts_and_filters_them() -> None:
    """``replay sort=rate result=won`` lists the wins, the highest 3BV/s first, and
    ``replay 1`` then plays the first of that list back; a choice of no list is said."""
    from tests.test_terminal_keeping import run_app

    storage = MemoryStorage()
    storage.items.update(STORE.items)
    out = run_app(["replay sort=rate result=won", "replay 1", "replay mark=fast", "q"], storage)
    listing = out.split("replay sort=rate result=won\n", 1)[1].split("\n> ", 1)[0]
    assert listing.startswith("Kept games, highest 3BV/s first, result won only")
    by_rate = sorted((g for g in GAMES if g.outcome == "won"), key=lambda g: -(g.rate or 0))
    rates = re.findall(r"^ +\d+ +\S+ +\S+ +won +[\d.]+ s +\d+ +([\d.]+) ", listing, re.M)
    assert rates == [f"{g.rate:.2f}" for g in by_rate]
    assert f"Game 1: {by_rate[0].describe()}" in out
    assert "'fast' is no mark: nf, noguess" in out
