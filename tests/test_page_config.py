"""The page's PyScript configuration, inline in index.html, as the build checks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import build_site
from tools.build_site import check_config, read_config

PAGE = '<script type="py" src="./main.py" config=\'{}\'></script>'


def page_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config: str) -> Path:
    monkeypatch.setattr(build_site, "ROOT", tmp_path)
    page = tmp_path / "index.html"
    page.write_text(PAGE.replace("{}", config))
    return page


def test_the_pages_own_config_is_read_and_passes() -> None:
    name, config = read_config(build_site.ROOT / "index.html")
    assert name == "index.html"
    assert isinstance(config, dict)
    assert config["interpreter"] == "./static/pyodide-boot.mjs"
    assert "!py-editor" in config["plugins"]  # type: ignore[operator]
    site = {"static/pyodide-boot.mjs"}
    assert check_config(build_site.ROOT / "index.html", "", site) == []


@pytest.mark.parametrize(
    ("config", "problem"),
    [
        ('{"plugins": []}', "set interpreter"),
        ('{"interpreter": "https://cdn.example/pyodide.mjs"}', "is not on this site"),
        (
            '{"interpreter": "./static/pyodide-boot.mjs", "files": {"./python.zip": "./*"}}',
            "must not list ./python.zip",
        ),
        ('{"interpreter": ', "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
    ],
)
def test_a_config_that_would_break_the_start_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config: str, problem: str
) -> None:
    page = page_with(tmp_path, monkeypatch, config)
    problems = check_config(page, "", {"static/pyodide-boot.mjs", "python.zip"})
    assert any(problem in p for p in problems), problems


def test_a_page_without_an_inline_config_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(build_site, "ROOT", tmp_path)
    page = tmp_path / "index.html"
    page.write_text('<script type="py" src="./main.py" config="./pyscript.toml"></script>')
    assert "no inline config" in check_config(page, "", set())[0]
