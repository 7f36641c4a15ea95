"""Names vulture cannot see used, each with who uses it (read by tests/test_dead_code.py).

Vulture reads Python only, and a name at a time: a property the browser reads, a method
Python itself calls or a function only doctests call looks unused to it. Each entry below
names one such (``_.name`` marks the name used anywhere, as vulture's own whitelists do),
with who uses it. A name that no longer needs its entry should lose it.
"""


class _Names:
    """Reads any name as None: the entries are for vulture to read (this module is imported
    only when pytest collects the doctests under tests/)."""

    def __getattr__(self, name: str) -> None:
        return None


_ = _Names()

CALLED_BY_DOCTESTS = (
    # engine.layout.Layout.from_text: boards drawn as text in the doctests of 30 modules and
    # in the tests (Layout.to_text's inverse); the game deals its boards from seeds.
    _.from_text,
    # play.start.address.from_query: an address read with Python's own parse, in the
    # module's doctests and the tests; the page hands the browser's parse to from_params.
    _.from_query,
    # play.practice.bank_drill: a bank's drill made at once, in the module's doctests and the
    # tests; the game makes them in slices (bank_steps). Its face listed it as a string, which
    # vulture read as a use; the face's stub is no Python vulture reads.
    _.bank_drill,
)
CALLED_BY_JAVASCRIPT = (
    # play.lab.worker.BotHost and solver_wins: static/lab-worker.mjs runs the player's bot
    # and our solver's games through them (lab.BotHost(), lab.solver_wins(...)).
    _.BotHost,
    _.solver_wins,
    # web.page.bytecode.compiled_steps: static/pyodide-boot.mjs compiles PyScript's package
    # on the device through it (pyodide.pyimport("web.page.bytecode").compiled_steps).
    _.compiled_steps,
)
READ_BY_THE_BROWSER = (
    # web.dialogs.lab.sandbox: the sandbox frame's document, set as its srcdoc property.
    _.srcdoc,
)
KEPT_ALIVE = (
    _.app,  # main.py: the started app, a module global for as long as the page lives
    _._warming,  # web.app: the warm-up task, kept until it ends, as asyncio asks
)
READ_BY_THE_BROWSER = (  # the page's Python sets them, the browser (or its scripts) reads them
    _.innerHTML,  # an element's content, as HTML
    _.textContent,  # an element's text
    _.href,  # a download link's address
    _.paddingLeft,  # a style property
    _.dropEffect,  # a drag's DataTransfer: what the pointer shows over the page
    _.cellSize,  # dataset.cellSize: static/skeleton.js draws the board before Python starts
    # dataset.*Ms: a dialog's timings, read by benchmarks.practice_page and
    # benchmarks.review_page (through the page), and by tests/e2e/test_practice.py
    _.openMs,
    _.shownMs,
    _.answerMs,
    _.firstMs,
    _.totalMs,
    _.longestMs,
)
CALLED_BY_PYTHON = (
    _.__getattr__,  # web.page.browser: a module's __getattr__ (PEP 562)
    _.Wirable,  # web.dialogs.player_tools: a Protocol named in a string, TypeVar(bound=...)
)
