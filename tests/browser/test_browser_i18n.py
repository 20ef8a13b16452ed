"""One lesson per language in the browser: nothing a learner reads is English.

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

from lesson_steps import play_a_round
from sette_kit.i18n import gettext as _
from sette_kit.i18n import language
from sk_axe import axe_violations, describe, record_counts
from sk_browser import HANG_MS, open_page, run_steps, screenshot, voila_errors, wait_text_change, widget_count
from sk_i18n import english_left

pytestmark = pytest.mark.browser


def spanish_quiz_and_odds(lang: str) -> list:
    """Lesson 6: answer exercise 6.1 (found by its hand), show its answer, then add a seen
    card in the odds lab; each waits until the widget shows what it did."""
    with language(lang):
        words = {"show": _("Show answer"), "seen": _("Add to seen")}
    quiz = ".sk-quiz:has(.sk-quiz-text:has-text('4 de bastos, 2 de espadas'))"

    def answer(page):
        box = page.locator(f"{quiz} .sk-quiz-answer input")
        box.fill("1/2")
        box.press("Enter")
        page.locator(f"{quiz} .sk-quiz-feedback").locator(".sk-right, .sk-wrong").wait_for(
            state="visible", timeout=HANG_MS)
    answer.__doc__ = "answer exercise 6.1"

    def reveal(page):
        page.locator(quiz).get_by_role("button", name=words["show"], exact=True).click()
        page.locator(f"{quiz} .sk-quiz-feedback .sk-revealed").wait_for(state="visible", timeout=HANG_MS)
    reveal.__doc__ = f"show the answer ({words['show']!r})"

    def seen(page):
        before = page.locator(".sk-odds-lab .sk-result").inner_text()
        page.locator(".sk-odds-lab").get_by_role("button", name=words["seen"], exact=True).click()
        wait_text_change(page, ".sk-odds-lab .sk-result", before)
    seen.__doc__ = f"add a seen card ({words['seen']!r})"
    return [answer, reveal, seen]


CASES = [
    ("it", "03-playing-a-round.ipynb", lambda: play_a_round("it")),
    ("es", "06-probability-of-busting.ipynb", lambda: spanish_quiz_and_odds("es")),
]


# the words a card picture of the other decks would carry (Spanish pages drew the
# Italian deck, "Fante" on the card the text called "Sota", "MATTA" on the wild card)
FOREIGN_DECK = {"it": {"Sota", "Caballo", "Rey", "COMODÍN", "Jack", "Knight", "King", "WILD"},
                "es": {"Fante", "Cavallo", "Re", "MATTA", "Jack", "Knight", "King", "WILD"}}
CARD_WORDS_JS = """() => [...document.querySelectorAll('svg.sk-card')].map(svg =>
    [svg.getAttribute('aria-label') || '', ...[...svg.querySelectorAll('title, text')].map(t => t.textContent)]
    .join(' '))"""


def foreign_deck_words(page, lang: str) -> tuple[int, list[str]]:
    """How many card pictures the page shows, and those that carry another deck's words."""
    cards = page.evaluate(CARD_WORDS_JS)
    return len(cards), [words for words in cards if FOREIGN_DECK[lang] & set(words.replace("·", " ").split())]


@pytest.mark.parametrize("lang,name,acts", CASES, ids=[c[0] for c in CASES])
def test_a_lesson_reads_entirely_in_its_language(lang, name, acts, lessons_server, page, screenshots):
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
        run_steps(page, acts())  # the learner acts with the language's words
        left = english_left(page)
        assert not left, f"{lang}/{name}: English on the page after acting:\n" + "\n".join(left)
        shown, foreign = foreign_deck_words(page, lang)
        assert shown >= 1, f"{lang}/{name}: no card picture on the page after acting"
        assert not foreign, f"{lang}/{name}: card pictures of another deck:\n" + "\n".join(foreign[:5])
        violations = axe_violations(page)
        record_counts(f"{lang}/{name}", "after acting", violations)
        assert violations == [], describe(violations)
    finally:
        screenshot(page, shot)
