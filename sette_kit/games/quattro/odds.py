"""Exact Quattro e mezzo odds, with the counting that gives them (Q1-Q4 of ``docs/rules.md``).

:class:`Odds`; :func:`next_card` (the hand after one more card), :func:`odds_four_and_half`
(the next card making exactly 4½, and making it eventually, Q2) and
:func:`odds_double_six` (a declared first 6 completed, Q3), counted over the unseen cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from ... import fmt
from ...cards import FULL_DECK, Card, Rank
from ...errors import SetteKitError
from ...i18n import _, ngettext
from ...scoring import card_value, fmt_points
from .rules import FOUR_AND_HALF, QuattroRules, as_rules
from .scoring import _as_cards, _options, score

__all__ = ["Odds", "next_card", "odds_four_and_half", "odds_double_six"]

@dataclass(frozen=True)
class Odds:
    """An exact probability with the counting that gives it.

    ``probability`` (a Fraction), ``favourable`` and ``unseen`` (card counts, when the
    answer is one card), ``eventually`` (for :func:`odds_four_and_half`: the chance of
    ever making 4½ when drawing for it) and ``text``, the counting in words.
    """

    probability: Fraction
    favourable: int
    unseen: int
    text: str
    eventually: Fraction | None = None
    detail: Mapping = field(default_factory=dict, compare=False)

    def explain(self) -> str:
        return self.text

    def __float__(self) -> float:
        return float(self.probability)


def _pct(p: Fraction) -> str:
    return fmt.percent(p, 1)


def _unseen(cards: tuple, seen, rules: QuattroRules) -> tuple[Card, ...]:
    if seen is None or (isinstance(seen, str) and not seen.strip()):
        seen = ()
    seen = _as_cards(seen, rules.face)
    overlap = set(cards) & set(seen)
    if overlap:
        raise SetteKitError(_("{cards} is both in the hand and in seen=").format(
            cards=", ".join(c.name(rules.face) for c in overlap)))
    gone = set(cards) | set(seen)
    return tuple(c for c in FULL_DECK if c not in gone)


def _class(card: Card, rules: QuattroRules) -> int:
    """0 = a figure (½), 1-7 = its value, 8 = the matta."""
    if rules.is_matta(card):
        return 8
    return 0 if card.is_figure else int(card.rank)


def _cw(k: int, n: int) -> str:
    if k == 8:
        return _("the matta")
    words = {0: lambda: ngettext("{n} figure", "{n} figures", n), 1: lambda: ngettext("{n} ace", "{n} aces", n),
             2: lambda: ngettext("{n} two", "{n} twos", n), 3: lambda: ngettext("{n} three", "{n} threes", n),
             4: lambda: ngettext("{n} four", "{n} fours", n), 5: lambda: ngettext("{n} five", "{n} fives", n),
             6: lambda: ngettext("{n} six", "{n} sixes", n), 7: lambda: ngettext("{n} seven", "{n} sevens", n)}
    return words[k]().format(n=n)


def next_card(cards, seen=(), rules: QuattroRules | None = None, *, double_six: bool | None = None) -> dict:
    """The exact distribution of the hand after one more card: hand name -> probability.

    Names are those of :attr:`QuattroScore.name` ('4½', '7½', '5', '6½', 'bust', 'double
    six', 'mega 4½', '3½' ...).  ``double_six`` as in :func:`score`.

    >>> d = next_card("6c", double_six=True)
    >>> d["double six"], d["bust"]
    (Fraction(4, 39), Fraction(20, 39))
    """
    rules = as_rules(rules)
    cards = _as_cards(cards, rules.face)
    rest = _unseen(cards, seen, rules)
    if not rest:
        raise SetteKitError(_("no unseen card is left to draw"))
    if double_six is None:
        double_six = False
    reps: dict[int, list] = {}
    for c in rest:
        reps.setdefault(_class(c, rules), []).append(c)
    out: dict[str, Fraction] = {}
    for k, cs in reps.items():
        # all cards of a class score alike, except that a 6 completes a double six
        s = score(cards + (cs[0],), rules, double_six=double_six and len(cards) == 1)
        out[s.name] = out.get(s.name, Fraction(0)) + Fraction(len(cs), len(rest))
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def odds_four_and_half(cards, seen=(), rules: QuattroRules | None = None) -> Odds:
    """The chance that the next card makes exactly 4½ (a mega 4½ included), and the chance
    of making 4½ eventually when drawing for it: drawing while 4½ can still be made and
    stopping as soon as the hand can be 4½ (``.eventually``).  Exact, with the counting.

    >>> o = odds_four_and_half("4 di coppe")
    >>> o.probability, o.favourable, o.unseen, o.eventually
    (Fraction(4, 13), 12, 39, Fraction(4, 13))
    >>> print(o.text)
    You have 4. Cards that make exactly 4½: 11 figures + the matta, 12 of the 39 unseen cards: 12/39 = 4/13 ≈ 30.8%.
    Drawing for 4½ (draw while it can still be made, stop as soon as the hand can be 4½), the chance of making it at some point is 4/13 ≈ 30.8%.
    >>> odds_four_and_half("3 di coppe").probability      # no card is worth 1½
    Fraction(0, 1)
    """
    rules = as_rules(rules)
    cards = _as_cards(cards, rules.face)
    if not cards:
        raise SetteKitError(_("give the cards of the hand, e.g. '3 di coppe'"))
    rest = _unseen(cards, seen, rules)
    now = score(cards, rules, double_six=False)
    counts = [0] * 9
    for c in rest:
        counts[_class(c, rules)] += 1
    fav: dict[int, int] = {}
    for k in range(9):
        if counts[k]:
            probe = next(c for c in rest if _class(c, rules) == k)
            if any(o.total == FOUR_AND_HALF for o in _options(cards + (probe,), rules, False)):
                fav[k] = counts[k]
    n_fav = sum(fav.values())
    p = Fraction(n_fav, len(rest)) if rest else Fraction(0)
    matta_in = any(rules.is_matta(c) for c in cards)
    base_hp = sum(int(card_value(c) * 2) for c in cards if not rules.is_matta(c))
    allowed = tuple(int(v * 2) for v in rules.matta_values)
    ev = _eventually(base_hp, matta_in, len(cards), tuple(counts), allowed)
    have = fmt_points(now.total) if not matta_in else _("{points} and the matta").format(
        points=fmt_points(Fraction(base_hp, 2)))
    lines = []
    if fav:
        names = " + ".join(_cw(k, n) for k, n in sorted(fav.items()))
        frac = f"{n_fav}/{len(rest)}" + (f" = {p.numerator}/{p.denominator}" if p.denominator != len(rest) else "")
        lines.append(_("You have {have}. Cards that make exactly 4½: {names}, {n} of the {unseen} "
                       "unseen cards: {fraction} ≈ {percent}.").format(have=have, names=names, n=n_fav,
                                                                      unseen=len(rest), fraction=frac,
                                                                      percent=_pct(p)))
    else:
        lines.append(_("You have {have}. No card can make exactly 4½ next: 0 of the {unseen} unseen "
                       "cards.").format(have=have, unseen=len(rest)))
    if ev == 0 and not fav:
        lines.append(_("4½ cannot be made any more: every card adds at least ½."))
    elif ev is not None:
        lines.append(_("Drawing for 4½ (draw while it can still be made, stop as soon as the hand can be 4½), "
                       "the chance of making it at some point is {fraction} ≈ {percent}.").format(
            fraction=f"{ev.numerator}/{ev.denominator}", percent=_pct(ev)))
    return Odds(p, n_fav, len(rest), "\n".join(lines), ev, MappingProxyType(dict(fav)))


def _eventually(base_hp: int, matta: bool, n: int, counts: tuple, allowed: tuple) -> Fraction:
    @lru_cache(maxsize=None)
    def f(base: int, m: bool, counts: tuple) -> Fraction:
        if (m and (9 - base) in allowed) or (not m and base == 9):
            return Fraction(1)
        lo = base + (min(allowed) if m else 0)
        if lo > 9:
            return Fraction(0)
        total = sum(counts)
        if not total:
            return Fraction(0)
        acc = Fraction(0)
        for k, c in enumerate(counts):
            if not c:
                continue
            nxt = list(counts)
            nxt[k] -= 1
            if k == 8:
                acc += c * f(base, True, tuple(nxt))
            else:
                acc += c * f(base + (1 if k == 0 else 2 * k), m, tuple(nxt))
        return acc / total

    return f(base_hp, matta, counts)


def odds_double_six(first=None, seen=(), rules: QuattroRules | None = None) -> Odds:
    """From a declared first 6 (Q3): the chance that the next card is a 6 or the matta.

    ``first`` is the first card (default: a 6 not in ``seen``).

    >>> o = odds_double_six("6 di coppe")
    >>> o.probability
    Fraction(4, 39)
    >>> print(o.text)
    3 sixes + 1 matta of the 39 unseen cards: 4/39 ≈ 10.3%.
    >>> odds_double_six("6 di coppe", seen="6 di spade, Re di denari").text
    '2 sixes + 0 matta of the 37 unseen cards: 2/37 ≈ 5.4%.'
    """
    rules = as_rules(rules)
    seen_cards = _as_cards(seen, rules.face) if seen and not (isinstance(seen, str) and not seen.strip()) else ()
    if first is None:
        first = next((c for c in FULL_DECK if c.rank == Rank.SEI and c not in seen_cards), None)
        if first is None:
            raise SetteKitError(_("every 6 is in seen=: no first 6 is possible"))
    elif not isinstance(first, Card):
        cs = _as_cards(first, rules.face)
        if len(cs) != 1:
            raise SetteKitError(_("first= is one card, the first card 6 (Q3)"))
        first = cs[0]
    if first.rank != Rank.SEI or rules.is_matta(first):
        raise SetteKitError(_("a double six starts from a first card 6 (Q3), not {card}").format(
            card=first.name(rules.face)))
    rest = _unseen((first,), seen_cards, rules)
    sixes = sum(1 for c in rest if c.rank == Rank.SEI and not rules.is_matta(c))
    mattas = sum(1 for c in rest if rules.is_matta(c))
    fav = sixes + mattas
    p = Fraction(fav, len(rest))
    frac = f"{fav}/{len(rest)}" + (f" = {p.numerator}/{p.denominator}" if p.denominator != len(rest) else "")
    if rules.matta is not None:
        text = ngettext("{sixes} six + {mattas} matta of the {unseen} unseen cards: {fraction} ≈ {percent}.",
                        "{sixes} sixes + {mattas} matta of the {unseen} unseen cards: {fraction} ≈ {percent}.",
                        sixes)
    else:
        text = ngettext("{sixes} six of the {unseen} unseen cards: {fraction} ≈ {percent}.",
                        "{sixes} sixes of the {unseen} unseen cards: {fraction} ≈ {percent}.", sixes)
    text = text.format(sixes=sixes, mattas=mattas, unseen=len(rest), fraction=frac, percent=_pct(p))

    return Odds(p, fav, len(rest), text, None, MappingProxyType({"sixes": sixes, "matta": mattas}))
