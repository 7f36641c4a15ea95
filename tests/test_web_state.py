"""No module in web/ keeps state of play of its own: a cursor, a replay's clock, its speed
or its position are :mod:`play.game_ui`'s, and web/ holds them only as its objects.

A scan of web/'s source (its syntax tree): every ``self.NAME = ...`` whose NAME is one of
the words of such state must be given a :mod:`play.game_ui` object. It catches the state
moved out of web/ coming back under its own name (``self.ms = 0``); it cannot see state
kept under other names, which reading the module must catch.
"""

from __future__ import annotations

import ast
from pathlib import Path

import play.game_ui

WEB = Path(__file__).resolve().parent.parent / "web"
STATE_WORDS = frozenset({"cursor", "ms", "index", "speed", "until", "playing", "elapsed"})
"""What a front end would call state of play it kept itself."""
GAME_UI = frozenset(play.game_ui.__all__)


def held_state(path: Path) -> set[str]:
    """The state words ``path`` assigns to ``self`` something else than a game_ui object."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        names = [
            element
            for target in targets
            for element in (target.elts if isinstance(target, ast.Tuple) else [target])
        ]
        for name in names:
            if not (
                isinstance(name, ast.Attribute)
                and isinstance(name.value, ast.Name)
                and name.value.id == "self"
                and name.attr in STATE_WORDS
            ):
                continue
            made = value.func if isinstance(value, ast.Call) else None
            if not (isinstance(made, ast.Name) and made.id in GAME_UI):
                found.add(name.attr)
    return found


def test_web_keeps_no_state_of_play() -> None:
    held = {
        (path.relative_to(WEB).as_posix(), word)
        for path in sorted(WEB.rglob("*.py"))
        for word in held_state(path)
    }
    assert not held, f"state of play kept in web/: {sorted(held)}"


def test_the_scan_sees_state_kept_the_old_way(tmp_path: Path) -> None:
    old = tmp_path / "old.py"
    old.write_text(
        "class Dialog:\n"
        "    def __init__(self, grid):\n"
        "        self.ms, self.index = 0, -1\n"
        "        self.speed: float = 1.0\n"
        "        self.cursor = BoardCursor(grid)\n"
    )
    assert held_state(old) == {"ms", "index", "speed"}


KEY_EVENTS = ("keydown", "keyup", "keypress")


def key_listeners(source: str) -> list[str]:
    """The key events a source listens for: each string literal naming one."""
    return [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and node.value in KEY_EVENTS
    ]


def test_the_page_has_one_key_listener() -> None:
    """Every key of the page is read by web/page/keyboard.py's one listener, which runs the
    key table's command for the context (:data:`play.game_ui.BINDINGS`): no module, and no
    script of the page, listens for keys of its own."""
    found = {
        path.relative_to(WEB).as_posix(): events
        for path in sorted(WEB.rglob("*.py"))
        if (events := key_listeners(path.read_text()))
    }
    assert found == {"page/keyboard.py": ["keydown"]}
    scripts = [*WEB.parent.glob("static/*.js"), *WEB.parent.glob("static/*.mjs")]
    pages = [WEB.parent / "index.html", *scripts]
    assert [p.name for p in pages if any(e in p.read_text() for e in KEY_EVENTS)] == []


def test_the_count_sees_a_listener_of_a_dialogs_own() -> None:
    source = 'listen(self.board, "keydown", self.on_keydown)\n'
    assert key_listeners(source) == ["keydown"]
