"""Every text a player reads names a cell the same way.

The rule: in words a cell is "row R, column C", counted from 1, as said by one function,
:func:`engine.grid.spot_name` (static/skeleton.js has the one other copy, for the page
before Python runs: it is held to the same words here). A record's moves (``O4,4``) count
from 0, as the engine does; they are a format, not words. The terminal labels its board
and reads typed moves by the same count, so a player never meets two.
"""

from __future__ import annotations

import json
import re
import subprocess

from engine import BEGINNER, Level, Move, Record, apply, new_game
from engine.grid import spot_name
from engine.steps import drain
from play.assist.assistant import Assistant
from play.game_ui import describe
from play.review import review
from play.videos.replay import Replay, move_words
from terminal.commands import Play, help_text, parse_command
from terminal.render import render_board
from terminal.replays import frame_text
from terminal.review import review_lines
from tests.helpers import drawn_game
from tests.test_early_click import SKELETON, _node

ZERO_BASED = re.compile(r"\(\d+,\s?\d+\)|\b[OFC]\d+,\d+\b")
"""A cell as the engine or a record writes it: never in the words around it."""


FIFTY_FIFTY = drawn_game("*..*", "O0,1", "O0,2", apart_ms=900)
"""On the board ``*..*``: the first click on the first 1, then a 50/50 on the second."""


def test_the_one_rule_counts_from_1() -> None:
    assert spot_name((0, 0)) == "row 1, column 1"
    assert spot_name((6, 14)) == "row 7, column 15"
    assert spot_name((999, 999)) == "row 1000, column 1000"


def test_the_review_names_cells_by_the_rule() -> None:
    result = review(FIFTY_FIFTY)
    reason = result.moves[1].reason
    assert "opening row 1, column 3 risked 50%" in reason
    assert "the solver's choice row 1, column 1 had 50%" in reason
    text = result.moves[1].text(2)
    assert text.startswith("Move 2 of 2, open row 1, column 3 at 0.90 s: forced guess.")
    assert not ZERO_BASED.search(text)
    lines = review_lines(result)  # the terminal's review, the same words
    assert "open row 1, column 3" in lines[2] and not ZERO_BASED.search("\n".join(lines))


def test_a_reviewed_game_never_counts_from_0_in_its_words() -> None:
    record = Record(BEGINNER, 42)
    game = record.new_game()
    ms = 0
    for cell in [40, 0, 1, 9, 80, 72, 8]:  # some certain, some guesses, some wasted
        move = Move.reveal(*game.grid.row_col(cell))
        if game.status.is_over:
            break
        record, game, ms = record.add(move, ms), apply(game, move).game, ms + 700
    for move in review(record).moves:
        assert not ZERO_BASED.search(move.reason), move.reason
        assert not ZERO_BASED.search(move.text(len(record.moves)))


def test_the_replay_viewer_says_the_move_in_words() -> None:
    record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.mark(0, 8), 1500)
    replay = Replay(record)
    assert replay.frames[1].words == "open row 5, column 5"
    assert replay.frames[2].words == "flag row 1, column 9"
    assert replay.frames[2].move == "F0,8"  # the record's own text stays as it is
    head = frame_text(replay, 2).splitlines()[0]
    assert head == "Move 2 of 2 at 1.50 s: flag row 1, column 9"
    assert move_words(Move.chord(2, 3)) == "chord row 3, column 4"


def test_the_hint_the_keyboard_and_the_engine_say_the_same() -> None:
    hint = drain(Assistant().hint_steps(new_game(BEGINNER, seed=1)))
    assert hint is not None and spot_name(BEGINNER.grid.row_col(hint.cell)) in hint.reason
    assert describe(new_game(BEGINNER, seed=1), 10).startswith("Row 2, column 2: ")
    off = apply(new_game(BEGINNER, seed=1), Move.reveal(9, 0)).message
    assert off == "no row 10, column 1 on a board of 9 rows and 9 columns"


def test_the_terminal_labels_and_reads_cells_from_1() -> None:
    board = render_board(new_game(Level(rows=10, cols=12, mines=5), seed=1)).splitlines()
    assert board[1].split() == [str(n % 10) for n in range(1, 13)]  # units of 1..12
    assert board[0].split() == ["1", "1", "1"]  # the tens of 10, 11 and 12
    assert [line.split()[0] for line in board[2:-2]] == [str(n) for n in range(1, 11)]
    assert board[-3].endswith(" 10")
    assert parse_command("o 1 1") == Play(Move.reveal(0, 0))
    assert parse_command("f 9 12") == Play(Move.mark(8, 11))
    assert parse_command("c3,4") == Play(Move.chord(2, 3))
    assert parse_command("O5,5") == Play(Move.reveal(4, 4))  # one count, however typed
    assert "count from 1" in help_text()
    assert "count from 0" not in help_text()


def test_the_skeletons_words_are_the_engines() -> None:
    """static/skeleton.js names the kept early click with its own copy of the rule."""
    spots = [(0, 0), (4, 4), (6, 14), (15, 29), (999, 0)]
    script = (
        f"const {{ cellName }} = require({json.dumps(str(SKELETON))});"
        f"const names = {json.dumps(spots)}.map(([r, c]) => cellName(r, c));"
        "process.stdout.write(JSON.stringify(names));"
    )
    done = subprocess.run(
        [*_node(), "-e", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(done.stdout) == [spot_name(spot) for spot in spots]
