"""Helpers for the static site's browser tests and benchmark (``sette-kit build-site``).

* :class:`StaticServer` serves a built site from a thread, as ``python -m http.server``
  does (the way docs/publish.md tells an author to try a site), and counts the bytes it
  sends (``sent``, ``reset()``): what a visit downloads.
* :class:`Guard` blocks, on a Playwright browser context, every request to a host other
  than that server - from the pages and from their web workers - and records it, so a
  test can fail when anything tried to leave; ``Guard(..., block=False)`` only records
  them, for a context whose downloads are counted (Playwright's routing turns the
  browser's HTTP cache off, which a learner's browser has).
* :func:`open_site_page` opens a page and waits until its code has run: the page's
  script sets ``<body data-sk-state>`` to ``ready`` (or ``ready-with-errors`` /
  ``failed``) and ``data-sk-seconds`` / ``data-sk-kernel-seconds``.
* :func:`python_says` runs code in an open page's Python and returns what it printed;
  :data:`MAP_NUMBERS_CUT_JS` finds the landing page's map numbers cut at the left.
* :func:`site_steps` gives the interaction to check on a lesson page: the lesson's
  entry in ``lesson_steps.STEPS`` (written for Voila, links adapted to the site's
  pages), or else one driver per kind of widget on the page (:data:`DRIVERS`).
"""

from __future__ import annotations

import functools
import http.server
import threading
import time
from urllib.parse import urlparse

from sette_kit.i18n import gettext as _
from sk_browser import HANG_MS, HANG_S, button, click, expect_text, expect_visible, fill, find, wait_text_change

READY_JS = ("!!document.body && !!document.body.dataset.skState && "
            "document.body.dataset.skState !== 'loading'")
# the first visit's background work done (app.js: the service worker has kept the files
# fetched before it took over, and the memory snapshot is kept where the site makes one)
BACKGROUND_DONE_JS = "document.body.dataset.skBackground === 'done'"
WIDGET_ROOT = ".sk-code-output .sk-widget"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    counter = None  # the StaticServer counting what this handler sends

    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        # the bytes of a file's body as this server sends them (uncompressed, as
        # `python -m http.server` does); a 304 sends none
        data = source.read()
        outputfile.write(data)
        if self.counter is not None:
            self.counter.count(self.path, len(data))


class StaticServer:
    """A static file server for ``root`` on 127.0.0.1 and a free port, in a thread."""

    def __init__(self, root):
        handler = functools.partial(type("Handler", (_Quiet,), {"counter": self}),
                                    directory=str(root))
        self._lock = threading.Lock()
        self.sent = 0          # bytes of file bodies sent since the last reset()
        self.files: list[tuple[str, int]] = []
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "StaticServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def url(self, path: str = "") -> str:
        return self.base + path

    def count(self, path: str, n: int) -> None:
        with self._lock:
            self.sent += n
            self.files.append((path, n))

    def reset(self) -> int:
        """Start counting anew; returns the bytes sent since the last reset."""
        with self._lock:
            sent, self.sent, self.files = self.sent, 0, []
        return sent


class Guard:
    """Record, and with ``block`` abort, every request of ``context`` that is not for
    ``base``.  Without ``block`` nothing is routed: the browser's HTTP cache works as in a
    learner's browser (routing turns it off), so the downloads counted are a learner's."""

    def __init__(self, context, base: str, *, block: bool = True):
        self.origin = urlparse(base).netloc
        self.left: list[str] = []
        if block:
            context.route("**/*", self._route)
        else:
            context.on("request", lambda request: self._leaves(request.url))

    def _leaves(self, url: str) -> bool:
        parsed = urlparse(url)
        if parsed.scheme in ("data", "blob") or parsed.netloc == self.origin:
            return False
        self.left.append(url)
        return True

    def _route(self, route) -> None:
        if self._leaves(route.request.url):
            route.abort()
        else:
            route.continue_()


class PageState:
    def __init__(self, state: str, seconds: float, kernel_seconds: float | None):
        self.state, self.seconds, self.kernel_seconds = state, seconds, kernel_seconds

    def __repr__(self) -> str:
        return f"PageState({self.state!r}, {self.seconds:.2f} s, kernel {self.kernel_seconds} s)"


def wait_site_page(page, start: float, timeout: float = HANG_S) -> PageState:
    page.wait_for_function(READY_JS, timeout=timeout * 1000, polling=50)
    seconds = time.perf_counter() - start
    state = page.evaluate("document.body.dataset.skState")
    kernel = page.evaluate("document.body.dataset.skKernelSeconds || null")
    return PageState(state, seconds, float(kernel) if kernel else None)


def open_site_page(page, url: str, timeout: float = HANG_S) -> PageState:
    """Go to ``url`` and wait until the page says its code has run; seconds from goto
    (``timeout`` only catches a hang)."""
    start = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded", timeout=timeout * 1000)
    return wait_site_page(page, start, timeout)


def python_says(page, code: str) -> str:
    """Run ``code`` in the page's Python (the app's kernel) and return what it printed."""
    return page.evaluate("""async (code) => {
        const out = [];
        const { reply } = window.setteKitSite.session.send('execute_request',
            { code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false,
              stop_on_error: true }, { onOutput: (m) => { if (m.content.name === 'stdout') out.push(m.content.text); } });
        await reply;
        return out.join('');
    }""", code)


# every numbered item of the landing page's map whose number is cut at the left, by the
# page's edge or by an ancestor that clips (Voila's output area scrolls: it cuts "10." to
# ".0."): [number, px of the marker outside] for each
MAP_NUMBERS_CUT_JS = """() => {
  const cut = [];
  for (const li of document.querySelectorAll('.sk-lesson-map ol.sk-map-list > li')) {
    const style = getComputedStyle(li);
    const probe = document.createElement('span');
    probe.textContent = `${li.value}. `;
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font}`;
    document.body.appendChild(probe);
    const marker = probe.getBoundingClientRect().width;
    probe.remove();
    let edge = 0;
    for (let e = li.parentElement; e; e = e.parentElement) {
      if (getComputedStyle(e).overflowX !== 'visible') edge = Math.max(edge, e.getBoundingClientRect().left);
    }
    const start = li.getBoundingClientRect().left - marker;
    if (start < edge - 0.5) cut.push([li.value, Math.round(edge - start)]);
  }
  return cut;
}"""


# ---- what to do on each page --------------------------------------------------------------

def text_changes(target, act):
    """A step: ``act(page)``, then wait until ``target``'s text differs from before."""
    def step(page):
        before = find(page, target).inner_text(timeout=HANG_MS)
        act(page)
        wait_text_change(page, target, before)
    step.__doc__ = f"see {target if isinstance(target, str) else target.__doc__} change"
    return step


def quiz_reveal():
    """Show the answer of every Quiz on the page: each one's feedback shows it."""
    def step(page):
        for box in page.locator(".sk-quiz").all():
            box.get_by_role("button", name=_("Show answer"), exact=True).click(timeout=HANG_MS)
            box.locator(".sk-quiz-feedback .sk-revealed").wait_for(state="visible", timeout=HANG_MS)
    step.__doc__ = "show the answer of every quiz"
    return step


def discard_one():
    """After a draw, discard a card by its name (the first of the names in alphabetical order)."""
    def step(page):
        table = page.locator(".sk-trentuno-table")
        discards = table.locator("button.sk-discard:visible")
        if not discards.count():
            return
        name = sorted(t.strip() for t in discards.all_inner_texts())[0]
        table.get_by_role("button", name=name, exact=True).click(timeout=HANG_MS)
    step.__doc__ = "discard a card"
    return step


def _lab_button(scope: str, name: str):
    return button(_(name), scope)


# widget root class -> steps that drive the page's one such widget
DRIVERS = {
    "sk-quiz": lambda: [quiz_reveal()],
    "sk-score-trainer": lambda: [
        click(_lab_button(".sk-score-trainer", "Show answer")),
        expect_text(".sk-score-trainer .sk-score-line", r"\S"),
        text_changes(".sk-score-trainer .sk-hand-view",
                     lambda page: find(page, _lab_button(".sk-score-trainer", "Deal")).click(timeout=HANG_MS)),
    ],
    "sk-table-player": lambda: __import__("lesson_steps").PLAY_A_ROUND,
    "sk-odds-lab": lambda: [
        text_changes(".sk-odds-lab .sk-result",
                     lambda page: find(page, _lab_button(".sk-odds-lab", "Add to seen")).click(timeout=HANG_MS)),
    ],
    "sk-strategy-chart": lambda: [
        fill(".sk-strategy-chart .sk-lookup-input", "6 di coppe", submit=False),
        text_changes(".sk-strategy-chart .sk-lookup-result",
                     lambda page: find(page, _lab_button(".sk-strategy-chart", "Look up")).click(timeout=HANG_MS)),
    ],
    "sk-simulation-lab": lambda: [
        click(_lab_button(".sk-simulation-lab", "Run")),
        expect_visible(".sk-simulation-lab figure.sk-chart"),
    ],
    "sk-trentuno-table": lambda: [
        text_changes(".sk-trentuno-table .sk-log",
                     lambda page: find(page, _lab_button(".sk-trentuno-table", "Draw from stock"))
                     .click(timeout=HANG_MS)),
        discard_one(),
    ],
    "sk-quattro-table": lambda: [expect_visible(_lab_button(".sk-quattro-table", "Draw")),
                                 click(_lab_button(".sk-quattro-table", "Draw"))],
}


def _site_selector(selector: str) -> str:
    return selector.replace(".ipynb", ".html")


def site_steps(name: str, widget_kinds: list[str]) -> list:
    """The steps for lesson ``name`` (e.g. ``03-playing-a-round.ipynb``) on the site."""
    from lesson_steps import STEPS

    if name in STEPS:
        steps = []
        for step in STEPS[name]:
            link = getattr(step, "link", None)  # a link to a lesson: on the site, to its page
            steps.append(expect_visible(f".sk-lesson-map a[href$='{_site_selector(link)}']") if link else step)
        return steps
    steps = []
    for kind in widget_kinds:
        if kind in DRIVERS:
            steps += DRIVERS[kind]()
    return steps


def widget_kinds(page) -> list[str]:
    """The kit's widget kinds on the page (``sk-quiz``, ``sk-odds-lab``...), in page order."""
    classes = page.eval_on_selector_all(
        WIDGET_ROOT, "els => els.map(e => Array.from(e.classList))")
    kinds = []
    for names in classes:
        for cls in names:
            if cls in DRIVERS and cls not in kinds:
                kinds.append(cls)
    # the lesson's main widget first, quizzes last
    return sorted(kinds, key=lambda k: k == "sk-quiz")
