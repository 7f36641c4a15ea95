"""A terminal front end for the Minesweeper engine: ``python -m terminal``.

It drives the same play session as the page (:class:`play.Session`), which owns
the game, its clock and record; this package only reads commands and prints. The
modules each have one job:

- :mod:`terminal.options`: the command-line arguments, and what they ask of the start;
- :mod:`terminal.start`: the questions the start may ask (the level, carrying on a game);
- :mod:`terminal.console`: injectable input and output;
- :mod:`terminal.commands`: what the player types, parsed into commands;
- :mod:`terminal.menu`: choosing a level interactively;
- :mod:`terminal.render`: boards, counters, legends and a game's figures as text;
- :mod:`terminal.stats_table`: statistics and best times as text;
- :mod:`terminal.replays`: the list of kept games, and a game played back as text;
- :mod:`terminal.keeping`: the commands about kept data (stats, replay, export...);
- :mod:`terminal.file_storage`: the storage port over a JSON file in the data directory;
- :mod:`terminal.app`: the loop that ties them together, and the one place that prints
  what the session reports.
"""
