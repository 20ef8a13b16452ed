"""How long `import sette_kit` takes in a fresh interpreter (target: under 150 ms).

Run: python bench/bench_import.py [--runs N]
Prints the median and the best of N fresh-interpreter imports, minus the interpreter's
own start-up (measured the same way with an empty statement).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

TARGET_MS = 150.0


def _time(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return (time.perf_counter() - start) * 1000


def measure(runs: int = 15) -> dict:
    base = [_time("pass") for _ in range(runs)]
    full = [_time("import sette_kit") for _ in range(runs)]
    # Python's own -X importtime gives the cumulative time of the sette_kit import itself
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import sette_kit"],
                         capture_output=True, text=True, check=True).stderr
    cumulative_us = max(int(line.split("|")[1]) for line in out.splitlines()
                        if line.rstrip().endswith("sette_kit") and "|" in line)
    return {
        "median_ms": statistics.median(full) - statistics.median(base),
        "best_ms": min(full) - min(base),
        "importtime_ms": cumulative_us / 1000,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=15)
    args = p.parse_args()
    r = measure(args.runs)
    print(f"import sette_kit: median {r['median_ms']:.1f} ms, best {r['best_ms']:.1f} ms "
          f"over {args.runs} fresh interpreters (start-up subtracted); "
          f"-X importtime cumulative {r['importtime_ms']:.1f} ms; target < {TARGET_MS:.0f} ms")
    return 0 if r["median_ms"] < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
