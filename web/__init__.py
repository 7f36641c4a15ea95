"""The browser front end: thin adapters between the page's DOM and a :class:`play.Session`.

Pure modules (:mod:`web.gestures`, :mod:`web.keyboard`, :mod:`web.render`,
:mod:`web.ids`) run in CPython tests; the adapters import ``pyscript`` and run in
the page only. None of them holds a rule of the game: the session does.
"""
