"""``static/skeleton.js`` as the site serves it: the few constants of Python's it needs.

The loading script holds no rule of the game: it draws the picture Python keeps for the
page's address (:mod:`play.keeping.start_view`). What it takes from Python is only where
that entry is (its key and version, and the probe that tells storage refusing a write, as
:mod:`web.page.local_storage` tells it) and how a touch is told from a long press or a
scroll (:mod:`web.board.gestures`). The build writes them in, as one JSON object in place
of the script's ``/*@PYTHON@*/ null``; tests/test_early_click.py holds that no level,
address or daily constant is among them or in the script.

>>> sorted(constants())
['entry', 'longPressMs', 'probe', 'schema', 'touchSlopPx']
>>> "/*@PYTHON@*/" in skeleton_text().decode()
False
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from play.keeping import start_view
from web.board.gestures import LONG_PRESS_S, TOUCH_SLOP_PX
from web.page.local_storage import PROBE

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCE = ROOT / "static" / "skeleton.js"
SITE_PATH = "static/skeleton.js"
MARKER = "/*@PYTHON@*/ null"


def constants() -> dict[str, Any]:
    """Every constant the loading script takes from Python."""
    return {
        "entry": start_view.KEY,
        "schema": start_view.SCHEMA,
        "probe": PROBE,
        "longPressMs": round(LONG_PRESS_S * 1000),
        "touchSlopPx": TOUCH_SLOP_PX,
    }


def skeleton_text(source: Path = SOURCE) -> bytes:
    """The script with :func:`constants` in place of its marker."""
    text = source.read_text(encoding="utf-8")
    if text.count(MARKER) != 1:
        raise ValueError(f"{source}: expected {MARKER!r} once, where the constants go")
    return text.replace(MARKER, json.dumps(constants(), separators=(",", ":"))).encode()
