"""The smoke in every engine a player uses: Chromium, Firefox ESR and WebKitGTK.

Each test runs once per engine (``[chromium]``, ``[firefox]``, ``[webkit]``), in a new
browser with a new profile, against ``_site/`` served for that test alone (a test can take
the network away by stopping it). An engine this machine lacks is skipped with one line
that says which package is missing (``make engines`` installs them, as ``make test``
does). ``--engine=firefox`` (``make test-engines ENGINE=firefox``) runs one engine only.

After each test, the console errors and warnings and the uncaught errors the engine
reported fail it (WebKitGTK's automation reports none: its console is read by
``test_console.py`` instead).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.engines.player import Player
from tools.engines import ENGINES, Driver, EngineMissing, open_engine
from tools.serve import SiteServer, start_server

HERE = Path(__file__).resolve().parent
SITE = Path(os.environ.get("MINESWEEPER_SITE") or HERE.parent.parent / "_site")
"""As in tests/e2e: ``MINESWEEPER_SITE=/tmp/site`` runs the smoke on another build."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--engine",
        action="append",
        choices=ENGINES,
        help="run the engine smoke in this engine only (repeatable; default: every engine)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.e2e)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine" in metafunc.fixturenames:
        chosen = metafunc.config.getoption("--engine", default=None) or list(ENGINES)
        metafunc.parametrize("engine", chosen)


@dataclass
class Site:
    """``_site/`` (or another build) served for one test; :meth:`stop` is the network gone."""

    directory: Path = SITE
    server: SiteServer | None = None
    url: str = ""
    port: int = 0

    def start(self) -> str:
        if not (self.directory / "index.html").is_file():
            pytest.fail(
                f"{self.directory}/index.html is missing: run `make site` first", pytrace=False
            )
        self.server, self.url = start_server(self.directory, port=self.port)
        self.port = self.server.server_address[1]  # the same origin when started again
        return self.url

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def site() -> Iterator[Site]:
    served = Site()
    served.start()
    yield served
    served.stop()


@pytest.fixture
def driver(engine: str) -> Iterator[Driver]:
    """A new browser of ``engine``; skipped in one line where it is not installed."""
    try:
        driver = open_engine(engine)
    except EngineMissing as missing:
        pytest.skip(str(missing))
    try:
        yield driver
        problems = driver.problems()
        assert not problems, f"{driver.version} reported:\n" + "\n".join(problems)
    finally:
        driver.close()


@pytest.fixture
def player(driver: Driver, site: Site) -> Player:
    return Player(driver, site.url)


def pytest_report_header(config: pytest.Config) -> Any:
    return f"engines: {', '.join(config.getoption('--engine', default=None) or ENGINES)}"
