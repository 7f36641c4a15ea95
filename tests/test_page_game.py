"""The classic game on the real page in CPython (:class:`tests.real_page.OpenPage`): mouse
clicks on its cells, its switches and buttons, read back as a player reads the page (each
cell's ``data-state`` and ``data-value``, the LEDs, the face, the notice, the dialogs).
Moved from the browser tests, where each booted Pyodide in Chromium: nothing here is a
browser's own (its layout, its real input, its start); the page's rule is that logic is
tested in CPython. Where a test needs a mine or a safe cell, it asks the engine's game."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine import EXPERT, FirstClick, Level, Move, apply, generate, new_game
from play.keeping.storage import MemoryStorage
from tests import fake_browser
from tests.drawn import drawn_text
from tests.fake_dom import Window, settle
from tests.helpers import run
from tests.real_page import OpenPage
from web.page import ids

SEED = 20261122


@pytest.fixture(autouse=True)
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_browser.install(monkeypatch)


def status(page: OpenPage) -> str:
    return str(page.element(ids.BOARD).dataset.status)


def face(page: OpenPage) -> str:
    return str(page.element(ids.FACE).dataset.face)


def size(page: OpenPage) -> tuple[str, str, str]:
    board = page.element(ids.BOARD).dataset
    return str(board.rows), str(board.cols), str(board.mines)


def mines(page: OpenPage) -> list[tuple[int, int]]:
    """The mines of the game dealt, as the engine laid them (after the first reveal)."""
    game = page.session.game
    assert game.layout is not None
    return [game.grid.row_col(mine) for mine in sorted(game.layout.mines)]


def cells(page: OpenPage, state: str) -> list[tuple[int, int]]:
    rows = page.element(ids.BOARD).children
    return [
        (r, c)
        for r, row in enumerate(rows)
        for c, cell in enumerate(row.children)
        if cell.dataset.state == state
    ]


def notice(page: OpenPage) -> str:
    return page.text(ids.MESSAGE).strip()


def switch(page: OpenPage, element_id: str, on: bool) -> None:
    """A checkbox ticked or unticked by the player."""
    page.fire(element_id, "change", SimpleNamespace(checked=on))


# --- marks and the counter -------------------------------------------------------------------


def test_a_right_click_cycles_the_marks_and_the_counter_follows() -> None:
    async def played() -> None:
        page = OpenPage(query=f"?seed={SEED}")
        seen, prevented = [], []
        for _ in range(3):
            prevented += page.click(0, 0, button="right")
            seen.append((page.document.state(0, 0), page.text(ids.MINE_COUNTER)))
        assert seen == [("flagged", "009"), ("questioned", "010"), ("covered", "010")]
        assert prevented.count("contextmenu") == 3  # no context menu over the board
        page.click(0, 0, button="right")
        page.click(0, 0)  # a flagged cell is not revealed by a click
        assert page.document.state(0, 0) == "flagged" and status(page) == "ready"
        page.close()

    run(played)


@pytest.mark.parametrize("begun", [False, True], ids=["before the first click", "mid-game"])
def test_with_question_marks_unticked_a_second_right_click_uncovers(begun: bool) -> None:
    """Unticked before the game or in the middle of it, it applies at once."""

    async def played() -> None:
        page = OpenPage(query=f"?seed={SEED}")
        if begun:
            page.click(4, 4)
        row, col = cells(page, "covered")[0]
        switch(page, ids.QUESTION_MARKS, False)
        page.click(row, col, button="right")
        assert page.document.state(row, col) == "flagged"
        page.click(row, col, button="right")
        assert page.document.state(row, col) == "covered"
        page.close()

    run(played)


def test_flags_beyond_the_mine_count_make_the_counter_negative() -> None:
    async def played() -> None:
        page = OpenPage(query="?rows=5&cols=5&mines=2&seed=1")
        for col in range(5):
            page.click(0, col, button="right")
        assert page.text(ids.MINE_COUNTER) == "-03"
        page.close()

    run(played)


def test_flag_mode_makes_a_click_mark() -> None:
    async def played() -> None:
        page = OpenPage(query=f"?seed={SEED}")
        page.fire(ids.FLAG_MODE, "click")
        assert page.element(ids.FLAG_MODE).getAttribute("aria-pressed") == "true"
        page.click(1, 1)
        assert page.document.state(1, 1) == "flagged" and status(page) == "ready"
        page.fire(ids.FLAG_MODE, "click")
        assert page.element(ids.FLAG_MODE).getAttribute("aria-pressed") == "false"
        page.click(4, 4)
        assert status(page) == "playing"
        page.close()

    run(played)


# --- the end of a game ------------------------------------------------------------------------


def test_a_loss_shows_the_exploded_mine_the_other_mines_and_the_wrong_flags() -> None:
    async def played() -> None:
        page = OpenPage(query=f"?seed={SEED}")
        page.click(4, 4)
        laid = mines(page)
        wrong = next(cell for cell in cells(page, "covered") if cell not in laid)
        right = laid[1]
        page.click(*wrong, button="right")
        page.click(*right, button="right")
        await settle()
        page.click(*laid[0])
        states = {cell: page.document.state(*cell) for cell in [*laid, wrong]}
        assert states[laid[0]] == "exploded" and states[wrong] == "wrong-flag"
        assert states[right] == "flagged"
        assert all(states[m] == "mine" for m in laid[2:])
        assert status(page) == "lost" and face(page) == "dead"
        drawn, stopped = drawn_text(page.document), page.text(ids.TIMER)
        page.clock.now += 5
        await settle()
        assert page.text(ids.TIMER) == stopped  # the clock stopped
        page.click(*next(c for c in cells(page, "covered")))
        assert drawn_text(page.document) == drawn  # nothing moves after the end
        page.close()

    run(played)


def test_a_pressed_cell_opened_by_its_release_shows_no_longer_pressed() -> None:
    """The cells a press shows sunk (one, or a chord's block) lose the look when the
    release opens them, and those it leaves covered lose it too."""

    def pressed(page: OpenPage) -> list[tuple[int, int]]:
        rows = page.element(ids.BOARD).children
        return [
            (r, c)
            for r, row in enumerate(rows)
            for c, cell in enumerate(row.children)
            if cell.classList.contains(ids.PRESSED_CLASS)
        ]

    async def played() -> None:
        page = OpenPage(query=f"?seed={SEED}")
        page.click(4, 4)
        laid = mines(page)
        game = page.session.game
        number = next(
            game.grid.row_col(c)
            for c, tile in enumerate(game.tiles)
            if 1 <= tile <= 8
            and any(
                game.tiles[n] == 9 and n not in game.layout.mines  # type: ignore[union-attr]
                for n in game.grid.neighbours(c)
            )
        )
        around = [game.grid.row_col(n) for n in game.grid.neighbours(game.grid.index(*number))]
        for mine in (cell for cell in around if cell in laid):
            page.click(*mine, button="right")
        page.press(*number, button="middle")
        assert pressed(page), "a chord's press shows its block sunk"
        page.release(*number, button="middle")
        assert pressed(page) == []
        assert all(page.document.state(*cell) != "covered" for cell in around if cell not in laid)
        safe = next(cell for cell in cells(page, "covered") if cell not in laid)
        page.press(*safe)
        assert pressed(page) == [safe]
        page.release(*safe)
        assert page.document.state(*safe) != "covered" and pressed(page) == []
        page.close()

    run(played)


def test_a_win_flags_every_mine_and_stops_the_clock() -> None:
    async def played() -> None:
        page = OpenPage(query=f"?rows=6&cols=6&mines=4&seed={SEED}")
        page.click(0, 0)
        laid = mines(page)
        for cell in cells(page, "covered"):
            if cell not in laid and status(page) == "playing":
                page.click(*cell)
        assert status(page) == "won" and face(page) == "cool"
        assert all(page.document.state(*m) == "flagged" for m in laid)
        assert page.text(ids.MINE_COUNTER) == "000"
        stopped = page.text(ids.TIMER)
        page.clock.now += 5
        await settle()
        assert page.text(ids.TIMER) == stopped
        assert "3BV" in page.text(ids.STATS)
        page.close()

    run(played)


def test_the_face_starts_a_new_game() -> None:
    async def played() -> None:
        page = OpenPage(query=f"?seed={SEED}")
        page.click(4, 4)
        page.click(0, 8, button="right")
        page.clock.now += 2
        await settle()
        page.fire(ids.FACE, "click")
        assert status(page) == "ready" and set(drawn_text(page.document)) == {"#", "\n"}
        shown = (page.text(ids.TIMER), page.text(ids.MINE_COUNTER), face(page))
        assert shown == ("000", "010", "smile")
        page.close()

    run(played)


def test_hint_and_auto_play_say_why_after_the_end() -> None:
    async def played() -> None:
        for button in (ids.AUTO, ids.HINT):
            page = OpenPage(query=f"?seed={SEED}")
            page.click(4, 4)
            page.click(*mines(page)[0])
            assert status(page) == "lost" and notice(page) == ""
            page.fire(button, "click")
            await settle()
            assert "over" in notice(page)
            page.close()

    run(played)


def test_a_warning_about_the_address_goes_when_the_game_ends() -> None:
    async def played() -> None:
        page = OpenPage(query="?rows=3&cols=3&mines=1&seed=x")
        assert "seed" in notice(page)
        page.click(0, 0)
        for cell in cells(page, "covered"):
            if status(page) == "playing":
                page.click(*cell)  # whatever happens, the game ends
        assert status(page) in ("won", "lost")
        assert notice(page) == ""
        page.close()

    run(played)


# --- the board an address deals ---------------------------------------------------------------


@pytest.mark.parametrize(
    "query, shown",
    [
        ("?level=intermediate", ("16", "16", "40")),
        ("?level=expert", ("16", "30", "99")),
        ("?rows=20&cols=24&mines=50", ("20", "24", "50")),
    ],
)
def test_the_address_chooses_the_board(query: str, shown: tuple[str, str, str]) -> None:
    async def opened() -> None:
        page = OpenPage(query=query)
        assert size(page) == shown
        assert len(page.element(ids.BOARD).children) == int(shown[0])
        assert {len(row.children) for row in page.element(ids.BOARD).children} == {int(shown[1])}
        assert notice(page) == ""
        page.close()

    run(opened)


@pytest.mark.parametrize(
    "query, says",
    [
        ("?rows=abc&cols=9&mines=10", "rows must be a whole number"),
        ("?rows=9&cols=9&mines=200", "takes 1 to 80 mines"),
        ("?level=nightmare", "Ignored level=nightmare"),
        ("?seed=banana", "Ignored seed=banana"),
    ],
)
def test_a_bad_address_value_says_so_and_deals_a_sane_board(query: str, says: str) -> None:
    async def opened() -> None:
        page = OpenPage(query=query)
        assert says in notice(page)
        assert size(page) == ("9", "9", "10")
        page.click(4, 4)
        assert status(page) == "playing"
        page.close()

    run(opened)


def test_the_same_seed_and_first_click_give_the_same_board() -> None:
    async def opened() -> None:
        drawn = []
        for _ in range(2):
            page = OpenPage(query=f"?level=expert&seed={SEED + 1}")
            page.click(3, 3)
            drawn.append(drawn_text(page.document))
            page.close()
        assert drawn[0] == drawn[1]
        assert drawn[0] == apply(new_game(EXPERT, SEED + 1), Move.reveal(3, 3)).game.to_text()

    run(opened)


# --- the first-click rule ---------------------------------------------------------------------

CENTRE = (4, 4)


def seed_whose_centre_is_a_mine() -> int:
    """A seed whose beginner board, dealt under ``none``, has a mine on the centre."""
    level = Level(9, 9, 10)
    centre = level.grid.index(*CENTRE)
    return next(
        s for s in range(10_000) if centre in generate(level, s, centre, FirstClick.NONE).mines
    )


@pytest.mark.parametrize("rule", list(FirstClick), ids=str)
def test_each_first_click_rule_chosen_in_the_menu_is_played(rule: FirstClick) -> None:
    """The seed's centre is a mine under ``none``: there the first click loses; under
    ``safe`` it is never a mine; under ``opening`` it opens an area. Chosen before the first
    move, the rule deals the same seed again; changed once the game is begun, it waits."""

    async def played() -> None:
        seed = seed_whose_centre_is_a_mine()
        page = OpenPage(query=f"?level=beginner&seed={seed}")
        menu = page.element(ids.FIRST_CLICK)
        offered = [str(option.textContent).strip() for option in menu.children]
        assert offered == [
            "First click: Opens an area",
            "First click: Safe",
            "First click: None",
        ]
        page.fire(ids.FIRST_CLICK, "change", SimpleNamespace(value=rule.value))
        assert menu.value == rule.value
        page.click(*CENTRE)
        level = Level(9, 9, 10)
        layout = generate(level, seed, level.grid.index(*CENTRE), rule)
        game = apply(new_game(level, seed, layout=layout), Move.reveal(*CENTRE)).game
        assert drawn_text(page.document) == game.to_text()
        if rule is FirstClick.NONE:
            assert status(page) == "lost" and "first click" in page.text(ids.STATS)
        else:
            assert status(page) == "playing" and page.document.state(*CENTRE) == "open"
            if rule is FirstClick.OPENING:
                assert page.document.cell(*CENTRE).dataset.value == "0"
            page.fire(ids.FIRST_CLICK, "change", SimpleNamespace(value=FirstClick.NONE.value))
            assert "from the next game" in notice(page)
            assert drawn_text(page.document) == game.to_text()
        assert f"seed={seed}" in page.window.location.search
        page.close()

    run(played)


# --- the custom board's dialog ----------------------------------------------------------------


CUSTOM_FIELDS = (ids.CUSTOM_ROWS, ids.CUSTOM_COLS, ids.CUSTOM_MINES)


def submit_custom(page: OpenPage, rows: str, cols: str, mines: str) -> None:
    """The custom dialog's fields filled in and OK pressed."""
    for field, value in zip(CUSTOM_FIELDS, (rows, cols, mines), strict=True):
        page.element(field).value = value
        page.element(field).select = lambda: None  # a field in error is selected
    page.fire(ids.CUSTOM_FORM, "submit")


def test_the_custom_dialog_names_the_field_and_the_range_and_plays_a_good_board() -> None:
    async def played() -> None:
        page = OpenPage()
        dialog, error = page.element(ids.CUSTOM_DIALOG), page.element(ids.CUSTOM_ERROR)
        page.page.open_custom()
        assert dialog.open
        submit_custom(page, "-5", "9", "10")
        said = str(error.textContent)
        assert "Height" in said and "-5" in said and "whole number" not in said
        assert not error.hidden and dialog.open
        submit_custom(page, "1", "1", "1")
        said = str(error.textContent)
        assert said[:1].isupper() and "1 cells" not in said and "1 mines" not in said
        submit_custom(page, "10", "12", "500")
        assert "1 to 119 mines" in str(error.textContent) and dialog.open
        assert size(page) == ("9", "9", "10")  # nothing changed yet
        submit_custom(page, "10", "12", "20")
        assert not dialog.open and size(page) == ("10", "12", "20")
        page.page.open_custom()
        assert [page.element(f).value for f in CUSTOM_FIELDS] == ["10", "12", "20"]  # remembered
        page.fire(ids.CUSTOM_CANCEL, "click")
        assert not dialog.open and size(page) == ("10", "12", "20")
        page.close()

    run(played)


# --- what a new visit keeps ---------------------------------------------------------------------


def test_settings_are_remembered_by_the_next_visit() -> None:
    async def played() -> None:
        storage = MemoryStorage()
        page = OpenPage(storage)
        page.page.choose_level(Level(16, 16, 40))
        switch(page, ids.QUESTION_MARKS, False)
        page.close()
        again = OpenPage(storage)
        assert size(again) == ("16", "16", "40")
        assert again.element(ids.QUESTION_MARKS).checked is False
        again.close()

    run(played)


# --- the chances ----------------------------------------------------------------------------------


def test_the_chances_follow_a_move_to_a_smaller_board() -> None:
    """Bug 1: after intermediate, beginner's chances were the old board's (one "11" on
    every cell). Each mark is on a covered cell of the board played, and they differ."""

    async def played() -> None:
        page = OpenPage(query="?level=intermediate&seed=99")
        switch(page, ids.SHOW_HINTS, True)
        page.click(8, 8)
        await settle()
        page.page.choose_level(Level(9, 9, 10))
        page.click(4, 4)
        await settle()
        board = page.element(ids.BOARD)
        shown = {
            (r, c): cell.attributes["data-hint"]
            for r, row in enumerate(board.children)
            for c, cell in enumerate(row.children)
            if "data-hint" in cell.attributes
        }
        assert shown and size(page) == ("9", "9", "10")
        assert all(page.document.state(*cell) in ("covered", "questioned") for cell in shown)
        assert len(set(shown.values())) > 1
        page.close()

    run(played)


def test_the_big_board_notice_keeps_the_address_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board too big to draw at once says so, and the address's warning stays with it."""
    watcher = SimpleNamespace(observe=lambda _row: None, disconnect=lambda: None)
    observer = SimpleNamespace(new=lambda _proxy, _options: watcher)  # the rows near: none
    monkeypatch.setattr(Window, "IntersectionObserver", observer, raising=False)

    async def opened() -> None:
        page = OpenPage(query="?rows=500&cols=501&mines=10&seed=banana")
        said = notice(page)
        assert "Ignored seed=banana" in said
        assert "Playing Custom 501x500/10 with a random seed" in said
        assert "A board of 250,500 cells takes a few seconds to draw" in said
        page.close()

    run(opened)
