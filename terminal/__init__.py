"""A terminal front end for the Minesweeper engine: ``python -m terminal``.

It uses only the engine's public API (``engine``), which shows that the rules
engine serves any front end. The modules each have one job:

- :mod:`terminal.options`: the command-line arguments;
- :mod:`terminal.console`: injectable input and output;
- :mod:`terminal.commands`: what the player types, parsed into commands;
- :mod:`terminal.menu`: choosing a level interactively;
- :mod:`terminal.session`: one game with its clock and record;
- :mod:`terminal.render`: boards, counters, legends and statistics as text;
- :mod:`terminal.app`: the loop that ties them together.
"""
