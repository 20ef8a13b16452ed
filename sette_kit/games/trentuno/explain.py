"""Trentuno in words (docs/rules.md T2, T7): how a hand scores, step by step, and the
small joining of names the engine's event texts use.

>>> print(explain(parse_cards("Asso di coppe, Re di coppe, Fante di coppe")))
coppe: Asso di coppe 11 + Re di coppe 10 + Fante di coppe 10 = 31.
Best suit coppe: Asso di coppe 11 + Re di coppe 10 + Fante di coppe 10 = 31 in coppe (T2).
31 is the most a hand can make: it is shown at once and ends the hand (T7).
"""

from __future__ import annotations

from ...cards import Suit, parse_cards, suit_name  # noqa: F401 (parse_cards: the doctests)
from ...i18n import _
from .rules import TrentunoRules, _rules
from .scoring import _cards, card_points, score

__all__ = ["explain"]


def explain(cards, rules: TrentunoRules | None = None) -> str:
    """Explain step by step how a hand scores (T2).

    >>> print(explain(parse_cards("Asso di coppe, 5 di coppe, Re di spade")))
    coppe: Asso di coppe 11 + 5 di coppe 5 = 16.
    spade: Re di spade 10 = 10.
    Best suit coppe: Asso di coppe 11 + 5 di coppe 5 = 16 in coppe (T2).
    Only cards of one suit add up: the hand scores 16.
    """
    rules = _rules(rules)
    s = score(cards, rules)
    cards = _cards(cards)
    lines = []

    def term(cs):
        return " + ".join(f"{c.name(rules.face)} {card_points(c)}" for c in cs)

    for suit in Suit:
        cs = [c for c in cards if c.suit == suit]
        if cs:
            lines.append(f"{suit_name(suit, rules.face)}: {term(cs)} = {sum(map(card_points, cs))}.")
    if s.kind == "three_of_a_kind":
        lines.append(_("Three of a kind of Aces: the option (T2) makes it 30, more than any suit here.")
                     if cards[0].rank == 1 else
                     _("Three of a kind of figures: the option (T2) makes it 30, more than any suit here."))
        lines.append(_("The hand scores {total}.").format(total=30))
        return "\n".join(lines)
    name = suit_name(s.suit, rules.face)  # in the page's words (ES-2: "oros", not "denari")
    lines.append(_("Best suit {suit}: {sum} = {total} in {suit} (T2).").format(suit=name, sum=term(s.cards),
                                                                               total=s.total))
    if s.total == 31:
        lines.append(_("31 is the most a hand can make: it is shown at once and ends the hand (T7)."))
    elif len(cards) > len(s.cards):
        lines.append(_("Only cards of one suit add up: the hand scores {total}.").format(total=s.total))
    else:
        lines.append(_("The hand scores {total}.").format(total=s.total))
    return "\n".join(lines)



def _and(names) -> str:
    """'A', 'A and B', 'A and B and C' (in the current language)."""
    out = None
    for name in names:
        out = name if out is None else _("{names} and {last}").format(names=out, last=name)
    return out
