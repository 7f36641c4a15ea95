"""The chance shared by the cells away from the numbers is one image for the whole board."""

from __future__ import annotations

import doctest
from urllib.parse import unquote

from web.board import chance_mask
from web.board.chance_mask import interior_mask


def test_the_masks_doctests() -> None:
    result = doctest.testmod(chance_mask, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_mask_is_an_svg_showing_the_chance() -> None:
    for chance in (1, 20, 99, 100):
        value = interior_mask(chance)
        assert value.startswith('url("data:image/svg+xml,') and value.endswith('")')
        svg = unquote(value[len('url("data:image/svg+xml,') : -2])
        assert svg.startswith("<svg") and f">{chance}</text>" in svg
        assert '"' not in svg  # it sits inside url("...") as it is
    assert interior_mask(None) == "none"
