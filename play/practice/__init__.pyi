"""The face of :mod:`play.practice`: its one list of names, which mypy reads in place of its
``__init__.py`` and :func:`play.face` reads at run time (imported on first use)."""

from play.practice.bank import bank_drill as bank_drill
from play.practice.bank import bank_steps as bank_steps
from play.practice.checking import Answer as Answer
from play.practice.checking import NotACandidate as NotACandidate
from play.practice.checking import Unanswerable as Unanswerable
from play.practice.coach import SITTING as SITTING
from play.practice.coach import KindProgress as KindProgress
from play.practice.coach import Practice as Practice
from play.practice.coach import Sitting as Sitting
from play.practice.coach import Wanted as Wanted
from play.practice.coach import new_drills_words as new_drills_words
from play.practice.coach import sitting_plan as sitting_plan
from play.practice.drill import GAME as GAME
from play.practice.drill import LETTERS as LETTERS
from play.practice.drill import BadDrill as BadDrill
from play.practice.drill import Drill as Drill
from play.practice.drill import Task as Task
from play.practice.drill import bank_key as bank_key
from play.practice.drill import daily_kind_seed as daily_kind_seed
from play.practice.drill import task_words as task_words
from play.practice.proof import difficulty as difficulty
