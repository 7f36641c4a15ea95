"""The chance shared by the covered cells away from every number, drawn once under a
board: the game's (:mod:`web.board.view`) and the review's
(:mod:`web.dialogs.replays.review_panel`)."""

from __future__ import annotations

from urllib.parse import quote

MASK_FONT = "system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif"
"""The shared chance's font (the page's --ui-font: an image cannot use the page's fonts)."""


def interior_mask(chance: int | None) -> str:
    """The value of ``#board``'s ``--interior-mask``: the chance shared by the cells away from
    every number, as an SVG the style sheet repeats under them (``none`` for no chance).

    One image for the whole board: a change of the number costs one element's style and
    one repaint, where text on each cell restyled them all (2 s on a 300x300 board).

    >>> interior_mask(None)
    'none'
    >>> interior_mask(20)[:60]
    'url("data:image/svg+xml,%3Csvg%20xmlns%3D%27http%3A%2F%2Fwww'
    >>> "%3E20%3C" in interior_mask(20)
    True
    """
    if chance is None:
        return "none"
    svg = (
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>"
        f"<text x='50' y='50' text-anchor='middle' dominant-baseline='central' "
        f"font-family='{MASK_FONT}' font-size='42'>{chance}</text></svg>"
    )
    return f'url("data:image/svg+xml,{quote(svg, safe="")}")'
