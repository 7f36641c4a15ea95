"""The first-click rules (engine.first_click): opening, safe and none, from the deal to the
record, the solver, the settings, the link, the terminal and the EVF file.

The chances are checked against brute force: every layout of a small board, kept or not as
the rule allows (its own neighbours and flood written out here), never the engine's code."""

from __future__ import annotations

import contextlib
import io
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    BEGINNER,
    EXPERT,
    FirstClick,
    InvalidFirstClickError,
    InvalidRecordError,
    Level,
    Move,
    Record,
    Status,
    apply,
    generate,
    new_game,
)
from engine import tiles as t
from engine.solver import best_move, clears_without_guessing, first_click_risk, no_guess_layout
from engine.solver.analysis import Position
from engine.steps import drain
from play.assist.assistant import Assistant
from play.game.round import Round
from play.game.settings import Settings
from play.keeping.parts import read_settings
from play.ledger.entries import Entry
from play.ledger.safe_json import BadData
from play.start.address import SWITCHES, from_query, to_query
from play.videos.evf import evf_of_record
from play.videos.replay_files import read_replay
from terminal.options import parse_args
from tests.helpers import shared_replay

RULES = list(FirstClick)
LEVELS = [BEGINNER, Level(8, 8, 10), EXPERT, Level(5, 5, 20), Level(4, 6, 15), Level(3, 3, 8)]


# --- the rule's text ---------------------------------------------------------------------


@given(st.sampled_from(RULES))
def test_a_rules_text_reads_back(rule: FirstClick) -> None:
    assert FirstClick.parse(str(rule)) is rule
    assert FirstClick.parse(f"  {str(rule).upper()} ") is rule


@given(st.text(max_size=30))
def test_text_that_names_no_rule_is_refused_in_words(text: str) -> None:
    if text.strip().lower() in {r.value for r in RULES}:
        return
    with pytest.raises(InvalidFirstClickError, match="none of opening, safe, none"):
        FirstClick.parse(text)
    assert issubclass(InvalidFirstClickError, ValueError)


# --- the deal -------------------------------------------------------------------------------


def first_reveal(level: Level, seed: int, cell: int, rule: FirstClick) -> tuple[Status, int]:
    """The status after the first reveal at ``cell``, and the tile it shows."""
    game = new_game(level, seed, first_click=rule)
    after = apply(game, Move.reveal(*level.grid.row_col(cell))).game
    return after.status, after.tiles[cell]


def test_a_first_click_under_none_can_lose_and_the_same_seed_under_the_others_does_not() -> None:
    centre = BEGINNER.grid.index(4, 4)
    losing = next(
        seed
        for seed in range(10_000)
        if first_reveal(BEGINNER, seed, centre, FirstClick.NONE)[0] is Status.LOST
    )
    assert first_reveal(BEGINNER, losing, centre, FirstClick.SAFE)[0] is not Status.LOST
    assert first_reveal(BEGINNER, losing, centre, FirstClick.OPENING)[0] is not Status.LOST


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(LEVELS), st.integers(0, 2**64 - 1), st.data())
def test_a_first_click_under_safe_or_opening_never_loses(
    level: Level, seed: int, data: st.DataObject
) -> None:
    cell = data.draw(st.integers(0, level.cells - 1))
    for rule in (FirstClick.SAFE, FirstClick.OPENING):
        status, tile = first_reveal(level, seed, cell, rule)
        assert status is not Status.LOST
        assert t.is_open(tile)


def test_under_safe_the_first_cell_may_show_a_number_under_opening_never() -> None:
    centre = BEGINNER.grid.index(4, 4)
    numbered = [
        seed for seed in range(200) if first_reveal(BEGINNER, seed, centre, FirstClick.SAFE)[1] != 0
    ]
    assert numbered  # the neighbours are not kept free
    assert all(first_reveal(BEGINNER, s, centre, FirstClick.OPENING)[1] == 0 for s in numbered)


def test_under_none_the_board_is_the_seeds_wherever_the_first_click() -> None:
    boards = {generate(BEGINNER, 9, cell, FirstClick.NONE) for cell in range(BEGINNER.cells)}
    assert len(boards) == 1


def test_opening_deals_the_boards_it_dealt_before_the_rule_existed() -> None:
    """The default rule changes no seed's board: records and links written before read
    the same."""
    for seed in range(30):
        assert generate(EXPERT, seed, 240) == generate(EXPERT, seed, 240, FirstClick.OPENING)
        assert new_game(EXPERT, seed) == new_game(EXPERT, seed, first_click=FirstClick.OPENING)


# --- brute force: the chance of a mine, before and after the first click --------------------


def neighbours(rows: int, cols: int, cell: int) -> list[int]:
    r, c = divmod(cell, cols)
    return [
        rr * cols + cc
        for rr in range(r - 1, r + 2)
        for cc in range(c - 1, c + 2)
        if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols
    ]


def allowed(rows: int, cols: int, count: int, first: int, rule: FirstClick) -> set[int]:
    """The cells the rule keeps free of mines for a first click at ``first``."""
    if rule is FirstClick.NONE:
        return set()
    block = {first, *neighbours(rows, cols, first)}
    if rule is FirstClick.SAFE or rows * cols - len(block) < count:
        return {first}
    return block


def layouts(rows: int, cols: int, count: int, first: int, rule: FirstClick) -> list[frozenset[int]]:
    """Every layout the rule deals, each as likely as the others."""
    free = allowed(rows, cols, count, first, rule)
    return [
        frozenset(mines)
        for mines in combinations(range(rows * cols), count)
        if not free & set(mines)
    ]


def seen(rows: int, cols: int, mines: frozenset[int], first: int) -> bytes:
    """What the player sees after revealing ``first`` (safe) on ``mines``."""
    tiles = bytearray([t.COVERED] * (rows * cols))
    stack = [first]
    while stack:
        cell = stack.pop()
        if tiles[cell] != t.COVERED:
            continue
        tiles[cell] = sum(n in mines for n in neighbours(rows, cols, cell))
        if tiles[cell] == 0:
            stack += neighbours(rows, cols, cell)
    return bytes(tiles)


SMALL = [(3, 4, 3), (4, 4, 3), (3, 3, 2), (4, 5, 4), (4, 4, 10)]
"""Boards small enough to enumerate; the last too dense for an opening's block."""
SMALLER = [(3, 4, 3), (4, 4, 3), (3, 3, 2), (3, 4, 7)]
"""The same, for the positions after the first click (some thousands of analyses)."""


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize(("rows", "cols", "count"), SMALL)
def test_the_first_clicks_chance_is_brute_forces(
    rule: FirstClick, rows: int, cols: int, count: int
) -> None:
    level = Level(rows, cols, count)
    game = new_game(level, seed=1, first_click=rule)
    overlay = drain(Assistant().overlay_steps(game))
    assert overlay is not None and not overlay.cells
    hint = best_move(level.grid, count, game.tiles, rule)
    assert hint is not None
    for first in range(level.cells):
        dealt = layouts(rows, cols, count, first, rule)
        chance = sum(first in mines for mines in dealt) / len(dealt)
        assert first_click_risk(rule, count, level.cells) == pytest.approx(chance)
        shown = (
            round(chance * 100) if chance in (0.0, 1.0) else min(99, max(1, round(chance * 100)))
        )
        assert overlay.interior == shown
    assert hint.safety == pytest.approx(1 - first_click_risk(rule, count, level.cells))


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize(("rows", "cols", "count"), SMALLER)
def test_after_the_first_click_the_solvers_chances_are_brute_forces(
    rule: FirstClick, rows: int, cols: int, count: int
) -> None:
    """Every position a first click can show, under each rule: the chance of a mine in
    each covered cell is the share of the rule's layouts that show it and have one there
    (under safe the first cell's neighbours are no safer than the rest)."""
    grid = Level(rows, cols, count).grid
    for first in range(rows * cols):
        shown: dict[bytes, list[frozenset[int]]] = {}
        for mines in layouts(rows, cols, count, first, rule):
            if first not in mines:
                shown.setdefault(seen(rows, cols, mines, first), []).append(mines)
        for tiles, fitting in shown.items():
            analysis = Position(grid, count, tiles).analysis()
            mined = Counter(cell for mines in fitting for cell in mines)
            for cell, tile in enumerate(tiles):
                if tile == t.COVERED:
                    expected = mined[cell] / len(fitting)
                    assert analysis.probability[cell] == pytest.approx(expected), (first, cell)


@pytest.mark.parametrize("rule", RULES)
def test_the_deal_loses_as_often_as_brute_force_says(rule: FirstClick) -> None:
    """The seeds' boards hit the first cell as often as the rule's layouts do (3 sigma)."""
    level, first, games = Level(3, 4, 3), 5, 3000
    dealt = layouts(3, 4, 3, first, rule)
    chance = sum(first in mines for mines in dealt) / len(dealt)
    lost = sum(first in generate(level, seed, first, rule).mines for seed in range(games))
    assert abs(lost - chance * games) <= 3 * (games * chance * (1 - chance)) ** 0.5


# --- no-guess boards --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_no_guess_board_under_safe_clears_from_its_first_click(seed: int) -> None:
    layout = no_guess_layout(BEGINNER, seed, 40, FirstClick.SAFE)
    assert layout is not None and 40 not in layout.mines
    assert clears_without_guessing(9, 9, layout.mines, 40)


def test_a_no_guess_board_under_none_loses_exactly_when_the_seeds_board_does() -> None:
    results = []
    for seed in range(60):
        layout = no_guess_layout(BEGINNER, seed, 40, FirstClick.NONE)
        assert layout is not None
        lost = 40 in generate(BEGINNER, seed, 40, FirstClick.NONE).mines
        results.append(lost)
        if lost:
            assert 40 in layout.mines
        else:
            assert clears_without_guessing(9, 9, layout.mines, 40)
    assert any(results) and not all(results)


# --- the record ---------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(LEVELS[:3]),
    st.integers(0, 2**64 - 1),
    st.sampled_from(RULES),
    st.booleans(),
    st.lists(st.tuples(st.integers(0, 15), st.integers(0, 29), st.integers(0, 999)), max_size=8),
)
def test_a_record_keeps_its_rule_through_its_text(
    level: Level,
    seed: int,
    rule: FirstClick,
    no_guess: bool,
    moves: list[tuple[int, int, int]],
) -> None:
    record = Record(level, seed, no_guess=no_guess, first_click=rule)
    at = 0
    for row, col, wait in moves:
        at += wait
        record = record.add(Move.reveal(row % level.rows, col % level.cols), at)
    back = Record.parse(record.to_text())
    assert back == record
    assert back.new_game().first_click is rule
    assert ("first=" in record.to_text()) == (rule is not FirstClick.OPENING)


def test_a_record_of_before_the_rule_reads_as_opening_and_a_bad_rule_is_refused() -> None:
    old = Record.parse("ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0")
    assert old.first_click is FirstClick.OPENING
    with pytest.raises(InvalidRecordError, match="first-click rule"):
        Record.parse("ms1;9x9/10;seed=42;marks=1;noguess=0;first=windows;O4,4@0")


def test_a_games_record_replays_under_its_rule() -> None:
    centre = BEGINNER.grid.index(4, 4)
    losing = next(
        s for s in range(10_000) if centre in generate(BEGINNER, s, centre, FirstClick.NONE).mines
    )
    dealt = Round.deal(Settings(first_click=FirstClick.NONE), losing)
    dealt.apply(Move.reveal(4, 4), now=1.0)
    assert dealt.game.status is Status.LOST
    replayed = Record.parse(dealt.record.to_text()).replay()
    assert replayed.status is Status.LOST and replayed.first_click is FirstClick.NONE
    result = dealt.ending(now=2.0)
    assert result is not None and result.first_click is FirstClick.NONE
    assert ("first click", "none") in result.figures()


def test_a_daily_board_is_everyones_whatever_the_players_rule() -> None:
    from datetime import date

    daily = Round.daily_board(Settings(first_click=FirstClick.NONE), date(2026, 11, 22))
    assert daily is not None and daily.game.first_click is FirstClick.OPENING


# --- settings, the link, the terminal, the ledger ----------------------------------------


def test_kept_settings_keep_the_rule_and_a_bad_one_falls_back_and_is_counted() -> None:
    kept = Settings(first_click=FirstClick.SAFE).to_data()
    assert kept["first_click"] == "safe"
    assert Settings.from_data(kept).first_click is FirstClick.SAFE
    older = {k: v for k, v in kept.items() if k != "first_click"}
    assert Settings.from_data(older).first_click is FirstClick.OPENING
    for bad in ("windows", 3, None, ["safe"]):
        found = read_settings({**kept, "first_click": bad})
        assert found.value.first_click is FirstClick.OPENING
        assert found.lost == 1


@pytest.mark.parametrize("rule", RULES)
def test_a_link_names_the_rule_for_its_visit(rule: FirstClick) -> None:
    query = to_query(BEGINNER, 7, first_click=rule)
    launch = from_query(query)
    assert launch.settings.first_click is rule
    assert launch.messages == ()
    assert ("first_click" in launch.for_this_visit) == ("first=" in query)
    assert "first_click" in SWITCHES


@given(st.text(max_size=40))
def test_a_bad_rule_in_a_link_is_said_in_few_words_and_the_players_own_stays(text: str) -> None:
    if text.strip().lower() in {r.value for r in RULES}:
        return
    from play.start.address import from_params

    launch = from_params({"first": text})
    assert "first_click" not in launch.given
    assert launch.settings.first_click is FirstClick.OPENING
    (message,) = launch.messages
    assert message.startswith("Ignored first=") and "use opening, safe or none" in message
    assert len(message) < 120


def test_the_terminal_takes_a_rule_for_its_run_and_refuses_a_bad_one_in_words() -> None:
    launch = parse_args(["--first", "none"]).launch()
    assert launch.settings.first_click is FirstClick.NONE
    assert "first_click" in launch.for_this_visit
    assert parse_args([]).launch().settings.first_click is FirstClick.OPENING
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        parse_args(["--first", "windows"])
    assert 'argument --first: the first-click rule "windows" is none of' in err.getvalue()


def test_a_ledger_entry_keeps_its_rule_and_old_entries_read_as_opening() -> None:
    entry = Entry("g1", "2026-11-22T10:00:00Z", "9x9/10", "normal", True, 9000, 20, 20, 25, 7)
    assert len(entry.to_data()) == 11
    assert Entry.from_data(entry.to_data()).first_click is FirstClick.OPENING
    for rule in RULES:
        ruled = Entry(*entry.to_data(), first_click=rule)  # type: ignore[misc]
        assert Entry.from_data(ruled.to_data()) == ruled
    with pytest.raises(BadData, match="first-click rule"):
        Entry.from_data([*entry.to_data(), "flagging", "windows"])


# --- EVF files: the game mode, read by ms-toollib -------------------------------------------


def test_ms_toollibs_standard_deal_is_our_safe_rule_and_its_win7_deal_our_opening() -> None:
    """What the modes mean, by ms-toollib's own deals of them: its standard deal
    (``laymine``) keeps the first cell free, not always its neighbours; its win7 deal
    (``laymine_op``) keeps the first cell's block free."""
    ms = pytest.importorskip("ms_toollib")
    numbered = False
    for _ in range(200):
        standard = ms.laymine(9, 9, 10, 4, 4)
        assert standard[4][4] != -1
        numbered |= standard[4][4] > 0
        win7 = ms.laymine_op(9, 9, 10, 4, 4)
        assert all(win7[r][c] != -1 for r in range(3, 6) for c in range(3, 6))
    assert numbered


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 2**32), st.sampled_from(LEVELS[:3]))
def test_an_evf_file_says_the_rule_in_its_game_mode_and_reads_back(
    rule: FirstClick, seed: int, level: Level
) -> None:
    ms = pytest.importorskip("ms_toollib")
    record = Record(level, seed, first_click=rule).add(Move.reveal(0, 0), 0)
    data = evf_of_record(record, player="Ada")
    video = ms.EvfVideo(raw_data=list(data))
    video.parse()
    assert video.mode == {FirstClick.SAFE: 0, FirstClick.OPENING: 4, FirstClick.NONE: 65535}[rule]
    back = read_replay(data, "ours.evf")
    assert back.first_click is rule
    assert back.layout == record.replay().layout


def test_the_fields_files_say_their_rule_where_they_can() -> None:
    for name in ("test_subject.avf", "test_subject.rmv", "test_subject.evf"):
        path = shared_replay(name)
        assert read_replay(path.read_bytes(), name).first_click is FirstClick.SAFE  # standard


@pytest.mark.parametrize("rule", RULES)
def test_a_review_judges_the_first_click_by_the_boards_rule(rule: FirstClick) -> None:
    from play.review import Verdict, review

    record = Record(BEGINNER, seed=42, first_click=rule).add(Move.reveal(4, 4), 0)
    first = review(record).moves[0]
    if rule is FirstClick.NONE:
        assert first.verdict is Verdict.FORCED
        assert first.risk == pytest.approx(10 / 81)  # brute force: any cell, any layout
        assert "may lose" in first.reason
    else:
        assert (first.verdict, first.risk) == (Verdict.CERTAIN, 0.0)


def test_a_links_rule_deals_its_first_game_and_a_kept_game_of_another_rule_is_not_its() -> None:
    from play.keeping.snapshot import Snapshot
    from play.start.startup import _same_board, start_with

    launch = from_query("?level=beginner&seed=5&first=safe")
    start = start_with(launch, None)
    assert start.session.game.first_click is FirstClick.SAFE
    kept = Snapshot(Record(BEGINNER, 5).add(Move.reveal(4, 4), 0), 100)
    assert not _same_board(launch, kept)
    assert _same_board(from_query("?level=beginner&seed=5"), kept)
