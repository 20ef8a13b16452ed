"""Benchmark of sette_kit.simulate (issue 5): rounds per second on one core, the speed-up
over a plain Python loop over the game engine playing the same heads-up rounds, and the
peak memory of a long run.

    python bench/bench_simulate.py            # ~1 minute: 2e6-round runs, 1e7-round memory check
    python bench/bench_simulate.py --big      # also the 10^8-round run (peak memory < 500 MB)

Targets: >= 1,000,000 heads-up rounds/s on one core for threshold policies;
>= 30x a plain Python loop over the game engine; 10^8 rounds in under 500 MB peak.
The pure path (no numpy: ``sette_kit.accel``), in the same run: >= 100,000
rounds/s on one core for threshold policies, the same Result as the numpy path for the
same seed, and within 4 standard errors of the exact value on 10^6 rounds.
Rounds/s are given both per CPU second of this process (the one-core figure, not
disturbed by other load on the machine) and per wall-clock second.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(var, "1")  # numpy only; one core

from sette_kit import Rules, accel, simulate  # noqa: E402
from sette_kit.game import Table  # noqa: E402
from sette_kit import odds, policies  # noqa: E402
from sette_kit.strategy import sees_player, stand_at  # noqa: E402


def timed(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w0, time.process_time() - c0


def sim_rate(rules, player, dealer, rounds, seed=1):
    r, wall, cpu = timed(lambda: simulate.run(rules, player=player, dealer=dealer, rounds=rounds, seed=seed))
    return r, rounds / cpu, rounds / wall


def engine_rate(preset, x_player, x_bank, rounds, seed=1):
    """A plain Python loop over the game engine: a heads-up table (one bot player with
    stand_at(x) against a bot bank), one play_round() per round."""
    def loop():
        t = Table(preset, players=["Bank", "Player"], banker=0, seed=seed, bankrolls=10 ** 9,
                  bots={"Bank": policies.stand_at(x_bank), "Player": policies.stand_at(x_player)})
        total = 0
        for _ in range(rounds):
            t.play_round()
            total += 1
        return total
    n, wall, cpu = timed(loop)
    return n / cpu, n / wall


def peak_rss_mb(rounds: int, chunk: int | None = None) -> tuple[float, float]:
    """Peak resident memory (MB) of a fresh process that runs ``rounds`` rounds, and its CPU seconds."""
    code = (
        "import resource, time, sys\n"
        "from sette_kit import Rules, simulate\n"
        "from sette_kit.strategy import stand_at\n"
        "c = time.process_time()\n"
        f"r = simulate.run(Rules.preset('plain'), stand_at(5), stand_at(5), rounds={rounds}, seed=1"
        + (f", chunk={chunk}" if chunk else "") + ")\n"
        "c = time.process_time() - c\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, c, r.mean, r.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1]), float(out[2]), float(out[3])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=float, default=2e6, help="rounds per simulation timing (default 2e6)")
    ap.add_argument("--engine-rounds", type=int, default=3000, help="rounds of the game-engine loop (default 3000)")
    ap.add_argument("--big", action="store_true", help="also run 10^8 rounds and report its peak memory")
    ap.add_argument("--pure-rounds", type=float, default=3e5, help="rounds per pure-path timing (default 3e5)")
    args = ap.parse_args(argv)
    n = int(args.rounds)
    plain, italian = Rules.preset("plain"), Rules.preset("italian")
    print(f"sette_kit.simulate benchmark (numpy, one process); {n:,} rounds per run")
    print(f"{'configuration':<46} {'rounds/s (CPU)':>15} {'rounds/s (wall)':>16}  target")
    rows = [
        ("plain, stand_at(5) vs stand_at(5)", plain, stand_at(5), stand_at(5)),
        ("plain, stand_at(5) vs sees_player()", plain, stand_at(5), sees_player()),
        ("italian, stand_at(5) vs stand_at(5)", italian, stand_at(5), stand_at(5)),
        ("italian, stand_at(6) vs sees_player()", italian, stand_at(6), sees_player()),
        ("plain, optimal (odds.solve) vs stand_at(5)", plain, odds.solve(plain, dealer=stand_at(5)), stand_at(5)),
        ("italian, optimal (odds.solve) vs stand_at(5)", italian, odds.solve(italian, dealer=stand_at(5)),
         stand_at(5)),
    ]
    sim_cpu = None
    worst_threshold = float("inf")
    for name, rules, p, d in rows:
        _, cpu, wall = sim_rate(rules, p, d, n)
        if sim_cpu is None:
            sim_cpu = cpu
        threshold = "optimal" not in name
        if threshold:
            worst_threshold = min(worst_threshold, cpu)
        print(f"{name:<46} {cpu:>15,.0f} {wall:>16,.0f}  {'>= 1,000,000' if threshold else '-'}")
    eng_cpu, eng_wall = engine_rate("plain", 5, 5, args.engine_rounds)
    print(f"{'game engine loop, plain stand_at(5) vs (5)':<46} {eng_cpu:>15,.0f} {eng_wall:>16,.0f}  "
          f"({args.engine_rounds:,} Table.play_round() calls)")
    ratio = sim_cpu / eng_cpu
    print(f"speed-up of simulate over the game-engine loop (CPU): {ratio:,.0f}x   target >= 30x  "
          f"{'OK' if ratio >= 30 else 'MISSED'}")
    print(f"slowest threshold configuration: {worst_threshold:,.0f} rounds/s (CPU)   target >= 1,000,000  "
          f"{'OK' if worst_threshold >= 1e6 else 'MISSED'}")
    ok = worst_threshold >= 1e6 and ratio >= 30
    ok &= pure_section(rows, int(args.pure_rounds))
    sizes = [10 ** 7] + ([10 ** 8] if args.big else [])
    for rounds in sizes:
        mb, cpu, mean, se = peak_rss_mb(rounds)
        print(f"peak RSS of a fresh process running {rounds:.0e} rounds: {mb:,.0f} MB   target < 500 MB  "
              f"{'OK' if mb < 500 else 'MISSED'}   ({cpu:,.1f} s CPU, mean {mean:+.6f} ± {se:.6f})")
        ok &= mb < 500
    print("\nall targets met" if ok else "\nSOME TARGETS MISSED")
    return 0 if ok else 1


def pure_section(rows, n: int) -> bool:
    """The pure path (no numpy): rounds/s, identity with the numpy path, 10^6 rounds vs exact."""
    print(f"\npure path (sette_kit.accel.pure(): no numpy), {n:,} rounds per run")
    print(f"{'configuration':<46} {'rounds/s (CPU)':>15} {'rounds/s (wall)':>16}  target")
    worst = float("inf")
    for name, rules, p, d in rows:
        with accel.pure():
            r, cpu, wall = sim_rate(rules, p, d, n)
        same = r == simulate.run(rules, p, d, rounds=n, seed=1)
        threshold = "optimal" not in name
        if threshold:
            worst = min(worst, cpu)
        print(f"{name:<46} {cpu:>15,.0f} {wall:>16,.0f}  {'>= 100,000' if threshold else '-'}"
              f"   same Result as numpy: {'yes' if same else 'NO'}")
        if not same:
            worst = 0.0
    plain = Rules.preset("plain")
    with accel.pure():
        r, wall, cpu = timed(lambda: simulate.run(plain, stand_at(5), stand_at(5), rounds=10 ** 6, seed=7))
    exact = simulate.exact_ev(plain, stand_at(5), stand_at(5))
    z = r.z_score(exact)
    print(f"pure, plain stand_at(5) vs stand_at(5), 10^6 rounds: mean {r.mean:+.6f} ± {r.stderr:.6f}, exact "
          f"{float(exact):+.6f}, z = {z:+.2f}   target |z| < 4  {'OK' if abs(z) < 4 else 'MISSED'}   "
          f"({cpu:.1f} s CPU)")
    print(f"slowest threshold configuration, pure path: {worst:,.0f} rounds/s (CPU)   target >= 100,000  "
          f"{'OK' if worst >= 1e5 else 'MISSED'}")
    return worst >= 1e5 and abs(z) < 4


if __name__ == "__main__":
    sys.exit(main())
