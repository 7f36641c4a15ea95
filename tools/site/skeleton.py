"""``static/skeleton.js`` as the site serves it: Python's constants written into it.

The loading script draws the board before Python runs, so it needs a few of Python's
numbers and words: the levels, the limits of a board and a seed, the switches' "off"
values, the daily board's day of grace, the keys and defaults of the stored start
(:mod:`play.keeping.start_view`), the zoom's range, the LEDs' width, the long press. Written by
hand in JavaScript they would be a second copy; the build writes them in instead, as one
JSON object in place of the script's ``/*@RULES@*/ null``.

>>> rules()["presets"]["expert"], rules()["maxSide"], rules()["dailyGraceDays"]
([16, 30, 99], 1000, 1)
>>> "/*@RULES@*/" in skeleton_text().decode()
False
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from engine.level import MAX_SIDE, PRESETS
from engine.rng import SEED_LIMIT
from play.game.settings import CELL_SIZES, THEMES, Settings
from play.keeping import start_view
from play.keeping.blobs import PREFIX
from play.start.address import SWITCH_OFF
from play.start.startup import DAILY_GRACE
from web.board.gestures import LONG_PRESS_S, TOUCH_SLOP_PX
from web.board.render import led_text
from web.controls.zoom import MAX_ZOOM, MIN_ZOOM
from web.page.local_storage import PROBE

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCE = ROOT / "static" / "skeleton.js"
SITE_PATH = "static/skeleton.js"
MARKER = "/*@RULES@*/ null"


def rules() -> dict[str, Any]:
    """Every constant the loading script takes from Python."""
    return {
        "presets": {name: start_view.level_part(level) for name, level in PRESETS.items()},
        "maxSide": MAX_SIDE,
        "seedLimit": str(SEED_LIMIT),  # past 2**53: a BigInt's text
        # What str.strip() strips, for a regular expression's [...]: JavaScript's trim()
        # and \s differ by a few characters.
        "space": "".join(f"\\u{n:04x}" for n in range(sys.maxunicode + 1) if chr(n).isspace()),
        "switchOff": list(SWITCH_OFF),
        "dailyGraceDays": DAILY_GRACE.days,
        "startKey": start_view.KEY,
        "startSchema": start_view.SCHEMA,
        "startLargest": start_view.LARGEST,
        "settingsKey": PREFIX + "settings",  # an older version's data has it, not the entry
        "probeKey": PROBE,
        "defaults": start_view.settings_part(Settings()),
        "themes": list(THEMES),
        "cellSizes": list(CELL_SIZES),
        "zoom": [MIN_ZOOM, MAX_ZOOM],
        "ledDigits": len(led_text(0)),
        "longPressMs": round(LONG_PRESS_S * 1000),
        "touchSlopPx": TOUCH_SLOP_PX,
    }


def skeleton_text(source: Path = SOURCE) -> bytes:
    """The script with :func:`rules` in place of its marker."""
    text = source.read_text(encoding="utf-8")
    if text.count(MARKER) != 1:
        raise ValueError(f"{source}: expected {MARKER!r} once, where the rules go")
    return text.replace(MARKER, json.dumps(rules(), separators=(",", ":"))).encode()
