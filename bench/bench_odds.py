"""Benchmark of sette_kit.odds (exact odds).  Run:  python bench/bench_odds.py

1. ``solve`` for the plain preset against ``stand_at(5)``: the exact engine against a
   straightforward memoised recursion over Fractions written below (same result
   asserted), and the float path, each on the numpy path and on the pure path (no
   numpy, ``sette_kit.accel``), in the same run.  Every engine timing is
   *cold*: the per-rules caches are cleared before each run, so table building is
   included.  Targets: numpy exact >= 10x the recursion, pure exact >= 3x, same Fraction.
   Times are CPU times of this process (the machine may be shared).
2. ``next_card`` / ``bust_probability`` / ``explain_bust``: p95 over many calls on random
   hands and seen cards (fixed seed), italian and plain presets.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from fractions import Fraction
from functools import lru_cache

from sette_kit import FULL_DECK, Rules, accel, odds
from sette_kit.odds import _engine

PLAIN = Rules.preset("plain")


def baseline_solve(threshold_half_points: int) -> Fraction:
    """The straightforward way: player compositions and bank compositions memoised,
    every probability a Fraction, the bank recomputed from scratch for each deck."""
    hp = (2, 4, 6, 8, 10, 12, 14, 1)  # Ace..7, figure (plain: no matta)
    full = (4, 4, 4, 4, 4, 4, 4, 12)

    def total(h):
        return sum(a * b for a, b in zip(h, hp))

    @lru_cache(maxsize=None)
    def bank(deck, hand):  # -> ((final total or "bust", probability), ...)
        t = total(hand)
        if t > 15:
            return (("bust", Fraction(1)),)
        if sum(hand) and (t >= threshold_half_points or t == 15):
            return ((t, Fraction(1)),)
        n = sum(deck) - sum(hand)
        dist: dict = {}
        for c in range(8):
            left = deck[c] - hand[c]
            if left:
                for k, p in bank(deck, hand[:c] + (hand[c] + 1,) + hand[c + 1:]):
                    dist[k] = dist.get(k, 0) + Fraction(left, n) * p
        return tuple(dist.items())

    def stand(h):
        deck = tuple(f - x for f, x in zip(full, h))
        t = total(h)  # ties to the bank (S13), bust loses (S10), bank bust pays (S12)
        return sum((1 if k == "bust" or k < t else -1) * p for k, p in bank(deck, (0,) * 8))

    @lru_cache(maxsize=None)
    def value(h):
        t = total(h)
        if t > 15:
            return Fraction(-1)
        s = stand(h) if sum(h) else None
        if t == 15:
            return s
        deck = [f - x for f, x in zip(full, h)]
        n = sum(deck)
        hit = sum(Fraction(deck[c], n) * value(h[:c] + (h[c] + 1,) + h[c + 1:]) for c in range(8) if deck[c])
        return hit if s is None else max(s, hit)

    return value((0,) * 8)


def timed(f, *a, **k):
    """(result, CPU seconds of this process): one core's time, not disturbed by other
    programs on a shared machine (all this code is single-threaded)."""
    t = time.process_time()
    out = f(*a, **k)
    return out, time.process_time() - t


def cold_solve(exact: bool, pure: bool = False):
    _engine._MODELS.clear()
    with accel.pure(pure):
        return timed(odds.solve, PLAIN, dealer=odds.stand_at(5), exact=exact)


def main() -> int:
    ok = True
    print("sette_kit.odds benchmark (python", sys.version.split()[0] + ")")
    print("\n1. solve(plain, dealer=stand_at(5))")
    base, t_base = timed(baseline_solve, 10)
    runs = [cold_solve(True) for _ in range(5)]
    sol, t_exact = runs[0][0], statistics.median(t for _, t in runs)
    assert sol.ev == base, "engine and baseline disagree"
    fruns = [cold_solve(False) for _ in range(11)]
    fsol, t_float = fruns[0][0], statistics.median(t for _, t in fruns)
    t_float_max = max(t for _, t in fruns)
    assert abs(fsol.ev - float(base)) < 1e-12
    speedup = t_base / t_exact
    print(f"   ev = {sol.ev} = {float(sol.ev):.12f} (baseline: same Fraction, asserted)")
    print(f"   baseline (memoised Fractions)  {t_base * 1000:9.1f} ms")
    print(f"   exact engine (median of 5)     {t_exact * 1000:9.1f} ms   speed-up {speedup:5.1f}x   target >= 10x  "
          + ("OK" if speedup >= 10 else "MISSED"))
    print(f"   float path (median of 11)      {t_float * 1000:9.1f} ms   (max {t_float_max * 1000:.1f} ms)"
          f"   target < 50 ms  " + ("OK" if t_float < 0.05 else "MISSED"))
    print(f"   |float - exact| = {abs(fsol.ev - float(sol.ev)):.2e}   target <= 1e-12")
    ok &= speedup >= 10 and t_float < 0.05
    if accel.numpy() is None:
        print("   (numpy is not available here: the rows above are the pure path too)")
    pruns = [cold_solve(True, pure=True) for _ in range(5)]
    psol, t_pure = pruns[0][0], statistics.median(t for _, t in pruns)
    assert psol.ev == base, "pure engine and baseline disagree"
    pfruns = [cold_solve(False, pure=True) for _ in range(11)]
    pfsol, t_pfloat = pfruns[0][0], statistics.median(t for _, t in pfruns)
    pspeed = t_base / t_pure
    print(f"   pure path, exact (median of 5) {t_pure * 1000:9.1f} ms   speed-up {pspeed:5.1f}x   target >= 3x   "
          + ("OK" if pspeed >= 3 else "MISSED") + "   (same Fraction, asserted)")
    print(f"   pure path, float (median of 11){t_pfloat * 1000:9.1f} ms   |float - exact| = "
          f"{abs(pfsol.ev - float(base)):.2e}")
    ok &= pspeed >= 3 and abs(pfsol.ev - float(base)) < 1e-12

    print("\n2. one-card functions, p95 over 2000 calls each (random hands and seen cards, seed 1)")
    rng = random.Random(1)
    cases = []
    for _ in range(2000):
        rules = Rules.preset(rng.choice(["italian", "plain"]))
        cards = rng.sample(FULL_DECK, rng.randint(1, 12))
        k = rng.randint(1, 4)
        cases.append((tuple(cards[:k]), tuple(cards[k:]), rules))
    for name, f in [("next_card", odds.next_card), ("bust_probability", odds.bust_probability),
                    ("explain_bust", odds.explain_bust)]:
        times = []
        for mine, seen, rules in cases:
            t = time.perf_counter()
            f(mine, seen, rules=rules)
            times.append(time.perf_counter() - t)
        times.sort()
        p95, worst = times[int(0.95 * len(times))], times[-1]
        print(f"   {name:17} p95 {p95 * 1000:6.3f} ms   max {worst * 1000:6.3f} ms   target < 5 ms  "
              + ("OK" if p95 < 0.005 else "MISSED"))
        ok &= p95 < 0.005
    print("\nall targets met" if ok else "\nSOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
