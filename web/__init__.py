"""The browser front end: translates DOM events into engine moves and draws what changed.

Everything here but :mod:`web.app` (and :mod:`web.dom`) is plain Python that the
unit tests run in CPython; only those two modules touch the browser.
"""
