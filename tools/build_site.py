"""Build ``_site/``: the static folder GitHub Pages serves, runtime included.

    python -m tools.build_site            (``make site`` runs it after installing the npm packages)

It first copies the runtime from node_modules into static/vendor/ (git-ignored). The site
holds the page (index.html, main.py, a favicon if any), python.zip (every
``*.py`` of engine/, play/ and web/, compiled: one request instead of one per module) and
the zips of the packages the page loads on demand (tools/site/archives.py makes them all),
static/ with the runtime (PyScript in static/vendor/pyscript/, Pyodide in
static/vendor/pyodide/), the bot lab's sample bots (bots/*.py) and, under bench/, the bare
pages of tools/bench/: the yardsticks of ``make bench``.
Only files whose size or mtime changed are copied; files that no longer belong are removed.
It also checks the page: every file index.html names is on the site (PyScript's chunks
are named by their hashes), and the PyScript configurations, pyscript.toml and the bench
page's, name a local interpreter and only files that are there.
Then Node makes the Pyodide memory snapshot a page on a fast network starts from
(tools/site/snapshot.py), the build writes static/boot-info.mjs (the downloads' sizes and
the build's id, tools/site/boot.py), and last the service worker, sw.js, that keeps what
the page needs offline (tools/site/offline.py says which files).

This module is the build's one order of steps. The steps with a job of their own are in
tools/site/ (the archives of Python, the snapshot, the boot info, the offline list, the
trimmed standard library, the compiling); what is left here (the copying with its plan, and
the bench page's check) is a few dozen lines a step.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import time
import tomllib
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

from tools.site.archives import (
    ARCHIVE,
    READER_ARCHIVE,
    SCHEDULER_ARCHIVE,
    python_archive,
    reader_archive,
    scheduler_archive,
)
from tools.site.boot import BOOT_INFO, write_boot_info
from tools.site.compile import StdlibError
from tools.site.help import HelpError, page_with_help
from tools.site.offline import (
    SERVICE_WORKER,
    ServiceWorkerError,
    build_id,
    file_hashes,
    kept_files,
    write_service_worker,
)
from tools.site.paths import NODE_MODULES, PYODIDE_DIR, PYSCRIPT_DIST, ROOT, source_files
from tools.site.skeleton import SITE_PATH as SKELETON
from tools.site.skeleton import skeleton_text
from tools.site.snapshot import SNAPSHOT, SnapshotError, make_snapshot, snapshot_modules
from tools.site.stdlib import trimmed_stdlib

SITE = ROOT / "_site"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PAGE_FILES = ("index.html", "main.py", "pyscript.toml", "manifest.webmanifest")
FAVICONS = ("favicon.ico", "favicon.svg", "favicon.png")
BENCH_DIR = ROOT / "tools" / "bench"
BOTS_DIR = ROOT / "bots"


def generated() -> dict[str, bytes]:
    """Files written by the build itself. An empty .nojekyll makes GitHub Pages serve _site/
    as it is; the loading script gets Python's constants (tools/site/skeleton.py)."""
    return {
        ".nojekyll": b"",
        ARCHIVE: python_archive(),
        READER_ARCHIVE: reader_archive(),
        SCHEDULER_ARCHIVE: scheduler_archive(),
        SKELETON: skeleton_text(),
        # The page, its Help dialog written from the README (tools/site/help.py).
        "index.html": page_with_help(
            (ROOT / "index.html").read_text(encoding="utf-8"),
            (ROOT / "README.md").read_text(encoding="utf-8"),
        ).encode("utf-8"),
    }


def generated_names() -> tuple[str, ...]:
    """The names :func:`generated` writes, without making them (the archives take time)."""
    return (".nojekyll", ARCHIVE, READER_ARCHIVE, SCHEDULER_ARCHIVE, SKELETON, "index.html")


class BuildError(Exception):
    """Something the build cannot go on without; the message says how to fix it."""


def plan() -> dict[str, Path]:
    """Map each file of the site (POSIX path relative to _site/) to its source."""
    files: dict[str, Path] = {}
    missing_page = [name for name in PAGE_FILES if not (ROOT / name).is_file()]
    if missing_page:
        raise BuildError(f"missing page file(s) at the repo root: {', '.join(missing_page)}")
    for name in (*PAGE_FILES, *FAVICONS):
        if (ROOT / name).is_file() and name != "index.html":  # generated() writes it
            files[name] = ROOT / name
    static = ROOT / "static"
    if static.is_dir():
        for src in source_files(static):  # static/vendor/ included: vendor() has filled it
            if src.relative_to(ROOT).as_posix() != SKELETON:  # generated() writes it
                files[src.relative_to(ROOT).as_posix()] = src
    for src in sorted(BOTS_DIR.glob("*.py")):  # the lab's samples, fetched when picked
        files["bots/" + src.name] = src
    if BENCH_DIR.is_dir():
        for src in source_files(BENCH_DIR):
            if src.suffix != ".py":
                files["bench/" + src.relative_to(BENCH_DIR).as_posix()] = src
    return files


def vendor() -> tuple[int, int]:
    """Copy the runtime from node_modules into static/vendor/ (git-ignored)."""
    prefix = "static/vendor/"
    runtime = {rel.removeprefix(prefix): src for rel, src in _runtime().items()}
    return sync(runtime, ROOT / prefix)


def _runtime() -> dict[str, Path]:
    if not PYSCRIPT_DIST.is_dir() or not PYODIDE_DIR.is_dir():
        raise BuildError(
            f"{NODE_MODULES.relative_to(ROOT)}/ is missing or incomplete "
            "(no @pyscript/core/dist or pyodide): run `make node_modules` "
            "or simply `make site`"
        )
    files: dict[str, Path] = {}
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_DIR / name).is_file()]
    if missing:
        raise BuildError(
            f"node_modules/pyodide lacks {', '.join(missing)}: "
            "run `rm -rf node_modules && make node_modules`"
        )
    for src in source_files(PYSCRIPT_DIST):
        if src.suffix != ".map":
            files["static/vendor/pyscript/" + src.relative_to(PYSCRIPT_DIST).as_posix()] = src
    for name in PYODIDE_FILES:
        files["static/vendor/pyodide/" + name] = PYODIDE_DIR / name
    # Only the standard library the page can reach (tools/site/stdlib.py), at the same URL.
    files["static/vendor/pyodide/python_stdlib.zip"] = trimmed_stdlib()
    return files


def _site_path(url: str, page_dir: str) -> str | None:
    """The _site-relative path of a relative URL used by a page in ``page_dir``; None if remote."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url) or url.startswith("//"):
        return None
    url = url.split("?", 1)[0].split("#", 1)[0]
    base = PurePosixPath("/") if url.startswith("/") else PurePosixPath("/", page_dir)
    parts: list[str] = []
    for part in (base / url).parts[1:]:
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def _expand(text: str, templates: dict[str, str]) -> str:
    for _ in range(10):  # templates may refer to other templates
        new = re.sub(r"\{(\w+)\}", lambda m: templates.get(m.group(1), m.group(0)), text)
        if new == text:
            break
        text = new
    return text


def read_config(path: Path) -> tuple[str, dict[str, object] | str]:
    """The PyScript configuration in the ``.toml`` file ``path``, as (name, config), or
    (name, why it cannot be read)."""
    name = path.relative_to(ROOT).as_posix()
    try:
        return name, tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        return name, f"{name} is not valid TOML: {exc}"


def check_config(path: Path, page_dir: str, site_files: set[str]) -> list[str]:
    """Problems in the PyScript configuration of ``path`` (:func:`read_config`), used by a
    page in ``page_dir`` (relative to _site/): the game's pyscript.toml, and the bench's
    bare page, the yardstick."""
    name, config = read_config(path)
    if isinstance(config, str):
        return [config]
    problems: list[str] = []
    interpreter = config.get("interpreter")
    if not isinstance(interpreter, str):
        problems.append(
            f'{name}: set interpreter = "<relative URL of static/vendor/pyodide/pyodide.mjs>", '
            "otherwise PyScript loads Pyodide from a CDN"
        )
    else:
        target = _site_path(interpreter, page_dir)
        if target is None:
            problems.append(f"{name}: interpreter {interpreter!r} is not on this site")
        elif target not in site_files:
            problems.append(f"{name}: interpreter {interpreter!r} -> /{target} is not in _site/")
    raw_files = config.get("files", {})
    if not isinstance(raw_files, dict):
        return [*problems, f"{name}: [files] must be a table"]
    templates = {
        key[1:-1]: str(value) for key, value in raw_files.items() if re.fullmatch(r"\{\w+\}", key)
    }
    listed: set[str] = set()
    for key in raw_files:
        if re.fullmatch(r"\{\w+\}", key):
            continue
        url = _expand(key, templates)
        target = _site_path(url, page_dir)
        if target is None:
            continue  # a remote file: not ours to check
        listed.add(target)
        if target not in site_files:
            problems.append(f"{name}: [files] entry {key!r} -> /{target} is not in _site/")
    return problems


class _Links(HTMLParser):
    """The URLs a page's tags load: ``src``, ``href`` and PyScript's ``config``."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href", "config") and value and not value.startswith("data:"):
                self.urls.append(value)


def check_page(path: Path, site_files: set[str]) -> list[str]:
    """Problems with the files the page ``path`` (at the site's top) names in its tags: each
    must be on the site. PyScript's chunks are named by their hashes, pinned with its
    version: an upgrade that renames one is caught here, not by a page that never starts."""
    links = _Links()
    links.feed(path.read_text(encoding="utf-8"))
    problems = []
    for url in links.urls:
        target = _site_path(url, "")
        if target is None:
            problems.append(f"{path.name}: {url!r} is not on this site")
        elif target and target not in site_files:
            problems.append(f"{path.name}: {url!r} -> /{target} is not in _site/")
    return problems


def _same(src: Path, dst: Path) -> bool:
    try:
        a, b = src.stat(), dst.stat()
    except FileNotFoundError:
        return False
    return a.st_size == b.st_size and a.st_mtime_ns == b.st_mtime_ns


def sync(
    files: dict[str, Path],
    site: Path,
    generated: dict[str, bytes] | None = None,
    keep: frozenset[str] = frozenset(),
) -> tuple[int, int]:
    """Make ``site`` hold exactly ``files`` and ``generated`` (and ``keep``, if there: files
    written after the sync); return (copied, removed)."""
    generated = generated or {}
    copied = removed = 0
    for rel, content in generated.items():
        dst = site / rel
        if not dst.is_file() or dst.read_bytes() != content:
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(content)
    for rel, src in files.items():
        dst = site / rel
        if not _same(src, dst):
            dst.parent.mkdir(parents=True, exist_ok=True)
            if dst.is_dir():
                shutil.rmtree(dst)
            shutil.copy2(src, dst)
            copied += 1
    wanted = set(files) | set(generated) | keep
    for dirpath, dirnames, filenames in os.walk(site, topdown=False):
        for filename in filenames:
            path = Path(dirpath, filename)
            if path.relative_to(site).as_posix() not in wanted:
                path.unlink()
                removed += 1
        for dirname in dirnames:
            path = Path(dirpath, dirname)
            if path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return copied, removed


def write_start_and_worker(site: Path, names: Iterable[str]) -> str:
    """The last steps of a build, once every other file of ``site`` is there: the page's
    boot-info.mjs (named after the build's files), then the service worker that keeps
    them all; returns the worker's summary."""
    names = set(names) - {BOOT_INFO, SERVICE_WORKER}
    hashes = file_hashes(site, kept_files(names))
    write_boot_info(site, build_id(hashes), SNAPSHOT, snapshot_modules())
    return write_service_worker(site, names | {BOOT_INFO})


def build(site: Path = SITE) -> None:
    start = time.perf_counter()
    vendor()
    files = plan()
    made = generated()
    names = set(files) | set(made)
    problems = check_config(ROOT / "pyscript.toml", "", names)
    problems += check_page(ROOT / "index.html", names | {BOOT_INFO})
    for toml_path in sorted(BENCH_DIR.glob("*.toml")):
        problems += check_config(toml_path, "bench", names)
    if problems:
        raise BuildError("The page's files or configuration:\n  - " + "\n  - ".join(problems))
    site.mkdir(exist_ok=True)
    written = frozenset({SERVICE_WORKER, SNAPSHOT, BOOT_INFO})
    copied, removed = sync(files, site, generated=made, keep=written)
    # The site's own runtime files: the snapshot must be made with the standard library
    # the page will mount, since Python's import caches in it describe that zip.
    runtime = [site / "static" / "vendor" / "pyodide" / name for name in PYODIDE_FILES]
    snapshot = make_snapshot(made[ARCHIVE], runtime, site / SNAPSHOT)
    precached = write_start_and_worker(site, names)
    size = sum(src.stat().st_size for src in files.values())
    print(
        f"built {_shown(site)}/: {len(files)} files, {size / 1e6:.1f} MB "
        f"({copied} copied, {removed} removed; snapshot: {snapshot}; "
        f"{SERVICE_WORKER}: {precached}) "
        f"in {time.perf_counter() - start:.2f} s"
    )


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SITE, help="folder to build (default _site/)")
    args = parser.parse_args(argv)
    try:
        build(args.out.resolve())
    except (BuildError, HelpError, ServiceWorkerError, SnapshotError, StdlibError) as exc:
        print(f"build_site: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
