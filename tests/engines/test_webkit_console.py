"""WebKit's console on a cold visit, a second visit and an offline reload: empty.

WebKitGTK's automation hands no console over, so this reads it where MiniBrowser writes
it when started by itself (:class:`tools.engines.webkit.ConsoleProfile`), visit after
visit in one profile, the last with the site's server stopped. Chromium's and Firefox's
consoles are checked after every test of this folder (conftest.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.engines.conftest import Site
from tools.engines import EngineMissing
from tools.engines.webkit import ConsoleProfile

# WebKit never takes an `as="fetch"` preload over with fetch(): it downloads each file
# twice, and warns. Chromium and Firefox take them over, and there they win 1.2 s of a
# first visit on Fast 4G (docs/engines.md): so they stay, and these four warnings are
# WebKit's only words. Nothing else may be said, an error least of all.
PRELOADS_WEBKIT_LEAVES = re.compile(
    r"CONSOLE OTHER WARN The resource \S+/(pyodide\.asm\.wasm|python_stdlib\.zip"
    r"|pyodide-lock\.json|main\.py) was preloaded using link preload but not used"
)


def said(lines: list[str]) -> list[str]:
    return [line for line in lines if not PRELOADS_WEBKIT_LEAVES.search(line)]


@pytest.fixture
def webkit_console() -> Iterator[ConsoleProfile]:
    try:
        profile = ConsoleProfile()
    except EngineMissing as missing:
        pytest.skip(str(missing))
    yield profile
    profile.close()


def test_webkit_says_nothing_on_a_cold_visit_a_second_visit_and_offline(
    webkit_console: ConsoleProfile, site: Site
) -> None:
    url = site.url + "?level=beginner"
    visits = {"cold": webkit_console.visit(url), "second": webkit_console.visit(url)}
    site.stop()
    visits["offline"] = webkit_console.visit(url)
    assert {visit: said(lines) for visit, lines in visits.items()} == {
        "cold": [],
        "second": [],
        "offline": [],
    }
