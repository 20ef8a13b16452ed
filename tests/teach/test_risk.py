"""sette_kit.risk: the law of one round, the bankroll chain and its ruin
probability, simulation, volatility against edge, the gambler's fallacy.

Independent checks: the engine's EV (the mean of the law), the numpy simulator's
payout counts (within 4 standard errors), the closed form of the gambler's ruin, exact
elimination in Fractions, value iteration, and seeded bankroll simulations."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from sette_kit import Rules, SetteKitError, odds, parse_cards, risk

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")


@pytest.fixture(scope="module")
def optimal():
    return risk.round_result(PLAIN)


@pytest.fixture(scope="module")
def staking():
    return risk.round_result(PLAIN, plan=(1, 10))


# -- one round -----------------------------------------------------------------------------------

def test_optimal_round_plain_is_plus_or_minus_one(optimal):
    sol = odds.solve(PLAIN, dealer=odds.stand_at(5))
    d = optimal.distribution
    assert list(d) == [-1, 1] and sum(d.values()) == 1
    assert optimal.mean == sol.ev
    assert optimal.variance == 1 - sol.ev ** 2  # results are +-1, so E[X^2] = 1
    assert optimal.sd == pytest.approx(math.sqrt(1 - float(sol.ev) ** 2), abs=1e-15)


@pytest.mark.parametrize("player", [None, odds.stand_at(5), odds.stand_at(4)], ids=repr)
def test_italian_round_has_doubles_and_its_mean_is_the_engines(player):
    r = risk.round_result(ITALIAN, player=player)
    assert set(r.distribution) == {-2, -1, 1, 2}  # S14 reale paid double, S15 the bank's collects double
    assert sum(r.distribution.values()) == 1
    ev = odds.solve(ITALIAN).ev if player is None else odds.policy_ev(ITALIAN, player, odds.stand_at(5))
    assert r.mean == ev
    assert r.variance == sum(x * x * p for x, p in r.distribution.items()) - ev ** 2


@pytest.mark.parametrize("rules,player", [(PLAIN, odds.stand_at(5)), (ITALIAN, odds.stand_at(5)),
                                          (PLAIN, "optimal")], ids=["plain-5", "italian-5", "plain-optimal"])
def test_round_law_agrees_with_the_simulator(rules, player):
    pytest.importorskip("numpy")
    from sette_kit import simulate

    r = risk.round_result(rules, player=None if player == "optimal" else player)
    sim = simulate.run(rules, player=player, dealer=odds.stand_at(5), rounds=200_000, seed=15)
    n = sim.rounds
    assert set(sim.payouts) <= set(r.distribution)
    for x, p in r.distribution.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(sim.payouts.get(x, 0) / n - float(p)) < 4 * se, x
    assert abs(sim.std - r.sd) < 0.01


def test_staking_round_law(staking):
    sol = odds.solve(PLAIN, dealer=odds.stand_at(5))
    plan = odds.best_staking_plan(sol, 1, 10)
    assert staking.mean == plan.ev_per_round
    # E[X^2] by first card: stake^2 * 1 (plain results are +-1)
    second = sum(f.probability * plan.stakes[n] ** 2 for n, f in plan.first_cards.items())
    assert staking.variance == second - plan.ev_per_round ** 2
    assert list(staking.distribution) == [-10, -1, 1, 10]
    assert staking.distribution[10] + staking.distribution[-10] == Fraction(1, 5)  # a first 6 or 7
    # the same through a StakingPlan object
    assert risk.round_result(plan=plan).distribution == staking.distribution


def test_flat_stake_scales_the_law(optimal):
    r = risk.round_result(PLAIN, stake=5)
    assert r.distribution == {5 * x: p for x, p in optimal.distribution.items()}
    assert r.variance == 25 * optimal.variance


# -- ruin: the Markov chain ----------------------------------------------------------------------

def gamblers_ruin(p, q, i, n):
    """The classical closed form: ruin from i before n, steps +-1 with probabilities p, q."""
    r = q / p
    return (r ** i - r ** n) / (1 - r ** n)


def test_ruin_flat_stake_1_equals_the_closed_form(optimal):
    p, q = optimal.distribution[1], optimal.distribution[-1]
    closed = gamblers_ruin(p, q, 100, 200)
    exact = risk.ruin_probability(optimal, 100, 200, exact=True)
    assert exact.probability == closed
    fl = risk.ruin_probability(optimal, 100, 200)
    assert abs(fl.probability - float(closed)) < 1e-12 and fl.error_bound < 1e-12
    assert 1 - float(closed) < 1e-14  # at -16% a flat stake of 1 essentially never doubles


@pytest.mark.parametrize("stake", [2, 5, 10])
def test_ruin_flat_stake_s_is_the_closed_form_in_steps_of_s(optimal, stake):
    p, q = optimal.distribution[1], optimal.distribution[-1]
    game = risk.round_result(PLAIN, stake=stake)
    got = risk.ruin_probability(game, 100, 200)
    # 100 and 200 are multiples of the stake: a walk of +-1 from 100/s to 200/s
    assert abs(got.probability - float(gamblers_ruin(p, q, 100 // stake, 200 // stake))) < 1e-12
    assert got.error_bound < 1e-12


def value_iteration(game, bankroll, target, sweeps, start):
    """An independent method: iterate r <- P r (r = 1 at ruin, 0 at the target) from
    r = ``start`` on the live bankrolls.  From 0 the iterates rise to the answer, from 1
    they fall to it (P is monotone), so the two bracket it."""
    worst = game.worst_loss
    r = [1.0 if b < worst else float(start) for b in range(target)]
    for _ in range(sweeps):
        new = r[:]
        for b in range(worst, target):
            cap = b // worst
            acc = 0.0
            for part in game.parts:
                s = min(part.stake, cap)
                for x, p in part.per_unit.items():
                    nb = b + x * s
                    acc += float(part.probability * p) * (1.0 if nb < 0 else 0.0 if nb >= target else r[nb])
            new[b] = acc
        r = new
    return r[bankroll]


@pytest.mark.parametrize("rules", [PLAIN, ITALIAN], ids=lambda r: r.name)
def test_ruin_with_a_plan_exact_float_and_value_iteration_agree(rules):
    game = risk.round_result(rules, plan=(1, 10))
    ex = risk.ruin_probability(game, 20, 40, exact=True)
    fl = risk.ruin_probability(game, 20, 40)
    assert isinstance(ex.probability, Fraction)
    assert abs(fl.probability - float(ex.probability)) < 1e-12 and fl.error_bound < 1e-12
    low, high = value_iteration(game, 20, 40, 300, 0), value_iteration(game, 20, 40, 300, 1)
    assert low - 1e-12 <= fl.probability <= high + 1e-12 and high - low < 1e-5
    assert all(0 <= x <= 1 for x in fl.by_bankroll) and fl.by_bankroll[0] == 1 and fl.by_bankroll[40] == 0


def test_the_staking_player_rarely_goes_broke(staking):
    r = risk.ruin_probability(staking, 100, 200)
    assert r.error_bound < 1e-12
    assert 0.012 < r.probability < 0.014            # figures for the lesson, see the report
    assert 200 < r.expected_rounds < 260


@pytest.mark.parametrize("which", ["flat10", "plan"])
def test_ruin_simulation_within_4_standard_errors(staking, which):
    game = risk.round_result(PLAIN, stake=10) if which == "flat10" else staking
    exact = risk.ruin_probability(game, 100, 200).probability
    sim = risk.simulate_ruin(game, 100, 200, paths=10_000, seed=21)
    assert sim.stderr > 0 and sim.ruined > 50
    assert abs(sim.estimate - exact) < 4 * sim.stderr
    assert risk.simulate_ruin(game, 100, 200, paths=50, seed=21) == risk.simulate_ruin(game, 100, 200, paths=50, seed=21)


def test_italian_cover_rule_ruins_below_two():
    game = risk.round_result(ITALIAN, stake=1)
    assert game.worst_loss == 2
    r = risk.ruin_probability(game, 10, 20, exact=True)
    assert r.by_bankroll[1] == 1 and r.by_bankroll[0] == 1  # cannot cover a stake of 1 against a double loss
    assert 0 < r.by_bankroll[2] < 1


def test_bankroll_paths_are_seeded_and_stop_at_the_ends(staking):
    paths = risk.bankroll_paths(staking, 100, 200, paths=30, rounds=500, seed=5)
    assert paths == risk.bankroll_paths(staking, 100, 200, paths=30, rounds=500, seed=5)
    assert paths != risk.bankroll_paths(staking, 100, 200, paths=30, rounds=500, seed=6)
    support = set(staking.distribution)
    for p in paths:
        assert p[0] == 100 and len(p) <= 501
        for a, b in zip(p, p[1:]):
            assert b - a in support or b - a == -a or (a < 10 and abs(b - a) <= a)
            assert 0 < a < 200  # nothing moves once it has ended
        assert len(p) == 501 or p[-1] <= 0 or p[-1] >= 200


# -- volatility against edge ---------------------------------------------------------------------

def test_bigger_stakes_lower_ruin_when_the_edge_is_against_you():
    rows = risk.ruin_by_stake(PLAIN, stakes=(1, 2, 5, 10))
    ruins = [r.ruin for r in rows]
    assert ruins == sorted(ruins, reverse=True) and ruins[0] > ruins[-1]
    assert all(r.mean == r.stake * rows[0].mean for r in rows)   # the same edge per unit
    assert [round(r.sd / rows[0].sd, 12) for r in rows] == [1, 2, 5, 10]


def test_bigger_stakes_raise_ruin_when_the_edge_is_for_you():
    rows = risk.ruin_by_stake(PLAIN, dealer=odds.stand_at(6.5), stakes=(1, 5, 10))
    assert rows[0].mean > 0
    ruins = [r.ruin for r in rows]
    assert ruins == sorted(ruins) and ruins[0] < ruins[-1]


# -- the gambler's fallacy -----------------------------------------------------------------------

def test_next_card_after_busts_reshuffled_vs_carried():
    a = risk.next_card_after_busts("6 di coppe", 5)
    # 2-7 bust a 6: 24 cards less the 6 in hand = 23 of the 39 unseen
    assert a.fresh == a.reshuffled == Fraction(23, 39)
    assert a.carried == Fraction(23 - 5, 39 - 5) < a.fresh
    assert "18/34" in a.explain()
    b = risk.next_card_after_busts("Fc 5d", 3, rules=ITALIAN)  # 5½: a 3 or more busts
    assert b.carried == Fraction(b.fresh * 38 - 3, 38 - 3)


def test_next_card_after_busts_depends_only_on_the_cards_seen():
    # the engine with the actual cards seen: any five busting cards give the same answer
    hand = parse_cards("6c")
    for seen in ("2d 3s 4b 5c 7d", "7d 7s 7b 7c 6d"):
        assert odds.bust_probability(hand, seen=parse_cards(seen)) == Fraction(18, 34)


def test_hand_bust_after_a_streak_reshuffled_matches_the_engine():
    s = risk.hand_bust_after_streak(odds.stand_at(7), 5, hands=30_000, seed=8)
    assert abs(s.bust_rate - float(s.exact)) < 4 * s.bust_rate_se
    assert abs(s.after_streak - float(s.exact)) < 4 * s.after_streak_se
    assert s.streaks > 1000
    c = risk.hand_bust_after_streak(odds.stand_at(7), 5, hands=30_000, seed=8, carry_over=True)
    assert c.carry_over and abs(c.bust_rate - float(c.exact)) < 4 * c.bust_rate_se


# -- bad arguments -------------------------------------------------------------------------------

def test_bad_arguments_are_named(optimal):
    with pytest.raises(SetteKitError, match="player"):
        risk.round_result(PLAIN, player="bold")
    with pytest.raises(SetteKitError, match="plan"):
        risk.round_result(PLAIN, plan=10)
    with pytest.raises(SetteKitError, match="stake"):
        risk.round_result(PLAIN, stake=0)
    with pytest.raises(SetteKitError, match="target"):
        risk.ruin_probability(optimal, 100, 100)
    with pytest.raises(SetteKitError, match="bankroll"):
        risk.ruin_probability(optimal, -5, 100)
    with pytest.raises(SetteKitError, match="game"):
        risk.ruin_probability({-1: 1}, 10, 20)
    with pytest.raises(SetteKitError, match="whole-number"):
        risk.ruin_probability(risk.round_result(PLAIN, stake=Fraction(1, 2)), 10, 20)
    with pytest.raises(SetteKitError, match="add up"):
        risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 3)})
    with pytest.raises(SetteKitError, match="seed"):
        risk.simulate_ruin(optimal, 10, 20, seed=-1)
    with pytest.raises(SetteKitError, match="stakes"):
        risk.ruin_by_stake(PLAIN, stakes=(0,))
    with pytest.raises(SetteKitError, match="streak"):
        risk.next_card_after_busts("6c", 30)
    with pytest.raises(SetteKitError, match="hand"):
        risk.next_card_after_busts("", 3)
    with pytest.raises(SetteKitError, match="player"):
        risk.hand_bust_after_streak("optimal")
