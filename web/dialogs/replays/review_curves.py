"""The review's two curves as inline SVG: each move's risk, and the chance of having survived.

The geometry is the review's (:meth:`play.review.Review.curves`); this writes it as markup
(no DOM access). Each point is a ``circle.point`` with its move's number in ``data-move``,
its verdict in ``data-verdict`` and a tooltip; the current move's point has the class
``current``. A click anywhere on a curve goes to the move nearest it
(:meth:`~play.review.view.Curve.nearest`), found by the figure's ``data-curve``.

>>> from play.review import curve
>>> svg = curve_svg(curve([0.0, 0.5], "Risk"), "risk", {2: "forced"}, 2)
>>> svg.count("<circle"), 'data-move="2"' in svg, 'point current" data-verdict="forced"' in svg
(2, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from web.board import escape

if TYPE_CHECKING:
    from play.review import Curve


def curve_svg(curve: Curve, name: str, verdicts: Mapping[int, str], current: int | None) -> str:
    """A figure with ``curve`` drawn; ``verdicts`` colours the points (move number to its
    verdict's word), and the ``current`` move's point is ringed."""
    width, height, pad = curve.width, curve.height, curve.pad
    inner = height - 2 * pad
    grid = "".join(
        f'<line class="grid" x1="{pad:g}" x2="{width - pad:g}" y1="{y:g}" y2="{y:g}"/>'
        for y in (pad, pad + inner / 2, pad + inner)
    )
    points = []
    for point in curve.points:
        kind = verdicts.get(point.number, "neutral")
        now = point.number == current
        label = escape(curve.label(point))
        points.append(
            f'<circle class="point{" current" if now else ""}" data-verdict="{kind}" '
            f'data-move="{point.number}" cx="{point.x:g}" cy="{point.y:g}" '
            f'r="{_radius(kind, now):g}"><title>{label}</title></circle>'
        )
    title = escape(curve.title)
    line = f'<path class="line" d="{curve.path}"/>' if curve.path else ""
    return (
        f'<figure class="review-curve" data-curve="{escape(name)}"><figcaption>{title}'
        '<span class="scale"> (0 to 100%)</span></figcaption>'
        f'<svg viewBox="0 0 {width:g} {height:g}" role="img" '
        f'aria-label="{title}: a click on a point goes to its move">{grid}{line}'
        f"{''.join(points)}</svg></figure>"
    )


def _radius(kind: str, current: bool) -> float:
    """The current move's point largest, then the guesses and mistakes; sure moves small.

    >>> _radius("certain", False), _radius("needless", False), _radius("certain", True)
    (1.5, 3.0, 4.5)
    """
    if current:
        return 4.5
    return 1.5 if kind in ("certain", "neutral", "wasted") else 3.0
