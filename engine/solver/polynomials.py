"""Mine-count polynomials: a component's layouts by their number of mines, lowest first.

Components are combined by multiplying these (:func:`multiply`); dividing the product by
one of them (:func:`divide`) gives the product of all the others.
"""

from __future__ import annotations


def multiply(p: list[int], q: tuple[int, ...]) -> list[int]:
    """The product of two polynomials given by their coefficients, lowest first.

    >>> multiply([1, 1], (1, 2))
    [1, 3, 2]
    """
    out = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return out


def divide(p: list[int], d: tuple[int, ...]) -> list[int]:
    """Exact polynomial division ``p / d`` (``d`` divides ``p``, ``d[0] != 0``).

    Dividing the product of all components by one of them gives the product of
    the others in one short pass, instead of a prefix and suffix product each.

    >>> divide([1, 3, 2], (1, 2))
    [1, 1]
    """
    n = len(p) - len(d) + 1
    rem = list(p)
    q = [0] * n
    d0 = d[0]
    for i in range(n):
        c = rem[i] // d0
        q[i] = c
        if c:
            for j in range(1, len(d)):
                rem[i + j] -= c * d[j]
    return q
