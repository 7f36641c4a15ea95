"""One word per idea: the names the glossary (docs/glossary.md) retired stay retired.

The list is the glossary's own: every name its tables quote between backticks in their
"retired" column, read from it at each run, so that the two cannot drift apart. Each is looked
for as what it is:

- a name (``Saves``, ``display_seconds()``): as a name in Python code (a token, so the same
  letters in a player's message or a sentence do not count), and as code quoted in prose
  (between backticks in a docstring, a comment or a Markdown file, as ``Saves`` or
  :class:`Saves`);
- an attribute (``session.bench``, ``Ledger.salvage``, ``session.set_*``): as that chain of
  names in code or quoted in prose, and as an attribute its class defines (``Session`` for
  ``session``: a method, or a field set in its body or on ``self``);
- a decorator (``@command``): on any function or class;
- a file (``play/solver_help.py``): it is gone, no import names its module, and no prose
  quotes its path or its module (``play.solver_help``).

A few quoted texts are left unchecked, each with its reason
(:data:`NOT_CHECKED`); a quoted text that is none of the four, and not left out, fails the
test, so a new row of the glossary is checked or says why not. The glossary itself names the
retired words, so it is not searched.
"""

from __future__ import annotations

import ast
import io
import os
import re
import tokenize
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"

FRONT_ENDS_ONLY = (
    "retired in the front ends only, where the door's test holds them to the open faces "
    "(tests/test_session_door.py); play/ still says it"
)
NOT_CHECKED = {
    # the door: what the front ends no longer call, which play/ calls still
    "review_moves": FRONT_ENDS_ONLY,
    "review_summary": FRONT_ENDS_ONLY,
    "from_file": FRONT_ENDS_ONLY,
    "from_record": FRONT_ENDS_ONLY,
    "Replay": FRONT_ENDS_ONLY,
    "video_of": FRONT_ENDS_ONLY,
    "evf_of_record": FRONT_ENDS_ONLY,
    "needs_reader": FRONT_ENDS_ONLY,
    "WIDTH": FRONT_ENDS_ONLY,
    "HEIGHT": FRONT_ENDS_ONLY,
    "PAD": FRONT_ENDS_ONLY,
    "TAKEN_BACK_HOLD_MS": FRONT_ENDS_ONLY,
    "practice.add_from_review": FRONT_ENDS_ONLY,
    "board_title(str(level))": FRONT_ENDS_ONLY + " (and it is a call, not a name)",
    # a word that moved to the value it describes: the function of the name went, not the word
    "kind()": "Verdict.kind says it now; what went is the function of play/review/view.py",
    "marks()": "MoveReview.marks says it now; what went is the function of play/review/view.py",
    # English words the code says of other ideas
    "played": (
        "a participle every part says of a game (a drill's played field, the game played "
        "on); what went is tests/test_review.py's fixture, drawn_game now"
    ),
    "begun": (
        "says other things (a constraint begun in the solver's endgame, a video's game begun "
        "in play/videos/replay_mouse.py); what went is web/page/pace.py's first slice, "
        "first_step now"
    ),
}
"""The quoted texts of the glossary's retired column that are not checked, and why."""

SKIPPED = ("docs/glossary.md", "tests/test_words.py")
SKIPPED_FOLDERS = {".venv", "node_modules", "_site", "site", ".git", "__pycache__"}
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
CHAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_*][A-Za-z0-9_*]*)+")
QUOTED = re.compile(r"`+([^`\n]+)`+")


@dataclass(frozen=True, slots=True)
class Retired:
    """A retired word as the glossary quotes it, and the row's word that says the idea now."""

    quoted: str
    now: str

    @property
    def kind(self) -> str:
        """``name``, ``chain``, ``decorator`` or ``file``; ``unreadable`` for anything else."""
        text = self.text
        if text.startswith("@") and NAME.fullmatch(text[1:]):
            return "decorator"
        if "/" in text:
            return "file"
        if CHAIN.fullmatch(text):
            return "chain"
        return "name" if NAME.fullmatch(text) else "unreadable"

    @property
    def text(self) -> str:
        """The quoted text without the call's parentheses (``display_seconds()``)."""
        return self.quoted.removesuffix("()")

    def near(self, text: str) -> bool:
        """Whether ``text`` may say the word at all (a quick first look): a file's module
        name, a name, a chain written out, or the class that would define its attribute."""
        last = self.text.removesuffix(".py").replace("/", ".").split(".")[-1].strip("*")
        return last in text and _near(self.kind, self.text).search(text) is not None

    @property
    def module(self) -> str:
        """A retired file's module: ``play/solver_help.py`` is ``play.solver_help``."""
        return self.text.removesuffix(".py").replace("/", ".")


@cache
def _near(kind: str, text: str) -> re.Pattern[str]:
    if kind == "file":
        place, stem = (re.escape(part) for part in (Path(text).parent.name, Path(text).stem))
        return re.compile(rf"\b{place}(?:\.|/|\s+import\s+){stem}\b")
    if kind == "decorator":
        return re.compile(re.escape(text) + r"\b")
    owner, *rest = text.split(".")
    parts = [re.escape(part).replace(r"\*", r"\w*") for part in [owner, *rest]]
    written = r"\b" + r"\s*\.\s*".join(parts) + r"\b"
    if kind != "chain" or len(rest) != 1:
        return re.compile(written)
    return re.compile(f"{written}|\\bclass {re.escape(owner[:1].upper() + owner[1:])}\\b")


def retired_words(glossary: str) -> list[Retired]:
    """Every text quoted in the "retired" column of the glossary's tables, once each.

    >>> table = "| idea | word | where | retired |\\n| --- | --- | --- | --- |\\n"
    >>> row = "| kept data | `Blobs` | `blobs.py` | `Saves`; `Shelf` (practice's) |\\n"
    >>> [(r.quoted, r.now) for r in retired_words(table + row)]
    [('Saves', '`Blobs`'), ('Shelf', '`Blobs`')]
    """
    found: dict[str, Retired] = {}
    column = word = -1
    for line in glossary.splitlines():
        if not line.startswith("|"):
            column = word = -1
            continue
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if "retired" in cells:
            column, word = cells.index("retired"), cells.index("word")
        elif 0 <= column < len(cells) and not set(line) <= set("|- "):
            for quoted in QUOTED.findall(cells[column]):
                found.setdefault(quoted, Retired(quoted, cells[word]))
    return list(found.values())


def checked(retired: list[Retired]) -> list[Retired]:
    return [r for r in retired if r.quoted not in NOT_CHECKED]


def sources(root: Path = ROOT) -> list[Path]:
    """Our Python and Markdown files (the virtualenv, npm's packages and builds not)."""
    found = []
    for folder, folders, files in os.walk(root):
        folders[:] = [f for f in folders if f not in SKIPPED_FOLDERS]
        for name in files:
            path = Path(folder, name)
            if path.suffix in (".py", ".md") and path.relative_to(root).as_posix() not in SKIPPED:
                found.append(path)
    return sorted(found)


def _pattern(text: str) -> re.Pattern[str]:
    """``text`` (a name, or a chain of them with ``*`` for any name's rest) in prose."""
    parts = (re.escape(part).replace(r"\*", r"\w*") for part in text.split("."))
    return re.compile(r"(?<!\w)" + r"\.".join(parts) + r"(?!\w)")


def _names(tokens: list[tokenize.TokenInfo]) -> list[str]:
    """The code's names and dots, in order (a chain ``a . b`` is three of them)."""
    return [t.string for t in tokens if t.type == tokenize.NAME or t.string == "."]


def _has_chain(names: list[str], chain: list[str]) -> bool:
    width = 2 * len(chain) - 1
    for at in range(len(names) - width + 1):
        window = names[at : at + width]
        if window[1::2] == ["."] * (len(chain) - 1) and all(
            fnmatchcase(name, part) for name, part in zip(window[::2], chain, strict=True)
        ):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Code:
    """What a module's syntax tree says that a retired word may be: what each class defines
    (a method, a field of its body, a field set on ``self``: not a method's own variables),
    the decorators used, and every module an import could name (``from a import b`` names
    ``a`` and ``a.b``)."""

    defined: dict[str, set[str]]
    decorators: set[str]
    imported: set[str]

    @classmethod
    def of(cls, tree: ast.Module) -> Code:
        code = cls({}, set(), set())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                code.defined.setdefault(node.name, set()).update(_defines(node))
            for decorator in getattr(node, "decorator_list", []):
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                code.decorators.add(getattr(target, "id", getattr(target, "attr", "")))
            if isinstance(node, ast.Import):
                code.imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                code.imported.add(node.module)
                code.imported.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                code.imported.update(
                    a.value
                    for a in node.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                )
        return code


def _defines(node: ast.ClassDef) -> set[str]:
    names = set()
    for inner in node.body:
        if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(inner.name)
        elif isinstance(inner, ast.Assign | ast.AnnAssign):
            targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names | {
        stored.attr
        for stored in ast.walk(node)
        if isinstance(stored, ast.Attribute)
        and isinstance(stored.ctx, ast.Store)
        and getattr(stored.value, "id", "") == "self"
    }


def retired_in(path: Path, retired: list[Retired]) -> set[str]:
    """The retired words ``path`` says again (see the module's docstring for how)."""
    text = path.read_text(encoding="utf-8")
    near = [r for r in retired if r.near(text)]
    if not near:
        return set()
    quoted: list[str] = []
    found: set[str] = set()
    if path.suffix == ".md":
        quoted = QUOTED.findall(text)
    else:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
        quoted = [
            span
            for t in tokens
            if t.type in (tokenize.STRING, tokenize.COMMENT)
            for span in QUOTED.findall(t.string)
        ]
        names = _names(tokens)
        code_names = set(names)
        code: Code | None = None
        for r in near:
            if r.kind == "name":
                if r.text in code_names:
                    found.add(r.quoted)
                continue
            chain = r.text.split(".")
            owner = chain[0][:1].upper() + chain[0][1:]
            if r.kind == "chain" and _has_chain(names, chain):
                found.add(r.quoted)
                continue
            if r.kind == "chain" and (len(chain) > 2 or f"class {owner}" not in text):
                continue  # no class of the owner's here to define it
            code = code or Code.of(ast.parse(text))
            defined = code.defined.get(owner, set()) if r.kind == "chain" else set()
            if (
                any(fnmatchcase(name, chain[-1]) for name in defined)
                or (r.kind == "decorator" and r.text[1:] in code.decorators)
                or (r.kind == "file" and r.module in code.imported)
            ):
                found.add(r.quoted)
    for r in near:
        said = [r.text, r.module] if r.kind == "file" else [r.text]
        if r.kind != "decorator" and any(
            _pattern(text).search(span) for text in said for span in quoted
        ):
            found.add(r.quoted)
    return found


# --- the glossary's list ------------------------------------------------------------------------


def test_the_glossary_lists_the_retired_words_and_each_is_checked_or_says_why_not() -> None:
    retired = retired_words(GLOSSARY.read_text(encoding="utf-8"))
    quoted = {r.quoted for r in retired}
    assert {"Saves", "session.bench", "@command", "play/solver_help.py"} <= quoted
    unreadable = [r.quoted for r in checked(retired) if r.kind == "unreadable"]
    assert unreadable == [], "write each as a name, a chain, @decorator or a file, or say why not"
    assert set(NOT_CHECKED) <= quoted, "a word left out that the glossary no longer retires"
    assert len(checked(retired)) >= 70


def test_the_sources_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in sources()}
    assert {"play/session.py", "README.md", "tests/helpers.py"} <= names


# --- the words ---------------------------------------------------------------------------------


def test_no_retired_word() -> None:
    retired = checked(retired_words(GLOSSARY.read_text(encoding="utf-8")))
    files = [r for r in retired if r.kind == "file" and (ROOT / r.text).exists()]
    assert files == [], "retired files that are back: " + ", ".join(r.text for r in files)
    now = {r.quoted: r.now for r in retired}
    offenders = {
        path.relative_to(ROOT).as_posix(): sorted(found)
        for path in sources()
        if (found := retired_in(path, retired))
    }
    assert offenders == {}, "retired words (docs/glossary.md says the word now): " + "; ".join(
        f"{name}: {', '.join(f'{w} (now {now[w]})' for w in words)}"
        for name, words in offenders.items()
    )


PLANTED_GLOSSARY = """
| idea | word | where | retired |
| --- | --- | --- | --- |
| kept data | `Blobs` | `blobs.py` | `Saves`; `Shelf` (practice's) |
| the door | `Session` | `session.py` | `session.bench`, `session.set_*`, `Ledger.salvage` |
| a reported call | `@reported` | `channel.py` | `@command`, `play/solver_help.py` |
| the LED | `Timer.display()` | `clock.py` | `display_seconds()` |
"""

PLANTED = '''
"""Kept by ``Saves``; the words in a sentence do not count: Shelf, session.bench."""
import play.solver_help
from play import solver_help

class Session:
    def set_level(self): ...
    def __init__(self):
        self.bench = None

class Ledger:
    salvage: int = 0

@command
def deal(): ...

seconds = timer.display_seconds()  # as ``Shelf`` read it
board = session.bench
message = "display_seconds() and session.bench in a player's message"
'''


@pytest.mark.parametrize(
    ("planted", "found"),
    [
        (
            PLANTED,
            {
                "Saves", "Shelf", "session.bench", "session.set_*", "Ledger.salvage",
                "@command", "play/solver_help.py", "display_seconds()",
            },
        ),
        ('"""Nothing here: Saves, display_seconds and session.bench in words."""\n', set()),
    ],
)  # fmt: skip
def test_a_planted_retired_word_is_caught(tmp_path: Path, planted: str, found: set[str]) -> None:
    retired = retired_words(PLANTED_GLOSSARY)
    path = tmp_path / "planted.py"
    path.write_text(planted, encoding="utf-8")
    assert retired_in(path, retired) == found


def test_a_retired_word_quoted_in_markdown_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("See `play/solver_help.py`, ``session.bench()`` and `Saves`; not Shelf.\n")
    assert retired_in(path, retired_words(PLANTED_GLOSSARY)) == {
        "play/solver_help.py",
        "session.bench",
        "Saves",
    }
