"""The first visit and the second on a throttled network ("Fast 4G"), ours against JSMinesweeper.

Part of ``make bench``; alone::

    python -m benchmarks.network [--loads 3]

With ``--before SITE``, a second build of ours (the build before a change) is measured too,
its loads alternating with the others', and its difference from ours printed.

Both sites are served by :mod:`tools.serve` as GitHub Pages serves them
(``GITHUB_PAGES``: gzip on the fly for text and wasm, ``Cache-Control: max-age=600``,
ETag/Last-Modified and 304s), each from its own server, so each on its own origin: our
built ``_site/`` and the JS peer JSMinesweeper (MIT), read where it lies, in
``../shared/peers/jsminesweeper/`` (without it, only our rows are printed).

**The network.** Chromium is throttled through CDP with ``Network.emulateNetworkConditions``
(deprecated in Chromium 156 but honoured) to "Fast 4G": 60 ms added to every request before
its response headers, 9 Mbit/s down, 1.5 Mbit/s up. A page's CDP session throttles only that
page's requests: measured, the service worker's precache took 72 ms for the 9.6 MB wasm
with the page throttled. So each page's session also auto-attaches, paused at start, to
the service workers of its pages (``Target.setAutoAttach``, ``waitForDebuggerOnStart``),
throttles each the same way and lets it run (``Runtime.runIfWaitingForDebugger``); then
that wasm takes 8.7 s, as 9 Mbit/s says. Playwright's CDP sessions cannot address a flat
child session, so these are non-flat, driven with ``Target.sendMessageToTarget``. What is
*not* as on a real line: the page and its worker are throttled separately, 9 Mbit/s each,
not one shared link (the worker starts only once the page is ready, so they overlap
little); the worker's script ``sw.js`` may be fetched before the throttle reaches it; and
the local server speaks HTTP/1.0 (six connections an origin; the added latency is a
request's, handshakes cost nothing) where GitHub Pages speaks HTTP/2.

**What a visit measures**, from navigation start in the page's own clock:

* *first paint*: the ``first-paint`` entry;
* *click accepted*: ours, the ``board-accepts-click`` mark that static/skeleton.js sets
  when the covered board starts taking a click made during loading (it can come before
  the first paint, which waits for the style sheets); when the page has no such mark
  the column takes *playable* and "click from" says ``ready``. The peer: its
  canvas has its mouse listeners from ``startup()`` on, and ``clickAction`` acts once the
  global ``board`` exists (before that a click throws), so the moment ``board`` is set
  ("click from" ``board``), found by polling it every millisecond;
* *playable*: ours, ``document.body.dataset.ready === 'true'``; the peer, its global
  ``gameBoard`` set, which ``startup()`` does once its first game is drawn;
* *bytes*: the response bodies, as sent on the wire (gzip-compressed where they were),
  that the site's server logged for the visit: *before ready* counts the requests it
  received before the page was playable, *in all* those until the service worker is
  activated (its precache done), the Python snapshot for the next visit is kept (the
  build's, or one the device made) with PyScript's package compiled, and the server has
  then been quiet for a second.
  This includes the worker's downloads, which the page's Resource Timing cannot see;
* *requests*, and how many of them were answered 304 Not Modified.

A *cold* visit is a fresh browser context (no HTTP cache, no service worker); the
*second visit* is a new page in that context once the first page is closed (ours: once
its service worker is active). Loads alternate between the sites; each figure is the
median over ``--loads``. Before measuring, each site has one visit unthrottled and
unreported, so the server has compressed every file once. The last tables list where a
cold visit's bytes go, file by file: a file fetched twice shows twice the requests (the
service worker's requests are those whose Referer is its script, ``sw.js``).

It is long because both sites are throttled, loaded and reported the same way, side by side.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, sync_playwright

from benchmarks import startup
from tools.chromium import launch_options
from tools.serve import GITHUB_PAGES, ROOT, Sent, SiteServer, running

PEER_DIR = ROOT.parent / "shared" / "peers" / "jsminesweeper"
QUIET_S = 1.0
TIMEOUT_MS = 180_000
MB = 1e6


@dataclass(frozen=True)
class Network:
    """A throttling profile for ``Network.emulateNetworkConditions``."""

    name: str
    latency_ms: float
    down_bytes_s: float
    up_bytes_s: float

    def conditions(self) -> dict[str, Any]:
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": self.down_bytes_s,
            "uploadThroughput": self.up_bytes_s,
        }

    def __str__(self) -> str:
        down, up = self.down_bytes_s * 8 / 1e6, self.up_bytes_s * 8 / 1e6
        return f"{self.name} ({down:g} Mbit/s down, {up:g} up, {self.latency_ms:g} ms RTT)"


FAST_4G = Network("Fast 4G", 60, 1_125_000, 187_500)


@dataclass(frozen=True)
class Condition:
    """What a visit runs on: a network (None: localhost, unthrottled) and a processor
    slowed ``cpu`` times (CDP ``Emulation.setCPUThrottlingRate``, the page's thread and
    its workers; 4 is Lighthouse's mobile profile: a mid-range phone)."""

    name: str
    network: Network | None
    cpu: float = 1

    def __str__(self) -> str:
        where = str(self.network) if self.network else "localhost"
        return where + (f", CPU slowed {self.cpu:g}x" if self.cpu > 1 else "")


LOCALHOST = Condition("localhost", None)
ON_4G = Condition("Fast 4G", FAST_4G)
PHONE = Condition("Fast 4G, 4x CPU", FAST_4G, cpu=4)
CONDITIONS = (LOCALHOST, ON_4G, PHONE)


# Every main-thread task over 50 ms (the Long Tasks API), from the page's start.
TASKS_JS = """(() => {
  const tasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) tasks.push([task.startTime, task.duration]);
  }).observe({ type: "longtask", buffered: true });
})();"""


def read_js(click: str, ready: str, needed: str = ".") -> str:
    """A page function returning the visit's moments (ms from navigation start), the
    longest task that ran between the first paint and playable (0: none over 50 ms), and
    the last byte of the files it needs to start (those whose URL matches ``needed``)."""
    paint = "performance.getEntriesByName('first-paint')[0]?.startTime ?? null"
    return f"""() => {{
  const paint = {paint}, ready = {ready};
  const during = (window.__longTasks ?? []).filter(
    ([start, took]) => start + took > (paint ?? 0) && start < (ready ?? Infinity));
  const arrived = performance.getEntriesByType("resource")
    .filter((entry) => new RegExp({json.dumps(needed)}).test(entry.name))
    .map((entry) => entry.responseEnd).filter((end) => end <= (ready ?? Infinity));
  const last = Math.max(0, ...arrived);
  return {{paint, click: {click}, ready, last,
           task: Math.max(0, ...during.map(([, took]) => took))}};
}}"""


# The peer's `Board`, `board` and `gameBoard` are top-level `class`/`let`s of its scripts:
# visible by name from here (one global scope), so polled; a setter cannot be hooked on a
# `let`. Until its scripts run, `board` names the element #board (window's named access)
# and the others are not declared: hence the guarded instanceof tests.
PEER_MARKS_JS = """(() => {
  const marks = (window.__peerMarks = {});
  const game = (read) => {
    try { return read() instanceof Board; } catch { return false; }  // not declared yet
  };
  const poll = setInterval(() => {
    if (game(() => board)) marks.click ??= performance.now();
    if (game(() => gameBoard)) {
      marks.ready = performance.now();
      clearInterval(poll);
    }
  }, 1);
})();"""


@dataclass(frozen=True)
class Site:
    """How to tell, in a site's page, when it paints, takes a click and is playable."""

    name: str
    marks_js: str  # installed before any page script
    ready_js: str  # true once playable
    read_js: str  # {paint, click, ready}: ms from navigation start, click null if unknown
    click_from: str  # what "click accepted" is when the page gives a click moment
    worker: bool  # has a service worker whose precache belongs to the visit
    settled_js: str = "true"  # true once the work the visit does after ready is done


OURS = Site(
    "ours",
    startup.MARKS_JS,
    startup.READY,
    read_js(
        "performance.getEntriesByName('board-accepts-click')[0]?.startTime ?? null",
        "window.__startMarks.ready ?? null",
        # the runtime and our Python: the start's big downloads (small scripts such as
        # main.py come after Python's start, which waits for nothing else)
        r"/vendor/pyodide/|python\.zip|pyodide-snapshot",
    ),
    "mark",
    worker=True,
    settled_js=startup.KEPT_FOR_NEXT_VISIT,
)


def before(site: Path) -> Site:
    """Another build of ours (``--before``), named after its folder: the build before a
    change, or an older landmark, measured in the same run."""
    return replace(OURS, name=f"before {site.name}")


PEER = Site(
    "peer",
    PEER_MARKS_JS,
    "window.__peerMarks?.ready !== undefined",
    read_js("window.__peerMarks.click ?? null", "window.__peerMarks.ready ?? null"),
    "board",
    worker=False,
)


@dataclass(frozen=True)
class Served:
    """A site on its server."""

    site: Site
    url: str
    server: SiteServer


@dataclass(frozen=True)
class Visit:
    """One page load: its moments (seconds from navigation start), what the server sent
    for it, and when (server clock) the page was seen playable."""

    paint: float
    click: float
    ready: float
    click_from: str
    sent: tuple[Sent, ...]
    ready_at: float
    workers_throttled: int
    longest_task: float  # ms, between the first paint and playable; 0 if none over 50 ms
    last_byte: float  # seconds: the last response that ended before playable

    @property
    def bytes_before_ready(self) -> int:
        return sum(s.body_bytes for s in self.sent if s.received < self.ready_at)

    @property
    def bytes_in_all(self) -> int:
        return sum(s.body_bytes for s in self.sent)

    @property
    def not_modified(self) -> int:
        return sum(s.status == 304 for s in self.sent)


def throttle(page: Page, network: Network) -> list[str]:
    """Throttle the page, and each service worker it attaches, before they fetch anything.

    Returns the list that the URLs of the throttled workers are appended to."""
    cdp = page.context.new_cdp_session(page)
    conditions = network.conditions()
    cdp.send("Network.emulateNetworkConditions", conditions)
    workers: list[str] = []

    def attached(event: dict[str, Any]) -> None:
        session = event["sessionId"]
        send_to(cdp, session, 1, "Network.emulateNetworkConditions", conditions)
        send_to(cdp, session, 2, "Runtime.runIfWaitingForDebugger", {})
        workers.append(event["targetInfo"]["url"])

    cdp.on("Target.attachedToTarget", attached)
    cdp.send(
        "Target.setAutoAttach",
        {
            "autoAttach": True,
            "waitForDebuggerOnStart": True,
            "flatten": False,
            "filter": [{"type": "service_worker"}],
        },
    )
    return workers


def send_to(cdp: CDPSession, session: str, id_: int, method: str, params: dict[str, Any]) -> None:
    """A command to a non-flat child session (its answer comes as an event, unread here)."""
    message = {"id": id_, "method": method, "params": params}
    cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)})


def wait_quiet(page: Page, server: SiteServer, seconds: float = QUIET_S) -> None:
    """Until the server has sent nothing for ``seconds``. Waits in Playwright, not in
    ``time.sleep``: a worker paused for :func:`throttle` needs Playwright's events to run."""
    while server.quiet_for() < seconds:
        page.wait_for_timeout(50)


def slow_processor(page: Page, rate: float) -> None:
    """Slow the page's processor ``rate`` times, before it runs anything."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def visit(context: BrowserContext, served: Served, condition: Condition) -> Visit:
    """Open the site in a new page of ``context`` on ``condition``, wait until it is
    playable, its worker active and its server quiet; close the page."""
    site, server = served.site, served.server
    page = context.new_page()
    network = condition.network
    workers = throttle(page, network) if network is not None else []
    if condition.cpu > 1:
        slow_processor(page, condition.cpu)
    start = time.monotonic()
    page.goto(served.url, wait_until="commit")
    page.wait_for_function(site.ready_js, timeout=TIMEOUT_MS, polling=10)
    ready_at = time.monotonic()
    if site.worker:
        page.evaluate(startup.WORKER_ACTIVE_JS)
    page.wait_for_function(site.settled_js, timeout=TIMEOUT_MS, polling=100)
    wait_quiet(page, server)
    moments: dict[str, float | None] = page.evaluate(site.read_js)
    page.close()
    ready = seconds(moments["ready"])
    click = moments["click"]
    return Visit(
        paint=seconds(moments["paint"]),
        click=ready if click is None else click / 1000,
        ready=ready,
        click_from="ready" if click is None else site.click_from,
        sent=tuple(s for s in server.sent if s.received >= start),
        ready_at=ready_at,
        workers_throttled=len(workers),
        longest_task=float(moments["task"] or 0),
        last_byte=seconds(moments["last"]),
    )


def seconds(milliseconds: float | None) -> float:
    return float("nan") if milliseconds is None else milliseconds / 1000


def cold_and_second(browser: Browser, served: Served, condition: Condition) -> tuple[Visit, Visit]:
    """A first visit in a fresh context, then a second in a new page of the same context."""
    context = browser.new_context()
    context.add_init_script(served.site.marks_js)
    context.add_init_script(TASKS_JS)
    try:
        first = visit(context, served, condition)
        return first, visit(context, served, condition)
    finally:
        context.close()


KINDS = ("cold", "second visit")
Results = dict[tuple[str, str], list[Visit]]  # by (site name, kind)


def warm_up(browser: Browser, sites: Sequence[Served]) -> None:
    """Unreported visits: every file compressed once, the pages known to work."""
    for served in sites:
        cold_and_second(browser, served, LOCALHOST)


def measure(browser: Browser, sites: Sequence[Served], condition: Condition, loads: int) -> Results:
    results: Results = {}
    for load in range(1, loads + 1):
        for served in sites:
            cold, second = cold_and_second(browser, served, condition)
            for kind, done in zip(KINDS, (cold, second), strict=True):
                results.setdefault((served.site.name, kind), []).append(done)
            print(
                f"  {condition.name}, load {load}/{loads}, {served.site.name}: playable"
                f" {cold.ready:.2f} s cold, {second.ready:.2f} s on the second visit",
                flush=True,
            )
    return results


def median_of(visits: Iterable[Visit], figure: Callable[[Visit], float]) -> float:
    return statistics.median(figure(v) for v in visits)


COLUMNS: tuple[tuple[str, Callable[[Visit], float], Callable[[float], str]], ...] = (
    ("first paint", lambda v: v.paint, lambda x: f"{x:.2f} s"),
    ("click accepted", lambda v: v.click, lambda x: f"{x:.2f} s"),
    ("playable", lambda v: v.ready, lambda x: f"{x:.2f} s"),
    ("after last byte", lambda v: v.ready - v.last_byte, lambda x: f"{x:.2f} s"),
    ("bytes before ready", lambda v: v.bytes_before_ready, lambda x: f"{x / MB:.2f} MB"),
    ("bytes in all", lambda v: v.bytes_in_all, lambda x: f"{x / MB:.2f} MB"),
    ("requests", lambda v: len(v.sent), lambda x: f"{x:.0f}"),
    ("of them 304", lambda v: v.not_modified, lambda x: f"{x:.0f}"),
    ("longest task", lambda v: v.longest_task, lambda x: f"{x:.0f} ms"),
)
WIDTHS = (13, 16, 10, 17, 20, 14, 10, 13, 14)
LABEL = 22


def row(label: str, cells: Sequence[str], click_from: str = "") -> str:
    body = "".join(f"{cell:>{width}}" for cell, width in zip(cells, WIDTHS, strict=True))
    return f"{label:<{LABEL}}{body}{click_from:>12}"


def ratio(ours: float, peer: float) -> str:
    return f"{ours / peer:.1f}x" if peer else "-"


def report(results: Results, condition: Condition, loads: int) -> None:
    print(f"\n{condition}, gzip, medians of {loads}")
    print(row("", [name for name, _, _ in COLUMNS], "click from"))
    for (name, kind), visits in results.items():
        cells = [show(median_of(visits, figure)) for _, figure, show in COLUMNS]
        print(row(f"{name}  {kind}", cells, "/".join(sorted({v.click_from for v in visits}))))
    for kind in KINDS:
        if ("peer", kind) in results:
            ours, peer = results[("ours", kind)], results[("peer", kind)]
            cells = [
                ratio(median_of(ours, figure), median_of(peer, figure)) for _, figure, _ in COLUMNS
            ]
            print(row(f"ratio (ours/peer) {'cold' if kind == 'cold' else '2nd'}", cells))
    for (name, kind), old in results.items():
        if name.startswith("before "):
            ours = results[("ours", kind)]
            ready = median_of(ours, lambda v: v.ready) - median_of(old, lambda v: v.ready)
            sent = median_of(ours, lambda v: v.bytes_before_ready) - median_of(
                old, lambda v: v.bytes_before_ready
            )
            print(
                f"ours - {name}, {kind}: playable {ready * 1000:+.0f} ms, "
                f"bytes before ready {sent / 1000:+.1f} kB"
            )
    if condition.network is not None:
        throttled = [v.workers_throttled for kind in KINDS for v in results[("ours", kind)]]
        print(f"(service workers throttled, our cold then second visits: {throttled})")


# The start's targets: playable, ours / the peer's, at most this.
# The second visit against the peer; a first visit on Fast 4G is
# held to the build before PyScript came back (6322a56), in seconds, not to the peer.
TARGETS = {
    ("localhost", "second visit"): 1.3,
    ("Fast 4G", "second visit"): 1.5,
    ("Fast 4G, 4x CPU", "second visit"): 1.5,
}


def summary(everything: dict[str, Results], loads: int) -> None:
    """One table: playable and the longest task between first paint and playable, ours
    beside each build before and the peer's, for each condition and visit."""
    print(f"\nsummary, medians of {loads}: playable (longest task between first paint and it)")
    names = sorted({name for results in everything.values() for name, _ in results})
    olds = [name for name in names if name.startswith("before ")]
    columns = ["ours", *olds, "peer"]

    def cell(visits: list[Visit]) -> str:
        if not visits:
            return "-"
        ready = median_of(visits, lambda v: v.ready)
        task = max(v.longest_task for v in visits)
        return f"{ready:.2f} s ({task:.0f} ms)"

    heads = "".join(f"{name.removeprefix('before '):>18}" for name in columns)
    changes = "".join(f"{'-' + name.removeprefix('before '):>14}" for name in olds)
    print(f"  {'':<34}{heads}{'ours/peer':>11}{changes}  target")
    for condition, results in everything.items():
        for kind in KINDS:
            ours = results.get(("ours", kind), [])
            cells = "".join(f"{cell(results.get((name, kind), [])):>18}" for name in columns)
            peer = results.get(("peer", kind), [])
            share = ratio(median_of(ours, lambda v: v.ready), median_of(peer, lambda v: v.ready))
            change = ""
            for name in olds:
                old = results.get((name, kind), [])
                late = median_of(ours, lambda v: v.ready) - median_of(old, lambda v: v.ready)
                change += f"{late * 1000:>+11.0f} ms" if old else f"{'-':>14}"
            target = TARGETS.get((condition, kind))
            aim = f"<= {target:g}x" if target else ""
            print(f"  {condition + ', ' + kind:<34}{cells}{share:>11}{change}  {aim}")


def file_name(path: str) -> str:
    """The file a logged request asked for.

    >>> file_name("/static/a.wasm?v=1"), file_name("/")
    ('static/a.wasm', '/')
    """
    return urllib.parse.urlsplit(path).path.lstrip("/") or "/"


def by_worker(sent: Sent) -> bool:
    """Whether the service worker asked: its requests name its script as their Referer.

    >>> by_worker(Sent("/a.js", 200, 1, "", 0, 0, "http://127.0.0.1:8000/sw.js"))
    True
    """
    return urllib.parse.urlsplit(sent.referer).path.endswith("/sw.js")


def breakdown(name: str, visit: Visit) -> None:
    """Each file's bytes on the wire in one visit, most first."""
    sizes: Counter[str] = Counter()
    page: Counter[str] = Counter()
    worker: Counter[str] = Counter()
    for sent in visit.sent:
        file = file_name(sent.path)
        sizes[file] += sent.body_bytes
        (worker if by_worker(sent) else page)[file] += 1
    print(f"\n{name} cold visit, file by file (bytes as sent; requests by the page / the worker):")
    for file, size in sizes.most_common():
        print(f"  {file:<58}{size / MB:>9.3f} MB   {page[file]} / {worker[file]}")
    print(f"  {'total':<58}{visit.bytes_in_all / MB:>9.3f} MB   {len(visit.sent)} requests")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="visits of each kind (median)")
    parser.add_argument(
        "--only-4g", dest="all", action="store_false", help="Fast 4G only, not localhost and 4x CPU"
    )
    parser.add_argument(
        "--site", type=Path, default=startup.SITE, help="our build to measure (default _site/)"
    )
    parser.add_argument(
        "--before",
        type=Path,
        action="append",
        default=[],
        help="another build to measure beside ours in the same run, named by its folder; may be "
        "given more than once (the build before a change: `git worktree add /tmp/before HEAD~1`, "
        "then `python -m tools.build_site --out ...` there)",
    )
    args = parser.parse_args()
    with ExitStack() as stack:
        server, url = stack.enter_context(running(args.site, delivery=GITHUB_PAGES))
        sites = [Served(OURS, url, server)]
        for old in args.before:
            old_server, old_url = stack.enter_context(running(old, delivery=GITHUB_PAGES))
            sites.append(Served(before(old), old_url, old_server))
        if (PEER_DIR / "index.html").is_file():
            peer_server, peer_url = stack.enter_context(running(PEER_DIR, delivery=GITHUB_PAGES))
            sites.append(Served(PEER, peer_url, peer_server))
        else:
            print(f"{PEER_DIR} is missing: the peer's rows are left out")
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(**launch_options())
        where = ", ".join(f"{served.site.name} {served.url}" for served in sites)
        print(f"network benchmark: Chromium {browser.version}, {where}")
        warm_up(browser, sites)
        everything: dict[str, Results] = {}
        for condition in CONDITIONS if args.all else (ON_4G,):
            everything[condition.name] = measure(browser, sites, condition, args.loads)
            report(everything[condition.name], condition, args.loads)
        for served in sites:
            breakdown(served.site.name, everything[ON_4G.name][(served.site.name, "cold")][0])
        summary(everything, args.loads)
        browser.close()


if __name__ == "__main__":
    main()
