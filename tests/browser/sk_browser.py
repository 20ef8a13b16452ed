"""Helpers for driving Voilà pages with Playwright (sync API).

* :func:`open_page` loads a page and waits until it is *interactive*: Voilà's
  "Running ..." spinner is gone and every cell output has been rendered by the
  front end (no ``script[type="application/vnd.voila.cell-output+json"]`` is left,
  which includes every widget view).  It returns the seconds this took: the
  "time to first render" of the benchmark.
* :func:`voila_errors` lists what a learner must never see: Voilà's error outputs,
  stderr outputs, tracebacks, an HTTP error page.
* The step constructors (:func:`click`, :func:`fill`, :func:`expect_visible`,
  :func:`expect_text`, :func:`quiz_answer`, ...) build the per-lesson interactions of
  ``lesson_steps.STEPS``: each step is a callable ``step(page)`` that fails with an
  ``AssertionError`` (or a Playwright timeout) when the lesson does not behave.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from typing import Callable

import pytest

Step = Callable[["object"], None]

CELL_OUTPUT = 'script[type="application/vnd.voila.cell-output+json"]'
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ROOT_VIEW = ".jp-OutputArea-output > .jupyter-widgets"
# interactive: spinner gone, every output rendered, and as many widget views as the page has
RENDERED_JS = ("(n) => !document.getElementById('loading') && "
               f"document.querySelectorAll('{CELL_OUTPUT}').length === 0 && "
               f"document.querySelectorAll('{ROOT_VIEW}').length >= n")
# what a learner must never see
ERROR_TEXTS = ("Traceback (most recent call last)", "There was an error when executing cell",
               "This page could not be prepared",
               "An exception occurred at the server", "Cell execution timed out",
               "Error displaying widget")
STDERR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
ERROR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]'
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def require_browser() -> bool:
    """True when SETTE_KIT_REQUIRE_BROWSER asks browser tests to fail rather than skip."""
    return os.environ.get("SETTE_KIT_REQUIRE_BROWSER", "") not in ("", "0")


def chromium_path() -> str | None:
    for candidate in (os.environ.get("SETTE_KIT_CHROMIUM"), shutil.which("chromium"),
                      "/usr/bin/chromium", shutil.which("chromium-browser")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def missing(reason: str):
    """Skip with ``reason`` - or fail, when SETTE_KIT_REQUIRE_BROWSER=1."""
    if require_browser():
        pytest.fail(f"{reason}, but SETTE_KIT_REQUIRE_BROWSER=1 requires the browser tests to run",
                    pytrace=False)
    pytest.skip(reason)


def browser_or_skip() -> tuple[str, list[str]]:
    """Chromium's path and arguments, after checking Chromium and Playwright are there."""
    exe = chromium_path()
    if exe is None:
        missing("no Chromium found (install Debian's `chromium` package)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing("the playwright Python package is not installed")
    return exe, list(CHROMIUM_ARGS)


class PageInfo:
    """What :func:`open_page` learned: HTTP status, seconds to interactive, widget outputs."""

    def __init__(self, status: int, seconds: float, widget_outputs: int, kernel_id: str | None):
        self.status, self.seconds = status, seconds
        self.widget_outputs, self.kernel_id = widget_outputs, kernel_id

    def __repr__(self) -> str:
        return (f"PageInfo(status={self.status}, seconds={self.seconds:.2f}, "
                f"widget_outputs={self.widget_outputs})")


def open_page(page, url: str, timeout: float = 90.0) -> PageInfo:
    """Go to ``url`` and wait (at most ``timeout`` s) until the page is interactive."""
    start = time.perf_counter()
    response = page.goto(url, timeout=timeout * 1000, wait_until="domcontentloaded")
    status = response.status if response is not None else 0
    body = response.text() if response is not None else ""
    widgets = body.count(WIDGET_VIEW)
    if status < 400:
        left = max(1.0, timeout - (time.perf_counter() - start))
        page.wait_for_function(RENDERED_JS, arg=widgets, timeout=left * 1000, polling=50)
    seconds = time.perf_counter() - start
    match = KERNEL_ID.search(body)
    return PageInfo(status, seconds, widgets, match.group(1) if match else None)


def voila_errors(page, info: PageInfo | None = None) -> list[str]:
    """Everything on the page that looks like an error shown to the learner."""
    found = []
    if info is not None and info.status >= 400:
        found.append(f"HTTP {info.status}")
    for selector in (STDERR, ERROR_OUTPUT):
        for text in page.locator(selector).all_inner_texts():
            found.append(f"{selector}: {text.strip()[:300]}")
    body = page.inner_text("body")
    for text in ERROR_TEXTS:
        if text in body:
            found.append(f"text {text!r}")
    return found


def widget_count(page) -> int:
    """Rendered, visible root widget views (one per widget output of the notebook)."""
    return page.locator(f"{ROOT_VIEW}:visible").count()


def screenshot(page, path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)


# ---- steps ------------------------------------------------------------------------------

def click(selector: str, *, nth: int = 0) -> Step:
    """Click the ``nth`` element matching ``selector`` (e.g. ``"button:has-text('Deal')"``)."""
    def step(page):
        page.locator(selector).nth(nth).click()
    step.__doc__ = f"click {selector}"
    return step


def click_if_enabled(selector: str, *, nth: int = 0) -> Step:
    """Click the ``nth`` element matching ``selector`` if it exists and is enabled."""
    def step(page):
        loc = page.locator(selector)
        if loc.count() > nth and loc.nth(nth).is_enabled():
            loc.nth(nth).click()
    step.__doc__ = f"click {selector} if enabled"
    return step


def fill(selector: str, text: str, *, submit: bool = True, nth: int = 0) -> Step:
    """Type ``text`` into the input inside/at ``selector``; press Enter when ``submit``."""
    def step(page):
        box = page.locator(selector).nth(nth)
        if box.evaluate("e => !['INPUT', 'TEXTAREA'].includes(e.tagName)"):
            box = box.locator("input, textarea").first
        box.fill(text)
        if submit:
            box.press("Enter")
    step.__doc__ = f"fill {selector} with {text!r}"
    return step


def expect_visible(selector: str, *, timeout: float = 30.0, count: int = 1) -> Step:
    """At least ``count`` elements matching ``selector`` become visible within ``timeout`` s."""
    def step(page):
        loc = page.locator(selector)
        loc.nth(count - 1).wait_for(state="visible", timeout=timeout * 1000)
    step.__doc__ = f"see {selector}"
    return step


def expect_text(selector: str, pattern: str, *, timeout: float = 30.0) -> Step:
    """Some element matching ``selector`` shows text matching the regex ``pattern``."""
    regex = re.compile(pattern)

    def step(page):
        deadline = time.monotonic() + timeout
        texts: list[str] = []
        while time.monotonic() < deadline:
            texts = page.locator(selector).all_inner_texts()
            if any(regex.search(t) for t in texts):
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"no {selector} showed /{pattern}/ within {timeout} s; saw {texts!r}")
    step.__doc__ = f"see /{pattern}/ in {selector}"
    return step


def quiz_answer(answer: str, right: bool, *, nth: int = 0, timeout: float = 30.0) -> Step:
    """Answer the ``nth`` Quiz on the page (``.sk-quiz``) and expect it marked right or wrong."""
    mark = "sk-right" if right else "sk-wrong"

    def step(page):
        quiz = page.locator(".sk-quiz").nth(nth)
        box = quiz.locator(".sk-quiz-answer input").first
        box.fill(answer)
        box.press("Enter")
        quiz.locator("button.sk-quiz-check").first.click()
        quiz.locator(f".sk-quiz-feedback .{mark}, .sk-quiz-feedback.{mark}").first.wait_for(
            state="visible", timeout=timeout * 1000)
    step.__doc__ = f"answer {answer!r} to quiz {nth}: {'right' if right else 'wrong'}"
    return step


def run_steps(page, steps: list[Step]) -> None:
    for i, step in enumerate(steps):
        try:
            step(page)
        except Exception as exc:  # name the step that failed
            raise AssertionError(f"step {i} ({step.__doc__}) failed: {exc}") from exc
