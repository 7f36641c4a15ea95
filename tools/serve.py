"""Serve the built site (``_site/``) on 127.0.0.1 for local play and for the browser tests.

Command line (``make serve`` runs it)::

    python -m tools.serve [--port 8000] [--directory _site] [--base /minesweeper/] [--like-pages]

From Python (the e2e tests do this)::

    server, url = start_server(Path("_site"))   # port 0: any free port
    ...
    server.shutdown()

``--base`` serves the site under a sub-path, as GitHub Pages serves a project site
(``https://user.github.io/<repo>/``); anything outside it is a 404, so a URL that is not
relative to the page shows up at once. :func:`switch` points a running server at another
build, for the tests of the service worker's update.

By default every response says ``Cache-Control: no-cache`` and files go as they are.
``delivery=GITHUB_PAGES`` (``--like-pages``) delivers them as GitHub Pages does instead:
text and wasm gzip-compressed (the whole site compressed as the server starts, then each
file again only when it changes),
``Cache-Control: max-age=600``, an ``ETag`` and ``Last-Modified``, and a 304 for a matching
``If-None-Match`` or ``If-Modified-Since``. Either way the server records each response in
``server.sent`` (:class:`Sent`: path, status, body bytes as sent on the wire) for the
benchmarks that count what a visit downloads.

It is long because one handler serves every way above and records what it sent.

>>> site_path("/mine/static/style.css?v=1", "/mine/")
'static/style.css'
>>> site_path("/mine", "/mine/"), site_path("/other/index.html", "/mine/")
('', None)
"""

from __future__ import annotations

import argparse
import errno
import functools
import io
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

from tools.delivery import (
    AS_IS,
    GITHUB_PAGES,
    MIME_TYPES,
    CountingWriter,
    Delivery,
    GzipCache,
    Sent,
    Variant,
    accepts_gzip,
    compressible,
    etag_of,
    not_modified,
)

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
__all__ = ["AS_IS", "GITHUB_PAGES", "Delivery", "Sent", "SiteServer", "running", "serving"]


def site_path(url_path: str, base: str) -> str | None:
    """The path inside the site of a request for ``url_path``; None if outside ``base``."""
    path = urllib.parse.urlsplit(url_path).path
    if path == base.rstrip("/"):
        return ""
    if not path.startswith(base):
        return None
    return path[len(base) :]


class SiteServer(ThreadingHTTPServer):
    """A threading HTTP server that knows which folder it serves, under which path and how,
    and records what it sent (:attr:`sent`; :attr:`in_flight` responses are under way)."""

    def __init__(
        self,
        address: tuple[str, int],
        handler: Callable[..., SimpleHTTPRequestHandler],
        directory: Path,
        base: str = "/",
        delivery: Delivery = AS_IS,
    ) -> None:
        super().__init__(address, handler)
        self.directory = directory
        self.base = base
        self.delivery = delivery
        self.gzipped = GzipCache()
        self.sent: list[Sent] = []
        self.in_flight = 0
        self._lock = threading.Lock()
        self._last_finished = time.monotonic()

    def begin(self) -> None:
        with self._lock:
            self.in_flight += 1

    def record(self, sent: Sent) -> None:
        with self._lock:
            self.sent.append(sent)
            self.in_flight -= 1
            self._last_finished = sent.finished

    def quiet_for(self) -> float:
        """Seconds since the last response was finished; 0 while one is under way."""
        with self._lock:
            return 0.0 if self.in_flight else time.monotonic() - self._last_finished


def switch(server: ThreadingHTTPServer, directory: Path | str) -> None:
    """Serve ``directory`` from now on (a new build deployed in place of the old)."""
    assert isinstance(server, SiteServer)
    server.directory = Path(directory).resolve()


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, from the server's current folder, under its base
    path, delivered as the server's :class:`Delivery` says."""

    extensions_map = {  # noqa: RUF012 (the base class declares it this way)
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    quiet = False
    server: SiteServer
    wfile: CountingWriter
    _status = 0
    _body_from: int | None = None
    _encoding = ""

    def setup(self) -> None:
        super().setup()
        self.wfile = CountingWriter(self.wfile)

    def do_GET(self) -> None:
        self._recorded(super().do_GET)

    def do_HEAD(self) -> None:
        self._recorded(super().do_HEAD)

    def _recorded(self, respond: Callable[[], None]) -> None:
        received = time.monotonic()
        self._status, self._body_from, self._encoding = 0, None, ""
        self.server.begin()
        try:
            respond()
        finally:
            body = 0 if self._body_from is None else self.wfile.count - self._body_from
            finished, referer = time.monotonic(), self.headers.get("Referer", "")
            sent = Sent(self.path, self._status, body, self._encoding, received, finished, referer)
            self.server.record(sent)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def translate_path(self, path: str) -> str:
        self.directory = str(self.server.directory)  # read per request: see switch()
        return super().translate_path("/" + (site_path(path, self.server.base) or ""))

    def send_head(self) -> Any:
        base = self.server.base
        if site_path(self.path, base) is None:
            self.send_error(404, f"outside the site's base path {base}")
            return None
        if base != "/" and urllib.parse.urlsplit(self.path).path == base.rstrip("/"):
            self.send_response(301)  # /repo -> /repo/, as GitHub Pages does
            self.send_header("Location", base)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if self.server.delivery != AS_IS:
            path = self._file_asked()
            if path is not None:
                return self._send_file(path)
        return super().send_head()

    def _file_asked(self) -> Path | None:
        """The file a GET names (a folder's index.html); None leaves the base class to
        redirect, list or 404."""
        translated = self.translate_path(self.path)
        path = Path(translated)
        if path.is_dir():
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return None
            path = path / "index.html"
        elif translated.endswith("/"):
            return None
        return path if path.is_file() else None

    def _compresses(self, path: Path) -> bool:
        return self.server.delivery.compress and compressible(path.name)

    def _variant(self, path: Path) -> Variant:
        stat = path.stat()
        if self._compresses(path) and accepts_gzip(self.headers.get("Accept-Encoding")):
            body = self.server.gzipped.body(path, stat)
            return Variant(etag_of(stat, "gzip"), stat.st_mtime, len(body), "gzip", body)
        return Variant(etag_of(stat), stat.st_mtime, stat.st_size)

    def _send_file(self, path: Path) -> BinaryIO | None:
        variant = self._variant(path)
        conditions = self.headers.get("If-None-Match"), self.headers.get("If-Modified-Since")
        fresh = not_modified(variant, *conditions)
        self.send_response(HTTPStatus.NOT_MODIFIED if fresh else HTTPStatus.OK)
        if self._compresses(path):
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", variant.etag)
        self.send_header("Last-Modified", self.date_time_string(int(variant.mtime)))
        if fresh:
            self.end_headers()
            return None
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(variant.length))
        if variant.encoding:
            self._encoding = variant.encoding
            self.send_header("Content-Encoding", variant.encoding)
        self.end_headers()
        return io.BytesIO(variant.body) if variant.body is not None else path.open("rb")

    def end_headers(self) -> None:
        seconds = self.server.delivery.cache_seconds
        self.send_header("Cache-Control", "no-cache" if seconds is None else f"max-age={seconds}")
        super().end_headers()
        self._body_from = self.wfile.count

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    quiet = True


class PortInUseError(OSError):
    """The requested port is already taken by another process."""


def make_server(
    directory: Path,
    port: int = 0,
    *,
    quiet: bool = False,
    base: str = "/",
    delivery: Delivery = AS_IS,
) -> SiteServer:
    """Bind a server for ``directory`` on 127.0.0.1:``port`` (0 = any free port), serving it
    under the URL path ``base`` (``/`` or ``/name/``) as ``delivery`` says."""
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory} does not exist: run `make site` first")
    if not (base.startswith("/") and base.endswith("/")):
        raise ValueError(f"the base path must start and end with '/', got {base!r}")
    handler = functools.partial(
        QuietSiteHandler if quiet else SiteHandler, directory=str(directory)
    )
    try:
        server = SiteServer((HOST, port), handler, directory, base, delivery)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise PortInUseError(
                exc.errno,
                f"port {port} on {HOST} is already in use; "
                f"pick another one, e.g. `make serve PORT={port + 1}`",
            ) from exc
        raise
    server.daemon_threads = True
    if delivery.compress:
        server.gzipped.fill(directory)
    return server


def url_of(server: ThreadingHTTPServer) -> str:
    base = server.base if isinstance(server, SiteServer) else "/"
    return f"http://{HOST}:{server.server_address[1]}{base}"


def start_server(
    directory: Path | str, port: int = 0, base: str = "/", delivery: Delivery = AS_IS
) -> tuple[SiteServer, str]:
    """Serve ``directory`` from a daemon thread; return the server and the site's URL.

    Call ``server.shutdown()`` (then ``server.server_close()``) to stop it.
    """
    server = make_server(Path(directory), port, quiet=True, base=base, delivery=delivery)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return server, url_of(server)


@contextmanager
def serving(directory: Path | str, base: str = "/", delivery: Delivery = AS_IS) -> Iterator[str]:
    """``with serving(site) as url:`` the site is served on a free port until the block ends."""
    with running(directory, base, delivery) as (_server, url):
        yield url


@contextmanager
def running(
    directory: Path | str, base: str = "/", delivery: Delivery = AS_IS
) -> Iterator[tuple[SiteServer, str]]:
    """Like :func:`serving`, also yielding the server (for :func:`switch` and its
    :attr:`SiteServer.sent` log)."""
    if not (Path(directory) / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html is missing: run `make site` first")
    server, url = start_server(directory, base=base, delivery=delivery)
    try:
        yield server, url
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000)")
    parser.add_argument(
        "--directory", type=Path, default=ROOT / "_site", help="folder to serve (default _site/)"
    )
    parser.add_argument(
        "--base", default="/", help="URL path to serve the site under, e.g. /minesweeper/"
    )
    parser.add_argument(
        "--like-pages",
        action="store_true",
        help="gzip, max-age=600, ETag and 304s, as GitHub Pages serves (default: no-cache)",
    )
    args = parser.parse_args(argv)
    delivery = GITHUB_PAGES if args.like_pages else AS_IS
    try:
        server = make_server(args.directory, args.port, base=args.base, delivery=delivery)
    except (PortInUseError, FileNotFoundError, ValueError) as exc:
        print(f"serve: {exc.strerror if isinstance(exc, PortInUseError) else exc}", file=sys.stderr)
        return 1
    print(f"Serving {args.directory} at {url_of(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
