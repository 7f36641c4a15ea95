"""What a board promises about its first reveal: the first-click rule.

Three rules, as the field's games differ:

- :attr:`FirstClick.OPENING` (ours, the default): the first reveal opens an area: the mines
  avoid the 3x3 block around it (only the cell itself when the board is too dense for that).
- :attr:`FirstClick.SAFE` (Arbiter's and Viennasweeper's competitive rule): the first
  revealed cell is never a mine, but it may show a number.
- :attr:`FirstClick.NONE` (Windows 3.1): no promise: the mines are where the seed puts them
  and the first reveal can lose, with a chance of the mine density.

The rule is part of the board: the same seed and first cell give a different layout under
each rule, so records, kept games, results and best times carry it. Its text form is its
value; :meth:`FirstClick.parse` reads it back.

>>> FirstClick.parse("safe"), str(FirstClick.NONE)
(<FirstClick.SAFE: 'safe'>, 'none')
>>> FirstClick.parse("Opening ")
<FirstClick.OPENING: 'opening'>
>>> FirstClick.parse("windows")
Traceback (most recent call last):
...
engine.errors.InvalidFirstClickError: the first-click rule "windows" is none of opening, safe, none
"""

from __future__ import annotations

from enum import Enum

from engine.errors import InvalidFirstClickError
from engine.numbers import excerpt


class FirstClick(Enum):
    OPENING = "opening"
    """The first reveal opens an area (its 3x3 block is free of mines)."""
    SAFE = "safe"
    """The first revealed cell is free of mines; its neighbours need not be."""
    NONE = "none"
    """No promise: the first reveal can be a mine."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> FirstClick:
        """The rule ``text`` names (case and surrounding spaces aside);
        :class:`~engine.errors.InvalidFirstClickError` for anything else."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(rule.value for rule in cls)
            raise InvalidFirstClickError(
                f"the first-click rule {excerpt(text)} is none of {names}"
            ) from None

    @property
    def words(self) -> str:
        """The rule said in a few words, for results and menus.

        >>> [rule.words for rule in FirstClick]
        ['first click opens an area', 'first click safe', 'first click may lose']
        """
        return _WORDS[self]


_WORDS = {
    FirstClick.OPENING: "first click opens an area",
    FirstClick.SAFE: "first click safe",
    FirstClick.NONE: "first click may lose",
}
