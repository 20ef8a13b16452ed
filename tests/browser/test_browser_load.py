"""A classroom: 20 concurrent sessions of "Playing a round" against one server on
loopback; every session renders and completes its round.  The figures (time to first
render, memory per kernel) are printed; ``python bench/bench_serve.py`` reports them too.

Runs against the one-button fixture as well, so the harness is exercised even before
the lesson exists.
"""

from __future__ import annotations

import pytest

from sette_kit.serve import list_lessons, lessons_dir
from sk_browser import browser_or_skip
from sk_load import classroom, format_classroom

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "03-playing-a-round.ipynb"
SESSIONS = 20


def test_classroom_of_20_playing_a_round(lessons_server):
    if LESSON not in list_lessons(lessons_dir()):
        pytest.skip(f"lessons/{LESSON} does not exist yet")
    chromium, args = browser_or_skip()
    figures = classroom(lessons_server, LESSON, sessions=SESSIONS, chromium=chromium, args=args)
    print(format_classroom(figures))
    assert figures["errors"] == []
    assert figures["ok"] == SESSIONS
    assert figures["kernels"] >= SESSIONS  # one kernel per page (plus preheated ones)


def test_classroom_harness_on_the_baseline(fixture_server):
    chromium, args = browser_or_skip()
    figures = classroom(fixture_server, "01-one-button.ipynb", sessions=5, chromium=chromium, args=args)
    print(format_classroom(figures))
    assert figures["errors"] == [] and figures["ok"] == 5
    assert figures["median_kernel_mib"] > 10
