"""The bot lab's dialog: the code field, the bot's file, the settings, and the buttons that
hand them to :class:`web.dialogs.lab.runs.Runner`.

The code is the player's: kept in the browser at each change (the session's storage port,
under :data:`KEPT`), saved as a ``.py`` file and opened from one. A sample
(``bots/*.py``, fetched when first picked) is read-only in spirit: the first edit makes it
"Your bot", replacing what was kept only then. The field edits Python as an editor does
through the page's one key listener (:attr:`play.game_ui.Context.CODE`, the edits
:mod:`play.lab.code_text`'s): Tab indents, and Escape gives Tab back to moving the focus.
Closing the lab stops what runs in it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING, Any

from play.game_ui import Command, Context
from play.lab import (
    Edit,
    LabSettings,
    LabSettingsError,
    changed_span,
    dedent,
    indent,
    index_to_utf16,
    newline,
    utf16_to_index,
)
from play.session import Session
from web.dialogs import modal
from web.dialogs.lab.runs import Runner
from web.dialogs.lab.sandbox import SandboxFailed
from web.page import BINDINGS, Listeners, Scheduler, closest, data, download, ids

if TYPE_CHECKING:
    from web.page import Handler, Handlers

KEPT = "minesweeper/lab-bot"
"""The player's bot, as last edited."""
KEPT_SETTINGS = "minesweeper/lab-settings"
"""The lab's settings as last changed (JSON: the form's fields by name, and the speed)."""
FIELDS = ("level", "first", "games", "boards", "key", "seed", "limit")
FIRST_SAMPLE = "one_number.py"
"""The code a first open shows: a bot that plays, to read and change."""
MAX_FILE_BYTES = 256_000
"""A bot's file larger than this is not opened: no bot needs it, and the store is small."""
SAMPLES = "./bots/"


class LabDialog:
    def __init__(
        self, document: Any, window: Any, session: Session, scheduler: Scheduler, storage: Any
    ) -> None:
        by_id = document.getElementById
        self._by_id, self._window, self._document = by_id, window, document
        self.session, self.storage = session, storage
        self.dialog = by_id(ids.LAB_DIALOG)
        self.code = by_id(ids.LAB_CODE)
        self.sample = by_id(ids.LAB_SAMPLE)
        self.file = by_id(ids.LAB_FILE)
        self.settings_form = by_id(ids.LAB_SETTINGS)
        self.speed_menu = by_id(ids.LAB_SPEED)
        self.runner = Runner(document, window, scheduler, self.point_at)
        self.tab_moves_focus = False
        """After Escape in the code: Tab leaves the field, until the next edit."""
        self._tasks: set[asyncio.Task[None]] = set()

    def wire(self, listeners: Listeners) -> None:
        listen, by_id = listeners.listen, self._by_id
        listen(by_id(ids.LAB_CLOSE), "click", lambda _e: self.dialog.close())
        listen(by_id(ids.LAB_WATCH), "click", lambda _e: self.watch())
        listen(by_id(ids.LAB_RUN), "click", lambda _e: self.run())
        listen(by_id(ids.LAB_STOP), "click", lambda _e: self.runner.stop())
        listen(by_id(ids.LAB_IMPORT), "click", lambda _e: self.file.click())
        listen(by_id(ids.LAB_EXPORT), "click", lambda _e: self.export())
        listen(self.file, "change", lambda _e: self._spawn(self.opened_file()))
        listen(self.sample, "change", lambda _e: self._spawn(self.picked()))
        listen(self.code, "input", lambda _e: self.edited())
        listen(self.settings_form, "submit", self.on_submit)
        listen(self.settings_form, "change", lambda _e: self.keep_settings())
        listen(self.speed_menu, "change", lambda _e: self.keep_settings())
        listen(by_id(ids.LAB_LOST), "click", self.on_lost_click)
        listen(by_id(ids.LAB_AGAIN), "click", lambda _e: self.run_again())
        listen(self.dialog, "close", lambda _e: self.runner.close())
        modal.wire(listeners, self.dialog, self.session)

    def open(self) -> None:
        modal.show(self.dialog, self.session)
        self._spawn(self.prepare())
        if not str(self.code.value):
            self.restore_settings()
            kept = self.storage.read(KEPT) if self.storage is not None else None
            if kept:
                self.code.value = kept
            else:
                self.sample.value = FIRST_SAMPLE
                self._spawn(self.picked())

    async def prepare(self) -> None:
        """The sandbox built while the player reads or writes the bot (the runtime read from
        the offline copy, the wasm compiled once): the first Watch or Run starts as fast as
        the next. If it cannot be built, the first action says why."""
        with contextlib.suppress(SandboxFailed):
            await self.runner.sandbox.ready()

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @property
    def name(self) -> str:
        return str(self.sample.value) or "bot.py"

    def fields(self) -> dict[str, str]:
        form = self.settings_form.elements
        return {key: str(form.namedItem(key).value) for key in FIELDS}

    def settings(self) -> LabSettings | None:
        """The settings as typed, or None once the status has said what is wrong."""
        try:
            return LabSettings.parse(self.fields())
        except LabSettingsError as error:
            self.runner.say(str(error))
            return None

    def keep_settings(self) -> None:
        if self.storage is not None:
            kept = {**self.fields(), "speed": str(self.speed_menu.value)}
            with contextlib.suppress(Exception):  # a full store: the fields still hold them
                self.storage.write(KEPT_SETTINGS, json.dumps(kept))

    def restore_settings(self) -> None:
        """The settings as the player last left them; anything unreadable is left as the
        page has it (the run refuses a bad value in words)."""
        try:
            kept = json.loads(self.storage.read(KEPT_SETTINGS) or "{}")
        except (ValueError, AttributeError):
            return
        if not isinstance(kept, dict):
            return
        form = self.settings_form.elements
        for key in FIELDS:
            if isinstance(kept.get(key), str) and len(kept[key]) <= 64:
                form.namedItem(key).value = kept[key]
        if isinstance(kept.get("speed"), str):
            self.speed_menu.value = kept["speed"]
            if not str(self.speed_menu.value):  # not one of the speeds offered
                self.speed_menu.value = "0.15"

    def watch(self) -> None:
        settings = self.settings()
        if settings is not None:
            source, boards = str(self.code.value), settings.boards()
            where = boards.name(0) if boards.guessable else "a board it cannot guess"
            self.runner.begin(
                lambda: self.runner.watch(source, self.name, settings, boards, 0, where)
            )

    def on_lost_click(self, event: Any) -> None:
        """The "Watch this board" beside a board the last run lost."""
        button = closest(event.target, "button[data-board]")
        if button is None or self.runner.last is None:
            return
        board = int(data(button, "board") or 0)
        source, name, settings, boards = self.runner.last
        where = boards.name(board) if boards.guessable else f"board {board} of the run"
        self.runner.begin(lambda: self.runner.watch(source, name, settings, boards, board, where))

    def point_at(self, line: int) -> None:
        """The code's ``line`` (from 1) selected, the caret at it: where an error is."""
        text = str(self.code.value)
        lines = text.split("\n")
        if not 1 <= line <= len(lines):
            return
        start = sum(len(before) + 1 for before in lines[: line - 1])
        end = start + len(lines[line - 1])
        self.code.focus()
        self.code.setSelectionRange(index_to_utf16(text, start), index_to_utf16(text, end))
        said = str(self.runner.status.textContent).rstrip()
        self.runner.say(f"{said} (line {line} is selected in the code)")

    def run_again(self) -> None:
        """The last run's boards again: its key typed in the settings, then a run."""
        if self.runner.last is None or self.runner.last[3].key is None:
            return
        form = self.settings_form.elements
        form.namedItem("boards").value = "fresh"
        form.namedItem("key").value = self.runner.last[3].key.hex()
        self.keep_settings()
        self.run()

    def run(self) -> None:
        settings = self.settings()
        if settings is not None:
            source = str(self.code.value)
            self.runner.begin(lambda: self.runner.run(source, self.name, settings))

    def on_submit(self, event: Any) -> None:
        event.preventDefault()  # Enter in a setting: a run, as the button would
        self.run()

    def edited(self) -> None:
        """The code changed by the player: it is their bot now, kept."""
        self.tab_moves_focus = False
        self.sample.value = ""
        self.keep()

    def keep(self) -> None:
        if self.storage is not None:
            with contextlib.suppress(Exception):  # a full store: the field still holds it
                self.storage.write(KEPT, str(self.code.value))

    async def picked(self) -> None:
        """The bot picked: a sample fetched, or the player's own from the store."""
        name = str(self.sample.value)
        if not name:
            kept = self.storage.read(KEPT) if self.storage is not None else None
            self.code.value = kept or ""
            return
        try:
            response = await self._window.fetch(SAMPLES + name)
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            text = str(await response.text())
        except Exception as error:  # offline before the lab was ever opened, say
            self.runner.say(f"The sample {name} could not be fetched ({error}).")
            return
        if str(self.sample.value) == name:  # not typed over, nor another picked, meanwhile
            self.code.value = text

    async def opened_file(self) -> None:
        files = self.file.files
        if not files or not files.length:
            return
        chosen = files.item(0)
        self.file.value = ""  # the same file opened again is a change too
        if int(chosen.size) > MAX_FILE_BYTES:
            self.runner.say(f"{chosen.name} is over {MAX_FILE_BYTES // 1000} KB: not a bot's file.")
            return
        try:
            text = str(await chosen.text())
        except Exception:
            self.runner.say(f"{chosen.name} could not be read.")
            return
        if "\x00" in text:
            self.runner.say(f"{chosen.name} is not a text file.")
            return
        self.code.value = text
        self.edited()
        self.runner.say(f"Opened {chosen.name}: it is your bot now.")

    def export(self) -> None:
        name = "bot.py" if not str(self.sample.value) else self.name
        download(self._window, name, str(self.code.value), "text/x-python")

    def commands(self) -> Handlers:
        """The code field's keys (:attr:`play.game_ui.Context.CODE`)."""

        def editing(edit: Any) -> Handler:
            def run(_event: Any) -> bool:
                if self.tab_moves_focus and edit is not newline:
                    return False  # after Escape: the browser's Tab moves the focus
                text = str(self.code.value)
                start = utf16_to_index(text, int(self.code.selectionStart))
                end = utf16_to_index(text, int(self.code.selectionEnd))
                self._apply(text, edit(text, start, end))
                return True

            return run

        def leave(_event: Any) -> bool:
            if self.tab_moves_focus:
                return False  # a second Escape: the dialog's own (it closes)
            self.tab_moves_focus = True
            self.runner.say(
                "Tab now moves to the next control; any edit gives it back to the code."
            )
            return True

        handlers: dict[Command, Handler] = {
            Command.INDENT: editing(indent),
            Command.DEDENT: editing(dedent),
            Command.NEW_LINE: editing(newline),
            Command.LEAVE_CODE: leave,
        }
        assert set(handlers) == set(BINDINGS[Context.CODE].values())
        return {Context.CODE: handlers}

    def _apply(self, before: str, edit: Edit) -> None:
        """The edit typed into the field as the player would (the span it changed only),
        so that Ctrl+Z undoes it; where the browser cannot, the value is set."""
        after, start, end = edit
        first, last, typed = changed_span(before, after)
        field = self.code
        field.setSelectionRange(index_to_utf16(before, first), index_to_utf16(before, last))
        if typed:
            self._document.execCommand("insertText", False, typed)
        elif first != last:
            self._document.execCommand("delete", False)
        if str(field.value) != after:  # a browser that would not type it
            field.value = after
        field.setSelectionRange(index_to_utf16(after, start), index_to_utf16(after, end))
        self.edited()
