"""How each file of the site goes out: its type, gzip or not, its validators and the 304s.

:class:`Delivery` says how (:data:`AS_IS`, or :data:`GITHUB_PAGES`: gzip on the fly, each
file compressed once, ``max-age=600``, ETag and Last-Modified); the rest are the pieces
:mod:`tools.serve`'s handler is made of, and :class:`Sent` is what it records of each
response for the benchmarks that count what a visit downloads.
"""

from __future__ import annotations

import email.utils
import gzip
import io
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

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


COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".toml", ".py", ".svg", ".txt", ".webmanifest"}
    | {".wasm"}  # binary, yet gzip takes pyodide.asm.wasm from 9.6 MB to 3.5 MB
)
"""What GitHub Pages gzips; not .zip, .png or .gz, which are compressed already."""
GZIP_LEVEL = 6


@dataclass(frozen=True)
class Delivery:
    """How files go out: gzip-compressed or as they are, and how long a browser may keep them
    (``cache_seconds=None``: ``Cache-Control: no-cache``). Any delivery but :data:`AS_IS`
    (http.server's own: Last-Modified only) also sends an ETag and answers 304s by it."""

    compress: bool = False
    cache_seconds: int | None = None


AS_IS = Delivery()
GITHUB_PAGES = Delivery(compress=True, cache_seconds=600)


@dataclass(frozen=True)
class Sent:
    """One response: what was asked (and the request's Referer), its status, how many bytes
    of body went on the wire (compressed when gzip), and when (``time.monotonic()``) it was
    received and finished."""

    path: str
    status: int
    body_bytes: int
    encoding: str
    received: float
    finished: float
    referer: str = ""


@dataclass(frozen=True)
class Variant:
    """The bytes a file is sent as: its validators, and the body when kept in memory."""

    etag: str
    mtime: float
    length: int
    encoding: str = ""
    body: bytes | None = None


def compressible(name: str) -> bool:
    """Whether GitHub Pages would gzip a file of this name.

    >>> compressible("pyodide.asm.wasm"), compressible("python.zip"), compressible("a.PY")
    (True, False, True)
    """
    return Path(name).suffix.lower() in COMPRESSIBLE


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether a request's ``Accept-Encoding`` takes gzip.

    >>> accepts_gzip("gzip, deflate, br, zstd"), accepts_gzip("br"), accepts_gzip(None)
    (True, False, False)
    >>> accepts_gzip("gzip;q=0, br"), accepts_gzip("*")
    (False, True)
    """
    for item in (accept_encoding or "").split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def etag_of(stat: os.stat_result, encoding: str = "") -> str:
    """A strong ETag from the file's modification time and size, distinct per encoding.

    >>> stat = os.stat(__file__)
    >>> etag_of(stat) == f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
    True
    >>> etag_of(stat, "gzip") == etag_of(stat)[:-1] + '-gzip"'
    True
    """
    suffix = f"-{encoding}" if encoding else ""
    return f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{suffix}"'


def not_modified(
    variant: Variant, if_none_match: str | None, if_modified_since: str | None
) -> bool:
    """Whether a conditional GET may be answered 304 (RFC 9110: If-None-Match, compared
    weakly, takes precedence over If-Modified-Since).

    >>> v = Variant(etag='"a-1"', mtime=1_700_000_000.5, length=1)
    >>> not_modified(v, '"b-2", W/"a-1"', None), not_modified(v, '"b-2"', None)
    (True, False)
    >>> not_modified(v, "*", None), not_modified(v, None, None)
    (True, False)
    >>> when = email.utils.formatdate(1_700_000_000, usegmt=True)
    >>> not_modified(v, None, when), not_modified(v, '"b-2"', when)
    (True, False)
    >>> not_modified(v, None, email.utils.formatdate(1_600_000_000, usegmt=True))
    False
    """
    if if_none_match is not None:
        tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
        return "*" in tags or variant.etag.removeprefix("W/") in tags
    if if_modified_since is None:
        return False
    try:
        since = email.utils.parsedate_to_datetime(if_modified_since).timestamp()
    except (TypeError, ValueError, IndexError, OverflowError):
        return False
    return int(variant.mtime) <= since


class GzipCache:
    """Each file compressed once (again only when it changes), the bytes kept in memory.

    :meth:`fill` compresses a whole site ahead, as GitHub Pages has its files compressed
    before anyone asks: compressed on the first request, the 9.6 MB wasm would come
    0.5 s late (more on a busy machine), which a page that times the wasm to judge the
    network would take for a slow network.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bodies: dict[Path, tuple[int, int, bytes]] = {}

    def body(self, path: Path, stat: os.stat_result) -> bytes:
        with self._lock:  # a file asked for twice at once is compressed once
            mtime, size, body = self._bodies.get(path, (-1, -1, b""))
            if (mtime, size) != (stat.st_mtime_ns, stat.st_size):
                body = gzip.compress(path.read_bytes(), GZIP_LEVEL, mtime=0)
                self._bodies[path] = (stat.st_mtime_ns, stat.st_size, body)
            return body

    def fill(self, directory: Path) -> None:
        """Compress every file under ``directory`` that GitHub Pages would gzip."""
        for path in sorted(directory.rglob("*")):
            if path.is_file() and compressible(path.name):
                self.body(path, path.stat())


class CountingWriter(io.BufferedIOBase):
    """The connection's output, counting the bytes written to it."""

    def __init__(self, out: io.BufferedIOBase) -> None:
        self.out = out
        self.count = 0

    def write(self, data: ReadableBuffer, /) -> int:
        written = self.out.write(data)
        self.count += len(memoryview(data))
        return written

    def writable(self) -> bool:
        return True

    def flush(self) -> None:
        self.out.flush()

    def close(self) -> None:
        if not self.closed:
            super().close()  # flushes first
            self.out.close()
