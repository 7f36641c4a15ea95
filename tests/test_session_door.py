"""The session is the front ends' one door: its public surface is the list its docstring
gives, no more and no less, and every setting passes through one call."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import play.session
from engine import EXPERT
from play.game import Settings
from play.session import Session


def listed() -> set[str]:
    """The names the module's docstring lists as the public surface."""
    doc = play.session.__doc__ or ""
    surface = doc[doc.index("Its public surface") : doc.index(">>>")]
    return set(re.findall(r"``(\w+)``", surface))


def test_the_docstring_lists_the_whole_public_surface() -> None:
    session = Session(seed=1)
    public = {name for name in dir(session) if not name.startswith("_")}
    assert listed() == public


def test_every_setting_changes_through_the_one_call() -> None:
    session, other = Session(seed=1), Settings(theme="dark", cell_size="l", flag_mode=True)
    changes = {name: getattr(other, name) for name in ("theme", "cell_size", "flag_mode")}
    session.change(**changes)
    assert [getattr(session.settings, name) for name in changes] == list(changes.values())
    assert not [n for n in dir(Session) if n.startswith("set_") or n == "change_level"]


def test_a_change_that_is_no_setting_is_refused_in_words() -> None:
    session = Session(seed=1)
    session.change(colour="red", auto_delay_ms="fast")
    assert session.settings == Settings()
    assert session.notice is not None and "'auto_delay_ms'" in session.notice.text
    assert "'colour'" in session.notice.text


def test_a_change_of_several_settings_is_reported_once() -> None:
    session, seen = Session(seed=1), []
    session.subscribe(seen.append)
    session.change(level=EXPERT, theme="dark", no_guess=True)
    assert len(seen) == 2 and seen[-1].fresh and seen[-1].game.level == EXPERT
    assert session.settings.theme == "dark" and session.game.no_guess


# --- what a front end may import -----------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
FRONT_ENDS = ("web", "terminal", "main.py")
"""The front ends' code: the page's, its entry point's and the console's."""

OPEN_FACES = frozenset(
    {
        "engine",
        "play.session",
        "play.game",
        "play.game_ui",
        "play.start",
        "play.keeping",
        "play.lab",
    }
)
"""The faces a front end may import at run time; docs/glossary.md says why each one, in
"What a front end may import". The review, practice, the solver's help, the videos and the
ledger are reached through session calls and the values they hand out; under
``if TYPE_CHECKING:`` a front end may name any face's types (annotations of those values),
never an inner module's."""


@dataclass(frozen=True, slots=True)
class Imported:
    module: str
    line: int
    checking: bool
    """Under ``if TYPE_CHECKING:``: an annotation, not run."""


def _is_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _submodule(package: str, name: str) -> str | None:
    """``package.name`` when ``from package import name`` imports a module that is no name
    of the package's face (``from play.ledger import safe_json``)."""
    try:
        face = importlib.import_module(package)
    except ImportError:
        return None
    if name in getattr(face, "__all__", ()) or not hasattr(face, "__path__"):
        return None
    found = importlib.util.find_spec(f"{package}.{name}")
    return None if found is None else f"{package}.{name}"


def imports_of(source: str) -> list[Imported]:
    """Every module of ours (engine, play) ``source`` imports, at the top, in a function or
    by :func:`importlib.import_module` with a literal name; each with whether it is only an
    annotation's."""
    found: list[Imported] = []

    def visit(node: ast.AST, checking: bool) -> None:
        if isinstance(node, ast.If) and _is_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, checking)
            return
        if isinstance(node, ast.Import):
            found.extend(Imported(alias.name, node.lineno, checking) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(Imported(node.module, node.lineno, checking))
            for alias in node.names:
                inner = _submodule(node.module, alias.name)
                if inner is not None:
                    found.append(Imported(inner, node.lineno, checking))
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(Imported(node.args[0].value, node.lineno, checking))
        for child in ast.iter_child_nodes(node):
            visit(child, checking)

    visit(ast.parse(source), False)
    return [i for i in found if i.module.split(".")[0] in ("engine", "play")]


def faces() -> set[str]:
    """Every package face of ours: the engine's and its solver's, play's own (its ``face``
    helper), each play package's, and the door."""
    play = {f"play.{p.name}" for p in (ROOT / "play").iterdir() if (p / "__init__.py").exists()}
    return {"engine", "engine.solver", "play", "play.session"} | play


def offences(imports: list[Imported], where: str) -> list[str]:
    """What ``imports`` break of the rule, in words naming the file and line."""
    known = faces()
    said = []
    for i in imports:
        if i.module not in known:
            said.append(f"{where}:{i.line}: {i.module} is an inner module")
        elif not i.checking and i.module not in OPEN_FACES:
            said.append(f"{where}:{i.line}: {i.module} is no open face (a session call)")
    return said


def front_end_files() -> list[Path]:
    return sorted(
        path
        for top in FRONT_ENDS
        for path in ([ROOT / top] if top.endswith(".py") else (ROOT / top).rglob("*.py"))
    )


def test_front_ends_import_the_open_faces_only() -> None:
    found = []
    used: set[str] = set()
    for path in front_end_files():
        imports = imports_of(path.read_text(encoding="utf-8"))
        found += offences(imports, str(path.relative_to(ROOT)))
        used |= {i.module for i in imports if not i.checking}
    assert found == [], "\n".join(found)
    assert used == OPEN_FACES, "an open face no front end imports: close it"


def test_the_glossary_names_the_open_faces_and_why() -> None:
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    section = text.split("## What a front end may import", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([\w.]+)` \| (.+?) \|$", section, re.MULTILINE)
    assert {face for face, _why in rows} == OPEN_FACES
    assert all(why.strip() for _face, why in rows)


PLANTED = """
from typing import TYPE_CHECKING
from engine import Move
from engine.steps import drain
from play.session import Session
from play.review import review
from play.ledger import safe_json
import play.videos.replay

def later():
    from play.assist import warm_up_steps
    importlib.import_module("play.practice.bank")

if TYPE_CHECKING:
    from play.assist import Hint
    from play.review.view import Curve
"""


def test_the_rule_catches_an_inner_module_and_a_closed_face() -> None:
    said = offences(imports_of(PLANTED), "planted.py")
    assert said == [
        "planted.py:4: engine.steps is an inner module",
        "planted.py:6: play.review is no open face (a session call)",
        "planted.py:7: play.ledger is no open face (a session call)",
        "planted.py:7: play.ledger.safe_json is an inner module",
        "planted.py:8: play.videos.replay is an inner module",
        "planted.py:11: play.assist is no open face (a session call)",
        "planted.py:12: play.practice.bank is an inner module",
        "planted.py:16: play.review.view is an inner module",
    ]


# --- the solver's face -------------------------------------------------------------------------

OUTSIDE_THE_ENGINE = ("play", *FRONT_ENDS)
"""Where the solver is a library: play/ and the front ends (the engine's own modules may
reach into each other)."""


def inside_the_solver(imports: list[Imported], where: str) -> list[str]:
    """The imports of ``imports`` that pass the solver's face (``engine.solver``), in code
    or in annotations alike: its inner modules are its own to split or move."""
    return [
        f"{where}:{i.line}: {i.module} is inside the solver: import from engine.solver"
        for i in imports
        if i.module.startswith("engine.solver.")
    ]


def test_the_solver_is_reached_through_its_face_only() -> None:
    found = []
    for top in OUTSIDE_THE_ENGINE:
        for path in [ROOT / top] if top.endswith(".py") else sorted((ROOT / top).rglob("*.py")):
            imports = imports_of(path.read_text(encoding="utf-8"))
            found += inside_the_solver(imports, str(path.relative_to(ROOT)))
    assert found == [], "\n".join(found)


def test_the_solver_rule_catches_an_inner_module() -> None:
    planted = (
        "from typing import TYPE_CHECKING\n"
        "from engine.solver import Analyser, choose\n"
        "from engine.solver import guess\n"
        "def later():\n"
        "    from engine.solver.derive import derive\n"
        "    importlib.import_module('engine.solver.clash')\n"
        "if TYPE_CHECKING:\n"
        "    from engine.solver.analysis import Position\n"
    )
    assert inside_the_solver(imports_of(planted), "planted.py") == [
        "planted.py:3: engine.solver.guess is inside the solver: import from engine.solver",
        "planted.py:5: engine.solver.derive is inside the solver: import from engine.solver",
        "planted.py:6: engine.solver.clash is inside the solver: import from engine.solver",
        "planted.py:8: engine.solver.analysis is inside the solver: import from engine.solver",
    ]


# --- each package's face: one list ------------------------------------------------------------

LAZY_FACES = ("play.practice", "play.game_ui", "play.lab")
"""The faces a start needs lazy (play/__init__.py says why), each listed in its stub."""


def package_faces() -> list[str]:
    """Every package of ours with a face: each ``__init__.py`` of engine/, play/ and web/."""
    return sorted(
        ".".join(path.parent.relative_to(ROOT).parts)
        for top in ("engine", "play", "web")
        for path in (ROOT / top).rglob("__init__.py")
    )


def test_each_face_is_one_list_and_each_name_on_it_is_there() -> None:
    lazy = {
        name
        for name in package_faces()
        if (ROOT / name.replace(".", "/")).joinpath("__init__.pyi").exists()
    }
    assert lazy == set(LAZY_FACES)
    for name in package_faces():
        face = importlib.import_module(name)
        listed_names = getattr(face, "__all__", [])
        for listed_name in listed_names:
            assert getattr(face, listed_name) is not None, f"{name}.{listed_name}"
        if name in lazy:  # the stub's names, and no second list beside them
            source = (ROOT / name.replace(".", "/") / "__init__.py").read_text(encoding="utf-8")
            assert "__getattr__, __all__ = face(__name__)" in source and "import (" not in source
            assert listed_names
        else:  # plain imports: no module __getattr__ to hide a name mypy cannot see
            assert "__getattr__" not in vars(face), name


LAZY_FROM_A_ZIP = """
import sys
sys.path.insert(0, sys.argv[1])
import play.practice, play.game_ui, play.lab
assert play.practice.__file__.startswith(sys.argv[1]), play.practice.__file__
loaded = sorted(m for m in sys.modules if m.startswith(("play.practice.", "play.lab.")))
assert loaded == [], loaded  # a lazy face imports none of its modules
assert play.practice.Drill.__module__ == "play.practice.drill"
assert play.game_ui.LETTERS == play.practice.LETTERS and play.lab.Tally.__name__ == "Tally"
assert "play.practice.bank" not in sys.modules and "engine.solver" not in sys.modules
print(len(play.practice.__all__) + len(play.game_ui.__all__) + len(play.lab.__all__))
"""


def test_a_lazy_face_reads_its_stub_from_the_zip_the_page_imports(tmp_path: Path) -> None:
    """The page imports our code from python.zip (zipimport): the stubs go in it, and each
    lazy face reads its own through its loader (a file cannot be opened inside a zip)."""
    from tools.site.archives import python_sources

    archive = tmp_path / "python.zip"
    archive.write_bytes(python_sources())
    done = subprocess.run(
        [sys.executable, "-c", LAZY_FROM_A_ZIP, str(archive)],
        cwd=tmp_path,  # not the checkout: every module comes from the zip
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 50
