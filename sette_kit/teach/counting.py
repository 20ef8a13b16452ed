"""Counting hands and cards (the counting lessons and labs): ordered and unordered draws, two-card hands
counted and checked against the odds engine, Trentuno's three-card hands, Quattro e
mezzo's ranking that is not transitive, and card counting across rounds (S18).

Pure Python (no numpy), so it also runs in the browser.

>>> from sette_kit import counting
>>> print(counting.draws(2).words)
Ordered: 40 choices for the first card, then 39 for the second: 40 × 39 = 1,560 ordered draws.
Unordered: each hand of 2 cards turns up in 2! = 2 orders, so there are 1,560 / 2 = 780 hands: C(40, 2) = 780.
>>> counting.two_card_sette_e_mezzo("plain").probability
Fraction(4, 65)
>>> counting.trentuno_scores().most_likely
(10, 2596)
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from typing import NamedTuple

from .._checks import read_seed
from ..cards import FULL_DECK, Suit
from .. import fmt
from ..errors import SetteKitError
from ..i18n import N_, _, ngettext
from ..numbers import shown
from ..rules import Rules, as_rules
from ..scoring import fmt_points, outcome, score
from ..strategy import BankSeesPlayer, StandAt, card_class, stand_at

__all__ = ["choose", "arrangements", "Draws", "draws", "Count", "two_card_sette_e_mezzo", "reale_hands",
           "TrentunoCount", "trentuno_scores", "Duel", "QuattroCycle", "quattro_duels", "quattro_cycle",
           "ShoeRound", "ShoeRow", "Shoe", "HandNow", "compare_hand", "ValueCount", "shoe_counts"]


MAX_CARDS = 1000
"""The most cards :func:`choose`, :func:`arrangements` and :func:`draws` count from (their
answers and their words stay readable: 1000! has 2,568 digits)."""


def _int_arg(x, name: str, low: int = 0, high: int = MAX_CARDS) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
        raise SetteKitError(_("{name}={value}: give a whole number from {low} to {high}").format(
            name=name, value=shown(x), low=low, high=fmt.whole(high)))
    return x


def choose(n: int, k: int) -> int:
    """C(n, k): the number of unordered hands of ``k`` cards from ``n``.

    >>> choose(40, 2), choose(40, 3)
    (780, 9880)
    """
    return math.comb(*_hand_of(n, k))


def _too_many(n: int, k: int) -> str:
    return _("k={k} is more than n={n}: you cannot draw more cards than there are").format(k=k, n=n)


def _hand_of(n, k) -> tuple[int, int]:
    """``n`` and ``k`` checked: ``k`` cards drawn from ``n``."""
    n, k = _int_arg(n, "n"), _int_arg(k, "k")
    if k > n:
        raise SetteKitError(_too_many(n, k))
    return n, k


def arrangements(n: int, k: int) -> int:
    """n × (n-1) × ... (k factors): the number of ordered draws of ``k`` cards from ``n``.

    >>> arrangements(40, 2), arrangements(40, 3)
    (1560, 59280)
    """
    return math.perm(*_hand_of(n, k))


class Draws(NamedTuple):
    """Ordered and unordered draws of ``k`` cards from ``n``, with the counting in words."""

    n: int
    k: int
    ordered: int
    unordered: int
    words: str


_ORD = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"), N_("seventh"),
        N_("eighth"), N_("ninth"), N_("tenth"))


def draws(k: int, n: int = 40) -> Draws:
    """How many ways to draw ``k`` cards from ``n`` (the 40-card deck by default), in
    order and as hands (order forgotten), with the counting shown.

    >>> d = draws(3)
    >>> d.ordered, d.unordered
    (59280, 9880)
    >>> print(d.words)
    Ordered: 40 choices for the first card, then 39 for the second, then 38 for the third: 40 × 39 × 38 = 59,280 ordered draws.
    Unordered: each hand of 3 cards turns up in 3! = 6 orders, so there are 59,280 / 6 = 9,880 hands: C(40, 3) = 9,880.
    """
    k, n = _int_arg(k, "k", 1), _int_arg(n, "n", 1)
    if k > n:
        raise SetteKitError(_too_many(n, k))
    ordered, unordered = math.perm(n, k), math.comb(n, k)
    if k <= len(_ORD):
        steps = [_("{n} choices for the first card").format(n=n)] + [
            _("then {n} for the {nth}").format(n=n - i, nth=_(_ORD[i])) for i in range(1, k)]
        factors = " × ".join(str(n - i) for i in range(k))
    else:
        steps = [_("{n} choices for the first card, {second} for the second, ... {last} for the last").format(
            n=n, second=n - 1, last=n - k + 1)]
        factors = f"{n} × {n - 1} × ... × {n - k + 1}"
    if k > 1:
        first = _("Ordered: {steps}: {factors} = {ordered} ordered draws.").format(
            steps=", ".join(steps), factors=factors, ordered=fmt.whole(ordered))
        second = _("Unordered: each hand of {k} cards turns up in {k}! = {orders} orders, so there are "
                   "{ordered} / {orders} = {unordered} hands: C({n}, {k}) = {unordered}.").format(
            k=k, orders=fmt.whole(math.factorial(k)), ordered=fmt.whole(ordered), unordered=fmt.whole(unordered), n=n)
    else:
        first = _("Ordered: {n} choices for the card: {ordered} draws.").format(n=n, ordered=fmt.whole(ordered))
        second = _("Unordered: one card has one order, so C({n}, 1) = {n}.").format(n=n)
    return Draws(n, k, ordered, unordered, first + "\n" + second)


# -- two-card hands: counting against the engine ---------------------------------------------

class Count(NamedTuple):
    """A probability found by counting hands (``favourable`` of ``total``) and, for the
    check, by the odds engine (``engine``): they are equal."""

    what: str
    favourable: int
    total: int
    probability: Fraction
    engine: Fraction
    words: str


def _suit_name(suit: Suit, rules: Rules) -> str:
    """The suit's name in the page's words (ES-3: "oros" on a Spanish page, not "denari")."""
    from ..cards import suit_name

    return suit_name(suit, rules.face)


def _halves_and_sevens(rules):
    """The cards worth ½ and worth 7 in a two-card hand (S1, S4)."""
    matta = rules.matta
    figures = [c for c in FULL_DECK if c.is_figure and not rules.is_matta(c)]
    sevens = [c for c in FULL_DECK if int(c.rank) == 7 and not rules.is_matta(c)]
    m_half = matta is not None and Fraction(1, 2) in rules.matta_values
    m_seven = matta is not None and Fraction(7) in rules.matta_values
    return figures, sevens, m_half, m_seven


def _engine_two_card(rules, per_first) -> Fraction:
    """P(two cards make it) by the engine: the mean over the 40 first cards of the
    chance that one more card does (ordered draws: first card, then second)."""
    return sum((per_first(c) for c in FULL_DECK), Fraction(0)) / len(FULL_DECK)


def two_card_sette_e_mezzo(rules: Rules | str = "plain") -> Count:
    """P(the first two cards make 7½), by counting (a card worth ½ with a card worth 7,
    S1, S4) and by the engine (``odds.sette_e_mezzo_probability`` after each first card).

    >>> c = two_card_sette_e_mezzo("italian")
    >>> c.favourable, c.total, c.probability == c.engine
    (59, 780, True)
    >>> print(c.words)
    A two-card 7½ is a card worth ½ with a card worth 7 (S1).
    Worth ½: the 11 figures that are not the matta, and the matta (as ½, S4). Worth 7: the 4 sevens, and the matta (as 7, S4).
    The 4 sevens × the 11 figures = 44; the 4 sevens × the matta = 4; the matta × the 11 figures = 11.
    Total 59 of the C(40, 2) = 780 two-card hands: 59/780 ≈ 7.56%.
    """
    from .. import odds

    rules = as_rules(rules)
    figures, sevens, m_half, m_seven = _halves_and_sevens(rules)
    F, S = len(figures), len(sevens)
    parts = [(_("the {sevens} sevens × the {figures} figures").format(sevens=S, figures=F), S * F)]
    if m_half:
        parts.append((_("the {sevens} sevens × the matta").format(sevens=S), S))
    if m_seven:
        parts.append((_("the matta × the {figures} figures").format(figures=F), F))
    fav = sum(n for __, n in parts)
    total = math.comb(40, 2)
    if rules.matta is not None:
        half = _("the {figures} figures that are not the matta").format(figures=F)
    else:
        half = _("the {figures} figures").format(figures=F)
    if m_half:
        half = _("{cards}, and the matta (as ½, S4)").format(cards=half)
    seven = _("the {sevens} sevens").format(sevens=S)
    if m_seven:
        seven = _("{cards}, and the matta (as 7, S4)").format(cards=seven)
    p = Fraction(fav, total)
    products = "; ".join(f"{w} = {n}" for w, n in parts)
    words = "\n".join((
        _("A two-card 7½ is a card worth ½ with a card worth 7 (S1)."),
        _("Worth ½: {half}. Worth 7: {seven}.").format(half=half, seven=seven),
        products[:1].upper() + products[1:] + ".",
        _("Total {fav} of the C(40, 2) = {total} two-card hands: {fraction} ≈ {percent}.").format(
            fav=fav, total=total, fraction=f"{fav}/{total}", percent=fmt.percent(p, 2))))
    engine = _engine_two_card(rules, lambda c: odds.sette_e_mezzo_probability((c,), rules=rules))
    return Count("two-card 7½", fav, total, p, engine, words)


def reale_hands(rules: Rules | str = "plain") -> Count:
    """P(the first two cards make a sette e mezzo reale, S5), by counting suit by suit
    and by the engine (``odds.reale_probability`` after each first card).

    >>> c = reale_hands("italian")
    >>> c.favourable, c.probability, c.probability == c.engine
    (14, Fraction(7, 390), True)
    >>> print(c.words)
    A reale is a 7 and a figure, or the matta and a figure, of the same suit (S5).
    A 7 and a figure of its suit: coppe 3, denari 2, bastoni 3, spade 3 = 11 (the Re di denari is the matta).
    The 7 di denari with the matta (as ½): 1. The matta (as 7) with a figure of denari: 2.
    Total 14 of the C(40, 2) = 780 two-card hands: 14/780 = 7/390 ≈ 1.79%.
    """
    from .. import odds

    rules = as_rules(rules)
    total = math.comb(40, 2)
    engine = _engine_two_card(rules, lambda c: odds.reale_probability((c,), rules=rules))
    if not rules.reale:
        return Count("reale", 0, total, Fraction(0), engine,
                     _("These rules have no reale (S5): no two-card hand is one. 0 of 780."))
    figures, sevens, m_half, m_seven = _halves_and_sevens(rules)
    matta = rules.matta
    lines = [_("A reale is a 7 and a figure, or the matta and a figure, of the same suit (S5).")
             if rules.reale_same_suit else _("A reale is a 7 and a figure, or the matta and a figure, of any suits (S5).")]
    if rules.reale_same_suit:
        per_suit = [(s, sum(1 for a in sevens if a.suit == s) * sum(1 for f in figures if f.suit == s)) for s in Suit]
        n7f = sum(n for __, n in per_suit)
        counts = ", ".join(f"{_suit_name(s, rules)} {n}" for s, n in per_suit)
        if matta is not None and matta.is_figure:
            lines.append(_("A 7 and a figure of its suit: {counts} = {n} (the {matta} is the matta).").format(
                counts=counts, n=n7f, matta=matta.name(rules.face)))
        else:
            lines.append(_("A 7 and a figure of its suit: {counts} = {n}.").format(counts=counts, n=n7f))
        more = []
        n7m = nfm = 0
        if matta is not None:
            ms = matta.suit
            seven_ms = [a for a in sevens if a.suit == ms]
            figs_ms = [f for f in figures if f.suit == ms]
            if m_half and seven_ms:
                n7m = len(seven_ms)
                more.append(_("The {card} with the matta (as ½): {n}.").format(card=seven_ms[0].name(rules.face),
                                                                               n=n7m))
            if m_seven:
                nfm = len(figs_ms)
                more.append(_("The matta (as 7) with a figure of {suit}: {n}.").format(suit=_suit_name(ms, rules),
                                                                                        n=nfm))
        if more:
            lines.append(" ".join(more))
        fav = n7f + n7m + nfm
    else:
        F, S = len(figures), len(sevens)
        fav = S * F + (S if m_half else 0) + (F if m_seven else 0)
        lines.append(_("Every two-card 7½ is one: {n} (see two_card_sette_e_mezzo).").format(n=fav))
    p = Fraction(fav, total)
    shown = f"{fav}/{total}" + (f" = {p.numerator}/{p.denominator}" if p.denominator != total else "")
    lines.append(_("Total {fav} of the C(40, 2) = {total} two-card hands: {fraction} ≈ {percent}.").format(
        fav=fav, total=total, fraction=shown, percent=fmt.percent(p, 2)))
    return Count("reale", fav, total, p, engine, "\n".join(lines))


# -- Trentuno --------------------------------------------------------------------------------

class TrentunoCount(NamedTuple):
    """Every three-card Trentuno hand scored (T2): ``by_score`` maps a score to how many
    of the ``total`` hands make it; ``most_likely`` is (score, hands).  ``by_suits`` maps
    1, 2, 3 to how many hands hold that many different suits, and ``three_suits`` a
    score to how many hands of three different suits make it (there only the best
    single card counts)."""

    total: int
    by_score: dict
    most_likely: tuple
    words: str
    by_suits: dict = {}
    three_suits: dict = {}

    def probability(self, s: int) -> Fraction:
        """P(a dealt hand scores ``s``).

        >>> trentuno_scores().probability(31)
        Fraction(3, 2470)
        """
        return Fraction(self.by_score.get(s, 0), self.total)


def trentuno_scores(rules=None) -> TrentunoCount:
    """All C(40, 3) = 9,880 three-card hands of Trentuno, scored with
    :func:`sette_kit.trentuno.score` (T2: the best sum of one suit).

    >>> t = trentuno_scores()
    >>> t.total, t.by_score[31], t.by_score[30], t.most_likely
    (9880, 12, 4, (10, 2596))
    >>> t.by_suits, t.three_suits[10]          # four hands in ten hold three suits
    ({1: 480, 2: 5400, 3: 4000}, 2052)
    >>> print(t.words)
    C(40, 3) = 40 × 39 × 38 / (3 × 2 × 1) = 59,280 / 6 = 9,880 three-card hands.
    The most likely score is 10: 2,596 of the 9,880 hands (26.3%).
    31 (an Ace and two figures of one suit): 12 hands, 4 suits × C(3, 2) = 3 pairs of figures.
    """
    from .. import trentuno

    rules = trentuno.DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, trentuno.TrentunoRules):
        raise SetteKitError(_("rules={rules}: give a sette_kit.trentuno.TrentunoRules").format(rules=shown(rules)))
    counts: Counter[int] = Counter()
    suits: Counter[int] = Counter()
    three: Counter[int] = Counter()
    for h in itertools.combinations(FULL_DECK, 3):
        points = trentuno.score(h, rules).total
        n_suits = len({c.suit for c in h})
        counts[points] += 1
        suits[n_suits] += 1
        if n_suits == 3:
            three[points] += 1
    total = sum(counts.values())
    best = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    words = "\n".join((
        _("C(40, 3) = 40 × 39 × 38 / (3 × 2 × 1) = {ordered} / 6 = {total} three-card hands.").format(
            ordered=fmt.whole(59280), total=fmt.whole(total)),
        _("The most likely score is {score}: {n} of the {total} hands ({percent}).").format(
            score=best[0], n=fmt.whole(best[1]), total=fmt.whole(total), percent=fmt.percent(Fraction(best[1], total), 1)),
        _("31 (an Ace and two figures of one suit): {n} hands, 4 suits × C(3, 2) = 3 pairs of figures.").format(
            n=counts[31])))
    return TrentunoCount(total, dict(sorted(counts.items())), best, words, dict(sorted(suits.items())),
                         dict(sorted(three.items())))


# -- Quattro e mezzo: a ranking that is not transitive -----------------------------------------

_REPS = {  # a hand of each standing total, without the matta; suit a for one seat, b for the other
    Fraction(9, 2): ("4", "F"), Fraction(5): ("5",), Fraction(11, 2): ("5", "F"), Fraction(6): ("6",),
    Fraction(13, 2): ("6", "F"), Fraction(7): ("7",), Fraction(15, 2): ("7", "F")}


def _rep(total, suit: str):
    return " ".join(r + suit for r in _REPS[total])


class Duel(NamedTuple):
    """Two hands head to head (Q2): the winner's and the loser's totals and the reason."""

    winner: Fraction
    loser: Fraction
    hands: tuple
    reason: str


class QuattroCycle(NamedTuple):
    """A cycle of :func:`quattro_cycle`: ``duels`` A beats B, B beats C, C beats A; and
    ``all_three``: who wins when the three hands meet at one table."""

    duels: tuple
    all_three: str
    words: str


def quattro_duels(rules=None) -> dict:
    """Every pair of standing totals (4½ ... 7½) head to head under
    :func:`sette_kit.quattro.showdown`, with hands of one suit each and no matta:
    ``{(a, b): winner}``.

    >>> d = quattro_duels()
    >>> d[(Fraction(5), Fraction(9, 2))], d[(Fraction(9, 2), Fraction(15, 2))], d[(Fraction(15, 2), Fraction(5))]
    (Fraction(5, 1), Fraction(9, 2), Fraction(15, 2))
    """
    from .. import quattro

    out = {}
    for a, b in itertools.permutations(_REPS, 2):
        r = quattro.showdown([_rep(a, "c"), _rep(b, "s")], rules=rules)
        out[(a, b)] = (a, b)[r.winners[0]] if len(r.winners) == 1 else None
    return out


def quattro_cycle(rules=None) -> QuattroCycle:
    """Quattro e mezzo's ranking (Q2) is not transitive: a 5 beats a 4½, a 4½ beats a
    7½ (and every other hand), and a 7½ beats a 5 (as every hand but 4½ does).  So
    "beats" has a cycle and there is no best hand - and at a table of three, the 5 wins
    though the 7½ beats it head to head (the 5 beats the 4½ "whatever else is on the
    table").  (Quattro e mezzo is a reconstruction from a rough source: see
    :mod:`sette_kit.quattro`.)

    >>> c = quattro_cycle()
    >>> [(fmt_points(d.winner), fmt_points(d.loser)) for d in c.duels]
    [('5', '4½'), ('4½', '7½'), ('7½', '5')]
    >>> c.all_three
    '5'
    """
    from .. import quattro

    a, b, c = Fraction(5), Fraction(9, 2), Fraction(15, 2)
    duels = []
    for x, y in ((a, b), (b, c), (c, a)):
        hands = (_rep(x, "c"), _rep(y, "s"))
        r = quattro.showdown(list(hands), rules=rules)
        if r.winners != (0,):  # pragma: no cover - Q2 as implemented
            raise RuntimeError("quattro.showdown no longer ranks 5 > 4½ > 7½ > 5")  # a bug, not bad input
        duels.append(Duel(x, y, hands, r.reason))
    three = quattro.showdown([_rep(a, "c"), _rep(b, "d"), _rep(c, "s")], rules=rules)
    winner = fmt_points((a, b, c)[three.winners[0]])
    words = "\n".join((
        _("5 beats 4½ (Q2: a 5 loses to everything except 4½, and beats a 4½); "
          "4½ beats 7½ (4½ beats every other hand); 7½ beats 5 (by total). "
          "So A beats B, B beats C and C beats A: the ranking is not transitive, and no hand is best."),
        _("All three at one table: the {winner} wins ({reason})").format(winner=winner, reason=three.reason)))
    return QuattroCycle(tuple(duels), winner, words)


# -- card counting across rounds (S18) ---------------------------------------------------------

class ShoeRound(NamedTuple):
    """One round dealt from a :class:`Shoe`."""

    number: int
    player: tuple
    bank: tuple
    stake: object
    result: object         # the player's result in money (stake × multiplier)
    predicted: object      # the player's expected result per unit at the start of the round (counting player)
    reshuffled: bool       # the deck ran out during the round and was reshuffled (S18)
    left: int              # cards left in the deck after the round


class ShoeRow(NamedTuple):
    """A first card's odds now (given the cards seen) and from a fresh deck."""

    card: str
    left: int
    probability: Fraction    # P(the next first card is one of these)
    bust_now: Fraction | None     # P(one more card busts a hand of just this card), given the cards seen
    bust_fresh: Fraction
    ev_now: object | None         # expected result per unit holding this first card (optimal play)
    ev_fresh: object
    decision_now: str | None
    decision_fresh: str


_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "figure", "matta")


class Shoe:
    """One deck dealt round after round while the bank stays (S18): the cards of each
    finished round are out until the deck runs out mid-round, when the cards not on the
    table are shuffled back in.  Heads-up: one player against the bank.

    ``player``: ``"counting"`` (default) plays each round optimally for the cards left
    - it solves the game on the depleted deck (``odds.solve(seen=...)``); ``"basic"``
    plays the fresh-deck optimal strategy; or ``odds.stand_at(x)``.  ``stakes``: a pair
    ``(min, max)``: the counting and basic players stake the maximum when their first
    card's expected result (for the deck they assume) is positive (S9); default a flat 1.

    Every card of a finished round is shown (a bust at once, S10; the rest at the
    settlement), so ``seen`` is every card of the rounds since the last shuffle.
    Approximation, stated: the depleted-deck solution has no reshuffle inside a round
    (S18), so its odds are exact only while a round cannot run out of cards (about
    20 cards or more left); after a reshuffle in a round the counting player uses the
    fresh-deck solution for the rest of it, which is then exact again.

    >>> shoe = Shoe("plain", seed=3)
    >>> r = shoe.deal_round()
    >>> r.number, len(shoe.seen) == len(r.player) + len(r.bank), shoe.left == 40 - len(shoe.seen)
    (1, True, True)
    >>> shoe.bust_probability("6c") == __import__("sette_kit").odds.bust_probability("6c", seen=shoe.seen)
    True
    """

    def __init__(self, rules: Rules | str = "plain", *, dealer=None, player="counting", stakes=None, seed=None,
                 exact: bool = True) -> None:
        from .. import odds

        self.rules = as_rules(rules)
        self.dealer = stand_at(5) if dealer is None else dealer
        if not isinstance(self.dealer, (StandAt, BankSeesPlayer)):
            raise SetteKitError(_("dealer={dealer}: use odds.stand_at(x) or odds.sees_player()").format(
                dealer=shown(dealer)))
        if not (player in ("counting", "basic") or isinstance(player, StandAt)):
            raise SetteKitError(_("player={player}: accepted 'counting', 'basic' or odds.stand_at(x)").format(
                player=shown(player)))
        self.player = player
        if stakes is None:
            self._lo = self._hi = 1
        else:
            from ..odds._staking import _amount

            if not (isinstance(stakes, tuple) and len(stakes) == 2):
                raise SetteKitError(_("stakes={stakes}: give (min_stake, max_stake), such as (1, 10)").format(
                    stakes=shown(stakes)))
            self._lo, self._hi = _amount(stakes[0], "min_stake"), _amount(stakes[1], "max_stake")
            if self._lo > self._hi:
                raise SetteKitError(_("stakes={stakes}: the minimum is more than the maximum").format(
                    stakes=shown(stakes)))
        read_seed(seed)  # at most 256 bits, as every seed of the kit
        self.seed, self.exact = seed, exact
        self._rng = random.Random(seed)
        self._deck = list(FULL_DECK)
        self._rng.shuffle(self._deck)
        self._seen: list = []
        self.rounds: list = []
        self._fresh = odds.solve(self.rules, dealer=self.dealer, exact=exact)
        self._cache: dict = {}

    # -- what is known -------------------------------------------------------------------------
    @property
    def seen(self) -> tuple:
        """The cards seen since the last shuffle (out of the deck)."""
        return tuple(self._seen)

    @property
    def left(self) -> int:
        """How many cards are left in the deck."""
        return len(self._deck)

    def solution(self):
        """The heads-up game solved for the cards left (``odds.solve(seen=self.seen)``);
        the fresh-deck solution when fewer than 2 are left (the next round then starts
        with a reshuffle, S18).

        >>> shoe = Shoe("plain", seed=1)
        >>> _ = shoe.play(4)
        >>> f"{float(shoe.solution().ev):+.4f} now, {float(Shoe('plain').solution().ev):+.4f} from a fresh deck"
        '-0.1429 now, -0.1637 from a fresh deck'
        """
        from .. import odds

        if not self._seen or len(self._deck) < 2:
            return self._fresh
        key = frozenset(self._seen)
        sol = self._cache.get(key)
        if sol is None:
            self._cache.clear()  # one deck state at a time
            # the Solution itself, not odds.solve: near the end of the deck a round could
            # run out of cards, and the stated approximation above is then used (odds.solve
            # refuses such a deck); Solution.runs_out says when it is
            gone = set(self._seen)
            sol = self._cache[key] = odds.Solution(self.rules, self.dealer, self.exact,
                                                   deck=[c for c in FULL_DECK if c not in gone])
        return sol

    def _hand(self, cards):
        from ..odds import _cards

        cards = _cards(cards, self.rules, "cards")
        gone = [c for c in cards if c in set(self._seen)]
        if gone:
            raise SetteKitError(_("{cards} has been seen this deck: it cannot be in your hand").format(
                cards=", ".join(c.name(self.rules.face) for c in gone)))

        return cards

    def bust_probability(self, cards) -> Fraction:
        """P(one more card busts ``cards``) given the cards seen (``odds.bust_probability``)."""
        from .. import odds

        return odds.bust_probability(self._hand(cards), seen=self._seen, rules=self.rules, exact=self.exact)

    def decision(self, cards) -> str:
        """The best decision holding ``cards`` for the cards left ("hit" or "stand").

        >>> shoe = Shoe("plain", seed=1)
        >>> before = shoe.decision("5d")
        >>> _ = shoe.play(4)
        >>> before, shoe.decision("5d")
        ('stand', 'hit')
        """
        return self.solution().decision(self._hand(cards))

    def table(self) -> list:
        """For every first card: how many are left, the bust chance of one more card, the
        expected result and the best decision - now (given the cards seen) and from a
        fresh deck.

        >>> shoe = Shoe("plain", seed=1)
        >>> _ = shoe.play(4)
        >>> row = next(r for r in shoe.table() if r.card == "5")
        >>> row.left, (row.bust_now, row.decision_now), (row.bust_fresh, row.decision_fresh)
        (2, (Fraction(5, 12), 'hit'), (Fraction(19, 39), 'stand'))
        """
        from .. import odds

        sol, fresh = self.solution(), self._fresh
        now, then = sol.ev_by_first_card(), fresh.ev_by_first_card()
        seen = set(self._seen)
        rows = []
        for name in then:
            cls = _NAMES.index(name)
            cards = [c for c in FULL_DECK if card_class(c, self.rules) == cls]
            left = [c for c in cards if c not in seen]
            rep = cards[0]
            bust_fresh = odds.bust_probability((rep,), rules=self.rules, exact=self.exact)
            if left and len(self._deck) >= 2:
                r = left[0]
                bust_now = odds.bust_probability((r,), seen=self._seen, rules=self.rules, exact=self.exact)
                ev_now, dec_now = now[name].ev, sol.decision((r,))
            else:
                bust_now = ev_now = dec_now = None
            p = Fraction(len(left), len(self._deck)) if self._deck else Fraction(0)
            rows.append(ShoeRow(name, len(left), p, bust_now, bust_fresh, ev_now, then[name].ev, dec_now,
                                fresh.decision((rep,))))
        return rows

    # -- dealing ---------------------------------------------------------------------------------
    def deal_round(self) -> ShoeRound:
        """Deal and play one round; the deck carries over (S18)."""
        rules, rng = self.rules, self._rng
        start = self.solution()
        sol = start if self.player == "counting" else self._fresh
        predicted = start.ev if self.player == "counting" else None
        player: list = []
        bank: list = []
        reshuffled = False

        def draw():
            nonlocal reshuffled
            if not self._deck:  # S18: shuffle the cards not on the table into a new deck
                table = set(player) | set(bank)
                self._deck = [c for c in FULL_DECK if c not in table]
                rng.shuffle(self._deck)
                reshuffled = True
            return self._deck.pop()

        player.append(draw())
        bank.append(draw())
        stake = self._lo
        if self._hi != self._lo and self.player in ("counting", "basic"):
            model = self._fresh if reshuffled else sol
            first = _NAMES[card_class(player[0], rules)]
            stake = self._hi if model.ev_by_first_card()[first].ev > 0 else self._lo
        while True:
            s = score(tuple(player), rules)
            if s.bust or s.half_points >= 15 or s.kind == "triple":  # S10
                break
            if isinstance(self.player, StandAt):
                hit = self.player.wants_card(s.half_points)
            else:
                hit = (self._fresh if reshuffled else sol).decision(tuple(player)) == "hit"
            if not hit:
                break
            player.append(draw())
        ps = score(tuple(player), rules)
        if ps.bust:
            mult = -1  # S10: a bust loses at once
        else:
            while True:
                bs = score(tuple(bank), rules)
                if bs.bust or bs.half_points >= 15 or bs.kind == "triple" or \
                        not self.dealer.wants_card(bs.half_points, ps.half_points):
                    break
                bank.append(draw())
            mult = outcome(ps, bs, rules).multiplier
        if reshuffled:
            self._seen = player + bank
        else:
            self._seen += player + bank
        r = ShoeRound(len(self.rounds) + 1, tuple(player), tuple(bank), stake, stake * mult, predicted,
                      reshuffled, len(self._deck))
        self.rounds.append(r)
        return r

    def play(self, rounds: int) -> list:
        """Deal ``rounds`` rounds; returns them.

        >>> [(r.number, r.result) for r in Shoe("plain", seed=1).play(3)]
        [(1, -1), (2, 1), (3, -1)]
        """
        rounds = _int_arg(rounds, "rounds", 1, 100_000)
        return [self.deal_round() for _ in range(rounds)]

    def __repr__(self) -> str:
        who = self.player if isinstance(self.player, str) else repr(self.player)
        return (f"<Shoe {self.rules.name}, {who} player vs {self.dealer!r}: {len(self.rounds)} rounds, "
                f"{self.left} cards left, seed {self.seed}>")


# -- for the shoe widget: one hand now and from a fresh deck; the deck left by value ----------------

class HandNow(NamedTuple):
    """The answer of :func:`compare_hand`: one hand's odds given the cards seen (``now``)
    and from a freshly shuffled deck (``fresh``: only the hand is out).  The ``now``
    values are None when fewer than 2 cards are left (the next round starts with a
    reshuffle, S18)."""

    cards: tuple
    left: int
    bust_now: Fraction | None
    bust_fresh: Fraction
    decision_now: str | None
    decision_fresh: str
    counting: str          # the counting behind ``bust_now`` (or ``bust_fresh``), in words
    stand_now: object = None   # the expected result of standing, with the cards left (None: see above)
    hit_now: object = None     # the expected result of hitting once and then playing best, with the cards left

    @property
    def changed(self) -> bool:
        """True when the cards seen change the best decision."""
        return self.decision_now is not None and self.decision_now != self.decision_fresh

    @property
    def gain(self):
        """What remembering the cards is worth on this hand, per unit staked: the
        expected result of the best play now minus that of the fresh deck's best play,
        both played with the cards that are really left (0 when the decision does not
        change; None when the ``now`` values are).

        >>> shoe = Shoe("plain", seed=1)
        >>> _ = shoe.play(4)
        >>> h = compare_hand(shoe, "5 di denari")
        >>> f"stand {float(h.stand_now):+.3f}, hit {float(h.hit_now):+.3f}: gain {float(h.gain):.3f}"
        'stand -0.503, hit -0.380: gain 0.123'
        """
        if self.stand_now is None or self.hit_now is None:
            return None
        value = {"stand": self.stand_now, "hit": self.hit_now}
        return value[self.decision_now] - value[self.decision_fresh]


def compare_hand(shoe: Shoe, cards) -> HandNow:
    """Holding ``cards``, the chance that one more card busts you and the best decision
    for the cards left in ``shoe`` (S18: the deck carries over), beside the same from a
    fresh deck.

    >>> shoe = Shoe("plain", seed=1)
    >>> _ = shoe.play(4)
    >>> h = compare_hand(shoe, "5 di denari")
    >>> (h.bust_now, h.decision_now), (h.bust_fresh, h.decision_fresh), h.changed
    ((Fraction(5, 12), 'hit'), (Fraction(19, 39), 'stand'), True)
    """
    from .. import odds

    if not isinstance(shoe, Shoe):
        raise SetteKitError(_("shoe={shoe}: give a counting.Shoe").format(shoe=shown(shoe)))
    mine = shoe._hand(cards)
    if not mine:
        raise SetteKitError(_("cards: give at least one card, such as '5 di bastoni'"))
    rules = shoe.rules
    bust_fresh = odds.bust_probability(mine, rules=rules, exact=shoe.exact)
    decision_fresh = shoe._fresh.decision(mine)
    stand_now = hit_now = None
    if shoe.left >= 2:
        bust_now = shoe.bust_probability(mine)
        sol = shoe.solution()
        decision_now = sol.decision(mine)
        stand_now = sol.ev_of(mine, "stand")
        try:
            hit_now = sol.ev_of(mine, "hit")
        except SetteKitError:  # a finished hand (7½, a triple) cannot draw
            hit_now = None
        words = odds.explain_bust(mine, seen=shoe.seen, rules=rules)
    else:
        bust_now = decision_now = None
        words = odds.explain_bust(mine, rules=rules)
    return HandNow(mine, shoe.left, bust_now, bust_fresh, decision_now, decision_fresh, words, stand_now, hit_now)


class ValueCount(NamedTuple):
    """One card value of :func:`shoe_counts`: how many the deck has in all, how many
    have been seen since the last shuffle, how many are left."""

    card: str
    total: int
    seen: int
    left: int


def shoe_counts(shoe: Shoe) -> list:
    """The deck of ``shoe`` counted by value (the class names of
    :meth:`Shoe.table`: "Ace", "2" ... "7", "figure", and "matta" where it is wild).

    >>> shoe = Shoe("plain", seed=1)
    >>> _ = shoe.play(4)
    >>> [(v.card, v.left) for v in shoe_counts(shoe)]     # doctest: +NORMALIZE_WHITESPACE
    [('Ace', 2), ('2', 3), ('3', 3), ('4', 3), ('5', 2), ('6', 2), ('7', 1), ('figure', 9)]
    >>> sum(v.seen for v in shoe_counts(shoe)) == len(shoe.seen)
    True
    """
    if not isinstance(shoe, Shoe):
        raise SetteKitError(_("shoe={shoe}: give a counting.Shoe").format(shoe=shown(shoe)))
    seen = set(shoe.seen)

    totals: dict = {}
    gone: dict = {}
    for c in FULL_DECK:
        k = card_class(c, shoe.rules)
        totals[k] = totals.get(k, 0) + 1
        gone[k] = gone.get(k, 0) + (c in seen)
    return [ValueCount(_NAMES[k], totals[k], gone[k], totals[k] - gone[k]) for k in sorted(totals)]
