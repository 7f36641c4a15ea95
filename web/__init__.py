"""The browser front end: thin adapters between the page's DOM and a :class:`play.Session`.

The session reports every change to one drawing function (:meth:`web.drawing.PageDrawing.draw`);
:mod:`web.board.screen` decides what to draw and :mod:`web.board.view` and :mod:`web.board.panel`
draw it,
paced by a :class:`web.page.pace.Scheduler` (the browser's is :mod:`web.page.frames`). Those, and
the pure rules of gestures, keys and HTML, run in CPython tests on a fake document; the
adapters reach the page through :mod:`web.page.browser` and run there only. None of them holds a
rule of the game: the session does.
"""
