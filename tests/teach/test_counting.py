"""sette_kit.counting and odds.solve(seen=...): counting against brute-force
enumeration and the odds engine; Trentuno's 9,880 hands; Quattro e mezzo's cycle; the
depleted-deck solver against the every-hand-as-cards reference and every ordering of a
small deck; the shoe (S18)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from headsup_tools import distribution, orderings, solution_player
from sette_kit import FULL_DECK, Rules, SetteKitError, counting, odds, parse_cards, score, trentuno
from sette_kit.odds import Solution

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")
VARIANTS = {
    "plain": PLAIN,
    "italian": ITALIAN,
    "spanish": Rules.preset("spanish"),
    "reale_any_suit": ITALIAN.replace(reale_same_suit=False),
    "whole_only": ITALIAN.replace(matta_whole_only=True),
    "triple": ITALIAN.replace(triple=True),
    "no_matta": ITALIAN.replace(matta=None),
}
PAIRS = list(itertools.combinations(FULL_DECK, 2))


# -- C(n, k), ordered and unordered ----------------------------------------------------------

@pytest.mark.parametrize("n", range(0, 7))
def test_choose_and_arrangements_count_the_enumeration(n):
    cards = list(range(n))
    for k in range(n + 1):
        assert counting.choose(n, k) == len(list(itertools.combinations(cards, k)))
        assert counting.arrangements(n, k) == len(list(itertools.permutations(cards, k)))


def test_draws_on_the_40_card_deck():
    d2, d3 = counting.draws(2), counting.draws(3)
    assert (d2.ordered, d2.unordered) == (1560, 780)
    assert (d3.ordered, d3.unordered) == (59280, 9880)
    assert d3.ordered == d3.unordered * math.factorial(3)   # each hand in 3! orders
    assert "C(40, 3) = 9,880" in d3.words and "40 × 39 × 38" in d3.words
    assert counting.draws(1).unordered == 40
    assert counting.draws(12).unordered == math.comb(40, 12)


# -- two-card hands: counting = brute force = engine --------------------------------------------

@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_two_card_sette_e_mezzo_by_counting_brute_force_and_engine(name):
    rules = VARIANTS[name]
    c = counting.two_card_sette_e_mezzo(rules)
    brute = sum(1 for h in PAIRS if score(h, rules).total == Fraction(15, 2) and score(h, rules).kind != "triple")
    assert c.favourable == brute and c.total == 780
    assert c.probability == Fraction(brute, 780) == c.engine


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_reale_by_counting_brute_force_and_engine(name):
    rules = VARIANTS[name]
    c = counting.reale_hands(rules)
    brute = sum(1 for h in PAIRS if score(h, rules).kind == "reale")
    assert c.favourable == brute
    assert c.probability == Fraction(brute, 780) == c.engine


def test_the_published_two_card_figures():
    assert counting.two_card_sette_e_mezzo("plain").favourable == 48   # 4 sevens x 12 figures
    assert counting.reale_hands("plain").favourable == 0               # the plain rules have no reale
    assert counting.reale_hands("italian").probability == Fraction(14, 780)
    assert "coppe 3, denari 2, bastoni 3, spade 3 = 11" in counting.reale_hands("italian").words


# -- Trentuno ---------------------------------------------------------------------------------

def _points(c):
    r = int(c.rank)
    return 11 if r == 1 else 10 if c.is_figure else r


def test_trentuno_9880_hands_by_an_independent_scorer():
    t = counting.trentuno_scores()
    mine = Counter(max(sum(_points(c) for c in h if c.suit == s) for s in {c.suit for c in h})
                   for h in itertools.combinations(FULL_DECK, 3))
    assert t.total == math.comb(40, 3) == 9880
    assert t.by_score == dict(sorted(mine.items()))
    assert t.by_score[31] == 4 * math.comb(3, 2)   # an Ace and two figures of one suit
    assert t.by_score[30] == 4                     # three figures of one suit
    assert t.most_likely == max(mine.items(), key=lambda kv: kv[1]) == (10, 2596)
    assert t.probability(10) == Fraction(2596, 9880)
    assert sum(t.probability(s) for s in t.by_score) == 1


def test_trentuno_three_of_a_kind_option():
    t = counting.trentuno_scores(trentuno.TrentunoRules(three_of_a_kind_30=True))
    base = counting.trentuno_scores()
    # three Aces (4 hands) and three figures of one rank (3 ranks x 4 hands) now score 30
    assert t.by_score[30] - base.by_score[30] == 4 + 3 * 4
    with pytest.raises(SetteKitError, match="TrentunoRules"):
        counting.trentuno_scores("italian")


# -- Quattro e mezzo ----------------------------------------------------------------------------

def test_quattro_ranking_cycles_all_go_through_5_and_4_and_a_half():
    duels = counting.quattro_duels()
    totals = sorted({a for a, _ in duels})
    beats = {(a, b) for (a, b), w in duels.items() if w == a}
    cycles = [(a, b, c) for a, b, c in itertools.permutations(totals, 3)
              if (a, b) in beats and (b, c) in beats and (c, a) in beats]
    assert cycles
    assert all(Fraction(5) in cyc and Fraction(9, 2) in cyc for cyc in cycles)
    # without the 5-beats-4½ exception the order would be total: 4½ on top, then by total
    for (a, b), w in duels.items():
        if {a, b} != {Fraction(5), Fraction(9, 2)}:
            assert w == (Fraction(9, 2) if Fraction(9, 2) in (a, b) else max(a, b))


def test_quattro_cycle_and_the_table_of_three():
    c = counting.quattro_cycle()
    assert [(d.winner, d.loser) for d in c.duels] == [(5, Fraction(9, 2)), (Fraction(9, 2), Fraction(15, 2)),
                                                      (Fraction(15, 2), 5)]
    assert c.all_three == "5" and "not transitive" in c.words


# -- the depleted deck: odds.solve(seen=...) -----------------------------------------------------

def _random_deck(n, seed):
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deck[:n]


@pytest.mark.parametrize("name", ["italian", "no_matta", "triple", "whole_only"])
@pytest.mark.parametrize("seed", [1, 2])
def test_S18_depleted_deck_equals_the_every_hand_as_cards_reference(name, seed):
    rules = VARIANTS[name]
    deck = _random_deck(15, seed)
    seen = [c for c in FULL_DECK if c not in deck]
    fast = odds.solve(rules, dealer=odds.stand_at(5), seen=seen)
    ref = Solution(rules, odds.stand_at(5), True, deck=deck, by_cards=True)
    assert fast.ev == ref.ev
    for k in (1, 2, 3):
        for hand in itertools.combinations(deck, k):
            if score(hand, rules).bust:
                continue
            assert fast.ev_of(hand, "stand") == ref.ev_of(hand, "stand"), hand
            assert fast.decision(hand) == ref.decision(hand), hand


@pytest.mark.parametrize("name,deck", [("italian", "7c Fc Rd Fd 7d 6s 5b"), ("plain", "Ac 2d 3c 5s 7c Fc Cd"),
                                       ("triple", "7c 7d Fd Rd 3s 5b Cc")])
def test_S18_depleted_deck_equals_every_ordering_played(name, deck):
    rules = VARIANTS[name]
    deck = parse_cards(deck)
    sol = odds.solve(rules, dealer=odds.stand_at(5), seen=[c for c in FULL_DECK if c not in deck])
    counts = orderings(solution_player(sol, rules, odds.stand_at(5)), deck)
    assert sum(x * p for x, p in distribution(counts).items()) == sol.ev


def test_solve_with_seen_cards():
    full = odds.solve(PLAIN)
    assert odds.solve(PLAIN, seen=()).ev == full.ev
    high = odds.solve(PLAIN, seen="6c 6d 6s 7c 7d 7s")
    assert high.ev > full.ev and high.decision("5b") == "hit" and full.decision("5b") == "stand"
    with pytest.raises(SetteKitError, match="not all in the deck"):
        high.decision("7c")
    with pytest.raises(SetteKitError, match="only once"):
        odds.solve(PLAIN, seen=parse_cards("6c") * 2)
    with pytest.raises(SetteKitError, match="at least 2"):
        odds.solve(PLAIN, seen=FULL_DECK[1:])
    assert abs(odds.solve(ITALIAN, seen="7d Fd", exact=False).ev - float(odds.solve(ITALIAN, seen="7d Fd").ev)) < 1e-12


# -- the shoe -----------------------------------------------------------------------------------

def test_shoe_is_seeded_and_keeps_every_card():
    a, b = counting.Shoe("plain", seed=7), counting.Shoe("plain", seed=7)
    ra, rb = a.play(30), b.play(30)
    assert ra == rb
    assert any(r.reshuffled for r in ra)   # 30 rounds run through the 40 cards
    assert sorted(a.seen + tuple(a._deck)) == sorted(FULL_DECK)
    for r in ra:
        assert r.result in (-1, 1)
        assert len(set(r.player + r.bank)) == len(r.player) + len(r.bank)


def test_shoe_odds_are_the_counting_of_the_cards_left():
    shoe = counting.Shoe("plain", seed=11)
    shoe.play(5)
    left = [c for c in FULL_DECK if c not in shoe.seen]
    hand = next(c for c in left if int(c.rank) == 5)
    busting = sum(1 for c in left if c != hand and score((hand, c), PLAIN).bust)
    assert shoe.bust_probability((hand,)) == Fraction(busting, len(left) - 1)
    assert shoe.decision((hand,)) == odds.solve(PLAIN, seen=shoe.seen).decision((hand,))
    rows = {r.card: r for r in shoe.table()}
    assert sum(r.probability for r in rows.values()) == 1
    assert rows["5"].bust_now == shoe.bust_probability((hand,))
    assert rows["5"].bust_fresh == odds.bust_probability((hand,))
    with pytest.raises(SetteKitError, match="has been seen"):
        shoe.decision(shoe.seen[:1])


def test_shoe_predicted_ev_is_unbiased_within_4_standard_errors():
    """Each round's EV predicted from the cards seen is the conditional mean of its
    result: while a round cannot run out of cards (22 or more left) the model is exact."""
    shoe = counting.Shoe("plain", seed=5, exact=False)
    diffs = []
    for _ in range(600):
        before = shoe.left
        r = shoe.deal_round()
        if before >= 22:
            assert not r.reshuffled
            diffs.append(r.result - r.predicted)
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    assert n > 200 and abs(mean) < 4 * se


def test_shoe_players_and_stakes():
    s = counting.Shoe("italian", seed=2, stakes=(1, 10))
    rounds = s.play(12)
    assert {r.stake for r in rounds} <= {1, 10}
    t = counting.Shoe("plain", seed=2, player=odds.stand_at(6))
    for r in t.play(10):
        total = score(r.player, PLAIN)
        assert total.bust or total.half_points >= 12  # a stand_at(6) player draws below 6
        assert r.predicted is None
    with pytest.raises(SetteKitError, match="player"):
        counting.Shoe(player="lucky")
    with pytest.raises(SetteKitError, match="stakes"):
        counting.Shoe(stakes=10)
    with pytest.raises(SetteKitError, match="seed"):
        counting.Shoe(seed="x")


def test_bad_arguments_are_named():
    with pytest.raises(SetteKitError, match="more than n"):
        counting.choose(3, 5)
    with pytest.raises(SetteKitError, match="k="):
        counting.draws(0)
    with pytest.raises(SetteKitError, match="rules"):
        counting.two_card_sette_e_mezzo(42)
