"""PyScript runs the game: index.html's ``<script type="py">`` names main.py and
pyscript.toml, the page's configuration, which is the file a developer edits. These tests
read pyscript.toml and fail if the page's settings differ from it; the build checks that
whatever a configuration names is on the site (never a CDN)."""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import build_site
from tools.build_site import check_config, check_page, plan, read_config
from tools.site.offline import kept_files, page_pyscript_files

CONFIG = build_site.ROOT / "pyscript.toml"


class Tags(HTMLParser):
    """Every start tag of a page, with its attributes, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def site_names() -> set[str]:
    """The site's files as the build lays them out (those it writes itself by name)."""
    return set(plan()) | {build_site.ARCHIVE, build_site.SKELETON, build_site.BOOT_INFO}


def page_tags() -> list[tuple[str, dict[str, str | None]]]:
    tags = Tags()
    tags.feed((build_site.ROOT / "index.html").read_text(encoding="utf-8"))
    return tags.tags


def test_the_page_runs_main_py_under_pyscript_with_pyscript_toml() -> None:
    scripts = [a for tag, a in page_tags() if tag == "script" and a.get("type") == "py"]
    assert scripts == [{"type": "py", "src": "./main.py", "config": "./pyscript.toml"}]
    mpy = [a for tag, a in page_tags() if tag == "mpy-config"]
    assert mpy == [{"src": "./pyscript.toml", "hidden": None}], "mpy reads the same file"
    assert not [tag for tag, _ in page_tags() if tag == "py-config"]
    core = [a.get("src") for tag, a in page_tags() if tag == "script" and a.get("type") == "module"]
    assert "./static/vendor/pyscript/core.js" in core


def test_pyscript_toml_hands_pyscript_our_python_and_turns_off_what_the_page_does_not_use() -> None:
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    # The interpreter is the module the page starts Python with: one URL, one Python.
    boot = [a.get("src") for tag, a in page_tags() if tag == "script" and a.get("type") == "module"]
    assert config["interpreter"] in boot
    assert config["interpreter"] == "./static/pyodide-boot.mjs"
    # No serial work after Python is up: our archive is placed by the interpreter itself.
    assert not {"files", "packages", "fetch", "js_modules"} & set(config)
    plugins = set(config["plugins"])
    dist = {re.sub(r"-[\w-]{8}\.js$", "", p.name) for p in build_site.PYSCRIPT_DIST.glob("*.js")}
    unused = {"codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal"}
    assert unused <= dist, "each plugin turned off is one PyScript has"
    assert plugins == {f"!{name}" for name in unused}, "error stays on: it says what main.py can't"


def test_every_pyscript_file_the_page_preloads_exists_and_is_kept_offline() -> None:
    site = site_names()
    preloaded = [
        a["href"].removeprefix("./")
        for tag, a in page_tags()
        if tag == "link"
        and (a.get("rel") in ("modulepreload", "preload") or "data-preload" in a)
        and a.get("href")
    ]
    pyscript = [name for name in preloaded if "pyscript" in name or name == "main.py"]
    assert "main.py" in pyscript
    # PyScript asks for its configuration in a way no engine matches to a preload: the
    # preload was a second download in Chromium, Firefox and WebKit alike (docs/engines.md).
    assert "pyscript.toml" not in pyscript
    assert len([n for n in pyscript if n.startswith("static/vendor/pyscript/")]) == 3
    assert check_page(build_site.ROOT / "index.html", site) == []
    assert set(pyscript) <= set(kept_files(site)), "the service worker keeps them all"


def test_a_page_that_names_a_file_the_site_lacks_is_refused(tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_text(
        '<link rel="modulepreload" href="./static/vendor/pyscript/core-OLDHASH1.js">'
        '<script type="py" src="./main.py" config="./pyscript.toml"></script>'
    )
    problems = check_page(page, {"main.py"})
    assert any("core-OLDHASH1.js" in p for p in problems)
    assert any("pyscript.toml" in p for p in problems)


def test_the_pages_config_passes_the_builds_check() -> None:
    name, config = read_config(CONFIG)
    assert name == "pyscript.toml" and isinstance(config, dict)
    site = site_names()
    assert check_config(CONFIG, "", site) == []


def test_the_bench_pages_config_is_read_and_passes() -> None:
    toml = build_site.BENCH_DIR / "bare.toml"
    name, config = read_config(toml)
    assert name == "tools/bench/bare.toml"
    assert isinstance(config, dict)
    site = set(plan())
    assert "static/vendor/pyscript/core.js" in site
    assert check_config(toml, "bench", site | {"static/vendor/pyodide/pyodide.mjs"}) == []


def bench_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> Path:
    monkeypatch.setattr(build_site, "ROOT", tmp_path)
    toml = tmp_path / "bare.toml"
    toml.write_text(text)
    return toml


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("plugins = []", "set interpreter"),
        ('interpreter = "https://cdn.example/pyodide.mjs"', "is not on this site"),
        ('interpreter = "../nowhere/pyodide.mjs"', "is not in _site/"),
        ('interpreter = "../static/vendor/pyodide/pyodide.mjs"\n[files]\n"./x.py" = ""', "x.py"),
        ('interpreter = "', "not valid TOML"),
    ],
)
def test_a_config_that_would_not_run_from_our_site_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, problem: str
) -> None:
    toml = bench_config(tmp_path, monkeypatch, text)
    problems = check_config(toml, "bench", {"static/vendor/pyodide/pyodide.mjs"})
    assert any(problem in p for p in problems), problems


def test_the_service_worker_keeps_the_pyscript_files_the_page_loads_and_no_other() -> None:
    """By name: a pattern (``toml-*.js``) kept the TOML chunk of PyScript's editor too."""
    vendored = {name for name in plan() if name.startswith("static/vendor/pyscript/")}
    kept = set(kept_files(vendored))
    assert kept == set(page_pyscript_files()) <= vendored
    assert len(kept) == 4  # core.js, its core chunk, the TOML parser, the error plugin
    assert len([name for name in vendored if "/toml-" in name]) == 2  # one is the editor's


def test_the_floor_page_runs_pyscript_configured_as_the_game_page() -> None:
    """benchmarks/floor.py measures PyScript's own cost on bench/floor-pyscript.html: its
    configuration is the game's, the interpreter's path written from bench/."""
    game = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    floor_path = build_site.BENCH_DIR / "floor-pyscript.toml"
    floor = tomllib.loads(floor_path.read_text(encoding="utf-8"))
    site = Path("/site")
    assert (site / "bench" / floor.pop("interpreter")).resolve() == (
        site / game.pop("interpreter")
    ).resolve()
    assert floor == game
