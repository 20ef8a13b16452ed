"""numpy as an optional accelerator: the kit runs on pure Python.

Every module of ``sette_kit`` and ``widgets`` imports and works without numpy (and no
module uses matplotlib): that is how the lessons run inside a browser on Pyodide, where
no numpy can be had.  Where numpy is importable it speeds up two hot paths, and only
those:

- the exact engine's bank tables (:mod:`sette_kit.odds`, ``odds.solve`` and
  ``odds.policy_ev``): vectorised over decks with numpy, or the same integer
  arithmetic in a Python loop.  **Both paths give the same exact Fractions** (and the
  float paths agree to 1e-12);
- the Monte Carlo simulator (:mod:`sette_kit.simulate`): vectorised over rounds with
  numpy, or one round at a time in Python.  **Both paths draw the same random numbers
  and give the same results, bit for bit**: the pure path reimplements numpy's
  ``SeedSequence`` and ``PCG64`` generator (see :mod:`sette_kit._sim_pure`), so a seed
  means the same rounds everywhere.  It plays about a tenth as many rounds a second.

The path is chosen when a computation starts, not at import: numpy is used when it can
be imported and the pure path is not forced.  Two switches force the pure path, for
tests, benchmarks and for checking what a browser without numpy will do:

- the environment variable ``SETTE_KIT_PURE=1`` (read once, when this module is first
  imported), e.g. ``SETTE_KIT_PURE=1 python -m pytest tests/test_odds.py``;
- :func:`use_numpy` ``(False)`` in a running program, or the :func:`pure` context
  manager for a block of code.

>>> from sette_kit import accel
>>> with accel.pure():
...     accel.numpy() is None, accel.path()
(True, 'pure')
>>> from sette_kit import Rules, odds
>>> with accel.pure():
...     a = odds.solve(Rules.preset("plain"), dealer=odds.stand_at(5)).ev
>>> a == odds.solve(Rules.preset("plain"), dealer=odds.stand_at(5)).ev
True
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

__all__ = ["numpy", "use_numpy", "pure", "path", "numpy_available", "ENV_PURE", "forced_pure_by_env"]

ENV_PURE = "SETTE_KIT_PURE"
"""The environment variable that forces the pure path when set to 1 (or true, yes)."""


def forced_pure_by_env(environ=None) -> bool:
    """True when ``SETTE_KIT_PURE`` asks for the pure path ("1", "true", "yes"; "0",
    "" and "false" do not).

    >>> forced_pure_by_env({"SETTE_KIT_PURE": "1"}), forced_pure_by_env({"SETTE_KIT_PURE": "0"}), forced_pure_by_env({})
    (True, False, False)
    """
    value = (os.environ if environ is None else environ).get(ENV_PURE, "")
    return value.strip().lower() in ("1", "true", "yes", "on")


_forced_pure = forced_pure_by_env()
_np: Any = None  # the numpy module once imported; False when it cannot be
_tried = False


def numpy_available() -> bool:
    """True when numpy can be imported here (whatever the switch says)."""
    global _np, _tried
    if not _tried:
        _tried = True
        try:
            import numpy as np
        except ImportError:  # Pyodide without numpy, or numpy blocked
            _np = False
        else:
            _np = np
    return _np is not False


def numpy():
    """The numpy module to accelerate with, or None for the pure path (numpy missing
    or the pure path forced).  Imports numpy on first use only, so ``import sette_kit``
    stays fast."""
    if _forced_pure or not numpy_available():
        return None
    return _np


def path() -> str:
    """'numpy' or 'pure': the path a computation started now would take."""
    return "pure" if numpy() is None else "numpy"


def use_numpy(flag: bool) -> bool:
    """Allow (True) or forbid (False) numpy from now on; returns the previous setting.
    Allowing it has no effect where numpy cannot be imported."""
    global _forced_pure
    before = not _forced_pure
    _forced_pure = not flag
    return before


@contextlib.contextmanager
def pure(flag: bool = True):
    """``with pure():`` runs the block on the pure path (``pure(False)``: with numpy,
    where it is available), then restores the previous setting."""
    before = use_numpy(not flag)
    try:
        yield
    finally:
        use_numpy(before)
