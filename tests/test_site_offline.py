"""The offline build's choices, checked in CPython (the browser tests check the behaviour).

* every file the service worker must precache exists in the planned site;
* the snapshot takes only modules that run without a browser, and every one of them
  imports in plain CPython (so none needs ``js``/``pyscript``, which the build's Node
  has not got), while every module it leaves out really does touch the browser;
* the test server serves under a sub-path and nothing outside it.
"""

from __future__ import annotations

import importlib
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tools.build_site import PYODIDE_FILES, generated_names, plan
from tools.serve import serving
from tools.site.offline import MANIFEST, PRECACHE, SERVICE_WORKER, unmatched
from tools.site.snapshot import SNAPSHOT, module_name, snapshot_modules

ROOT = Path(__file__).resolve().parent.parent


def test_every_precache_pattern_names_a_file_of_the_site() -> None:
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("node_modules/ not installed (make node_modules)")
    names = {*plan(), *generated_names(), SNAPSHOT}
    assert unmatched(PRECACHE, names) == []
    assert SERVICE_WORKER not in PRECACHE  # the browser fetches the worker itself
    for name in PYODIDE_FILES:
        assert f"static/vendor/pyodide/{name}" in PRECACHE


def test_snapshot_modules_import_without_a_browser() -> None:
    modules = snapshot_modules()
    assert {"engine", "engine.solver", "play", "play.session", "web.board.render"} <= set(modules)
    for name in modules:
        importlib.import_module(name)  # CPython has no js/pyscript: this would fail


def test_the_snapshot_holds_every_module_of_ours() -> None:
    """Every module of engine/, play/ and web/ is imported in the snapshot: web/ reaches
    the browser through ``web.page.browser`` alone, opened on first use (tests/test_purity.py
    checks that every module of web/ imports with no browser), so a returning player's
    start imports none of ours."""
    kept = set(snapshot_modules())
    ours = {
        module_name(path)
        for package in ("engine", "play", "web")
        for path in (ROOT / package).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert ours - kept == set()


def test_manifest_is_relative_and_names_installable_icons() -> None:
    manifest = json.loads((ROOT / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon["src"]
        assert (ROOT / icon["src"]).is_file(), icon["src"]


def test_server_serves_the_site_under_a_sub_path_only(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><p>hi", encoding="utf-8")
    with serving(tmp_path, base="/repo/") as url:
        assert url.endswith("/repo/")
        with urllib.request.urlopen(url) as page:
            assert b"hi" in page.read()
        with pytest.raises(urllib.error.HTTPError) as outside:
            urllib.request.urlopen(url.removesuffix("repo/") + "index.html")
        assert outside.value.code == 404


@pytest.mark.parametrize(
    "module", ["tools.serve", "tools.delivery", "tools.site.offline", "tools.site.snapshot"]
)
def test_doctests(module: str) -> None:
    """tools/ is not among pytest's testpaths: its doctests run here."""
    import doctest

    failed, tried = doctest.testmod(importlib.import_module(module))
    assert tried > 0 and failed == 0


def test_the_snapshot_holds_the_standard_library_pyscripts_package_imports() -> None:
    """PyScript imports its own package on every start (it cannot be in the snapshot: it
    reads objects PyScript makes then), but what that package needs of the standard
    library is pure Python, and the snapshot holds it imported."""
    kept = set(snapshot_modules())
    assert {"html", "json", "inspect", "base64", "asyncio"} <= kept
    assert not {"js", "pyodide", "pyscript", "polyscript", "_pyscript"} & kept
