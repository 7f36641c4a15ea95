"""The page's Help dialog, written from the README at build time: one source for how to play.

The README's part between ``<!-- help -->`` and ``<!-- /help -->`` (the aim of the game, the
controls table, the counter, the timer and the first-click rule) is turned into HTML by
Python-Markdown and written into the built page's ``#help-body`` where index.html holds
:data:`PLACE`. The README stays what a reader of the repository reads; the page shows the same
words, never a second copy to keep in step by hand.

>>> html = help_html("x\\n<!-- help -->\\nOpen **every** safe cell.\\n\\n| do | to |\\n|---|---|\\n"
...                  "| click | reveal |\\n<!-- /help -->\\ny")
>>> "<strong>every</strong>" in html and "<td>click</td>" in html and "x" not in html
True
"""

from __future__ import annotations

import re

import markdown

START, END = "<!-- help -->", "<!-- /help -->"
PLACE = "<!-- how to play: the README's help part, written here by tools/site/help.py -->"
"""Where index.html's Help dialog takes the README's words."""


class HelpError(ValueError):
    """The README or the page lacks what the Help dialog is made from."""


def help_html(readme: str) -> str:
    """The README's help part as HTML (headings one level down, for the dialog's title)."""
    if readme.count(START) != 1 or readme.count(END) != 1:
        raise HelpError(f"README.md needs one {START} ... {END} part for the page's Help")
    part = readme.split(START, 1)[1].split(END, 1)[0]
    html = markdown.markdown(part, extensions=["tables"], output_format="html")
    return re.sub(r"<(/?)h([1-5])>", lambda m: f"<{m[1]}h{int(m[2]) + 1}>", html)


def page_with_help(page: str, readme: str) -> str:
    """index.html with the README's help part in its Help dialog."""
    if page.count(PLACE) != 1:
        raise HelpError(f"index.html needs one {PLACE} in its Help dialog")
    return page.replace(PLACE, help_html(readme))
