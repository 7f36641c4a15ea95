"""The solver's kept components stay bounded by their size, over long auto-played games.

Pyodide's memory (a wasm heap) grows and never shrinks, so a cache that holds a few huge
numbers too many costs the page for good: the bound is on what the numbers take, not on how
many components are kept.
"""

from __future__ import annotations

import pytest

from engine import Level, apply, new_game
from engine.solver import components
from engine.solver.components import Component, ComponentCache, solve, words_of
from engine.steps import drain
from play.assist.assistant import Assistant

DENSE = Level(40, 40, 330)
"""About 20% mines, like the 300x300 board of the memory benchmark, small enough for a test."""


def held_words(cache: dict[frozenset[tuple[frozenset[int], int]], Component]) -> int:
    """What the cache really holds, counted from its contents."""
    return sum(words_of(comp) for comp in cache.values())


def test_an_auto_played_session_keeps_the_cache_within_its_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    limit = 3_000
    monkeypatch.setattr(components, "CACHE_WORDS", limit, raising=False)
    assistant = Assistant()
    most = 0
    for seed in range(6):  # one board size: the same analyser, and its cache, all along
        game = new_game(DENSE, seed)
        for _ in range(150):
            move = drain(assistant.next_move_steps(game))
            if move is None:
                break
            game = apply(game, move).game
            analyser = assistant._analyser
            assert analyser is not None
            most = max(most, held_words(analyser.cache))
            if game.status.is_over:
                break
    assert 0 < most <= limit


def test_the_count_of_words_is_kept_as_components_come_and_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(components, "CACHE_WORDS", 40)
    cache = ComponentCache()
    for cell in range(0, 20, 2):
        solve([(frozenset({cell, cell + 1}), 1)], cache)  # 10 words each
        assert cache.words == held_words(cache) <= 40
    assert len(cache) == 2  # emptied when the fifth came, then two more


def test_a_component_larger_than_the_whole_budget_is_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(components, "CACHE_WORDS", 5)
    cache = ComponentCache()
    comp, _ = solve([(frozenset({0, 1}), 1)], cache)
    assert comp.exact and len(cache) == 0 and cache.words == 0
