"""The review in the replay viewer: the move list coloured by verdict, the verdict of the move
at hand, the chances and the better cell on the board, the two curves and the summary.

The review is the session's (:meth:`play.session.Session.review` hands it out) and runs in
slices (:meth:`play.review.Review.steps` judges one move at a time,
:func:`web.page.pace.drain_in_turns` runs them): after each slice of
:data:`web.page.pace.SLICE_S` the new verdicts are drawn and the browser gets its turn, so the
page stays responsive and the first verdict shows at once. The slices are measured on a clock
and the turns given through a :class:`web.page.pace.Scheduler`, both given as parameters: the
page's, or a test's, in CPython. What to show is the review's to say (its verdicts' words,
curves, marks and mistakes); this module only writes it.

In review, the board shows the position *before* the move at hand (frame ``number - 1`` of
the replay), with the mine chances the player faced, a ring on the cell the move chose, and
the cell a needless or worse guess passed over.

It is long because the panel is one widget: each part drawn for the move at hand, at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import Game, Spot
from engine import tiles as t
from web.board import escape, interior_mask, marked_board_html
from web.page import Clock, Scheduler, browser, closest, data, drain_in_turns, ids

CURVES_EVERY_S = 0.25
"""How often the curves are drawn again while a review runs."""

if TYPE_CHECKING:  # the solver and the review load on a review's first use
    from engine import Replayable
    from play.assist import Overlay
    from play.review import Curve, MoveReview, Review

PANEL, VERDICT, PROGRESS = "review-panel", "review-verdict", "review-progress"
MOVES, CURVES, SUMMARY = "review-moves", "review-curves", "review-summary"
PREV_MISTAKE, NEXT_MISTAKE = "review-prev-mistake", "review-next-mistake"
WATCH = "review-watch"
"""The button that plays the move at hand as a clip (``ReplayDialog.watch``)."""


class ReviewPanel:
    def __init__(
        self,
        document: Any,
        go_to: Callable[[int], None],
        chances: Callable[[Game], Overlay | None],
        scheduler: Scheduler,
        clock: Clock,
    ) -> None:
        """``go_to(number)`` shows the position before move ``number`` (from 1);
        ``chances(game)`` are the mine chances over a position (the session's solver help:
        :meth:`play.session.Session.review_chances`)."""
        self._chances = chances
        self.scheduler = scheduler
        self.clock = clock
        by_id = document.getElementById
        self.section, self.verdict = by_id(PANEL), by_id(VERDICT)
        self.progress, self.list = by_id(PROGRESS), by_id(MOVES)
        self.curves, self.summary = by_id(CURVES), by_id(SUMMARY)
        self.prev_button, self.next_button = by_id(PREV_MISTAKE), by_id(NEXT_MISTAKE)
        self.watch_button = by_id(WATCH)
        self.go_to = go_to
        self.review: Review | None = None
        """The review shown (the session's)."""
        self.drawn = 0
        """Its verdicts drawn in the move list."""
        self.current: int | None = None
        """The move at hand (from 1), or None at the end of the game."""
        self.on_reviewed: Callable[[Replayable, list[MoveReview]], str | None] | None = None
        """Called with a finished review: what its mistakes gave (Practice's drills), said
        under the summary."""
        self._curves: dict[str, Curve] = {}
        self._task: asyncio.Task[None] | None = None
        self.first_shown = asyncio.Event()
        """Set once the review's first verdict is drawn (or the review has stopped)."""
        self._curves_drawn = 0.0
        self.first_ms: float | None = None
        """How long the first verdict took to show, from :meth:`start` (a benchmark reads it)."""
        self.total_ms: float | None = None
        self.longest_ms = 0.0
        """The longest stretch of review work between two turns of the browser."""

    @property
    def active(self) -> bool:
        return not self.section.hidden

    @property
    def moves(self) -> list[MoveReview]:
        """The verdicts so far."""
        return [] if self.review is None else self.review.moves

    @property
    def total(self) -> int:
        return 0 if self.review is None else self.review.total

    @property
    def done(self) -> bool:
        return self.review is not None and self.review.done

    # --- running the review ------------------------------------------------------------------

    def start(self, review: Review) -> None:
        self.stop()
        self.review, self.drawn, self.current = review, 0, None
        self._curves = {}
        self.first_ms = self.total_ms = None
        self.longest_ms = 0.0
        self.list.innerHTML = ""
        self.curves.innerHTML = ""
        self.summary.innerHTML = ""
        self.verdict.textContent = "Reviewing the game…"
        self.section.hidden = False
        self.first_shown = asyncio.Event()
        self._task = asyncio.create_task(self._run(review))
        self._task.add_done_callback(lambda _task: self.first_shown.set())  # never wait forever

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.section.hidden = True

    async def _run(self, review: Review) -> None:
        clock = self.clock
        started = clock()

        def draw_found(seconds: float) -> None:  # the slice's verdicts, before the next turn
            self._add(review.moves[self.drawn :])
            if self.first_ms is None and self.moves:
                self.first_ms = (clock() - started) * 1000
            self.longest_ms = max(self.longest_ms, seconds * 1000)

        await drain_in_turns(review.steps(), self.scheduler, clock, before_turn=draw_found)
        slice_start = clock()
        review.result()  # the summary, in a slice of its own
        self.longest_ms = max(self.longest_ms, (clock() - slice_start) * 1000)
        self.total_ms = (clock() - started) * 1000
        self._task = None
        self._draw_summary(review)
        said = None
        if self.on_reviewed is not None:
            said = self.on_reviewed(review.source, review.moves)
        if said:
            news = f'<p class="review-drills">{escape(said)}</p>'
            self.summary.insertAdjacentHTML("beforeend", news)
        # The figures of this review's pace, for benchmarks/review_page.py to read.
        figures = self.section.dataset
        figures.firstMs = f"{self.first_ms or 0.0:.1f}"
        figures.totalMs = f"{self.total_ms:.1f}"
        figures.longestMs = f"{self.longest_ms:.1f}"

    def _add(self, batch: list[MoveReview]) -> None:
        if not batch:
            return
        self.first_shown.set()
        self.drawn += len(batch)
        items = "".join(
            f'<li data-verdict="{m.verdict.kind}"><button type="button" data-move="{m.number}" '
            f'aria-current="{"true" if m.number == self.current else "false"}">'
            f'<span class="n">{m.number}</span> <span class="what">'
            f"{escape(m.words)}</span> "
            f'<span class="v">{escape(m.verdict.value)}</span></button></li>'
            for m in batch
        )
        self.list.insertAdjacentHTML("beforeend", items)
        done = self.drawn
        self.progress.textContent = (
            f"{done} of {self.total} moves reviewed" if done < self.total else ""
        )
        # The curves are drawn whole: a few times a second while the review runs, not at
        # every slice (then up to 40 ms of a 50 ms task), and once more at the end.
        now = self.clock()
        if done >= self.total or now - self._curves_drawn >= CURVES_EVERY_S:
            self._curves_drawn = now
            self._draw_curves()
        if self.current is not None and any(m.number == self.current for m in batch):
            self._say(self.current)

    # --- drawing -----------------------------------------------------------------------------

    def _draw_curves(self) -> None:
        from web.dialogs.replays.review_curves import curve_svg

        if self.review is None:
            return
        self._curves = self.review.curves()
        verdicts = {m.number: m.verdict.kind for m in self.moves}
        self.curves.innerHTML = "".join(
            curve_svg(c, name, verdicts, self.current) for name, c in self._curves.items()
        )

    def _draw_summary(self, review: Review) -> None:
        self.summary.innerHTML = (
            "<h3>Summary</h3><dl>"
            + "".join(
                f"<div><dt>{escape(label)}</dt><dd>{escape(value)}</dd></div>"
                for label, value in review.figures()
            )
            + "</dl>"
        )
        self._buttons()

    def _say(self, number: int | None) -> None:
        if number is None:
            self.verdict.textContent = "The end of the game."
            self.verdict.dataset.verdict = "end"
        elif number <= len(self.moves):
            move = self.moves[number - 1]
            self.verdict.textContent = move.text(self.total)
            self.verdict.dataset.verdict = move.verdict.kind
        else:
            self.verdict.textContent = f"Move {number} of {self.total}: reviewing…"
            self.verdict.dataset.verdict = "pending"

    def _buttons(self) -> None:
        at = self.current if self.current is not None else self.total + 1
        focused = self.section.ownerDocument.activeElement
        self.prev_button.disabled = self._mistake(at, forward=False) is None
        ahead = self._mistake(at, forward=True)
        self.next_button.disabled = ahead is None and self.done
        self.watch_button.disabled = self.current is None  # the end: no move to watch
        if focused in (self.prev_button, self.next_button, self.watch_button) and focused.disabled:
            self.section.focus()  # a disabled button drops the focus: the arrows go on working

    def show(
        self, number: int | None, board: Any, before: Game, playing: bool, ring: Spot | None
    ) -> None:
        """Move ``number`` at hand (None: the end), ``before`` the position it was made in:
        say its verdict, and draw that position on ``board`` with the chances, the cells the
        move passed over, and the replay's ring on ``ring``, all in one write."""
        old = self.current
        self.current = number
        if old != number:  # first, while the board's layout is still clean: the list scrolls
            self._highlight(old, False)
            self._highlight(number, True)
            self._draw_curves()
        self._say(number)
        self._buttons()
        chances = number is not None and not playing
        overlay = self._chances(before) if chances else None  # none before the first reveal
        board.classList.toggle(ids.CHANCES_CLASS, overlay is not None)
        interior = None if overlay is None else overlay.interior
        board.style.setProperty("--interior-mask", interior_mask(interior))
        judged = None
        if chances and number is not None and number <= len(self.moves):
            judged = self.moves[number - 1]  # the cells it passed over are marked
        marks = board_marks(before, overlay, judged)
        if ring is not None:
            cell = before.grid.index(*ring)
            classes, attributes = marks.get(cell, ("", ""))
            marks[cell] = (f"{classes} {ids.REPLAY_RING_CLASS}", attributes)
        board.innerHTML = marked_board_html(before, marks)

    def _highlight(self, number: int | None, on: bool) -> None:
        if number is None or number > len(self.moves):
            return
        button = self.list.children.item(number - 1).firstElementChild
        button.setAttribute("aria-current", "true" if on else "false")
        if on:  # the list scrolls, never the dialog: that would hide the verdict above it
            button.scrollIntoView(_js({"block": "nearest", "container": "nearest"}))

    def focus_in_sight(self, body: Any) -> None:
        """Focus the review (the arrow keys step from there) with its verdict in sight: the
        dialog's scrolling ``body`` at its top (the LEDs, beside the verdict on a wide
        screen), then only as far as a narrow screen needs to show the verdict, which is
        under the board there. Nothing else scrolls: the list of games under the viewer can
        make the body taller than the window, and the board scrolled to the body's top
        edge hid the LEDs and the verdict above it."""
        self.section.focus(_js({"preventScroll": True}))
        body.scrollTop = 0
        self.verdict.scrollIntoView(_js({"block": "nearest", "container": "nearest"}))

    # --- the player's input ------------------------------------------------------------------

    def on_list_click(self, event: Any) -> None:
        button = closest(event.target, "button")
        number = None if button is None else data(button, "move")
        if number is not None:
            self.go_to(int(number))

    def on_curve_click(self, event: Any) -> None:
        figure = closest(event.target, "figure")
        name = None if figure is None else data(figure, "curve")
        curve = self._curves.get(name or "")
        if figure is None or curve is None:
            return
        svg = figure.querySelector("svg")
        box = svg.getBoundingClientRect()
        if box.width <= 0:
            return
        number = curve.nearest((float(event.clientX) - float(box.left)) / box.width * curve.width)
        if number is not None:
            self.go_to(number)

    def jump(self, forward: bool) -> None:
        """To the next (or previous) mistake."""
        at = self.current if self.current is not None else self.total + 1
        number = self._mistake(at, forward)
        if number is not None:
            self.go_to(number)

    def _mistake(self, number: int, forward: bool) -> int | None:
        """The first mistake judged after move ``number`` (before it, going back)."""
        return None if self.review is None else self.review.next_mistake(number, forward)


def board_marks(
    game: Game, overlay: Overlay | None, move: MoveReview | None
) -> dict[int, tuple[str, str]]:
    """The classes and attributes of the marked cells of ``game`` under review (see
    :func:`web.board.render.marked_board_html`): each covered cell's chance, and the cells
    ``move`` passed over."""
    found: dict[int, tuple[str, str]] = {}
    if overlay is not None:
        chances, safe, mines = overlay.cells, overlay.safe, overlay.mines
        for cell, tile in enumerate(game.tiles):
            chance = chances.get(cell, overlay.interior) if t.is_covered(tile) else None
            if chance is None:
                continue
            if cell not in chances:  # away from every number: drawn under the board
                shade = " chance-interior"
            else:
                shade = " chance-safe" if cell in safe else " chance-mine" if cell in mines else ""
            found[cell] = (shade, f' data-chance="{chance}"')
    if move is not None:
        for spot, what in move.marks.items():
            cell = game.grid.index(*spot)
            classes, attributes = found.get(cell, ("", ""))
            found[cell] = (f"{classes} review-{what}", attributes)
    return found


def _js(options: dict[str, object]) -> Any:
    """``options`` as a JavaScript object, for a DOM call's options (a test runs this module
    in CPython, where a fake ``pyodide.ffi`` takes the options as they are)."""
    return browser.to_js(options)
