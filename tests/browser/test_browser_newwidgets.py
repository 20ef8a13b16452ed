"""The labs of betting, risk and counting in real headless Chromium through Voilà: BettingLab, BankrollLab,
ShoeLab and CountingLab, each in a small fixture notebook (tests/browser/fixtures/labs/),
rendered and driven once with the mouse and once with the keyboard at 1280 px, then read
whole at 390 px (no widget wider than the screen, no button cut, the narrow drawing of
each chart shown instead of the wide one, its text at its own size).  Screenshots:
``screenshots/newwidgets-<lab>-1280.png`` and ``-390.png``, and each chart's own
(``newwidgets-<lab>-chart-<i>.png``).  The headless half is tests/test_*_lab.py.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from lesson_steps import check_charts
from sk_browser import (HANG_MS, button, click, expect_charts, expect_count, expect_text, fill, find, full_screenshot,
                        layout_js, open_page, page_fixture, run_steps, settled, viewport_page, voila_errors, widget_count)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def key(target, *keys: str):
    """Focus ``target`` once it is visible and enabled and press ``keys`` (the keyboard, not the mouse)."""
    def step(page):
        from playwright.sync_api import expect

        loc = find(page, target)
        expect(loc).to_be_visible(timeout=HANG_MS)
        expect(loc).to_be_enabled(timeout=HANG_MS)
        loc.focus()
        for k in keys:
            page.keyboard.press(k)
    step.__doc__ = f"press {', '.join(keys)} in {target if isinstance(target, str) else target.__doc__}"
    return step


BL, BR, SL, CL = ".sk-betting-lab", ".sk-bankroll-lab", ".sk-shoe-lab", ".sk-counting-lab"

STEPS = {
    "betting-lab": [
        expect_charts(BL, 1),
        expect_text(f"{BL} .sk-plan", r"Return per unit staked: \+15\.6%"),
        expect_text(f"{BL} .sk-thresholds", r"5 \(your bank\)"),
        click(button("stake 1", f"{BL} .sk-stake-seen")),
        expect_text(f"{BL} .sk-bank-reads", r"Most likely a figure: 3/8 = 37\.5%"),
        key(f"{BL} .sk-bank select", "ArrowDown"),  # the next bank: stands at 5½
        expect_text(f"{BL} .sk-thresholds", r"5½ \(your bank\)"),
        fill(f"{BL} .sk-max-stake", "20"),
        expect_text(f"{BL} .sk-plan", r"stakes 1 to 20"),
        check_charts(BL, "newwidgets-betting-lab", count=2),
    ],
    "bankroll-lab": [
        expect_text(f"{BR} .sk-exact-ruin", r"Chance of ruin before reaching 200: 96\.46%"),
        expect_charts(f"{BR} .sk-paths-chart", 1),
        click(f"{BR} button.sk-simulate"),
        expect_text(f"{BR} .sk-simulation", r"standard errors from the exact value"),
        key(f"{BR} button.sk-new-paths", "Enter"),
        expect_text(f"{BR} .sk-paths-chart", r"seed 2"),
        fill(f"{BR} .sk-target", "50"),
        expect_text(f"{BR} .sk-message", r"The target must be from 101 to 1,000 \(you typed 50\)"),
        check_charts(BR, "newwidgets-bankroll-lab", count=2),
    ],
    "shoe-lab": [
        expect_text(f"{SL} .sk-shoe-log", r"A new shoe"),
        click(button("Deal 5 rounds", SL)),
        expect_text(f"{SL} .sk-shoe-log", r"Round 5:"),
        key(button("Deal a round", SL), "Enter"),
        expect_text(f"{SL} .sk-shoe-log", r"Round 6:"),
        expect_text(f"{SL} .sk-shoe-table", r"★ changed"),
        expect_text(f"{SL} .sk-hand-odds", r"5 di denari has been seen since the last shuffle"),
        check_charts(SL, "newwidgets-shoe-lab", count=1),
    ],
    "counting-lab": [
        expect_text(f"{CL} .sk-result", r"Hands, order forgotten: 6 = C\(4, 2\)"),
        click(button("3", f"{CL} .sk-k")),
        expect_text(f"{CL} .sk-result", r"Hands, order forgotten: 4 = C\(4, 3\)"),
        expect_count(f"{CL} .sk-hand-row", 4),
        key(f"{CL} .sk-deck select", "ArrowDown", "ArrowDown"),  # the whole deck
        expect_text(f"{CL} .sk-result", r"Hands, order forgotten: 9,880 = C\(40, 3\)"),
        check_charts("body", "newwidgets-counting-lab", count=1),  # the Trentuno chart of a lesson cell
    ],
}

PHONE_STEPS = {  # loaded, and one interaction done
    "betting-lab": [expect_text(f"{BL} .sk-plan", r"Return per unit staked: \+15\.6%"),
                    click(button("stake 1", f"{BL} .sk-stake-seen")),
                    expect_text(f"{BL} .sk-bank-reads", r"Most likely a figure")],
    "bankroll-lab": [expect_text(f"{BR} .sk-exact-ruin", r"96\.46%"),
                     expect_charts(f"{BR} .sk-paths-chart", 1, narrow=True)],
    "shoe-lab": [expect_text(f"{SL} .sk-shoe-log", r"A new shoe"), click(button("Deal 5 rounds", SL)),
                 expect_text(f"{SL} .sk-shoe-log", r"Round 5:")],
    "counting-lab": [click(button("3", f"{CL} .sk-k")),
                     expect_text(f"{CL} .sk-result", r"Hands, order forgotten: 4 = C\(4, 3\)")],
}

LAYOUT_JS = layout_js(".sk-widget button", ".sk-widget, .sk-chart-pair", more=r"""
  for (const f of document.querySelectorAll('figure.sk-chart')) {
    if (visible(f)) out.push('a wide chart is shown on a phone: ' + f.querySelector('title').textContent);
  }
  for (const f of document.querySelectorAll('figure.sk-chart-narrow')) {
    if (!visible(f)) { out.push('a narrow chart is hidden on a phone'); continue; }
    const svg = f.querySelector('svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const size = Math.min(...[...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * scale));
    if (size < 11) out.push('chart text drawn at ' + size.toFixed(1) + ' px: ' + svg.querySelector('title').textContent);
  }
""")


@contextmanager
def _learner_page(browser, viewport):
    """A page at ``viewport`` that notes (and dismisses) every JavaScript dialog, left as a
    learner leaves it."""
    with viewport_page(browser, viewport) as page:
        page.js_dialogs = []
        page.on("dialog", lambda d: (page.js_dialogs.append(d.message), d.dismiss()))
        try:
            yield page
        finally:
            _leave(page)


def _leave(page) -> None:
    """Leave the page as a learner does, so its kernel is shut down on the way out."""
    try:
        page.goto("about:blank", timeout=HANG_MS)
    except Exception:  # a page that failed its test may not answer: close it anyway
        pass


desktop, phone = page_fixture(DESKTOP, _learner_page), page_fixture(PHONE, _learner_page)


def _open(page, server, name):
    info = open_page(page, server.url(f"labs/{name}.ipynb"))
    assert info.status == 200 and voila_errors(page, info) == [], name
    assert info.widget_outputs >= 1 and widget_count(page) >= info.widget_outputs
    return info


@pytest.mark.parametrize("name", list(STEPS))
def test_lab_is_driven_by_mouse_and_keyboard_at_desktop_width(name, fixture_server, desktop, screenshots):
    _open(desktop, fixture_server, name)
    try:
        run_steps(desktop, STEPS[name])
        assert voila_errors(desktop) == [] and desktop.js_dialogs == []
        live = desktop.locator(f".sk-{name} [aria-live='polite']")
        assert live.count() >= 1, "the results are not in a live region"
    finally:
        full_screenshot(desktop, screenshots / f"newwidgets-{name}-1280.png", max_height=20000)


@pytest.mark.parametrize("name", list(STEPS))
def test_lab_reads_whole_at_phone_width(name, fixture_server, phone, screenshots):
    _open(phone, fixture_server, name)
    try:
        run_steps(phone, PHONE_STEPS[name])
        settled(phone)
        assert phone.evaluate(LAYOUT_JS) == [], name
    finally:
        full_screenshot(phone, screenshots / f"newwidgets-{name}-390.png", max_height=20000)
