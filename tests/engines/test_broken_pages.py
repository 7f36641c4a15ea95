"""The smoke can fail: on a page broken in each engine, its start fails, and says why.

Each breakage is a copy of ``_site/`` changed in one place: a Content-Security-Policy that
refuses to compile the wasm (Python can never start), and a ``main.py`` that never sets
``data-ready``. A third, for WebKit's console (read only by ``test_webkit_console.py``):
the ``manifest-src`` directive WebKit does not know, which it logs as a security error.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.engines.conftest import SITE, Site
from tests.engines.player import Player
from tools.engines import EngineMissing, open_engine
from tools.engines.webkit import ConsoleProfile

CSP_WASM = "'wasm-unsafe-eval' 'unsafe-eval'"


def broken(tmp_path: Path, file: str, old: str, new: str) -> Site:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    text = (site / file).read_text(encoding="utf-8")
    assert old in text, f"{file} no longer has {old!r}: the breakage needs a new place"
    (site / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    served = Site(directory=site)
    served.start()
    return served


BREAKAGES = {
    "a CSP that refuses the wasm": ("index.html", CSP_WASM, ""),
    "data-ready never set": ("main.py", "    app = start()", "    app = None"),
}


@pytest.fixture(params=sorted(BREAKAGES))
def broken_site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    site = broken(tmp_path, *BREAKAGES[request.param])
    yield site
    site.stop()


def test_the_smoke_fails_to_start_a_broken_page(engine: str, broken_site: Site) -> None:
    try:
        driver = open_engine(engine)
    except EngineMissing as missing:
        pytest.skip(str(missing))
    try:
        with pytest.raises((AssertionError, TimeoutError)) as failed:
            Player(driver, broken_site.url).start("?level=beginner", timeout_s=25)
    finally:
        driver.close()
    print(f"{engine}: the smoke failed as it must: {failed.value}")


def test_webkits_console_check_hears_a_csp_it_does_not_know(tmp_path: Path) -> None:
    try:
        profile = ConsoleProfile()
    except EngineMissing as missing:
        pytest.skip(str(missing))
    site = broken(
        tmp_path, "index.html", "object-src 'none'", "manifest-src 'self'; object-src 'none'"
    )
    try:
        lines = profile.visit(site.url)
    finally:
        site.stop()
        profile.close()
    assert any(
        "Unrecognized Content-Security-Policy directive 'manifest-src'" in line for line in lines
    )
