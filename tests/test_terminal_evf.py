"""The terminal saves a kept game as an EVF video (``save-evf``): ms-toollib reads it to the
same board, time, 3BV and clicks; its clicks are at the cells' centres (no pointer here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.record import PATH_CELL_PX as EVF_CELL_PX
from play.game.settings import LONGEST_NAME, Settings
from play.keeping.storage import MemoryStorage
from play.videos.replay_files import read_replay
from terminal.commands import CommandError, SaveEvf, parse_command
from tests.test_terminal import first_layout, winning_moves
from tests.test_terminal_keeping import answer_to, moves_text, run_app

ms = pytest.importorskip("ms_toollib")


def test_save_evf_reads_its_file_name_and_game_number() -> None:
    assert parse_command("save-evf game.evf") == SaveEvf(None, "game.evf")
    assert parse_command("save-evf 2 my game.evf") == SaveEvf(2, "my game.evf")
    assert parse_command('save-evf "a b.evf"') == SaveEvf(None, "a b.evf")
    with pytest.raises(CommandError, match="needs a file name"):
        parse_command("save-evf")


def test_the_latest_game_saved_as_evf_reads_in_ms_toollib(tmp_path: Path) -> None:
    file = tmp_path / "won.evf"
    storage = MemoryStorage()
    win = moves_text(winning_moves(first_layout()))
    out = run_app([*win, "y", f"save-evf {file}", "save-evf 5 x.evf", "q"], storage)
    assert answer_to(out, f"save-evf {file}").startswith("Saved Beginner, won in ")
    assert answer_to(out, "save-evf 5 x.evf") == "There is no game 5 to save: 1 game is kept.\n"
    video = ms.EvfVideo(raw_data=list(file.read_bytes()))
    video.parse()
    video.analyse()
    video.current_time = 999_999.0  # the counters at the game's end
    assert (video.row, video.column, video.mine_num) == (9, 9, 10)
    assert video.is_completed and video.left == len(win)
    centre = EVF_CELL_PX // 2
    clicks = read_replay(file.read_bytes(), "won.evf").mouse
    assert {(e.x % EVF_CELL_PX, e.y % EVF_CELL_PX) for e in clicks} == {(centre, centre)}


def test_the_players_name_is_a_setting_kept_clean() -> None:
    assert Settings().player_name == ""
    assert Settings.from_data({"player_name": 5}).player_name == ""
    named = Settings.from_data({"player_name": "  Zoë\u0000\n" + "x" * 99})
    assert named.player_name == ("Zoë" + "x" * 99)[:LONGEST_NAME]
    assert Settings.from_data(named.to_data()) == named
