"""A classroom on one server: N concurrent browser sessions (Playwright async API).

Each session opens the page in its own browser context, waits until it is
interactive (see ``sk_browser.open_page``), then plays: on the "Playing a round"
lesson one round at the first ``TablePlayer`` (stake, hit, stand until "Round over");
on the one-button fixture two presses.  Everything is bounded: one page and a
handful of clicks per session, a per-session timeout, loopback only.

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
    await page.locator(f"{TP} button.sk-stake").first.click(timeout=timeout * 1000)
    await page.locator(f"{TP} button.sk-hit").first.click(timeout=timeout * 1000)
    result, stand = page.locator(f"{TP} .sk-result").first, page.locator(f"{TP} button.sk-stand").first
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if "Round over" in await result.inner_text():
            return
        try:
            if await stand.is_visible() and await stand.is_enabled():
                await stand.click(timeout=2000)
        except Exception:  # the round ended between the check and the click
            pass
        await page.wait_for_timeout(200)
    raise AssertionError("the round did not end")


async def _press_twice(page, timeout: float) -> None:
    for n in (1, 2):
        await page.locator("button.sk-baseline-button").click(timeout=timeout * 1000)
        await page.wait_for_function(
            f"() => document.querySelector('.sk-baseline-label').innerText.trim() === 'pressed {n}'",
            timeout=timeout * 1000)


async def _session(browser, url: str, play, timeout: float) -> dict:
    # one context per session would make the single test machine parse Voila's JavaScript
    # 20 times over with no cache; in a classroom that work is done by 20 learners'
    # machines, so the sessions share one context (and its HTTP cache) but each page
    # has its own kernel, exactly as 20 learners do
    page = await browser.new_page()
    try:
        start = time.perf_counter()
        response = await page.goto(url, wait_until="domcontentloaded", timeout=timeout * 1000)
        body = await response.text()
        if response.status != 200:
            return {"ok": False, "error": f"HTTP {response.status}"}
        await page.wait_for_function(RENDERED_JS, arg=body.count(WIDGET_VIEW),
                                     timeout=timeout * 1000, polling=100)
        first_render = time.perf_counter() - start
        text = await page.inner_text("body")
        if "There was an error" in text or "Traceback" in text:
            return {"ok": False, "error": "the page shows an error", "first_render": first_render}
        await play(page, timeout)
        return {"ok": True, "first_render": first_render, "total": time.perf_counter() - start}
    except Exception as exc:  # reported, and the test fails on it
        return {"ok": False, "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
    finally:
        await page.close()


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


def classroom(server, notebook: str, *, sessions: int = 20, timeout: float = 240.0,
              chromium: str, args: list[str]) -> dict:
    """Run ``sessions`` concurrent sessions of ``notebook``; return the figures."""
    from playwright.async_api import async_playwright

    play = _play_round if "playing-a-round" in notebook else _press_twice
    url = server.url(notebook)

    async def main():
        async with async_playwright() as p:
            launched = await p.chromium.launch(executable_path=chromium, args=args, headless=True)
            browser = await launched.new_context(viewport={"width": 1200, "height": 900})
            try:
                return await asyncio.wait_for(
                    asyncio.gather(*(_session(browser, url, play, timeout) for _ in range(sessions))),
                    timeout + 60)
            finally:
                await launched.close()

    with KernelMemory(server) as memory:
        started = time.perf_counter()
        # in a thread of its own: the sync Playwright of the other tests owns this one's loop
        box: dict = {}
        def work():
            try:
                box["results"] = asyncio.run(main())
            except BaseException as exc:  # reported below
                box["error"] = f"{type(exc).__name__}: {exc}"
        worker = threading.Thread(target=work)
        worker.start()
        worker.join(timeout + 120)
        results = box.get("results") or [{"ok": False, "error": box.get("error", "the sessions did not finish")}] * sessions
        wall = time.perf_counter() - started
    renders = sorted(r["first_render"] for r in results if "first_render" in r)
    kernels = sorted(v for v in memory.peak.values() if v)
    return {
        "notebook": notebook, "sessions": sessions, "ok": sum(r["ok"] for r in results),
        "errors": [r["error"] for r in results if not r["ok"]],
        "median_first_render": statistics.median(renders) if renders else None,
        "worst_first_render": renders[-1] if renders else None,
        "median_total": statistics.median([r["total"] for r in results if r["ok"]] or [0]),
        "wall": wall, "kernels": len(kernels),
        "median_kernel_mib": statistics.median(kernels) / 2**20 if kernels else None,
        "max_kernel_mib": kernels[-1] / 2**20 if kernels else None,
    }


def format_classroom(f: dict) -> str:
    if f["median_first_render"] is None:
        return f"{f['sessions']} sessions of {f['notebook']}: none rendered; errors: {f['errors'][:3]}"
    return (f"{f['sessions']} concurrent sessions of {f['notebook']}: {f['ok']}/{f['sessions']} rendered "
            f"and completed in {f['wall']:.1f} s; time to first render median "
            f"{f['median_first_render']:.2f} s, worst {f['worst_first_render']:.2f} s; "
            f"{f['kernels']} kernels, memory per kernel median {f['median_kernel_mib']:.0f} MiB, "
            f"max {f['max_kernel_mib']:.0f} MiB")
