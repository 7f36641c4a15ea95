"""engine/ and play/ must stay pure Python: they may never import the browser's modules.

web/ keeps its pure modules (gesture rules, the keys' listener, HTML, the drawing and its pace)
apart from the adapters that touch the browser, so they are tested in CPython too; the
adapters touch it through one door, web/page/browser.py, opened on first use."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
PURE_PACKAGES = ("engine", "play")
PURE_WEB_MODULES = (
    "board/gestures",
    "board/panel",
    "board/render",
    "board/rows",
    "board/screen",
    "board/view",
    "controls/autoplay",
    "dialogs/replays/player",
    "dialogs/stats/view",
    "page/bytecode",
    "page/ids",
    "page/keyboard",
    "page/pace",
)
FORBIDDEN = {"js", "pyodide", "pyscript"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            roots |= {a.value.split(".")[0] for a in node.args if isinstance(a, ast.Constant)}
    return roots


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _pure_files() -> list[Path]:
    files = [f for package in PURE_PACKAGES for f in sorted((ROOT / package).rglob("*.py"))]
    return files + [ROOT / "web" / f"{name}.py" for name in PURE_WEB_MODULES]


def import_with_the_browser_blocked(modules: list[str]) -> subprocess.CompletedProcess[str]:
    """Import ``modules`` in a fresh Python in which importing js, pyodide or pyscript
    fails, as where the snapshot is made (Node or a worker: no page)."""
    script = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] in {sorted(FORBIDDEN)!r}:\n"
        "            raise ImportError('imported with no browser: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import importlib\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
    )
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)


def test_no_pure_file_names_a_browser_module() -> None:
    files = _pure_files()
    assert len(files) > 20, "pure modules not found"
    offenders = {str(f.relative_to(ROOT)): imported_roots(f) & FORBIDDEN for f in files}
    assert {f: m for f, m in offenders.items() if m} == {}


def test_only_the_browser_door_names_the_browser() -> None:
    """The adapters reach the page through ``web.page.browser`` alone, which imports the browser
    on first use, so every module of web/ imports where there is no page (the memory
    snapshot holds them all: tools/site/snapshot.py)."""
    touching = {
        _module(f) for f in sorted((ROOT / "web").rglob("*.py")) if imported_roots(f) & FORBIDDEN
    }
    assert touching == {"web.page.browser"}


def test_every_web_module_imports_with_no_browser() -> None:
    """What the snapshot's maker does (in Node or a worker, with no page): import every
    module of web/; any attribute of the browser read at import would fail here."""
    modules = [_module(f) for f in sorted((ROOT / "web").rglob("*.py"))]
    result = import_with_the_browser_blocked(modules)
    assert result.returncode == 0, result.stderr


def test_detector_catches_an_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("from pyscript import document\nimport js.console\n")
    assert imported_roots(sample) == {"pyscript", "js"}


def test_every_pure_module_imports_with_browser_modules_blocked() -> None:
    modules = [
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for p in _pure_files()
        if p.name != "__init__.py"
    ]
    result = import_with_the_browser_blocked(modules)
    assert result.returncode == 0, result.stderr
