"""Shared test settings.

Hypothesis: no per-example deadline.  The suite runs on a 2-core machine that may be
busy (CI, several test processes), and a slow example is not a wrong one; the number
of examples is still bounded by each test's settings.

The pure path (issue 13): with ``SETTE_KIT_PURE=1`` in the environment the kit takes
its pure-Python paths (:mod:`sette_kit.accel`), and this file also *blocks* numpy and
matplotlib for the whole test session, as in a browser on Pyodide where neither exists:
a finder on ``sys.meta_path`` refuses them, so any import of them fails with
ModuleNotFoundError (and ``"numpy" in sys.modules`` stays False for libraries that
look).  So the README's second test run, ``SETTE_KIT_PURE=1 python -m pytest ...``,
proves that the kit works without them; tests that compare the two paths skip there
(they run in the first, ordinary run).
"""

import os
import sys
from importlib.abc import MetaPathFinder

from hypothesis import settings

settings.register_profile("sette-kit", deadline=None, print_blob=True)
settings.load_profile("sette-kit")

BLOCKED = ("numpy", "matplotlib")
collect_ignore = []


class _Refuse(MetaPathFinder):
    """Refuse to import the BLOCKED packages (as if they were not installed)."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked: SETTE_KIT_PURE=1)", name=name)
        return None


if os.environ.get("SETTE_KIT_PURE", "").strip().lower() in ("1", "true", "yes", "on"):
    loaded = [name for name in BLOCKED if name in sys.modules]
    if loaded:
        raise RuntimeError(f"SETTE_KIT_PURE=1 but {', '.join(loaded)} was imported before the tests started")
    sys.meta_path.insert(0, _Refuse())
    collect_ignore.append("sette_kit/_sim_numpy.py")  # the numpy path itself (its doctests need numpy)
