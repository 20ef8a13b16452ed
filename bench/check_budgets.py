"""The time budgets that left the correctness suite (issue 26, item 4).  Run:

    python bench/check_budgets.py            # print each budget and its measure
    python bench/check_budgets.py --check    # the same, exit 1 when one is over

The tests keep what a call answers; how long it takes is a property of the machine as
much as of the code (CI shares 2 cores), so the thresholds live here, where a slow run is
a report to read, not a red test:

1. ``odds.next_card`` and ``odds.bust_probability``: 50 ms a call (mean of 20; target
   5 ms, bench/bench_odds.py), ``odds.explain_bust`` 50 ms (was tests/games/sette/test_odds.py).
2. The Trentuno tournament, bench/bench_trentuno.py: 1,000 games in under 10 s of CPU
   (was tests/games/trentuno/test_properties.py).
3. Lesson 12's tournament, 300 deals x 3 plans (it runs in Pyodide on the static site):
   under 20 s in CPython, measured on 30 deals x 10 (was tests/test_lessons_11_12_13.py).
4. Every bad-input row of the library (tests/test_bad_input.py ``LIBRARY``) refused in
   under 5 s (its old ``LIMIT_S``), and every new library boundary of the labs
   (tests/teach/test_labs_library.py) in under 5 s of CPU.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

ODDS_CALL_S = 0.05
TRENTUNO_CPU_S = 10.0
BAD_INPUT_S = 5.0
TOURNAMENT_S = 20.0


def odds_calls() -> list[tuple[str, float, float]]:
    from sette_kit import Rules, odds, parse_cards

    italian = Rules.preset("italian")
    cards, seen = parse_cards("6 di coppe, Fante di denari"), parse_cards("7 di spade, Re di bastoni, 3c")
    out = []
    for f in (odds.next_card, odds.bust_probability):
        f(cards, seen, rules=italian)
        start = time.perf_counter()
        for _ in range(20):
            f(cards, seen, rules=italian)
        out.append((f"odds.{f.__name__} (mean of 20)", (time.perf_counter() - start) / 20, ODDS_CALL_S))
    start = time.perf_counter()
    odds.explain_bust(cards, seen, rules=italian)
    out.append(("odds.explain_bust", time.perf_counter() - start, ODDS_CALL_S))
    return out


def trentuno_tournament() -> list[tuple[str, float, float]]:
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_trentuno.py")], capture_output=True,
                       text=True, timeout=300, cwd=ROOT)
    if r.returncode != 0:
        raise SystemExit(r.stderr)
    cpu = float(r.stdout.split("(CPU ")[1].split()[0])  # CPU, not wall: the machine may be shared
    return [("Trentuno: 1,000 games (CPU)", cpu, TRENTUNO_CPU_S)]


def lesson_12_tournament() -> list[tuple[str, float, float]]:
    from tests.lessons.test_trentuno_and_counting import _tournament

    start = time.perf_counter()
    _tournament(30)
    return [("lesson 12: the tournament, 300 deals x 3 plans (30 x 10)", (time.perf_counter() - start) * 10,
             TOURNAMENT_S)]


def _rows(test):
    """The (id, call) pairs of a test's parametrize table."""
    mark = next(m for m in test.pytestmark if m.name == "parametrize")
    for i, param in enumerate(mark.args[1]):
        values = getattr(param, "values", param)
        yield (getattr(param, "id", None) or f"{test.__name__}[{i}]"), values[0]


def bad_input_rows() -> list[tuple[str, float, float]]:
    from tests.teach import test_labs_library
    from tests import test_bad_input

    out = []
    for test, clock in ((test_bad_input.test_library_rejects_bad_input_clearly, time.perf_counter),
                        (test_labs_library.test_new_boundaries_refuse_bad_input_at_once_with_a_clear_error,
                         time.process_time)):
        worst, accepted = ("", 0.0), []
        for name, call in _rows(test):
            start = clock()
            try:
                call()
                accepted.append(name)  # not refused: the test fails for it; its time is still measured
            except Exception:  # noqa: BLE001 - what it raises is the test's to check
                pass
            worst = max(worst, (name, clock() - start), key=lambda w: w[1])
        note = f"; not refused: {', '.join(accepted)}" if accepted else ""
        out.append((f"{test.__module__.rsplit('.', 1)[-1]}: slowest row ({worst[0]}{note})", worst[1], BAD_INPUT_S))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a measure is over its budget")
    args = parser.parse_args(argv)
    over = 0
    for what, took, budget in odds_calls() + lesson_12_tournament() + bad_input_rows() + trentuno_tournament():
        ok = took < budget
        over += not ok
        print(f"{what:<70} {took:8.3f} s  (budget {budget:g} s)  {'OK' if ok else 'OVER'}")
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
