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
``sette_kit`` and ``widgets``, the README's, and the test files that mark themselves
``pytestmark = pytest.mark.pure`` (the games, the odds, the widgets, the pure path itself,
...): a file is read for that line before it is imported (``tests/support/suite_layout.py``), so
the pure run never imports the others, and the collected tests are then selected by the
marker.  The rest (browser, server, packaging, notebooks, catalogues) does not depend on
the path and runs once, in the first, ordinary run; ``tests/test_layout.py`` makes every
test file say which it is.  Tests that compare the two paths skip in the pure run.

The helper modules of the tests (``tests/support/``: lesson_tools, headsup_tools,
threadless, stake_game_lp, stake_fixtures, table_moves, adversarial, suite_layout) are
imported by name: their folder is put on ``sys.path`` here.  The test folders are packages (``tests/__init__.py`` ...), so two test
files may share a name in different folders; ``tests/browser`` is not one, and keeps its
own helpers beside it (its conftest puts them on the path).
"""

import os
import sys
from importlib.abc import MetaPathFinder
from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem
from hypothesis import settings

settings.register_profile("sette-kit", deadline=None, print_blob=True)
settings.load_profile("sette-kit")

BLOCKED = ("numpy", "matplotlib")
TESTS = Path(__file__).resolve().parent / "tests"
if str(TESTS / "support") not in sys.path:  # the tests' helper modules, imported by name
    sys.path.insert(0, str(TESTS / "support"))
from suite_layout import declares_pure  # noqa: E402  (tests/support/suite_layout.py)

PURE = os.environ.get("SETTE_KIT_PURE", "").strip().lower() in ("1", "true", "yes", "on")
# the static site's browser runtime: its IPython stand-in must never be imported in the
# test process (it would shadow IPython); tests/app/test_site_runtime.py runs it apart
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
    """In the pure run, only the test files under tests/ that mark themselves pure (read, not
    imported), and no browser tests."""
    if not PURE:
        return None
    path = Path(collection_path)
    if path == TESTS / "browser" or TESTS / "browser" in path.parents:
        return True
    if TESTS in path.parents and path.suffix == ".py" and path.name.startswith("test_"):
        return not declares_pure(path)
    return None


# Two processes (pytest-xdist, ``-n 2 --dist loadgroup`` in the README's command): each test
# file runs whole in one process (its module fixtures once, a notebook's cells in order in
# one kernel), and one group runs in a single process, one test after another: the browser
# tests (their servers and browser are made once, and they share the machine with one
# process of other tests, not more) and the tests that build a wheel, the site or the
# lessons in the source tree (setuptools' build/ folder is one per checkout).
SERIAL = ("app/test_packaging.py", "i18n/test_catalogues.py", "app/test_site.py", "app/test_lesson_site.py",
          "app/test_theme.py", "app/test_serve.py", "i18n/test_lessons.py", "lessons/test_notebooks.py",
          "teach/test_course.py")
"""The test files (under tests/) of the serial group, besides the browser tests."""


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    if PURE:  # of the tests under tests/, those marked pure (and the doctests of the files kept)
        keep = [TESTS not in Path(str(item.fspath)).parents or isinstance(item, DoctestItem)
                or item.get_closest_marker("pure") is not None for item in items]
        if not all(keep):
            config.hook.pytest_deselected(items=[item for item, k in zip(items, keep) if not k])
            items[:] = [item for item, k in zip(items, keep) if k]
    for item in items:
        path = Path(str(item.fspath))
        rel = path.relative_to(TESTS).as_posix() if TESTS in path.parents else None
        serial = path.parent == TESTS / "browser" or rel in SERIAL
        item.add_marker(pytest.mark.xdist_group("serial" if serial else path.relative_to(TESTS.parent).as_posix()))
