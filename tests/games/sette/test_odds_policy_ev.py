"""odds.policy_ev: the exact value of a fixed player policy in the heads-up model."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sette_kit import Rules, SetteKitError, accel, odds, simulate
from sette_kit.strategy import sees_player, stand_at

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


@pytest.mark.parametrize("preset", ["plain", "spanish"])
@pytest.mark.parametrize("dealer", [stand_at(5), stand_at(6), sees_player()], ids=repr)
@pytest.mark.parametrize("x", [3, 4.5, 5, 6.5])
def test_policy_ev_equals_the_brute_force_enumeration(preset, dealer, x):
    rules = Rules.preset(preset)
    v = odds.policy_ev(rules, stand_at(x), dealer)
    assert isinstance(v, Fraction)
    assert v == simulate.exact_ev(rules, stand_at(x), dealer)


@pytest.mark.skipif(accel.numpy() is None, reason="the enumeration's float path is numpy's (a minute in pure "
                    "Python); without numpy the exact comparisons above cover policy_ev")
def test_policy_ev_italian_agrees_with_the_enumeration_in_floats():
    rules = Rules.preset("italian")
    v = odds.policy_ev(rules, stand_at(5), stand_at(5))
    assert abs(float(v) - simulate.exact_ev(rules, stand_at(5), stand_at(5), exact=False)) < 1e-12
    assert abs(odds.policy_ev(rules, stand_at(5), stand_at(5), exact=False) - float(v)) < 1e-12


def test_the_optimal_player_does_at_least_as_well_as_every_threshold():
    rules = Rules.preset("plain")
    best = odds.solve(rules, dealer=stand_at(5)).ev
    values = [odds.policy_ev(rules, stand_at(t / 2), stand_at(5)) for t in range(1, 17)]
    assert all(v <= best for v in values) and max(values) < best


def test_policy_ev_rejects_what_it_cannot_evaluate():
    with pytest.raises(SetteKitError, match="stand_at"):
        odds.policy_ev("plain", player=sees_player())
    with pytest.raises(SetteKitError, match="dealer"):
        odds.policy_ev("plain", dealer="bold")
