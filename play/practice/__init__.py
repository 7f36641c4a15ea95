"""Practice from your own mistakes: drills made from reviewed games, and a bank for everyone.

A :class:`~play.practice.drill.Drill` is a position a player saw (tiles only, never a
layout) and a task in words. The modules, each with one job:

- :mod:`~play.practice.drill`: the drill, and its text form;
- :mod:`~play.practice.making`: drills from a review's needless guesses, worse guesses and
  blunders;
- :mod:`~play.practice.checking`: an answer checked by the solver, with its proof in words
  and the numbers that prove it;
- :mod:`~play.practice.proof`: the steps and numbers a proof needs, by the rules players use;
- :mod:`~play.practice.bank`: drills for everyone, from a kind and a seed (the day's drill: its
  kind and seed from the date, :func:`~play.practice.drill.daily_kind_seed`);
- :mod:`~play.practice.deck`: the drills kept, with their schedule, read strictly;
- :mod:`~play.practice.schedule`: when a drill comes back (the `fsrs` scheduler);
- :mod:`~play.practice.coach`: what the session holds: the deck, the drills due, a sitting.
"""

from play import face

__getattr__, __all__ = face(__name__)
