"""Firefox (over WebDriver BiDi) and Chromium (over CDP) through puppeteer-core.

puppeteer-core is pinned in package.json and drives Debian's browsers as they are: no
driver binary, nothing downloaded. It runs in Node, so this module speaks to it through
``puppeteer_bridge.mjs`` over a pipe, one JSON line per command, and keeps the page's
console errors and warnings and its uncaught errors as they come.
"""

from __future__ import annotations

import json
import queue
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any

from tools.engines.driver import Button, EngineMissing

ROOT = Path(__file__).resolve().parent.parent.parent
BRIDGE = Path(__file__).with_name("puppeteer_bridge.mjs")
BROWSERS = {
    # engine: (puppeteer's name for it, the binaries that may be it, its Debian package)
    "firefox": ("firefox", ("/usr/bin/firefox-esr", "/usr/bin/firefox"), "firefox-esr"),
    "chromium": ("chrome", ("/usr/bin/chromium",), "chromium"),
}
REPLY_TIMEOUT_S = 120.0


def executable(engine: str) -> str:
    _, paths, package = BROWSERS[engine]
    for path in paths:
        if Path(path).exists():
            return path
    raise EngineMissing(f"{engine}: not installed here (Debian's {package} is not)")


class PuppeteerDriver:
    """One browser with one tab, in a profile of its own, removed on close."""

    def __init__(self, engine: str) -> None:
        binary = executable(engine)
        if shutil.which("node") is None or not (ROOT / "node_modules/puppeteer-core").exists():
            raise EngineMissing(f"{engine}: puppeteer-core is not installed (make node_modules)")
        self.name = engine
        self._profile = tempfile.mkdtemp(prefix=f"engine-{engine}-")
        self._seen: list[str] = []
        self._replies: queue.Queue[dict[str, Any]] = queue.Queue()
        self._next_id = 0
        self._process = subprocess.Popen(
            ["node", str(BRIDGE), BROWSERS[engine][0], binary, self._profile],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        threading.Thread(target=self._read, daemon=True).start()
        self.version: str = self._ask("version")

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            message = json.loads(line)
            if "event" in message:
                self._seen.append(
                    f"{message['event']}: {message.get('type', '')} {message['text']}"
                )
            else:
                self._replies.put(message)
        self._replies.put({"error": "the browser's bridge has ended"})

    def _ask(self, op: str, **args: Any) -> Any:
        assert self._process.stdin is not None
        self._next_id += 1
        self._process.stdin.write(json.dumps({"id": self._next_id, "op": op, **args}) + "\n")
        self._process.stdin.flush()
        try:
            reply = self._replies.get(timeout=REPLY_TIMEOUT_S)
        except queue.Empty:
            raise TimeoutError(
                f"{self.name}: no answer to {op} in {REPLY_TIMEOUT_S:.0f} s"
            ) from None
        if "error" in reply:
            raise RuntimeError(f"{self.name}: {op}: {reply['error']}")
        return reply["value"]

    def open(self, url: str) -> None:
        self._ask("open", url=url)

    def new_tab(self) -> None:
        self._ask("newTab")

    def reload(self) -> None:
        self._ask("reload")

    def run(self, js: str) -> Any:
        return self._ask("run", js=js)

    def click(self, x: float, y: float, button: Button = "left") -> None:
        self._ask("click", x=x, y=y, button=button)

    def press(self, key: str) -> None:
        self._ask("press", key=key)

    def screenshot(self, path: str) -> None:
        self._ask("screenshot", path=str(Path(path).resolve()))

    def problems(self) -> list[str]:
        return list(self._seen)

    def close(self) -> None:
        try:
            if self._process.poll() is None:
                assert self._process.stdin is not None
                self._process.stdin.write(json.dumps({"op": "close"}) + "\n")
                self._process.stdin.flush()
                self._process.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self._process.kill()
        shutil.rmtree(self._profile, ignore_errors=True)
