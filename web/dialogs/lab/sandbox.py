"""The sandbox the lab's workers run in: a frame of an opaque origin, with no network, that
the page reaches only by messages (docs/security.md says what it holds off, and which test
holds each wall).

A bot is a stranger's code. Run in a worker of the site's origin it could rewrite the
offline copy of the site (Cache Storage), wipe the Python snapshot (IndexedDB), reach any
server and run on after the lab closed. So the page builds a frame with
``sandbox="allow-scripts"`` (no ``allow-same-origin``: its origin is opaque, and so are
its workers') from ``srcdoc``, whose policy (:data:`POLICY`, on top of the page's own,
which a ``srcdoc`` frame inherits) lets nothing be fetched, and whose one script is
static/lab-relay.js, allowed by its hash. The runtime's files are fetched here by the page
(from the offline copy once the site was visited) and handed to the frame as buffers, so
the lab plays offline and the workers fetch nothing. Closing the lab removes the frame,
which ends every worker in it.

Every message from the frame is checked here again: from the frame's window only, a plain
object of a known kind, text of a bounded size.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
from collections.abc import Callable
from typing import Any

from web.page import browser

RELAY = "static/lab-relay.js"
WORKER = "static/lab-worker.mjs"
RUNTIME = {
    "pyodide.mjs": "static/vendor/pyodide/pyodide.mjs",
    "pyodide.asm.mjs": "static/vendor/pyodide/pyodide.asm.mjs",
    "pyodide.asm.wasm": "static/vendor/pyodide/pyodide.asm.wasm",
    "python_stdlib.zip": "static/vendor/pyodide/python_stdlib.zip",
    "pyodide-lock.json": "static/vendor/pyodide/pyodide-lock.json",
    "python.zip": "python.zip",
}
"""The files a worker's Python starts from, by the name the worker knows them by."""
MAX_TEXT = 1_000_000
"""The longest text the page takes from the frame (the relay's own limit)."""
HERE_S = 30.0
"""The longest the frame's relay may take to say it is loaded: a relay the policy refuses
(its hash not the page's) never does, and the lab says so."""


def relay_hash(text: str) -> str:
    """The CSP source that allows the relay as the frame's inline script.

    >>> relay_hash("alert(1)")
    "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
    """
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def policy(relay: str) -> str:
    """The frame's own policy: its one script the relay, its workers from blobs, Pyodide's
    wasm and eval, and nothing fetched from anywhere."""
    return (
        "default-src 'none'; "
        f"script-src {relay_hash(relay)} blob: 'wasm-unsafe-eval' 'unsafe-eval'; "
        "worker-src blob:; connect-src 'none'; img-src 'none'; style-src 'none'; "
        "font-src 'none'; media-src 'none'; object-src 'none'; frame-src 'none'; "
        "form-action 'none'; base-uri 'none'"
    )


def frame_html(relay: str) -> str:
    """The frame's document: its policy, then the relay."""
    return (
        '<!doctype html><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{policy(relay)}">'
        f"<script>{relay}</script>"
    )


class SandboxFailed(Exception):
    """The sandbox could not be built (a file of the runtime could not be read)."""


Heard = Callable[[str, str], None]
"""Told of each message for a worker: its kind (``"said"`` or ``"ended"``) and its text."""


class Sandbox:
    """The frame, built on first use, and the workers started in it, by id."""

    def __init__(self, document: Any, window: Any) -> None:
        self._document, self._window = document, window
        self._frame: Any = None
        self._listener: Any = None
        self._here: asyncio.Future[None] | None = None
        self._building: asyncio.Task[None] | None = None
        self._heard: dict[int, Heard] = {}
        self._next_id = 0

    @property
    def built(self) -> bool:
        return self._frame is not None

    async def ready(self) -> None:
        """The frame built, its relay loaded and handed the runtime; built once."""
        if self._building is None or (self._building.done() and not self.built):
            self._building = asyncio.ensure_future(self._build())
        await self._building

    async def _fetch(self, path: str, text: bool = False) -> Any:
        response = await self._window.fetch(path)
        if not response.ok:
            raise SandboxFailed(f"{path}: HTTP {response.status}")
        return await (response.text() if text else response.arrayBuffer())

    async def _build(self) -> None:
        try:
            relay = str(await self._fetch(RELAY, text=True))
            worker = str(await self._fetch(WORKER, text=True))
            files = self._window.Object.new()
            for name, path in RUNTIME.items():
                setattr(files, name, await self._fetch(path))
        except SandboxFailed:
            raise
        except Exception as error:  # offline before the site was ever kept, say
            raise SandboxFailed(f"the lab's files could not be read ({error})") from None
        self._here = asyncio.get_running_loop().create_future()
        frame = self._document.createElement("iframe")
        frame.setAttribute("sandbox", "allow-scripts")
        frame.setAttribute("title", "The bot lab's sandbox")
        frame.setAttribute("aria-hidden", "true")
        frame.hidden = True
        self._listener = browser.create_proxy(self._message)
        self._window.addEventListener("message", self._listener)
        frame.srcdoc = frame_html(relay)
        self._frame = frame
        self._document.body.append(frame)
        try:
            await asyncio.wait_for(self._here, HERE_S)
        except TimeoutError:
            self.close()
            raise SandboxFailed("its sandbox did not start") from None
        buffers = [getattr(files, name) for name in RUNTIME]
        self._post({"kind": "files", "files": files, "worker": worker}, buffers)

    def _post(self, message: dict[str, Any], transfer: list[Any] | None = None) -> None:
        if self._frame is None:
            return
        converted = browser.to_js(message, dict_converter=self._window.Object.fromEntries)
        target = self._frame.contentWindow
        if transfer:
            target.postMessage(converted, "*", browser.to_js(transfer))
        else:
            target.postMessage(converted, "*")

    def _message(self, event: Any) -> None:
        """A message on the page's window: the frame's, checked, passed to its worker."""
        if self._frame is None or event.source != self._frame.contentWindow:
            return
        data = event.data
        kind = str(getattr(data, "kind", "") or "")
        if kind == "here":
            if self._here is not None and not self._here.done():
                self._here.set_result(None)
            return
        worker = getattr(data, "id", None)
        text = getattr(data, "text", None) if kind == "said" else getattr(data, "why", None)
        if kind not in ("said", "ended") or not isinstance(worker, int | float):
            return
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            return
        heard = self._heard.get(int(worker))
        if heard is not None:
            heard(kind, text)

    def start(self, role: str, heard: Heard) -> int:
        """A new worker of ``role`` (JSON text), its messages told to ``heard``; its id."""
        self._next_id += 1
        self._heard[self._next_id] = heard
        self._post({"kind": "start", "id": self._next_id, "role": role})
        return self._next_id

    def ask(self, worker: int, text: str) -> None:
        self._post({"kind": "ask", "id": worker, "text": text})

    def end(self, worker: int) -> None:
        """The worker ended now; nothing more of it is heard."""
        self._heard.pop(worker, None)
        self._post({"kind": "end", "id": worker})

    def close(self) -> None:
        """The frame removed, and with it every worker it started."""
        self._heard.clear()
        if self._frame is not None:
            self._frame.remove()
            self._frame = None
        if self._listener is not None:
            self._window.removeEventListener("message", self._listener)
            self._listener.destroy()
            self._listener = None
        if self._here is not None and not self._here.done():
            self._here.cancel()
        self._building = None
