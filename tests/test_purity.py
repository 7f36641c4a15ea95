"""engine/ must stay pure Python: it may never import the browser's modules."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
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


def test_no_engine_file_names_a_browser_module() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert files, "no engine files found"
    offenders = {str(f.relative_to(ENGINE)): imported_roots(f) & FORBIDDEN for f in files}
    assert {f: m for f, m in offenders.items() if m} == {}


def test_detector_catches_an_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("from pyscript import document\nimport js.console\n")
    assert imported_roots(sample) == {"pyscript", "js"}


def test_every_engine_module_imports_with_browser_modules_blocked() -> None:
    modules = [
        "engine." + ".".join(p.relative_to(ENGINE).with_suffix("").parts)
        for p in ENGINE.rglob("*.py")
        if p.name != "__init__.py"
    ]
    script = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] in {sorted(FORBIDDEN)!r}:\n"
        "            raise ImportError('engine imported ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import importlib\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ENGINE.parent, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
