"""How long `import sette_kit` and `import widgets` take in a fresh interpreter
(targets: under 150 ms and under 400 ms).

Run: python bench/bench_import.py [--runs N]

For each statement: the median over N fresh interpreters of the CPU time the statement
takes inside the interpreter (``time.process_time`` around it: one core's time, not
disturbed by other programs on a shared machine), Python's own ``-X importtime``
cumulative figure, and whether numpy or matplotlib got imported (neither should: numpy
is imported on first use of an accelerated path, matplotlib never).  ``widgets``
imports its widget modules on first use; the last line is what a lesson's first cell
pays for its widgets (ipywidgets included; IPython is imported before the clock starts,
as it always is in a kernel), against the same 400 ms.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

TARGETS = {"import sette_kit": 150.0, "import widgets": 400.0,
           "from widgets import OddsLab, StrategyChart, SimulationLab, Quiz": 400.0}
SETUP = {"from widgets import OddsLab, StrategyChart, SimulationLab, Quiz": "import IPython"}

PROBE = ("import sys, time\n"
         "{setup}\n"
         "t = time.process_time()\n"
         "{stmt}\n"
         "t = time.process_time() - t\n"
         "print(t * 1000, [m for m in ('numpy', 'matplotlib') if m in sys.modules])\n")


def measure(stmt: str, runs: int = 15) -> dict:
    times, heavy = [], ""
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", PROBE.format(stmt=stmt, setup=SETUP.get(stmt, ""))],
                             capture_output=True, text=True, check=True).stdout
        ms, heavy = out.split(" ", 1)
        times.append(float(ms))
    module = stmt.split()[1].rstrip(",")
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", stmt],
                         capture_output=True, text=True, check=True).stderr
    cumulative_us = max((int(line.split("|")[1]) for line in err.splitlines()
                         if "|" in line and line.split("|")[2].strip() == module), default=0)
    return {"median_ms": statistics.median(times), "best_ms": min(times),
            "importtime_ms": cumulative_us / 1000, "heavy": heavy.strip()}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=15)
    args = p.parse_args()
    ok = True
    for stmt, target in TARGETS.items():
        r = measure(stmt, args.runs)
        met = r["median_ms"] < target and r["heavy"] == "[]"
        ok &= met
        where = f" (after {SETUP[stmt]})" if stmt in SETUP else ""
        print(f"{stmt}{where}: median {r['median_ms']:.1f} ms CPU, best {r['best_ms']:.1f} ms over {args.runs} fresh "
              f"interpreters; -X importtime {format(r['importtime_ms'], '.1f') if stmt.startswith('import') else '-'} ms; target < {target:.0f} ms "
              f"{'OK' if met else 'MISSED'}; numpy/matplotlib imported: {r['heavy']}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
