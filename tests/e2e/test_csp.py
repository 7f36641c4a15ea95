"""The page's Content-Security-Policy (a <meta> tag: GitHub Pages sends no headers).

The game must start and play under it, the offline service worker must still install, and
a script slipped into the page must be refused, as the browser's own CSP report says.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

from tests.e2e.board import Board
from tests.e2e.conftest import PageGuard
from tests.e2e.reopen import start

OpenGame = Callable[[str], Page]
POLICY_JS = """() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')
    ?.getAttribute('content') ?? null"""
# Chromium's console report; its wording changed over versions ("Refused to execute inline
# script because it violates..." before, "Executing inline script violates..." in 156).
REFUSED = r"(?i)inline script (because it )?violates the following Content Security Policy"


def directives(policy: str) -> dict[str, list[str]]:
    """``{"script-src": ["'self'", ...], ...}`` from a policy's text."""
    parts = (part.split() for part in policy.split(";") if part.strip())
    return {name: sources for name, *sources in parts}


def test_the_policy_is_strict_and_the_game_plays_under_it(open_game: OpenGame) -> None:
    page = open_game("/?seed=7")
    policy = page.evaluate(POLICY_JS)
    assert policy is not None, "no Content-Security-Policy <meta>"
    given = directives(policy)
    assert given["default-src"] == ["'self'"]
    assert given["object-src"] == ["'none'"] and given["base-uri"] == ["'none'"]
    # Pyodide needs 'unsafe-eval' and 'wasm-unsafe-eval' beyond 'self'; the bot lab's
    # sandbox frame (a srcdoc frame inherits this policy) its relay, by its hash, and its
    # workers' modules from blobs. Nothing inline but the relay, nothing off-origin.
    hashes = [s for s in given["script-src"] if s.startswith("'sha256-")]
    assert len(hashes) == 1
    assert sorted(set(given["script-src"]) - set(hashes)) == [
        "'self'",
        "'unsafe-eval'",
        "'wasm-unsafe-eval'",
        "blob:",
    ]
    assert given["style-src"] == ["'self'"]
    for sources in given.values():
        assert "'unsafe-inline'" not in sources and "*" not in sources
        assert not any(s.startswith(("http:", "https:")) for s in sources)
    # The <meta> only counts before the first script: it must come ahead of every one.
    first = page.evaluate(
        """() => [...document.head.querySelectorAll(
             'script, link[rel=stylesheet], meta[http-equiv="Content-Security-Policy"]')]
             .map(e => e.httpEquiv || e.tagName)[0]"""
    )
    assert first == "Content-Security-Policy"
    board = Board(page)
    board.click(4, 4)
    assert board.status == "playing"


def test_an_injected_inline_script_is_refused(open_game: OpenGame, page_guard: PageGuard) -> None:
    page = open_game("/?seed=7")
    page_guard.allow(REFUSED)  # the report this test provokes, and only it
    reports: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and re.search(REFUSED, message.text):
            reports.append(message.text)

    page.on("console", on_console)
    page.evaluate(
        """() => {
          window.cspViolations = [];
          document.addEventListener('securitypolicyviolation',
            e => window.cspViolations.push(e.effectiveDirective));
          const script = document.createElement('script');
          script.textContent = 'window.injected = true';
          document.body.append(script);
        }"""
    )
    page.wait_for_function("() => window.cspViolations.length > 0")
    assert page.evaluate("() => window.injected") is None
    assert page.evaluate("() => window.cspViolations") == ["script-src-elem"]
    page.wait_for_timeout(200)  # the console message follows the event
    assert len(reports) == 1, reports
    assert "script-src 'self' 'sha256-" in reports[0]


def test_the_service_worker_still_installs(
    browser: Browser, browser_context_args: dict[str, Any], page_guard: PageGuard, base_url: str
) -> None:
    # The suite blocks service workers elsewhere (see conftest.browser_context_args).
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    try:
        _installs(context, page_guard, base_url)
    finally:
        context.close()


def _installs(context: BrowserContext, page_guard: PageGuard, base_url: str) -> None:
    page_guard.watch(context)
    page = context.new_page()
    start(page, f"{base_url}?seed=7", "() => document.body.dataset.ready === 'true'", 60_000)
    assert page.evaluate("() => [...document.scripts].some(s => /sw-register/.test(s.src))")
    scope = page.evaluate(
        """async () => {
          const registration = await navigator.serviceWorker.ready;
          return registration.active ? registration.scope : null;
        }"""
    )
    assert scope == page.url.split("?")[0]
    # And the page it controls after a reload still starts under the policy.
    page.reload()
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=60_000)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
