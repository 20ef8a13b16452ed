"""Independent references for the heads-up model (tests of staking and risk).

Nothing here uses the exact engine's counting: rounds are played card by card with
:func:`sette_kit.scoring.score` and settled with :func:`sette_kit.scoring.outcome`, and
only the player's *decisions* are taken from the solution under test.

* :func:`orderings` plays every ordering of a small deck (exact, by enumeration);
* :func:`play_rounds` plays seeded shuffled rounds of the full deck (for simulations).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from sette_kit import FULL_DECK, outcome, score
from sette_kit.strategy import card_class

CLASS_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "figure", "matta")


class Player:
    """Decisions of a solution (or of a threshold) with the scores cached."""

    def __init__(self, rules, dealer, decide):
        self.rules, self.dealer, self.decide = rules, dealer, decide
        self._scores, self._hit = {}, {}

    def sc(self, cards):
        key = frozenset(cards)
        s = self._scores.get(key)
        if s is None:
            s = self._scores[key] = score(tuple(sorted(cards)), self.rules)
        return s

    def hits(self, cards, left):
        key = frozenset(cards)
        h = self._hit.get(key)
        if h is None:
            s = self.sc(cards)
            h = (not s.bust and s.kind != "triple" and s.half_points < 15 and left >= 2
                 and self.decide(tuple(cards)))
            self._hit[key] = h
        return h

    def play(self, order):
        """(first card's class name, the player's result per unit stake) for one ordering:
        the player's card, the bank's hidden card, the player's hits, then the bank (S8-S13)."""
        n = len(order)
        player, bank, i = [order[0]], [order[1]], 2
        while self.hits(player, n - len(player)):
            player.append(order[i])
            i += 1
        first = CLASS_NAMES[card_class(order[0], self.rules)]
        ps = self.sc(player)
        if ps.bust:
            return first, -1  # S10
        while True:
            bs = self.sc(bank)
            if bs.bust or bs.kind == "triple" or bs.half_points >= 15 or \
                    not self.dealer.wants_card(bs.half_points, ps.half_points):
                break
            if i == n:
                raise RuntimeError("the bank ran out of cards: pick another test deck")
            bank.append(order[i])
            i += 1
        return first, outcome(ps, bs, self.rules).multiplier


def solution_player(sol, rules, dealer):
    return Player(rules, dealer, lambda cards: sol.decision(cards) == "hit")


def threshold_player(policy, rules, dealer):
    return Player(rules, dealer, lambda cards: policy.wants_card(score(cards, rules).half_points))


def orderings(player, deck) -> dict:
    """Every ordering of ``deck`` played: first card's class name -> Counter(result)."""
    out: dict = {}
    for order in itertools.permutations(deck):
        first, r = player.play(order)
        out.setdefault(first, Counter())[r] += 1
    return out


def distribution(counts: dict, first=None) -> dict:
    """{result: exact probability} from :func:`orderings`' counts (optionally one first card)."""
    tot: Counter = Counter()
    for name, c in counts.items():
        if first is None or name == first:
            tot.update(c)
    n = sum(tot.values())
    return {x: Fraction(k, n) for x, k in sorted(tot.items())}


def play_rounds(player, rounds: int, seed: int):
    """``rounds`` independent rounds, each from a freshly shuffled 40-card deck."""
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    out = []
    for _ in range(rounds):
        rng.shuffle(deck)
        out.append(player.play(deck))
    return out
