"""Practice from your own mistakes: drills made from reviewed games, and a bank for everyone.

A :class:`~play.practice.drill.Drill` is a position a player saw (tiles only, never a
layout) and a task in words. The modules, each with one job:

- :mod:`~play.practice.drill`: the drill, and its text form;
- :mod:`~play.practice.making`: drills from a review's needless guesses, worse guesses and
  blunders;
- :mod:`~play.practice.checking`: an answer checked by the solver, with its proof in words
  and the numbers that prove it;
- :mod:`~play.practice.proof`: the steps and numbers a proof needs, by the rules players use;
- :mod:`~play.practice.bank`: drills for everyone, from a kind and a seed, and the day's drill;
- :mod:`~play.practice.deck`: the drills kept, with their schedule, read strictly;
- :mod:`~play.practice.schedule`: when a drill comes back (the `fsrs` scheduler);
- :mod:`~play.practice.coach`: what the session holds: the deck, the drills due, a sitting.
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from play.practice.bank import bank_drill, bank_steps, daily_drill
    from play.practice.checking import Answer, NotACandidate, Unanswerable
    from play.practice.coach import (
        SITTING,
        KindProgress,
        Practice,
        Sitting,
        Wanted,
        new_drills_words,
        sitting_plan,
    )
    from play.practice.drill import (
        GAME,
        LETTERS,
        BadDrill,
        Drill,
        Task,
        bank_key,
        daily_kind_seed,
        task_words,
    )
    from play.practice.proof import difficulty

__getattr__ = face(
    __name__,
    {
        "Answer": "play.practice.checking",
        "BadDrill": "play.practice.drill",
        "Drill": "play.practice.drill",
        "GAME": "play.practice.drill",
        "KindProgress": "play.practice.coach",
        "LETTERS": "play.practice.drill",
        "NotACandidate": "play.practice.checking",
        "Practice": "play.practice.coach",
        "SITTING": "play.practice.coach",
        "Sitting": "play.practice.coach",
        "Task": "play.practice.drill",
        "Unanswerable": "play.practice.checking",
        "Wanted": "play.practice.coach",
        "bank_drill": "play.practice.bank",
        "bank_key": "play.practice.drill",
        "bank_steps": "play.practice.bank",
        "daily_drill": "play.practice.bank",
        "daily_kind_seed": "play.practice.drill",
        "difficulty": "play.practice.proof",
        "new_drills_words": "play.practice.coach",
        "sitting_plan": "play.practice.coach",
        "task_words": "play.practice.drill",
    },
)
__all__ = [
    "GAME",
    "LETTERS",
    "SITTING",
    "Answer",
    "BadDrill",
    "Drill",
    "KindProgress",
    "NotACandidate",
    "Practice",
    "Sitting",
    "Task",
    "Unanswerable",
    "Wanted",
    "bank_drill",
    "bank_key",
    "bank_steps",
    "daily_drill",
    "daily_kind_seed",
    "difficulty",
    "new_drills_words",
    "sitting_plan",
    "task_words",
]
