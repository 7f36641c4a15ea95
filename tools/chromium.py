"""How we launch Chromium, shared by the browser tests and the browser benchmark."""

from __future__ import annotations

from pathlib import Path
from typing import Any

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium: Playwright cannot download its own browser on our machines."""

ARGS = [
    "--headless",
    "--no-sandbox",  # we run as root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these Chromium tries to reach outside hosts, which this network refuses.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch_options() -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch``."""
    options: dict[str, Any] = {"args": list(ARGS)}
    if SYSTEM_CHROMIUM.exists():
        options["executable_path"] = str(SYSTEM_CHROMIUM)
    return options
