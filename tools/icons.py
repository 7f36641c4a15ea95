"""Render the app icons (static/icons/*.png) from the face art in index.html.

    python -m tools.icons          (rewrites the PNGs; they are committed)

The icon is the game's own smiley button: the ``<svg class="face-art">`` of index.html on
a raised grey tile, drawn by Chromium at each size installers ask for (192 and 512 for
Chromium's install prompt, 180 for iOS' home screen) plus a maskable 512 whose face sits
inside the safe zone (the middle 80%) so that a round or squircle mask keeps it whole.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.chromium import launch_options

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
# (file name, size in px, face size as a fraction of the icon, bevelled tile?)
SIZES = (
    ("icon-192.png", 192, 0.74, True),
    ("icon-512.png", 512, 0.74, True),
    ("icon-maskable-512.png", 512, 0.56, False),
    ("apple-touch-icon.png", 180, 0.74, True),
)
# The face's look, as static/style.css draws the smiling face.
FACE_STYLE = """
.face-head { fill: #ffff00; stroke: #000; stroke-width: 1.3; }
.face-eyes-dot { fill: #000; }
.face-mouth-smile { fill: none; stroke: #000; stroke-width: 1.5; stroke-linecap: round; }
.face-eyes-x, .face-glasses, .face-mouth-frown, .face-mouth-o { display: none; }
"""


def face_svg() -> str:
    """The face ``<svg>`` of index.html, as the page has it (the first holds the art's
    ``<symbol>`` and draws it)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<svg class="face-art".*?</svg>', html, re.DOTALL)
    if match is None:
        raise SystemExit('icons: no <svg class="face-art"> in index.html')
    return match.group(0)


def icon_html(size: int, face: float, bevel: bool) -> str:
    edge = round(size * 0.06) if bevel else 0
    face_px = round(size * face)
    return f"""<!doctype html><html><head><style>
html, body {{ margin: 0; background: transparent; }}
.tile {{
  box-sizing: border-box; width: {size}px; height: {size}px; display: grid;
  place-items: center; background: #c0c0c0;
  border: {edge}px solid; border-color: #fff #808080 #808080 #fff;
}}
.tile svg {{ width: {face_px}px; height: {face_px}px; }}
{FACE_STYLE}
</style></head><body><div class="tile">{face_svg()}</div></body></html>"""


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        page = browser.new_page()
        for name, size, face, bevel in SIZES:
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(icon_html(size, face, bevel))
            page.locator(".tile").screenshot(path=str(ICONS / name))
            print(f"wrote static/icons/{name} ({size}x{size})")
        browser.close()


if __name__ == "__main__":
    main()
