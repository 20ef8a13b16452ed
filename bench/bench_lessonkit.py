"""The lesson kit's pictures (issue 14): how long they take, on the numpy path and the pure
path (``sette_kit.accel``; the pure path is what a browser on Pyodide runs).

Run:  python bench/bench_lessonkit.py [--repeat N]

- the coverage picture: 100 seeded runs of 1,000 rounds (``simulate.coverage``), the
  first batch of ``CoveragePicture`` and "another 100 runs" (target: under 2 s CPU on the
  pure path, so a learner's click answers within a few seconds in a browser);
- probability trees (``trees.draw_tree`` with the bank's play, and ``ProbabilityTree``
  drawn as HTML): "hold 5: hit once, then stand", "hold 4: hit until 5 or more", and the
  largest tree the lessons are likely to show, a figure hitting until 5 (target: under
  0.5 s each);
- the charts: ``coverage_chart`` of 100 intervals and ``area_diagram`` (target: <= 10 ms,
  as every chart of the kit);
- ``Predict``, ``lesson.header`` and ``lesson.lesson_map``: building them (target: a few ms).

Figures are CPU seconds (``time.process_time``) of this process, median of N repeats, so
a busy machine slows them less than wall time; each case runs once before it is timed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def cases():
    from sette_kit import Rules, odds, simulate, trees
    from widgets import CoveragePicture, Predict, ProbabilityTree, charts, lesson

    plain = Rules.preset("plain")
    bank = odds.stand_at(5)
    cov = simulate.coverage(plain, bank, bank, rounds=1000, runs=100, seed=1)
    picture = CoveragePicture("plain", rounds=1000, runs=100, seed=1)
    area = ([("a 7", (4, 40)), ("no 7", (36, 40))],
            {"a 7": [("a figure", (12, 39)), ("no figure", (27, 39))],
             "no 7": [("a figure", Fraction(35, 117)), ("no figure", Fraction(82, 117))]})
    return [
        ("simulate.coverage: 100 runs x 1,000 rounds", 2.0,
         lambda: simulate.coverage(plain, bank, bank, rounds=1000, runs=100, seed=1)),
        ("CoveragePicture: first 100 runs, chart, tally", 2.5,
         lambda: CoveragePicture("plain", rounds=1000, runs=100, seed=1)),
        ("CoveragePicture: another 100 runs (here)", 2.5, lambda: picture.another(wait=True)),
        ("draw_tree: hold 5, hit once, then stand (with the bank)", 0.5,
         lambda: trees.draw_tree("5c", trees.hit_then_stand(1), dealer=bank)),
        ("draw_tree: hold 4, hit until 5 (with the bank)", 0.5,
         lambda: trees.draw_tree("4c", trees.hit_until(5), dealer=bank)),
        ("draw_tree: a figure, hit until 5 (739 points, with the bank)", 1.0,
         lambda: trees.draw_tree("Fc", trees.hit_until(5), dealer=bank)),
        ("ProbabilityTree widget: hold 4, hit until 5", 0.5,
         lambda: ProbabilityTree("4 di coppe", "hit until 5 or more", dealer=bank)),
        ("charts.coverage_chart: 100 intervals", 0.01, lambda: charts.coverage_chart(cov.intervals, cov.exact)),
        ("charts.area_diagram: a 7, then a figure", 0.01,
         lambda: charts.area_diagram(*area, highlight=("a 7", "a figure"))),
        ("Predict: a probability", 0.05, lambda: Predict("Chance?", Fraction(19, 39))),
        ("lesson.header + lesson.footer", 0.01, lambda: (lesson.header(1), lesson.footer(1))),
        ("lesson.lesson_map", 0.02, lambda: lesson.lesson_map()),
    ]


def timed(fn, repeat: int) -> tuple[float, float]:
    fn()  # warm: first calls build caches (the engine's tables, imports)
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times), max(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    from sette_kit import accel

    rows = []
    for path in ("numpy", "pure"):
        if path == "numpy" and accel.numpy() is None:
            continue
        with (accel.pure() if path == "pure" else _nothing()):
            for name, target, fn in cases():
                med, worst = timed(fn, args.repeat)
                rows.append((path, name, med, worst, target))
    width = max(len(r[1]) for r in rows)
    print(f"{'path':<6} {'case':<{width}}  {'median s':>9} {'worst s':>9}  target")
    for path, name, med, worst, target in rows:
        ok = "ok" if med <= target else "SLOW"
        print(f"{path:<6} {name:<{width}}  {med:9.4f} {worst:9.4f}  <= {target:g} s {ok}")
    return 0


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


if __name__ == "__main__":
    sys.exit(main())
