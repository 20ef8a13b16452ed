"""The small library pieces the betting, bankroll and shoe labs need (BettingLab, BankrollLab, ShoeLab):
each agrees with the function it stands beside, or with an independent count."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sette_kit import FULL_DECK, Rules, SetteKitError, counting, odds, risk
from sette_kit.strategy import card_class

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")


# -- odds.threshold_table: the table of bank_thresholds from solutions already solved ---------------

@pytest.mark.parametrize("rules", ["plain", "spanish"])
@pytest.mark.parametrize("stakes", [(1, 10), (2, 5), (3, 3)])
def test_S9_threshold_table_equals_bank_thresholds(rules, stakes):
    thresholds = (4, 4.5, 5, 5.5, 6, 6.5)
    sols = [odds.solve(rules, dealer=odds.stand_at(t)) for t in thresholds]
    mine = odds.threshold_table(sols, min_stake=stakes[0], max_stake=stakes[1])
    theirs = odds.bank_thresholds(rules, thresholds, min_stake=stakes[0], max_stake=stakes[1])
    assert [(r.threshold, r.flat_ev, r.plan.ev_per_round, dict(r.plan.stakes)) for r in mine.rows] == \
        [(r.threshold, r.flat_ev, r.plan.ev_per_round, dict(r.plan.stakes)) for r in theirs.rows]
    assert (mine.min_stake, mine.max_stake, mine.adaptive) == (theirs.min_stake, theirs.max_stake, True)
    assert mine.best_flat.threshold == theirs.best_flat.threshold
    assert mine.best_staking.threshold == theirs.best_staking.threshold


def test_threshold_table_refuses_what_it_cannot_tabulate():
    with pytest.raises(SetteKitError, match="at least one"):
        odds.threshold_table([])
    with pytest.raises(SetteKitError, match="odds.solve"):
        odds.threshold_table(["5"])
    with pytest.raises(SetteKitError, match="stands at a fixed threshold"):
        odds.threshold_table([odds.solve(dealer=odds.sees_player())])
    with pytest.raises(SetteKitError, match="same rules"):
        odds.threshold_table([odds.solve("plain"), odds.solve("spanish", dealer=odds.stand_at(6))])
    with pytest.raises(SetteKitError, match="more than max_stake"):
        odds.threshold_table([odds.solve("plain")], min_stake=5, max_stake=2)


# -- risk: the ruin simulation a chunk at a time, the ends of paths, a round at another stake --------

@pytest.mark.parametrize("stake, step_rounds", [(10, 1), (10, 500), (5, 10_000), (1, 3000)])
def test_stepped_ruin_simulation_is_simulate_ruin(stake, step_rounds):
    game = risk.round_result("plain", stake=stake)
    run = risk.simulate_ruin_stepped(game, 40, 80, paths=150, seed=7, step_rounds=step_rounds)
    done = list(run)
    assert done == sorted(done) and done[-1] == 150 and len(set(done)) == len(done)
    assert run.result() == risk.simulate_ruin(game, 40, 80, paths=150, seed=7)
    if step_rounds == 1:
        assert done == list(range(1, 151))  # one whole path per step at least


def test_stepped_ruin_simulation_reports_progress_and_refuses_an_early_result():
    game = risk.round_result("plain", stake=10)
    run = risk.simulate_ruin_stepped(game, 100, 200, paths=50, seed=1, step_rounds=100)
    it = iter(run)
    first = next(it)
    assert 0 < first < 50 and run.done == first and run.rounds_played >= 100
    with pytest.raises(SetteKitError, match="not finished"):
        run.result()
    with pytest.raises(SetteKitError, match="paths"):
        risk.simulate_ruin_stepped(game, paths=1)
    with pytest.raises(SetteKitError, match="step_rounds"):
        risk.simulate_ruin_stepped(game, step_rounds=0)


def test_path_ends_classify_every_path():
    game = risk.round_result("plain", stake=10)
    paths = risk.bankroll_paths(game, 100, 200, paths=200, rounds=60, seed=3)
    ends = risk.path_ends(game, paths, 200)
    assert set(ends) <= {"ruined", "target", "playing"} and len(ends) == 200
    for p, e in zip(paths, ends):
        if e == "target":
            assert p[-1] >= 200
        elif e == "ruined":
            assert p[-1] < 10 and p[-1] == 0  # stake 10 capped to the bankroll: ruin is at 0
        else:
            assert len(p) == 61 and 0 < p[-1] < 200
    assert {"ruined", "target", "playing"} == set(ends)  # this seed shows all three


def test_S15_path_ends_ruin_above_zero_when_the_worst_loss_is_double():
    game = risk.round_result("italian", stake=1)  # the bank's reale collects double (S15)
    assert game.worst_loss == 2
    assert risk.path_ends(game, [(3, 1)], 10) == ("ruined",)   # 1 cannot cover a double loss
    assert risk.path_ends(game, [(3, 2)], 10) == ("playing",)
    with pytest.raises(SetteKitError, match="bankroll path"):
        risk.path_ends(game, [()], 10)


def test_at_stake_is_the_same_round_at_another_flat_stake():
    base = risk.round_result("plain", stake=1)
    five = risk.at_stake(base, 5)
    direct = risk.round_result("plain", stake=5)
    assert five.distribution == direct.distribution and five.mean == 5 * base.mean
    assert five.variance == 25 * base.variance and "stake 5" in five.label
    rows = risk.ruin_by_stake("plain", stakes=(2, 5))
    for row in rows:
        r = risk.ruin_probability(risk.at_stake(base, row.stake), 100, 200)
        assert r.probability == row.ruin
    with pytest.raises(SetteKitError, match="flat stake"):
        risk.at_stake(risk.round_result("plain", plan=(1, 10)), 3)
    with pytest.raises(SetteKitError, match="positive"):
        risk.at_stake(base, 0)


# -- counting: a hand now and from a fresh deck; the deck left by value --------------------------------

def test_S18_compare_hand_now_and_fresh():
    shoe = counting.Shoe("plain", seed=1)
    fresh = counting.compare_hand(shoe, "5d")
    assert fresh.bust_now == fresh.bust_fresh == odds.bust_probability("5d", rules=PLAIN)
    assert fresh.decision_now == fresh.decision_fresh == "stand" and not fresh.changed
    shoe.play(4)
    now = counting.compare_hand(shoe, "5d")
    assert now.bust_now == shoe.bust_probability("5d") == Fraction(5, 12)
    assert now.bust_fresh == Fraction(19, 39)
    assert (now.decision_now, now.decision_fresh, now.changed) == ("hit", "stand", True)
    assert now.left == shoe.left and "unseen" in now.counting
    with pytest.raises(SetteKitError, match="has been seen"):
        counting.compare_hand(shoe, shoe.seen[0])


def test_compare_hand_when_the_deck_is_nearly_out():
    shoe = counting.Shoe("plain", seed=2)
    while shoe.left >= 2:
        shoe.deal_round()
    hand = next(c for c in FULL_DECK if c not in shoe.seen)
    got = counting.compare_hand(shoe, (hand,))
    assert got.bust_now is None and got.decision_now is None and not got.changed
    assert got.decision_fresh in ("hit", "stand")


@pytest.mark.parametrize("rules", ["plain", "italian"])
def test_S18_shoe_counts_by_value(rules):
    shoe = counting.Shoe(rules, seed=5)
    shoe.play(3)
    rows = counting.shoe_counts(shoe)
    r = Rules.preset(rules)
    by_class = {}
    for c in FULL_DECK:
        by_class.setdefault(card_class(c, r), []).append(c)
    table = {row.card: row.left for row in shoe.table()}
    assert [row.card for row in rows] == list(table)
    for row in rows:
        assert row.total == row.seen + row.left and row.left == table[row.card]
    assert sum(row.total for row in rows) == 40 and sum(row.seen for row in rows) == len(shoe.seen)
    assert sum(row.left for row in rows) == shoe.left
    if rules == "italian":
        assert (rows[-1].card, rows[-1].total) == ("matta", 1)
        assert next(x for x in rows if x.card == "figure").total == 11


# -- bad input at the new boundaries (the convention of tests/test_bad_input.py) ----------------------

COIN = risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})
SHOE = counting.Shoe("plain", seed=1)


@pytest.mark.parametrize("call, phrase", [
    (lambda: odds.threshold_table(None), "odds.solve"),
    (lambda: odds.threshold_table([odds.solve("plain")], min_stake=float("nan")), "positive number"),
    (lambda: risk.simulate_ruin_stepped(None), "RoundResult"),
    (lambda: risk.simulate_ruin_stepped(COIN, paths=10 ** 12), "paths"),
    (lambda: risk.simulate_ruin_stepped(COIN, step_rounds=10 ** 100), "step_rounds"),
    (lambda: risk.simulate_ruin_stepped(COIN, max_rounds="x"), "max_rounds"),
    (lambda: risk.simulate_ruin_stepped(COIN, seed="x"), "seed"),
    (lambda: risk.simulate_ruin_stepped(COIN, 10 ** 12, 10 ** 12 + 5), "from 1 to 5,000"),
    (lambda: risk.path_ends(None, [(1, 0)], 10), "RoundResult"),
    (lambda: risk.path_ends(COIN, 5, 10), "bankroll_paths"),
    (lambda: risk.path_ends(COIN, ["ab"], 10), "not a bankroll path"),
    (lambda: risk.path_ends(COIN, [(1, "x")], 10), "not a whole number"),
    (lambda: risk.path_ends(COIN, [(1, 0)], 10 ** 100), "target"),
    (lambda: risk.at_stake(None, 2), "RoundResult"),
    (lambda: risk.at_stake(COIN, 10 ** 5000), "from 1 to 5,000"),
    (lambda: risk.at_stake(COIN, float("inf")), "positive number"),
    (lambda: counting.compare_hand(None, "5d"), "counting.Shoe"),
    (lambda: counting.compare_hand(SHOE, ""), "at least one card"),
    (lambda: counting.compare_hand(SHOE, "x" * 10_000), "card"),
    (lambda: counting.shoe_counts("shoe"), "counting.Shoe"),
])
def test_new_boundaries_refuse_bad_input_at_once_with_a_clear_error(call, phrase):
    with pytest.raises(SetteKitError) as info:
        call()
    assert phrase in str(info.value) and len(str(info.value)) < 600
