"""What a page costs its renderer: memory (the whole process, the JS heap, Pyodide's wasm
heap) and the long frames of the main thread with what ran in them.

Shared by :mod:`benchmarks.big_board`; measures, asserts nothing.

* **Renderer memory**: the page's renderer process, found through the browser's CDP
  (``SystemInfo.getProcessInfo`` lists the renderers; the page's is the largest), read
  from ``/proc/PID/smaps_rollup``: its resident set, and its private memory (what the
  process alone holds, the figure a phone's browser kills a tab for; shared libraries
  left out). Both include everything: Blink's DOM, V8's heap and Pyodide's wasm memory.
* **Wasm memory**: the size of every ``WebAssembly.Memory`` the page made (an init
  script keeps a reference to each), Pyodide's heap among them; it grows, never shrinks.
* **JS heap**: CDP ``Runtime.getHeapUsage``: V8's used heap, and Blink's (``embedder``:
  the DOM).
* **Long frames**: the Long Animation Frames API (``long-animation-frame``, frames
  over 50 ms), each with the scripts that ran in it (``invoker``: the event, timer or
  callback that entered JavaScript, and how long each ran) and how long style and layout
  took. Python under Pyodide shows as ``MessagePort.onmessage`` (its event loop's tasks, in
  ``pyodide.asm.mjs``) or as the event handler that called it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, CDPSession, Page

# Keeps every WebAssembly.Memory the page creates or instantiates, so that its size can be read.
KEEP_WASM_MEMORY_JS = """(() => {
  const kept = (window.__wasmMemories = []);
  const keep = (value) => {
    if (value instanceof WebAssembly.Memory && !kept.includes(value)) kept.push(value);
  };
  const scan = (made) => {
    const instance = made && (made.instance || made);
    if (instance && instance.exports) Object.values(instance.exports).forEach(keep);
    return made;
  };
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = function (...args) {
    const memory = new Memory(...args);
    keep(memory);
    return memory;
  };
  WebAssembly.Memory.prototype = Memory.prototype;
  const Instance = WebAssembly.Instance;
  WebAssembly.Instance = function (...args) { return scan(new Instance(...args)); };
  WebAssembly.Instance.prototype = Instance.prototype;
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { return original.apply(this, args).then(scan); };
  }
})();"""

WASM_BYTES_JS = "() => window.__wasmMemories.reduce((sum, m) => sum + m.buffer.byteLength, 0)"

# Long animation frames from now on, each with its scripts (the entry points into JavaScript).
WATCH_FRAMES_JS = """() => {
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      window.__frames.push({
        start: frame.startTime,
        duration: frame.duration,
        blocking: frame.blockingDuration,
        render: frame.renderStart ? frame.startTime + frame.duration - frame.renderStart : 0,
        style: frame.styleAndLayoutStart
          ? frame.startTime + frame.duration - frame.styleAndLayoutStart : 0,
        scripts: frame.scripts.map((s) => ({
          invoker: s.invoker,
          duration: s.duration,
          forced: s.forcedStyleAndLayoutDuration,
          source: (s.sourceURL || "").split("/").pop(),
        })),
      });
    }
  }).observe({type: "long-animation-frame"});
}"""

# Samples the page's memory every `every` s (what CDP cannot read while Python keeps the
# main thread busy: its commands, and timers too, then wait behind the page's tasks, for
# minutes at Instant; frames still render), and keeps the auto-player playing: a game that
# ended is followed by a new one, auto-played.
SAMPLE_JS = """(every) => {
  const board = document.getElementById("board");
  const t0 = performance.now();
  window.__samples = [];
  window.__ended = 0;
  const sample = () => {
    if (board.dataset.status === "won" || board.dataset.status === "lost") {
      window.__ended += 1;
      document.getElementById("face").click();
      document.getElementById("auto").click();
    }
    window.__samples.push([
      (performance.now() - t0) / 1000,
      window.__wasmMemories.reduce((sum, m) => sum + m.buffer.byteLength, 0),
      performance.memory ? performance.memory.usedJSHeapSize : 0,
      board.querySelectorAll(".cell[data-state=open]").length,
      document.getElementById("message").textContent,
    ]);
  };
  let next = 0;
  window.__sampling = true;
  const frame = () => {
    if (performance.now() - t0 >= next) {
      sample();
      next += every * 1000;
    }
    if (window.__sampling) requestAnimationFrame(frame);
  };
  frame();
}"""


@dataclass(frozen=True, slots=True)
class Memory:
    """One reading of the page's memory, in bytes (``seconds`` from the start of a run)."""

    seconds: float
    rss: int
    private: int
    wasm: int
    js_heap: int
    dom_heap: int
    cells_open: int


@dataclass(frozen=True, slots=True)
class Frame:
    """A long animation frame: when, how long, how long its rendering took, and its scripts."""

    start: float
    duration: float
    render: float
    scripts: tuple[str, ...]
    script: float
    """Milliseconds of script in the frame: the rest is rendering, or the page waiting for a
    core (on a busy machine a frame can last 200 ms with 30 ms of script in it)."""

    def describe(self) -> str:
        """What ran in the frame, as a line."""
        scripts = ", ".join(self.scripts) or "no script (rendering only)"
        return (
            f"{self.duration:.0f} ms at {self.start / 1000:.1f} s: {scripts}; "
            f"rendering {self.render:.0f} ms, script {self.script:.0f} ms in all"
        )


def _frame(entry: dict[str, Any]) -> Frame:
    scripts = tuple(
        f"{s['invoker']} ({s['source'] or '?'}) {s['duration']:.0f} ms"
        + (f", forced layout {s['forced']:.0f} ms" if s["forced"] else "")
        for s in entry["scripts"]
        if s["duration"] >= 1
    )
    script = sum(s["duration"] for s in entry["scripts"])
    return Frame(entry["start"], entry["duration"], entry["render"], scripts, script)


class Watcher:
    """Reads one page's memory and frames; made by :func:`watch` before the page loads."""

    def __init__(self, browser: Browser, page: Page) -> None:
        self.page = page
        self._browser_cdp = browser.new_browser_cdp_session()
        self._cdp: CDPSession = page.context.new_cdp_session(page)

    def renderer(self) -> int:
        """The pid of the page's renderer: the largest renderer of the browser."""
        info = self._browser_cdp.send("SystemInfo.getProcessInfo")["processInfo"]
        pids = [int(p["id"]) for p in info if p["type"] == "renderer"]
        return max(pids, key=lambda pid: _smaps(pid)[0])

    def memory(self, seconds: float, collect: bool = False) -> Memory:
        """The page's memory now; after a full garbage collection of the JS heap if ``collect``."""
        if collect:
            self._cdp.send("HeapProfiler.collectGarbage")
        usage = self._cdp.send("Runtime.getHeapUsage")
        rss, private = _smaps(self.renderer())
        return Memory(
            seconds=seconds,
            rss=rss,
            private=private,
            wasm=self.page.evaluate(WASM_BYTES_JS),
            js_heap=int(usage["usedSize"]),
            dom_heap=int(usage.get("embedderHeapUsedSize", 0)),
            cells_open=self.page.evaluate(
                "() => document.querySelectorAll('#board .cell[data-state=open]').length"
            ),
        )

    def process(self, pid: int, seconds: float) -> Memory:
        """The renderer ``pid``'s memory now, read from outside the page (never waits on it)."""
        rss, private = _smaps(pid)
        return Memory(seconds, rss, private, wasm=0, js_heap=0, dom_heap=0, cells_open=0)

    def sample(self, every: float) -> None:
        """Let the page sample its own memory every ``every`` s (see :data:`SAMPLE_JS`)."""
        self.page.evaluate(SAMPLE_JS, every)

    def samples(self) -> tuple[list[tuple[float, int, int, int, str]], int]:
        """The page's samples (seconds, wasm bytes, JS heap bytes, cells open, message) and
        the games that ended meanwhile."""
        self.page.evaluate("() => { window.__sampling = false; }")
        samples = [
            (float(t), int(wasm), int(heap), int(cells), str(message))
            for t, wasm, heap, cells, message in self.page.evaluate("() => window.__samples")
        ]
        return samples, int(self.page.evaluate("() => window.__ended"))

    def watch_frames(self) -> None:
        self.page.evaluate(WATCH_FRAMES_JS)

    def frames(self) -> list[Frame]:
        return [_frame(entry) for entry in self.page.evaluate("() => window.__frames")]


def watch(browser: Browser) -> Watcher:
    """A new page whose memory and frames can be read (navigate it with ``goto``)."""
    page = browser.new_page()
    page.add_init_script(KEEP_WASM_MEMORY_JS)
    return Watcher(browser, page)


def _smaps(pid: int) -> tuple[int, int]:
    """(resident, private) bytes of process ``pid``."""
    fields: dict[str, int] = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1]) * 1024
    return fields.get("Rss", 0), fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)


@contextmanager
def other_work(processes: int) -> Iterator[None]:
    """``processes`` busy loops on the machine meanwhile (other work, like a second browser)."""
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)]
    try:
        yield
    finally:
        for process in busy:
            process.kill()
            process.wait()


def print_memory(readings: list[Memory], ended: int, message: str) -> None:
    """The curve, then the figures; the last reading is after a forced garbage collection."""
    readings, collected = readings[:-1], readings[-1]
    print(f"  {'s':>5} {'renderer RSS':>13} {'private':>9} {'wasm':>8} {'JS heap':>8} {'open':>7}")
    for m in readings:
        print(
            f"  {m.seconds:5.0f} {mb(m.rss):>13} {mb(m.private):>9} {mb(m.wasm):>8} "
            f"{mb(m.js_heap):>8} {m.cells_open:>7,}"
        )
    settled = [m for m in readings[1:] if m.seconds >= 10]
    if settled:
        first, last = settled[0], readings[-1]
        print(
            f"  renderer private memory at most {mb(max(m.private for m in readings))}, RSS at "
            f"most {mb(max(m.rss for m in readings))}; after 10 s: private "
            f"{mb(last.private - first.private)}, wasm {mb(last.wasm - first.wasm)}"
            "   target < 1 GB, no growth after 10 s"
        )
    print(
        f"  stopped, after a forced garbage collection: private {mb(collected.private)}, RSS "
        f"{mb(collected.rss)}, JS heap {mb(collected.js_heap)}, DOM heap {mb(collected.dom_heap)}"
        f" (what is left is kept, not garbage)"
    )
    print(f"  games ended meanwhile: {ended}; last message: {message!r}")


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f})"


def mb(n: int) -> str:
    return f"{n / 1e6:,.0f} MB"
