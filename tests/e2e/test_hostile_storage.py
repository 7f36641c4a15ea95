"""Hostile saved data in real Chromium: the page starts, says so, keeps it all.

Deep nesting used to kill Pyodide ("Maximum call stack size exceeded") and leave the page
on "Loading Python…" on every reload; a huge saved time stopped it with OverflowError.
Here every key holds something of the kind at once, written before a reload: the page
must get ready, show the message, keep each text byte for byte under its backup key,
play, and be clean on the next reload.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Page

from tests.e2e.board import Board
from web.page import ids

OpenGame = Callable[[str], Page]
READY = "document.body.dataset.ready === 'true'"
RECORD = "ms1;9x9/10;seed=5;marks=1;noguess=0;O4,4@0"

# Each value is a JavaScript expression, so a lone surrogate can be a real one.
HOSTILE = {
    "minesweeper/ledger": "'['.repeat(100000)",
    "minesweeper/settings": "'{\"a\":'.repeat(20000) + '1' + '}'.repeat(20000)",
    "minesweeper/game": (
        f'\'{{"schema":1,"data":{{"record":"{RECORD}","elapsed_ms":1\' + \'0\'.repeat(400)'
        ' + \',"assisted":false,"daily":null}}\''
    ),
    "minesweeper/records": (
        '\'{"schema":1,"data":{"\' + String.fromCharCode(0xD800) + \'":"x",'
        "\"b\":' + '9'.repeat(5000) + '}}'"
    ),
    "minesweeper/recent": "'{\"schema\":1,\"data\":{\"x\":' + '['.repeat(10000) + '}}'",
}

# Run before the page's own scripts, on the first load only: a page already open would
# save its game over the hostile one as it unloads.
WRITE_JS = """(hostile => {
    if (sessionStorage.getItem('hostile-written')) return;
    sessionStorage.setItem('hostile-written', '1');
    for (const [key, expression] of Object.entries(hostile)) {
        localStorage.setItem(key, (0, eval)(expression));
    }
})(%s)"""
KEPT_JS = """keys => keys.map(key =>
    [localStorage.getItem(key), localStorage.getItem(key + '.backup')])"""


def test_hostile_storage_is_kept_aside_and_the_page_plays(page: Page, open_game: OpenGame) -> None:
    page.add_init_script(WRITE_JS % json.dumps(HOSTILE))
    open_game("/?seed=5")
    written = {key: page.evaluate(expression) for key, expression in HOSTILE.items()}
    message = page.locator(f"#{ids.MESSAGE}").inner_text()
    for name in ("ledger", "settings", "game", "records", "recent"):
        assert f'kept aside as "minesweeper/{name}.backup"' in message, message
    kept = page.evaluate(KEPT_JS, list(HOSTILE))
    for key, (now, backup) in zip(HOSTILE, kept, strict=True):
        assert backup == written[key], key  # byte for byte, lone surrogate included
        assert now != written[key], key
    board = Board(page)
    board.click(4, 4)
    assert board.status == "playing"
    page.reload()  # the next load is clean, and the game resumes
    page.wait_for_function(READY, timeout=60_000)
    assert "kept aside" not in page.locator(f"#{ids.MESSAGE}").inner_text()
    assert Board(page).status == "playing"
