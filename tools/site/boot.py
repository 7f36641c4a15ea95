"""``static/boot-info.mjs``: what the page's start needs to know about its own build.

The page's loader (static/runtime-fetch.mjs) shows how much of the runtime has arrived,
so it needs each download's size before it arrives; the snapshot code
(static/python-snapshot.mjs) keys the snapshot it keeps on the player's device by the
build, and makes one with the same modules the build's snapshot imports. Written as a
JavaScript module (not JSON) so the page imports it in parallel with the loader,
with no extra round trip.

>>> print(boot_info("0123", {"python.zip": 5}, ("static/s.gz", 9), ["engine"]))
// Written by tools/build_site.py (tools/site/boot.py): this build's start, in figures.
export const BUILD = "0123";
export const DOWNLOADS = {"python.zip":5};
export const SNAPSHOT = {"path":"static/s.gz","bytes":9};
export const SNAPSHOT_MODULES = ["engine"];
<BLANKLINE>
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

BOOT_INFO = "static/boot-info.mjs"
DOWNLOADS = (
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/python_stdlib.zip",
    "static/vendor/pyodide/pyodide-lock.json",
    "python.zip",
)
"""The runtime's downloads the loader starts at once, counts, and hands to Pyodide and
our start when they ask (pyodide.asm.mjs is a module the browser preloads itself)."""


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def boot_info(
    build: str, sizes: Mapping[str, int], snapshot: tuple[str, int], modules: Iterable[str]
) -> str:
    """The text of boot-info.mjs."""
    path, size = snapshot
    return (
        "// Written by tools/build_site.py (tools/site/boot.py): this build's start, in figures.\n"
        f"export const BUILD = {_json(build)};\n"
        f"export const DOWNLOADS = {_json(dict(sizes))};\n"
        f"export const SNAPSHOT = {_json({'path': path, 'bytes': size})};\n"
        f"export const SNAPSHOT_MODULES = {_json(list(modules))};\n"
    )


def write_boot_info(site: Path, build: str, snapshot: str, modules: Iterable[str]) -> None:
    """Write ``site/static/boot-info.mjs`` for the files now in ``site``."""
    sizes = {name: (site / name).stat().st_size for name in DOWNLOADS}
    text = boot_info(build, sizes, (snapshot, (site / snapshot).stat().st_size), modules)
    (site / BOOT_INFO).write_text(text, encoding="utf-8")
