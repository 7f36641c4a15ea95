"""WebKit's console on a cold visit, a second visit and an offline reload: empty.

WebKitGTK's automation hands no console over, so this reads it where MiniBrowser writes
it when started by itself (:class:`tools.engines.webkit.ConsoleProfile`), visit after
visit in one profile, the last with the site's server stopped. Chromium's and Firefox's
consoles are checked after every test of this folder (conftest.py).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.engines.conftest import Site
from tools.engines import EngineMissing
from tools.engines.webkit import ConsoleProfile


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
    assert visits == {
        "cold": [],
        "second": [],
        "offline": [],
    }
