"""The page's entry point: start the game, or tell the player why it could not start.

static/pyodide-boot.mjs runs it once Python is up with our modules on ``sys.path``."""

import traceback

from web.browser import document, jsnull, window

# Marks of the start's timeline, read by `make bench` (benchmarks/startup.py).
window.performance.mark("main-start")
try:
    from web.app import start

    window.performance.mark("modules-imported")
    app = start()
except Exception as error:
    window.console.error(traceback.format_exc())
    # A literal id: web/ itself may be what failed to import. A miss is JavaScript's null,
    # which Pyodide hands over as jsnull, not None.
    loading = document.getElementById("loading")
    text = f"The game could not start: {type(error).__name__}: {error}"
    if loading is not None and loading is not jsnull:
        loading.textContent = text
    else:
        document.body.append(text)
