"""Time to draw each chart of widgets.charts, in pure Python (target: <= 10 ms each, issue 13).

Run:  python bench/bench_charts.py [--repeat N]

Each chart is drawn from the data a lesson or a widget gives it (the next-card bar chart
of OddsLab, the running mean of a 10^6-round simulation, the Italian strategy grid, a
histogram of 10,000 outcomes, the share-of-results bars of SimulationLab); the figure is
the median and the worst of N draws, in CPU ms of this process, with the SVG's size.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET_MS = 10.0


def cases():
    from sette_kit import Rules, odds, simulate
    from sette_kit.scoring import fmt_points
    from sette_kit.strategy import stand_at
    from sette_kit.strategy_text import dealer_words, solution, strategy_grid
    from widgets import charts

    plain, italian = Rules.preset("plain"), Rules.preset("italian")
    nxt = odds.next_card("6c", "7s", italian)
    items = {("matta" if k == "matta" else fmt_points(k)): v for k, v in nxt.items()}
    final = odds.final_distribution(stand_at(5), rules=plain)
    r = simulate.run(plain, stand_at(5), stand_at(5), rounds=10 ** 6, seed=1)
    exact = simulate.exact_ev(plain, stand_at(5), stand_at(5))
    sol = solution(italian, stand_at(5))
    firsts, totals, grid = strategy_grid(sol)
    rng = random.Random(1)
    outcomes = [rng.choice((-2, -1, -1, -1, 0, 1, 1, 2)) for _ in range(10_000)]
    shares = {f"{v:+d}" if v else "0": Fraction(n, r.rounds) for v, n in sorted(r.payouts.items())}
    return [
        ("distribution_bar: next card (OddsLab)",
         lambda: charts.distribution_bar(items, title="Value of the next card", xlabel="value the next card adds")),
        ("distribution_bar: final totals (lesson 5)",
         lambda: charts.distribution_bar({(t if t == "bust" else fmt_points(t)): p for t, p in final.items()},
                                         title="Where a 'stand at 5' hand ends", xlabel="final total")),
        ("running_mean_checkpoints: 10^6 rounds",
         lambda: charts.running_mean_checkpoints(r.checkpoints, exact=exact, title="Average result")),
        ("running_mean: 10,000 outcomes", lambda: charts.running_mean(outcomes, exact=Fraction(-1, 5))),
        ("strategy_table: italian grid (StrategyChart)",
         lambda: charts.strategy_table(grid, firsts, [fmt_points(t) for t in totals],
                                       title=f"Best play, italian rules, {dealer_words(sol.dealer)}",
                                       row_label="first card", col_label="your total")),
        ("histogram: 10,000 outcomes", lambda: charts.histogram(outcomes)),
        ("distribution_bar: share by result (SimulationLab)",
         lambda: charts.distribution_bar(shares, title="Share of rounds by result", xlabel="result per unit staked",
                                         ylabel="share of rounds")),
    ]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args(argv)
    print(f"{'chart':<50} {'median ms':>9} {'max ms':>8} {'SVG bytes':>10}  target")
    worst = 0.0
    for name, draw in cases():
        draw()  # warm up
        times = []
        for _ in range(args.repeat):
            t0 = time.process_time()
            c = draw()
            times.append((time.process_time() - t0) * 1000)
        med, top = statistics.median(times), max(times)
        worst = max(worst, med)
        print(f"{name:<50} {med:9.2f} {top:8.2f} {len(c.svg):10,}  <= {TARGET_MS:.0f} ms "
              + ("OK" if med <= TARGET_MS else "MISSED"))
    print(f"slowest chart: {worst:.2f} ms median (target <= {TARGET_MS:.0f} ms, {args.repeat} draws each)")
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
