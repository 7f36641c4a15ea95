"""WebKit (Safari's engine) as Debian ships it: WebKitGTK's MiniBrowser, on a virtual screen.

Two ways in, for two things its automation cannot do together:

* :class:`WebKitDriver` drives MiniBrowser through ``WebKitWebDriver`` (Selenium's
  ``WebKitGTK`` driver) to read the page, and plays with real X input (``xdotool`` on our
  own Xvfb). Not Selenium's actions: through them WebKitGTK 2.50 takes a right click
  wrongly, and every left click after it arrives with ``buttons=3`` (both buttons held),
  which the game rightly reads as a chord. Real input is what a player sends anyway.
* :func:`console_of_visit` starts MiniBrowser by itself, which writes the page's console
  on its stdout (``--enable-write-console-messages-to-stdout``). Under automation it
  writes nothing: the setting does not reach the views automation opens. So the console
  of a visit is read there (on stderr), in a profile that lasts from one visit to the next.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tools.engines.driver import Button, EngineMissing

MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBDRIVER = Path("/usr/bin/WebKitWebDriver")
SCREEN = "1280x1024x24"
VIEWPORT = (1000, 800)
BUTTONS = {"left": "1", "middle": "2", "right": "3"}
# KeyboardEvent.key names as X names them (xdotool takes keysyms).
KEYSYMS = {"?": "question", " ": "space", "Enter": "Return", "ArrowUp": "Up",
           "ArrowDown": "Down", "ArrowLeft": "Left", "ArrowRight": "Right"}  # fmt: skip


def minibrowser() -> Path:
    """MiniBrowser's path, wherever the machine's architecture put it."""
    for path in [MINIBROWSER, *Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser")]:
        if path.exists():
            return path
    raise EngineMissing("webkit: not installed here (Debian's webkit2gtk-driver is not)")


def check_installed() -> None:
    minibrowser()
    for tool, package in (
        ("Xvfb", "xvfb"),
        ("xdotool", "xdotool"),
        (str(WEBDRIVER), "webkit2gtk-driver"),
    ):
        if shutil.which(tool) is None:
            raise EngineMissing(f"webkit: {tool} is not installed here (Debian's {package})")


@contextmanager
def virtual_screen() -> Iterator[str]:
    """An Xvfb display of our own (``:N``) for as long as the block runs."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as numbers:
        display = f":{numbers.readline().strip()}"
    try:
        yield display
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


class WebKitDriver:
    """MiniBrowser under WebKitWebDriver on its own Xvfb, played with xdotool."""

    name = "webkit"

    def __init__(self) -> None:
        check_installed()
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self._screen = virtual_screen()
        self._env = {**os.environ, "DISPLAY": self._screen.__enter__()}
        options = Options()
        options.binary_location = str(minibrowser())
        options.add_argument("--automation")
        service = Service(
            executable_path=str(WEBDRIVER), env=self._env, log_output=subprocess.DEVNULL
        )
        try:
            self._browser = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self._screen.__exit__(None, None, None)
            raise
        self._browser.set_window_size(*VIEWPORT)
        self.version = f"webkitgtk/{self._browser.capabilities.get('browserVersion', '?')}"
        self._offset: tuple[float, float] | None = None

    def open(self, url: str) -> None:
        self._browser.get(url)
        self._offset = None

    def new_tab(self) -> None:
        old = self._browser.current_window_handle
        self._browser.switch_to.new_window("tab")
        new = self._browser.current_window_handle
        self._browser.switch_to.window(old)
        self._browser.close()
        self._browser.switch_to.window(new)
        self._offset = None

    def reload(self) -> None:
        self._browser.refresh()
        self._offset = None

    def run(self, js: str) -> Any:
        # A promise is awaited: the script calls back with its value, or with the error.
        reply = self._browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({js}))"
            ".then(value => done({value}), error => done({error: String(error)}));"
        )
        if "error" in reply:
            raise RuntimeError(f"webkit: {reply['error']}")
        return reply.get("value")

    def _xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self._env, check=True)

    def _screen_point(self, x: float, y: float) -> tuple[int, int]:
        """Where the viewport's ``(x, y)`` is on the X screen: learned once per page from
        where a real pointer move lands (the window's frame and toolbar are MiniBrowser's)."""
        if self._offset is None:
            self.run("(window.__landed = null, addEventListener('mousemove', e =>"
                     " window.__landed = [e.clientX, e.clientY], {once: true}), 0)")  # fmt: skip
            probe = (VIEWPORT[0] // 2, 60)
            self._xdotool("mousemove", str(probe[0] - 7), str(probe[1]))
            self._xdotool("mousemove", str(probe[0]), str(probe[1]))
            landed = None
            for _ in range(100):
                landed = self.run("window.__landed")
                if landed:
                    break
                time.sleep(0.02)
            if not landed:
                raise RuntimeError("webkit: the pointer's move never reached the page")
            self._offset = (probe[0] - landed[0], probe[1] - landed[1])
        return round(x + self._offset[0]), round(y + self._offset[1])

    def click(self, x: float, y: float, button: Button = "left") -> None:
        sx, sy = self._screen_point(x, y)
        self._xdotool("mousemove", str(sx), str(sy), "click", BUTTONS[button])

    def press(self, key: str) -> None:
        self._xdotool("key", KEYSYMS.get(key, key))

    def screenshot(self, path: str) -> None:
        self._browser.save_screenshot(path)

    def problems(self) -> list[str]:
        """Nothing: WebKitGTK's automation hands no console over (see :func:`console_of_visit`)."""
        return []

    def close(self) -> None:
        try:
            self._browser.quit()
        finally:
            self._screen.__exit__(None, None, None)


class ConsoleProfile:
    """MiniBrowser started by itself, visit after visit, in one profile of its own."""

    def __init__(self) -> None:
        check_installed()
        self.home = Path(tempfile.mkdtemp(prefix="engine-webkit-console-"))

    def visit(self, url: str, settle_s: float = 6.0, timeout_s: float = 60.0) -> list[str]:
        """Open ``url`` in a new MiniBrowser; the console lines it wrote until PyScript said
        it is ready and ``settle_s`` more (WebKit warns of unused preloads a few seconds
        after the load event)."""
        env = {
            **os.environ,
            "XDG_DATA_HOME": str(self.home / "data"),
            "XDG_CACHE_HOME": str(self.home / "cache"),
            "XDG_CONFIG_HOME": str(self.home / "config"),
        }
        out = self.home / "console.txt"
        with virtual_screen() as display, out.open("w") as sink:
            browser = subprocess.Popen(
                [str(minibrowser()), "--enable-write-console-messages-to-stdout=true", url],
                env={**env, "DISPLAY": display},
                stdout=subprocess.DEVNULL,
                stderr=sink,  # where the console is written, despite the setting's name
            )
            try:
                deadline = time.monotonic() + timeout_s
                while "PyScript Ready" not in out.read_text() and time.monotonic() < deadline:
                    time.sleep(0.1)
                time.sleep(settle_s)
            finally:
                browser.terminate()
                browser.wait(timeout=10)
        lines = out.read_text().splitlines()
        said = [
            line for line in lines if "CONSOLE" in line and (" ERROR " in line or " WARN " in line)
        ]
        if not any("PyScript Ready" in line for line in lines):
            said.append(f"PyScript never said it was ready in {timeout_s:.0f} s")
        return said

    def close(self) -> None:
        shutil.rmtree(self.home, ignore_errors=True)
