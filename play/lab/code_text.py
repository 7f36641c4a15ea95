"""The lab's code field edited as a Python editor would: Tab indents (the selected lines, or
at the cursor), Shift+Tab dedents, Enter keeps the line's indent (one more after a colon).
Text and a selection in, text and a selection out: the page only applies them.

>>> indent("a\\nb", 0, 3)
('    a\\n    b', 0, 11)
>>> dedent("    a\\n  b", 0, 10)
('a\\nb', 0, 3)
>>> newline("if x:", 5, 5)
('if x:\\n    ', 10, 10)
"""

from __future__ import annotations

INDENT = "    "

Edit = tuple[str, int, int]
"""The text after the edit, and where the selection starts and ends in it."""


def _lines(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the lines the selection touches begin and end."""
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", max(end - 1, start))
    return first, len(text) if last < 0 else last


def indent(text: str, start: int, end: int) -> Edit:
    """Tab: at a cursor, spaces to the next indent stop; over lines, each indented."""
    if start == end or "\n" not in text[start:end]:
        column = start - (text.rfind("\n", 0, start) + 1)
        pad = " " * (len(INDENT) - column % len(INDENT))
        return text[:start] + pad + text[end:], start + len(pad), start + len(pad)
    first, last = _lines(text, start, end)
    block = "\n".join(INDENT + line for line in text[first:last].split("\n"))
    return text[:first] + block + text[last:], first, first + len(block)


def dedent(text: str, start: int, end: int) -> Edit:
    """Shift+Tab: each line the selection touches loses up to one indent."""
    first, last = _lines(text, start, end)
    lines = text[first:last].split("\n")
    cut = [line[min(len(INDENT), len(line) - len(line.lstrip(" "))) :] for line in lines]
    block = "\n".join(cut)
    if start == end:
        moved = max(first, start - (len(lines[0]) - len(cut[0])))
        return text[:first] + block + text[last:], moved, moved
    return text[:first] + block + text[last:], first, first + len(block)


def newline(text: str, start: int, end: int) -> Edit:
    """Enter: a new line as indented as this one, one indent more after a colon."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    pad = line[: len(line) - len(line.lstrip(" "))]
    if line.rstrip().endswith(":"):
        pad += INDENT
    inserted = "\n" + pad
    at = start + len(inserted)
    return text[:start] + inserted + text[end:], at, at


def changed_span(before: str, after: str) -> tuple[int, int, str]:
    """The one stretch an edit replaced: where it starts and ends in ``before``, and what
    it is in ``after`` (so the page can type just that, keeping the field's undo).

    >>> changed_span("if x:\\n", "if x:\\n    ")
    (6, 6, '    ')
    """
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end_b, end_a = len(before), len(after)
    while end_b > start and end_a > start and before[end_b - 1] == after[end_a - 1]:
        end_b, end_a = end_b - 1, end_a - 1
    return start, end_b, after[start:end_a]


def utf16_to_index(text: str, position: int) -> int:
    """A browser's position in ``text`` (UTF-16 units) as Python's index (code points).

    >>> utf16_to_index("a\\U0001F4A3b", 3), index_to_utf16("a\\U0001F4A3b", 2)
    (2, 3)
    """
    units = 0
    for index, char in enumerate(text):
        if units >= position:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


def index_to_utf16(text: str, index: int) -> int:
    return sum(2 if ord(char) > 0xFFFF else 1 for char in text[:index])
