"""Which test files run on the pure path, read without importing them.

A test file that must also pass with numpy and matplotlib blocked (``SETTE_KIT_PURE=1``)
says so itself, with ``pytestmark = pytest.mark.pure`` at its top level.  The root
``conftest.py`` reads that line (:func:`declares_pure`) *before* it imports a file, so the
pure run never imports a file that needs numpy, and then selects the collected tests by the
marker.  Every other test file runs once, in the ordinary run: :data:`ONCE` says why for
those that import nothing heavy, and ``tests/test_layout.py`` fails for a file that is
neither pure nor declared here, so the choice is made for every new file.
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
PURE_LINE = re.compile(r"^pytestmark\s*=.*\bpytest\.mark\.pure\b", re.MULTILINE)
HEAVY = re.compile(r"^\s*(?:import|from)\s+(numpy|matplotlib|scipy|nbformat|nbclient|voila|jinja2|playwright)\b"
                   r"|importorskip\(\s*[\"'](?:numpy|babel)[\"']", re.MULTILINE)
"""What a file that may be left out of the pure run imports (the blocked libraries, notebooks, servers)."""

ONCE = {
    "app/": "delivery (server, static site, packaging, class hub, terminal): the same on both paths",
    "browser/": "a real browser against a server: never in the pure run",
    "i18n/": "catalogues and translated words: no number the accelerator computes",
    "lessons/": "the lessons' own cells and numbers, run once (lessons/test_without_numpy.py blocks numpy itself)",
    "games/sette/test_odds_small_decks.py": "a slow brute force; the pure odds are games/sette/test_odds.py's",
    "games/sette/test_rulings_and_wording.py": "rulings and their wording: no accelerated path",
    "games/sette/test_stake_game.py": "exact fractions against a brute-force LP: no accelerated path",
    "games/test_saves.py": "saved games are text: no accelerated path",
    "games/test_saves_properties.py": "random play and saves: no accelerated path",
    "games/test_shared_table.py": "the engines' shared table machinery: no accelerated path",
    "teach/test_answers.py": "reading learners' answers: no accelerated path",
    "teach/test_course.py": "the course catalogue and its notebooks",
    "teach/test_questions.py": "generated questions: exact answers, no accelerated path",
    "teach/test_questions_extra.py": "generated questions: exact answers, no accelerated path",
    "teach/test_risk_counting_without_numpy.py": "runs its checks in fresh interpreters without numpy itself",
    "test_bad_input.py": "errors at the boundaries, not numbers",
    "test_layers.py": "reads the import statements of the source: no code runs",
    "test_types.py": "runs the type checker over the source",
    "teach/test_layer.py": "the teaching layer's facades, imports and messages: no accelerated path",
    "widgets/test_bluff_lab.py": "exact fractions: no accelerated path",
}
"""Test files (or folders, ending in ``/``) under tests/ that run once, in the ordinary run, and why."""


def declares_pure(path: Path) -> bool:
    """True when the test file at ``path`` marks itself ``pytest.mark.pure`` (its text, not imported)."""
    return bool(PURE_LINE.search(path.read_text(encoding="utf-8")))


def declared_once(path: Path) -> str | None:
    """Why the test file at ``path`` runs only once, or None when :data:`ONCE` does not say."""
    rel = path.resolve().relative_to(TESTS).as_posix()
    return next((why for where, why in ONCE.items() if rel == where or (where.endswith("/") and rel.startswith(where))),
                None)


def all_test_files() -> list[Path]:
    """Every test file under tests/, sorted."""
    return sorted(TESTS.rglob("test_*.py"))
