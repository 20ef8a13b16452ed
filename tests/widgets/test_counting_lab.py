"""widgets.CountingLab and the counting helpers for lesson cells (lesson 13):
the counts are the library's, every hand is shown with all its k! orders when they are
few, bad input changes nothing."""

from __future__ import annotations

import itertools
import math

import pytest

from sette_kit import counting
from widgets import CountingLab
from widgets.base import plain_text
from widgets.charts import caption_text
from widgets.counting_lab import DECKS, count_html, quattro_cycle_html, trentuno_scores_chart

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


def test_build_and_live_regions():
    lab = CountingLab()
    assert {"sk-widget", "sk-counting-lab", "sk-lab"} <= set(lab.view._dom_classes)
    assert lab.deck_menu.value == 4 and lab.k_buttons.value == 2
    assert 'aria-live="polite"' in lab.result_html.value and 'aria-live="polite"' in lab.hands_html.value


@pytest.mark.parametrize("n, k", [(n, k) for n in (4, 10, 40) for k in range(1, 6) if k <= n])
def test_counts_are_the_librarys_and_small_cases_list_every_hand(n, k):
    lab = CountingLab(n=n, k=k)
    d = counting.draws(k, n)
    assert (lab.draws.ordered, lab.draws.unordered) == (math.perm(n, k), math.comb(n, k))
    assert (d.ordered, d.unordered) == (math.perm(n, k), math.comb(n, k))
    text = lab.result_text
    assert f"Ordered draws: {d.ordered:,}." in text and f"Hands, order forgotten: {d.unordered:,} = C({n}, {k})." in text
    if d.unordered <= 10:  # every hand, each with its k! orders: k! x C(n, k) ordered draws in all
        assert lab.hands == list(itertools.combinations(DECKS[n][1], k))
        html = lab.hands_html.value
        assert html.count('class="sk-hand-row"') == d.unordered
        assert html.count('class="sk-order"') == (d.ordered if k > 1 else 0)
        assert lab.another_button.layout.display == "none"
    else:
        assert lab.hands == [] and len(lab.example) == k and set(lab.example) <= set(DECKS[n][1])
        assert lab.another_button.layout.display is None
        orders = lab.hands_html.value.count('class="sk-order"')
        assert orders == (math.factorial(k) if 1 < k <= 4 else 0)
        if k == 5:
            assert "Its 120 orders are too many to draw here" in lab.hands_text


def test_the_four_aces_two_at_a_time():
    lab = CountingLab(n=4, k=2)
    assert "4 choices for the first card, then 3 for the second: 4 × 3 = 12 ordered draws." in lab.result_text
    assert "Each hand of 2 cards turns up in 2! = 2 orders, so there are 12 / 2 = 6 hands" in lab.result_text
    assert "So one particular hand comes with probability 1/6 ≈ 16.7%." in lab.result_text
    assert "All 6 hands, each with its 2 orders (12 ordered draws)" in lab.hands_text
    assert 'aria-label="hand 1: Ace of cups, Ace of coins"' in lab.hands_html.value
    assert 'aria-label="order 2: Ace of coins, Ace of cups"' in lab.hands_html.value


def test_controls_and_another_hand_are_seeded():
    lab = CountingLab(n=40, k=3, seed=5)
    first = lab.example
    second = lab.another_hand()
    assert second != first and CountingLab(n=40, k=3, seed=5).example == first
    lab.k_buttons.value = 4
    assert lab.k == 4 and len(lab.example) == 4
    lab.deck_menu.value = 10
    assert lab.n == 10 and lab.draws.unordered == 210


@pytest.mark.parametrize("action, value, words", [
    ("set_k", 9, "The cards in a hand must be from 1 to 5 (you typed 9)."),
    ("set_k", "x", "The cards in a hand must be a whole number from 1 to 5 (you typed 'x')."),
    ("set_deck", 7, "The deck must have 4, 10, 40 cards (you asked for 7)."),
])
def test_bad_input_gets_a_message_and_changes_nothing(action, value, words):
    lab = CountingLab(n=10, k=3)
    before = (lab.n, lab.k, lab.draws, lab.example, lab.result_html.value)
    assert getattr(lab, action)(value) is None and lab.message_text == words
    assert (lab.n, lab.k, lab.draws, lab.example, lab.result_html.value) == before


def test_a_hand_larger_than_the_deck_is_refused():
    lab = CountingLab(n=4, k=4)
    lab.set_k(5)
    assert lab.message_text == "A hand of 5 cards cannot come from a deck of 4: choose at most 4 cards."
    assert lab.k == 4 and lab.k_buttons.value == 4


def test_trentuno_scores_chart():
    t = counting.trentuno_scores()
    html = trentuno_scores_chart(html=True)
    assert html.count('<svg role="img"') == 2
    text = caption_text(html)
    assert text.startswith("Trentuno: the score of a dealt hand (9,880 hands): 2: 0.04%;")
    assert f"10: {t.by_score[10] / t.total:.2%} (the most likely score and 31)" in text
    assert "The most likely score is 10: 2,596 of the 9,880 hands (26.3%)." in plain_text(html)
    assert "sk-chart" in trentuno_scores_chart()._repr_html_()


def test_T2_quattro_cycle_html_shows_the_three_duels_with_their_cards():
    html = quattro_cycle_html(html=True)
    text = plain_text(html)
    assert html.count('class="sk-hand"') == 6 and html.count('class="sk-duel"') == 3
    assert "5 beats 4½" in text and "4½ beats 7½" in text and "7½ beats 5" in text
    assert "no hand is best" in text and "All three at one table: the 5 wins" in text


@pytest.mark.parametrize("rules", ["plain", "italian", "spanish"])
def test_S1_S5_count_html_shows_the_counting_and_the_engine(rules):
    for c in (counting.two_card_sette_e_mezzo(rules), counting.reale_hands(rules)):
        text = plain_text(count_html(c, html=True))
        assert c.words.splitlines()[-1] in text and "(the same)" in text
