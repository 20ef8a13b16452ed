"""Tests of sette_kit.odds: reference values, exact sums, brute force by orderings,
exact vs float, every preset solvable (RULES S1-S16, DESIGN.md "Public API")."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from sette_kit import FULL_DECK, Rules, SetteKitError, odds, outcome, parse_cards, score
from sette_kit.odds._engine import class_counts, model
from sette_kit.odds._solve import Solution
from sette_kit.strategy import composition_key

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")
SPANISH = Rules.preset("spanish")
PRESETS = {"plain": PLAIN, "italian": ITALIAN, "spanish": SPANISH}
DEALERS = {"stand_at(5)": odds.stand_at(5), "sees_player": odds.sees_player()}


@pytest.fixture(scope="session")
def solutions():
    """One exact and one float solve per preset and dealer, shared by the session."""
    cache = {}

    def get(preset, dealer, exact=True):
        key = (preset, dealer, exact)
        if key not in cache:
            cache[key] = odds.solve(PRESETS[preset], dealer=DEALERS[dealer], exact=exact)
        return cache[key]

    return get


# -- the reference values (plain preset) -----------------------------------------------------

def test_reference_ev_bank_stands_at_5_and_a_half():
    sol = odds.solve(PLAIN, dealer=odds.stand_at(5.5))
    assert sol.ev == Fraction(-23253805500217, 251659815006600)
    assert sol.house_edge == -sol.ev
    assert sol.rules is PLAIN and sol.dealer == odds.stand_at(5.5)


def test_reference_bust_drawing_under_5():
    d = odds.final_distribution(odds.stand_at(5))
    assert d["bust"] == Fraction(405912956, 1517119695)
    assert sum(d.values()) == 1


def test_default_rules_are_plain():
    assert odds.solve(dealer=odds.stand_at(5.5)).ev == Fraction(-23253805500217, 251659815006600)
    assert odds.bust_probability("6c") == odds.bust_probability("6c", rules=PLAIN)


def test_reexports_policies():
    from sette_kit import strategy
    assert odds.stand_at is strategy.stand_at and odds.sees_player is strategy.sees_player


# -- next card ----------------------------------------------------------------------------------

def test_S1_next_card_counts_unseen_cards():
    d = odds.next_card("6 di coppe", seen="7 di spade, Re di bastoni")
    assert d == {Fraction(1): Fraction(4, 37), Fraction(2): Fraction(4, 37), Fraction(3): Fraction(4, 37),
                 Fraction(4): Fraction(4, 37), Fraction(5): Fraction(4, 37), Fraction(6): Fraction(3, 37),
                 Fraction(7): Fraction(3, 37), Fraction(1, 2): Fraction(11, 37)}
    assert sum(d.values()) == 1


def test_S3_matta_is_its_own_outcome():
    d = odds.next_card("3c", rules=ITALIAN)
    assert d["matta"] == Fraction(1, 39) and d[Fraction(1, 2)] == Fraction(11, 39)
    assert "matta" not in odds.next_card("3c", seen="Re di denari", rules=ITALIAN)
    assert sum(d.values()) == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=0, max_size=12, unique=True), st.integers(0, 4),
       st.sampled_from(sorted(PRESETS)))
def test_one_card_functions_sum_and_agree_with_score(cards, split, preset):
    rules = PRESETS[preset]
    mine, seen = tuple(cards[:split]), tuple(cards[split:])
    d = odds.next_card(mine, seen, rules=rules)
    assert sum(d.values()) == 1
    unseen = [c for c in FULL_DECK if c not in mine and c not in seen]
    if mine:  # by brute force over the unseen cards, scored by sette_kit.scoring
        scores = [score(mine + (c,), rules) for c in unseen]
        assert odds.bust_probability(mine, seen, rules=rules) == Fraction(sum(s.bust for s in scores), len(unseen))
        assert odds.sette_e_mezzo_probability(mine, seen, rules=rules) == Fraction(
            sum(s.total == Fraction(15, 2) and s.kind != "triple" for s in scores), len(unseen))
        assert odds.reale_probability(mine, seen, rules=rules) == Fraction(
            sum(s.kind == "reale" for s in scores), len(unseen))
        assert abs(odds.bust_probability(mine, seen, rules=rules, exact=False)
                   - float(odds.bust_probability(mine, seen, rules=rules))) < 1e-12
    fl = odds.next_card(mine, seen, rules=rules, exact=False)
    assert all(abs(fl[k] - float(v)) < 1e-12 for k, v in d.items())


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=9, unique=True),
       st.sampled_from(sorted(PRESETS) + ["whole", "triple"]))
def test_S4_composition_scorer_matches_scoring(cards, preset):
    rules = {"whole": ITALIAN.replace(matta_whole_only=True),
             "triple": ITALIAN.replace(triple=True)}.get(preset) or PRESETS[preset]
    s = score(cards, rules)
    hp, kind, wild = model(rules).score(class_counts(cards, rules))
    assert hp == (28 if s.kind == "triple" else s.half_points)
    assert kind == ("sette_e_mezzo" if s.kind == "reale" else s.kind)
    assert wild == s.wild


def test_errors_name_what_is_accepted():
    with pytest.raises(SetteKitError, match="cannot be both"):
        odds.next_card("7c", seen="7c")
    with pytest.raises(ValueError, match="no card left"):
        odds.bust_probability("7c", seen=[c for c in FULL_DECK if c != parse_cards("7c")[0]])
    with pytest.raises(ValueError, match="player_total"):
        odds.final_distribution(odds.sees_player())
    with pytest.raises(ValueError, match="stand_at"):
        odds.solve(dealer="five")


# -- final distribution ----------------------------------------------------------------------

def _brute_final(policy, mine, unseen, rules, player_hp=None):
    """Every ordering of the unseen cards, the policy played on each (S10: stop at 7 1/2)."""
    acc = {}
    perms = 0
    for order in itertools.permutations(unseen):
        perms += 1
        hand = list(mine)
        for c in order:
            if hand:
                s = score(hand, rules)
                if s.bust or s.kind == "triple" or s.half_points >= 15 or not policy.wants_card(s.half_points, player_hp):
                    break
            hand.append(c)
        s = score(hand, rules)
        key = "bust" if s.bust else "triple" if s.kind == "triple" else s.total
        acc[key] = acc.get(key, 0) + 1
    return {k: Fraction(v, perms) for k, v in acc.items()}


@pytest.mark.parametrize("preset,mine,rest,policy", [
    ("plain", "Fc", "Ac 2c 3c 4c 5c 6c 7c", odds.stand_at(5)),
    ("plain", "", "Ac Fc 3d 4s Fs Cs 7b", odds.stand_at(4)),
    ("italian", "2c", "Rd Fd 3c 4c 5s 6s Cb", odds.stand_at(6)),
    ("italian", "Fc", "Rd 7d 7c Cc Ab 2b", odds.stand_at(7.5)),
    ("spanish", "Ac", "Ad As Fd Fs Cc 2b 6b", odds.sees_player()),
])
def test_final_distribution_brute_force_orderings(preset, mine, rest, policy):
    rules = PRESETS[preset]
    mine, rest = (parse_cards(mine) if mine else ()), parse_cards(rest)
    seen = [c for c in FULL_DECK if c not in rest and c not in mine]
    kw = {"player_total": 5} if isinstance(policy, odds.BankSeesPlayer) else {}
    got = odds.final_distribution(policy, mine, seen, rules=rules, **kw)
    assert got == _brute_final(policy, mine, rest, rules, 10 if kw else None)
    assert sum(got.values()) == 1
    fl = odds.final_distribution(policy, mine, seen, rules=rules, exact=False, **kw)
    assert all(abs(fl[k] - float(v)) < 1e-12 for k, v in got.items())


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("x", [1, 4, 5, 5.5, 7.5])
def test_final_distribution_sums_to_one(preset, x):
    d = odds.final_distribution(odds.stand_at(x), rules=PRESETS[preset])
    assert sum(d.values()) == 1
    f = odds.final_distribution(odds.stand_at(x), rules=PRESETS[preset], exact=False)
    assert all(abs(f[k] - float(v)) < 1e-12 for k, v in d.items())


def test_S6_triple_ends_the_hand():
    rules = ITALIAN.replace(triple=True)
    d = odds.final_distribution(odds.stand_at(7.5), cards="7c", rules=rules)
    assert d["triple"] == Fraction(3, 39)


# -- solve: brute force on small decks ---------------------------------------------------------

def _brute_solve(rules, deck, dealer):
    """Expectimax over actual cards (the bank's hidden card uniform among the cards the
    player has not seen), settled by sette_kit.scoring.outcome."""
    deck = frozenset(deck)

    @lru_cache(maxsize=None)
    def bank(pcards, bcards, rest):
        ps = score(tuple(sorted(pcards)), rules)
        if bcards:
            bs = score(tuple(sorted(bcards)), rules)
            if bs.bust or bs.kind == "triple" or bs.half_points >= 15 or not dealer.wants_card(bs.half_points, ps.half_points):
                return Fraction(outcome(ps, bs, rules).multiplier)
        if not rest:
            raise RuntimeError("the bank ran out of cards: pick another test deck")
        return sum(bank(pcards, bcards | {c}, rest - {c}) for c in rest) / len(rest)

    @lru_cache(maxsize=None)
    def value(pcards):
        s = score(tuple(sorted(pcards)), rules)
        if s.bust:
            return Fraction(-1)
        rest = deck - pcards
        stand = bank(pcards, frozenset(), rest)
        if s.kind == "triple" or s.half_points >= 15 or len(rest) < 2:
            return stand
        hit = sum(value(pcards | {c}) for c in rest) / len(rest)
        return max(stand, hit)

    return sum(value(frozenset([c])) for c in deck) / len(deck)


def _orderings_ev(sol, rules, deck, dealer):
    """The value of the solution's strategy over every ordering of the deck, dealt as at
    the table: the player's card, the bank's hidden card, the player's hits, the bank."""
    decisions, scores = {}, {}

    def sc(cards):
        key = frozenset(cards)
        if key not in scores:
            scores[key] = score(tuple(sorted(cards)), rules)
        return scores[key]

    total = n = 0
    for order in itertools.permutations(deck):
        n += 1
        player, bankc, i = [order[0]], [order[1]], 2
        while True:
            key = frozenset(player)
            if key not in decisions:
                s = sc(player)
                decisions[key] = (not s.bust and s.kind != "triple" and s.half_points < 15
                                  and len(deck) - len(player) >= 2 and sol.decision(tuple(player)) == "hit")
            if not decisions[key]:
                break
            player.append(order[i])
            i += 1
        ps = sc(player)
        if ps.bust:
            total -= 1
            continue
        while True:
            bs = sc(bankc)
            if bs.bust or bs.kind == "triple" or bs.half_points >= 15 or not dealer.wants_card(bs.half_points, ps.half_points):
                break
            bankc.append(order[i])
            i += 1
        total += outcome(ps, bs, rules).multiplier
    return Fraction(total, n)


SMALL = [
    ("plain", "Ac 2d 3c 5s 7c Fc Cd", odds.stand_at(5)),
    ("plain", "Ac 4d 6c 7s Fc Cd Rb", odds.sees_player()),
    ("italian", "7c Fc Rd Fd 7d 6s 5b", odds.stand_at(5)),
    ("italian", "7d Cd Rd Fc 6c 6s 5b", odds.sees_player()),
    ("spanish", "7c Fc 2d 5b 6s Cs 4d", odds.stand_at(4)),
    ("reale_any_suit", "7c Fs Rd Cc 6b 5s 4d", odds.stand_at(5)),
    ("ties_push_triple", "7c 7d Fc Rd 3s 5b 6c", odds.stand_at(6)),
    ("whole_only_x3", "Rd Fd 6c Ab 7s 5c Cc", odds.stand_at(5)),
]
CUSTOM = {
    "reale_any_suit": ITALIAN.replace(reale_same_suit=False),
    "ties_push_triple": ITALIAN.replace(dealer_wins_ties=False, triple=True),
    "whole_only_x3": ITALIAN.replace(matta_whole_only=True, matta_sette_payout=3),
}


@pytest.mark.parametrize("preset,deck,dealer", SMALL, ids=[s[0] + "-" + repr(s[2]) for s in SMALL])
def test_S10_S16_solve_small_deck_brute_force(preset, deck, dealer):
    rules = CUSTOM.get(preset) or PRESETS[preset]
    deck = parse_cards(deck)
    sol = Solution(rules, dealer, True, deck=deck)
    assert sol.ev == _brute_solve(rules, deck, dealer)  # the strategy is optimal
    assert sol.ev == _orderings_ev(sol, rules, deck, dealer)  # and worth what it says
    fl = Solution(rules, dealer, False, deck=deck)
    assert abs(fl.ev - float(sol.ev)) < 1e-12


# -- solve: the full deck, every preset ------------------------------------------------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("dealer", sorted(DEALERS))
def test_every_preset_solvable_exact_and_float_agree(solutions, preset, dealer):
    ex, fl = solutions(preset, dealer), solutions(preset, dealer, exact=False)
    assert isinstance(ex.ev, Fraction) and isinstance(fl.ev, float)
    assert -1 < ex.ev < 0  # the bank has the edge (S13 ties)
    assert abs(fl.ev - float(ex.ev)) < 1e-12
    assert fl.house_edge == -fl.ev
    for s, v in ex._stand.items():
        assert abs(fl._stand[s] - float(v)) < 1e-12
    for s, v in ex._hit_value.items():
        assert abs(fl._hit_value[s] - float(v)) < 1e-12
        # exact and float agree on the decision unless it is a genuine tie
        if ex._hit_value[s] != ex._stand[s]:
            assert fl._hit[s] == ex._hit[s]


def test_all_seeing_bank_is_worse_for_the_player(solutions):
    for preset in PRESETS:
        assert solutions(preset, "sees_player").ev < solutions(preset, "stand_at(5)").ev


def test_spanish_equals_plain_in_the_heads_up_model(solutions):
    # no matta, no bonus in either; only table matters (S9, S17, S22, S23) differ
    assert solutions("spanish", "stand_at(5)").ev == solutions("plain", "stand_at(5)").ev


def _bank_stand_check(rules, dealer, mine):
    """The player's stand value by another route: the bank's first two cards as actual
    cards scored by sette_kit.scoring (suits, reale, matta), then class compositions."""
    mine = parse_cards(mine)
    ps = score(mine, rules)
    rest = [c for c in FULL_DECK if c not in mine]
    reps = {}
    for c in rest:
        reps.setdefault(class_counts((c,), rules), []).append(c)

    @lru_cache(maxsize=None)
    def cont(bank_counts, deck_counts):  # 3+ cards: suits no longer matter, score representatives
        bs = _rep_score(bank_counts)
        if bs.bust or bs.half_points >= 15 or not dealer.wants_card(bs.half_points, ps.half_points):
            return Fraction(outcome(ps, bs, rules).multiplier)
        n = sum(deck_counts)
        out = Fraction(0)
        for k, left in enumerate(deck_counts):
            if left:
                b = bank_counts[:k] + (bank_counts[k] + 1,) + bank_counts[k + 1:]
                d = deck_counts[:k] + (left - 1,) + deck_counts[k + 1:]
                out += Fraction(left, n) * cont(b, d)
        return out

    pool = {}
    for c in FULL_DECK:
        pool.setdefault(class_counts((c,), rules).index(1), []).append(c)

    def _rep_score(counts):
        cards = []
        for k, n in enumerate(counts):
            cards += pool[k][:n]
        return score(cards, rules)

    total = Fraction(0)
    deck_all = class_counts(rest, rules)
    for b1 in rest:
        s1 = score((b1,), rules)
        if not dealer.wants_card(s1.half_points, ps.half_points):
            total += Fraction(outcome(ps, s1, rules).multiplier) * (len(rest) - 1)  # every b2
            continue
        for b2 in rest:
            if b2 == b1:
                continue
            s2 = score((b1, b2), rules)
            if s2.bust or s2.kind == "triple" or s2.half_points >= 15 or \
                    not dealer.wants_card(s2.half_points, ps.half_points):
                total += outcome(ps, s2, rules).multiplier
            else:
                bc = class_counts((b1, b2), rules)
                dc = tuple(a - b for a, b in zip(deck_all, bc))
                total += cont(bc, dc)
    return total / (len(rest) * (len(rest) - 1))


@pytest.mark.parametrize("mine", ["7c", "Fd", "Rd", "7d", "Fc 3s 2b", "Fd 3s 2b", "Fd Cd 3s",
                                  "Rd 3c", "7c Fc", "7d Fs", "Fd Rd", "4c 2d"])
def test_S5_S15_S16_italian_stand_value_by_actual_cards(solutions, mine):
    sol = solutions("italian", "stand_at(5)")
    assert sol.ev_of(mine, "stand") == _bank_stand_check(ITALIAN, odds.stand_at(5), mine)


def test_hit_table_and_decisions(solutions):
    sol = solutions("plain", "stand_at(5)")
    table = sol.hit_table()
    assert sol.key_is_sufficient
    assert table[composition_key(parse_cards("Fc"), PLAIN)] is True
    assert table[composition_key(parse_cards("7c"), PLAIN)] is False
    for hand in ["Ac 2d", "4c", "3c Fd 1d", "6c", "Fc Fd Fs"]:
        key = composition_key(parse_cards(hand), PLAIN)
        assert table[key] == (sol.decision(hand) == "hit")
        best = max(("hit", "stand"), key=lambda a: sol.ev_of(hand, a))
        assert sol.decision(hand) == best
    assert composition_key(parse_cards("7c Fd"), PLAIN) not in table  # 7 1/2 is shown at once (S10)
    assert sol.decision("7c Fd") == "stand"
    with pytest.raises(ValueError, match="S10"):
        sol.ev_of("7c Fd", "hit")
    with pytest.raises(ValueError, match="bust"):
        sol.decision("7c 6d")
    assert sol.ev_of("7c 6d", "stand") == -1


def test_hit_table_italian_documents_suits(solutions):
    sol = solutions("italian", "stand_at(5)")
    table = sol.hit_table()
    assert isinstance(sol.key_is_sufficient, bool)
    for hand in ["Rd", "Rd 3c", "4c 2d Fs", "6c"]:
        key = composition_key(parse_cards(hand), ITALIAN)
        if sol.key_is_sufficient:
            assert table[key] == (sol.decision(hand) == "hit")


def test_table_rows_read_like_the_game(solutions):
    sol = solutions("plain", "stand_at(5)")
    rows = sol.table()
    assert {r.action for r in rows} <= {"hit", "stand", "mixed"}
    first_rows = [r for r in rows if r.first == "figure" and r.total == Fraction(1, 2)]
    assert first_rows and first_rows[0].action == "hit" and abs(first_rows[0].reach - 12 / 40) < 1e-12
    text = sol.format_table()
    assert "first card" in text and "figure" in text


# -- explain ------------------------------------------------------------------------------------

def test_explain_bust_counts():
    text = odds.explain_bust("6 di coppe", seen="7 di spade, Re di bastoni")
    assert "22 of the 37" in text and "22/37" in text and "59.5%" in text and "every 2–7" in text
    assert odds.bust_probability("6 di coppe", seen="7 di spade, Re di bastoni") == Fraction(22, 37)
    text = odds.explain_bust("4c 2d", seen="Fc Fd", rules=ITALIAN)
    p = odds.bust_probability("4c 2d", seen="Fc Fd", rules=ITALIAN)
    assert f"{p.numerator}/{p.denominator}" in text
    assert "0/" in odds.explain_bust("Fc")


