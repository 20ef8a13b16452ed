"""The kit's look in real headless Chromium through Voilà: the kit's look on a desktop, a phone
and a projector, and the lessons used with the keyboard alone.

For every lesson in lessons/ (a lesson added later is checked as soon as it is there):

- at 1280 px: the tab shows the lesson's title (not its file name), the page asks no
  other host for anything (Voilà's stock page fetched Font Awesome from a CDN), the text
  of the page and of its widgets is the theme's size; ``screenshots/theme/NN-name-1280.png``;
- projector mode, turned on with the keyboard (the switch in the top bar, Enter): text
  at 22 px or more, every card at least 110 px wide, 0 axe-core violations;
  ``screenshots/theme/NN-name-projector.png``;
- at 390 px: nothing wider than the screen, tables scroll inside themselves, every
  button at least 44 px tall, 0 axe-core violations; ``screenshots/theme/NN-name-390.png``.

Then: ``?projector=1`` turns projector mode on and the browser remembers it, ``?projector=0``
turns it off; lesson 3 is played with the keyboard alone (Tab, typing, Enter and Space:
a round at the table, then one quiz answered), focus always visible, the tab order
following the reading order, the result announced in a live region.

Look at the screenshots: they are what a class sees.
"""

from __future__ import annotations

import re

import pytest

from sette_kit.serve import list_lessons, lessons_dir
from sk_axe import axe_violations, describe, record_counts
from lesson_steps import STAND_OR_OVER_JS, STATUS, table_words
from sk_browser import HANG_MS, find, full_screenshot, open_page, settled, wait_text_change
from sk_browser import quiz as quiz_of

pytestmark = pytest.mark.browser

LESSONS = list_lessons(lessons_dir())
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
PROJECTOR_TEXT = 22      # px, the least body text in projector mode
PROJECTOR_CARD = 110     # px, the narrowest card in projector mode
TOUCH = 44               # px, the least height of a button on a phone


# sizes a class sees: body text, widget text, cards, controls
MEASURE_JS = r"""
() => {
  const visible = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const px = (e) => parseFloat(getComputedStyle(e).fontSize);
  const para = [...document.querySelectorAll('.jp-RenderedMarkdown p, .jp-RenderedMarkdown li')].filter(visible);
  const wtext = [...document.querySelectorAll('.sk-widget .widget-html-content')].filter(visible)
      .filter(e => e.innerText.trim().length > 0);
  const cards = [...document.querySelectorAll('svg.sk-card')].filter(visible).map(c => c.getBoundingClientRect().width);
  const charts = [...document.querySelectorAll('figure.sk-chart svg')].filter(visible)
      .filter(s => s.querySelector('text')).map(s => {
      const t = s.querySelector('text');
      return parseFloat(getComputedStyle(t).fontSize) * s.getBoundingClientRect().width / s.viewBox.baseVal.width; });
  const buttons = [...document.querySelectorAll('.sk-widget button, button.sk-switch')].filter(visible)
      .map(b => ({text: b.innerText.trim(), h: b.getBoundingClientRect().height}));
  // the smallest text of the column: every element holding its own words
  const own = [...document.querySelectorAll('.sk-column *')].filter(visible).filter(e =>
      [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim().length > 1)
      && !e.closest('svg, .sk-topbar, .sk-exact, .sk-chart-describe'));
  return {
    smallest: own.length ? Math.min(...own.map(px)) : null,
    smallestAt: own.filter(e => px(e) === Math.min(...own.map(px))).slice(0, 3)
        .map(e => e.tagName + '.' + String(e.className) + ': ' + e.textContent.trim().slice(0, 30)),
    text: para.length ? Math.min(...para.map(px)) : null,
    widgetText: wtext.length ? Math.min(...wtext.map(px)) : null,
    cards: cards.length ? Math.min(...cards) : null,
    chartText: charts.length ? Math.min(...charts) : null,
    nCards: cards.length,
    buttons,
    projector: document.documentElement.classList.contains('sk-projector'),
    pressed: (document.querySelector('[data-sk-projector-toggle]') || {getAttribute: () => null}).getAttribute('aria-pressed'),
  };
}
"""

# at phone width: anything wider than the screen, and tables that do not scroll inside themselves
OVERFLOW_JS = r"""
() => {
  const W = document.documentElement.clientWidth;
  const out = [];
  const visible = e => e.getClientRects().length > 0;
  const scroller = document.getElementById('rendered_cells') || document.scrollingElement;
  if (scroller.scrollWidth > scroller.clientWidth + 1) out.push('the page scrolls sideways: ' + scroller.scrollWidth + ' px');
  for (const e of document.querySelectorAll('.sk-widget, .jp-RenderedMarkdown > *, .jp-OutputArea-output, figure')) {
    if (visible(e) && e.getBoundingClientRect().right > W + 1) out.push('wider than the screen: ' + (e.className || e.tagName));
  }
  for (const t of document.querySelectorAll('table')) {
    if (!visible(t)) continue;
    // a wide table must sit in (or be) a box that scrolls sideways, inside the screen
    let box = t;
    while (box && box !== document.body) {
      const cs = getComputedStyle(box);
      if (/(auto|scroll)/.test(cs.overflowX)) break;
      box = box.parentElement;
    }
    const r = (box && box !== document.body ? box : t).getBoundingClientRect();
    if (r.right > W + 1) out.push('a table runs off the screen: ' + t.innerText.slice(0, 40));
  }
  return out;
}
"""


def first_heading(path) -> str:
    import json

    nb = json.loads(path.read_text(encoding="utf-8"))
    if nb.get("metadata", {}).get("title"):
        return nb["metadata"]["title"]
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].replace("**", "").replace("`", "").strip()
    return path.stem


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(HANG_MS)
    page.outside = []
    page.on("request", lambda r: page.outside.append(r.url)
            if not re.match(r"^(https?://(127\.0\.0\.1|localhost|\[::1\])[:/]|data:|blob:|about:)", r.url) else None)
    try:
        yield page
    finally:
        try:
            page.goto("about:blank", timeout=HANG_MS)
        except Exception:
            pass
        context.close()


def check_axe(page, name, when):
    violations = axe_violations(page)
    record_counts(name, when, violations)
    assert violations == [], f"axe-core on {name}, {when}:\n{describe(violations)}"


def check_theme(page, name: str, shots) -> None:
    """A lesson's look, on its open page (test_browser_lessons calls it after the lesson's
    steps, so the page is not prepared twice): at 1280 px the theme's sizes, in projector
    mode large text and cards, at 390 px nothing wider than the screen and 44 px buttons;
    axe-core in each; no request to another host (``page.outside``, recorded from the
    page's opening by the ``page`` fixture)."""
    stem = name.removesuffix(".ipynb")
    page.set_viewport_size(DESKTOP)
    settled(page)

    # 1280 px: the lesson's title in the tab, no other host asked, the theme's sizes
    assert page.title() == first_heading(lessons_dir() / name) and page.title() != stem
    m = page.evaluate(MEASURE_JS)
    assert m["text"] is not None and 16.5 <= m["text"] <= 18, m
    if m["widgetText"] is not None:
        assert m["widgetText"] >= m["text"] - 0.5, f"widget text {m['widgetText']} px, page {m['text']} px"
    assert m["projector"] is False and m["pressed"] == "false"
    # toggle buttons (Hints, Quiz mode) tell a screen reader whether they are on
    toggles = page.evaluate("() => [...document.querySelectorAll('.widget-toggle-button')].map(b => "
                            "[b.innerText.trim(), b.getAttribute('aria-pressed'), b.classList.contains('mod-active')])")
    assert all(p == ("true" if on else "false") for _t, p, on in toggles), toggles
    full_screenshot(page, shots / f"{stem}-1280.png")

    # projector mode, with the keyboard: focus the switch, press Enter
    switch = page.locator("[data-sk-projector-toggle]")
    switch.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.documentElement.classList.contains('sk-projector')")
    settled(page)  # the projector's sizes laid out
    m = page.evaluate(MEASURE_JS)
    assert m["pressed"] == "true"
    assert m["text"] >= PROJECTOR_TEXT, f"projected text {m['text']} px"
    assert m["smallest"] >= PROJECTOR_TEXT - 0.5, f"the smallest projected text is {m['smallest']} px: {m['smallestAt']}"
    if m["widgetText"] is not None:
        assert m["widgetText"] >= PROJECTOR_TEXT, f"projected widget text {m['widgetText']} px"
    if m["nCards"]:
        assert m["cards"] >= PROJECTOR_CARD, f"a projected card is {m['cards']:.0f} px wide"
    if m["chartText"] is not None:  # charts grow with the column: their labels too
        assert m["chartText"] >= 20, f"a projected chart's text is {m['chartText']:.1f} px"
    assert page.evaluate("() => localStorage.getItem('sette-kit:projector')") == "1"
    check_axe(page, name, "projector mode")
    full_screenshot(page, shots / f"{stem}-projector.png")
    switch.focus()
    page.keyboard.press("Space")
    page.wait_for_function("() => !document.documentElement.classList.contains('sk-projector')")

    # a phone: nothing wider than the screen, tables scroll inside themselves, 44 px buttons
    page.set_viewport_size(PHONE)
    settled(page)
    assert page.evaluate(OVERFLOW_JS) == [], name
    m = page.evaluate(MEASURE_JS)
    short = [b for b in m["buttons"] if b["h"] < TOUCH - 0.5]
    assert short == [], f"buttons shorter than {TOUCH} px on a phone: {short}"
    check_axe(page, name, "390 px")
    full_screenshot(page, shots / f"{stem}-390.png")

    assert page.outside == [], f"{name} asked other hosts for: {sorted(set(page.outside))}"
    for suffix in ("1280", "projector", "390"):
        assert (shots / f"{stem}-{suffix}.png").stat().st_size > 5000


def test_projector_parameter_is_remembered_per_browser(lessons_server, desktop):
    """?projector=1 turns it on (on the app's own pages too), the next page opens projected,
    ?projector=0 turns it off; the switch says so to a screen reader (aria-pressed)."""
    page = desktop
    base = lessons_server.url("TEACHERS.md")
    state = "() => [document.documentElement.classList.contains('sk-projector'), " \
            "localStorage.getItem('sette-kit:projector')]"
    page.goto(base + "?projector=1")
    assert page.evaluate(state) == [True, "1"]
    page.goto(base)
    assert page.evaluate(state) == [True, "1"]
    if LESSONS:
        open_page(page, lessons_server.url(LESSONS[0]))
        assert page.evaluate(state) == [True, "1"]
        assert page.locator("[data-sk-projector-toggle]").get_attribute("aria-pressed") == "true"
        page.goto(lessons_server.url(LESSONS[0]) + "?projector=0", wait_until="domcontentloaded")
        assert page.evaluate(state) == [False, "0"]
    page.goto(base)
    assert page.evaluate(state) == [False, "0"]
    # the app's own page passes axe-core too, projected or not
    check_axe(page, "TEACHERS.md", "rendered")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('[data-sk-projector-toggle]')")
    page.keyboard.press("Enter")
    assert page.evaluate(state) == [True, "1"]
    check_axe(page, "TEACHERS.md", "projector mode")


# -- the keyboard alone: a round of lesson 3, then a quiz -------------------------------------

FOCUS_JS = r"""
() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect();
  const cs = getComputedStyle(e);
  const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) || cs.boxShadow !== 'none';
  return {tag: e.tagName.toLowerCase(), cls: String(e.className || ''), text: (e.innerText || e.value || '').trim().slice(0, 40),
          top: r.top + (document.getElementById('rendered_cells') || document.scrollingElement).scrollTop,
          left: r.left, ring, visible: r.width > 0 && r.height > 0,
          inTable: !!e.closest('.sk-table-player'), inQuiz: !!e.closest('.sk-quiz')};
}
"""


def settle_focus(page) -> None:
    """Wait until the focus is on something a learner can see (a widget that hid the
    control holding it moves it on, after its update arrives)."""
    page.wait_for_function("() => { const e = document.activeElement;"
                           " return !e || e === document.body || e.getClientRects().length > 0; }", polling=100)
    settled(page)


def focused(page) -> dict | None:
    return page.evaluate(FOCUS_JS)


def is_focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def tab_to(page, selector: str, walk: list, limit: int = 400) -> None:
    """Press Tab until the element matching ``selector`` has the focus, recording the walk
    (one segment per call: an action in between may move the focus on purpose)."""
    segment = 1 + max((f["segment"] for f in walk), default=0)
    start = focused(page)
    if start is not None:
        walk.append(dict(start, segment=segment))
    if is_focused(page, selector):  # the widget already moved the focus there
        return
    for _ in range(limit):
        page.keyboard.press("Tab")
        f = focused(page)
        if f is not None:
            walk.append(dict(f, segment=segment))
        if is_focused(page, selector):
            return
    raise AssertionError(f"{selector} never got the focus in {limit} presses of Tab; last: {walk[-5:]}")


def check_walk(walk: list) -> None:
    """Every stop of the walk shows a focus ring, and the order follows the reading order
    (down the page; within a row, left to right)."""
    no_ring = [f for f in walk if not f["ring"] and f is not None]
    assert no_ring == [], f"focus not visible on: {no_ring[:5]}"
    hidden = [f for f in walk if not f["visible"]]
    assert hidden == [], f"the focus went to invisible elements: {hidden[:5]}"
    for a, b in zip(walk, walk[1:]):
        if a["segment"] != b["segment"]:
            continue
        same_row = abs(a["top"] - b["top"]) < 24
        assert b["top"] >= a["top"] - 4 or same_row, \
            f"the tab order goes back up the page: {a['tag']} {a['text']!r} at {a['top']:.0f} -> " \
            f"{b['tag']} {b['text']!r} at {b['top']:.0f}"


def test_keyboard_only_round_and_quiz_in_lesson_3(lessons_server, desktop, screenshots):
    name = "03-playing-a-round.ipynb"
    page = desktop
    open_page(page, lessons_server.url(name))
    walk: list = []
    table = ".sk-table-player"

    # Tab from the top of the page to the stake box, type a stake, Enter
    tab_to(page, f"{table} .sk-amount input", walk)
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    page.wait_for_function("() => /\\bstake 2\\b/.test(document.querySelector('.sk-table-player .sk-seat-you .sk-hand-facts').innerText)")

    # the round: Hit once (Enter), and once the card is seen, Stand (Space) if still playing;
    # first the stake is all shown: Hit is there, and the table has moved the focus off the
    # stake box it hid (to the first control still usable)
    from playwright.sync_api import expect

    expect(page.locator(f"{table} button.sk-hit")).to_be_enabled()
    expect(page.locator(f"{table} button.sk-hit")).to_be_visible()
    settle_focus(page)
    tab_to(page, f"{table} button.sk-hit", walk, limit=30)
    me = page.locator(f"{table} .sk-seat-you")
    before = me.inner_text()
    page.keyboard.press("Enter")
    wait_text_change(page, f"{table} .sk-seat-you", before)
    words = table_words("en")
    state = page.wait_for_function(STAND_OR_OVER_JS, arg=[STATUS, words["stand"], words["over"]],
                                   polling=100).json_value()
    if state == "stand":
        settle_focus(page)
        tab_to(page, f"{table} button.sk-stand", walk, limit=30)
        page.keyboard.press("Space")
    page.wait_for_function("() => /Round over/.test(document.querySelector('.sk-table-player .sk-status').innerText)")
    # the round over hides Hit and Stand: the table moves the focus to its first control
    # still usable a moment after its update (widgets.base.FOCUS_DELAY); Tab on
    # only once it is there, or the walk records the widget's move as a learner's step
    page.wait_for_function("() => { const e = document.activeElement;"
                           " return !!e && !!e.closest('.sk-table-player') && e.getClientRects().length > 0; }",
                           polling=100)
    # the result is announced: it sits in a live region
    assert page.evaluate("() => { const s = document.querySelector('.sk-table-player .sk-status');"
                         " return !!s.closest('[aria-live], [role=status], [role=alert]'); }")

    # the first quiz after the table (exercise 3.1: a reale against the bank's three-card 7½,
    # stake 10: +20, S5 and S14): type the answer, Enter, then Tab to Check and press Space
    tab_to(page, ".sk-quiz .sk-quiz-answer input", walk)
    page.keyboard.press("Control+A")
    page.keyboard.type("+20")
    page.keyboard.press("Enter")
    tab_to(page, ".sk-quiz button.sk-quiz-check", walk, limit=10)
    page.keyboard.press("Space")
    quiz = find(page, quiz_of("You hold 7 di coppe and Fante di coppe. The bank stands"))  # exercise 3.1
    assert quiz.locator("button.sk-quiz-check").evaluate("b => b === document.activeElement"), \
        "the focus went to another quiz than exercise 3.1"
    feedback = quiz.locator(".sk-quiz-feedback").locator(".sk-right, .sk-wrong")
    feedback.wait_for(state="visible")
    assert feedback.evaluate("e => !!e.closest('[aria-live], [role=status], [role=alert]')")
    assert "Right" in feedback.inner_text()
    page.screenshot(path=str(screenshots / "theme" / "03-keyboard-quiz.png"))

    check_walk(walk)
    assert any(f["inTable"] for f in walk) and any(f["inQuiz"] for f in walk)


# -- over HTTP: no page of the app links to another host -------------------------------------

OUTSIDE_LINK = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//(?!127\.0\.0\.1|localhost|\[::1\])""")


@pytest.mark.parametrize("path", ["/voila/render/01-one-button.ipynb", "/", "/voila/render/NOTES.md?key=",
                                  "/voila/render/NOTES.md", "/voila/render/no-such-page.ipynb", "/voila/tree"])
def test_served_pages_load_nothing_from_other_hosts(fixture_server, path):
    """Voilà's stock pages load Font Awesome from a CDN (an offline classroom gets broken
    icons and console errors); the kit's template and pages load nothing from anywhere."""
    from test_browser_security import fetch

    if path.endswith("?key="):  # the notes, as the teacher opens them (without the key: 403)
        path += fixture_server.teacher_key
    status, body = fetch(fixture_server.base + path)
    assert status in (200, 403, 404), (path, status)
    assert OUTSIDE_LINK.findall(body) == [], path
    assert "cdn.jsdelivr" not in body and "cdnjs" not in body
    if status == 200 and path.endswith(".ipynb"):
        assert 'class="jp-Notebook theme-light sk-theme"' in body and 'role="main"' in body
