"""Time to first render of every lesson under ``sette-kit serve``, cold and preheated,
against a one-button notebook served the same way in the same run; then a classroom
of 20 concurrent sessions of "Playing a round".

    python bench/bench_serve.py                 # everything (a few minutes)
    python bench/bench_serve.py --repeat 1 --no-classroom

"Time to first render" = from the browser's request until the page is interactive:
Voilà's spinner gone, every output rendered, every widget view on the page
(tests/browser/sk_browser.py ``open_page``), in headless Debian Chromium, one fresh
browser context (empty cache) per measurement.  "cold": no preheated kernels
(``--VoilaConfiguration.preheat_kernel=False``); "preheated": the kit's voila.json
(a pool of one pre-rendered kernel per notebook; the bench waits for the pool to be
refilled before each measurement).  Target: every lesson within 2x the one-button
baseline measured the same way in the same run.  All traffic is on loopback; every
wait is bounded.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from sette_kit.serve import Server, list_lessons, lessons_dir  # noqa: E402
from sk_browser import CHROMIUM_ARGS, chromium_path, open_page, voila_errors  # noqa: E402

BASELINE = "zz-baseline-one-button.ipynb"
TARGET = 2.0


def serve_dir() -> Path:
    """A temporary folder with links to the lessons and the one-button baseline, so that
    all are served by one server with the same configuration."""
    folder = Path(tempfile.mkdtemp(prefix="sk-bench-"))
    for name in list_lessons(lessons_dir()):
        (folder / name).symlink_to(lessons_dir() / name)
    shutil.copy(ROOT / "tests" / "browser" / "fixtures" / "01-one-button.ipynb", folder / BASELINE)
    return folder


def measure(browser, server, names, repeat, preheated) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {n: [] for n in names}
    for r in range(repeat):
        for name in names:
            if preheated:  # the pool is refilled after each use: wait for it
                server.wait_for(f"Kernel pool of {name} is filled", count=r + 1, timeout=120)
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            page = context.new_page()
            try:
                info = open_page(page, server.url(name), timeout=120)
                errors = voila_errors(page, info)
                times[name].append(float("nan") if errors else info.seconds)
            except Exception as exc:  # a lesson that does not render is reported, not hidden
                print(f"  {name}: {type(exc).__name__}: {str(exc)[:120]}", file=sys.stderr)
                times[name].append(float("nan"))
            finally:
                context.close()
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="measurements per page and mode (median shown)")
    ap.add_argument("--no-classroom", action="store_true", help="skip the 20-session classroom")
    ap.add_argument("--sessions", type=int, default=20)
    args = ap.parse_args(argv)

    exe = chromium_path()
    if exe is None:
        print("no Chromium: install Debian's chromium package", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    folder = serve_dir()
    names = sorted(list_lessons(folder), key=lambda n: (n != BASELINE, n))
    results = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True)
            try:
                for mode, extra in (("cold", ["--VoilaConfiguration.preheat_kernel=False"]), ("preheated", [])):
                    with Server(folder, extra=extra, startup_timeout=120) as srv:
                        if mode == "preheated":  # measure only once every pool is full
                            for name in names:
                                srv.wait_for(f"Kernel pool of {name} is filled", timeout=180)
                        # warm the browser side once (nothing measured) so both modes start alike
                        ctx = browser.new_context()
                        open_page(ctx.new_page(), srv.url(BASELINE), timeout=120)
                        ctx.close()
                        results[mode] = measure(browser, srv, names, args.repeat, mode == "preheated")
            finally:
                browser.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    med = {m: {n: statistics.median(v) for n, v in r.items()} for m, r in results.items()}
    print(f"\nTime to first render (median of {args.repeat}, seconds), target: every lesson <= "
          f"{TARGET:g}x the one-button baseline of the same mode, judged on the preheated "
          f"configuration that `sette-kit serve` uses")
    print(f"{'page':40} {'cold':>7} {'x base':>7} {'preheated':>10} {'x base':>7}  verdict")
    ok = True
    for name in names:
        row = [name.removesuffix(".ipynb")]
        verdicts = []
        for mode in ("cold", "preheated"):
            t, base = med[mode][name], med[mode][BASELINE]
            ratio = t / base
            row += [f"{t:7.2f}", f"{ratio:6.2f}x"]
            verdicts.append(ratio <= TARGET)
        # the target is judged on what `sette-kit serve` runs: preheated kernels
        good = name == BASELINE or verdicts[1]
        ok &= good
        label = "baseline" if name == BASELINE else ("ok" if good else "OVER TARGET")
        if name != BASELINE and not verdicts[0]:
            label += " (cold: over 2x)"
        print(f"{row[0]:40} {row[1]:>7} {row[2]:>7} {row[3]:>10} {row[4]:>7}  {label}")
    speedup = statistics.median(med["cold"][n] / med["preheated"][n] for n in names)
    print(f"preheated kernels: median speed-up {speedup:.1f}x over cold")

    if not args.no_classroom:
        from sk_load import classroom, format_classroom

        lesson = "03-playing-a-round.ipynb"
        target = lesson if lesson in list_lessons(lessons_dir()) else "01-one-button.ipynb"
        where = None if target == lesson else ROOT / "tests" / "browser" / "fixtures"
        with Server(where, startup_timeout=120) as srv:
            figures = classroom(srv, target, sessions=args.sessions, chromium=exe, args=CHROMIUM_ARGS,
                                timeout=300)
        print("\nClassroom (one server, loopback, all browsers on this machine):")
        print(format_classroom(figures))
        ok &= figures["ok"] == figures["sessions"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
