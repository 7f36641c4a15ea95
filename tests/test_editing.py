"""The analysis editor's state of play (play.game_ui.editing.Editing) under any sequence of
the editor's commands: clicks, drags, keys, brushes, findings picked, sizes and positions
brought in. After every step the cursor and the marked cells are on the board, the mine
total fits the tiles, and a report is on show only for the position it was made on."""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from engine import tiles as t
from engine.position_text import SeenPosition
from play.game_ui import Command, Context, Editing
from play.game_ui.editing import BRUSHES, TOO_BIG
from web.page import BINDINGS

EDITOR_COMMANDS = sorted(set(BINDINGS[Context.EDITOR].values()))
cells = st.integers(min_value=0, max_value=63)


class EditorMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.editing = Editing(SeenPosition.covered(4, 5, 3))
        self.reported_on: SeenPosition | None = None

    def _cell(self, cell: int) -> int:
        return cell % (self.editing.position.rows * self.editing.position.cols)

    @rule(cell=cells, right=st.booleans())
    def click(self, cell: int, right: bool) -> None:
        self.editing.click(self._cell(cell), right=right)
        assert self.editing.cursor.cell == self._cell(cell)

    @rule(cell=cells)
    def drag(self, cell: int) -> None:
        before = self.editing.position
        if not self.editing.drag(self._cell(cell)):
            assert self.editing.position is before

    @rule()
    def release(self) -> None:
        self.editing.release()
        assert self.editing.painting is None

    @rule(command=st.sampled_from(EDITOR_COMMANDS))
    def press(self, command: Command) -> None:
        assert self.editing.press(command)

    @rule(name=st.sampled_from([*BRUSHES, "no-such-brush"]))
    def brush(self, name: str) -> None:
        self.editing.choose_brush(name)
        assert self.editing.brush == BRUSHES.get(name)

    @rule(picked=st.lists(st.integers(min_value=-5, max_value=200), max_size=5))
    def pick(self, picked: list[int]) -> None:
        self.editing.pick(tuple(picked))

    @rule(rows=st.integers(1, 12), cols=st.integers(1, 12), mines=st.integers(1, 20))
    def resize(self, rows: int, cols: int, mines: int) -> None:
        if rows * cols < 2 or mines >= rows * cols:
            return  # the custom dialog's rules refuse these before the editor sees them
        self.editing.resize(rows, cols, mines)
        assert (self.editing.position.rows, self.editing.position.cols) == (rows, cols)

    @rule()
    def too_big(self) -> None:
        before = self.editing.position
        assert not self.editing.open(SeenPosition.covered(200, 200, 10))
        assert self.editing.position is before and self.editing.note is not None
        self.editing.resize(200, 200, 10)
        assert self.editing.position is before and self.editing.note == TOO_BIG

    @rule()
    def report(self) -> None:
        """A report arrives for the position on show, or for one edited away since."""
        stale = self.reported_on
        self.reported_on = self.editing.position
        kept = self.editing.reported(object(), self.editing.position)  # type: ignore[arg-type]
        assert kept
        if stale is not None and stale is not self.editing.position:
            assert not self.editing.reported(object(), stale)  # type: ignore[arg-type]

    @invariant()
    def on_the_board(self) -> None:
        position, editing = self.editing.position, self.editing
        size = position.rows * position.cols
        assert editing.cursor.grid == position.grid and 0 <= editing.cursor.cell < size
        assert all(0 <= cell < size for cell in editing.picked)

    @invariant()
    def the_mine_total_fits(self) -> None:
        position = self.editing.position
        not_open = sum(1 for tile in position.tiles if not t.is_open(tile))
        assert max(1, position.tiles.count(t.MINE)) <= position.mines
        assert position.mines <= min(not_open, position.rows * position.cols - 1)

    @invariant()
    def a_report_only_for_its_position(self) -> None:
        if self.editing.report is not None:
            assert self.reported_on is self.editing.position


TestEditor = EditorMachine.TestCase
