"""The page starts Python itself; the bench's bare PyScript page (the yardstick of
``make bench``) keeps its configuration, which the build checks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools import build_site
from tools.build_site import check_config, plan, read_config


def test_the_game_page_loads_no_pyscript_and_starts_python_itself() -> None:
    page = (build_site.ROOT / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"pyscript|type=[\"']py[\"']|<py-|mpy-config", page, re.IGNORECASE)
    assert '<script type="module" src="./static/pyodide-boot.mjs" async></script>' in page
    boot = (build_site.ROOT / "static" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert 'new URL("../main.py", import.meta.url)' in boot


def test_the_bench_pages_config_is_read_and_passes() -> None:
    toml = build_site.BENCH_DIR / "bare.toml"
    name, config = read_config(toml)
    assert name == "tools/bench/bare.toml"
    assert isinstance(config, dict)
    site = set(plan())
    assert "bench/pyscript/core.js" in site
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
def test_a_bench_config_that_would_not_run_from_our_site_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, problem: str
) -> None:
    toml = bench_config(tmp_path, monkeypatch, text)
    problems = check_config(toml, "bench", {"static/vendor/pyodide/pyodide.mjs"})
    assert any(problem in p for p in problems), problems
