"""What the player sees is the game, in Chromium, read through the public DOM
contract only: after Undo no cell shows a mine and every cell is the game's; and a random run
of mouse, keyboard and touch input, after each action of which the board, its status, the
face and the mine counter are the game's.

The oracle is the engine in CPython: the board the address's seed deals, each move the test
made played on it as the session reads a gesture (:func:`play.game.input.interpret`: a tap on a
number chords), an Undo taking the losing click back. Never the page's own drawing code.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from engine import BEGINNER, FirstClick, Game, Move, Status, apply, new_game
from play.game import Input
from play.game.input import interpret
from tests.e2e.board import Board, engine_game, expected_states, lose_beginner
from tests.e2e.test_phone import phone  # noqa: F401 (a fixture)
from web.board.render import led_text
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 20261129
FACES = {Status.WON: "cool", Status.LOST: "dead"}
COVERS = ("mine", "exploded", "wrong-flag")
"""What only a finished game shows."""


def shown(page: Page) -> dict[str, Any]:
    """What a player reads off the page: the cells, the status, the face, the counter."""
    board = Board(page)
    return {
        "cells": board.states(),
        "status": board.status,
        "face": board.face,
        "counter": board.counter,
    }


def wanted(game: Game) -> dict[str, Any]:
    return {
        "cells": expected_states(game),
        "status": game.status.value,
        "face": FACES.get(game.status, "smile"),
        "counter": led_text(game.mines_left),
    }


def assert_shows(page: Page, game: Game, what: str) -> None:
    """The page shows ``game`` (within 3 s: a move is drawn in its click's own task, but a
    test's input and the page's handler are two processes)."""
    deadline = time.monotonic() + 3
    want = wanted(game)
    while True:
        seen = shown(page)
        if seen == want:
            break
        if time.monotonic() > deadline:
            wrong = {k: (seen[k], want[k]) for k in want if k != "cells" and seen[k] != want[k]}
            cells = sorted(c for c in want["cells"] if seen["cells"].get(c) != want["cells"][c])
            pytest.fail(f"after {what}: {wrong}; cells not the game's: {cells[:10]}")
        page.wait_for_timeout(50)
    if not game.status.is_over:
        assert not any(state in COVERS for state, _ in seen["cells"].values())


def test_undo_draws_the_game_played_on_with_no_mine_on_screen(open_game: OpenGame) -> None:
    page = open_game(f"/?seed={SEED}")
    board = Board(page)
    lose_beginner(board, SEED)
    page.locator(f"#{ids.UNDO}").click()
    assert_shows(page, engine_game(BEGINNER, SEED, Move.reveal(4, 4)), "Undo")


def test_undo_of_a_losing_first_click_draws_a_covered_board(open_game: OpenGame) -> None:
    """Under ``?first=none`` the first click can lose; undone, the board is covered again and
    ready, and the menu names the rule in force."""
    for seed in range(SEED, SEED + 500):
        game = apply(new_game(BEGINNER, seed, first_click=FirstClick.NONE), Move.reveal(0, 0)).game
        if game.status is Status.LOST:
            break
    page = open_game(f"/?seed={seed}&first=none")
    assert page.locator(f"#{ids.FIRST_CLICK}").input_value() == "none"
    board = Board(page)
    board.click(0, 0)
    assert board.status == "lost"
    page.locator(f"#{ids.UNDO}").click()
    assert_shows(page, new_game(BEGINNER, seed, first_click=FirstClick.NONE), "Undo")
    assert board.status == "ready"


class Player:
    """Plays the page by one kind of input and keeps the engine's game beside it."""

    def __init__(self, page: Page, via: Input, seed: int) -> None:
        self.page, self.via, self.board = page, via, Board(page)
        self.games = [new_game(BEGINNER, seed)]
        """The game after each move counted (an Undo pops the losing click)."""

    @property
    def game(self) -> Game:
        return self.games[-1]

    def played(self, move: Move) -> None:
        move = interpret(self.game, move, self.via, click_chords=False)
        outcome = apply(self.game, move)
        if outcome.game is not self.game:
            self.games.append(outcome.game)

    def act(self, rnd: random.Random) -> str:
        """One action of the player's kind of input; what it was, in words."""
        game = self.game
        if game.status is Status.LOST and rnd.random() < 0.7:
            self.page.locator(f"#{ids.UNDO}").click()
            self.games.pop()
            return "Undo"
        row, col = rnd.randrange(9), rnd.randrange(9)
        flag = rnd.random() < 0.2
        move = Move.mark(row, col) if flag else Move.reveal(row, col)
        cell = self.board.cell(row, col)
        if self.via is Input.MOUSE:
            cell.click(button="right" if flag else "left")
        elif self.via is Input.TOUCH:
            if flag:
                box = cell.bounding_box()
                assert box is not None
                x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                cdp = self.page.context.new_cdp_session(self.page)
                start = {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
                cdp.send("Input.dispatchTouchEvent", start)
                self.page.wait_for_timeout(700)
                cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                cdp.detach()
            else:
                cell.tap()
        else:
            move = self._by_keys(rnd, flag)
        self.played(move)
        return f"{move} by {self.via.value}"

    def _by_keys(self, rnd: random.Random, flag: bool) -> Move:
        """Arrows to a cell, then Space (or F): the move at the cursor the page draws."""
        keys = self.page.keyboard
        for _ in range(rnd.randrange(1, 4)):
            keys.press(rnd.choice(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]))
        focus = self.page.locator(f"#{ids.BOARD} .cell.{ids.FOCUS_CLASS}")
        row, col = (
            int(focus.get_attribute("data-row") or 0),
            int(focus.get_attribute("data-col") or 0),
        )
        keys.press("f" if flag else " ")
        return Move.mark(row, col) if flag else Move.reveal(row, col)


def play_randomly(page: Page, via: Input, seed: int, actions: int) -> None:
    player = Player(page, via, seed)
    if via is Input.KEYS:
        page.locator(f"#{ids.BOARD}").focus()
        page.keyboard.press("ArrowRight")  # the cursor drawn, where the page puts it
    rnd = random.Random(seed)
    for _ in range(actions):
        if player.game.status is Status.WON:
            break
        what = player.act(rnd)
        assert_shows(page, player.game, what)


@pytest.mark.parametrize("via", [Input.MOUSE, Input.KEYS])
def test_a_random_run_by_mouse_or_keys_shows_the_game_after_every_action(
    open_game: OpenGame, via: Input
) -> None:
    page = open_game(f"/?seed={SEED}")
    play_randomly(page, via, SEED, actions=40)


def test_a_random_run_by_touch_shows_the_game_after_every_action(
    phone: Callable[[str], Page],  # noqa: F811 (the fixture imported above)
) -> None:
    page = phone(f"/?level=beginner&seed={SEED + 1}")
    play_randomly(page, Input.TOUCH, SEED + 1, actions=25)
