"""sette_kit.simulate: reproducibility, the result object, and consistency with the exact
numbers (S4-S6, S10-S16 through the heads-up model of DESIGN.md)."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import random
from collections import Counter

import pytest

from sette_kit import Rules, SetteKitError, accel, odds, simulate
from sette_kit.simulate import BLOCK, COUNT_KEYS, checkpoint_rounds, deal, exact_ev, run
from sette_kit.strategy import sees_player, stand_at

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")

SAME_ROUNDS = pytest.mark.skipif(
    accel.path() == "pure",
    reason="the pure path plays the same rounds as the numpy path, bit for bit (tests/test_pure_path.py), so "
           "these 10^6-round checks are those of the ordinary run; one runs here on the pure path itself")


# -- a chi-square survival function (scipy is not a dependency) ----------------------------

def _gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (series / continued fraction)."""
    if x <= 0:
        return 1.0
    lead = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # P by its series, Q = 1 - P
        term = total = 1.0 / a
        n = a
        while abs(term) > 1e-16 * abs(total):
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * lead)
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return lead * h


def chi2_sf(stat: float, dof: int) -> float:
    return _gamma_q(dof / 2, stat / 2)


def chi2_test(observed, expected_probs):
    observed = [float(o) for o in observed]
    total = sum(observed)
    expected = [total * float(p) for p in expected_probs]
    assert min(expected) >= 5, "bins too small for the chi-square approximation"
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected))
    return stat, chi2_sf(stat, len(observed) - 1)


def rows(table):
    """A deal() table (numpy array or list of lists) as lists of ints."""
    return [[int(c) for c in row] for row in table]


def column_counts(table, col):
    counts = Counter(row[col] for row in table)
    return [counts.get(i, 0) for i in range(40)]


def test_chi2_sf_known_values():
    # textbook critical values: P(chi2_1 > 3.841) = 0.05, P(chi2_10 > 18.307) = 0.05,
    # P(chi2_39 > 54.572) = 0.05, P(chi2_2 > x) = exp(-x/2) exactly
    assert chi2_sf(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf(18.307038, 10) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf(54.572228, 39) == pytest.approx(0.05, abs=1e-6)
    for x in (0.1, 1.0, 5.0, 30.0):
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
    scipy_stats = pytest.importorskip("scipy.stats")
    for dof in (1, 3, 12, 39):
        for x in (0.5, 5.0, 20.0, 80.0):
            assert chi2_sf(x, dof) == pytest.approx(scipy_stats.chi2.sf(x, dof), rel=1e-9, abs=1e-15)


# -- the shuffle ----------------------------------------------------------------------------

def test_D1_first_card_dealt_is_uniform_over_the_40_cards():
    cards = rows(deal(200_000, seed=11, cards=2))
    stat, p = chi2_test(column_counts(cards, 0), [1 / 40] * 40)
    assert p > 1e-4, (stat, p)
    # the bank's hidden card too, and never the player's card (dealing without replacement)
    stat, p = chi2_test(column_counts(cards, 1), [1 / 40] * 40)
    assert p > 1e-4, (stat, p)
    assert all(a != b for a, b in cards)


def test_deal_positions_are_distinct_cards_and_the_chi_square_can_fail():
    cards = rows(deal(50_000, seed=2))
    assert all(len(set(row)) == len(row) == simulate.FIRST_CARDS for row in cards)
    # the test has teeth: a deck with one card doubled is rejected
    skewed = column_counts(cards, 0)
    skewed[0] *= 1.5
    assert chi2_test(skewed, [1 / 40] * 40)[1] < 1e-6


@SAME_ROUNDS
@pytest.mark.parametrize("rules, policy", [(PLAIN, stand_at(5)), (ITALIAN, stand_at(6)),
                                           (ITALIAN.replace(triple=True), stand_at(7.5))])
def test_S2_S4_S6_final_total_of_a_threshold_hand_matches_final_distribution(rules, policy):
    r = run(rules, player=policy, dealer=stand_at(5), rounds=400_000, seed=5)
    exact = odds.final_distribution(policy, rules=rules)
    assert set(r.player_totals) == set(exact)
    keys = list(exact)
    stat, p = chi2_test([r.player_totals[k] for k in keys], [float(exact[k]) for k in keys])
    assert p > 1e-4, (stat, p, dict(r.player_totals), exact)
    assert r.player_totals["bust"] == r.counts["bust"]


# -- reproducibility -------------------------------------------------------------------------

def test_same_seed_same_result_whatever_the_chunk():
    rounds = 3 * BLOCK + 1234
    results = [run(ITALIAN, stand_at(5), sees_player(), rounds=rounds, seed=42, chunk=c)
               for c in (1, BLOCK, 2 * BLOCK + 5, 10 ** 7)]
    assert all(r == results[0] for r in results[1:])
    assert results[0].checkpoints == results[1].checkpoints


def test_a_longer_run_begins_with_the_rounds_of_a_shorter_one():
    short = run(PLAIN, stand_at(4), stand_at(5), rounds=BLOCK + 500, seed=9)
    long = run(PLAIN, stand_at(4), stand_at(5), rounds=5 * BLOCK, seed=9)
    assert short.checkpoints[:-1] == long.checkpoints[:len(short.checkpoints) - 1]


def test_different_seeds_give_different_rounds_and_seed_none_is_recorded():
    a = run(PLAIN, rounds=20_000, seed=1)
    b = run(PLAIN, rounds=20_000, seed=2)
    assert a.total != b.total or a.total_squares != b.total_squares
    c = run(PLAIN, rounds=5_000)
    assert isinstance(c.seed, int) and run(PLAIN, rounds=5_000, seed=c.seed) == c
    g = run(PLAIN, rounds=5_000, rng=random.Random(3))
    assert g == run(PLAIN, rounds=5_000, rng=random.Random(3))


def test_a_numpy_generator_may_draw_the_seed():
    np = pytest.importorskip("numpy")
    g = run(PLAIN, rounds=5_000, rng=np.random.default_rng(3))
    assert g == run(PLAIN, rounds=5_000, rng=np.random.default_rng(3))


# -- the result object -----------------------------------------------------------------------

def test_result_is_immutable_and_self_consistent():
    r = run(ITALIAN, stand_at(5), stand_at(5), rounds=60_000, seed=4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.rounds = 1
    with pytest.raises(TypeError):
        r.counts["win"] = 0
    assert set(r.counts) == set(COUNT_KEYS)
    assert r.counts["win"] + r.counts["lose"] + r.counts["push"] == r.rounds
    assert sum(r.payouts.values()) == r.rounds == sum(r.player_totals.values())
    assert sum(k * v for k, v in r.payouts.items()) == r.total
    assert sum(k * k * v for k, v in r.payouts.items()) == r.total_squares
    assert r.exact_mean == Fraction(r.total, r.rounds) and r.mean == r.total / r.rounds
    assert r.counts["dealer_reale"] == r.payouts.get(-2, 0)  # S15
    assert r.counts["reale"] == r.payouts.get(2, 0)  # S14: only a reale pays double here
    var = (r.total_squares - r.total ** 2 / r.rounds) / (r.rounds - 1)
    assert r.stderr == pytest.approx(math.sqrt(var / r.rounds), rel=1e-12)
    assert r.counts["bust"] <= r.counts["lose"]


def test_ci_is_centred_and_widens_with_the_level():
    r = run(PLAIN, rounds=30_000, seed=8)
    lo, hi = r.ci(0.95)
    assert (lo + hi) / 2 == pytest.approx(r.mean)
    assert (hi - lo) / 2 == pytest.approx(1.959964 * r.stderr, rel=1e-6)
    lo99, hi99 = r.ci(0.99)
    assert lo99 < lo and hi < hi99
    for bad in (0, 1, 1.5, -0.1, "0.95"):
        with pytest.raises(SetteKitError):
            r.ci(bad)


def test_checkpoints_are_log_spaced_running_means():
    assert checkpoint_rounds(1) == (1,)
    assert checkpoint_rounds(10 ** 6)[-3:] == (200_000, 500_000, 1_000_000)
    r = run(PLAIN, rounds=3 * BLOCK + 7, seed=6, chunk=BLOCK)
    assert tuple(c.rounds for c in r.checkpoints) == checkpoint_rounds(r.rounds)
    assert r.checkpoints[-1].mean == r.mean and r.checkpoints[-1].stderr == pytest.approx(r.stderr)
    assert math.isnan(r.checkpoints[0].stderr) and r.checkpoints[0].mean in (-1, 0, 1, 2)
    # the running mean after 1,000 rounds is the mean of a 1,000-round run with the same seed
    first = run(PLAIN, rounds=1000, seed=6)
    assert dict((c.rounds, c.mean) for c in r.checkpoints)[1000] == first.mean


def test_progress_is_called_per_chunk_up_to_the_total():
    calls = []
    run(PLAIN, rounds=2 * BLOCK + 10, seed=1, chunk=BLOCK, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(BLOCK, 2 * BLOCK + 10), (2 * BLOCK, 2 * BLOCK + 10), (2 * BLOCK + 10, 2 * BLOCK + 10)]


def test_bad_arguments_are_errors_that_name_what_is_accepted():
    with pytest.raises(SetteKitError, match="rounds"):
        run(PLAIN, rounds=0)
    with pytest.raises(SetteKitError, match="rounds"):
        run(PLAIN, rounds=2.5)
    with pytest.raises(SetteKitError, match="seed"):
        run(PLAIN, rounds=10, seed=-1)
    with pytest.raises(SetteKitError, match="cannot see"):
        run(PLAIN, player=sees_player(), rounds=10)
    with pytest.raises(SetteKitError, match="accepted"):
        run(PLAIN, player=object(), rounds=10)
    with pytest.raises(SetteKitError, match="bank policy"):
        run(PLAIN, dealer=object(), rounds=10)
    with pytest.raises(SetteKitError, match="Rules object or a preset name"):
        run(None, rounds=10)
    assert run("plain", rounds=10, seed=1).rules is PLAIN  # a preset name, as everywhere
    with pytest.raises(SetteKitError, match="no decision"):
        run(PLAIN, player={1: True}, rounds=100, seed=1)  # a hit table without the hands played
    assert run(PLAIN, rounds=1e4, seed=1).rounds == 10_000  # 1e4 reads as a whole number


# -- consistency with the exact numbers ----------------------------------------------------

N = 10 ** 6


def _within(r, exact, k=4.0):
    z = r.z_score(exact)
    assert abs(z) < k, f"{r!r}: exact {float(exact):.6f}, z = {z:.2f}"


@pytest.mark.parametrize("dealer", [stand_at(5), sees_player()], ids=["stand_at_5", "sees_player"])
def test_S10_S13_plain_threshold_player_within_4_se_of_exact(dealer):
    r = run(PLAIN, stand_at(5), dealer, rounds=N, seed=101)
    _within(r, exact_ev(PLAIN, stand_at(5), dealer))


@SAME_ROUNDS
@pytest.mark.parametrize("dealer", [stand_at(5), sees_player()], ids=["stand_at_5", "sees_player"])
def test_S10_S13_plain_optimal_player_within_4_se_of_solve(dealer):
    sol = odds.solve(PLAIN, dealer=dealer)
    r = run(PLAIN, sol, dealer, rounds=N, seed=102)
    _within(r, sol.ev)


@SAME_ROUNDS
@pytest.mark.slow
def test_S4_S5_S15_S16_italian_threshold_player_within_4_se_of_exact():
    exact = exact_ev(ITALIAN, stand_at(5), stand_at(5), exact=False)
    r = run(ITALIAN, stand_at(5), stand_at(5), rounds=N, seed=103)
    _within(r, exact)
    assert r.counts["reale"] and r.counts["dealer_reale"] and r.counts["matta_sette"]  # S5, S15, S4


@SAME_ROUNDS
@pytest.mark.parametrize("dealer", [stand_at(5), sees_player()], ids=["stand_at_5", "sees_player"])
def test_S4_S5_S15_S16_italian_optimal_player_within_4_se_of_solve(dealer):
    sol = odds.solve(ITALIAN, dealer=dealer)
    assert sol.key_is_sufficient
    r = run(ITALIAN, sol, dealer, rounds=N, seed=104)
    _within(r, sol.ev)


@SAME_ROUNDS
def test_S6_S13_triple_and_ties_push_within_4_se_of_exact():
    rules = PLAIN.replace(triple=True, dealer_wins_ties=False)
    r = run(rules, stand_at(7.5), stand_at(7.5), rounds=N, seed=105)
    _within(r, exact_ev(rules, stand_at(7.5), stand_at(7.5)))
    assert r.counts["triple"] == r.payouts[3] and r.counts["dealer_triple"] and r.counts["push"]


@SAME_ROUNDS
def test_S14_matta_sette_payout_optimal_player_within_4_se_of_solve():
    rules = ITALIAN.replace(matta_sette_payout=3)
    sol = odds.solve(rules, dealer=stand_at(6))
    r = run(rules, sol, stand_at(6), rounds=N, seed=106)
    _within(r, sol.ev)
    assert r.payouts[3] == r.counts["matta_sette"] > 0


@SAME_ROUNDS
def test_the_simulation_is_biased_when_a_rule_is_changed():
    """The 4-SE checks can fail: the same rounds under the wrong bank policy miss the exact value."""
    r = run(PLAIN, stand_at(5), stand_at(6), rounds=N, seed=101)
    assert abs(r.z_score(exact_ev(PLAIN, stand_at(5), stand_at(5)))) > 4


def test_exact_ev_of_the_optimal_hit_table_is_solve_ev_exactly():
    for dealer in (stand_at(5), sees_player(), stand_at(6)):
        sol = odds.solve(PLAIN, dealer=dealer)
        assert exact_ev(PLAIN, sol.hit_table(), dealer) == sol.ev


def test_optimal_player_given_as_solution_table_or_name_plays_the_same_rounds():
    sol = odds.solve(PLAIN, dealer=stand_at(5))
    a = run(PLAIN, sol, stand_at(5), rounds=40_000, seed=3)
    b = run(PLAIN, sol.hit_table(), stand_at(5), rounds=40_000, seed=3)
    c = run(PLAIN, "optimal", stand_at(5), rounds=40_000, seed=3)
    assert a.total == b.total == c.total and a.counts == b.counts == c.counts


def test_optimal_player_beats_every_threshold_in_expectation():
    sol = odds.solve(PLAIN, dealer=stand_at(5))
    best = max(exact_ev(PLAIN, stand_at(Fraction(t, 2)), stand_at(5)) for t in range(2, 17))
    assert sol.ev >= best


def test_a_solution_whose_key_is_not_sufficient_is_refused():
    class Fake:
        key_is_sufficient = False

        def hit_table(self):
            return {1: True}

    with pytest.raises(SetteKitError, match="composition"):
        run(PLAIN, Fake(), rounds=10)


def test_module_is_lazy_attribute_of_package():
    import sette_kit

    assert sette_kit.simulate is simulate
