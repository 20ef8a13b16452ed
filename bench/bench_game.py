"""Benchmark of the game engine: a 1,000-round bot game of 6 players.

    python bench/bench_game.py

Every seat is a threshold bot (stand_at 4, 4½, 5, 5½, 6, 6½ as player and bank), the
italian preset, stakes 1-10, seed 1.  Prints the best of three runs beside the target.
"""

from __future__ import annotations

import time

from sette_kit.game import Table
from sette_kit.policies import stand_at

ROUNDS, SEATS, TARGET_S = 1000, 6, 2.0


def one_game(preset: str = "italian", policies=None, seed: int = 1) -> tuple[float, Table]:
    bots = policies or {s: stand_at(4 + s / 2, stake=1 + s) for s in range(SEATS)}
    t = Table(preset, SEATS, bankrolls=10**6, min_stake=1, max_stake=10, seed=seed, bots=bots)
    start = time.perf_counter()
    for _ in range(ROUNDS):
        t.play_round()
    return time.perf_counter() - start, t


def main() -> int:
    from sette_kit.game import _score

    worst = True
    for preset in ("italian", "spanish", "plain"):
        times = []
        for _ in range(3):
            _score.cache_clear()  # time a cold cache too
            elapsed, t = one_game(preset)
            times.append(elapsed)
        best = min(times)
        ok = best < TARGET_S
        worst = worst and ok
        print(f"{preset:8s} {ROUNDS} rounds, {SEATS} bot players: {best:.3f} s "
              f"(best of 3; target < {TARGET_S:.1f} s) {'OK' if ok else 'TOO SLOW'}; "
              f"{len(t.events)} events, bank passed {sum(e.kind == 'bank_passed' for e in t.events)} times")
    return 0 if worst else 1


if __name__ == "__main__":
    raise SystemExit(main())
