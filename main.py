"""The page's entry point: start the game, or tell the player why it could not start.

PyScript runs it (index.html's ``<script type="py" src="./main.py">``, configured by
pyscript.toml) once Python is up with our modules on ``sys.path``. It reaches the page
through ``pyscript`` itself, not through web/page/browser.py: web/ may be what failed."""

import traceback

from pyscript import document, ffi, window

# Marks of the start's timeline, read by `make bench` (benchmarks/startup.py).
window.performance.mark("main-start")
try:
    from web.app import start

    window.performance.mark("modules-imported")
    app = start()
except Exception as error:
    window.console.error(traceback.format_exc())
    # A literal id: web/ itself may be what failed to import. A miss is JavaScript's null,
    # which Pyodide hands over as jsnull, not None: ffi.is_none knows both.
    loading = document.getElementById("loading")
    text = f"The game could not start: {type(error).__name__}: {error}"
    if not ffi.is_none(loading):
        loading.textContent = text
    else:
        document.body.append(text)
