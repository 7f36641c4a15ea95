"""One word per idea: the names the glossary (docs/glossary.md) retired stay retired.

A retired name is looked for where it would name the idea again: as a name in Python code
(a token, so the same letters in a player's message or a sentence do not count), and as code
quoted in prose (between backticks in a docstring, a comment or a Markdown file, as
``Saves`` or :class:`Saves`). The glossary itself names the retired words, so it is not read.
"""

from __future__ import annotations

import io
import os
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RETIRED = {
    # keeping
    "Saves": "Blobs",
    "Shelf": "Blobs",
    "Kept": "KeptDrill",
    "Salvage": "Readable",
    "salvage": "readable",
    # practice
    "Practise": "StartPractice",
    "practise_command": "practice_command",
    # two ideas, one name
    "Summary": "BoardSummary or ReviewSummary",
    "summarise": "board_summaries or review_summary",
    # test fixtures said twice
    "Ticks": "AdvancingClock",
    "Game_": "DrawnGame",
    "game_of": "drawn_game",
    "game_of_layout": "drawn_game",
    # sliced work: Steps, run by drain (or the page's drain_in_turns)
    "Paced": "Steps",
    "at_once": "drain",
    "sliced": "drain_in_turns",
    "prepare_steps": "suggestion_steps",
    # the session's door and its parts
    "SolverHelp": "Assistant",
    "solver_help": "play.assist.assistant",
    "AnalysisBench": "PositionEditor",
    "change_level": "change(level=...)",
    "review_overlay": "review_chances",
    "auto_step": "drain(session.auto_steps())",
    "new_daily": "new_game(day=...)",
    "race_own_best": "start_race() with no ghost",
    "stats_steps": "the layout's openings_steps()",
    # the door: what front ends asked of the review, the videos and the ledger, now values
    "title_meanings": "BoardSummary.meanings",
    "track_of": "Replay.track",
    "point_label": "Curve.label",
    "verdict_text": "MoveReview.text",
    "shows_chances": "session.review_chances",
    # the front end's state of play, moved to play.game_ui
    "Keyboard": "BoardCursor",
}
"""Each retired name, and what says the idea now (see docs/glossary.md)."""

SKIPPED = ("docs/glossary.md",)
SKIPPED_FOLDERS = {".venv", "node_modules", "_site", "site", ".git", "__pycache__"}
QUOTED = re.compile(r"`+([^`\n]+)`+")
WORD = re.compile(r"\b(" + "|".join(sorted(RETIRED, key=len, reverse=True)) + r")\b")


def sources() -> list[Path]:
    """Our Python and Markdown files (the virtualenv, npm's packages and builds not)."""
    found = []
    for folder, folders, files in os.walk(ROOT):
        folders[:] = [f for f in folders if f not in SKIPPED_FOLDERS]
        for name in files:
            path = Path(folder, name)
            if path.suffix in (".py", ".md") and path.relative_to(ROOT).as_posix() not in SKIPPED:
                found.append(path)
    return sorted(found)


def quoted(text: str) -> set[str]:
    """The retired names in the code that ``text`` quotes between backticks.

    >>> sorted(quoted("kept by ``Saves``; :class:`play.keeping.blobs.Blobs`; Saves"))
    ['Saves']
    """
    return {word for span in QUOTED.findall(text) for word in WORD.findall(span)}


def retired_in(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    if not WORD.search(text):
        return set()
    if path.suffix == ".md":
        return quoted(text)
    found: set[str] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.NAME and token.string in RETIRED:
            found.add(token.string)
        elif token.type in (tokenize.STRING, tokenize.COMMENT):
            found |= quoted(token.string)
    return found


def test_the_sources_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in sources()}
    assert {"play/session.py", "README.md", "tests/test_words.py"} <= names


def test_no_retired_name() -> None:
    offenders = {
        path.relative_to(ROOT).as_posix(): sorted(found)
        for path in sources()
        if path != Path(__file__) and (found := retired_in(path))
    }
    assert offenders == {}, "retired names (see RETIRED for the new ones): " + "; ".join(
        f"{name}: {', '.join(words)}" for name, words in offenders.items()
    )
