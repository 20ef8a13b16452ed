"""Scoring one Quattro e mezzo hand (Q1-Q4, Q6 of ``docs/rules.md``; S1, S2, S4).

:class:`QuattroScore` and :func:`score` (the values, Q1, S1, S4; the kinds and the
single-hand order, Q2; the double six, Q3; the mega 4½, Q4), :func:`points_for` (the
points of a winning hand, Q6), and ``_cached_score``, the engine's memo of :func:`score`.
The matta's value is chosen for the best hand on its own; :func:`~.showdown.showdown`
may change it against the other hands (Q1, Q2).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...cards import Card, FaceName, Rank, as_cards
from ...errors import SetteKitError
from ...i18n import N_, _
from ...numbers import read_number, shown
from ...scoring import card_value, fmt_points
from .rules import FOUR_AND_HALF, HALF, SEVEN_AND_HALF, STANDING_KINDS, QuattroRules, as_rules

__all__ = ["QuattroScore", "score", "points_for"]

_NAMES = {"four_and_half": "4½", "seven_and_half": "7½", "double_six": "double six", "mega": "mega 4½",
          "five": "5", "bust": "bust"}  # keys: next_card's outcomes and the widgets compare these
_LABELS = {"double_six": N_("double six"), "mega": N_("mega 4½"), "bust": N_("bust")}


@dataclass(frozen=True)
class QuattroScore:
    """A Quattro e mezzo hand, scored.  Build it with :func:`score`.

    ``total`` is a Fraction (12 for a double six); ``kind`` one of :data:`KINDS`;
    ``matta_value`` the matta's value (None without it); ``with_matta`` says the hand
    contains the matta (Q4, Q6); ``double_six_declared`` whether the hand was scored as a
    declared double six attempt (Q3).
    """

    cards: tuple
    total: Fraction
    kind: str
    matta_value: Fraction | None = None
    with_matta: bool = False
    double_six_declared: bool = False

    @property
    def n_cards(self) -> int:
        return len(self.cards)

    @property
    def bust(self) -> bool:
        return self.kind == "bust"

    @property
    def can_stand(self) -> bool:
        """True if the hand may stop here: 4½ or more and not bust (Q2)."""
        return self.kind in STANDING_KINDS

    @property
    def points(self) -> int:
        """The points this hand scores if it wins the hand (Q6); 0 if it cannot win."""
        return points_for(self)

    @property
    def rank(self) -> tuple:
        """The single-hand order of the module docstring: higher is better (the 5-beats-4½
        exception is applied by :func:`showdown`, not here)."""
        return _RANK_OF[self.kind] + ((int(self.total * 2),) if self.kind in ("under", "points") else (0,))

    @property
    def name(self) -> str:
        """How players say it: '4½', '7½', 'double six', 'mega 4½', '6½', 'bust'."""
        return _NAMES.get(self.kind, fmt_points(self.total))

    @property
    def label(self) -> str:
        """:attr:`name` in the kit's language, for learners: '4½', 'doppio sei', 'sballato'..."""
        return _(_LABELS[self.kind]) if self.kind in _LABELS else self.name

    def __repr__(self) -> str:
        m = f" with the matta ({fmt_points(self.matta_value)})" if self.with_matta else ""
        n = f"{self.n_cards} card{'s' if self.n_cards != 1 else ''}"
        pts = f", {self.points} point{'s' if self.points != 1 else ''} if it wins" if self.can_stand else ""
        return f"<QuattroScore {fmt_points(self.total)} {self.kind}{m}, {n}{pts}>"


_RANK_OF = {"bust": (-1,), "under": (0,), "five": (1,), "points": (2,), "seven_and_half": (3,),
            "four_and_half": (4,), "double_six": (5,), "mega": (6,)}


def _as_cards(cards, face: FaceName = "italian") -> tuple[Card, ...]:
    if isinstance(cards, QuattroScore):
        return cards.cards
    return as_cards(cards, face, "a hand")


def _qualifies_double_six(cards: tuple, rules: QuattroRules) -> bool:
    """Q3: a first card 6 (a real one) and a second card 6 or the matta."""
    return (len(cards) == 2 and cards[0].rank == Rank.SEI and not rules.is_matta(cards[0])
            and (cards[1].rank == Rank.SEI or rules.is_matta(cards[1])))


def _kind_of(total: Fraction, n: int) -> str:
    if total > SEVEN_AND_HALF:
        return "bust"
    if total < FOUR_AND_HALF:
        return "under"
    if total == FOUR_AND_HALF:
        return "mega" if n == 9 else "four_and_half"
    if total == SEVEN_AND_HALF:
        return "seven_and_half"
    if total == 5:
        return "five"
    return "points"


def _read_value(value) -> Fraction:
    # the size and form are checked before the text becomes a Fraction
    return read_number(value, "matta", accepted="the matta's value: ½ or a whole number 1-7 (Q1)")


def _options(cards: tuple, rules: QuattroRules, double_six: bool) -> list[QuattroScore]:
    """Every way the hand can be scored: one per allowed matta value (Q1), plus the double
    six when declared (Q3).  Without the matta, exactly one."""
    matta = next((c for c in cards if rules.is_matta(c)), None)
    n = len(cards)
    base = sum((card_value(c) for c in cards if c != matta), Fraction(0))
    out = []
    if double_six and _qualifies_double_six(cards, rules):
        out.append(QuattroScore(cards, Fraction(12), "double_six", Fraction(6) if matta else None,
                                matta is not None, True))
    if matta is None:
        out.append(QuattroScore(cards, base, _kind_of(base, n), None, False, double_six))
    elif n == 1:
        out.append(QuattroScore(cards, HALF, _kind_of(HALF, 1), HALF, True, double_six))  # S4: alone, ½
    else:
        for v in rules.matta_values:
            t = base + v
            out.append(QuattroScore(cards, t, _kind_of(t, n), v, True, double_six))
    return out


def _best(options: list[QuattroScore]) -> QuattroScore:
    # the best single-hand rank; at equal rank the most points, then the smallest matta value
    return max(options, key=lambda s: (s.rank, points_for(s), -(s.matta_value or 0)))


def score(cards, rules: QuattroRules | None = None, *, matta=None, double_six: bool | None = None) -> QuattroScore:
    """Score a Quattro e mezzo hand (Q1-Q4).

    ``matta`` declares the matta's value by hand (½ or 1-7, Q1); by default the kit takes
    the value that makes the best hand on its own (see the module docstring).
    ``double_six``: whether the first-card 6 was declared (Q3); ``None`` assumes it was
    whenever the hand qualifies (a first 6, then a 6 or the matta).

    >>> score("3c 4d Fs")
    <QuattroScore 7½ seven_and_half, 3 cards, 3 points if it wins>
    >>> score("5c")
    <QuattroScore 5 five, 1 card, 2 points if it wins>
    >>> score("3c Rd")                      # 3 + matta: 7 is the best it can make
    <QuattroScore 7 points with the matta (4), 2 cards, 1 point if it wins>
    >>> score("3c Rd", matta=2).kind
    'five'
    >>> score("2c Fs")
    <QuattroScore 2½ under, 2 cards>
    >>> score("6c Rd")                      # a declared 6 completed by the matta (Q3)
    <QuattroScore 12 double_six with the matta (6), 2 cards, 2 points if it wins>
    >>> score("Fc Fd Fb Fs Cc Cd Cb Cs Rc").kind   # nine cards making 4½ (Q4)
    'mega'
    """
    rules = as_rules(rules)
    cards = _as_cards(cards, rules.face)
    if not cards:
        raise SetteKitError(_("a hand needs at least one card"))
    if double_six is not None and not isinstance(double_six, bool):
        raise SetteKitError(_("double_six={value}: accepted True, False or None (Q3)").format(value=shown(double_six)))
    declared = _qualifies_double_six(cards, rules) if double_six is None else bool(double_six)
    if declared and not (cards[0].rank == Rank.SEI and not rules.is_matta(cards[0])):
        raise SetteKitError(_("only a first card 6 may be declared for a double six (Q3), not {card}").format(
            card=cards[0].name(rules.face)))
    opts = _options(cards, rules, declared)
    if matta is not None:
        if not any(rules.is_matta(c) for c in cards):
            raise SetteKitError(_("matta= gives the matta's value, but this hand has no matta under these rules"))
        v = _read_value(matta)
        allowed = (HALF,) if len(cards) == 1 else rules.matta_values
        if v not in allowed:
            if len(cards) == 1:
                raise SetteKitError(_("alone, the matta counts ½ like any figure (S4)"))
            raise SetteKitError(_("the matta cannot be worth {value}: accepted values are {accepted} (Q1)").format(
                value=fmt_points(v), accepted=", ".join(fmt_points(a) for a in allowed)))
        if v == 6 and opts[0].kind == "double_six":
            return opts[0]
        return next(o for o in opts if o.matta_value == v and o.kind != "double_six")
    return _best(opts)


def points_for(s: QuattroScore) -> int:
    """The points a winning hand scores (Q6); 0 for a hand that cannot win (bust, under).

    A mega 4½ wins the whole game (Q4); as a 4½ it would score 5 (3 with the matta).

    >>> [points_for(score(h)) for h in ("4c Fs", "4c Rd", "7c Fs", "7c Rd", "6c 6s", "6c Rd")]
    [5, 3, 3, 1, 4, 2]
    >>> [points_for(score(h)) for h in ("5c", "Ac Ad Ab As Ac".replace("Ac", "Fc", 1), "3c 2c", "4c 2s", "7c 5c", "3c Fs")]
    [2, 5, 1, 1, 0, 0]
    """
    if not isinstance(s, QuattroScore):
        raise SetteKitError(_("points_for takes a QuattroScore (from score()), not {value}").format(value=shown(s)))
    k = s.kind
    if k in ("four_and_half", "mega"):
        return 3 if s.with_matta else 5
    if k == "seven_and_half":
        return 1 if s.with_matta else 3
    if k == "double_six":
        return 2 if s.with_matta else 4
    if k == "five":
        return {1: 2, 5: 5}.get(s.n_cards, 1)
    if k == "points":
        return 1
    return 0


@lru_cache(maxsize=1 << 15)
def _cached_score(cards: tuple, rules: QuattroRules, ds: bool) -> QuattroScore:
    return score(cards, rules, double_six=ds)
