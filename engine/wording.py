"""Words that agree with a number: the one place that decides "1 mine" or "2 mines".

Every sentence made with a count says it through :func:`count` (and :func:`be` or
:func:`agree` for its verb), so that no text says "1 mines", "touches 1 known mines" or
"only 1 are left".

>>> count(1, "mine"), count(2, "mine"), count(0, "mine"), count(3, "entry", "entries")
('1 mine', '2 mines', '0 mines', '3 entries')
>>> f"{count(1, 'mine')} {be(1)} left", f"{count(2, 'mine')} {be(2)} left"
('1 mine is left', '2 mines are left')
"""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun agreeing with it (``plural`` when adding an s will not do)."""
    return f"{n} {agree(n, noun, plural or noun + 's')}"


def be(n: int) -> str:
    """The verb "to be" agreeing with ``n`` things.

    >>> be(1), be(0), be(2)
    ('is', 'are', 'are')
    """
    return agree(n, "is", "are")


def agree(n: int, singular: str, plural: str) -> str:
    """The word agreeing with ``n`` things.

    >>> agree(1, "holds", "hold"), agree(2, "holds", "hold")
    ('holds', 'hold')
    """
    return singular if n == 1 else plural
