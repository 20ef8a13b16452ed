"""One lesson per language in the browser (issue 17): nothing a learner reads is English.

Served by ``sette-kit serve``: the Italian lesson 3 (the table: a whole round, every
event and message) and the Spanish lesson 6 (the probability tree, the odds lab, a
quiz).  The page's text - what is on screen, and the words of titles, labels and
placeholders a screen reader or a tooltip gives - holds none of a short list of
English words, when the page has rendered and again after the learner has acted
(dealt a round, asked for the odds, answered a quiz).  The page's language (``<html
lang>``) is the lesson's, its header links to the same lesson in the other two
languages, and axe-core finds no violation.
"""

from __future__ import annotations

import pytest

from sk_axe import axe_violations, describe, record_counts
from sk_browser import open_page, screenshot, voila_errors, widget_count
from sk_i18n import english_left

pytestmark = pytest.mark.browser

def act(page, *labels: str) -> None:
    """Click the first enabled button whose text is one of ``labels`` (the language's words)."""
    for label in labels:
        button = page.locator(f"button.jupyter-button:not([disabled]):text-is('{label}')")
        if button.count():
            button.first.click()
            page.wait_for_timeout(1500)
            return
    raise AssertionError(f"no enabled button named any of {labels}")


CASES = [
    ("it", "03-playing-a-round.ipynb", ("Nuova mano", "Punta", "Sto")),
    ("es", "06-probability-of-busting.ipynb", ("Comprobar",)),
]


@pytest.mark.parametrize("lang,name,buttons", CASES, ids=[c[0] for c in CASES])
def test_a_lesson_reads_entirely_in_its_language(lang, name, buttons, lessons_server, page, screenshots):
    info = open_page(page, lessons_server.url(f"{lang}/{name}"))
    shot = screenshots / f"i18n-{lang}-{name.removesuffix('.ipynb')}.png"
    try:
        assert info.status == 200 and voila_errors(page, info) == []
        assert widget_count(page) >= info.widget_outputs >= 1
        assert page.evaluate("document.documentElement.lang") == lang
        links = page.eval_on_selector_all(".sk-lang-switch a", "els => els.map(e => e.getAttribute('href'))")
        others = [c for c in ("en", "it", "es") if c != lang]
        assert links == [f"../{name}" if c == "en" else f"../{c}/{name}" for c in others]
        left = english_left(page)
        assert not left, f"{lang}/{name}: English on the page as rendered:\n" + "\n".join(left)
        if lang == "es":  # answer a quiz: its feedback must be Spanish too
            box = page.locator(".sk-quiz-answer input").first
            box.fill("1/2")
            box.press("Enter")
            page.wait_for_timeout(1500)
        act(page, *buttons)
        left = english_left(page)
        assert not left, f"{lang}/{name}: English on the page after acting:\n" + "\n".join(left)
        violations = axe_violations(page)
        record_counts(f"{lang}/{name}", "after acting", violations)
        assert violations == [], describe(violations)
    finally:
        screenshot(page, shot)
