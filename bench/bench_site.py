"""The static site's figures (issue 20): build time, size, and time to interactive in
headless Chromium with nothing but the site reachable.

    python bench/bench_site.py [--runs 3] [--out DIR] [--first 00-start-here] [--second 01-cards-and-scoring]

1. ``sette-kit build-site`` of the lessons into a temporary folder (or ``--out``), timed:
   from a warm cache (``~/.cache/sette-kit/site``) unless it is the first build here.
2. The site's size on disk, and what a first visit downloads (Pyodide's core, the
   wheels, the page's script) raw and gzip-compressed (what a server that compresses
   sends).
3. ``--runs`` times, in a new browser context (empty cache): open the first lesson and
   wait until it is interactive (all its code has run, its widgets are live:
   ``data-sk-state="ready"``); then go to a second lesson by its link on the page (the
   page keeps Python running); then open a third page anew in the same context (a
   bookmark or a reload: Python starts again, from the browser's cache).  Served
   by ``http.server`` from a thread, as ``python -m http.server`` serves it; every
   request to another host is blocked, and the run fails if one was tried.

Prints each figure beside its target.  The load average is printed too: on a shared
machine, the browser's figures grow with it.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from sk_browser import CHROMIUM_ARGS, chromium_path  # noqa: E402
from sk_site import Guard, StaticServer, open_site_page, wait_site_page  # noqa: E402

from sette_kit.site import build_site, folder_size  # noqa: E402

TARGETS = {"first": 20.0, "second": 8.0, "size_mb": 60.0, "build_s": 180.0}


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def first_visit_files(out: Path) -> list[Path]:
    files = list((out / "pyodide").iterdir()) + list((out / "wheels").iterdir())
    files += [out / "assets" / n for n in ("app.js", "app.css", "comlink.worker.js")]
    return [f for f in files if f.is_file()]


def page_name(stem: str) -> str:
    return "index.html" if stem == "00-start-here" else f"{stem}.html"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", default=None, help="build here (default: a temporary folder)")
    ap.add_argument("--first", default="00-start-here")
    ap.add_argument("--second", default="01-cards-and-scoring")
    ap.add_argument("--anew", default="03-playing-a-round")
    args = ap.parse_args()

    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    tmp = tempfile.TemporaryDirectory(prefix="sk-site-bench-")
    out = Path(args.out) if args.out else Path(tmp.name) / "site"
    t0 = time.perf_counter()
    report = build_site(out, log=lambda s: print(f"  build-site: {s}", flush=True))
    build_s = time.perf_counter() - t0
    steps = ", ".join(f"{k} {v:.1f} s" for k, v in report.timings.items())
    print(f"build: {build_s:.1f} s ({steps})   target <= {TARGETS['build_s']:.0f} s from a warm cache")

    size_mb = folder_size(out) / 1e6
    files = first_visit_files(out)
    raw = sum(f.stat().st_size for f in files) / 1e6
    zipped = sum(gzip_size(f) for f in files) / 1e6
    lite = folder_size(out / "lite") / 1e6
    print(f"site on disk: {size_mb:.1f} MB (of which JupyterLite's notebook interface {lite:.1f} MB)"
          f"   target <= {TARGETS['size_mb']:.0f} MB")
    print(f"first visit downloads: {raw:.1f} MB ({zipped:.1f} MB gzip-compressed), "
          f"{len(report.wheels)} wheels")

    exe = chromium_path()
    if exe is None:
        print("no Chromium: browser figures skipped")
        return 1
    from playwright.sync_api import sync_playwright

    firsts, seconds, anews = [], [], []
    left: list[str] = []
    with StaticServer(out) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=list(CHROMIUM_ARGS), headless=True)
        try:
            for run in range(args.runs):
                context = browser.new_context(viewport={"width": 1200, "height": 900})
                guard = Guard(context, server.base)
                page = context.new_page()
                a = open_site_page(page, server.url(page_name(args.first)))
                t = time.perf_counter()
                page.locator(f"main a[href='{page_name(args.second)}']").first.click()
                page.wait_for_function("document.body.dataset.skState === 'loading'",
                                       timeout=30_000, polling=20)
                b = wait_site_page(page, t)
                c = open_site_page(page, server.url(page_name(args.anew)))
                for st, name in ((a, args.first), (b, args.second), (c, args.anew)):
                    if st.state != "ready":
                        print(f"run {run + 1}: {name} ended {st.state!r}")
                        return 1
                firsts.append(a.seconds)
                seconds.append(b.seconds)
                anews.append(c.seconds)
                left += guard.left
                print(f"run {run + 1}: {args.first} {a.seconds:.2f} s (Python ready at "
                      f"{a.kernel_seconds:.2f} s); its link to {args.second} {b.seconds:.2f} s; "
                      f"{args.anew} opened anew {c.seconds:.2f} s (Python ready at "
                      f"{c.kernel_seconds:.2f} s)", flush=True)
                context.close()
        finally:
            browser.close()
    print(f"cold time to interactive, {args.first}: median {statistics.median(firsts):.2f} s, "
          f"worst {max(firsts):.2f} s   target <= {TARGETS['first']:.0f} s")
    print(f"second lesson in the same browser, by its link ({args.second}): median "
          f"{statistics.median(seconds):.2f} s, worst {max(seconds):.2f} s   "
          f"target <= {TARGETS['second']:.0f} s")
    print(f"a lesson opened anew in the same browser ({args.anew}, from the browser's cache): "
          f"median {statistics.median(anews):.2f} s, worst {max(anews):.2f} s   "
          f"target <= {TARGETS['second']:.0f} s")
    print(f"requests to other hosts: {len(left)} (all blocked){' ' + left[0] if left else ''}")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0 if not left else 1


if __name__ == "__main__":
    sys.exit(main())
