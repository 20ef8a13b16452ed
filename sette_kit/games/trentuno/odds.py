"""The exact odds of one Trentuno turn (docs/rules.md T2, T5): draw from the stock or take
the visible discard, counted over every card the stock may hold, and said in words.

>>> o = draw_odds(parse_cards("Asso di coppe, 5 di coppe, Re di spade"), parse_card("2 di denari"))
>>> o.p_improve, o.expected_stock, o.discard_score, o.best
(Fraction(1, 3), Fraction(107, 6), 16, 'stock')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from ... import fmt
from ..._checks import read_bool
from ...cards import FULL_DECK, Card, parse_card, parse_cards  # noqa: F401 (parse_cards: the doctests)
from ...errors import SetteKitError
from ...i18n import _
from ...numbers import shown
from .rules import DEFAULT_RULES, TrentunoRules, _rules
from .scoring import _best_discard_idx, _cards, _points, card_points, score

__all__ = ["DrawOdds", "draw_odds"]


@dataclass(frozen=True)
class DrawOdds:
    """The exact odds of one turn: draw from the stock, or take the visible discard.

    ``unseen``: the cards the stock may hold; ``distribution``: new score -> probability
    after drawing from the stock and discarding optimally; ``p_improve``; ``expected_stock``;
    ``discard_score`` (None with no discard) the score after taking the discard and
    discarding optimally (the taken card may not be thrown back, T5); ``best``.
    """

    hand: tuple
    discard_top: Card | None
    current: int
    unseen: int
    improving: int
    p_improve: Any
    distribution: Mapping
    expected_stock: Any
    discard_score: int | None
    best: str
    points_sum: int = 0
    rules: TrentunoRules = field(repr=False, default=DEFAULT_RULES)

    @property
    def expected_discard(self):
        """The score after taking the discard (certain, so expected = actual)."""
        return self.discard_score

    def explain(self) -> str:
        """The counting behind the odds, in words.

        >>> print(draw_odds(parse_cards("Asso di coppe, 5 di coppe, Re di spade"), parse_card("2 di denari")).explain())
        Your hand scores 16 now (Asso di coppe 11 + 5 di coppe 5).
        Cards you have not seen: 40 - 3 in your hand - 1 on the discard pile = 36; the stock card is one of them, each equally likely.
        12 of the 36 unseen cards improve your hand: 12/36 = 1/3.
        After drawing from the stock and discarding the worst card your score would be: 16 with 24/36 = 2/3; 17 with 1/36; 18 with 1/36; 19 with 1/36; 20 with 3/36 = 1/12; 21 with 1/36; 22 with 1/36; 23 with 1/36; 26 with 3/36 = 1/12.
        Expected score after drawing from the stock: the 36 new scores add up to 642, and 642/36 = 17.83.
        Taking 2 di denari from the discard pile gives exactly 16.
        Better: draw from the stock (17.83 > 16).
        """
        f = self.rules.face
        s = score(self.hand, self.rules)
        lines = [_("Your hand scores {score} now ({sum}).").format(
            score=self.current, sum=" + ".join(f"{c.name(f)} {card_points(c)}" for c in s.cards))]
        seen_n = 40 - len(self.hand) - (1 if self.discard_top is not None else 0) - self.unseen
        parts = [_("40 - {n} in your hand").format(n=len(self.hand))]
        if self.discard_top is not None:
            parts.append(_("1 on the discard pile"))
        if seen_n:
            parts.append(_("{n} seen").format(n=seen_n))
        n = self.unseen
        lines.append(_("Cards you have not seen: {count} = {n}; the stock card is one of them, each equally likely.")
                     .format(count=" - ".join(parts), n=n))
        lines.append(_("{k} of the {n} unseen cards improve your hand: {fraction}.").format(
            k=self.improving, n=n, fraction=_count(Fraction(self.improving, n), n)))
        dist = "; ".join(_("{score} with {fraction}").format(score=k, fraction=_count(v, n))
                         for k, v in sorted(self.distribution.items()))
        lines.append(_("After drawing from the stock and discarding the worst card your score would be: {scores}.")
                     .format(scores=dist))
        e = Fraction(self.points_sum, n)
        mean = fmt.decimal(e, 2)
        lines.append(_("Expected score after drawing from the stock: the {n} new scores add up to {total}, and "
                       "{total}/{n} = {mean}.").format(n=n, total=self.points_sum, mean=mean))
        if self.discard_top is None:
            lines.append(_("There is no discard to take: draw from the stock."))
        else:
            lines.append(_("Taking {card} from the discard pile gives exactly {score}.").format(
                card=self.discard_top.name(f), score=self.discard_score))
            if self.best == "discard":
                lines.append(_("Better: take the discard ({score} {sign} {mean}).").format(
                    score=self.discard_score, sign=">" if self.discard_score > e else "=", mean=mean))
            else:
                lines.append(_("Better: draw from the stock ({mean} > {score}).").format(mean=mean,
                                                                                      score=self.discard_score))
        return "\n".join(lines)


def _fmt_p(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _count(p, n: int) -> str:
    k = Fraction(p).limit_denominator(n) * n
    text = f"{int(k)}/{n}"
    red = Fraction(int(k), n)
    return text if red.denominator == n else f"{text} = {_fmt_p(red)}"


def draw_odds(hand, discard_top=None, seen: Iterable = (), rules: TrentunoRules | None = None,
              exact: bool = True) -> DrawOdds:
    """Exact odds for a three-card hand and the visible discard (T2, T5).

    Unseen cards = 40 - own hand - discard top - ``seen``; the stock card is equally
    likely to be any of them.  ``best`` is ``"discard"`` when taking the discard scores
    at least the expected score of drawing from the stock (a sure score beats an equal
    expectation), else ``"stock"``.  ``exact=False`` gives floats (same counts).

    >>> o = draw_odds("Asso di coppe, 5 di coppe, Re di spade", "Re di coppe")
    >>> o.p_improve, o.expected_stock, o.discard_score, o.best
    (Fraction(11, 36), Fraction(158, 9), 26, 'discard')
    >>> o.distribution[26], sum(o.distribution.values())
    (Fraction(1, 18), Fraction(1, 1))
    >>> round(draw_odds("Asso di coppe, 5 di coppe, Re di spade", "Re di coppe", exact=False).p_improve, 6)
    0.305556
    """
    rules = _rules(rules)
    read_bool(exact, "exact")  # None is not False
    hand = _cards(hand)
    if len(hand) != 3:
        raise SetteKitError(_("draw_odds takes a three-card hand, got {n} cards").format(n=len(hand)))
    if isinstance(discard_top, str):
        discard_top = parse_card(discard_top, face=rules.face)
    if discard_top is not None and not isinstance(discard_top, Card):
        raise SetteKitError(_("discard_top={value}: give the top card of the discard pile (a Card or its name), or "
                              "None").format(value=shown(discard_top)))
    seen = _cards(seen, "seen list") if not isinstance(seen, str) or seen.strip() else ()
    known = set(hand)
    if discard_top is not None:
        if discard_top in known:
            raise SetteKitError(_("{card} cannot be both in your hand and on the discard pile").format(
                card=discard_top.name(rules.face)))
        known.add(discard_top)
    for c in seen:
        if c in known:
            raise SetteKitError(_("{card} is listed as seen but is already in your hand or on the discard pile")
                                .format(card=c.name(rules.face)))
    known.update(seen)
    unseen = [c.index for c in FULL_DECK if c not in known]
    n = len(unseen)
    if n == 0:
        raise SetteKitError(_("no unseen cards are left for the stock"))
    toak = rules.three_of_a_kind_30
    idx = [c.index for c in hand]
    now = _points(idx, toak)
    counts: dict[int, int] = {}
    total = 0
    for u in unseen:
        __, s = _best_discard_idx(idx + [u], toak)
        counts[s] = counts.get(s, 0) + 1
        total += s
    improving = sum(k for s, k in counts.items() if s > now)
    conv = (lambda a, b: Fraction(a, b)) if exact else (lambda a, b: a / b)
    dist = {s: conv(k, n) for s, k in sorted(counts.items())}
    expected = conv(total, n)
    dscore = None
    best = "stock"
    if discard_top is not None:
        __, dscore = _best_discard_idx(idx + [discard_top.index], toak, discard_top.index)
        best = "discard" if dscore * n >= total else "stock"
    return DrawOdds(hand, discard_top, now, n, improving, conv(improving, n), MappingProxyType(dist),
                    expected, dscore, best, total, rules)
