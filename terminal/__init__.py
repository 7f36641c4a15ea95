"""A terminal front end for the Minesweeper engine: ``python -m terminal``.

It drives the same play session as the page (:class:`play.Session`), which owns
the game, its clock and record; this package only reads commands and prints. The
modules each have one job:

- :mod:`terminal.options`: the command-line arguments;
- :mod:`terminal.console`: injectable input and output;
- :mod:`terminal.commands`: what the player types, parsed into commands;
- :mod:`terminal.menu`: choosing a level interactively;
- :mod:`terminal.render`: boards, counters, legends and statistics as text;
- :mod:`terminal.app`: the loop that ties them together.
"""
