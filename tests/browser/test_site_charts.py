"""The two lab charts the site's trial found drawn wrong, measured in Chromium
with the kit's theme, in a lesson's column and on a phone:

* BettingLab's chart title was cut in Italian and Spanish: every text of the chart must
  lie within the chart;
* SimulationLab's running mean was drawn outside its chart at the left: the plot area
  that clips the marks must be exactly the plot's rectangle, at every width.

Screenshots: ``test-output/screenshots/chart-*.png``.
"""

from __future__ import annotations

import pytest

from sette_kit import theme
from sette_kit.i18n import language

pytestmark = pytest.mark.browser

# every <text> of each chart svg that runs outside the svg's box: [chart, text, px out]
TEXT_OUTSIDE_JS = """() => {
  const out = [];
  document.querySelectorAll('figure > svg[role="img"]').forEach((svg, i) => {
    if (!svg.getBoundingClientRect().width) return; // the other chart of a wide/narrow pair
    const box = svg.getBoundingClientRect();
    for (const t of svg.querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      const over = Math.max(box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom);
      if (over > 2) out.push([i, t.textContent, Math.round(over)]);
    }
  });
  return out;
}"""

# the clipping plot area of each chart (its nested <svg>): the rectangle its viewBox
# says, against the x, y, width and height the page's styles leave it (a page's
# `.sk-chart svg {width: 100%}` made it "100%" wide, and its clip with it), in the chart's
# user units
PLOT_AREA_JS = """() => Array.from(document.querySelectorAll('figure > svg[role="img"]')).map((svg) => {
  const inner = svg.querySelector(':scope > svg');
  if (!inner) return null;
  const style = getComputedStyle(inner);
  const box = inner.viewBox.baseVal;
  return [['x', 'y', 'width', 'height'].map((k) => style[k]),
          [box.x, box.y, box.width, box.height].map((v) => `${v}px`)];
})"""

# the title lines and the <title> of the chart of a wide/narrow pair that shows
SHOWN_TITLE_JS = """() => {
  const shown = Array.from(document.querySelectorAll('figure > svg[role="img"]'))
    .filter((svg) => svg.getBoundingClientRect().width > 0);
  return shown.map((svg) => [svg.querySelector('title').textContent,
    Array.from(svg.querySelectorAll(':scope > text[font-size="16"][font-weight="600"]')).map((t) => t.textContent)]);
}"""


def shot(locator, path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(path))


def chart_page(browser, width: int, body: str):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_content(f"<!doctype html><html><head><style>{theme.css()}</style></head>"
                     f'<body class="sk-site"><main class="sk-page" style="max-width:720px;margin:0 auto;'
                     f'padding:0 16px">{body}</main></body></html>')
    return context, page


@pytest.mark.parametrize("lang", ["it", "es", "en"])
@pytest.mark.parametrize("width", [1200, 360])
def test_betting_labs_chart_title_is_whole(browser, lang, width, screenshots):
    from widgets import BettingLab

    with language(lang):
        lab = BettingLab("plain", "5", min_stake=1, max_stake=10, background=False)
        body = lab.first_html.value
    context, page = chart_page(browser, width, f'<div class="sk-widget">{body}</div>')
    try:
        shown = page.evaluate(SHOWN_TITLE_JS)
        assert len(shown) == 1, "not one chart of the pair shows"
        title, lines = shown[0]
        assert " ".join(lines) == title, (lines, title)  # written whole, line by line
        assert page.evaluate(TEXT_OUTSIDE_JS) == []
        shot(page.locator(".sk-chart-pair").first, screenshots / f"chart-betting-{lang}-{width}.png")
    finally:
        context.close()


@pytest.mark.parametrize("width", [1200, 360])
def test_simulation_labs_running_mean_stays_in_its_plot(browser, width, screenshots):
    from widgets import SimulationLab

    lab = SimulationLab("plain", rounds=2000, seed=1)
    lab.run(wait=True)
    context, page = chart_page(browser, width, f'<div class="sk-widget">{lab.mean_chart.value}</div>')
    try:
        areas = [a for a in page.evaluate(PLOT_AREA_JS) if a is not None]
        assert len(areas) == 1, "the running mean's marks are not clipped to a plot area"
        got, want = areas[0]
        assert got == want, f"the plot area is drawn at {got}, not {want}"
        assert page.evaluate(TEXT_OUTSIDE_JS) == []
        shot(page.locator("figure.sk-chart").first, screenshots / f"chart-running-mean-{width}.png")
    finally:
        context.close()

