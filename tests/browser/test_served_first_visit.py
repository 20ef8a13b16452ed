"""A served class's first visitors get whole pages.

``sette-kit serve`` is started as a teacher starts it, with its default options, and
right after its ready line three learners open three lessons at once, each the first
visitor of that lesson: the landing page (00), a lesson with many widgets (06) and an
Italian lesson (``it/03``, which the English server does not preheat).  Each page must
show every widget it has and the lesson's footer: a page that stops half-way (the text
without its widgets, as when the server preheated 42 notebooks at once and page
preparation passed Voilà's per-cell limit) fails here.

Nothing waits a fixed time: each page is waited for until it is complete, within a
bound that only guards against a hang.
"""

from __future__ import annotations

import json

import pytest

from sette_kit.serve import Server, lessons_dir
from sk_browser import HANG_MS, HANG_S, RENDERED_JS, WIDGET_VIEW, voila_errors

pytestmark = [pytest.mark.browser]

FIRST_VISITS = ("00-start-here.ipynb", "06-probability-of-busting.ipynb", "it/03-playing-a-round.ipynb")
FOOTER = ".sk-lesson-footer"


def widget_outputs(name: str) -> int:
    """How many widgets the lesson shows: the widget outputs of its committed notebook,
    executed from a clean kernel."""
    cells = json.loads((lessons_dir() / name).read_text(encoding="utf-8"))["cells"]
    return sum(WIDGET_VIEW in output.get("data", {}) for cell in cells for output in cell.get("outputs", ()))


def test_first_visitors_right_after_the_ready_line_get_whole_lessons(browser, screenshots):
    with Server(startup_timeout=HANG_S) as server:  # serve's own defaults: preheat, cap, language
        assert server.ready_line, "serve printed no ready line"
        contexts = [browser.new_context(viewport={"width": 1200, "height": 900}) for _ in FIRST_VISITS]
        try:
            pages = [context.new_page() for context in contexts]
            bodies = {}
            for page, name in zip(pages, FIRST_VISITS):  # three learners at once
                response = page.goto(server.url(name), wait_until="commit", timeout=HANG_MS)
                assert response is not None and response.status == 200, f"{name}: HTTP {response and response.status}"
                bodies[name] = response
            for page, name in zip(pages, FIRST_VISITS):
                page.wait_for_load_state("domcontentloaded", timeout=HANG_MS)
                widgets = bodies[name].text().count(WIDGET_VIEW)
                assert widgets == widget_outputs(name) >= 1, \
                    f"{name}: the page was sent with {widgets} of its {widget_outputs(name)} widgets"
                page.wait_for_function(RENDERED_JS, arg=widgets, timeout=HANG_MS, polling=200)
                page.locator(FOOTER).wait_for(state="visible", timeout=HANG_MS)
                page.screenshot(path=str(screenshots / f"first-visit-{name.replace('/', '-')}.png"), full_page=True)
                assert voila_errors(page) == [], f"{name} shows an error"
        finally:
            for context in contexts:
                context.close()
