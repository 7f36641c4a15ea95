"""Just enough of a browser for the page's DOM-free modules (:mod:`web.board.view`,
:mod:`web.board.panel`,
:mod:`web.board.screen`, :mod:`web.controls.autoplay`) to run in CPython: elements that keep what is
written into them, the board's rows and cells parsed back from the HTML the view writes,
a window of a given height, and a scheduler whose turns and frames are counted on a clock
the test moves.

The cells keep the DOM contract's attributes, so a test reads the page as the end-to-end
tests do (``data-state``, ``data-value``, ``#board[data-chances]``), without Chromium.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qsl

from tests.helpers import FakeClock
from web.page import ids

_CELL = re.compile(r'<div class="cell"([^>]*)>([^<]*)</div>')
_ATTR = re.compile(r'data-([\w-]+)="([^"]*)"')
_ROW = re.compile(r'<div class="row"[^>]*>')


class Children(list[Any]):
    def item(self, index: int) -> Any:
        return self[index] if 0 <= index < len(self) else None

    @property
    def length(self) -> int:
        return len(self)


class ClassList:
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add(self, *names: str) -> None:
        self.names.update(names)

    def remove(self, *names: str) -> None:
        self.names.difference_update(names)

    def toggle(self, name: str, on: bool) -> None:
        (self.add if on else self.remove)(name)

    def contains(self, name: str) -> bool:
        return name in self.names


class Layout:
    """The reads that make a browser lay the page out (``getBoundingClientRect``, the
    ``offset*``, ``client*`` and ``scroll*`` sizes): counted, since a read after a write
    forces a layout in the middle of a script (a click should cause none)."""

    def __init__(self) -> None:
        self.reads = 0


class Element:
    def __init__(self, id: str = "", layout: Layout | None = None, tag: str = "DIV") -> None:
        self.id = id
        self.tagName = tag
        self._value = ""
        self._chosen: str | None = None
        """A ``<select>``'s chosen value; None: its first option's."""
        self.layout = layout or Layout()
        """Where this element counts its layout reads: its document's."""
        self.dataset = SimpleNamespace()
        self.attributes: dict[str, str] = {}
        self.classList = ClassList()
        self.style = SimpleNamespace(
            setProperty=lambda name, value: None, removeProperty=lambda name: None
        )
        self.children = Children()
        self.textContent = ""
        self.hidden = False
        self.parentElement: Element | None = None
        self.rect = SimpleNamespace(top=0.0, bottom=0.0, height=0.0, left=0.0, right=0.0, width=0.0)
        self.scrolled_into_view = 0
        self._html = ""
        self.open = False
        """A ``<dialog>``'s: shown (:meth:`showModal`) and not closed since."""
        self.listening: dict[str, list[Any]] = {}
        """The listeners added to this element, by event, as the browser keeps them."""

    @property
    def innerHTML(self) -> str:
        return self._html

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:
        """The board's rows and a row's cells become elements again; other HTML is kept
        as text (what a screen reader would read, more or less)."""
        self._html = html
        self.children = Children()
        if html.startswith('<div class="row"'):  # a huge board's rows carry data-index
            for row_html in _ROW.split(html)[1:]:
                row = Element(layout=self.layout)
                row.innerHTML = row_html.removesuffix("</div>")
                self.children.append(row)
        elif html.startswith('<div class="cell"'):
            for attrs, text in _CELL.findall(html):
                cell = Element(layout=self.layout)
                for name, value in _ATTR.findall(attrs):
                    setattr(cell.dataset, _camel(name), value)
                cell.textContent = text
                self.children.append(cell)
        else:
            self.textContent = re.sub(r"<[^>]+>", "", html)

    @property
    def value(self) -> str:
        """A ``<select>``'s value is its chosen option's (none chosen: ``""``)."""
        if self.tagName != "SELECT":
            return self._value
        if self._chosen is None:  # the browser chooses the first option
            return str(self.children[0].value) if self.children else ""
        return self._chosen

    @value.setter
    def value(self, value: str) -> None:
        """As a browser does, a ``<select>`` takes only a value one of its options has:
        any other chooses none."""
        if self.tagName == "SELECT":
            self._chosen = value if any(str(o.value) == value for o in self.children) else ""
        else:
            self._value = value

    def replaceChildren(self) -> None:
        self.children = Children()
        self._chosen = None

    def appendChild(self, child: Element) -> None:
        child.parentElement = self
        self.children.append(child)
        if self._chosen == "":  # a select with none chosen chooses its first option
            self._chosen = None

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)
        if name.startswith("data-") and hasattr(self.dataset, _camel(name[5:])):
            delattr(self.dataset, _camel(name[5:]))

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def getBoundingClientRect(self) -> Any:
        self.layout.reads += 1
        return self.rect

    def _size(self, size: float) -> float:
        self.layout.reads += 1
        return size

    @property
    def offsetWidth(self) -> float:
        return self._size(self.rect.width)

    @property
    def offsetHeight(self) -> float:
        return self._size(self.rect.height)

    @property
    def clientWidth(self) -> float:
        return self._size(self.rect.width)

    @property
    def clientHeight(self) -> float:
        return self._size(self.rect.height)

    @property
    def scrollWidth(self) -> float:
        return self._size(self.rect.width)

    @property
    def scrollHeight(self) -> float:
        return self._size(self.rect.height)

    @property
    def scrollLeft(self) -> float:
        return self._size(0.0)

    @scrollLeft.setter
    def scrollLeft(self, _offset: float) -> None:
        """Scrolling is not kept: the board's frame never scrolls here."""

    @property
    def scrollTop(self) -> float:
        return self._size(0.0)

    @scrollTop.setter
    def scrollTop(self, _offset: float) -> None:
        """Scrolling is not kept: the board's frame never scrolls here."""

    def focus(self) -> None:
        """Focus is not kept: nothing here reads it."""

    def matches(self, selector: str) -> bool:
        return False

    def scrollIntoView(self, options: Any) -> None:
        self.scrolled_into_view += 1

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        """A ``<dialog>`` closed: its "close" listeners hear it, as in a browser."""
        if self.open:
            self.open = False
            for listener in self.listening.get("close", []):
                listener(SimpleNamespace(type="close", target=self))

    def addEventListener(self, event: str, listener: Any, _options: Any = None) -> None:
        self.listening.setdefault(event, []).append(listener)

    def removeEventListener(self, event: str, listener: Any, _options: Any = None) -> None:
        """As a browser does, removing a listener never added does nothing."""
        listening = self.listening.get(event, [])
        if listener in listening:
            listening.remove(listener)

    def click(self) -> None:
        """A click on this element, heard by its own "click" listeners (no bubbling)."""
        for listener in list(self.listening.get("click", [])):
            listener(SimpleNamespace(type="click", target=self, currentTarget=self))


def _camel(name: str) -> str:
    head, *rest = name.split("-")
    return head + "".join(part.title() for part in rest)


class Document:
    """The page's elements by id; a window 720 px high, the board's frame filling it."""

    def __init__(self, window_height: float = 720.0) -> None:
        self.elements: dict[str, Element] = {}
        self.layout = Layout()
        """Every layout read of the document's elements."""
        self.documentElement = Element(layout=self.layout)
        self.activeElement: Element | None = None
        """Focus is not kept: no element has it."""
        self.defaultView = SimpleNamespace(
            innerHeight=window_height, innerWidth=1280.0, JSON=SimpleNamespace(parse=json.loads)
        )
        frame = self.getElementById(ids.BOARD_FRAME)
        frame.rect = SimpleNamespace(
            top=0.0,
            bottom=window_height,
            height=window_height,
            left=0.0,
            right=1280.0,
            width=1280.0,
        )
        self.getElementById(ids.BOARD).parentElement = frame
        # The first-click menu as index.html has it, until the page fills it.
        menu = self.elements[ids.FIRST_CLICK] = Element(ids.FIRST_CLICK, self.layout, "SELECT")
        option = self.createElement("option")
        option.value = "opening"
        menu.appendChild(option)

    def createElement(self, tag: str) -> Element:
        return Element(layout=self.layout, tag=tag.upper())

    def addEventListener(self, event: str, listener: Any, _options: Any = None) -> None:
        self.documentElement.addEventListener(event, listener)

    def removeEventListener(self, event: str, listener: Any, _options: Any = None) -> None:
        self.documentElement.removeEventListener(event, listener)

    def getElementById(self, id: str) -> Element:
        found = self.elements.get(id)
        if found is None:
            found = self.elements[id] = Element(id, self.layout)
        return found

    def cell(self, row: int, col: int) -> Element:
        found: Element = self.getElementById(ids.BOARD).children.item(row).children.item(col)
        return found

    def state(self, row: int, col: int) -> str:
        return str(self.cell(row, col).dataset.state)

    def lay_out(self, rows: int, row_height: float = 18.0) -> None:
        """Place the board in the window: its top at the window's, rows of ``row_height``."""
        board = self.getElementById(ids.BOARD)
        board.rect = SimpleNamespace(
            top=0.0,
            bottom=rows * row_height,
            height=rows * row_height,
            left=0.0,
            right=0.0,
            width=0.0,
        )


class Window(SimpleNamespace):
    """The fake document's window, with an address bar and its history entries, listeners
    of its own (resize, popstate, pagehide) and the browser's helpers the page calls."""

    def __init__(self, document: Document, query: str = "", state: Any = None) -> None:
        super().__init__(**vars(document.defaultView))
        document.defaultView = self
        self.document = document
        self.events = Element("window")
        """Where the window's listeners are kept (:meth:`addEventListener`)."""
        self.written: list[tuple[str, str]] = []
        self.location = SimpleNamespace(origin="https://example.org", pathname="/", search=query)
        self.history = SimpleNamespace(
            state=state, replaceState=self._replace, pushState=self._push
        )
        self.URLSearchParams = SimpleNamespace(
            new=lambda search: SimpleNamespace(
                entries=lambda: parse_qsl(str(search).lstrip("?"), keep_blank_values=True)
            )
        )
        self.navigator = SimpleNamespace()
        self.errors: list[str] = []
        """What the page wrote to the console's errors."""
        self.console = SimpleNamespace(error=self.errors.append)
        self.frames: list[Any] = []
        """Callbacks waiting for the next frame (``requestAnimationFrame``)."""

    def addEventListener(self, event: str, listener: Any, _options: Any = None) -> None:
        self.events.addEventListener(event, listener)

    def removeEventListener(self, event: str, listener: Any, _options: Any = None) -> None:
        self.events.removeEventListener(event, listener)

    def requestAnimationFrame(self, callback: Any) -> None:
        self.frames.append(callback)

    def matchMedia(self, _query: str) -> Any:
        return SimpleNamespace(matches=False)

    def _replace(self, state: Any, _title: str, query: str) -> None:
        self.written.append(("replace", query))
        self.history.state, self.location.search = _object(state), query

    def _push(self, state: Any, _title: str, query: str) -> None:
        self.written.append(("push", query))
        self.history.state, self.location.search = _object(state), query


def _object(state: Any) -> Any:
    """An entry's state as the page reads it back: a JavaScript object's fields."""
    return SimpleNamespace(**state) if isinstance(state, dict) else state


HIDDEN_AT_START = re.compile(r'<[a-z]+ id="([\w-]+)"[^>]*\shidden[\s>=]')


def hide_as_the_page_does(document: Document) -> None:
    """Hide the elements index.html has hidden when the page opens."""
    html = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    for element_id in HIDDEN_AT_START.findall(html):
        document.getElementById(element_id).hidden = True


class Scheduler:
    """Counts the turns given to the browser and the frames waited for; a sleep moves the
    clock instead of waiting."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.turns = 0
        self.frames = 0
        self.slept: list[float] = []

    async def give_way(self) -> None:
        self.turns += 1
        await asyncio.sleep(0)

    async def next_frame(self) -> None:
        self.frames += 1
        await asyncio.sleep(0)

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.clock.now += seconds
        await asyncio.sleep(0)


async def settle(turns: int = 200) -> None:
    """Let every task run until none has anything left to do (or ``turns`` run out)."""
    for _ in range(turns):
        await asyncio.sleep(0)
