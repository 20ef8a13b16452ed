"""Benchmark of the issue-15 library (staking, risk, counting).  Run:
    python bench/bench_staking_risk.py [--exact]   (--exact: also the slow exact-Fraction chain;
                                               SETTE_KIT_PURE=1: the numpy-free path, where
                                               the kit has one)

1. ``risk.ruin_probability``: a bankroll of 100, target 200, the staking player (stakes
   1-10 by first card, plain rules, bank at 5): the float elimination with its exactly
   computed residual (target <= 1 s) and, for the record, the same chain in exact
   Fractions (no target: it is the slow reference).
2. ``risk.round_result`` with a staking plan, ``odds.bank_thresholds`` (six solves).
3. ``odds.solve(seen=...)`` on a depleted deck (italian rules: suits matter) against
   the every-hand-as-cards reference; ``counting.Shoe`` per round (counting player).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from sette_kit import FULL_DECK, Rules, counting, odds, risk
from sette_kit.odds import Solution


def timed(fn, repeat=3):
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def line(name, seconds, target=None):
    mark = "" if target is None else f"   target <= {target:g} s  " + ("OK" if seconds <= target else "MISSED")
    print(f"   {name:52} {seconds * 1000:9.1f} ms{mark}")
    return target is None or seconds <= target


def main() -> int:
    ok = True
    print("issue-15 library benchmark (python", sys.version.split()[0] + ")")
    plain = Rules.preset("plain")
    italian = Rules.preset("italian")

    print("\n1. ruin before doubling: bankroll 100, target 200, staking player 1-10 (plain, bank at 5)")
    game = risk.round_result(plain, plan=(1, 10))
    t, r = timed(lambda: risk.ruin_probability(game, 100, 200))
    ok &= line("float elimination + exact residual (median of 3)", t, 1.0)
    print(f"   P(ruin) = {r.probability:.15f}, error bound {r.error_bound:.1e}, "
          f"{r.expected_rounds:.2f} rounds on average")
    if "--exact" in sys.argv:
        t, rx = timed(lambda: risk.ruin_probability(game, 100, 200, exact=True), repeat=1)
        line("exact Fractions (reference, once)", t)
        print(f"   |float - exact| = {abs(r.probability - float(rx.probability)):.1e}")
    flat = risk.round_result(plain, stake=1)
    t, _ = timed(lambda: risk.ruin_probability(flat, 100, 200))
    ok &= line("flat stake 1 (199 states), float", t, 1.0)
    t, _ = timed(lambda: risk.simulate_ruin(game, 100, 200, paths=2000, seed=1))
    ok &= line("simulate_ruin, 2,000 paths", t, 2.0)

    print("\n2. one round and the bank's thresholds")
    t, _ = timed(lambda: risk.round_result(italian, plan=(1, 10)))
    ok &= line("round_result(italian, plan=(1, 10)) exact", t, 2.0)
    t, _ = timed(lambda: odds.bank_thresholds(plain), repeat=1)
    ok &= line("bank_thresholds(plain): six exact solves", t, 2.0)

    print("\n3. the depleted deck (S18)")
    deck = list(FULL_DECK)
    random.Random(1).shuffle(deck)
    seen = deck[20:]
    t, fast = timed(lambda: odds.solve(italian, seen=seen))
    ok &= line("solve(italian, seen=20 cards) exact", t, 1.0)
    t, ref = timed(lambda: Solution(italian, odds.stand_at(5), True, deck=deck[:20], by_cards=True), repeat=1)
    line("same deck, every hand as cards (old path, once)", t)
    assert fast.ev == ref.ev
    t, _ = timed(lambda: odds.solve(italian, seen=deck[36:]))
    ok &= line("solve(italian, seen=4 cards) exact", t, 1.0)
    shoe = counting.Shoe("plain", seed=1)
    t0 = time.perf_counter()
    shoe.play(40)
    ok &= line("Shoe(plain), counting player: per round (40 rounds)", (time.perf_counter() - t0) / 40, 0.2)
    shoe = counting.Shoe("italian", seed=1)
    t0 = time.perf_counter()
    shoe.play(10)
    ok &= line("Shoe(italian), counting player: per round (10 rounds)", (time.perf_counter() - t0) / 10, 1.0)
    print("\nall targets met" if ok else "\nSOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
