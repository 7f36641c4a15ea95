"""Settings every test shares.

Hypothesis's own deadline (200 ms an example) is a timing test: on a busy 2-core machine an
example of tests/test_position_text.py took 267 ms and failed, though nothing was wrong.
Speed is measured by the benchmarks, which print figures; the tests check behaviour, so
the deadline is off for every property test (a test may still set its own settings).
"""

from hypothesis import settings

settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")
