"""Trentuno bot tournament: 1,000 four-player games, greedy and threshold knockers (issue 9).

Run:  python bench/bench_trentuno.py  [--games N] [--seed S]
Target: 1,000 games in under 10 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sette_kit.trentuno import ThresholdKnocker, TrentunoGame, greedy  # noqa: E402

TARGET_SECONDS = 10.0


def tournament(games: int = 1000, seed: int = 0):
    seats = {0: greedy, 1: ThresholdKnocker(27), 2: greedy, 3: ThresholdKnocker(25 + 4)}
    names = ["greedy A", "knocker 27", "greedy B", "knocker 29"]
    wins: Counter = Counter()
    hands = actions = 0
    for g in range(games):
        game = TrentunoGame(names, seed=seed * 1_000_003 + g, bots=seats)
        game.play_game()
        wins[names[game.winner]] += 1
        hands += game.hand_number
        actions += len(game.history)
    return wins, hands, actions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    t0, c0 = time.perf_counter(), time.process_time()
    wins, hands, actions = tournament(args.games, args.seed)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"Trentuno tournament: {args.games} games of 4 bots, seed {args.seed}")
    print(f"time: {dt:.2f} s   (target < {TARGET_SECONDS:.0f} s for 1,000 games)  "
          f"{'OK' if dt < TARGET_SECONDS * args.games / 1000 else 'SLOW'}   (CPU {cpu:.2f} s)")
    print(f"hands played: {hands} ({hands / args.games:.1f} per game), actions: {actions} "
          f"({actions / args.games:.0f} per game)")
    for name, k in sorted(wins.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<11} {k:5d} wins  ({k / args.games:.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
