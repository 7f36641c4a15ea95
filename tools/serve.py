"""Serve the built site (``_site/``) on 127.0.0.1 for local play and for the browser tests.

Command line (``make serve`` runs it)::

    python tools/serve.py [--port 8000] [--directory _site] [--base /minesweeper/]

From Python (the e2e tests do this)::

    server, url = start_server(Path("_site"))   # port 0: any free port
    ...
    server.shutdown()

``--base`` serves the site under a sub-path, as GitHub Pages serves a project site
(``https://user.github.io/<repo>/``); anything outside it is a 404, so a URL that is not
relative to the page shows up at once. :func:`switch` points a running server at another
build, for the tests of the service worker's update.

>>> site_path("/mine/static/style.css?v=1", "/mine/")
'static/style.css'
>>> site_path("/mine", "/mine/"), site_path("/other/index.html", "/mine/")
('', None)
"""

from __future__ import annotations

import argparse
import errno
import functools
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

# Set explicitly: Python's mimetypes table depends on the machine (/etc/mime.types),
# and browsers refuse module scripts and streaming wasm compiles with a wrong type.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "application/toml",
    ".py": "text/x-python; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}


def site_path(url_path: str, base: str) -> str | None:
    """The path inside the site of a request for ``url_path``; None if outside ``base``."""
    path = urllib.parse.urlsplit(url_path).path
    if path == base.rstrip("/"):
        return ""
    if not path.startswith(base):
        return None
    return path[len(base) :]


class SiteServer(ThreadingHTTPServer):
    """A threading HTTP server that knows which folder it serves and under which path."""

    directory: Path
    base: str = "/"


def switch(server: ThreadingHTTPServer, directory: Path | str) -> None:
    """Serve ``directory`` from now on (a new build deployed in place of the old)."""
    assert isinstance(server, SiteServer)
    server.directory = Path(directory).resolve()


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types and ``Cache-Control: no-cache``, from the
    server's current folder, under its base path."""

    extensions_map = {  # noqa: RUF012 (the base class declares it this way)
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    quiet = False
    server: SiteServer

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
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    quiet = True


class PortInUseError(OSError):
    """The requested port is already taken by another process."""


def make_server(
    directory: Path, port: int = 0, *, quiet: bool = False, base: str = "/"
) -> SiteServer:
    """Bind a server for ``directory`` on 127.0.0.1:``port`` (0 = any free port), serving it
    under the URL path ``base`` (``/`` or ``/name/``)."""
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory} does not exist: run `make site` first")
    if not (base.startswith("/") and base.endswith("/")):
        raise ValueError(f"the base path must start and end with '/', got {base!r}")
    handler = functools.partial(
        QuietSiteHandler if quiet else SiteHandler, directory=str(directory)
    )
    try:
        server = SiteServer((HOST, port), handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise PortInUseError(
                exc.errno,
                f"port {port} on {HOST} is already in use; "
                f"pick another one, e.g. `make serve PORT={port + 1}`",
            ) from exc
        raise
    server.daemon_threads = True
    server.directory = directory
    server.base = base
    return server


def url_of(server: ThreadingHTTPServer) -> str:
    base = server.base if isinstance(server, SiteServer) else "/"
    return f"http://{HOST}:{server.server_address[1]}{base}"


def start_server(directory: Path | str, port: int = 0, base: str = "/") -> tuple[SiteServer, str]:
    """Serve ``directory`` from a daemon thread; return the server and the site's URL.

    Call ``server.shutdown()`` (then ``server.server_close()``) to stop it.
    """
    server = make_server(Path(directory), port, quiet=True, base=base)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return server, url_of(server)


@contextmanager
def serving(directory: Path | str, base: str = "/") -> Iterator[str]:
    """``with serving(site) as url:`` the site is served on a free port until the block ends."""
    with running(directory, base) as (_server, url):
        yield url


@contextmanager
def running(directory: Path | str, base: str = "/") -> Iterator[tuple[SiteServer, str]]:
    """Like :func:`serving`, also yielding the server (for :func:`switch`)."""
    if not (Path(directory) / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html is missing: run `make site` first")
    server, url = start_server(directory, base=base)
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
    args = parser.parse_args(argv)
    try:
        server = make_server(args.directory, args.port, base=args.base)
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
