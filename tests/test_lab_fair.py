"""The lab's boards cannot be guessed, and a bot that guesses with ``random`` plays the same
games on the same boards: a run's boards are dealt from a key the bot is never told
(play/lab/boards.py), its ``random`` seeded per board from the key. And the page's sandbox
frame runs only the relay the page's policy names by its hash."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from engine import EXPERT, INTERMEDIATE
from play.lab.boards import Boards
from play.lab.referee import referee_game
from play.lab.solver_bot import SolverBot
from terminal.bot import play_games
from web.dialogs.lab.sandbox import frame_html, policy, relay_hash

ROOT = Path(__file__).resolve().parent.parent

DEALER = textwrap.dedent(
    """
    # Deals the board itself: the engine's dealing is public, so it tries the seeds a run
    # of numbered boards would use against the numbers it sees after its first click, and
    # once one fits it opens every safe cell. Else it guesses at random.
    import random
    from engine import FirstClick, Level
    from engine.layout import generate

    SEEDS = range(400)
    known = None

    def move(view):
        global known
        level = Level(view.rows, view.cols, view.mines)
        first = (view.rows // 2) * view.cols + view.cols // 2
        shown = {r * view.cols + c: view.at(r, c) for r in range(view.rows)
                 for c in range(view.cols) if isinstance(view.at(r, c), int)}
        if not shown:
            known = None
            return ("reveal", view.rows // 2, view.cols // 2)
        if known is None:
            for seed in SEEDS:
                layout = generate(level, seed, first, FirstClick.OPENING)
                if all(layout.counts[cell] == n and cell not in layout.mines
                       for cell, n in shown.items()):
                    known = layout
                    break
            else:
                known = False
        covered = [cell for cell in range(view.rows * view.cols) if cell not in shown
                   and view.at(cell // view.cols, cell % view.cols) == "covered"]
        if known:
            cell = next(c for c in covered if c not in known.mines)
        else:
            cell = random.choice(covered)
        return ("reveal", cell // view.cols, cell % view.cols)
    """
)


def test_a_bot_that_deals_the_boards_itself_wins_numbered_ones_but_not_a_runs() -> None:
    # The attack is real: on numbered boards it wins every game...
    numbered = play_games(DEALER, INTERMEDIATE, Boards.numbered(0), 10, limit_s=30)
    assert all(end.won for end in numbered)
    # ...and on 100 expert boards of a fresh key it wins no more than our solver.
    boards = Boards.fresh()
    dealt = play_games(DEALER, EXPERT, boards, 100, limit_s=30)
    ours = [referee_game(SolverBot(), EXPERT, boards.seed(k)).won for k in range(100)]
    assert sum(end.won for end in dealt) <= sum(ours)
    assert sum(end.won for end in dealt) <= 5  # a random guesser's luck, at most


GUESSER = textwrap.dedent(
    """
    import random  # the module's own generator: nothing in the bot seeds it

    def move(view):
        covered = [(r, c) for r in range(view.rows) for c in range(view.cols)
                   if view.at(r, c) == "covered"]
        return ("reveal", *random.choice(covered))
    """
)


def test_a_bot_guessing_with_random_plays_the_same_games_on_the_same_boards() -> None:
    boards = Boards.fresh()

    def games(dealt: Boards) -> list[tuple[bool, int]]:
        return [(e.won, e.moves) for e in play_games(GUESSER, INTERMEDIATE, dealt, 12)]

    first = games(boards)
    assert games(boards) == first
    assert games(Boards.fresh()) != first  # another key: other boards, other guesses


def test_the_page_allows_exactly_the_relay_as_the_frames_script() -> None:
    relay = (ROOT / "static" / "lab-relay.js").read_text(encoding="utf-8")
    assert "\r" not in relay and "</script" not in relay.lower()
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    page_policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert page_policy is not None
    script_src = re.search(r"script-src ([^;]+)", page_policy[1])
    assert script_src is not None
    hashes = [s for s in script_src[1].split() if s.startswith("'sha256-")]
    assert hashes == [relay_hash(relay)], "index.html's script-src must name the relay's hash"
    frame = policy(relay)
    assert "connect-src 'none'" in frame and "default-src 'none'" in frame
    assert f"<script>{relay}</script>" in frame_html(relay)
