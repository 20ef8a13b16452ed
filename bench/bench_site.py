"""The static site against what cannot be beaten: a bare Pyodide boot (issue 29).

    python bench/bench_site.py [--site DIR | --out DIR] [--runs 1] [--busy 0,2]

1. ``sette-kit build-site`` of the lessons (timed), unless ``--site`` names a site
   already built (for example today's site from an older commit, to compare).
2. In headless Chromium, with every request to another host counted
   (:class:`sk_site.Guard`, nothing routed: the browser's HTTP cache works as in a
   learner's browser), served by ``http.server`` from a thread as
   ``python -m http.server`` serves it, and counting the bytes that server sends
   (uncompressed; a 304 sends none), for each load level of ``--busy`` (``0``: the
   machine as it is; ``2``: two more processes that keep a core busy each, started and
   stopped here):

   * **bare**: a page of the benchmark's own, in an empty browser cache, that loads
     Pyodide from the site's own files and runs ``1 + 1``: the floor;
   * **cold**: ``--first`` (lesson 01) in an empty browser cache, until
     ``body[data-sk-state="ready"]``; also when its first widget was *drawn* (visible,
     before Python has started where the site records the widgets' first state);
   * **link**: its link to ``--second``, Python kept running;
   * **reload**: that page reloaded;
   * **anew**: ``--anew`` opened in a new tab of the same browser (a bookmark).

   Each time is a ratio to the bare boot of the same run (with ``--runs``, the median of
   the runs' ratios), each download in bytes; the targets are printed beside them.  The
   load average is printed too.

The CPU burner: ``bench/load.py``'s ``busy(n)`` where this branch has it, else the small
one below (``n`` processes spinning until the block ends).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
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
from sk_site import BACKGROUND_DONE_JS, READY_JS, Guard, StaticServer, wait_site_page  # noqa: E402

# ratios to the bare Pyodide boot of the same run; bytes beyond the bare boot's
TARGETS = {"cold": 1.5, "reload": 1.2, "anew": 1.2, "link": 0.2, "drawn_s": 1.0,
           "first_extra_mb": 6.0, "again_mb": 1.0}
BARE_PAGE = "_bench-bare.html"
DRAWN_JS = ("() => Array.from(document.querySelectorAll('.sk-code-output .jupyter-widgets'))"
            ".some(e => e.getBoundingClientRect().height > 0)")


def _spin() -> None:  # pragma: no cover - a busy process
    while True:
        pass


try:
    sys.path.insert(0, str(ROOT / "bench"))
    from load import busy  # type: ignore  # a sibling branch's CPU burner
except ImportError:
    @contextlib.contextmanager
    def busy(n: int):
        """``n`` processes that each keep a core busy while the block runs."""
        procs = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(n)]
        for p in procs:
            p.start()
        try:
            yield
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                p.join()


def core_dir(site: Path) -> str:
    """The folder of the site's Pyodide core, relative to the site."""
    found = sorted(p.parent for p in site.rglob("pyodide.mjs") if "lite" not in p.parts)
    return found[0].relative_to(site).as_posix()


def write_bare_page(site: Path) -> None:
    """A page that boots Pyodide from the site's own core and runs ``1 + 1``."""
    core = core_dir(site)
    info = {}
    for lock in site.rglob("*lock*.json"):
        if "lite" not in lock.parts:
            info = json.loads(lock.read_text()).get("info", {})
            break
    lock = json.dumps({"info": info, "packages": {}})
    (site / BARE_PAGE).write_text(f"""<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,"></head>
<body data-state="loading"><script type="module">
const {{ loadPyodide }} = await import('./{core}/pyodide.mjs');
const py = await loadPyodide({{ indexURL: new URL('./{core}/', location.href).href,
                               lockFileContents: {lock} }});
document.body.dataset.state = py.runPython('1 + 1') === 2 ? 'ready' : 'wrong';
</script></body></html>
""", encoding="utf-8")


def page_name(stem: str) -> str:
    return "index.html" if stem == "00-start-here" else f"{stem}.html"


def measure(browser, server, args) -> dict:
    """One run of the five openings; seconds and bytes of each."""
    out = {}
    # bare: its own context, empty cache
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    Guard(context, server.base, block=False)
    page = context.new_page()
    server.reset()
    t = time.perf_counter()
    page.goto(server.url(BARE_PAGE), wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.state !== 'loading'", timeout=600_000, polling=20)
    out["bare"] = (time.perf_counter() - t, server.reset())
    context.close()

    context = browser.new_context(viewport={"width": 1200, "height": 900})
    guard = Guard(context, server.base, block=False)
    page = context.new_page()
    server.reset()
    t = time.perf_counter()
    page.goto(server.url(page_name(args.first)), wait_until="commit")
    page.wait_for_function(DRAWN_JS, timeout=600_000, polling=20)
    drawn = time.perf_counter() - t
    st = wait_site_page(page, t, timeout=600)
    out["drawn"] = drawn
    out["phases"] = page.evaluate("() => document.body.dataset.skPhases || ''")
    # a learner reads the page a while: the site's background work of a first visit (the
    # service worker keeping files, a worker keeping Python's memory snapshot) finishes;
    # its bytes are the first visit's too
    page.wait_for_function(BACKGROUND_DONE_JS, timeout=300_000, polling=250)
    out["cold_files"] = list(server.files)
    out["cold"] = (st.seconds, server.reset(), st.state)

    t = time.perf_counter()
    page.locator(f"main a[href='{page_name(args.second)}']").first.click()
    # the second lesson's page is in place (its config swapped in, or a whole page loaded):
    # from then on "ready" is the second lesson's, whichever way the page went to it
    page.wait_for_function("([file, lesson]) => location.pathname.endsWith('/' + file)"
                           " && JSON.parse(document.getElementById('sk-config').textContent).lesson === lesson",
                           arg=[page_name(args.second), args.second[:2]], timeout=600_000, polling=10)
    st = wait_site_page(page, t, timeout=600)
    out["link"] = (st.seconds, server.reset(), st.state)

    t = time.perf_counter()
    page.reload(wait_until="commit")
    page.wait_for_function(READY_JS, timeout=600_000, polling=20)
    st = wait_site_page(page, t, timeout=600)
    out["reload"] = (st.seconds, server.reset(), st.state)

    tab = context.new_page()
    t = time.perf_counter()
    tab.goto(server.url(page_name(args.anew)), wait_until="commit")
    st = wait_site_page(tab, t, timeout=600)
    out["anew"] = (st.seconds, server.reset(), st.state)
    out["left"] = list(guard.left)
    context.close()
    return out


def where_bytes_go(files: list[tuple[str, int]]) -> str:
    """The bytes a visit downloaded, by kind: the Pyodide core, each wheel, the scripts,
    the styles and fonts, the pages; largest first, in MB."""
    kinds: dict[str, int] = {}
    for path, n in files:
        name = path.split("?", 1)[0].rsplit("/", 1)[-1]
        if path.startswith("/pyodide/"):
            kind = "Pyodide core"
        elif name.endswith(".whl"):
            kind = name.split("-", 1)[0]
        elif name.endswith((".js", ".mjs")):
            kind = "scripts"
        elif name.endswith((".css", ".woff", ".woff2", ".ttf", ".eot", ".svg")):
            kind = "styles and fonts"
        elif name.endswith(".html") or name == "":
            kind = "pages"
        else:
            kind = "other"
        kinds[kind] = kinds.get(kind, 0) + n
    return ", ".join(f"{k} {v / 1e6:.2f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))


def report(label: str, runs: list[dict]) -> list[str]:
    """The lines of one load level; a failure is marked FAIL."""
    def med(key, i=0):
        return statistics.median(r[key][i] if isinstance(r[key], tuple) else r[key] for r in runs)

    bare, bare_b = med("bare"), med("bare", 1)
    mb = 1e6
    lines = [f"[{label}] bare Pyodide boot: {bare:.2f} s, {bare_b / mb:.1f} MB"]

    def line(name, what, target, value, unit, ok):
        lines.append(f"[{label}]   {what:<44} {value:>7.2f}{unit:<3} target <= {target}{unit}"
                     f"   {'ok' if ok else 'FAIL'}")

    for key, what in (("cold", f"{args_g.first} cold / bare"), ("reload", "reload / bare"),
                      ("anew", f"{args_g.anew} opened anew / bare"),
                      ("link", f"{args_g.second} by its link / bare")):
        # each run's ratio to its own bare boot, then their median: on a shared machine
        # the load of one moment divides out
        r = statistics.median(run[key][0] / run["bare"][0] for run in runs)
        line(key, what, TARGETS[key], r, "x", r <= TARGETS[key])
    d = med("drawn")
    line("drawn", f"{args_g.first} first widget drawn, s", TARGETS["drawn_s"], d, " s",
         d <= TARGETS["drawn_s"])
    extra = (med("cold", 1) - bare_b) / mb
    line("first", f"first visit: MB beyond the bare boot ({med('cold', 1) / mb:.1f} MB)",
         TARGETS["first_extra_mb"], extra, " MB", extra <= TARGETS["first_extra_mb"])
    for key, what in (("reload", "reload downloads, MB"), ("anew", "a lesson opened anew downloads, MB"),
                      ("link", "a lesson by its link downloads, MB")):
        v = med(key, 1) / mb
        line(key, what, TARGETS["again_mb"], v, " MB", v <= TARGETS["again_mb"])
    lines.append(f"[{label}]   where a first visit's bytes go: {where_bytes_go(runs[0]['cold_files'])}")
    for r in runs:
        lines.append(f"[{label}]   seconds: bare {r['bare'][0]:.2f}, cold {r['cold'][0]:.2f} "
                     f"(drawn {r['drawn']:.2f}), link {r['link'][0]:.2f}, reload {r['reload'][0]:.2f}, "
                     f"anew {r['anew'][0]:.2f}; states {r['cold'][2]}/{r['link'][2]}/"
                     f"{r['reload'][2]}/{r['anew'][2]}; other hosts {len(r['left'])}")
        if r.get("phases"):
            # the cold start's steps: when the page started the worker (from the
            # navigation), then the worker's steps (from its start), in seconds
            steps = ", ".join(f"{k} {v}" for k, v in json.loads(r["phases"]).items())
            lines.append(f"[{label}]   cold start's steps, s: {steps}")
    return lines


args_g = None


def main() -> int:
    global args_g
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--site", default=None, help="measure this built site (no build)")
    ap.add_argument("--out", default=None, help="build here (default: a temporary folder)")
    ap.add_argument("--busy", default="0,2", help="load levels: extra busy processes, e.g. 0,2")
    ap.add_argument("--first", default="01-cards-and-scoring")
    ap.add_argument("--second", default="02-the-matta")
    ap.add_argument("--anew", default="03-playing-a-round")
    args = args_g = ap.parse_args()

    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)", flush=True)
    tmp = tempfile.TemporaryDirectory(prefix="sk-site-bench-")
    if args.site:
        out = Path(args.site)
    else:
        from sette_kit.app.site import build_site, folder_size

        out = Path(args.out) if args.out else Path(tmp.name) / "site"
        t0 = time.perf_counter()
        rep = build_site(out, log=lambda s: print(f"  build-site: {s}", flush=True))
        steps = ", ".join(f"{k} {v:.1f} s" for k, v in rep.timings.items())
        print(f"build: {time.perf_counter() - t0:.1f} s ({steps}); site on disk "
              f"{folder_size(out) / 1e6:.1f} MB", flush=True)
    write_bare_page(out)

    exe = chromium_path()
    if exe is None:
        print("no Chromium: browser figures skipped")
        return 1
    from playwright.sync_api import sync_playwright

    failed = False
    try:
        with StaticServer(out) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=list(CHROMIUM_ARGS), headless=True)
            try:
                for level in (int(x) for x in args.busy.split(",")):
                    label = "quiet" if level == 0 else f"busy {level}"
                    runs = []
                    with busy(level):
                        for _ in range(args.runs):
                            runs.append(measure(browser, server, args))
                    lines = report(label, runs)
                    print("\n".join(lines))
                    print(f"[{label}] load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}",
                          flush=True)
                    failed |= any(l.endswith("FAIL") for l in lines)
                    failed |= any(r["left"] for r in runs)
            finally:
                browser.close()
    finally:
        (out / BARE_PAGE).unlink(missing_ok=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
