"""The page's Help dialog and the bot lab's guide, written from the README at build time: one
source for how to play and how to write a bot.

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
LAB_START, LAB_END = "<!-- lab-help -->", "<!-- /lab-help -->"
LAB_PLACE = "<!-- how to write a bot: the README's part, written here by tools/site/help.py -->"
"""Where the bot lab's guide takes the README's two interfaces and their examples."""


class HelpError(ValueError):
    """The README or the page lacks what the Help dialog is made from."""


def help_html(readme: str, start: str = START, end: str = END) -> str:
    """The README's part between ``start`` and ``end`` (the help part by default) as HTML,
    headings one level down, for the dialog's title."""
    if readme.count(start) != 1 or readme.count(end) != 1:
        raise HelpError(f"README.md needs one {start} ... {end} part for the page")
    part = readme.split(start, 1)[1].split(end, 1)[0]
    html = markdown.markdown(part, extensions=["tables", "fenced_code"], output_format="html")
    return re.sub(r"<(/?)h([1-5])>", lambda m: f"<{m[1]}h{int(m[2]) + 1}>", html)


def page_with_help(page: str, readme: str) -> str:
    """index.html with the README's help part in its Help dialog, and its bot part in the
    bot lab's guide."""
    for place, start, end in ((PLACE, START, END), (LAB_PLACE, LAB_START, LAB_END)):
        if page.count(place) != 1:
            raise HelpError(f"index.html needs one {place}")
        page = page.replace(place, help_html(readme, start, end))
    return page
