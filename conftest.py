"""Shared test settings.

Hypothesis: no per-example deadline.  The suite runs on a 2-core machine that may be
busy (CI, several test processes), and a slow example is not a wrong one; the number
of examples is still bounded by each test's settings.
"""

from hypothesis import settings

settings.register_profile("sette-kit", deadline=None, print_blob=True)
settings.load_profile("sette-kit")
