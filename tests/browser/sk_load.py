"""A classroom on one server: N browser sessions (Playwright async API).

Each session opens the page, waits until it is interactive (see
``sk_browser.open_page``), then plays: on the "Playing a round" lesson one round at the
first ``TablePlayer`` (stake, hit, stand until "Round over"); on the one-button fixture
two presses.  Then it leaves the page as a learner does (its kernel is shut down).

How it stays meaningful on a busy machine (it once failed with "none
rendered" at a load average of 8, when 20 sessions started in the same instant and
every wait was a fixed 240 s):

* **a baseline first**: one session alone, on the same server and browser, just
  before the classroom.  How long it takes says how fast this machine is right now;
* **bounds scaled to it** (the benchmark's): a session of the classroom may take as long
  as the whole class served one learner after another, twice over (``slack`` x
  ``sessions`` x the baseline, at least ``floor`` seconds).  The test passes ``hang``
  instead: no bound but the hang guard, since a timeout there catches a hang and is no
  speed claim; a server that fails, hangs, refuses a page or shows an error still fails it;
* **learners arrive over a few seconds** (``stagger`` between sessions), as a class
  does, rather than in one instant;
* **measured on the server's side too**: when each page's HTML was completely sent (the
  server has run the notebook), the kernels the server ran and their memory.

Used by tests/browser/test_browser_load.py and bench/bench_serve.py.
"""

from __future__ import annotations

import asyncio
import statistics
import threading
import time

from sette_kit.serve import rss_bytes
from sk_browser import RENDERED_JS, WIDGET_VIEW

TP = ".sk-table-player"


async def _play_round(page, timeout: float) -> None:
    """One round at the page's TablePlayer, waiting on what the table shows after each
    action (the words from the kit's catalogue, as lesson_steps plays it)."""
    from lesson_steps import STAND_OR_OVER_JS, STATUS, table_words

    words, ms = table_words("en"), timeout * 1000
    table = page.locator(TP)
    await table.get_by_role("button", name=words["stake"], exact=True).click(timeout=ms)
    hit, me = table.get_by_role("button", name=words["hit"], exact=True), page.locator(f"{TP} .sk-seat-you")
    await hit.wait_for(state="visible", timeout=ms)
    before = await me.inner_text(timeout=ms)
    await hit.click(timeout=ms)
    await page.wait_for_function("([sel, old]) => { const e = document.querySelector(sel);"
                                 " return e && e.innerText !== old; }", arg=[f"{TP} .sk-seat-you", before],
                                 timeout=ms, polling=100)
    handle = await page.wait_for_function(STAND_OR_OVER_JS, arg=[STATUS, words["stand"], words["over"]],
                                          timeout=ms, polling=100)
    if await handle.json_value() == "stand":
        await table.get_by_role("button", name=words["stand"], exact=True).click(timeout=ms)
    await page.wait_for_function("([sel, over]) => { const e = document.querySelector(sel);"
                                 " return !!e && e.innerText.includes(over); }", arg=[STATUS, words["over"]],
                                 timeout=ms, polling=100)


async def _press_twice(page, timeout: float) -> None:
    for n in (1, 2):
        await page.get_by_role("button", name="Press me", exact=True).click(timeout=timeout * 1000)
        await page.wait_for_function(
            f"() => document.querySelector('.sk-baseline-label').innerText.trim() === 'pressed {n}'",
            timeout=timeout * 1000, polling=100)


async def _session(context, url: str, play, timeout: float, delay: float = 0.0,
                   figures: dict | None = None) -> dict:
    # one context per session would make the single test machine parse Voila's JavaScript
    # 20 times over with no cache; in a classroom that work is done by 20 learners'
    # machines, so the sessions share one context (and its HTTP cache) but each page
    # has its own kernel, exactly as 20 learners do
    figures = {} if figures is None else figures
    figures.update(ok=False, stage="arriving")
    await asyncio.sleep(delay)
    page = await context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # leaving means leaving (a beforeunload prompt)
    start = figures["start"] = time.perf_counter()
    deadline = start + timeout

    def left() -> float:
        return max(1.0, deadline - time.perf_counter()) * 1000

    try:
        figures["stage"] = "waiting for the page"
        response = await page.goto(url, wait_until="domcontentloaded", timeout=left())
        if response.status != 200:
            figures["error"] = f"HTTP {response.status}"
            return figures
        body = await response.text()  # the whole page: the server has run the notebook
        figures["served"] = time.perf_counter() - start
        figures["stage"] = "rendering"
        await page.wait_for_function(RENDERED_JS, arg=body.count(WIDGET_VIEW), timeout=left(), polling=100)
        figures["first_render"] = time.perf_counter() - start
        text = await page.inner_text("body")
        if "There was an error" in text or "Traceback" in text:
            figures["error"] = "the page shows an error"
            return figures
        figures["stage"] = "playing"
        await play(page, max(1.0, deadline - time.perf_counter()))
        figures.update(ok=True, total=time.perf_counter() - start)
        return figures
    except Exception as exc:  # reported, and the test fails on it
        figures["error"] = (f"{type(exc).__name__} after {time.perf_counter() - start:.0f} s while "
                            f"{figures['stage']}: {str(exc)[:300]}")
        return figures
    finally:
        figures["stage"] = "leaving"
        try:  # leave the page as a learner does: Voila shuts its kernel down on unload
            if not page.is_closed():
                async with page.expect_event("close", timeout=left()):
                    await page.close(run_before_unload=True)
        except Exception as exc:  # noted; the kernel is then ended by the server's reaper
            figures["leaving"] = f"{type(exc).__name__}: {str(exc)[:200]}"
        figures["stage"] = "left"


class KernelMemory:
    """Samples the RSS of the server's kernels every ``every`` seconds (peak per kernel)."""

    def __init__(self, server, every: float = 0.5):
        self.server, self.every = server, every
        self.peak: dict[int, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._stop.is_set():
            for pid in self.server.kernel_pids():
                self.peak[pid] = max(self.peak.get(pid, 0), rss_bytes(pid))
            self._stop.wait(self.every)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(10)


def _run_async(main, limit: float):
    """Run ``main()`` in a thread of its own (the sync Playwright of the other tests owns
    this thread's event loop); at most ``limit`` seconds."""
    box: dict = {}

    def work():
        try:
            box["result"] = asyncio.run(main())
        except BaseException as exc:  # reported by the caller
            box["error"] = f"{type(exc).__name__}: {exc}"

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(limit)
    return box.get("result"), box.get("error", None if "result" in box else "the sessions did not finish")


BASELINE_LIMIT = 300.0  # one session alone that takes longer fails: the machine cannot serve
CEILING = 900.0         # no session of a classroom waits longer than this


def classroom(server, notebook: str, *, sessions: int = 20, chromium: str, args: list[str],
              stagger: float = 0.25, slack: float = 2.0, floor: float = 60.0,
              baseline: float | None = None, hang: float | None = None) -> dict:
    """Measure one session alone (unless ``baseline`` seconds are given), then run
    ``sessions`` sessions of ``notebook`` starting ``stagger`` seconds apart, each
    allowed ``max(floor, slack * sessions * baseline)`` seconds (at most ``CEILING``);
    return the figures.

    ``hang``: the tests' way (tests/browser/test_browser_load.py): no bound scaled to the
    machine's speed, every session and the baseline bounded by ``hang`` seconds only, to
    catch a hang (how fast a class is served is measured by bench/bench_serve.py)."""
    from playwright.async_api import async_playwright

    play = _play_round if "playing-a-round" in notebook else _press_twice
    url = server.url(notebook)
    measured: dict = {}

    async def main():
        async with async_playwright() as p:
            launched = await p.chromium.launch(executable_path=chromium, args=args, headless=True)
            try:
                context = await launched.new_context(viewport={"width": 1200, "height": 900})
                alone = baseline
                if alone is None:  # one learner alone, right now, on this machine
                    first = await _session(context, url, play, timeout=hang or BASELINE_LIMIT)
                    measured["baseline_session"] = first
                    if not first["ok"]:
                        return [first]
                    alone = first["total"]
                measured["baseline"] = alone
                measured["timeout"] = timeout = hang or min(CEILING, max(floor, slack * sessions * alone))
                measured["started"] = time.perf_counter()
                boards = [{} for _ in range(sessions)]
                tasks = [asyncio.ensure_future(_session(context, url, play, timeout, delay=i * stagger,
                                                        figures=boards[i])) for i in range(sessions)]
                _done, pending = await asyncio.wait(tasks, timeout=timeout + sessions * stagger + 30)
                for task in pending:  # past its own deadline: say where it was
                    task.cancel()
                for board in boards:
                    if board.get("stage") != "left" and "error" not in board:
                        since = time.perf_counter() - board.get("start", measured["started"])
                        board["error"] = f"still {board.get('stage')} after {since:.0f} s"
                return boards
            finally:
                await launched.close()

    with KernelMemory(server) as memory:
        # a last resort above the bounded waits inside: the baseline and the classroom
        bound = 2 * hang if hang else BASELINE_LIMIT + CEILING
        results, error = _run_async(main, limit=bound + sessions * stagger + 120)
        wall = time.perf_counter() - measured.get("started", time.perf_counter())
    if results is None or len(results) != sessions:
        results = (results or []) + [{"ok": False, "error": error or "the baseline session failed"}] * \
            (sessions - len(results or []))
    served = sorted(r["served"] for r in results if "served" in r)
    renders = sorted(r["first_render"] for r in results if "first_render" in r)
    kernels = sorted(v for v in memory.peak.values() if v)
    return {
        "notebook": notebook, "sessions": sessions, "ok": sum(r["ok"] for r in results),
        "errors": [r["error"] for r in results if not r["ok"]],
        "baseline": measured.get("baseline"), "timeout": measured.get("timeout"),
        "stagger": stagger,
        "worst_served": served[-1] if served else None,
        "median_first_render": statistics.median(renders) if renders else None,
        "worst_first_render": renders[-1] if renders else None,
        "median_total": statistics.median([r["total"] for r in results if r["ok"]] or [0]),
        "wall": wall, "kernels": len(kernels),
        "median_kernel_mib": statistics.median(kernels) / 2**20 if kernels else None,
        "max_kernel_mib": kernels[-1] / 2**20 if kernels else None,
    }


def format_classroom(f: dict) -> str:
    head = (f"{f['sessions']} sessions of {f['notebook']} ({f['stagger']:g} s apart; one session "
            f"alone took {f['baseline'] or float('nan'):.1f} s, so each was allowed "
            f"{f['timeout'] or float('nan'):.0f} s)")
    if f["median_first_render"] is None:
        return f"{head}: none rendered; errors: {f['errors'][:3]}"
    return (f"{head}: {f['ok']}/{f['sessions']} rendered and completed in {f['wall']:.1f} s; "
            f"every page sent by the server within {f['worst_served']:.1f} s; time to first render "
            f"median {f['median_first_render']:.2f} s, worst {f['worst_first_render']:.2f} s; "
            f"{f['kernels']} kernels, memory per kernel median {f['median_kernel_mib']:.0f} MiB, "
            f"max {f['max_kernel_mib']:.0f} MiB")
