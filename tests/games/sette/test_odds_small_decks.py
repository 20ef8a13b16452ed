"""``odds.solve(seen=...)`` on every small deck, against an independent brute force.

A deck too small to finish the round as modelled (no reshuffle inside a round: S18 would
shuffle the seen cards back in) must be refused with a SetteKitError; every other deck
must be solved exactly.  The reference below shares nothing with the solver but the
scoring of a hand (:func:`sette_kit.scoring.score`) and of a round
(:func:`sette_kit.scoring.outcome`): it plays every order of the deck's cards - the
player's first card, the bank's hidden card, then the stock - and finds the optimal
player by backward induction over what he knows (the set of his own cards).  It also
says whether some order of the cards, with some choice of the player's, leaves a hand
wanting a card when none is left: that is exactly when ``solve`` must refuse.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from sette_kit import odds
from sette_kit.cards import FULL_DECK, Card
from sette_kit.errors import SetteKitError
from sette_kit.rules import Rules
from sette_kit.scoring import outcome, score

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")


def _terminal(s) -> bool:
    return s.bust or s.kind == "triple" or s.total >= Fraction(15, 2)  # S10: bust, 7½ and a triple end the hand


def brute_force(deck, rules, dealer):
    """(the optimal player's exact EV, whether a round can run out of cards) for ``deck``."""
    deck = tuple(deck)
    n = len(deck)
    perms = list(itertools.permutations(range(n)))
    runs_out = False
    cache = {}

    def sc(cards):
        """(score, half points) of a hand, by its set of cards (scoring is by the set)."""
        key = frozenset(cards)
        got = cache.get(key)
        if got is None:
            s = score(tuple(cards), rules)
            got = cache[key] = (s, s.half_points)
        return got

    settled = {}

    def bank_result(perm, player_cards, k):
        """The player's result when he stands with ``player_cards`` (his first k draws made)."""
        nonlocal runs_out
        ps, php = sc(player_cards)
        bank = [deck[perm[1]]]
        stock = [deck[i] for i in perm[k + 1:]]
        while True:
            bs, bhp = sc(bank)
            if _terminal(bs) or not dealer.wants_card(bhp, php):
                break
            if not stock:
                runs_out = True
                break
            bank.append(stock.pop(0))
        key = (frozenset(player_cards), frozenset(bank))
        if key not in settled:
            settled[key] = outcome(ps, bs, rules).multiplier
        return settled[key]

    # information sets: the set of the player's cards; the orders consistent with holding
    # them after k cards (k - 1 draws) are those whose cards 0, 2, ..., k are that set
    def holding(perm, k):
        return frozenset([perm[0], *perm[2:k + 1]])

    def play(perm, k):
        info = holding(perm, k)
        cards = [deck[i] for i in info]
        if sc(cards)[0].bust:
            return -1  # S10
        if strategy[info]:
            return play(perm, k + 1)
        return bank_result(perm, cards, k)

    orders = {}  # info set -> the orders of the cards consistent with it
    for perm in perms:
        for k in range(1, n):  # k cards: perm[0], perm[2..k]
            orders.setdefault(holding(perm, k), []).append(perm)
    strategy = {}  # info set -> True (hit), decided from the largest hands down
    for info in sorted(orders, key=len, reverse=True):
        k = len(info)
        cards = [deck[i] for i in info]
        s = sc(cards)[0]
        if s.bust:
            continue
        consistent = orders[info]
        stand = sum(bank_result(p, cards, k) for p in consistent)
        if _terminal(s):
            strategy[info] = False
            continue
        if k + 1 >= n:  # the stock is empty: only the bank's hidden card is left
            runs_out = True
            strategy[info] = False
            continue
        hit = sum(play(p, k + 1) for p in consistent)
        strategy[info] = hit > stand

    total = sum(play(p, 1) for p in perms)
    return Fraction(total, len(perms)), runs_out


def _check(deck, rules, dealer):
    ev, runs_out = brute_force(deck, rules, dealer)
    seen = [c for c in FULL_DECK if c not in set(deck)]
    if runs_out:
        with pytest.raises(SetteKitError, match="could run out within a round"):
            odds.solve(rules, dealer=dealer, seen=seen)
        return "refused"
    sol = odds.solve(rules, dealer=dealer, seen=seen)
    assert sol.ev == ev, (deck, sol.ev, ev)
    dist = sol.result_distribution()
    assert sum(dist.values()) == 1 and sum(x * p for x, p in dist.items()) == ev
    return "solved"


def _class_decks(size):
    """One deck per multiset of plain classes (Ace..7, figure) of ``size`` cards."""
    by_class = [[c for c in FULL_DECK if c.rank == r] for r in range(1, 8)]
    by_class.append([c for c in FULL_DECK if c.is_figure])
    for combo in itertools.combinations_with_replacement(range(8), size):
        counts = [combo.count(k) for k in range(8)]
        if all(counts[k] <= len(by_class[k]) for k in range(8)):
            yield tuple(c for k in range(8) for c in by_class[k][:counts[k]])


SIZES = [(size, dealer) for size in (2, 3, 4) for dealer in (odds.stand_at(5), odds.stand_at(2), odds.sees_player())]
SIZES.append((5, odds.stand_at(5)))  # the 700 decks of five cards once (the brute force plays 120 orders each)


@pytest.mark.timeout(600)
@pytest.mark.parametrize("size, dealer", SIZES, ids=[f"{n}-{d!r}" for n, d in SIZES])
def test_every_small_plain_deck_is_solved_exactly_or_refused(size, dealer):
    verdicts = [_check(deck, PLAIN, dealer) for deck in _class_decks(size)]
    assert "refused" in verdicts
    if size >= 3:
        assert "solved" in verdicts  # high cards end every round before the deck is used up


@pytest.mark.timeout(600)
@pytest.mark.parametrize("rules", [ITALIAN, ITALIAN.replace(reale_same_suit=False, triple=True),
                                   Rules.preset("spanish")], ids=["italian", "any-suit+triple", "spanish"])
def test_random_small_decks_with_the_matta_and_suits(rules):
    rng = random.Random(24)
    verdicts = []
    for _ in range(50):
        size = rng.choice((4, 5, 6))
        high = [c for c in FULL_DECK if 5 <= c.rank <= 7]
        deck = rng.sample(high, size - 2) + rng.sample([c for c in FULL_DECK if c not in high], 2)
        verdicts.append(_check(deck, rules, rng.choice((odds.stand_at(5), odds.sees_player()))))
    assert {"solved", "refused"} <= set(verdicts)


def test_the_reviews_cases_are_refused():
    for seen in (FULL_DECK[:38], FULL_DECK[:37], [c for c in FULL_DECK if c.rank <= 7],
                 [c for c in FULL_DECK[:36] if c != Card(10, 1)]):
        with pytest.raises(SetteKitError, match="could run out"):
            odds.solve("plain", seen=seen)


def test_a_deck_that_cannot_run_out_is_still_solved():
    # six high cards out: 34 left, nothing like a round's worth of small cards
    assert odds.solve("plain", seen="6c 6d 6s 7c 7d 7s").runs_out is False
    assert odds.solve("plain").runs_out is False
