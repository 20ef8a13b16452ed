"""The numbers and pictures the teacher's review asked the lessons to add.

- what the two rules that favour the bank are worth: the house edge with ties to the
  bank (S13) and busting first (S10) each on or off (lessons 3 and 7), ``odds.solve``'s
  ``bust_refund`` variant and :func:`sette_kit.odds.tie_and_bust_edges`;
- a bank that reads the stake (lesson 8), :meth:`ThresholdTable.stake_reading`;
- how many Trentuno hands hold one, two or three suits (lesson 13), and what remembering
  the cards is worth on a hand (``HandNow.gain``);
- the spread of simulated averages and its exact law (lesson 9),
  :func:`sette_kit.simulate.averages` and :func:`sette_kit.simulate.average_distribution`;
- the bankroll's Markov chain as states and moves (lesson 10), :func:`sette_kit.risk.ruin_chain`;
- the charts that draw them: ``charts.totals_bar``, ``charts.averages_histogram``,
  ``charts.chain_diagram``.

Each is checked against a computation of its own (counting, brute force, the chain's
equations), not against the function's own output.
"""

from __future__ import annotations

import itertools
import re
import math
from fractions import Fraction

import pytest

import sette_kit as sk
from sette_kit import counting, odds, risk, simulate, trentuno
from sette_kit.strategy import sees_player, stand_at
from widgets import charts

PLAIN = sk.Rules.preset("plain")


# -- ties and busting first ------------------------------------------------------------------

@pytest.fixture(scope="module")
def edges():
    return odds.tie_and_bust_edges(PLAIN, stand_at(5))


def test_the_real_game_and_ties_pushed_are_the_solvers_edges(edges):
    real, no_refund_ties_only, ties_pushed, neither = edges
    assert (real.bank_wins_ties, real.bust_loses_at_once) == (True, True)
    assert real.house_edge == odds.solve(PLAIN, stand_at(5)).house_edge
    assert (ties_pushed.bank_wins_ties, ties_pushed.bust_loses_at_once) == (False, True)
    assert ties_pushed.house_edge == odds.solve(PLAIN.replace(dealer_wins_ties=False), stand_at(5)).house_edge


def test_without_both_rules_the_game_is_exactly_fair(edges):
    """The review's table: 16.37%, 7.79%, 7.00% and exactly 0."""
    assert [f"{float(r.house_edge):.2%}" for r in edges] == ["16.37%", "7.79%", "7.00%", "0.00%"]
    assert edges[-1].house_edge == 0
    # each rule alone is worth more than the other one's share: they overlap
    tie_alone = edges[1].house_edge - edges[3].house_edge
    bust_alone = edges[2].house_edge - edges[3].house_edge
    assert tie_alone > bust_alone and tie_alone + bust_alone < edges[0].house_edge


def test_the_refund_gives_back_exactly_the_bank_bust_chance_of_a_bust_hand():
    sol = odds.solve(PLAIN, stand_at(5), bust_refund=True)
    bust_hand = "6c 7d"
    deck_left = odds.final_distribution(stand_at(5), seen=bust_hand, rules=PLAIN)["bust"]
    assert sol.ev_of(bust_hand, "stand") == -(1 - deck_left)
    law = sol.result_distribution()
    assert set(law) == {-1, 0, 1} and sum(x * p for x, p in law.items()) == sol.ev
    assert abs(odds.solve(PLAIN, stand_at(5), bust_refund=True, exact=False).ev - float(sol.ev)) < 1e-12


def test_the_refund_needs_a_bank_that_stands_at_a_threshold():
    with pytest.raises(sk.SetteKitError, match="stand_at"):
        odds.solve(PLAIN, sees_player(), bust_refund=True)


# -- a bank that reads the stake -------------------------------------------------------------

def test_a_bank_that_reads_the_stake_still_loses_to_the_staking_player():
    table = odds.bank_thresholds(PLAIN)
    reading = table.stake_reading()
    # the same search by hand: for each pair of thresholds, the player's best stake per first card
    best = None
    for a in table.rows:
        for b in table.rows:
            value = 0
            for name, first in a.plan.first_cards.items():
                ev_b = b.plan.first_cards[name].ev
                value += first.probability * max([1 * first.ev] + [s * ev_b for s in range(2, 11)])
            best = value if best is None or value < best else best
    assert reading.ev_per_round == best
    assert (reading.small, reading.large) == (5, Fraction(11, 2))
    assert f"{float(reading.ev_per_round):+.4f}" == "+0.3106"
    assert 0 < reading.ev_per_round < table.best_staking.plan.ev_per_round


# -- Trentuno hands by suits, and what the count is worth ------------------------------------

def test_four_trentuno_hands_in_ten_hold_three_suits():
    t = counting.trentuno_scores()
    assert t.by_suits == {1: 4 * math.comb(10, 3), 2: 9880 - 4 * math.comb(10, 3) - 4 * 10 ** 3, 3: 4 * 10 ** 3}
    assert f"{t.by_suits[3] / t.total:.1%}" == "40.5%" and t.by_suits[2] > t.by_suits[3]
    by_hand = sum(1 for h in itertools.combinations(sk.FULL_DECK, 3)
                  if len({c.suit for c in h}) == 3 and max(trentuno.card_points(c) for c in h) == 10)
    assert t.three_suits[10] == by_hand == 2052


def test_remembering_the_cards_is_worth_an_eighth_of_a_stake_on_the_lessons_hand():
    shoe = counting.Shoe(PLAIN, seed=1)
    shoe.play(4)
    h = counting.compare_hand(shoe, "5 di denari")
    sol = odds.solve(PLAIN, stand_at(5), seen=shoe.seen)
    assert (h.stand_now, h.hit_now) == (sol.ev_of("5d", "stand"), sol.ev_of("5d", "hit"))
    assert h.gain == h.hit_now - h.stand_now and f"{float(h.gain):.2f}" == "0.12"
    assert (f"{float(h.stand_now):.1%}", f"{float(h.hit_now):.1%}") == ("-50.3%", "-38.0%")


# -- simulated averages ----------------------------------------------------------------------

def test_the_exact_law_of_an_average_is_binomial_for_a_plus_or_minus_one_game():
    d = simulate.average_distribution(PLAIN, stand_at(5), stand_at(5), rounds=10)
    ev = simulate.exact_ev(PLAIN, stand_at(5), stand_at(5))
    win = (1 + ev) / 2
    assert d == {Fraction(2 * k - 10, 10): math.comb(10, k) * win ** k * (1 - win) ** (10 - k) for k in range(11)}
    assert sum(d.values()) == 1 and sum(a * p for a, p in d.items()) == ev


def test_the_exact_law_of_an_average_convolves_a_game_with_bonuses():
    italian = sk.Rules.preset("italian")
    law = risk.round_result(italian, player=stand_at(5)).distribution
    d = simulate.average_distribution(italian, stand_at(5), stand_at(5), rounds=3)
    brute: dict = {}
    for xs in itertools.product(law, repeat=3):
        p = math.prod(law[x] for x in xs)
        brute[Fraction(sum(xs), 3)] = brute.get(Fraction(sum(xs), 3), 0) + p
    assert d == dict(sorted(brute.items()))


def test_averages_are_the_pieces_of_one_seeded_run():
    a = simulate.averages(PLAIN, stand_at(5), stand_at(5), rounds=100, runs=50, seed=4)
    whole = simulate.run(PLAIN, stand_at(5), stand_at(5), rounds=5000, seed=4)
    assert a.runs == 50 and sum(a.means) * 100 == whole.total
    assert a.means[0] == simulate.run(PLAIN, stand_at(5), stand_at(5), rounds=100, seed=4).exact_mean
    assert a.sd == pytest.approx(math.sqrt(1 - float(a.exact) ** 2), abs=1e-12)   # a game of ±1
    assert a.stderr == pytest.approx(a.sd / 10)


def test_about_95_percent_of_averages_lie_within_1_96_standard_errors():
    a = simulate.averages(PLAIN, stand_at(5), stand_at(5), rounds=100, runs=1000, seed=1)
    d = simulate.average_distribution(PLAIN, stand_at(5), stand_at(5), rounds=100)
    inside = sum(p for x, p in d.items() if abs(float(x - a.exact)) <= 1.96 * a.stderr)
    assert f"{float(inside):.1%}" == "94.6%" and a.within(1.96) == 948


def test_averages_are_the_same_on_the_pure_path():
    from sette_kit import accel

    fast = simulate.averages(PLAIN, stand_at(5), stand_at(5), rounds=20, runs=30, seed=2)
    with accel.pure():
        pure = simulate.averages(PLAIN, stand_at(5), stand_at(5), rounds=20, runs=30, seed=2)
    assert pure.means == fast.means


# -- the bankroll chain ----------------------------------------------------------------------

def test_the_chain_of_lesson_10_and_its_equations():
    ten = risk.at_stake(risk.round_result(PLAIN), 10)
    c = risk.ruin_chain(ten, 100, 200)
    assert c.states == tuple(range(0, 201, 10)) and c.ruined == {0} and c.reached == {200}
    lose, win = ten.distribution[-10], ten.distribution[10]
    for b in range(10, 200, 10):
        assert dict(c.moves[b]) == {b - 10: lose, b + 10: win}
        assert c.ruin[b] == pytest.approx(lose * c.ruin[b - 10] + win * c.ruin[b + 10], abs=1e-12)
    assert c.ruin[100] == pytest.approx(0.964558, abs=1e-6)


def test_scaling_the_staking_plan_raises_the_ruin():
    """Lesson 10: the fall to 1.3% comes from the edge's sign, not from small stakes."""
    got = {plan: risk.ruin_probability(risk.round_result(PLAIN, plan=plan), 100, 200).probability
           for plan in ((1, 10), (2, 20), (5, 50), (10, 100))}
    assert [f"{p:.2%}" for p in got.values()] == ["1.30%", "10.52%", "31.76%", "43.18%"]


# -- the charts ------------------------------------------------------------------------------

def _accessible(chart):
    assert chart.svg.startswith('<svg role="img"') and f"<title>{chart.title}</title>" in chart.svg.replace("&#x27;", "'")
    assert "<desc>" in chart.svg and "Describe this chart" in chart.html
    assert charts.caption_text(chart.html) == chart.text


def test_the_bank_final_total_chart():
    dist = odds.final_distribution(stand_at(5), seen="4 di coppe", rules=PLAIN)
    c = charts.totals_bar(dist, title="Where the bank ends", xlabel="the bank's final total")
    _accessible(c)
    assert c.text.startswith("Where the bank ends: 5: ") and "5½: " in c.text
    assert "bust: 1615261979/6068478780 (26.6%) (highlighted)" in c.text
    assert "stroke-opacity" in c.svg and "highlighted</text>" not in c.svg   # striped, no legend needed


def test_the_averages_histogram():
    a = simulate.averages(PLAIN, stand_at(5), stand_at(5), rounds=100, runs=200, seed=1)
    d = simulate.average_distribution(PLAIN, stand_at(5), stand_at(5), rounds=100, exact=False)
    c = charts.averages_histogram(a.means, a.exact, a.stderr, d, title="Averages")
    _accessible(c)
    assert f"{a.within(1.96)} of the 200" in c.text and "the exact chance of that is 94.6%" in c.text
    assert c.svg.count('stroke-dasharray="6 4"') == 1   # the exact value


def test_the_chain_diagram_wide_and_narrow():
    ten = risk.at_stake(risk.round_result(PLAIN), 10)
    c = risk.ruin_chain(ten, 100, 200)
    for width in (680, 300):
        chart = charts.chain_diagram(c.states, c.moves, c.ruin, start=100, title="Your bankroll", width=width)
        _accessible(chart)
        assert chart.svg.count("<circle") == 21
        assert "From every bankroll from 10 to 190, one round moves it −10 with 58.2%, +10 with 41.8%." in chart.text
        assert "100: 96.5%" in chart.text


def test_a_legend_too_wide_for_its_chart_goes_on_to_a_second_row():
    """Longer words in another language: the legend wraps instead of running off the chart."""
    a = simulate.averages(PLAIN, stand_at(5), stand_at(5), rounds=20, runs=20, seed=1)
    wide = charts.averages_histogram(a.means, a.exact, a.stderr, width=680)
    narrow = charts.averages_histogram(a.means, a.exact, a.stderr, width=300)
    assert wide.svg.count('viewBox="0 0 680 320"') == 1            # one legend row
    assert 'viewBox="0 0 300 ' in narrow.svg and 'viewBox="0 0 300 320"' not in narrow.svg
    for chart in (wide, narrow):
        xs = [float(x) for x in re.findall(r'<text x="([\d.]+)"', chart.svg)]
        assert max(xs) < chart.width, "no legend text starts beyond the canvas"
