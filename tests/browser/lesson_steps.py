"""The main interaction of each lesson, as a table: lesson file name -> list of steps.

Lesson authors: add (or fix) your lesson's entry here.  Every lesson in lessons/ is
opened in Chromium and checked for the generic things (it loads, no Voilà error,
no traceback, its widgets appear, a screenshot is saved) whether or not it has an
entry; an entry adds the lesson's own interaction, run in order after the page is
interactive.  Steps are built with the helpers of ``sk_browser`` (click,
click_if_enabled, fill, expect_visible, expect_text, quiz_answer); an entry for a
lesson that does not exist yet is simply not used.

The fixture notebooks of tests/browser/fixtures/ have their entries in
``FIXTURE_STEPS``, which keeps the harness exercised before the lessons exist.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from sk_browser import click, expect_text, expect_visible, fill, quiz_answer

# Selectors follow the widgets' conventions: root ``.sk-widget.sk-<kebab-name>``,
# action buttons ``button.sk-<action>`` (widgets/table_player.py ACTION_BUTTONS).
TP = ".sk-table-player"


def stand_until_round_over(timeout: float = 30.0):
    """Stand (if the hit did not already end the round) until the result says 'Round over'."""
    def step(page):
        result, stand = page.locator(f"{TP} .sk-result").first, page.locator(f"{TP} button.sk-stand").first
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if "Round over" in result.inner_text():
                return
            try:
                if stand.is_visible() and stand.is_enabled():
                    stand.click(timeout=2000)
            except Exception:  # the round ended between the check and the click
                pass
            page.wait_for_timeout(200)
        raise AssertionError(f"the round did not end: {result.inner_text()!r}")
    step.__doc__ = "stand until the round is over"
    return step


# one round at the first TablePlayer of a page: stake, hit, stand if still playing,
# see the result, deal the next round (also what each load-test session does)
PLAY_A_ROUND = [
    expect_visible(f"{TP} button.sk-stake"),
    click(f"{TP} button.sk-stake"),
    click(f"{TP} button.sk-hit"),
    stand_until_round_over(),
    click(f"{TP} button.sk-new-round"),
    expect_text(f"{TP} .sk-result", "Your turn"),
]

SHOTS = Path(os.environ.get("SETTE_KIT_TEST_OUTPUT") or Path(__file__).resolve().parents[2] / "test-output") \
    / "screenshots"

# what a chart of widgets.charts must look like on the page (issue 13)
CHART_JS = """f => {
    const svg = f.querySelector('svg[role="img"]');
    const box = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    const tick = svg.querySelector('text');
    const body = getComputedStyle(document.querySelector('.jp-RenderedHTMLCommon, body'));
    const details = f.querySelector('details.sk-chart-describe');
    return {width: box.width, height: box.height, scale: box.width / vb.width,
            title: (svg.querySelector(':scope > title') || {}).textContent || '',
            desc: (svg.querySelector(':scope > desc') || {}).textContent || '',
            font: getComputedStyle(tick).fontFamily, page: body.fontFamily,
            size: parseFloat(getComputedStyle(tick).fontSize) * box.width / vb.width,
            open: details ? details.open : null,
            text: details ? details.querySelector('.sk-chart-text').textContent : ''};
}"""


def check_charts(scope: str, name: str, count: int, timeout: float = 120.0):
    """The charts in ``scope`` (at least ``count``): an SVG with role="img", a <title>
    and the text equivalent as <desc>; at most 720 px wide and 420 px high; text in the
    page's font at 13 px or more; the text equivalent behind a closed "Describe this
    chart" disclosure that opens on a click.  Each chart is saved as
    ``<name>-chart-<i>.png`` beside the page's screenshot."""
    def step(page):
        figures = page.locator(f"{scope} figure.sk-chart")
        figures.nth(count - 1).wait_for(state="visible", timeout=timeout * 1000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        for i in range(figures.count()):
            fig = figures.nth(i)
            fig.scroll_into_view_if_needed()
            info = fig.evaluate(CHART_JS)
            where = f"{name} chart {i} ({info['title']!r})"
            assert info["title"] and len(info["desc"]) > 20, f"{where}: no <title> or <desc>"
            assert info["width"] <= 721 and info["height"] <= 421, f"{where}: {info['width']} x {info['height']} px"
            assert info["font"] == info["page"], f"{where}: font {info['font']!r}, page {info['page']!r}"
            assert info["size"] >= 12.9, f"{where}: text drawn at {info['size']:.1f} px"
            assert info["open"] is False and info["text"] == info["desc"], f"{where}: the disclosure"
            text = fig.locator(".sk-chart-text")
            assert not text.is_visible(), f"{where}: the text equivalent is printed as body text"
            fig.screenshot(path=str(SHOTS / f"{name}-chart-{i}.png"))
            fig.locator("summary").click()
            text.wait_for(state="visible", timeout=5000)
            fig.locator("summary").click()
    step.__doc__ = f"check the charts in {scope}"
    return step


STEPS = {
    "00-start-here.ipynb": [
        expect_visible("a[href$='01-cards-and-scoring.ipynb']"),
        expect_visible(".sk-score-trainer"),
        click(".sk-score-trainer button:has-text('Show answer')"),
        expect_text(".sk-score-trainer .sk-score-line", r"Score: 6½"),
    ],
    "01-cards-and-scoring.ipynb": [
        quiz_answer("13", right=False, nth=0),
        expect_text(".sk-quiz-feedback", "not 8, 9 and 10"),
        quiz_answer("5½", right=True, nth=0),
        quiz_answer("no", right=True, nth=2),
        quiz_answer("16", right=False, nth=3),
        expect_text(".sk-quiz-feedback", "no longer in the deck"),
    ],
    "02-the-matta.ipynb": [
        # the opening prediction: a guess of 7 for the matta beside a 3 and a Fante
        fill(".sk-predict .sk-predict-box", "7"),
        expect_text(".sk-predict .sk-predict-result", "The answer: 4"),
        expect_text(".sk-matta-explorer .sk-matta-table", "the best is 4"),
        click(".sk-matta-explorer .sk-whole-only input"),
        expect_text(".sk-matta-explorer .sk-matta-table", "the best is 4"),
        quiz_answer("5", right=True, nth=0),
        quiz_answer("7½", right=False, nth=1),
        expect_text(".sk-quiz-feedback", "3½, which is not one of"),
        quiz_answer("8", right=True, nth=2),
        quiz_answer("no", right=True, nth=3),
        expect_visible(".sk-quiz", count=5),           # the practice quiz
    ],
    "03-playing-a-round.ipynb": [
        # the opening prediction: a tie at 6 (S13)
        expect_visible(".sk-predict button.sk-predict-choice"),
        click(".sk-predict button.sk-predict-choice:has-text('The bank')"),
        expect_text(".sk-predict .sk-predict-result", "the bank wins all ties"),
        # the table player: one round
    ] + PLAY_A_ROUND + [
        quiz_answer("10", right=False, nth=0),
        expect_text(".sk-quiz-feedback", "paid double"),
        quiz_answer("20", right=True, nth=0),
        quiz_answer("-3", right=False, nth=1),
        expect_text(".sk-quiz-feedback", "collects double"),
        quiz_answer("0", right=False, nth=2),
        expect_text(".sk-quiz-feedback", "the bank wins it"),
        quiz_answer("-4", right=True, nth=2),
        quiz_answer("2", right=True, nth=3),
    ],
    "04-variants.ipynb": [
        click(".sk-predict button.sk-predict-choice:has-text('+5: even money')"),
        expect_text(".sk-predict .sk-predict-result", "Right"),
        click(".sk-variant-explorer .sk-option-triple input"),
        expect_text(".sk-variant-explorer .sk-plays", r"two 7s against 5\s+−1\s+\+3"),
        quiz_answer("-8", right=False, nth=0),
        expect_text(".sk-quiz-feedback", "collects one stake"),
        quiz_answer("-4", right=True, nth=0),
        quiz_answer("6", right=True, nth=1),
    ],
    "05-quattro-e-mezzo.ipynb": [
        click(".sk-predict button.sk-predict-choice:has-text('the lone 5')"),
        expect_text(".sk-predict .sk-predict-result", "Right"),
        expect_visible(".sk-quattro-table button.sk-draw"),
        click(".sk-quattro-table button.sk-draw"),
        expect_text(".sk-quattro-table .sk-status", "Hand 1"),
        quiz_answer("1", right=False, nth=0),
        expect_text(".sk-quiz-feedback", "a 5 made with five cards is special"),
        quiz_answer("5", right=True, nth=0),
        quiz_answer("0", right=False, nth=3),
        expect_text(".sk-quiz-feedback", "more cards wins a tie"),
        quiz_answer("1", right=True, nth=3),
    ],
    "06-probability-of-busting.ipynb": [
        # the opening prediction (higher or lower than half), then the area diagram and the
        # tree, each hidden behind its prediction until the guess
        click(".sk-predict button.sk-predict-choice:has-text('Lower than half')"),
        expect_text(".sk-predict-result", "The answer: lower: 19/39"),
        fill(".sk-predict .sk-predict-box", "5%", nth=0),
        expect_visible(".sk-predict-extra figure.sk-chart svg"),
        fill(".sk-predict .sk-predict-box", "50%", nth=1),
        expect_text(".sk-predict-result", "The answer: 125/247"),
        expect_visible(".sk-predict-extra .sk-probability-tree details.sk-tree-inner"),
        expect_visible(".sk-odds-lab figure.sk-chart svg"),
        check_charts(".sk-odds-lab", "06-probability-of-busting", count=1),
        quiz_answer("0", right=False, nth=3),
        expect_text(".sk-quiz-feedback", "a 7 takes you to 8"),
        quiz_answer("2/19", right=True, nth=3),
        expect_text(".sk-quiz", "Streak"),
    ],
    "07-expected-value-and-strategy.ipynb": [
        # the bank's final totals, hidden behind their prediction until the guess (issue 25)
        fill(".sk-predict .sk-predict-box", "25%", nth=1),
        expect_visible(".sk-predict-extra figure.sk-chart svg"),
        # the hit-or-stand prediction on a first 4 hides the probability tree until the guess
        expect_visible(".sk-predict button.sk-predict-choice:has-text('stand')"),
        click(".sk-predict button.sk-predict-choice:has-text('stand')"),
        expect_text(".sk-predict-result", "The answer: stand"),
        expect_visible(".sk-predict-extra .sk-probability-tree details.sk-tree-inner"),
        expect_text(".sk-predict-extra .sk-tree-ev", r"worth -0\.4989 per unit staked; standing now is worth -0\.4677"),
        expect_visible(".sk-strategy-chart figure.sk-chart svg", timeout=120),
        check_charts("body", "07-expected-value-and-strategy", count=2),
        quiz_answer("1600", right=False, nth=2),
        expect_text(".sk-quiz-feedback", "too rough"),
        quiz_answer("1585", right=True, nth=2),
    ],
    "08-betting-after-the-first-card.ipynb": [
        fill(".sk-predict-box", "3", nth=0),
        expect_text(".sk-predict-result", r"Your guess: 3\. The answer: 2\."),
        expect_visible(".sk-predict-extra figure.sk-chart svg"),
        expect_text(".sk-betting-lab .sk-plan", r"Return per unit staked: \+15\.6%", timeout=120),
        fill(".sk-betting-lab .sk-max-stake", "20"),
        expect_text(".sk-betting-lab .sk-plan", r"stakes 1 to 20", timeout=60),
    ],
    "09-simulation.ipynb": [
        # the first prediction (an expectation: higher or lower than half) hides the running
        # average; the third (how many of 100 intervals you expect to miss), the coverage picture
        click(".sk-predict button.sk-predict-choice:has-text('Lower than half')"),
        expect_text(".sk-predict-result", "The answer: lower"),
        expect_visible(".sk-predict-extra figure.sk-chart svg"),
        fill(".sk-predict .sk-predict-box", "4", nth=1),
        expect_text(".sk-predict-result", "The answer: 5"),
        expect_visible(".sk-predict-extra .sk-coverage-picture figure.sk-chart svg"),
        click(".sk-coverage-picture button.sk-coverage-more"),
        expect_text(".sk-coverage-tally", "of 200 intervals", timeout=120),
        expect_visible(".sk-simulation-lab"),
        click(".sk-simulation-lab button.sk-run"),
        expect_visible(".sk-simulation-lab .sk-chart svg", timeout=120),
        check_charts(".sk-simulation-lab", "09-simulation", count=2),
        quiz_answer("yes", right=False, nth=1),
        expect_text(".sk-quiz-feedback", "The interval runs from"),
        quiz_answer("-0.1654", right=True, nth=2),
    ],
    "11-trentuno-rules.ipynb": [
        click("button.sk-predict-choice:has-text('29')"),
        expect_text(".sk-predict-reveal", "no 8s or 9s"),
        expect_visible(".sk-trentuno-table button.sk-draw-stock"),
        click(".sk-trentuno-table button.sk-draw-stock"),
        expect_text(".sk-trentuno-table .sk-score-line", "discard one"),
        click(".sk-trentuno-table button.sk-discard"),
        expect_text(".sk-trentuno-table .sk-score-line", "Your hand scores"),
        quiz_answer("25", right=False, nth=0),
        expect_text(".sk-quiz-feedback", "not denari"),
        quiz_answer("21", right=True, nth=0),
        quiz_answer("0", right=True, nth=3),
    ],
    "12-trentuno-odds-and-knocking.ipynb": [
        fill(".sk-predict-box", "8", nth=0),
        expect_text(".sk-predict-reveal", "12 of 36"),
        click("button.sk-predict-choice:has-text('Take the Re di coppe')"),
        expect_text(".sk-predict-reveal", "26 for sure"),
        fill(".sk-predict-box", "4", nth=1),
        click("button.sk-predict-choice:has-text('Knock at 26')"),
        check_charts("body", "12-trentuno-odds-and-knocking", count=4),
        quiz_answer("2/9", right=False, nth=0),
        expect_text(".sk-quiz-feedback", "so do some bastoni"),
        quiz_answer("1/3", right=True, nth=0),
        quiz_answer("13/300", right=True, nth=2),
        expect_visible(".sk-trentuno-table button.sk-draw-stock"),
    ],
    "13-counting-hands-and-cards.ipynb": [
        fill(".sk-predict-box", "1600", nth=0),
        expect_text(".sk-predict-reveal", "1,560 ordered draws"),
        expect_text(".sk-counting-lab .sk-result", r"Hands, order forgotten: 6 = C\(4, 2\)"),
        click(".sk-counting-lab .sk-k button:has-text('3')"),
        expect_text(".sk-counting-lab .sk-result", r"Hands, order forgotten: 4 = C\(4, 3\)"),
        fill(".sk-predict-box", "10", nth=2),
        check_charts("body", "13-counting-hands-and-cards", count=1),
        click("button.sk-predict-choice:has-text('Hit')"),
        expect_text(".sk-predict-reveal", "fewer big cards are left, for you and for the bank"),
        expect_text(".sk-shoe-lab .sk-shoe-log", r"A new shoe", timeout=60),
        click(".sk-shoe-lab button.sk-deal"),
        expect_text(".sk-shoe-lab .sk-shoe-log", r"Round 1:", timeout=60),
        quiz_answer("720", right=False, nth=0),
        expect_text(".sk-quiz-feedback", "ordered draws"),
        quiz_answer("120", right=True, nth=0),
        quiz_answer("13/33", right=True, nth=2),
    ],
    "10-risk-and-ruin.ipynb": [
        click(".sk-predict button.sk-predict-choice:has-text('about 0.5')", nth=0),
        expect_text(".sk-predict-result", r"Your guess: About 0\.5\. The answer: about 1\."),
        expect_text(".sk-bankroll-lab .sk-exact-ruin", r"Chance of ruin before reaching 200: 96\.46%", timeout=120),
        expect_visible(".sk-bankroll-lab .sk-paths-chart figure.sk-chart svg", timeout=120),
        lambda page: page.locator(".sk-bankroll-lab .sk-staking select").select_option(label="stake by first card"),
        expect_text(".sk-bankroll-lab .sk-exact-ruin", r"Chance of ruin before reaching 200: 1\.30%", timeout=120),
    ],
}

FIXTURE_STEPS = {
    "00-start-here.ipynb": [
        expect_visible("a[href$='01-one-button.ipynb']"),
    ],
    "01-one-button.ipynb": [
        expect_text(".sk-baseline-label", "^not pressed$"),
        click("button.sk-baseline-button"),
        expect_text(".sk-baseline-label", "^pressed 1$"),
        click("button.sk-baseline-button"),
        expect_text(".sk-baseline-label", "^pressed 2$"),
    ],
    "02-echo.ipynb": [
        fill(".sk-echo-input", "seven and a half"),
        expect_text(".sk-echo-output", "You typed: seven and a half"),
    ],
    "03-mini-quiz.ipynb": [
        expect_visible(".sk-quiz .sk-quiz-question svg[role='img']"),
        quiz_answer("5", right=False),
        quiz_answer("11/2", right=True),
        expect_text(".sk-quiz-score", r"1/2 right"),
    ],
}
