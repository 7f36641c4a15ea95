"""tools/serve.py delivering as GitHub Pages does (gzip, max-age, ETag, 304s), the default
left as it was, and the log of what each response sent (its doctests run in
tests/test_site_offline.py)."""

from __future__ import annotations

import gzip
import http.client
import os
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.delivery import GzipCache
from tools.serve import GITHUB_PAGES, Sent, SiteServer, running

SCRIPT = "const answer = 42;\n" * 500


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><p>hi</p>\n" * 50, encoding="utf-8")
    (tmp_path / "app.js").write_text(SCRIPT, encoding="utf-8")
    (tmp_path / "data.zip").write_bytes(b"PK" + bytes(range(256)) * 20)
    return tmp_path


@pytest.fixture
def pages(site: Path) -> Iterator[tuple[SiteServer, str]]:
    with running(site, delivery=GITHUB_PAGES) as served:
        yield served


def get(url: str, path: str, method: str = "GET", **headers: str) -> http.client.HTTPResponse:
    """One request with exactly these headers (``If_None_Match`` for If-None-Match); the
    response is read."""
    address = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname or "", address.port)
    names = {name.replace("_", "-"): value for name, value in headers.items()}
    connection.request(method, address.path + path, headers=names)
    response = connection.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    connection.close()
    return response


def body(response: http.client.HTTPResponse) -> bytes:
    data: bytes = response.body  # type: ignore[attr-defined]
    return data


def last_sent(server: SiteServer) -> Sent:
    """The response to the last request (the client can read it before the server logs
    it, and the thread of the request before may log its own after it)."""
    deadline = time.monotonic() + 5
    while server.quiet_for() == 0 and time.monotonic() < deadline:
        time.sleep(0.001)
    return max(server.sent, key=lambda sent: sent.received)


def test_text_goes_gzipped_with_validators_and_max_age(pages: tuple[SiteServer, str]) -> None:
    server, url = pages
    response = get(url, "app.js", Accept_Encoding="gzip, deflate, br")
    assert response.status == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert response.headers["Vary"] == "Accept-Encoding"
    assert response.headers["Cache-Control"] == "max-age=600"
    assert response.headers["ETag"].endswith('-gzip"')
    assert response.headers["Last-Modified"]
    assert gzip.decompress(body(response)).decode() == SCRIPT
    assert int(response.headers["Content-Length"]) == len(body(response)) < len(SCRIPT) / 10
    assert last_sent(server).body_bytes == len(body(response))
    assert last_sent(server).encoding == "gzip"


def test_no_gzip_for_a_client_without_it_nor_for_compressed_files(
    pages: tuple[SiteServer, str], site: Path
) -> None:
    server, url = pages
    plain = get(url, "app.js")
    assert "Content-Encoding" not in plain.headers
    assert body(plain).decode() == SCRIPT
    assert last_sent(server).body_bytes == len(SCRIPT)
    archive = get(url, "data.zip", Accept_Encoding="gzip")
    assert "Content-Encoding" not in archive.headers and "Vary" not in archive.headers
    assert body(archive) == (site / "data.zip").read_bytes()
    assert archive.headers["Cache-Control"] == "max-age=600"


def test_a_folder_serves_its_index_compressed(pages: tuple[SiteServer, str]) -> None:
    response = get(pages[1], "", Accept_Encoding="gzip")
    assert response.headers["Content-Encoding"] == "gzip"
    assert b"<p>hi</p>" in gzip.decompress(body(response))


def test_a_matching_etag_or_date_gets_304_without_body(pages: tuple[SiteServer, str]) -> None:
    server, url = pages
    first = get(url, "app.js", Accept_Encoding="gzip")
    etag, modified = first.headers["ETag"], first.headers["Last-Modified"]
    again = get(url, "app.js", Accept_Encoding="gzip", If_None_Match=etag)
    assert again.status == 304 and body(again) == b""
    assert again.headers["ETag"] == etag
    assert last_sent(server).status == 304 and last_sent(server).body_bytes == 0
    assert get(url, "app.js", Accept_Encoding="gzip", If_Modified_Since=modified).status == 304
    assert get(url, "app.js", If_None_Match=f'"other", W/{etag}').status == 200  # identity's
    changed = get(url, "app.js", Accept_Encoding="gzip", If_None_Match='"other"')
    assert changed.status == 200 and len(body(changed)) == len(body(first))


def test_an_edited_file_gets_a_new_etag(pages: tuple[SiteServer, str], site: Path) -> None:
    url = pages[1]
    etag = get(url, "app.js", Accept_Encoding="gzip").headers["ETag"]
    (site / "app.js").write_text(SCRIPT + "// edited\n", encoding="utf-8")
    os.utime(site / "app.js", ns=(1, 1))
    response = get(url, "app.js", Accept_Encoding="gzip", If_None_Match=etag)
    assert response.status == 200 and response.headers["ETag"] != etag
    assert gzip.decompress(body(response)).decode().endswith("// edited\n")


def test_head_sends_headers_only(pages: tuple[SiteServer, str]) -> None:
    server, url = pages
    response = get(url, "app.js", "HEAD", Accept_Encoding="gzip")
    assert response.headers["Content-Encoding"] == "gzip" and body(response) == b""
    assert last_sent(server).body_bytes == 0


def test_each_file_is_compressed_once(site: Path) -> None:
    cache, path = GzipCache(), site / "app.js"
    first = cache.body(path, path.stat())
    assert cache.body(path, path.stat()) is first
    path.write_text("changed", encoding="utf-8")
    assert gzip.decompress(cache.body(path, path.stat())) == b"changed"


def test_the_site_is_compressed_before_the_first_request(
    pages: tuple[SiteServer, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on GitHub Pages, no request waits for its file's compression: a first visit's
    wasm compressed on demand came 0.5 s late, and the page took the network for slow."""

    def no_compression(*_args: object, **_kwargs: object) -> bytes:
        raise AssertionError("compressed while a request waited")

    monkeypatch.setattr(gzip, "compress", no_compression)
    for path in ("app.js", ""):
        response = get(pages[1], path, Accept_Encoding="gzip")
        assert response.status == 200 and response.getheader("Content-Encoding") == "gzip"


def test_default_delivery_is_unchanged_but_logged(site: Path) -> None:
    with running(site) as (server, url):
        response = get(url, "app.js", Accept_Encoding="gzip")
        assert response.headers["Cache-Control"] == "no-cache"
        assert "Content-Encoding" not in response.headers and "ETag" not in response.headers
        assert last_sent(server) == Sent(
            "/app.js", 200, len(SCRIPT), "", last_sent(server).received, last_sent(server).finished
        )
        missing = get(url, "missing.js")
        assert missing.status == 404 and last_sent(server).body_bytes == len(body(missing)) > 0
        assert server.in_flight == 0


def test_the_network_benchmark_reads_the_log_right() -> None:
    """benchmarks/ is not among pytest's testpaths: the doctests of its log reading run here."""
    import doctest

    import benchmarks.network

    failed, tried = doctest.testmod(benchmarks.network)
    assert tried > 0 and failed == 0
