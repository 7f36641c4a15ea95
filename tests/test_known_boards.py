"""Best times a player can trust (seeds, known boards and the statistics' reset mark), where
the first round of fixes left gaps: a reset dated in the future brought back by an import, a seed
given on the terminal's command line, and the terminal's daily board on a custom level.
The page's side is in test_address.py and test_page_game.py; the session's in test_keeping.py
and test_startup.py."""

from __future__ import annotations

import json

from engine import Level, Move
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.ledger.entries import Entry, Ledger
from play.ledger.statistics import board_summaries
from play.start.address import Launch
from play.start.startup import open_session
from tests.helpers import FakeClock, lose_session_game
from tests.test_keeping import keeper_on, session_on, win
from tests.test_terminal import first_layout, winning_moves
from tests.test_terminal_keeping import losing_moves, moves_text, private_data_home, run_app

__all__ = ["private_data_home"]  # the terminal's runs keep nothing in the real data folder

FUTURE = "2030-01-01T00:00:00.000Z"


def export_with_resets(resets: dict[str, str], games: list[list[object]] | None = None) -> str:
    ledger = {"games": games or [], "resets": resets}
    return json.dumps({"format": "minesweeper-export", "ledger": ledger})


# --- a reset mark dated in the future ------------------------------------------------------------


def test_importing_a_future_reset_again_never_hides_the_games_played_since() -> None:
    """Each import of a file holding a reset dated 2030 forgot every game played since the
    last one: the statistics emptied again, and the import said "Imported -1 games"."""
    store, clock = MemoryStorage(), FakeClock()
    text = export_with_resets({"9x9/10|*": FUTURE})
    keeper_on(store).import_text(text)
    win(session_on(store, clock), clock, 4.0)
    said = keeper_on(store).import_text(text)
    (beginner,) = board_summaries(keeper_on(store).ledger())
    assert beginner.won == 1 and [b.seconds for b in beginner.bests] == [4.0]
    assert said == "Imported 0 games; 1 reset dated after today set aside; nothing was replaced."


def test_a_future_reset_kept_in_storage_is_brought_back_to_the_present_when_written() -> None:
    """A mark left by a clock that ran ahead still forgets the games before it was made,
    and is written back as now with the next game, whatever its board: an export then
    carries a reset another device takes (one dated after its today it sets aside)."""
    store, clock = MemoryStorage(), FakeClock()
    old = Entry("g0", "2026-01-01T00:00:00.000Z", "8x8/12", "normal", True, 5000, 9, 9, 9, 1)
    keeper_on(store).blobs.store("ledger", Ledger((old,), {"8x8/12|*": FUTURE}).to_data())
    assert keeper_on(store).ledger().entries == ()  # reset (in 2030, said the clock)
    win(session_on(store, clock), clock, 4.0)
    stored = keeper_on(store).ledger()
    assert [e.board for e in stored.entries] == ["9x9/10"]
    assert all(at < FUTURE for at in stored.resets.values()), stored.resets
    elsewhere = MemoryStorage()
    keeper_on(elsewhere).blobs.store("ledger", Ledger((old,)).to_data())
    keeper_on(elsewhere).import_text(keeper_on(store).export_text())
    assert [e.board for e in keeper_on(elsewhere).ledger().entries] == ["9x9/10"]


def test_an_imported_reset_that_forgets_games_says_so_and_never_counts_below_zero() -> None:
    store, clock = MemoryStorage(), FakeClock()
    lose_session_game(session_on(store, clock))
    keeper = keeper_on(store)
    (game,) = keeper.ledger().entries
    later_that_second = game.at[:-4] + "999Z"  # after the game, before the import
    said = keeper.import_text(export_with_resets({"*": later_that_second}))
    assert said == (
        "Imported 0 games; a reset in that file forgot 1 game of yours; nothing was replaced."
    )
    assert keeper.ledger().entries == ()


# --- the start deals the first seed it is given --------------------------------------------------


def test_the_first_game_dealt_has_the_first_seed() -> None:
    """A seed was drawn for a first round thrown away at once: the first game had the
    second seed of the source, and a test's first "fresh board" was not the one it named."""
    seeds = iter([5, 6, 7])
    opened = open_session(Launch(), MemoryStorage(), clock=FakeClock(), seeds=lambda: next(seeds))
    assert opened.session.game.seed == 5


# --- the terminal: a seed given is a board given --------------------------------------------------


def test_a_win_on_a_seed_given_on_the_command_line_is_no_best_time() -> None:
    """``--seed 42`` is the terminal's link: its win said "New best on Beginner: …!"."""
    store = MemoryStorage()
    win = moves_text(winning_moves(first_layout()))
    out = run_app([*win, "n"], store, given=42)
    assert "No best time: a board from a link or a given seed.\n" in out
    assert "New best" not in out and "seed.!" not in out
    (summary,) = board_summaries(Keeper(Blobs(store)).ledger())
    assert summary.title == "Beginner (known)" and summary.bests == ()


def test_a_board_played_again_in_the_terminal_is_no_best_time() -> None:
    store = MemoryStorage()
    lose_first = moves_text(losing_moves())
    win = moves_text(winning_moves(first_layout()))
    out = run_app([*lose_first, "y", *win, "n"], store, seeds=[42])  # 42 again: known
    assert "No best time: a board you have played before.\n" in out and "New best" not in out


# --- the terminal's daily board on a custom level ------------------------------------------------


def test_the_daily_board_on_a_custom_level_is_refused_and_the_game_stays() -> None:
    """``daily`` on a custom level left the game (its record printed as abandoned) for a
    board that was never dealt; after a game, it dropped the "Play again?" question."""
    store, custom = MemoryStorage(), Level(8, 8, 10)
    out = run_app(["o 4 4", "daily", "q"], store, level=custom)
    said = "The daily board is played on Beginner, Intermediate or Expert"
    assert said in out
    assert out.count("Record: ") == 1  # the one printed on leaving, not at "daily"
    layout = first_layout(level=custom)
    losing = [Move.reveal(4, 4), Move.reveal(*layout.grid.row_col(min(layout.mines)))]
    after = run_app([*moves_text(losing), "daily", "n"], MemoryStorage(), level=custom)
    again = "Play again? (y/n, or retry the board, or undo the losing click) "
    tail = after.split(f"{again}daily\n", 1)[1]
    assert said in tail and tail.endswith(f"{again}n\nBye.\n")
