"""RULES §2: the rules object, its options and the presets."""

from __future__ import annotations

import dataclasses

import pytest

from sette_kit import Card, Rules, SetteKitError
from sette_kit.rules import PRESETS, SUIT_PRIORITY, Suit

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


def test_presets_exist_and_are_named():
    for name in ("italian", "spanish", "plain"):
        assert Rules.preset(name).name == name
    with pytest.raises(SetteKitError, match="accepted presets are 'italian', 'spanish', 'plain'"):
        Rules.preset("french")


def test_S3_italian_matta_is_the_king_of_coins():
    assert Rules.preset("italian").matta == Card("re", "denari")


def test_S3_matta_options_other_card_or_none():
    queen = Rules.preset("italian").replace(matta=Card("cavallo", "coppe"))  # Queen of hearts (000)
    assert queen.is_matta(Card(9, "coppe")) and not queen.is_matta(Card(10, "denari"))
    assert Rules.preset("plain").matta is None and not Rules.preset("plain").is_matta(Card(10, 1))
    with pytest.raises(SetteKitError, match="must be a figure"):
        Rules.preset("italian").replace(matta=Card(7, "denari"))


def test_S4_matta_value_sets():
    from fractions import Fraction as F
    r = Rules.preset("italian")
    assert r.matta_values == (F(1, 2),) + tuple(F(v) for v in range(1, 8))
    assert r.replace(matta_whole_only=True).matta_values == tuple(F(v) for v in range(1, 8))
    assert Rules.preset("plain").matta_values == ()


def test_presets_pick_the_values_of_RULES_md():
    it, sp, pl = (Rules.preset(n) for n in ("italian", "spanish", "plain"))
    # italian: seed 000 as written
    assert (it.reale, it.reale_same_suit, it.reale_payout, it.dealer_reale_collects_double,
            it.bank_passing, it.stake_timing) == (True, True, 2, True, "reale", "after_first_card")
    # spanish: no matta, even money, 7 1/2 takes the bank, S22 and S23 on
    assert (sp.matta, sp.reale_payout, sp.bank_passing, sp.face_down_requests, sp.split_figures,
            sp.face, sp.stake_timing) == (None, 1, "sette_e_mezzo", True, True, "spanish", "before_deal")
    # plain: no matta, no bonuses, even money, dealer wins ties
    assert (pl.matta, pl.reale, pl.reale_payout, pl.triple, pl.dealer_wins_ties) == (None, False, 1, False, True)
    for r in (it, pl):
        assert not any((r.burn_three_four, r.exchange_four, r.half_point_ace))


def test_rules_are_frozen_and_replace_validates():
    r = Rules.preset("italian")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.matta = None
    r2 = r.replace(triple=True)
    assert r2.triple and not r.triple and r2.name == "custom"
    with pytest.raises(SetteKitError, match="unknown rule option"):
        r.replace(tripple=True)


@pytest.mark.parametrize("changes, message", [
    (dict(matta=None, matta_whole_only=True), "needs a matta"),
    (dict(matta=None, matta_sette_payout=3), "needs a matta"),
    (dict(reale=False), "needs reale=True"),  # the italian preset pays the reale double
    (dict(reale_payout=0), "from 1 to 10"),
    (dict(stake_timing="whenever"), "accepted 'after_first_card', 'before_deal'"),
    (dict(bank_passing="random"), "accepted 'reale', 'sette_e_mezzo', 'never'"),
    (dict(face="german"), "accepted"),
    (dict(split_figures="yes"), "must be True or False"),
])
def test_contradictory_settings_are_rejected_with_a_clear_error(changes, message):
    with pytest.raises(SetteKitError, match=message):
        Rules.preset("italian").replace(**changes)


def test_describe_is_plain_english_with_rule_ids():
    text = Rules.preset("italian").describe()
    assert "Re di denari" in text and "(S3, S4)" in text and "paid double" in text
    assert "No wild card" in Rules.preset("plain").describe()
    spanish = Rules.preset("spanish").describe()
    assert "(S22)" in spanish and "(S23)" in spanish


def test_differences_name_what_changed():
    a = Rules.preset("plain")
    b = a.replace(dealer_wins_ties=False)
    diffs = a.differences(b)
    assert [topic for topic, *_ in diffs] == ["ties"]
    assert "push" in diffs[0][2]


def test_S17_suit_priority_as_written():
    # 1. hearts / swords, 2. diamonds / cups, 3. clubs / coins, 4. spades / batons
    assert SUIT_PRIORITY["italian"] == (Suit.SPADE, Suit.COPPE, Suit.DENARI, Suit.BASTONI)
    assert SUIT_PRIORITY["french"] == (Suit.COPPE, Suit.DENARI, Suit.BASTONI, Suit.SPADE)
    assert set(PRESETS) == {"italian", "spanish", "plain"}
