"""Benchmark of saved games (saves stay small): size and load time of a Sette e
mezzo save after 1,000 and 3,000 rounds at 6 seats.

    python bench/bench_saves.py

The game of ``bench/bench_game.py`` (six threshold bots, the italian preset, stakes
1-10, seed 1).  A save keeps the state, the random generator, the current round's events
and the latest whole rounds up to ``MAX_SAVED_EVENTS`` events, so its size and its load
time do not grow with the length of the game.  For comparison the script also writes the
save as format 1 did (every event since the first round) and gives its size (format 1 is
no longer read: it kept no record to check a round by).  Loading replays the
current round from the state it started from.  Prints the best of three loads beside the
targets.
"""

from __future__ import annotations

import json
import time

from sette_kit.game import MAX_SAVED_EVENTS, Table, event_to_json
from sette_kit.policies import stand_at

SEATS = 6
TARGET_BYTES = 200_000  # a save, whatever the length of the game
TARGET_LOAD_S = 0.1


def play(rounds: int) -> Table:
    bots = {s: stand_at(4 + s / 2, stake=1 + s) for s in range(SEATS)}
    t = Table("italian", SEATS, bankrolls=10 ** 6, min_stake=1, max_stake=10, seed=1, bots=bots)
    for _ in range(rounds):
        t.play_round()
    return t


def format_1(t: Table) -> str:
    """The save as format 1 wrote it: every event of the game."""
    d = json.loads(t.to_json())
    d.update(format="sette-kit/table/1", events=[event_to_json(e) for e in t.events], round_start=t._round_start)
    del d["money"], d["dropped"], d["start"], d["actions"]
    return json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def best_load(text: str) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        Table.from_json(text, max_chars=10 ** 9)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    ok = True
    print(f"Sette e mezzo saves, {SEATS} seats, italian preset, MAX_SAVED_EVENTS = {MAX_SAVED_EVENTS}")
    for rounds in (1000, 3000):
        t = play(rounds)
        text = t.to_json()
        size, load = len(text.encode()), best_load(text)
        old = format_1(t)
        old_size = len(old.encode())
        good = size < TARGET_BYTES and load < TARGET_LOAD_S
        ok = ok and good
        kept = len(json.loads(text)["events"])
        print(f"{rounds:5d} rounds ({len(t.events):,} events, {kept} saved): save {size / 1000:7.1f} kB, "
              f"load {load * 1000:6.1f} ms (targets < {TARGET_BYTES / 1000:.0f} kB, "
              f"< {TARGET_LOAD_S * 1000:.0f} ms) {'OK' if good else 'TOO BIG/SLOW'}; "
              f"format 1 would be {old_size / 1e6:5.2f} MB")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
