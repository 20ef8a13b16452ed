"""Run a command on a busy machine: N CPU burners spin (at normal priority) while it runs.

    python bench/load.py 20 -- python -m pytest tests/browser -q

starts 20 processes that do nothing but spin, runs the command, stops the burners, and
prints the load average seen while the command ran (sampled from /proc/loadavg every
few seconds: the least, the median and the most of the 1-minute figure) and how long the
command took.  Its exit code is the command's.

The browser suite must pass like this at a load average of 20 on 2 cores (the README's
test command runs on machines shared with other work): its waits are on conditions, and
its one timeout only catches a hang (tests/browser/sk_browser.py ``HANG_S``).

From Python (the static site's checks reuse it), with bench/ on ``sys.path``::

    from load import busy

    with busy(20) as seen:           # 20 burners while the block runs
        run_something()
    print(seen.summary())            # "load average (1 min) 19.6-21.3, median 20.4; 2 cores"
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

__all__ = ["busy", "LoadSeen", "loadavg", "main"]


def loadavg() -> float:
    """The 1-minute load average now."""
    return os.getloadavg()[0]


def _burn(stop) -> None:  # pragma: no cover - runs in a child process
    """Spin until ``stop`` is set (the parent's exit also ends it: a daemon process)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the command; the parent stops us
    x = 0
    while not stop.is_set():
        for _ in range(200_000):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF


class LoadSeen:
    """The load averages sampled while the burners ran."""

    def __init__(self, burners: int, every: float):
        self.burners, self.every = burners, every
        self.samples: list[float] = []
        self.started = time.monotonic()
        self.seconds = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(self.every):
            self.samples.append(loadavg())

    def summary(self) -> str:
        cores = os.cpu_count() or 1
        if not self.samples:
            return f"load average (1 min) {loadavg():.1f} (one sample); {self.burners} burners, {cores} cores"
        s = self.samples
        return (f"load average (1 min) while it ran: {min(s):.1f}-{max(s):.1f}, median "
                f"{statistics.median(s):.1f} ({len(s)} samples every {self.every:g} s); "
                f"{self.burners} burners, {cores} cores; {self.seconds:.0f} s")


@contextmanager
def busy(n: int, *, every: float = 5.0, ramp: bool = True):
    """``n`` CPU burners (processes spinning at normal priority) while the block runs;
    yields a :class:`LoadSeen` that samples the load average meanwhile.  With ``ramp``
    the block starts once the 1-minute load average has climbed to about ``n`` (it
    follows the burners with a lag of about a minute), bounded at two minutes."""
    ctx = multiprocessing.get_context("fork")
    stop = ctx.Event()
    procs = [ctx.Process(target=_burn, args=(stop,), daemon=True, name=f"burner-{i}") for i in range(n)]
    seen = LoadSeen(n, every)
    try:
        for p in procs:
            p.start()
        if ramp and n:
            until = time.monotonic() + 120
            while loadavg() < 0.9 * n and time.monotonic() < until:
                time.sleep(1)
        seen.started = time.monotonic()
        seen._thread.start()
        yield seen
    finally:
        seen.seconds = time.monotonic() - seen.started
        seen._stop.set()
        stop.set()
        for p in procs:
            p.join(10)
            if p.is_alive():
                p.kill()
                p.join(5)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 usage="python bench/load.py N [--every S] [--no-ramp] -- COMMAND ...")
    ap.add_argument("n", type=int, help="how many CPU burners to run")
    ap.add_argument("--every", type=float, default=5.0, help="seconds between load-average samples")
    ap.add_argument("--no-ramp", action="store_true",
                    help="start the command at once, not when the load average has reached about N")
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--" not in argv:
        ap.error("give the command to run after --")
    cut = argv.index("--")
    args, command = ap.parse_args(argv[:cut]), argv[cut + 1:]
    if not command:
        ap.error("give the command to run after --")
    with busy(args.n, every=args.every, ramp=not args.no_ramp) as seen:
        print(f"load.py: {args.n} burners; load average {loadavg():.1f}; running: {' '.join(command)}",
              flush=True)
        try:
            code = subprocess.call(command)
        except KeyboardInterrupt:
            code = 130
    print(f"load.py: exit code {code}; {seen.summary()}", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
