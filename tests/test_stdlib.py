"""The trimmed standard library (tools/site/stdlib.py) holds everything the page reaches.

Two kinds of proof: the closure logic on small made-up trees, and checks against the
real inputs, in CPython and (when Node is installed) in Pyodide itself, where every kept
module is imported from the trimmed zip and a short game is played through the session.
"""

from __future__ import annotations

import ast
import doctest
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from functools import cache
from pathlib import Path

import pytest

from tools.site import compile, imports, pyscript_python, stdlib, stdlib_graph, stdlib_rules
from tools.site.imports import imports_by_text, imports_of_source, parse_imports
from tools.site.stdlib import trim
from tools.site.stdlib_graph import closure, read_graph
from tools.site.stdlib_rules import CUTS, Cut

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
NODE = shutil.which("node")


@pytest.mark.parametrize(
    "module", [stdlib, stdlib_graph, imports, pyscript_python, stdlib_rules, compile]
)
def test_doctests(module: object) -> None:
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0  # type: ignore[arg-type]


# --- the closure on made-up trees ---------------------------------------------------------


def graph_of(files: dict[str, str]) -> dict[str, set[str]]:
    """The import graph of made-up modules (``"pkg/__init__.py": "source"``)."""
    sources = {}
    for path, text in files.items():
        found = imports.module_of(path)
        assert found is not None
        sources[found[0]] = (text.encode(), found[1])
    return read_graph(sources)


def test_lazy_imports_in_functions_and_try_blocks_are_followed() -> None:
    graph = graph_of(
        {
            "app.py": "def later():\n    import lazy\ntry:\n    import fast\nexcept ImportError:\n"
            "    import slow\n",
            "lazy.py": "class C:\n    def m(self):\n        from deep import thing\n",
            "deep.py": "",
            "fast.py": "",
            "slow.py": "",
            "unused.py": "import lazy\n",
        }
    )
    assert closure(["app"], graph) == {"app", "lazy", "deep", "fast", "slow"}


def test_packages_come_with_their_modules_and_cycles_end() -> None:
    graph = graph_of(
        {
            "a/__init__.py": "from . import b\n",
            "a/b.py": "from .c import x\nimport a\n",
            "a/c.py": "",
            "a/d.py": "",
            "a/sub/__init__.py": "",
            "a/sub/m.py": "from ..d import y\n",
            "top.py": "import a.sub.m\n",
        }
    )
    assert closure(["a.c"], graph) == {"a", "a.b", "a.c"}
    assert closure(["top"], graph) == {"top", "a", "a.b", "a.c", "a.d", "a.sub", "a.sub.m"}


def test_relative_imports_resolve_from_the_module_or_the_package() -> None:
    assert imports_of_source("from . import x", "p.q.mod") == {"p.q", "p.q.x"}
    assert imports_of_source("from . import x", "p.q", is_package=True) == {"p.q", "p.q.x"}
    assert imports_of_source("from ..r import s", "p.q.mod") == {"p.r", "p.r.s"}


def test_literal_dynamic_imports_count() -> None:
    found = imports_of_source("import importlib\nimportlib.import_module('a.b')\n__import__('c')")
    assert {"importlib", "a.b", "c"} <= found


def test_branches_that_cannot_run_in_pyodide_are_not_followed() -> None:
    source = """
import sys, os
if sys.platform == "win32":
    import winonly
elif sys.platform.startswith("linux"):
    import linuxonly
else:
    import other
if os.name == "nt":
    import nt_only
if __name__ == "__main__":
    import script_only
if unknown:
    import maybe
"""
    found = imports_of_source(source)
    assert {name for name in found if not name.startswith("@")} == {"sys", "os", "other", "maybe"}


def test_a_command_line_main_is_reached_only_when_named() -> None:
    files = {
        "tool.py": "def main():\n    _args()\ndef _args():\n    import argparse\n"
        "def api():\n    import json\nif __name__ == '__main__':\n    main()\n",
        "argparse.py": "",
        "json.py": "",
        "user.py": "import tool\ntool.api()\n",
        "cli.py": "from tool import main\n",
        "caller.py": "import tool\ntool.main()\n",
    }
    graph = graph_of(files)
    assert closure(["user"], graph) == {"user", "tool", "json"}
    assert {"argparse", "tool.main", "tool._args"} <= closure(["cli"], graph)
    assert "argparse" in closure(["caller"], graph)


def test_a_function_named_in_all_or_decorated_stays_live() -> None:
    assert "argparse" in parse_imports("__all__ = ['main']\ndef main():\n import argparse").always
    assert "argparse" in parse_imports("@register\ndef _main():\n import argparse").always


def test_cuts_drop_one_import_and_what_only_it_reaches() -> None:
    graph = {"site": {"os", "repl"}, "os": set(), "repl": {"term"}, "term": set(), "x": {"repl"}}
    cut = Cut("site", "repl", ("hook",), "test")
    assert closure(["site"], graph, [cut]) == {"site", "os"}
    assert closure(["site", "x"], graph, [cut]) == {"site", "os", "x", "repl", "term"}


def test_hidden_imports_join_the_graph() -> None:
    graph = graph_of({"encodings/__init__.py": "import codecs\n", "encodings/utf_8.py": ""})
    assert "encodings.utf_8" in closure(["encodings"], graph)


def fake_zip(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def test_trim_keeps_the_closure_and_the_data_of_kept_packages() -> None:
    full = fake_zip(
        {
            "pkg/": "",
            "pkg/__init__.py": "from . import used\n",
            "pkg/used.py": "import helper\n",
            "pkg/unused.py": "import big\n",
            "pkg/data.txt": "kept with its package",
            "helper.py": "",
            "big.py": "",
            "gone/": "",
            "gone/__init__.py": "",
            "gone/data.txt": "dropped with its package",
            "site-packages/README.txt": "no package: kept",
        }
    )
    made = trim(full, ours={"pkg", "math"}, pyscript_sources=["import helper"])
    with zipfile.ZipFile(io.BytesIO(made.data)) as archive:
        names = archive.namelist()
        assert archive.read("pkg/used.py") == b"import helper\n"
    assert names == [
        "pkg/",
        "pkg/__init__.py",
        "pkg/used.py",
        "pkg/data.txt",
        "helper.py",
        "site-packages/README.txt",
    ]
    assert made.modules == {"pkg", "pkg.used", "helper"}
    assert (made.files_before, made.files_after) == (11, 6)
    assert trim(full, {"pkg"}, ["import helper"]).data == made.data  # the same bytes again


def test_the_cache_is_remade_when_an_input_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = tmp_path / "python_stdlib.zip"
    full.write_bytes(fake_zip({"json.py": "", "tomllib/__init__.py": "", "other.py": ""}))
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "core.js").write_text('run("import json")')
    monkeypatch.setattr(stdlib, "FULL_ZIP", full)
    monkeypatch.setattr(stdlib, "PYSCRIPT_DIST", dist)
    monkeypatch.setattr(stdlib, "CACHE", tmp_path / "cache")
    root = tmp_path / "repo"
    root.mkdir()
    (root / "main.py").write_text("import json\n")
    first = stdlib.trimmed_stdlib(root, compiled=False)
    assert stdlib.trimmed_stdlib(root, compiled=False) == first
    with zipfile.ZipFile(first) as archive:
        assert archive.namelist() == ["json.py"]
    (root / "main.py").write_text("import json\n\nprint(json.dumps(1))\n")
    assert stdlib.trimmed_stdlib(root, compiled=False) == first  # the same imports
    (root / "main.py").write_text("import json\nimport tomllib\n")
    second = stdlib.trimmed_stdlib(root, compiled=False)
    assert second != first and not first.exists()
    with zipfile.ZipFile(second) as archive:
        assert archive.namelist() == ["json.py", "tomllib/__init__.py"]


# --- the line scanner against the parser ---------------------------------------------------


def statement_imports(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """What import statements name, read by the parser, every branch included."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found |= imports_by_text(ast.unparse(node), module, is_package)
    return found


def test_the_line_scanner_sees_every_import_the_parser_sees() -> None:
    """imports_by_text reads the stdlib files that CPython 3.11 cannot parse: on every
    file it can parse, it finds all that the parser finds."""
    with zipfile.ZipFile(stdlib.FULL_ZIP) as archive:
        sources = stdlib_graph.zip_sources(archive)
    unparsed = []
    for name, (source, is_package) in sources.items():
        text = source.decode("utf-8")
        try:
            tree = ast.parse(text)
        except SyntaxError:
            unparsed.append(name)
            continue
        missed = statement_imports(tree, name, is_package) - imports_by_text(text, name, is_package)
        assert not missed, f"{name}: {sorted(missed)}"
    assert len(unparsed) < 20, unparsed  # 3.14 syntax is the exception (9 files in 314.0.7)


# --- the real inputs ----------------------------------------------------------------------


@cache
def made() -> stdlib.Trimmed:
    return stdlib.make()


@cache
def full_sources() -> dict[str, tuple[bytes, bool]]:
    with zipfile.ZipFile(stdlib.FULL_ZIP) as archive:
        return stdlib_graph.zip_sources(archive)


def stdlib_names(names: set[str]) -> set[str]:
    """Of ``names`` and their packages, those of standard modules: in the zip, or built
    into Python (``math``); ``from json import loads`` gives ``json`` alone."""
    found = set()
    for name in names:
        for part in stdlib_graph.parents(name.removeprefix(imports.ATTRIBUTE)):
            if part in full_sources() or part in sys.stdlib_module_names:
                found.add(part)
    return found


def test_every_stdlib_module_our_code_imports_is_kept() -> None:
    ours = stdlib_names(stdlib.our_imports())
    assert {"asyncio", "json", "dataclasses", "datetime", "fractions", "traceback"} <= ours
    in_zip = {name for name in ours if name in full_sources()}
    assert in_zip <= made().modules, sorted(in_zip - made().modules)
    assert {"math", "itertools", "time"} <= ours - in_zip  # built into the interpreter


def test_what_the_replay_file_reader_imports_is_kept() -> None:
    """sweeping-view is loaded on demand from the site (web/dialogs/replays/review_files.py): its
    imports
    (datetime, logging, io...) and the codec it decodes RMV and AVF text with must be there."""
    sources = stdlib.reader_sources()
    assert {"sweeping_view", "sweeping_view.rmv", "sweeping_view.avf", "sweeping_view.evf"} <= (
        sources.keys()
    )
    needed = {"datetime", "logging", "io", "encodings.cp1252"}  # itertools: built in
    assert needed <= made().modules, sorted(needed - made().modules)


def test_pyscripts_package_is_found_and_what_it_imports_is_kept() -> None:
    package = pyscript_python.pyscript_package()
    assert {"__init__.py", "context.py", "display.py", "events.py", "web.py"} <= package.keys()
    sources = pyscript_python.pyscript_python()
    assert all(text in sources for text in package.values())
    needed = stdlib_names(set().union(*(imports_of_source(s) for s in sources)))
    assert {"asyncio", "inspect", "html", "base64", "json", "pathlib"} <= needed
    in_zip = {name for name in needed if name in full_sources()}
    assert in_zip <= made().modules, sorted(in_zip - made().modules)


def test_pyodides_packages_and_start_up_are_kept() -> None:
    kept = made().modules
    for name in full_sources():
        if name.split(".")[0] in ("pyodide", "_pyodide"):
            assert name in kept
    assert set(stdlib_rules.STARTUP) <= kept
    assert {h.module for h in stdlib_rules.HIDDEN if h.module in full_sources()} - kept <= {
        "_sysconfigdata__emscripten_wasm32-emscripten"  # only if sysconfig is kept
    }


def test_the_kept_modules_import_nothing_left_out_but_cuts() -> None:
    graph, kept = made().graph, made().modules
    for name in kept:
        for imported in graph[name]:
            if any(cut.cuts(name, imported) for cut in CUTS):
                continue
            for part in stdlib_graph.parents(imported):
                assert part not in full_sources() or part in kept, f"{name} -> {part}"


def code_text(source: str) -> str:
    """``source`` without its comments, and without its docstrings when CPython 3.11 can
    parse it (else without any triple-quoted string)."""
    lines = [re.sub(r"#.*", "", line) for line in source.splitlines()]
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return re.sub(r'""".*?"""|\'\'\'.*?\'\'\'', "", "\n".join(lines), flags=re.S)
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            for number in range(node.lineno - 1, node.end_lineno or node.lineno):
                lines[number] = ""
    return "\n".join(lines)


def test_nothing_kept_uses_what_a_cut_leaves_out() -> None:
    """Each cut import sits behind its triggers (help(), Path.as_uri()...): no kept
    module but the importer, none of our code and none of PyScript's has one."""
    texts = {name: full_sources()[name][0].decode() for name in made().modules}
    texts.update((f"pyscript #{i}", s) for i, s in enumerate(pyscript_python.pyscript_python()))
    texts.update((name, path.read_text()) for name, path in stdlib.our_sources().items())
    for name, text in texts.items():
        code = code_text(text)
        for cut in CUTS:
            if name != cut.importer:
                for trigger in cut.triggers:
                    assert not re.search(trigger, code), f"{name} matches {trigger} of {cut}"


def test_the_trimmed_zip_is_less_than_half_the_full_one() -> None:
    assert len(made().data) < 0.5 * stdlib.FULL_ZIP.stat().st_size


# --- in Pyodide, under Node ---------------------------------------------------------------

needs_node = pytest.mark.skipif(
    NODE is None or not PYODIDE.is_dir(), reason="needs Node and node_modules"
)


@cache
def served() -> Path:
    """The zip the site serves (compiled by Pyodide in Node), from the build's cache."""
    return stdlib.trimmed_stdlib()


@needs_node
def test_the_served_zip_holds_the_kept_modules_compiled() -> None:
    with zipfile.ZipFile(served()) as archive, zipfile.ZipFile(io.BytesIO(made().data)) as plain:
        names = archive.namelist()
        assert names == [name + "c" if name.endswith(".py") else name for name in plain.namelist()]
        magic = {archive.read(name)[:4] for name in names if name.endswith(".pyc")}
    assert len(magic) == 1  # one interpreter's bytecode: Pyodide's
    assert stdlib.COMPILE


NODE_SCRIPT = """
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const config = JSON.parse(fs.readFileSync(process.argv[2], "utf-8"));
const { loadPyodide } = await import(pathToFileURL(config.pyodide + "/pyodide.mjs").href);
const results = {};
for (const [label, stdLibURL] of Object.entries(config.stdlibs)) {
  const pyodide = await loadPyodide({ indexURL: config.pyodide + "/", stdLibURL });
  pyodide.FS.writeFile("/tmp/python.zip", new Uint8Array(fs.readFileSync(config.archive)));
  pyodide.globals.set("CONFIG", JSON.stringify(config));
  try {
    results[label] = JSON.parse(pyodide.runPython(config.script));
  } catch (error) {
    results[label] = { error: String(error.message ?? error) };
  }
}
console.log(JSON.stringify(results));
"""

PYTHON_SCRIPT = """
import datetime, importlib, json, os, sys, zipfile
config = json.loads(CONFIG)
started = sorted(
    name for name, module in sys.modules.items()
    if str(getattr(getattr(module, "__spec__", None), "origin", "")).startswith("/lib/python")
)
failed = {}
for name in config["imports"]:
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = f"{type(error).__name__}: {error}"
with zipfile.ZipFile("/tmp/python.zip") as archive:
    archive.extractall(os.getcwd())
for name in config["ours"]:
    importlib.import_module(name)

from engine import EXPERT, Move, Record
from engine.steps import drain
from play.keeping.keeper import Keeper
from play.videos.replay import Replay
from play.keeping.blobs import Blobs
from play.session import Session
from play.keeping.storage import MemoryStorage

ticks = iter(range(10**6))
keeper = Keeper(Blobs(MemoryStorage()))
session = Session(seed=7, clock=lambda: next(ticks) / 4, keeper=keeper)
session.play(Move.reveal(4, 4))
session.change(show_chances=True)
chances = drain(session.overlay_steps()) is not None
hint = drain(session.hint_steps()) is not None
session.start_auto()
while drain(session.auto_steps()) is not None:
    pass
record = session.record.to_text()
assert Record.parse(record).replay() == session.game
Replay(Record.parse(record))
keeper.import_text(keeper.export_text())
session.new_game(day=datetime.date(2026, 11, 22))
session.change(no_guess=True)
session.change(level=EXPERT)
session.new_game(11)
session.play(Move.reveal(8, 15))
json.dumps({
    "started": started, "failed": failed, "chances": chances, "hint": hint,
    "status": str(session.game.status.value), "record": record,
})
"""


@needs_node
def test_in_pyodide_every_kept_module_imports_and_a_game_plays(tmp_path: Path) -> None:
    """The zip the site serves, in Pyodide: every kept module and every module our code
    imports can be imported, Pyodide starts as with the full zip, and a game plays."""
    from tools.site.archives import python_archive
    from tools.site.snapshot import snapshot_modules

    assert NODE is not None
    archive = tmp_path / "python.zip"
    archive.write_bytes(python_archive())
    ours = stdlib_names(stdlib.our_imports())
    config = {
        "pyodide": str(PYODIDE),
        "stdlibs": {"full": str(stdlib.FULL_ZIP), "trimmed": str(served())},
        "archive": str(archive),
        "imports": sorted(made().modules | ours),
        "ours": snapshot_modules(),  # engine/, play/ and the DOM-free part of web/
        "script": PYTHON_SCRIPT,
    }
    (tmp_path / "config.json").write_text(json.dumps(config))
    (tmp_path / "check.mjs").write_text(NODE_SCRIPT)
    done = subprocess.run(
        [NODE, str(tmp_path / "check.mjs"), str(tmp_path / "config.json")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout.strip().splitlines()[-1])
    full, small = results["full"], results["trimmed"]
    assert "error" not in small, small.get("error")
    assert "error" not in full, full.get("error")
    assert small["failed"] == {}
    # Pyodide starts the same: nothing it imports as it starts fell back for want of a module.
    assert small["started"] == full["started"]
    assert (small["chances"], small["hint"]) == (True, True)
    assert {key: small[key] for key in ("status", "record")} == {
        key: full[key] for key in ("status", "record")
    }
