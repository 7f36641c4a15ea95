"""The text that crosses between the referee's side and the bot's (a worker in the page, a
child process in the terminal): JSON only, both ways, and every answer's shape checked
before the referee reads it. Nothing is unpickled, nothing is trusted because of where it
came from.

- the referee's side asks :func:`question` (the view, and before a board's first move the
  seed of the bot's ``random``), and reads the answer with :func:`answer_of`;
- the bot's side answers with :func:`play.lab.referee.reply`'s :data:`Reply`, cut to
  :data:`MAX_WORDS` and :data:`MAX_TRACEBACK` by :func:`answer_text`.

>>> answer_of('{"move": "O3,4", "seconds": 0.002}')
{'move': 'O3,4'}
>>> answer_of('{"move": "O3,4", "won": true}')
Traceback (most recent call last):
play.lab.protocol.ProtocolError: the bot's side sent something that is not an answer
>>> answer_of("\\x80\\x04\\x95...")  # a pickle, say
Traceback (most recent call last):
play.lab.protocol.ProtocolError: the bot's side sent something that is not an answer
"""

from __future__ import annotations

import json
from typing import Any

from play.lab.boards import Boards
from play.lab.referee import Referee, Reply, View

MAX_TEXT = 1_000_000
"""The longest message either side reads, in characters: a view of the largest board is
60 KB, an answer with its traceback a few KB."""
MAX_WORDS = 500
"""The longest reason (an exception's words, a refusal) kept of an answer."""
MAX_TRACEBACK = 8_000
"""The longest traceback kept: its last lines, where the error is."""


class ProtocolError(ValueError):
    """What came from the bot's side is not an answer: the game ends with these words."""

    def __init__(self) -> None:
        super().__init__("the bot's side sent something that is not an answer")


def question(view: View, random_seed: str | None = None) -> str:
    """The referee's question: ``{"view": ..., "random": seed}`` (``random`` before a
    board's first move only)."""
    asked: dict[str, Any] = {"view": json.loads(view.to_json())}
    if random_seed is not None:
        asked["random"] = random_seed
    return json.dumps(asked, separators=(",", ":"))


def _text(value: object) -> bool:
    return isinstance(value, str)


SHAPES: dict[frozenset[str], dict[str, Any]] = {
    frozenset({"move"}): {"move": lambda v: v is None or (_text(v) and len(v) <= 40)},
    frozenset({"refused"}): {"refused": _text},
    frozenset({"error", "traceback"}): {"error": _text, "traceback": _text},
}
"""The answers there are, by their keys (``seconds`` aside: the front end times a move with
its own clock, never the bot's)."""


def _cut(answer: Reply) -> Reply:
    """The answer with its words cut to size: a reason's first :data:`MAX_WORDS`
    characters, a traceback's last :data:`MAX_TRACEBACK`."""
    cut = dict(answer)
    for key in ("refused", "error"):
        if isinstance(cut.get(key), str):
            cut[key] = cut[key][:MAX_WORDS]
    if isinstance(cut.get("traceback"), str):
        cut["traceback"] = cut["traceback"][-MAX_TRACEBACK:]
    return cut


def checked(said: object) -> Reply:
    """``said`` (parsed JSON) as an answer, shape-checked, without the bot's own
    ``seconds``; :class:`ProtocolError` when it is no answer."""
    if not isinstance(said, dict):
        raise ProtocolError()
    keys = frozenset(said) - {"seconds"}
    checks = SHAPES.get(keys)
    if checks is None or not all(check(said[key]) for key, check in checks.items()):
        raise ProtocolError()
    return _cut({key: said[key] for key in keys})


def answer_of(text: object) -> Reply:
    """The answer in ``text``, shape-checked (:func:`checked`); :class:`ProtocolError`
    when it is no answer."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ProtocolError()
    try:
        said = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError() from None
    return checked(said)


def answer_text(answer: Reply) -> str:
    """The bot's answer as it is sent: its words cut to size."""
    return json.dumps(_cut(answer))


def question_of(referee: Referee, boards: Boards, board: int) -> str:
    """The question of the referee's game on the run's board number ``board``: its view,
    and before its first move the seed of the bot's ``random`` (the page and the terminal
    ask the same)."""
    first = boards.random_seed(board) if referee.made == 0 else None
    return question(referee.view(), first)
