"""Quattro e mezzo's options and constants (Q1, Q2, Q4, Q6 of ``docs/rules.md``).

:class:`QuattroRules` (the matta, Q1; the dealer's ties, Q4; the target, Q6; the card
faces, D1), :data:`DEFAULT_RULES` (the one preset: the King of coins as the matta, a
target of 50), the rules coercer :func:`as_rules` (None is the default preset) and the
reader of a saved rules dict, ``_rules_args``.  The hand kinds (Q2-Q4) and the table's
size (Q5, S7) are here too, since every other room of the game reads them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Mapping

from ...cards import Card, FaceName, Rank, Suit
from ...errors import SetteKitError
from ...i18n import N_, _
from ...numbers import shown
from .._engine import replace_checked, rules_or_default, with_matta_card

__all__ = ["QuattroRules", "DEFAULT_RULES", "as_rules", "KINDS", "STANDING_KINDS", "FOUR_AND_HALF",
           "MIN_PLAYERS", "MAX_PLAYERS", "ACTIONS"]

HALF = Fraction(1, 2)
FOUR_AND_HALF = Fraction(9, 2)
SEVEN_AND_HALF = Fraction(15, 2)
KINDS = ("bust", "under", "five", "points", "seven_and_half", "four_and_half", "double_six", "mega")
STANDING_KINDS = ("five", "points", "seven_and_half", "four_and_half", "double_six", "mega")
MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_TARGET = 1000  # Q6: the seed recommends 50 or 100
ActionName = Literal["draw", "stand", "double_six", "next_hand"]
"""The name of an action in a Quattro e mezzo game."""
ACTIONS: tuple[ActionName, ...] = ("draw", "stand", "double_six", "next_hand")
_MATTA_VALUES = (HALF,) + tuple(Fraction(v) for v in range(1, 8))  # Q1


@dataclass(frozen=True)
class QuattroRules:
    """The options of Quattro e mezzo (Q1, Q4, Q6).  Frozen; validated on creation.

    >>> QuattroRules().target, QuattroRules().matta
    (50, Card('Re', 'denari'))
    >>> QuattroRules(target=0)
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: target=0 must be a whole number of points, at least 1 (Q6 recommends 50 or 100)
    """

    target: int = 50  # Q6: the seed recommends 50 or 100
    matta: Card | None = Card(Rank.RE, Suit.DENARI)  # Q1: the King of coins
    face: FaceName = "italian"  # D1: how cards are named
    dealer_wins_all_ties: bool = False  # Q4 reading; True = seed's "dealer always wins a tie"

    def __post_init__(self) -> None:
        t = self.target
        if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= MAX_TARGET:
            if isinstance(t, int) and t > 1:
                raise SetteKitError(_("target={target} must be a whole number of points, at least 1 (Q6 recommends "
                                      "50 or 100); at most {most}").format(target=shown(t), most=MAX_TARGET))
            raise SetteKitError(_("target={target} must be a whole number of points, at least 1 (Q6 recommends "
                                  "50 or 100)").format(target=shown(t)))
        if self.matta is not None and not isinstance(self.matta, Card):
            raise SetteKitError(_("matta={matta} must be a Card (e.g. Card('Re', 'denari')) or None (Q1)").format(
                matta=shown(self.matta)))
        if self.matta is not None and not self.matta.is_figure:  # Q1, as S3: the matta is a figure
            raise SetteKitError(_("matta={matta} must be a figure (Fante, Cavallo or Re), such as Card('Re', "
                                  "'denari') (Q1, S3)").format(matta=shown(self.matta)))
        if not isinstance(self.face, str) or self.face not in ("italian", "french", "spanish"):
            raise SetteKitError(_("face={face}: accepted 'italian', 'french', 'spanish' (D1)").format(
                face=shown(self.face)))
        if not isinstance(self.dealer_wins_all_ties, bool):
            raise SetteKitError(_("dealer_wins_all_ties must be True or False (Q4)"))

    @property
    def matta_values(self) -> tuple[Fraction, ...]:
        """The values the matta may take beside other cards: ½ or 1-7 (Q1); () without one."""
        return _MATTA_VALUES if self.matta is not None else ()

    def is_matta(self, card: Card) -> bool:
        return self.matta is not None and card == self.matta

    def replace(self, **changes) -> "QuattroRules":
        """A validated copy with some fields changed."""
        return replace_checked(self, changes)

    def to_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d["matta"] = None if self.matta is None else self.matta.index
        return d

    @classmethod
    def from_dict(cls, d: Mapping) -> "QuattroRules":
        return cls(**_rules_args(d))


DEFAULT_RULES = QuattroRules()


def _rules_args(d: Mapping) -> dict:
    return with_matta_card(d, _("matta={matta} must be a card index 0-39 or null"))


def as_rules(rules) -> QuattroRules:
    """The rules to play by: ``None`` is :data:`DEFAULT_RULES`; anything but a
    :class:`QuattroRules` is a SetteKitError."""
    return rules_or_default(rules, QuattroRules, DEFAULT_RULES,
                            N_("rules must be a QuattroRules (or None for the default), got {rules}"))
