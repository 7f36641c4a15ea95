"""Serve the built site (``_site/``) on 127.0.0.1 for local play and for the browser tests.

Command line (``make serve`` runs it)::

    python tools/serve.py [--port 8000] [--directory _site]

From Python (the e2e tests do this)::

    server, url = start_server(Path("_site"))   # port 0: any free port
    ...
    server.shutdown()
"""

from __future__ import annotations

import argparse
import errno
import functools
import sys
import threading
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
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types and ``Cache-Control: no-cache``."""

    extensions_map = {  # noqa: RUF012 (the base class declares it this way)
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    quiet = False

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


def make_server(directory: Path, port: int = 0, *, quiet: bool = False) -> ThreadingHTTPServer:
    """Bind a server for ``directory`` on 127.0.0.1:``port`` (0 = any free port)."""
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory} does not exist: run `make site` first")
    handler = functools.partial(
        QuietSiteHandler if quiet else SiteHandler, directory=str(directory)
    )
    try:
        server = ThreadingHTTPServer((HOST, port), handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise PortInUseError(
                exc.errno,
                f"port {port} on {HOST} is already in use; "
                f"pick another one, e.g. `make serve PORT={port + 1}`",
            ) from exc
        raise
    server.daemon_threads = True
    return server


def url_of(server: ThreadingHTTPServer) -> str:
    return f"http://{HOST}:{server.server_address[1]}/"


def start_server(directory: Path | str, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``directory`` from a daemon thread; return the server and its base URL.

    Call ``server.shutdown()`` (then ``server.server_close()``) to stop it.
    """
    server = make_server(Path(directory), port, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return server, url_of(server)


@contextmanager
def serving(directory: Path | str) -> Iterator[str]:
    """``with serving(site) as url:`` the site is served on a free port until the block ends."""
    if not (Path(directory) / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html is missing: run `make site` first")
    server, url = start_server(directory)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000)")
    parser.add_argument(
        "--directory", type=Path, default=ROOT / "_site", help="folder to serve (default _site/)"
    )
    args = parser.parse_args(argv)
    try:
        server = make_server(args.directory, args.port)
    except (PortInUseError, FileNotFoundError) as exc:
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
