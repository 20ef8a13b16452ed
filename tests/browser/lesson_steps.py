"""The main interaction of each lesson, as a table: lesson file name -> list of steps.

Lesson authors: add (or fix) your lesson's entry here.  Every lesson in lessons/ is
opened in Chromium and checked for the generic things (it loads, no Voilà error,
no traceback, its widgets appear, a screenshot is saved) whether or not it has an
entry; an entry adds the lesson's own interaction, run in order after the page is
interactive.  Steps are built with the helpers of ``sk_browser`` (click,
click_if_enabled, fill, expect_visible, expect_text, quiz_answer); an entry for a
lesson that does not exist yet is simply not used.

Every widget is found by its own name: a quiz or a prediction by its question text, a
button by the words on it (the kit's catalogues give them in Italian and Spanish), the
rest by the widget's own CSS class, unique on its page; never by its position among
look-alikes.  Every step waits on a condition; the only bound is ``sk_browser.HANG_S``,
which catches a hang (the suite passes on a machine at a load average of 20).

The fixture notebooks of tests/browser/fixtures/ have their entries in
``FIXTURE_STEPS``, which keeps the harness exercised before the lessons exist.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from sette_kit.i18n import gettext as _
from sette_kit.i18n import language
from sk_browser import (HANG_MS, button, click, expect_charts, expect_text, expect_visible, fill, find,
                        predict, quiz_answer, wait_text_change, within)

# Selectors follow the widgets' conventions: root ``.sk-widget.sk-<kebab-name>``,
# action buttons ``button.sk-<action>`` (widgets/table_player.py ACTION_BUTTONS).
TP = ".sk-table-player"
STATUS = f"{TP} .sk-status"


def table_words(lang: str = "en") -> dict:
    """The TablePlayer's words in ``lang``, from the kit's catalogues."""
    with language(lang):
        def bold(text):
            return re.search(r"<b>(.*?)</b>", text).group(1)
        return {"stake": _("Stake"), "hit": _("Hit"), "stand": _("Stand"), "new": _("New round"),
                "over": bold(_("<b>Round over.</b> {what} Your bankroll: {bankroll}. Press <i>New round</i>.")),
                "turn": bold(_("<b>Your turn:</b> you may {actions}."))}


def hit_once(lang: str = "en"):
    """Hit, and wait until the learner's seat shows the card (the hit was processed)."""
    words = table_words(lang)

    def step(page):
        hit, me = find(page, button(words["hit"], TP)), f"{TP} .sk-seat-you"
        hit.wait_for(state="visible", timeout=HANG_MS)
        before = find(page, me).inner_text()
        hit.click(timeout=HANG_MS)
        wait_text_change(page, me, before)
    step.__doc__ = f"hit ({words['hit']!r}) and see the card"
    return step


STAND_OR_OVER_JS = """([status, stand, over]) => {
    const s = document.querySelector(status);
    if (s && s.innerText.includes(over)) return 'over';
    const b = [...document.querySelectorAll('.sk-table-player button')]
        .find(e => e.innerText.trim() === stand);
    return b && !b.disabled && b.offsetParent !== null ? 'stand' : false;
}"""


def stand_until_round_over(lang: str = "en"):
    """Once the learner may stand (the hit did not already end the round), stand; then
    wait until the result says the round is over."""
    words = table_words(lang)

    def step(page):
        from playwright.sync_api import expect

        state = page.wait_for_function(STAND_OR_OVER_JS, arg=[STATUS, words["stand"], words["over"]],
                                       timeout=HANG_MS, polling=100).json_value()
        if state == "stand":
            find(page, button(words["stand"], TP)).click(timeout=HANG_MS)
        expect(page.locator(STATUS)).to_contain_text(words["over"], use_inner_text=True, timeout=HANG_MS)
    step.__doc__ = f"stand ({words['stand']!r}) until the round is over"
    return step


def in_turn(*steps):
    """One step made of ``steps``, taken in turn."""
    def step(page):
        for part in steps:
            part(page)
    step.__doc__ = ", then ".join(part.__doc__ for part in steps)
    return step


def predicted(question: str, choice: str, says: str):
    """Choose ``choice`` in the prediction ``question``, then see ``says`` in its revealed answer."""
    return in_turn(choose(question, choice), predict_says(question, says))


def press(target):
    """See ``target`` (a button), then click it."""
    return in_turn(expect_visible(target), click(target))


def quiz_retried(question: str, wrong: str, says: str, answer: str):
    """Answer the quiz ``question`` with ``wrong`` (its feedback says ``says``), then rightly with ``answer``."""
    return in_turn(quiz_answer(question, wrong, right=False, says=says), quiz_answer(question, answer, right=True))


def play_a_round(lang: str = "en") -> list:
    """One round at the page's TablePlayer: stake, hit, stand if still playing, see the
    result, deal the next round (also what each load-test session does)."""
    words = table_words(lang)
    return [
        press(button(words["stake"], TP)),
        hit_once(lang),
        stand_until_round_over(lang),
        click(button(words["new"], TP)),
        expect_text(STATUS, re.escape(words["turn"])),
    ]


PLAY_A_ROUND = play_a_round()

SHOTS = Path(os.environ.get("SETTE_KIT_TEST_OUTPUT") or Path(__file__).resolve().parents[2] / "test-output") \
    / "screenshots"

# what a chart of widgets.charts must look like on the page
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


def check_charts(scope: str, name: str, count: int):
    """The charts in ``scope`` (at least ``count``, waited for): an SVG with role="img", a
    <title> and the text equivalent as <desc>; at most 720 px wide and 420 px high; text
    in the page's font at 13 px or more; the text equivalent behind a closed "Describe
    this chart" disclosure that opens on a click.  Each chart is saved as
    ``<name>-chart-<i>.png`` beside the page's screenshot."""
    def step(page):
        page.wait_for_function("([scope, n]) => document.querySelectorAll(scope + ' figure.sk-chart').length >= n",
                               arg=[scope, count], timeout=HANG_MS, polling=100)
        figures = page.locator(f"{scope} figure.sk-chart")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for i, fig in enumerate(figures.all()):  # every chart of the scope, each checked
            fig.wait_for(state="visible", timeout=HANG_MS)
            fig.scroll_into_view_if_needed(timeout=HANG_MS)
            info = fig.evaluate(CHART_JS)
            where = f"{name} chart {i} ({info['title']!r})"
            assert info["title"] and len(info["desc"]) > 20, f"{where}: no <title> or <desc>"
            assert info["width"] <= 721 and info["height"] <= 421, f"{where}: {info['width']} x {info['height']} px"
            assert info["font"] == info["page"], f"{where}: font {info['font']!r}, page {info['page']!r}"
            assert info["size"] >= 12.9, f"{where}: text drawn at {info['size']:.1f} px"
            assert info["open"] is False and info["text"] == info["desc"], f"{where}: the disclosure"
            text = fig.locator(".sk-chart-text")
            assert not text.is_visible(), f"{where}: the text equivalent is printed as body text"
            fig.screenshot(path=str(SHOTS / f"{name}-chart-{i}.png"), timeout=HANG_MS)
            fig.locator("summary").click(timeout=HANG_MS)
            text.wait_for(state="visible", timeout=HANG_MS)
            fig.locator("summary").click(timeout=HANG_MS)
    step.__doc__ = f"check the charts in {scope}"
    return step


def choose(question: str, choice: str):
    """Click the choice ``choice`` (the words on its button) of the prediction ``question``."""
    return click(within(predict(question), lambda box: box.locator("button.sk-predict-choice")
                        .filter(has_text=choice)))


def guess(question: str, text: str):
    """Type ``text`` into the prediction ``question``'s box and press Enter."""
    return fill(within(predict(question), ".sk-predict-box"), text)


def predict_says(question: str, pattern: str, part: str = ".sk-predict-reveal"):
    """The prediction ``question`` shows ``pattern`` (in its revealed answer by default)."""
    return expect_text(within(predict(question), part), pattern)


def predict_shows(question: str, inner: str):
    """Something ``inner`` (one element) becomes visible in the prediction ``question``."""
    return expect_visible(within(predict(question), inner))


def landing_link(target: str):
    """The landing page's map links to ``target``; on the site the link is to its page
    (``step.link`` lets sk_site adapt it)."""
    step = expect_visible(f".sk-lesson-map a[href$='{target}']")
    step.link = target
    return step


PRACTICE = ".sk-quiz.sk-quiz-practice"
# lesson 8's own BettingLab (two more are the answers of its predictions)
BETTING_LAB = ".sk-betting-lab:not(.sk-predict *)"

# the lessons' predictions, by the start of their question (a guess hides some pictures)
P06_FIVE = "You hold a 5. Is the chance"
P06_SEVEN_FIGURE = "Two cards from a full deck"
P06_DRAW_TO_FIVE = "You hold a 4 and draw until"
P13_TWO_CARD = "How many different two-card hands"
P13_TRENTUNO = "Which score is a dealt Trentuno hand"
P13_SHOE = "With these cards out, you hold the 5 di denari"
P14_FIGURE = "The bank sees your stake. Should you ever stake 10 on a figure?"
P14_VALUE = "You bluff as well as you can, and the bank answers as well as it can."
# lesson 14's bluff lab (the one with the slider; the tree is another BluffLab, the table a reveal)
BLUFF_LAB = ".sk-bluff-lab:has(.sk-bluff-share)"

STEPS = {
    "00-start-here.ipynb": [
        landing_link("01-cards-and-scoring.ipynb"),
        expect_visible(".sk-score-trainer"),
        click(button("Show answer", ".sk-score-trainer")),
        expect_text(".sk-score-trainer .sk-score-line", r"Score: 6½"),
    ],
    "01-cards-and-scoring.ipynb": [
        quiz_retried("Asso di bastoni, 4 di coppe, Fante di spade", "13", "not 8, 9 and 10", "5½"),
        quiz_answer("3 de oros, 4 de bastos, Sota de copas", "no", right=True),
        quiz_answer("You hold 6 di coppe and Fante di spade", "16", right=False, says="no longer in the deck"),
    ],
    "02-the-matta.ipynb": [
        # the opening prediction: a guess of 7 for the matta beside a 3 and a Fante
        guess("You hold the matta, a 3 and a Fante", "7"),
        predict_says("You hold the matta, a 3 and a Fante", "The answer: 4"),
        expect_text(".sk-matta-explorer .sk-matta-table", "the best is 4"),
        click(".sk-matta-explorer .sk-whole-only input"),
        expect_text(".sk-matta-explorer .sk-matta-table", "the best is 4"),
        quiz_answer("King of diamonds, 2 of hearts, Jack of spades", "5", right=True),
        quiz_answer("Re di denari, Asso di spade, 3 di bastoni", "7½", right=False, says="3½, which is not one of"),
        quiz_answer("Re di denari, 4 di coppe, 3 di spade", "8", right=True),
        quiz_answer("Is this hand a sette e mezzo reale?", "no", right=True),
        expect_visible(PRACTICE),
    ],
    "03-playing-a-round.ipynb": [
        # the opening prediction: a tie at 6 (S13)
        predicted("You stop on 6. The bank stops on 6 too", "The bank", "the bank wins all ties"),
        # the table player: one round
    ] + PLAY_A_ROUND + [
        quiz_retried("You hold 7 di coppe and Fante di coppe. The bank stands", "10", "paid double", "20"),
        quiz_answer("You stood on 2 di coppe, 4 di denari", "-3", right=False, says="collects double"),
        quiz_retried("You hold 7 di coppe and Fante di coppe, stake 4", "0", "the bank wins it", "-4"),
        quiz_answer("Bruno (seat 1) and Carla (seat 2)", "2", right=True),
    ],
    "04-variants.ipynb": [
        predicted("Spanish rules. You staked 5 and hold the 7", "+5: even money", "Right"),
        click(".sk-variant-explorer .sk-option-triple input"),
        expect_text(".sk-variant-explorer .sk-plays", r"two 7s against 5\s+−1\s+\+3"),
        quiz_retried("You staked 4 and stand on 6", "-8", "collects one stake", "-4"),
        quiz_answer("You staked 2 and hold the 7 di coppe and the 7 di spade", "6", right=True),
    ],
    "05-quattro-e-mezzo.ipynb": [
        predicted("A 4½ (4 and Fante), a lone 5", "the lone 5", "Right"),
        press(button("Draw", ".sk-quattro-table")),
        expect_text(".sk-quattro-table .sk-status", "Hand 1"),
        quiz_retried("You win a hand with 2 di coppe", "1", "a 5 made with five cards is special", "5"),
        quiz_retried("Seat 0 has 4 di coppe and Fante di spade", "0", "more cards wins a tie", "1"),
    ],
    "06-probability-of-busting.ipynb": [
        # the opening prediction (higher or lower than half), then the area diagram and the
        # tree, each hidden behind its prediction until the guess
        predicted(P06_FIVE, "Lower than half", "The answer: lower: 19/39"),
        guess(P06_SEVEN_FIGURE, "5%"),
        predict_shows(P06_SEVEN_FIGURE, ".sk-predict-extra figure.sk-chart"),
        guess(P06_DRAW_TO_FIVE, "50%"),
        predict_says(P06_DRAW_TO_FIVE, "The answer: 125/247"),
        predict_shows(P06_DRAW_TO_FIVE, ".sk-predict-extra .sk-probability-tree"),
        check_charts(".sk-odds-lab", "06-probability-of-busting", count=1),
        quiz_retried("You hold Fante di coppe, Cavallo di spade", "0", "a 7 takes you to 8", "2/19"),
        expect_text(PRACTICE, "Streak"),
    ],
    "07-expected-value-and-strategy.ipynb": [
        # the bank's final totals, hidden behind their prediction until the guess
        guess("You stand on 4. What is the chance that the bank busts?", "25%"),
        predict_shows("You stand on 4. What is the chance that the bank busts?", ".sk-predict-extra figure.sk-chart"),
        # the hit-or-stand prediction on a first 4 hides the probability tree until the guess
        predicted("Your first card is a 4. Do you hit or stand?", "stand", "The answer: stand"),
        predict_shows("Your first card is a 4. Do you hit or stand?", ".sk-predict-extra .sk-probability-tree"),
        predict_says("Your first card is a 4. Do you hit or stand?",
                     r"worth -0\.4989 per unit staked; standing now is worth -0\.4677", part=".sk-tree-ev"),
        expect_charts(".sk-strategy-chart", 1),
        check_charts("body", "07-expected-value-and-strategy", count=2),
        quiz_retried("stake 10 a round for 1,000 rounds", "1600", "too rough", "1585"),
    ],
    "08-betting-after-the-first-card.ipynb": [
        guess("There are eight kinds of first card", "3"),
        predict_says("There are eight kinds of first card", r"Your guess: 3\. The answer: 2\."),
        predict_shows("There are eight kinds of first card", ".sk-predict-extra figure.sk-chart"),
        expect_text(f"{BETTING_LAB} .sk-plan", r"Return per unit staked: \+15\.6%"),
        fill(f"{BETTING_LAB} .sk-max-stake", "20"),
        expect_text(f"{BETTING_LAB} .sk-plan", r"stakes 1 to 20"),
    ],
    "09-simulation.ipynb": [
        # the first prediction (an expectation: higher or lower than half) hides the running
        # average; the third (how many of 100 intervals you expect to miss), the coverage picture
        predicted("The computer plays 100 rounds", "Lower than half", "The answer: lower"),
        predict_shows("The computer plays 100 rounds", ".sk-predict-extra figure.sk-chart"),
        guess("Of the 100 intervals, how many do you expect to miss", "4"),
        predict_says("Of the 100 intervals, how many do you expect to miss", "The answer: 5"),
        predict_shows("Of the 100 intervals, how many do you expect to miss",
                      ".sk-predict-extra .sk-coverage-picture figure.sk-chart"),
        click(button("Another 100 runs", ".sk-coverage-picture")),
        expect_text(".sk-coverage-tally", "of 200 intervals"),
        expect_visible(".sk-simulation-lab"),
        click(button("Run", ".sk-simulation-lab")),
        check_charts(".sk-simulation-lab", "09-simulation", count=2),
        quiz_answer("1,000 rounds, seed 1: average -0.254", "yes", right=False, says="The interval runs from"),
        quiz_answer("In 10,000 rounds the player won 4,173", "-0.1654", right=True),
    ],
    "11-trentuno-rules.ipynb": [
        predicted("Which of these scores can three cards never make?", "29", "no 8s or 9s"),
        press(button("Draw from stock", ".sk-trentuno-table")),
        expect_text(".sk-trentuno-table .sk-score-line", "discard one"),
        # the lesson's seeded deal: the card drawn is the Fante di bastoni
        click(button("Discard Fante di bastoni", ".sk-trentuno-table")),
        expect_text(".sk-trentuno-table .sk-score-line", "Your hand scores"),
        quiz_retried("What does this Trentuno hand score?", "25", "not denari", "21"),
        quiz_answer("Ada knocks with 27. In his last turn Bruno", "0", right=True),
    ],
    "12-trentuno-odds-and-knocking.ipynb": [
        guess("How many of the 36 unseen cards would improve", "8"),
        predict_says("How many of the 36 unseen cards would improve", "12 of 36"),
        predicted("The discard pile shows the Re di coppe", "Take the Re di coppe", "26 for sure"),
        guess("How many of the 37 unseen cards improve it?", "4"),
        choose("Which plan do you expect to lose a life least often?", "Knock at 26"),
        check_charts("body", "12-trentuno-odds-and-knocking", count=4),
        quiz_retried("the discard pile shows the 3 di coppe", "2/9", "so do some bastoni", "1/3"),
        quiz_answer("On the same 300 deals", "13/300", right=True),
        expect_visible(button("Draw from stock", ".sk-trentuno-table")),
    ],
    "13-counting-hands-and-cards.ipynb": [
        guess(P13_TWO_CARD, "1600"),
        predict_says(P13_TWO_CARD, "1,560 ordered draws"),
        expect_text(".sk-counting-lab .sk-result", r"Hands, order forgotten: 6 = C\(4, 2\)"),
        click(button("3", ".sk-counting-lab .sk-k")),
        expect_text(".sk-counting-lab .sk-result", r"Hands, order forgotten: 4 = C\(4, 3\)"),
        guess(P13_TRENTUNO, "10"),
        check_charts("body", "13-counting-hands-and-cards", count=1),
        predicted(P13_SHOE, "Hit", "fewer big cards are left, for you and for the bank"),
        expect_text(".sk-shoe-lab .sk-shoe-log", r"A new shoe"),
        click(button("Deal a round", ".sk-shoe-lab")),
        expect_text(".sk-shoe-lab .sk-shoe-log", r"Round 1:"),
        quiz_retried("How many different three-card hands", "720", "ordered draws", "120"),
        quiz_answer("These cards are out: 3 di coppe", "13/33", right=True),
    ],
    "14-bluffing-with-your-stake.ipynb": [
        predicted(P14_FIGURE, "no, never", "never on a figure"),
        guess(P14_VALUE, "0.3"),
        predict_shows(P14_VALUE, ".sk-predict-extra .sk-information-table"),
        # the lab opens on no bluffs; the bank's best reply leaves +0.0886 (S11)
        expect_text(f"{BLUFF_LAB} .sk-bluff-result", r"you win 0\.0886 a round"),
        click(button("Bluff as the equilibrium does", BLUFF_LAB)),
        expect_text(f"{BLUFF_LAB} .sk-bluff-result", r"This is the equilibrium"),
        expect_text(f"{BLUFF_LAB} .sk-bluff-result", r"19\.8% are bluffs"),
        expect_text(f"{BLUFF_LAB} .sk-bluff-result", r"you win 0\.1588 a round"),
        fill(f"{BLUFF_LAB} .sk-bluff-share input", "21"),
        expect_text(f"{BLUFF_LAB} .sk-bluff-result", r"21\.0% are bluffs"),
        check_charts(BLUFF_LAB, "14-bluffing-with-your-stake", count=1),
        expect_text(".sk-bluff-lab .sk-frequency-tree", r"138 rounds with a stake of 10"),
        quiz_retried("You play the equilibrium plan and stake 10", "1/2", "never bluffs", "72.5%"),
    ],
    "10-risk-and-ruin.ipynb": [
        predicted("You play the best strategy at a stake of 1", "about 0.5",
                  r"Your guess: About 0\.5\. The answer: about 1\."),
        expect_text(".sk-bankroll-lab .sk-exact-ruin", r"Chance of ruin before reaching 200: 96\.46%"),
        expect_charts(".sk-bankroll-lab .sk-paths-chart", 1),
        lambda page: page.locator(".sk-bankroll-lab .sk-staking select").select_option(
            label="stake by first card", timeout=HANG_MS),
        expect_text(".sk-bankroll-lab .sk-exact-ruin", r"Chance of ruin before reaching 200: 1\.30%"),
    ],
}

FIXTURE_STEPS = {
    "00-start-here.ipynb": [
        expect_visible("a[href$='01-one-button.ipynb']"),
    ],
    "01-one-button.ipynb": [
        expect_text(".sk-baseline-label", "^not pressed$"),
        click(button("Press me")),
        expect_text(".sk-baseline-label", "^pressed 1$"),
        click(button("Press me")),
        expect_text(".sk-baseline-label", "^pressed 2$"),
    ],
    "02-echo.ipynb": [
        fill(".sk-echo-input", "seven and a half"),
        expect_text(".sk-echo-output", "You typed: seven and a half"),
    ],
    "03-mini-quiz.ipynb": [
        expect_visible(lambda page: page.locator(".sk-quiz .sk-quiz-question").get_by_role("img", name="Jack of coins")),
        quiz_answer("What is this hand worth?", "5", right=False),
        quiz_answer("What is this hand worth?", "11/2", right=True),
        expect_text(".sk-quiz-score", r"1/2 right"),
    ],
}
