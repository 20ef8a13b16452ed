"""Shared test settings.

Hypothesis: no per-example deadline.  The suite runs on a 2-core machine that may be
busy (CI, several test processes), and a slow example is not a wrong one; the number
of examples is still bounded by each test's settings.

The pure path (issue 13): with ``SETTE_KIT_PURE=1`` in the environment the kit takes
its pure-Python paths (:mod:`sette_kit.accel`), and this file also *blocks* numpy and
matplotlib for the whole test session, as in a browser on Pyodide where neither exists:
a finder on ``sys.meta_path`` refuses them, so any import of them fails with
ModuleNotFoundError (and ``"numpy" in sys.modules`` stays False for libraries that
look).  So the README's second test run, ``SETTE_KIT_PURE=1 python -m pytest -m "not
slow"``, proves that the kit works without them.  That run collects the doctests of
``sette_kit`` and ``widgets``, the README's, and the test files of :data:`PURE_SUITE`
(odds, simulate, game, quattro, trentuno, the widgets, the pure path itself, the lesson
numbers of lessons 5-7); the rest (browser, server, packaging, notebooks) does not
depend on the path and runs once, in the first, ordinary run.  Tests that compare the
two paths skip in the pure run.
"""

import fnmatch
import os
import sys
from importlib.abc import MetaPathFinder
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("sette-kit", deadline=None, print_blob=True)
settings.load_profile("sette-kit")

BLOCKED = ("numpy", "matplotlib")
PURE_SUITE = ("test_odds*.py", "test_simulat*.py", "test_game*.py", "test_policies.py", "test_quattro*.py",
              "test_trentuno*.py", "test_table_player.py", "test_strategy_chart.py", "test_variant_explorer.py",
              "test_score_trainer.py", "test_matta_explorer.py", "test_quiz.py", "test_render.py",
              "test_widgets_*.py", "test_pure_path.py", "test_lessons_05_07.py", "test_cards.py",
              "test_scoring.py", "test_rules.py", "test_risk.py", "test_counting.py", "test_staking.py",
              "test_labs_library.py", "test_betting_lab.py", "test_bankroll_lab.py", "test_shoe_lab.py",
              "test_counting_lab.py", "test_labs_text.py")
"""The test files of tests/ that also run on the pure path (SETTE_KIT_PURE=1)."""
TESTS = Path(__file__).resolve().parent / "tests"
PURE = os.environ.get("SETTE_KIT_PURE", "").strip().lower() in ("1", "true", "yes", "on")
# the static site's browser runtime: its IPython stand-in must never be imported in the
# test process (it would shadow IPython); tests/test_site_runtime.py runs it apart
collect_ignore = ["sette_kit/app/site/runtime"]
# the old delivery paths are facades over sette_kit/app (collected there): pytest would
# find sette_kit/serve.py's module to be sette_kit/app/serve.py and refuse it
collect_ignore += ["sette_kit/serve.py", "sette_kit/cli", "sette_kit/webapp", "sette_kit/site",
                   "sette_kit/classroom/hub.py", "sette_kit/classroom/store.py", "sette_kit/classroom/items.py",
                   "sette_kit/classroom/summary.py"]


class _Refuse(MetaPathFinder):
    """Refuse to import the BLOCKED packages (as if they were not installed)."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked: SETTE_KIT_PURE=1)", name=name)
        return None


if PURE:
    loaded = [name for name in BLOCKED if name in sys.modules]
    if loaded:
        raise RuntimeError(f"SETTE_KIT_PURE=1 but {', '.join(loaded)} was imported before the tests started")
    sys.meta_path.insert(0, _Refuse())
    collect_ignore.append("sette_kit/_sim_numpy.py")  # the numpy path itself (its doctests need numpy)


def pytest_ignore_collect(collection_path, config):
    """In the pure run, only the files of PURE_SUITE under tests/ (and no browser tests)."""
    if not PURE:
        return None
    path = Path(collection_path)
    if path == TESTS / "browser" or TESTS / "browser" in path.parents:
        return True
    if path.parent == TESTS and path.suffix == ".py" and path.name.startswith("test_"):
        return not any(fnmatch.fnmatch(path.name, pattern) for pattern in PURE_SUITE)
    return None


# Two processes (pytest-xdist, ``-n 2 --dist loadgroup`` in the README's command): each test
# file runs whole in one process (its module fixtures once, a notebook's cells in order in
# one kernel), and one group runs in a single process, one test after another: the browser
# tests (their servers and browser are made once, and they share the machine with one
# process of other tests, not more) and the tests that build a wheel, the site or the
# lessons in the source tree (setuptools' build/ folder is one per checkout).
SERIAL = ("test_packaging.py", "test_i18n.py", "test_site.py", "test_lesson_site.py", "test_theme.py",
          "test_serve.py", "test_lessons_i18n.py", "test_lessons.py", "test_course.py")


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.fspath))
        serial = path.parent == TESTS / "browser" or (path.parent == TESTS and path.name in SERIAL)
        item.add_marker(pytest.mark.xdist_group("serial" if serial else path.relative_to(TESTS.parent).as_posix()))
