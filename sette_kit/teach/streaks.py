"""The gambler's fallacy: after a streak of busts the next card is no likelier to save
you when the deck is reshuffled between hands (:func:`next_card_after_busts`, by the
engine's exact odds; :func:`hand_bust_after_streak`, by simulation); when the deck carries
over (S18), the cards already seen do change the odds - by counting, not by luck "owed".
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product
from typing import NamedTuple

from .. import fmt
from ..errors import SetteKitError
from ..i18n import _
from ..rules import Rules, as_rules
from ..numbers import shown
from .rounds import _rng, _int_arg

__all__ = ["AfterBusts", "next_card_after_busts", "StreakSimulation", "hand_bust_after_streak"]


# -- the gambler's fallacy -----------------------------------------------------------------------

class AfterBusts(NamedTuple):
    """The answer of :func:`next_card_after_busts` (probabilities that the next card busts)."""

    hand: tuple
    streak: int
    fresh: Fraction        # a freshly shuffled deck (only your hand is out)
    reshuffled: Fraction   # after `streak` busts, the deck reshuffled every hand: the same
    carried: Fraction      # after `streak` busts from the same deck (S18), their cards unseen
    counting: str          # the counting behind ``carried``, in words

    def explain(self) -> str:
        """The three answers in words.

        >>> print(next_card_after_busts("6 di coppe", 5).explain().splitlines()[1])
        Reshuffled every hand, 5 busts in a row change nothing: the deck has no memory, so it is still 23/39 ≈ 59.0%.
        """
        return "\n".join((
            _("Holding {cards}, the next card busts you with probability {p} ≈ {percent} from a fresh "
              "deck.").format(cards=", ".join(c.name() for c in self.hand), p=self.fresh,
                              percent=fmt.percent(self.fresh, 1)),
            _("Reshuffled every hand, {streak} busts in a row change nothing: the deck has no memory, "
              "so it is still {p} ≈ {percent}.").format(streak=self.streak, p=self.reshuffled,
                                                        percent=fmt.percent(self.reshuffled, 1)),
            _("If the deck carries over (S18), the {streak} cards that bust you are gone: {counting} ≈ "
              "{percent}. That is counting cards, not luck that is owed to you.").format(
                streak=self.streak, counting=self.counting, percent=fmt.percent(self.carried, 1))))


def next_card_after_busts(hand="6 di coppe", streak: int = 5, rules: Rules | str = "plain") -> AfterBusts:
    """The gambler's fallacy with a hand: you hold ``hand`` and ``streak`` times in a
    row the card you drew busted it.  Is the next card less likely to bust you?

    * ``fresh``: the bust probability of one more card, with only your hand out of the
      deck (``odds.bust_probability``).
    * ``reshuffled``: the deck is reshuffled every hand (hands are independent): the
      conditional probability is the same number.  Computed with the engine as
      P(``streak`` + 1 busts) / P(``streak`` busts) over independent fresh decks.
    * ``carried``: the deck carries over (S18) and the ``streak`` busting cards left it
      unseen: the average, over every set of ``streak`` busting cards and weighted by its
      probability, of ``odds.bust_probability`` with those cards seen.  It equals
      (B - k) / (N - k) (B busting cards among N unseen, k the streak): lower, because
      the busting cards are used up.

    >>> a = next_card_after_busts("6 di coppe", 5)
    >>> a.fresh, a.reshuffled, a.carried
    (Fraction(23, 39), Fraction(23, 39), Fraction(9, 17))
    """
    from .. import odds
    from ..odds import _cards
    from ..strategy import card_class

    rules = as_rules(rules)
    streak = _int_arg(streak, "streak", 0, 40)
    mine = _cards(hand, rules, "hand")
    if not mine:
        raise SetteKitError(_("hand: give at least one card, such as '6 di coppe'"))
    fresh = odds.bust_probability(mine, rules=rules)
    reshuffled = (fresh ** (streak + 1)) / (fresh ** streak) if fresh else Fraction(0)
    unseen = [c for c in _full_deck() if c not in mine]
    busting = [c for c in unseen if odds.bust_probability(mine, seen=[x for x in unseen if x != c], rules=rules) == 1]
    B, N = len(busting), len(unseen)
    if streak > B:
        raise SetteKitError(_("streak={streak}: only {B} cards can bust {value}").format(streak=streak, B=B, value=', '.join(c.name(rules.face) for c in mine)))
    if streak >= N:
        raise SetteKitError(_("streak={streak}: no card would be left to draw").format(streak=streak))
    # group the busting cards by class: a set of `streak` of them is a class composition
    groups: dict = {}
    for c in busting:
        groups.setdefault(card_class(c, rules), []).append(c)
    keys = sorted(groups)
    num = den = 0
    for comp in product(*[range(len(groups[k]) + 1) for k in keys]):
        if sum(comp) != streak:
            continue
        weight = math.prod(math.comb(len(groups[k]), n) for k, n in zip(keys, comp))
        seen = [c for k, n in zip(keys, comp) for c in groups[k][:n]]
        num += weight * odds.bust_probability(mine, seen=seen, rules=rules)
        den += weight
    carried = num / den
    counting = _("{busting} of the {unseen} unseen cards bust you; {streak} of them have gone, so "
                 "{left_busting} of the {left} left do: {left_busting}/{left}").format(
        busting=B, unseen=N, streak=streak, left_busting=B - streak, left=N - streak)

    return AfterBusts(mine, streak, fresh, reshuffled, carried, counting)


def _full_deck():
    from ..cards import FULL_DECK

    return FULL_DECK


class StreakSimulation(NamedTuple):
    """The answer of :func:`hand_bust_after_streak`: bust frequencies of the player's
    hands, overall and right after ``streak`` busts in a row, with standard errors."""

    carry_over: bool
    hands: int
    bust_rate: float
    bust_rate_se: float
    after_streak: float
    after_streak_se: float
    streaks: int        # how many hands followed a streak
    exact: Fraction     # the exact bust probability of one hand from a fresh deck


def hand_bust_after_streak(player=None, streak: int = 5, *, hands: int = 200_000, seed: int = 1,
                           carry_over: bool = False, rules: Rules | str = "plain") -> StreakSimulation:
    """The gambler's fallacy over whole hands, by simulation: a player draws hand after
    hand by ``player`` (default ``stand_at(5)``); how often does a hand bust, and how
    often right after ``streak`` busting hands in a row?

    ``carry_over=False``: a fresh shuffled deck every hand, so hands are independent and
    both rates estimate the engine's exact ``exact`` (``odds.final_distribution``).
    ``carry_over=True``: one deck dealt on (S18), the used cards shuffled back in only
    when it runs out; busting hands use up high cards, so the next hand busts *less*
    often.  Only the player's own cards leave the deck here (no bank, no other players).

    >>> s = hand_bust_after_streak(streak=2, hands=20_000, seed=4)
    >>> abs(s.after_streak - float(s.exact)) < 4 * s.after_streak_se
    True
    """
    from .. import odds
    from ..scoring import score
    from ..strategy import CLASS_WEIGHTS, card_class

    rules = as_rules(rules)
    player = odds.stand_at(5) if player is None else player
    if not isinstance(player, odds.StandAt):
        raise SetteKitError(_("player={player}: use odds.stand_at(x)").format(player=shown(player)))
    streak = _int_arg(streak, "streak", 1, 40)
    hands = _int_arg(hands, "hands", 2, 10 ** 7)
    rng = _rng(seed)
    exact = odds.final_distribution(player, rules=rules).get("bust", Fraction(0))
    weight = {c: CLASS_WEIGHTS[card_class(c, rules)] for c in _full_deck()}
    deck = list(_full_deck())
    pos = 0  # deck[:pos] are dealt; each card is drawn uniformly from deck[pos:] (a lazy shuffle)
    cache: dict = {}
    run = busts = after = after_busts = 0
    for __ in range(hands):
        if not carry_over:
            pos = 0  # every card back in the deck
        hand, key = [], 0
        while True:
            if pos == len(deck):  # S18: shuffle the cards not on the table back in
                deck, pos = [c for c in _full_deck() if c not in hand], 0
            j = pos + int(rng.random() * (len(deck) - pos))
            deck[pos], deck[j] = deck[j], deck[pos]
            hand.append(deck[pos])
            key += weight[deck[pos]]  # the hand's class composition: enough for its total (S1-S4)
            pos += 1
            s = cache.get(key)
            if s is None:
                s = cache[key] = score(tuple(hand), rules)
            if s.bust or s.half_points >= 15 or not player.wants_card(s.half_points):
                break
        bust = s.bust
        if run >= streak:
            after += 1
            after_busts += bust
        busts += bust
        run = run + 1 if bust else 0
    p = busts / hands
    q = after_busts / after if after else math.nan
    return StreakSimulation(carry_over, hands, p, math.sqrt(p * (1 - p) / hands), q,
                            math.sqrt(q * (1 - q) / after) if after > 1 else math.nan, after, exact)
