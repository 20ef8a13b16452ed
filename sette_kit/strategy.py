"""Heads-up drawing policies and the composition key shared by the odds engine and the
simulator (``odds.stand_at``).

A policy says whether a hand draws another card.  Totals are in half points (7 1/2 is
15), as everywhere in hot code.

>>> p = stand_at(5)
>>> p, p.wants_card(9), p.wants_card(10)
(stand_at(5), True, False)
>>> stand_at("5.5").threshold_half_points
11
>>> b = BankSeesPlayer()
>>> b.wants_card(8, player_half_points=10), b.wants_card(10, player_half_points=10)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .cards import Card, _items
from .errors import SetteKitError
from .i18n import _
from .numbers import read_halves, shown

__all__ = ["StandAt", "BankSeesPlayer", "stand_at", "sees_player", "card_class",
           "composition_key", "CLASS_WEIGHTS", "CLASS_HALF_POINTS", "N_CLASSES"]


@dataclass(frozen=True)
class StandAt:
    """Draw while the total is under a threshold (a blind policy: it sees only its own hand).

    ``threshold_half_points`` is the threshold in half points, a whole number from 1 (½)
    to 16 (8), checked here, where the value is made: :func:`stand_at` takes
    the threshold in points.

    >>> StandAt(10) == stand_at(5)
    True
    >>> StandAt(-5)
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: StandAt(threshold_half_points=-5): accepted a whole number of half points from 1 to 16 (½ to 8); stand_at(x) takes x in points
    """

    threshold_half_points: int

    def __post_init__(self) -> None:
        v = self.threshold_half_points
        if type(v) is not int or not 1 <= v <= 16:
            raise SetteKitError(_("StandAt(threshold_half_points={value}): accepted a whole number of half points "
                                  "from 1 to 16 (½ to 8); stand_at(x) takes x in points").format(value=shown(v)))

    def wants_card(self, half_points: int, player_half_points: int | None = None) -> bool:
        return half_points < self.threshold_half_points

    @property
    def threshold(self) -> Fraction:
        return Fraction(self.threshold_half_points, 2)

    def __repr__(self) -> str:
        t = self.threshold
        return f"stand_at({t.numerator if t.denominator == 1 else float(t)})"


@dataclass(frozen=True)
class BankSeesPlayer:
    """The all-seeing bank: it sees the player's total and draws until its own total is
    at least the player's, or it busts.  With ties to the bank this bounds what any bank
    can do against a player who has not bust."""

    def wants_card(self, half_points: int, player_half_points: int | None = None) -> bool:
        if player_half_points is None:
            raise SetteKitError(_("BankSeesPlayer needs the player's total (player_half_points)"))
        return half_points < player_half_points

    def __repr__(self) -> str:
        return "sees_player()"


def stand_at(x) -> StandAt:
    """The policy "draw while the total is under ``x``" (``x`` from 1/2 to 8, in steps of 1/2).

    >>> stand_at(Fraction(11, 2)) == stand_at(5.5) == stand_at("11/2")
    True
    """
    # the size and form of the number are checked before it becomes a Fraction
    value = read_halves(x, "stand_at", "1/2", 8, accepted=_("thresholds from ½ to 8 in steps of ½, such as 5 or 5.5"))
    return StandAt(int(value * 2))


def sees_player() -> BankSeesPlayer:
    """The bank that sees the player's total (see :class:`BankSeesPlayer`)."""
    return BankSeesPlayer()


# -- compositions ----------------------------------------------------------------------
# A hand's state for the exact engine and the simulator is the multiset of its cards'
# classes, not their order (as exact blackjack analysers do).  Classes:
# 0..6 = Ace..7, 7 = a figure that is not the matta, 8 = the matta.
N_CLASSES = 9
CLASS_HALF_POINTS = (2, 4, 6, 8, 10, 12, 14, 1, 1)  # the matta's face value is 1/2
CLASS_WEIGHTS = tuple(13 ** i for i in range(N_CLASSES))  # counts never exceed 12


def card_class(card: Card, rules) -> int:
    """The class of a card under ``rules`` (0-6 Ace..7, 7 figure, 8 the matta)."""
    if rules.is_matta(card):
        return 8
    return 7 if card.is_figure else int(card.rank) - 1


def composition_key(cards, rules) -> int:
    """An integer naming the multiset of card classes in a hand: the sum of
    ``CLASS_WEIGHTS[card_class(c)]``.  Order does not matter.

    >>> from sette_kit import parse_cards, Rules
    >>> plain = Rules.preset("plain")
    >>> composition_key(parse_cards("3c Fd"), plain) == composition_key(parse_cards("Fs 3d"), plain)
    True
    """
    if isinstance(cards, str) or not all(isinstance(c, Card) for c in _items(cards, "composition_key")):
        raise SetteKitError(_("composition_key takes a list of Cards, not {value}").format(value=shown(cards)))
    return sum(CLASS_WEIGHTS[card_class(c, rules)] for c in cards)
