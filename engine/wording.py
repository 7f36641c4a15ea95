"""Words that agree with a number: the one place that decides "1 mine" or "2 mines".

Every sentence made with a count says it through :func:`count` (and :func:`be` or
:func:`agree` for its verb), so that no text says "1 mines", "touches 1 known mines" or
"only 1 are left".

The engine words its own sentences (a position's text and its errors, why no layout fits),
so the words live here, beneath every package that says a count; the front ends and play/
say theirs with the same three functions (:mod:`engine` hands out :func:`count` and
:func:`agree`). Each form is chosen by :mod:`gettext`'s ``ngettext``, in the English forms
until a catalogue is installed: a translation is a ``minesweeper.mo`` (:data:`DOMAIN`) under
the standard library's locale directory, found once, when the engine is imported.

>>> count(1, "mine"), count(2, "mine"), count(0, "mine"), count(3, "entry", "entries")
('1 mine', '2 mines', '0 mines', '3 entries')
>>> f"{count(1, 'mine')} {be(1)} left", f"{count(2, 'mine')} {be(2)} left"
('1 mine is left', '2 mines are left')
"""

from __future__ import annotations

from gettext import translation

DOMAIN = "minesweeper"
"""The game's message domain: the name of a catalogue that would translate its words."""
_CATALOGUE = translation(DOMAIN, fallback=True)
"""The catalogue, looked up once (``gettext.ngettext`` looks in the locale directory at every
call): without one, :class:`gettext.NullTranslations`, whose forms are English."""


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
    """The word agreeing with ``n`` things (``ngettext``'s choice: English's, 1 or not).

    >>> agree(1, "holds", "hold"), agree(2, "holds", "hold")
    ('holds', 'hold')
    """
    return _CATALOGUE.ngettext(singular, plural, n)
