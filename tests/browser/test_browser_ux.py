"""The widgets as a learner meets them, in real headless Chromium through Voilà: the lessons as a
learner meets them, at desktop width and on a 390 px wide phone.

- 14: lesson 3's table - type the stake in the box and click Stake: it stakes once, with
  no message; Enter alone stakes too.
- 15: lesson 8's Trentuno table - the discard buttons show their whole card names.
- 16: lesson 4's rules explorer - every menu shows its value.
- 19: every lesson at 390 px - no button clipped ("Show a..."), no printed line broken
  inside a word ("stak e"), no placeholder cut, no widget wider than the screen, no menu
  hiding its value.  A full-height screenshot of each lesson is saved
  (``screenshots/phone-NN-name.png``) to be looked at.

The headless half of these items is ``tests/widgets/test_ux.py``.
"""

from __future__ import annotations

import re

import pytest

from sette_kit.serve import list_lessons, lessons_dir
from sk_browser import HANG_S, find, full_screenshot, open_page, page_fixture, voila_errors
from sk_browser import predict as predict_of

pytestmark = pytest.mark.browser

LESSONS = list_lessons(lessons_dir())
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1200, "height": 900}

# Everything a learner would see cut or broken, as a list of short descriptions.
PROBLEMS_JS = r"""
() => {
  const out = [];
  const W = document.documentElement.clientWidth;
  const visible = e => e.offsetParent !== null && e.getClientRects().length > 0;
  const ctx = document.createElement('canvas').getContext('2d');
  const textWidth = (text, el) => { ctx.font = getComputedStyle(el).font; return ctx.measureText(text).width; };
  for (const b of document.querySelectorAll('button')) {
    if (visible(b) && b.scrollWidth > b.clientWidth + 1) out.push('clipped button: ' + b.innerText.trim());
  }
  for (const pre of document.querySelectorAll('.jp-OutputArea-output pre')) {
    if (visible(pre) && getComputedStyle(pre).wordBreak === 'break-all') {
      out.push('printed output breaks inside words: ' + pre.innerText.slice(0, 40));
    }
  }
  for (const i of document.querySelectorAll('input[placeholder]')) {
    if (!visible(i) || !i.placeholder) continue;
    const cs = getComputedStyle(i);
    const room = i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    if (textWidth(i.placeholder, i) > room + 1) out.push('cut placeholder: ' + i.placeholder);
  }
  for (const s of document.querySelectorAll('select')) {
    if (!visible(s) || s.selectedIndex < 0 || s.multiple || s.size > 1) continue;
    const cs = getComputedStyle(s);
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);  // the arrow sits in the padding
    const text = s.options[s.selectedIndex].text;
    if (textWidth(text, s) > room + 1) out.push('menu hides its value: ' + text + ' in ' + Math.round(s.clientWidth) + ' px');
  }
  for (const w of document.querySelectorAll('.sk-widget')) {
    if (visible(w) && w.getBoundingClientRect().right > W + 1) out.push('wider than the screen: ' + w.className);
  }
  return out;
}
"""


def problems(page) -> list[str]:
    return page.evaluate(PROBLEMS_JS)


def wait_for(page, fn, what: str):
    """Poll ``fn(page)`` until it returns a true value (a condition poll, bounded only by
    the hang guard); fail naming ``what``."""
    import time

    deadline = time.monotonic() + HANG_S
    while True:
        got = fn(page)
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not seen within {HANG_S:.0f} s")
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")  # the next frame


phone, desktop = page_fixture(PHONE), page_fixture(DESKTOP)


# -- 19: every lesson on a phone ---------------------------------------------------------------------

@pytest.mark.parametrize("name", LESSONS)
def test_19_every_lesson_reads_whole_at_phone_width(name, lessons_server, phone, screenshots):
    info = open_page(phone, lessons_server.url(name))
    try:
        assert info.status == 200 and voila_errors(phone, info) == []
        assert problems(phone) == [], name
    finally:
        full_screenshot(phone, screenshots / f"phone-{name.removesuffix('.ipynb')}.png")


def test_19_show_answer_is_whole_in_lesson_0(lessons_server, phone):
    open_page(phone, lessons_server.url("00-start-here.ipynb"))
    reveal = phone.locator(".sk-score-trainer button.sk-score-reveal")
    assert reveal.inner_text().strip() == "Show answer"
    assert reveal.evaluate("b => b.scrollWidth <= b.clientWidth + 1")


# -- 14: lesson 3, "type your stake in the box and press Stake" ---------------------------------------

TP = ".sk-table-player"


def processed(page) -> None:
    """Wait until the kernel has dealt with everything the page sent so far: a question
    to another widget of the page (the first prediction, "I don't know, show me"), whose
    answer the page sees only after every earlier message's (the kernel answers the
    page's messages in order, over one connection)."""
    from sette_kit.i18n import gettext as _

    box = find(page, predict_of("You stop on 6. The bank stops on 6 too"))
    box.get_by_role("button", name=_("I don't know, show me"), exact=True).click()
    box.locator(".sk-predict-result").wait_for(state="visible")


def my_stake(page):
    """The stake shown under the learner's own hand, or None ("no stake yet")."""
    facts = page.locator(f"{TP} .sk-seat-you .sk-hand-facts").inner_text()
    m = re.search(r"\bstake (\d+)", facts)
    return int(m.group(1)) if m else None


@pytest.mark.parametrize("how", ["click", "enter"])
def test_14_typed_stake_is_placed_once_by_click_or_by_enter(how, lessons_server, desktop):
    open_page(desktop, lessons_server.url("03-playing-a-round.ipynb"))
    table = desktop.locator(TP)
    box = table.locator(".sk-amount input")
    box.fill("5")
    if how == "click":
        table.get_by_role("button", name="Stake", exact=True).click()
    else:
        box.press("Enter")
    assert wait_for(desktop, my_stake, "the learner's stake") == 5
    processed(desktop)  # anything late (a second stake, a refusal) shows by now
    assert table.locator(".sk-message").inner_text().strip() == ""
    assert my_stake(desktop) == 5
    assert table.locator("button.sk-stake").is_hidden()


def test_14_enter_on_the_amount_already_in_the_box_stakes_it(lessons_server, desktop):
    open_page(desktop, lessons_server.url("03-playing-a-round.ipynb"))
    table = desktop.locator(TP)
    box = table.locator(".sk-amount input")
    shown = int(box.input_value())
    box.press("Enter")
    assert wait_for(desktop, my_stake, "the learner's stake") == shown
    processed(desktop)
    assert table.locator(".sk-message").inner_text().strip() == ""


# -- 15: lesson 8, the discard buttons -------------------------------------------------------------

def test_15_discard_buttons_show_whole_card_names(lessons_server, phone):
    open_page(phone, lessons_server.url("11-trentuno-rules.ipynb"))
    table = phone.locator(".sk-trentuno-table")
    table.get_by_role("button", name="Draw from stock", exact=True).click()
    discard = table.locator("button.sk-discard:visible")
    wait_for(phone, lambda page: discard.count() == 4, "four discard buttons")
    names = [b.inner_text().strip() for b in discard.all()]
    assert len(names) == 4 and all(n.startswith("Discard ") and "..." not in n for n in names), names
    assert problems(phone) == []


# -- 16: lesson 4, the rules explorer's menus --------------------------------------------------------

@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_16_every_menu_of_the_rules_explorer_shows_its_value(viewport, lessons_server, browser):
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        open_page(page, lessons_server.url("04-variants.ipynb"))
        menu = page.locator(".sk-variant-explorer .sk-option-bank-passing select")
        assert menu.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ") == "to a winning reale"
        assert [p for p in problems(page) if p.startswith("menu")] == []
    finally:
        context.close()
