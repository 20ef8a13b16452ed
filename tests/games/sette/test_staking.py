"""Betting after the first card (S9): EV by first card, the best staking plan,
Bayes on the stake, the bank's best threshold.  Checked against brute-force orderings of
small decks, against every staking plan, and against a seeded simulation."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from headsup_tools import distribution, orderings, play_rounds, solution_player, threshold_player
from sette_kit import FULL_DECK, Rules, SetteKitError, odds, parse_cards
from sette_kit.odds import Solution
from sette_kit.strategy import card_class

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")
NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "figure", "matta")


@pytest.fixture(scope="module")
def plain5():
    return odds.solve(PLAIN, dealer=odds.stand_at(5))


@pytest.fixture(scope="module")
def italian5():
    return odds.solve(ITALIAN, dealer=odds.stand_at(5))


# -- EV by first card --------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [PLAIN, ITALIAN, Rules.preset("spanish")], ids=lambda r: r.name)
@pytest.mark.parametrize("dealer", [odds.stand_at(5), odds.stand_at(6), odds.sees_player()], ids=repr)
def test_S9_first_card_evs_average_to_the_ev(rules, dealer):
    sol = odds.solve(rules, dealer=dealer)
    by = odds.ev_by_first_card(sol)
    assert sum(f.probability for f in by.values()) == 1
    assert sum(f.probability * f.ev for f in by.values()) == sol.ev  # exactly
    # the probability of each first card is its share of the 40 cards
    for name, f in by.items():
        assert f.probability == Fraction(sum(1 for c in FULL_DECK if NAMES[card_class(c, rules)] == name), 40)
    fl = odds.ev_by_first_card(odds.solve(rules, dealer=dealer, exact=False))
    assert all(abs(fl[n].ev - float(f.ev)) < 1e-12 for n, f in by.items())


def test_first_card_evs_of_a_threshold_player_average_to_policy_ev():
    sol = Solution(PLAIN, odds.stand_at(5), True, player=odds.stand_at(5))
    by = sol.ev_by_first_card()
    assert sum(f.probability * f.ev for f in by.values()) == odds.policy_ev(PLAIN, odds.stand_at(5), odds.stand_at(5))


def test_plain_first_card_evs_only_6_and_7_favour_the_player(plain5):
    by = plain5.ev_by_first_card()
    assert [n for n, f in by.items() if f.ev > 0] == ["6", "7"]
    assert by["7"].ev > by["6"].ev > 0 > by["figure"].ev > by["Ace"].ev


SMALL = [  # decks small enough to play every ordering; the bank never runs out
    ("plain", "Ac 2d 3c 5s 7c Fc Cd", odds.stand_at(5)),
    ("plain", "Ac 4d 6c 7s Fc Cd Rb", odds.sees_player()),
    ("italian", "7c Fc Rd Fd 7d 6s 5b", odds.stand_at(5)),
    ("italian", "7d Cd Rd Fc 6c 6s 5b", odds.stand_at(4)),
]


@pytest.mark.parametrize("preset,deck,dealer", SMALL, ids=[s[0] + "-" + s[1][:5] for s in SMALL])
@pytest.mark.parametrize("who", ["optimal", "stand_at(4)"])
def test_by_first_card_equals_every_ordering_played(preset, deck, dealer, who):
    rules = Rules.preset(preset)
    deck = parse_cards(deck)
    if who == "optimal":
        sol = Solution(rules, dealer, True, deck=deck)
        player = solution_player(sol, rules, dealer)
    else:
        sol = Solution(rules, dealer, True, deck=deck, player=odds.stand_at(4))
        player = threshold_player(odds.stand_at(4), rules, dealer)
    counts = orderings(player, deck)
    by = sol.ev_by_first_card()
    assert set(by) == set(counts)
    for name, f in by.items():
        ref = distribution(counts, name)
        assert sol.result_distribution(first=name) == ref
        assert f.ev == sum(x * p for x, p in ref.items())
        assert f.probability == Fraction(sum(counts[name].values()), math.factorial(len(deck)))
    assert sol.result_distribution() == distribution(counts)


# -- the staking plan ----------------------------------------------------------------------------

def test_the_claim_stake_10_on_a_6_or_7_and_1_otherwise(plain5):
    plan = odds.best_staking_plan(plain5, min_stake=1, max_stake=10)
    assert {n for n, s in plan.stakes.items() if s == 10} == {"6", "7"}
    assert all(s == 1 for n, s in plan.stakes.items() if n not in ("6", "7"))
    by = plain5.ev_by_first_card()
    # by hand: 1/10 of the deals are a 6, 1/10 a 7, the other 8/10 are staked 1
    per_round = Fraction(1, 10) * 10 * (by["6"].ev + by["7"].ev) + sum(
        f.probability * f.ev for n, f in by.items() if n not in ("6", "7"))
    assert plan.ev_per_round == per_round
    assert plan.stake_per_round == Fraction(28, 10)
    assert plan.ev_per_unit == per_round / Fraction(28, 10)
    assert plan.ev_per_round == Fraction(412677285493307, 943724306274750)
    assert round(float(plan.ev_per_round), 2) == 0.44               # "about +0.44 per round"
    assert round(float(plan.ev_per_unit) * 100, 1) == 15.6          # "+15.6% of the money staked"
    assert plan.flat_ev == plain5.ev < 0                           # the flat stake loses


@pytest.mark.parametrize("fixture", ["plain5", "italian5"])
@pytest.mark.parametrize("lo,hi", [(1, 10), (2, 5), (1, 1), (Fraction(1, 2), 3)])
def test_best_plan_beats_every_other_plan(request, fixture, lo, hi):
    sol = request.getfixturevalue(fixture)
    best = odds.best_staking_plan(sol, lo, hi)
    names = list(sol.ev_by_first_card())
    # EV is linear in each stake, so the best plan is at a corner: try them all
    values = [odds.staking_plan(sol, {n: (hi if n in high else lo) for n in names}).ev_per_round
              for k in range(len(names) + 1) for high in itertools.combinations(names, k)]
    assert best.ev_per_round == max(values)
    assert set(best.stakes.values()) <= {lo, hi}


def test_a_flat_plan_is_the_flat_ev(plain5):
    plan = odds.best_staking_plan(plain5, 3, 3)
    assert plan.ev_per_round == 3 * plain5.ev and plan.ev_per_unit == plain5.ev
    assert plan.posterior(3) == {n: f.probability for n, f in plain5.ev_by_first_card().items()}


def test_staking_plan_simulated_within_4_standard_errors(plain5):
    plan = odds.best_staking_plan(plain5, 1, 10)
    player = solution_player(plain5, PLAIN, odds.stand_at(5))
    rounds = play_rounds(player, 12_000, seed=15)
    money = [plan.stakes[first] * r for first, r in rounds]
    n = len(money)
    mean = sum(money) / n
    var = sum((m - mean) ** 2 for m in money) / (n - 1)
    se = math.sqrt(var / n)
    assert abs(mean - float(plan.ev_per_round)) < 4 * se
    flat = sum(r for _, r in rounds) / n
    assert flat < 0 < mean  # the same cards lose at a flat stake and win with the plan


# -- Bayes: what the bank reads from the stake -------------------------------------------------

def test_bayes_the_hidden_card_given_the_stake(plain5):
    plan = odds.best_staking_plan(plain5, 1, 10)
    big = plan.posterior(10)
    assert big == {"6": Fraction(1, 2), "7": Fraction(1, 2)}
    small = plan.posterior(1)
    assert sum(small.values()) == 1
    # by counting cards: of the 32 cards staked 1, 12 are figures and 4 are each rank
    assert small["figure"] == Fraction(12, 32) and small["Ace"] == Fraction(4, 32)
    assert "6" not in small
    assert plan.posterior_table() == {1: small, 10: big}
    with pytest.raises(SetteKitError, match="stakes 1 or 10"):
        plan.posterior(5)


def test_describe_says_the_plan_in_words(plain5):
    text = odds.best_staking_plan(plain5, 1, 10).describe()
    assert "Stake 10 on a first 6 or 7" in text and "1 on any other first card" in text
    assert "+15.6%" in text and "+0.4373" in text


# -- the bank's best fixed threshold -----------------------------------------------------------

def test_bank_thresholds_flat_and_staking_plain():
    table = odds.bank_thresholds(PLAIN, min_stake=1, max_stake=10)
    assert [r.threshold for r in table.rows] == [4, Fraction(9, 2), 5, Fraction(11, 2), 6, Fraction(13, 2)]
    for r in table.rows:
        sol = odds.solve(PLAIN, dealer=odds.stand_at(r.threshold))
        assert r.flat_ev == sol.ev
        assert r.plan.ev_per_round == odds.best_staking_plan(sol, 1, 10).ev_per_round
    assert table.best_flat.threshold == 5          # the bank's best against a flat stake
    assert table.best_staking.threshold == Fraction(11, 2)   # but 5½ against the staking player
    assert all(r.plan.ev_per_round > 0 for r in table.rows)  # no fixed threshold stops the plan
    text = table.format()
    assert "5½" in text and "best" in text


def test_bank_thresholds_with_a_fixed_plan():
    table = odds.bank_thresholds(PLAIN, thresholds=(5, 5.5), max_on=("6", "7"))
    for r in table.rows:
        assert {n for n, s in r.plan.stakes.items() if s == 10} == {"6", "7"}


# -- bad arguments -----------------------------------------------------------------------------

def test_bad_arguments_are_named(plain5):
    with pytest.raises(SetteKitError, match="min_stake"):
        odds.best_staking_plan(plain5, 5, 2)
    with pytest.raises(SetteKitError, match="min_stake"):
        odds.best_staking_plan(plain5, 0, 2)
    with pytest.raises(SetteKitError, match="max_stake"):
        odds.best_staking_plan(plain5, 1, "lots")
    with pytest.raises(SetteKitError, match="solution"):
        odds.best_staking_plan("plain", 1, 10)
    with pytest.raises(SetteKitError, match="solution"):
        odds.ev_by_first_card(None)
    with pytest.raises(SetteKitError, match="missing"):
        odds.staking_plan(plain5, {"6": 10})
    with pytest.raises(SetteKitError, match="'queen'"):
        odds.staking_plan(plain5, {**{n: 1 for n in NAMES[:8]}, "queen": 3})
    with pytest.raises(SetteKitError, match="first"):
        plain5.result_distribution(first="matta")
    with pytest.raises(SetteKitError, match="thresholds"):
        odds.bank_thresholds(PLAIN, thresholds=(9,))
    with pytest.raises(SetteKitError, match="max_on"):
        odds.bank_thresholds(PLAIN, thresholds=(5,), max_on=("queen",))
