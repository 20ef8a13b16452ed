"""RULES S1-S6 (values, bust, matta, reale, triple) and S10-S16 (settlement)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, strategies as st

from sette_kit import FULL_DECK, Card, Rules, SetteKitError, explain, outcome, parse_cards, score, settle
from sette_kit.scoring import SETTE_E_MEZZO, card_value

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ITALIAN = Rules.preset("italian")
SPANISH = Rules.preset("spanish")
PLAIN = Rules.preset("plain")
ALL_RULES = (ITALIAN, SPANISH, PLAIN, ITALIAN.replace(triple=True, matta_sette_payout=3),
             ITALIAN.replace(matta_whole_only=True), ITALIAN.replace(reale_same_suit=False),
             ITALIAN.replace(true_reale_beats_matta_reale=False, dealer_reale_collects_double=False),
             PLAIN.replace(dealer_wins_ties=False))


def hand(text):
    return parse_cards(text)


# -- S1, S2 -------------------------------------------------------------------------------

def test_S1_ace_to_seven_count_their_number_figures_half():
    for c in FULL_DECK:
        assert card_value(c) == (F(1, 2) if c.is_figure else F(int(c.rank)))
    assert score("Ac 2d 3b", PLAIN).total == 6
    assert score("Fc Cc Rc", PLAIN).total == F(3, 2)


def test_S2_over_seven_and_a_half_is_bust():
    s = score("5c 2d Fc", PLAIN)
    assert (s.total, s.bust, s.kind) == (F(15, 2), False, "sette_e_mezzo")
    s = score("5c 3d", PLAIN)
    assert (s.total, s.bust, s.kind) == (8, True, "bust")
    assert score("4c 3d", PLAIN).kind == "points"


# -- S3, S4: the matta ------------------------------------------------------------------------

def test_S3_the_matta_is_wild_only_under_rules_with_a_matta():
    assert score("Rd 3c", PLAIN).total == F(7, 2)  # plain: the King of coins is just a figure
    assert score("Rd 3c", ITALIAN).total == 7       # italian: it is the matta and takes 4
    queen = ITALIAN.replace(matta=Card("cavallo", "coppe"))
    assert score("Cc 3c", queen).total == 7 and score("Rd 3c", queen).total == F(7, 2)


def test_S4_alone_the_matta_counts_half():
    s = score("Rd", ITALIAN)
    assert (s.total, s.matta_value, s.wild) == (F(1, 2), F(1, 2), False)


def test_S4_the_matta_takes_the_best_value_not_over_seven_and_a_half():
    s = score("Re di denari, Fante di coppe, 3 di spade", ITALIAN)
    assert (s.total, s.kind, s.matta_value, s.wild) == (F(15, 2), "sette_e_mezzo", 4, True)
    assert score("Rd 7c", ITALIAN).matta_value == F(1, 2)
    assert score("Rd 6c", ITALIAN).matta_value == 1   # 7: 1/2 would give 6 1/2
    assert score("Rd 6c Fs", ITALIAN).total == F(15, 2)  # 6 + 1/2 + 1
    s = score("Rd 7c Ac", ITALIAN)                     # even 1/2 busts
    assert (s.bust, s.matta_value) == (True, F(1, 2))


def test_S4_whole_number_variant():
    whole = ITALIAN.replace(matta_whole_only=True)
    assert score("Rd Fs", whole).total == F(15, 2)  # 7 + 1/2
    assert score("Rd 7c", whole).kind == "bust"     # cannot take 1/2: 7 + 1 = 8
    assert score("Rd 6c", whole).total == 7
    assert score("Rd", whole).total == F(1, 2)      # alone still a figure


def test_S4_declared_value_mode():
    assert score("Rd 3c", ITALIAN, declare=7).kind == "bust"   # seed 000: undeclared = 7
    assert score("Rd 3c", ITALIAN, declare="1/2").total == F(7, 2)
    assert score("Rd 3c", ITALIAN, declare="½").total == F(7, 2)
    assert score("Rd 3c", ITALIAN, declare=2).total == 5
    with pytest.raises(SetteKitError, match="accepted values are ½, 1, 2, 3, 4, 5, 6, 7"):
        score("Rd 3c", ITALIAN, declare=8)
    with pytest.raises(SetteKitError, match="accepted values are 1, 2"):
        score("Rd 3c", ITALIAN.replace(matta_whole_only=True), declare="1/2")
    with pytest.raises(SetteKitError, match="cannot read"):
        score("Rd 3c", ITALIAN, declare="lots")
    with pytest.raises(SetteKitError, match="no matta"):
        score("3c", ITALIAN, declare=4)
    with pytest.raises(SetteKitError, match="alone"):
        score("Rd", ITALIAN, declare=7)


# -- S5: the reale -----------------------------------------------------------------------------

def test_S5_reale_is_a_seven_and_a_figure_of_one_suit():
    s = score("7d Fd", ITALIAN)
    assert (s.kind, s.true_reale) == ("reale", True)
    assert score("7d Fc", ITALIAN).kind == "sette_e_mezzo"  # different suits (000: same suit)
    assert score("7d Fc", ITALIAN.replace(reale_same_suit=False)).kind == "reale"
    assert score("5d 2c Fc", ITALIAN).kind == "sette_e_mezzo"
    assert score("7d Fd", PLAIN).kind == "sette_e_mezzo"   # plain has no reale


def test_S5_reale_made_with_the_matta_and_a_figure():
    s = score("Rd Fd", ITALIAN)
    assert (s.kind, s.true_reale, s.matta_value) == ("reale", False, 7)
    assert score("Rd Fc", ITALIAN).kind == "sette_e_mezzo"   # the figure is of another suit
    # the matta counting 1/2 beside a 7 of its suit is literally a 7 and a figure: a true reale
    assert score("Rd 7d", ITALIAN).true_reale


def test_S5_three_card_seven_and_a_half_is_not_a_reale():
    s = score("Re di denari, Fante di coppe, 3 di spade", ITALIAN)
    assert s.kind == "sette_e_mezzo"
    text = explain(hand("Re di denari, Fante di coppe, 3 di spade"), ITALIAN)
    assert "the best value is 4" in text and "not a reale" in text


# -- S6: the triple ------------------------------------------------------------------------------

def test_S6_two_sevens_are_a_triple_only_when_the_option_is_on():
    on = ITALIAN.replace(triple=True)
    s = score("7c 7d", on)
    assert (s.kind, s.bust) == ("triple", False)
    assert score("7c 7d", ITALIAN).kind == "bust"
    assert score("7c 7d Fs", on).kind == "bust"


# -- S10-S16: settlement --------------------------------------------------------------------------

def test_S10_a_bust_player_loses_at_once_even_if_the_bank_busts():
    assert settle("6c 5d", "6d 4s 3c", 1, PLAIN) == -1


def test_S12_the_bank_busts_and_pays_every_player_still_in():
    assert settle("Ac", "6d 4s", 5, PLAIN) == 5
    assert settle("7d Fd", "6c 4s", 5, ITALIAN) == 10  # a reale is still paid double (S14)


def test_S13_the_bank_wins_ties_and_collects_from_lower():
    assert settle("5c 2d", "4c 3d", 1, PLAIN) == -1
    assert settle("5c", "6d", 1, PLAIN) == -1
    assert settle("6c", "5d", 1, PLAIN) == 1
    assert settle("5c 2d Fs", "4c 3d Fc", 1, PLAIN) == -1   # 7 1/2 against 7 1/2


def test_S13_ties_push_in_the_teaching_variant():
    assert settle("5c 2d", "4c 3d", 1, PLAIN.replace(dealer_wins_ties=False)) == 0


def test_S14_reale_paid_double_triple_paid_triple_matta_option():
    assert settle("7d Fd", "6c", 3, ITALIAN) == 6
    assert settle("7d Fd", "6c", 3, SPANISH) == 3    # spanish: even money, no reale at all
    assert settle("7c 7d", "6c", 3, ITALIAN.replace(triple=True)) == 9
    assert settle("Rd 3c Fs", "6c", 1, ITALIAN) == 1
    assert settle("Rd 3c Fs", "6c", 1, ITALIAN.replace(matta_sette_payout=3)) == 3


def test_S14_a_player_reale_beats_the_banks_many_card_seven_and_a_half():
    assert settle("7d Fd", "3c 4s Fc", 1, ITALIAN) == 2
    assert settle("7d Fc", "3c 4s Fs", 1, ITALIAN) == -1   # not a reale: a tie, to the bank


def test_S15_the_banks_reale_collects_double_in_the_italian_preset():
    assert settle("6c", "7d Fd", 1, ITALIAN) == -2
    assert settle("3c 4s Fc", "7d Fd", 1, ITALIAN) == -2
    assert settle("6c", "7d Fd", 1, ITALIAN.replace(dealer_reale_collects_double=False)) == -1
    # from a player who also made a reale it collects a single stake (tie to the bank)
    assert settle("7c Fc", "7d Fd", 1, ITALIAN) == -1
    # a bust player has already lost a single stake (S10)
    assert settle("6c 5s", "7d Fd", 1, ITALIAN) == -1


def test_S16_reale_against_reale_both_readings():
    # italian default, 000 read literally: the bank's reale of either kind collects
    # a single stake from a player's reale of either kind
    assert settle("Rd Fd", "7c Fc", 1, ITALIAN) == -1                 # matta reale v true reale
    assert settle("Rd Fd", "3c 4s Fc", 1, ITALIAN) == 2               # v an ordinary 7 1/2 (S13)
    assert settle("7c Fc", "Rd Fd", 1, ITALIAN) == -1                 # true reale v matta reale
    # the option: a true reale beats a matta reale
    ranked = ITALIAN.replace(true_reale_beats_matta_reale=True)
    assert settle("Rd Fd", "7c Fc", 1, ranked) == -1
    assert settle("7c Fc", "Rd Fd", 1, ranked) == 2
    assert settle("7c Fc", "7d Fd", 1, ranked) == -1                  # two true reali: tie to the bank


def test_S6_the_banks_triple_collects_single_stakes_from_everyone():
    on = ITALIAN.replace(triple=True)
    assert settle("7c Fc", "7d 7s", 1, on) == -1
    assert settle("7c 7b", "7d 7s", 1, on) == -1   # triple v triple: tie to the bank


def test_settle_rejects_bad_stakes_and_shared_cards():
    with pytest.raises(SetteKitError, match="positive"):
        settle("5c", "6d", 0, PLAIN)
    with pytest.raises(SetteKitError, match="both hands"):
        settle("5c", "5c 2d", 1, PLAIN)


def test_outcome_reason_names_the_rule():
    o = outcome(score("5c 2d", PLAIN), score("4c 3d", PLAIN), PLAIN)
    assert o.multiplier == -1 and "(S13)" in o.reason


# -- properties ------------------------------------------------------------------------------------

hands = st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=6, unique=True)


@given(hands, st.sampled_from(ALL_RULES))
def test_property_matta_takes_the_best_allowed_value_by_brute_force(cards, rules):
    s = score(cards, rules)
    if s.matta_value is None or len(cards) == 1 or s.kind == "triple":
        return
    totals = {v: score(cards, rules, declare=v).total for v in rules.matta_values}
    fitting = [t for t in totals.values() if t <= SETTE_E_MEZZO]
    assert s.total == (max(fitting) if fitting else min(totals.values()))


@given(hands, st.sampled_from(ALL_RULES))
def test_property_kind_and_bust_agree_with_total(cards, rules):
    s = score(cards, rules)
    if s.kind == "triple":  # S6: two sevens beat every hand although they make 14
        assert s.total == 14 and not s.bust and len(cards) == 2
        return
    assert s.bust == (s.total > SETTE_E_MEZZO) == (s.kind == "bust")
    assert (s.kind in ("sette_e_mezzo", "reale")) == (s.total == SETTE_E_MEZZO)
    if s.kind == "reale":
        assert len(cards) == 2 and rules.reale


@given(st.lists(st.sampled_from(FULL_DECK), min_size=2, max_size=9, unique=True),
       st.integers(1, 8), st.integers(1, 20), st.sampled_from(ALL_RULES))
def test_property_settlement_is_zero_sum(cards, split, stake, rules):
    split = min(split, len(cards) - 1)
    player, dealer = cards[:split], cards[split:]
    result = settle(player, dealer, stake, rules)
    # the player's gain is exactly the bank's loss: the bank's result is -result, and a
    # result is always a whole number of stakes within the largest payout
    largest = max(rules.reale_payout, rules.triple_payout, rules.matta_sette_payout, 2)
    assert result % stake == 0 and -2 * stake <= result <= largest * stake
    assert settle(player, dealer, 2 * stake, rules) == 2 * result


@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=5, unique=True), st.sampled_from(ALL_RULES))
def test_property_explain_ends_with_the_score(cards, rules):
    text = explain(cards, rules)
    s = score(cards, rules)
    assert text.strip() and ("bust (sballato)" in text.splitlines()[-1]) == s.bust
