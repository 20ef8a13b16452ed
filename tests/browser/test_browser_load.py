"""A classroom: 10 sessions of "Playing a round" against one server on loopback, arriving
a quarter of a second apart; every session renders and completes its round, and when
the learners leave, their kernels end.  The figures (time to first render, memory per
kernel) are printed; ``python bench/bench_serve.py`` measures them against its targets.

Nothing here is a speed claim: every wait is on a condition (a page rendered, a round
over, the kernels back to the preheated pool), bounded only by ``sk_browser.HANG_S`` to
catch a hang, so the test passes on a machine at a load average of 20.

Runs against the one-button fixture as well, so the harness is exercised even before
the lesson exists.
"""

from __future__ import annotations

import re
import time

import pytest

from sette_kit.serve import list_lessons, lessons_dir
from sk_browser import HANG_S, browser_or_skip
from sk_load import classroom, format_classroom

# a bound of its own: the baseline session and the classroom may each take up to HANG_S,
# plus the preheated pool and the kernels' shutdown
pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(5 * HANG_S)]

LESSON = "03-playing-a-round.ipynb"
SESSIONS = 10  # bench/bench_serve.py measures 20; here the other test process shares the 2 cores
# how long the kernels of left pages may take to end: the server's reaper ends a kernel no
# page is connected to after 60 s (checked every 15 s, issue 24 item 2); the rest is for the
# shutdowns on a loaded machine.  Not HANG_S (900 s): a reaper that missed a kernel never
# ends it, and waiting 15 minutes to say so cost the suite a third of its time
REAPED_WITHIN_S = min(HANG_S, 300.0)


def wait_for_kernels(server, bound: int) -> int:
    """Poll the server's kernels until at most ``bound`` remain (each page asks for its
    kernel's shutdown as it closes; a page closed before its websocket connected has its
    kernel ended by the server's reaper, issue 19); the last count."""
    deadline = time.monotonic() + REAPED_WITHIN_S
    while len(server.kernel_pids()) > bound and time.monotonic() < deadline:
        time.sleep(0.5)
    return len(server.kernel_pids())


def preheated(server) -> int:
    """How many notebooks the server preheats (its log says so): its pool's kernels."""
    line = next(line for line in server.lines if "sette-kit: preheating" in line)
    return int(re.search(r"preheating (\d+) notebook", line).group(1))


@pytest.mark.xfail(strict=False, reason=(
    "known defect (issue 24, item 2, open): in a whole-suite run some kernels of the left pages, "
    "or of the earlier tests' pages, outlive the 60 s reaper, and the count never returns to the pool "
    "(CI on 2026-12-01: 14 kernels against 10); the test still runs and reports it"))
def test_classroom_playing_a_round(lessons_server):
    if LESSON not in list_lessons(lessons_dir()):
        pytest.skip(f"lessons/{LESSON} does not exist yet")
    chromium, args = browser_or_skip()
    for name in list_lessons(lessons_dir()):  # the preheated pool first: it stays
        assert lessons_server.wait_for(f"Kernel pool of {name} is filled", timeout=HANG_S)
    pool = preheated(lessons_server)
    # the pages of earlier tests are gone: only the pool is left
    before = wait_for_kernels(lessons_server, pool)
    assert before <= pool, f"{before} kernels before the class, the pool is {pool}"
    figures = classroom(lessons_server, LESSON, sessions=SESSIONS, chromium=chromium, args=args, hang=HANG_S)
    print(format_classroom(figures))
    assert figures["errors"] == []
    assert figures["ok"] == SESSIONS
    assert figures["kernels"] >= SESSIONS  # one kernel per page (plus preheated ones)
    after = wait_for_kernels(lessons_server, before)
    print(f"kernels: {before} before the class, {after} after the learners left")
    assert after <= before, f"{after - before} kernels of the {SESSIONS} left pages are still running"


def test_classroom_harness_on_the_baseline(fixture_server):
    chromium, args = browser_or_skip()
    figures = classroom(fixture_server, "01-one-button.ipynb", sessions=5, chromium=chromium, args=args,
                        hang=HANG_S)
    print(format_classroom(figures))
    assert figures["errors"] == [] and figures["ok"] == 5
    assert figures["median_kernel_mib"] > 10
    assert figures["baseline"] > 0 and figures["worst_served"] is not None
