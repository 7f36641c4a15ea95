"""The browser front end: thin adapters between the page's DOM and a :class:`play.Session`.

Grouped by what it draws, in floors (each package imports only those below it, another
package only through its face): :mod:`web.page` (the browser's plumbing), :mod:`web.board`
(the board and its input), :mod:`web.controls` (what is around it), :mod:`web.dialogs`; on
top, the page's start (:mod:`web.app`) and its one drawing function
(:meth:`web.drawing.PageDrawing.draw`), to which the session reports every change.
:mod:`web.board.screen` decides what to draw, and the view and the panel draw it, paced by
a :class:`web.page.pace.Scheduler` (the browser's: :class:`web.page.pace.BrowserScheduler`).
Those, and the pure rules of gestures, keys and HTML, run in CPython tests on a fake
document; the adapters reach the page through :mod:`web.page.browser` and run there only.
None of them holds a rule of the game: the session does.
"""
