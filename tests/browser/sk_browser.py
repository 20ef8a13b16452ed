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
from contextlib import contextmanager
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

#: The one bound on every wait of the browser tests: a page, a widget, a server's start, a
#: kernel count.  It only catches a hang (a busy machine is slow, not broken: the suite
#: must pass at a load average of 20 on 2 cores); how fast things are is measured in
#: bench/, never asserted here.  ``SETTE_KIT_HANG_S`` overrides it.
HANG_S = float(os.environ.get("SETTE_KIT_HANG_S") or 900)
HANG_MS = HANG_S * 1000


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


def open_page(page, url: str, timeout: float = HANG_S) -> PageInfo:
    """Go to ``url`` and wait until the page is interactive (``timeout`` only catches a hang)."""
    start = time.perf_counter()
    deadline = start + timeout
    response = page.goto(url, timeout=timeout * 1000, wait_until="domcontentloaded")
    status = response.status if response is not None else 0
    body = response.text() if response is not None else ""
    widgets = body.count(WIDGET_VIEW)
    if status < 400:
        left = max(1.0, deadline - time.perf_counter())
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


def full_screenshot(page, path, max_height: int = 30000) -> None:
    """The whole lesson: the viewport grown to the height of Voilà's scrolling column (at most
    ``max_height`` px), the page settled, shot, and the viewport put back."""
    height = page.evaluate("() => (document.getElementById('rendered_cells') || document.body).scrollHeight")
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": min(max(height + 40, size["height"]), max_height)})
    settled(page)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


@contextmanager
def viewport_page(browser, viewport):
    """A page in a browser context of its own at ``viewport`` (``{"width": ..., "height": ...}``),
    every wait on it bounded by HANG_MS; the context is closed after."""
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.set_default_timeout(HANG_MS)
        yield page
    finally:
        context.close()


def page_fixture(viewport, pages=viewport_page):
    """A pytest fixture (named by the module name it is assigned to): a page at ``viewport``
    from the context manager ``pages(browser, viewport)``."""
    @pytest.fixture
    def page_at(browser):
        """A page of its own browser context, at the viewport its module gave."""
        with pages(browser, viewport) as page:
            yield page
    return page_at


def layout_js(buttons: str, wide: str, more: str = "") -> str:
    """A page function (for ``page.evaluate``) that lists what would be cut or too wide on
    the page: a visible button of the selector ``buttons`` whose text is clipped, a visible
    element of ``wide`` wider than the screen, and what the JavaScript statements ``more``
    push to ``out`` (``visible`` and ``W``, the screen's width, are theirs to use)."""
    return r"""
() => {
  const out = [];
  const W = document.documentElement.clientWidth;
  const visible = e => e.offsetParent !== null && e.getClientRects().length > 0;
  for (const b of document.querySelectorAll('%s')) {
    if (visible(b) && b.scrollWidth > b.clientWidth + 1) out.push('clipped button: ' + b.innerText.trim());
  }
  for (const w of document.querySelectorAll('%s')) {
    if (visible(w) && w.getBoundingClientRect().right > W + 1) out.push('wider than the screen: ' + w.className);
  }
%s  return out;
}
""" % (buttons, wide, more)


# ---- finding widgets ----------------------------------------------------------------------
#
# A step's target is a CSS selector that names one element by the widget's own classes
# (Playwright's strict mode fails an action on a selector that matches two), or a
# function ``page -> Locator`` built from the widget's own names: its buttons' accessible
# names, its question text.  Never a position among look-alike elements.

Target = "str | Callable[[object], object]"


def find(page, target):
    """The Locator of ``target`` (a CSS selector or a function of the page)."""
    return target(page) if callable(target) else page.locator(target)


def quiz(question: str) -> Callable:
    """The Quiz whose question text contains ``question``."""
    def where(page):
        return page.locator(".sk-quiz").filter(has=page.locator(".sk-quiz-text", has_text=question))
    where.__doc__ = f"the quiz {question[:40]!r}"
    return where


def predict(question: str) -> Callable:
    """The Predict whose question contains ``question``."""
    def where(page):
        return page.locator(".sk-predict").filter(has=page.locator(".sk-predict-question", has_text=question))
    where.__doc__ = f"the prediction {question[:40]!r}"
    return where


def within(scope, inner: str | Callable) -> Callable:
    """``inner`` (a CSS selector, or a function of a Locator) inside ``scope``."""
    def where(page):
        box = find(page, scope)
        return inner(box) if callable(inner) else box.locator(inner)
    where.__doc__ = f"{inner if isinstance(inner, str) else inner.__doc__} in {_name(scope)}"
    return where


def button(name: str, scope=None, *, exact: bool = True) -> Callable:
    """The button named ``name`` (its accessible name: the words on it), in ``scope``."""
    def where(page):
        box = find(page, scope) if scope is not None else page
        return box.get_by_role("button", name=name, exact=exact)
    where.__doc__ = f"the button {name!r}" + (f" in {_name(scope)}" if scope is not None else "")
    return where


def wait_until(ok: Callable, every: float = 0.25, within: float = HANG_S):
    """Poll ``ok()``, a condition on the server's side (kernels, files), until it is true
    or ``within`` seconds pass; its last value.  Waits on the page are Playwright's
    (``expect``, ``wait_for_function``)."""
    deadline = time.monotonic() + within
    value = ok()
    while not value and time.monotonic() < deadline:
        time.sleep(every)
        value = ok()
    return value


def _name(target) -> str:
    return target if isinstance(target, str) else (target.__doc__ or repr(target))


def settled(page) -> None:
    """Wait until the page has laid itself out: two animation frames, then every finite
    CSS animation or transition finished (after a resize, a class change)."""
    page.evaluate("""async () => {
        const frame = () => new Promise(r => requestAnimationFrame(() => r()));
        await frame(); await frame();
        const finite = document.getAnimations().filter(a => {
            const t = a.effect && a.effect.getComputedTiming();
            return t && Number.isFinite(t.endTime);
        });
        await Promise.all(finite.map(a => a.finished.catch(() => null)));
        await frame();
    }""")


def text_of(page, target) -> str:
    return find(page, target).inner_text()


def wait_text_change(page, target, before: str) -> None:
    """Wait until ``target``'s text is no longer ``before`` (and not empty)."""
    from playwright.sync_api import expect

    loc = find(page, target)
    expect(loc).not_to_have_text(before, use_inner_text=True, timeout=HANG_MS)
    expect(loc).to_have_text(re.compile(r"\S"), use_inner_text=True, timeout=HANG_MS)


# ---- steps ------------------------------------------------------------------------------

def click(target) -> Step:
    """Click ``target`` once it is visible and enabled (e.g. ``button("Deal", ".sk-score-trainer")``)."""
    def step(page):
        find(page, target).click(timeout=HANG_MS)
    step.__doc__ = f"click {_name(target)}"
    return step


def click_if_enabled(target) -> Step:
    """Click ``target`` if it is there and enabled."""
    def step(page):
        loc = find(page, target)
        if loc.count() and loc.is_enabled():
            loc.click(timeout=HANG_MS)
    step.__doc__ = f"click {_name(target)} if enabled"
    return step


def fill(target, text: str, *, submit: bool = True) -> Step:
    """Type ``text`` into the input inside/at ``target``; press Enter when ``submit``."""
    def step(page):
        box = find(page, target)
        box.wait_for(state="visible", timeout=HANG_MS)
        if box.evaluate("e => !['INPUT', 'TEXTAREA'].includes(e.tagName)"):
            box = box.locator("input, textarea")
        box.fill(text, timeout=HANG_MS)
        if submit:
            box.press("Enter", timeout=HANG_MS)
    step.__doc__ = f"fill {_name(target)} with {text!r}"
    return step


def expect_visible(target) -> Step:
    """``target`` (one element) becomes visible."""
    def step(page):
        find(page, target).wait_for(state="visible", timeout=HANG_MS)
    step.__doc__ = f"see {_name(target)}"
    return step


def expect_count(target, count: int) -> Step:
    """``target`` matches exactly ``count`` elements (waiting until it does)."""
    def step(page):
        from playwright.sync_api import expect

        expect(find(page, target)).to_have_count(count, timeout=HANG_MS)
    step.__doc__ = f"see {count} of {_name(target)}"
    return step


def expect_charts(scope: str, count: int = 1, *, narrow: bool = False) -> Step:
    """At least ``count`` charts of ``widgets.charts`` in ``scope`` are drawn and visible
    (``narrow``: the phone drawing of each)."""
    figure = "figure.sk-chart-narrow" if narrow else "figure.sk-chart"

    def step(page):
        page.wait_for_function("""([sel, n]) => [...document.querySelectorAll(sel)]
            .filter(f => f.querySelector('svg') && f.getClientRects().length > 0).length >= n""",
                               arg=[f"{scope} {figure}", count], timeout=HANG_MS, polling=100)
    step.__doc__ = f"see {count} chart(s) in {scope}"
    return step


def expect_text(target, pattern: str) -> Step:
    """``target`` (one element) shows text matching the regex ``pattern``."""
    regex = re.compile(pattern)

    def step(page):
        from playwright.sync_api import expect

        expect(find(page, target)).to_have_text(regex, use_inner_text=True, timeout=HANG_MS)
    step.__doc__ = f"see /{pattern}/ in {_name(target)}"
    return step


def quiz_answer(question: str, answer: str, right: bool, *, says: str | None = None) -> Step:
    """Answer the Quiz whose question contains ``question``: type ``answer``, press Enter
    and Check; expect it marked right or wrong (and its feedback to contain ``says``)."""
    mark = "sk-right" if right else "sk-wrong"
    where = quiz(question)

    def step(page):
        from playwright.sync_api import expect

        box = where(page)
        feedback = box.locator(".sk-quiz-feedback")
        answer_box = box.locator(".sk-quiz-answer input")
        answer_box.fill(answer, timeout=HANG_MS)
        answer_box.press("Enter", timeout=HANG_MS)
        box.locator("button.sk-quiz-check").click(timeout=HANG_MS)
        feedback.locator(f".{mark}").wait_for(state="visible", timeout=HANG_MS)
        if says is not None:
            expect(feedback).to_contain_text(says, use_inner_text=True, timeout=HANG_MS)
    step.__doc__ = f"answer {answer!r} to {where.__doc__}: {'right' if right else 'wrong'}"
    return step


def run_steps(page, steps: list[Step]) -> None:
    for i, step in enumerate(steps):
        try:
            step(page)
        except Exception as exc:  # name the step that failed
            raise AssertionError(f"step {i} ({step.__doc__}) failed: {exc}") from exc
