"""The browser front end: thin adapters between the page's DOM and a :class:`play.Session`.

The session reports every change to one drawing function (:meth:`web.drawing.PageDrawing.draw`);
:mod:`web.screen` decides what to draw and :mod:`web.view` and :mod:`web.panel` draw it,
paced by a :class:`web.pace.Scheduler` (the browser's is :mod:`web.frames`). Those, and
the pure rules of gestures, keys and HTML, run in CPython tests on a fake document; the
adapters reach the page through :mod:`web.browser` and run there only. None of them holds a
rule of the game: the session does.
"""
