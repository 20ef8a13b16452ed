"""Benchmark of odds.stake_game (the bank that reads your stake): solve plain with stakes (1, 10) from scratch
and print the figures with their targets.

    python bench/bench_stake_game.py [iterations]

Targets: solve in under 2 minutes with numpy on a 2-core machine; interval width
<= 1e-6; the blind value equal to today's best_staking_plan (+0.4373...); the loaded
(shipped) solution in well under a second.  The time is given as CPU time and wall time
with the load average, since the machine may be shared; the target is checked on both.
"""

from __future__ import annotations

import os
import sys
import time
from fractions import Fraction

from sette_kit import accel, odds
from sette_kit.odds import _stake_game as sg
from sette_kit.rules import as_rules


def _load():
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main(iterations=None):
    print(f"path: {accel.path()}; {os.cpu_count()} cores; {_load()}")
    t0, c0 = time.perf_counter(), time.process_time()
    game = sg._Game(sg.FULL_COUNTS, (1, 10))
    t_build, c_build = time.perf_counter() - t0, time.process_time() - c0
    its = sg._default_iterations(game) if iterations is None else iterations
    sizes = game.sizes()
    print(f"game: {sizes['player']} player and {sizes['bank']} free bank information sets, "
          f"{sizes['publics']} bank situations; built in {t_build:.1f} s ({c_build:.1f} s CPU)")
    log = lambda m: print("  " + m)  # noqa: E731
    np = accel.numpy()
    t1, c1 = time.perf_counter(), time.process_time()
    if np is None:
        lower, upper, sigma, beta, gamma = sg._solve_game(game, its, log=log)
    else:
        ar, best_p, best_b = sg._cfr_numpy(game, its, np, log=log)
        t2, c2 = time.perf_counter(), time.process_time()
        print(f"CFR+ ({its} iterations, the forced hands folded: {ar.nF} free bank hands a stake): "
              f"{t2 - t1:.1f} s wall, {c2 - c1:.1f} s CPU; best averages, float: "
              f"[{best_p[0]:+.9f}, {best_b[0]:+.9f}]")
        lower, upper, sigma, beta, gamma = sg._certify(game, ar, best_p, best_b, log=log)
        print(f"rounding and exact best responses: {time.perf_counter() - t2:.1f} s wall, "
              f"{time.process_time() - c2:.1f} s CPU")
    t_solve = time.perf_counter() - t1
    total, cpu = time.perf_counter() - t0, time.process_time() - c0
    width = upper - lower
    print(f"solve ({its} CFR+ iterations, exact best responses): {t_solve:.1f} s; with the build "
          f"{total:.1f} s wall, {cpu:.1f} s CPU   [target < 120 s]: CPU {'ok' if cpu < 120 else 'MISSED'}, "
          f"wall {'ok' if total < 120 else 'MISSED'} ({_load()})")
    print(f"interval: [{float(lower):+.9f}, {float(upper):+.9f}]")
    print(f"width: {float(width):.2e}   [target <= 1e-6]: {'ok' if width <= Fraction(1, 10**6) else 'MISSED'}")
    t2 = time.perf_counter()
    g = sg._result(game, as_rules("plain"), lower, upper, sigma, beta, gamma, its)
    print(f"values of information and the result object: {time.perf_counter() - t2:.1f} s")
    b = g.bluff
    print(f"high stake (10) per round: {float(b.high_frequency):.4f}; "
          f"P(10 | card): " + ", ".join(f"{k} {float(v):.4f}" for k, v in b.by_card.items()))
    print(f"bluffs (10 on a card that loses at 10): {float(b.frequency):.4f} per round, "
          f"{float(b.share):.1%} of the 10s; cards: " + ", ".join(f"{k} {float(v):.4f}" for k, v in b.cards.items()))
    for s in g.stakes:
        print(f"posterior after a stake of {s}: " + ", ".join(f"{k} {float(v):.4f}" for k, v in g.posterior(s).items()))
    i = g.information
    plan = odds.best_staking_plan(odds.solve("plain", dealer=odds.stand_at(5)), 1, 10).ev_per_round
    print(f"blind bank (stands at 5): {float(i.blind):+.4f}   [target: best_staking_plan {float(plan):+.4f}]: "
          f"{'ok' if i.blind == plan else 'MISSED'}")
    print(f"bank at its best fixed total ({i.best_fixed_total}): {float(i.best_fixed):+.4f}")
    print(f"one fixed total per stake {tuple(str(t) for t in i.per_stake_fixed_totals)}: "
          f"{float(i.per_stake_fixed):+.4f}   [the review: +0.3106]")
    print(f"bank best-responds to today's plan (the player does not adapt): {float(i.reads_plan):+.4f}")
    print(f"equilibrium: [{float(i.equilibrium):+.6f}, {float(i.equilibrium_upper):+.6f}]")
    sg._LOADED.clear()
    with accel.pure():
        t3 = time.perf_counter()
        odds.stake_game()
        print(f"loading the shipped solution (pure path): {time.perf_counter() - t3:.3f} s   [target < 1 s]")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else None)
