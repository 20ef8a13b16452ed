"""Quattro e mezzo (four and a half): the points-game variant of Sette e mezzo (RULES Q1-Q6).

.. note:: **This is a reconstruction.**  The only source is the Italian encyclopedia
   article on Sette e mezzo (000 in RULES.md, known through a Romanian machine translation), and its Quattro e mezzo section is
   the roughest text of all.  RULES.md Q1-Q6 is the reading the kit adopted; where Q1-Q6
   leave a question open, the decision below says so and names the rule it belongs to.
   Lessons that use this module must say that the game is a reconstruction.

Hands, ranking and points
-------------------------
* **Values (Q1, S1, S4).**  Ace-7 count their number, figures ½.  The matta (default the
  King of coins, ``QuattroRules(matta=None)`` plays without it) may be ½ or any whole
  number 1-7; alone it counts ½ like any figure (S4).  A hand over 7½ is **bust**
  (S2, as in Sette e mezzo).
* **Standing (Q2).**  Nobody may stop below 4½: the legal stands are 4½, 5, 5½, 6, 6½, 7
  and 7½.  A player may go on drawing after 4½.  4½ and 7½ are declared as soon as they
  are made (the game logs it and shows the total); a hand that reaches 7½ ends its turn
  at once, since any further card busts it (as S10 in Sette e mezzo).
* **Kinds** (:attr:`QuattroScore.kind`): ``"bust"``, ``"under"`` (below 4½: may not
  stand), ``"five"`` (exactly 5), ``"points"`` (5½-7), ``"four_and_half"``,
  ``"seven_and_half"``, ``"double_six"`` (Q3) and ``"mega"`` (nine cards making 4½, Q4).
* **Ranking (Q2), decision.**  Q2 says 4½ beats everything (7½ included) and that a 5
  "loses to everything except 4½, and beats a 4½".  Everything else is ranked as in
  Sette e mezzo, by total.  So for one hand on its own the order is::

      mega > double six > 4½ > 7½ > 7 > 6½ > 6 > 5½ > 5   (> under > bust: not in play)

  and the one exception, which makes the ranking **not a total order**: a 5 beats a 4½.
  The winner of a hand among all players and the dealer is therefore defined by steps
  (:func:`showdown`): (1) a mega 4½ wins (the whole game, Q4); (2) else a double six
  wins (Q3); (3) else, if at least one 5 **and** at least one 4½ were made, the 5s
  contend, whatever else is on the table (seed: "the player who totalled five wins the
  hand, regardless of the scores of the other players"); (4) else the highest hand in
  the order above contends.  Ties among the contenders follow Q4, below.
* **Double six (Q3), decision.**  Only a player whose *first* card is a real 6 may
  declare it; declaring draws the second card.  A second 6, or the matta taken as a 6,
  makes the double six (12, not a bust): it ends the turn, is shown, and wins the hand.
  Any other second card leaves an ordinary hand (6 + ½ = 6½, 6 + 1 = 7, else bust).  A
  first-card matta may not declare (alone it counts ½, S4), so matta-then-6 is an
  ordinary 6½ or 7.  Declaring costs nothing, so the bots always declare with a first 6;
  a 6 drawn *without* declaring makes 12, a bust.  Two double sixes tie (Q3) and follow
  the tie steps; the "matta loses" step of Q4 is written for 4½ and 7½ only, so a double
  six with the matta ties with a true one.
* **Ties (Q4), decision.**  Among contenders of the same rank: (a) at 4½ or 7½ a hand
  made with the matta (containing it) loses to one made without it, "even with more
  cards" (seed); (b) then the hand with more cards wins; (c) a complete tie that includes
  the dealer goes to the dealer (Q4); (d) a complete tie among other players is shared:
  each of them scores his own hand's points (seed: "both players get points"), and if
  the deal is at stake (Q5) they cut for it, one card each from a freshly shuffled deck,
  highest wins (figures lowest, then Ace ... 7), cutting again while tied.  The seed also
  says "as in Sette e mezzo the dealer always wins a tie, ignoring the previous rules";
  RULES Q4 reads that as the complete tie only, which is the default;
  ``QuattroRules(dealer_wins_all_ties=True)`` gives the dealer every tie of rank.
* **The matta's value (Q1), decision.**  :func:`score` chooses the value that gives the
  best hand *on its own* in the order above (so 4 + matta is 4½, not 5).  Because a 5
  beats a 4½, the best value depends on the others' hands: at the showdown the holder
  (there is only one matta) takes, among the values that make a legal stand, the one that
  makes him win with the most points (and otherwise the single-hand best).  "Made with
  the matta" (Q4, Q6) means the hand contains the matta.
* **Mega 4½ (Q4).**  Nine cards making 4½ - necessarily nine ½-cards, i.e. figures and
  the matta as ½ - win the whole game at once; the game ends as soon as the ninth card
  is drawn, and the points are not changed.
* **Points (Q6)** for the winning hand, by :func:`points_for`: 4½ = 5, 4½ with the matta
  = 3, 7½ = 3, 7½ with the matta = 1, double six = 4, double six with the matta = 2, a 5
  with one card (a lone 5) = 2, a 5 with five cards = 5, any other win = 1 (a 5 of two,
  three or four cards, 5½-7).  Only winners score.

The table (Q5, S7, S8, S17, S18)
--------------------------------
* 3-8 players (the seed recommends three or more).  Seats are numbered as in
  :mod:`sette_kit.game`: play runs counter-clockwise, so "the dealer's right" is the next
  seat; the players act in the order ``dealer+1, dealer+2, ...`` and the dealer last
  (S8).  The first dealer is drawn by lot (S7), with the game's seed.
* Each hand: one card face down to everybody, dealer last (S8); in turn each player
  draws face-up cards until he stands (at 4½ or more, Q2), busts (shown at once, S10),
  makes 7½ or a double six (shown at once) or a mega 4½.  The dealer plays last, seeing
  the face-up cards and the declarations.  Then every hand is shown and :func:`showdown`
  names the winner(s), who score by Q6.  If nobody stands, nobody scores.
* **The deal (Q5, S17, S18), decision.**  A winner with 4½, with 7½, or with a 5 that
  beat a 4½ takes the deal (if that is the dealer, he keeps it).  Otherwise the dealer
  keeps it while his deck lasts: the deck carries over from hand to hand (S18), and
  when it runs out mid-hand the cards not on the table are reshuffled (logged).  When
  the deck is used up (it ran out during the hand, or no card is left at its end) and
  nobody took the deal, it passes to the player on the dealer's right (S17, 000).  A new
  dealer starts with a fresh shuffled deck.
* **The end (Q6), decision.**  After a hand's points, if anybody has reached or passed
  the target (``QuattroRules.target``, default 50; the seed recommends 50 or 100), the
  game is over: the winner is the player with the most points; several players tied
  at the top (possible only after a shared complete tie) share the win
  (:attr:`QuattroGame.winners`).  A mega 4½ ends the game at once with its maker as the
  only winner.

>>> from sette_kit.cards import parse_cards
>>> score(parse_cards("4 di coppe, Fante di spade"))
<QuattroScore 4½ four_and_half, 2 cards, 5 points if it wins>
>>> score(parse_cards("4 di coppe, Re di denari"))       # the matta as ½
<QuattroScore 4½ four_and_half with the matta (½), 2 cards, 3 points if it wins>
>>> score(parse_cards("6 di coppe, 6 di spade")).kind     # a declared double six (Q3)
'double_six'
>>> score(parse_cards("6 di coppe, 6 di spade"), double_six=False).kind
'bust'
>>> r = showdown([parse_cards("4c Fs"), parse_cards("5d"), parse_cards("7s Cc")], dealer=2)
>>> r.winners, r.points, r.reason
((1,), (0, 2, 0), 'A 5 beats a 4½, whatever else is on the table (Q2).')
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Callable, Iterable, Mapping, NamedTuple, Sequence

from ._checks import read_seed
from ._saves import (IDENT, MAX_SAVE_CHARS, RNG_STATE, Bad, Bool, CardIndex, Choice, Dict, EventData, Int, List, Tuple,
                     first_difference, texts_check,
                     Name, Obj, Opt, Str, build_options, event_schema, load_json, rng_state, validate)
from .cards import FULL_DECK, Card, Deck, Rank, Suit, as_cards, card_in_text, parse_cards, sentence
from .errors import IllegalMove, SetteKitError
from . import fmt
from .i18n import N_, _, language, ngettext, pgettext
from .numbers import read_halves, read_number, read_whole, shown
# the table machinery shared with Sette e mezzo (sette_kit.game, issue 10: no copy of the
# engine): the Event value, the Legal/Option mapping of legal actions, the JSON helpers for
# events and the RNG, the view properties, seat look-up and bot attachment
from .games._engine import (Event, HandCards, Legal, Option, SeatView, Seats, event_from_json, event_to_json,
                     replace_checked, rng_from_json, rng_to_json, seat_names, top_cards)
from .scoring import card_value, fmt_points

__all__ = [
    "QuattroRules", "QuattroScore", "score", "explain", "points_for", "showdown", "HandResult",
    "KINDS", "STANDING_KINDS", "FOUR_AND_HALF",
    "Odds", "odds_four_and_half", "odds_double_six", "next_card",
    "QuattroGame", "QuattroView", "QuattroHandView", "ThresholdBot", "OddsBot", "BOTS",
    "MIN_PLAYERS", "MAX_PLAYERS", "ACTIONS",
]

HALF = Fraction(1, 2)
FOUR_AND_HALF = Fraction(9, 2)
SEVEN_AND_HALF = Fraction(15, 2)
KINDS = ("bust", "under", "five", "points", "seven_and_half", "four_and_half", "double_six", "mega")
STANDING_KINDS = ("five", "points", "seven_and_half", "four_and_half", "double_six", "mega")
MIN_PLAYERS, MAX_PLAYERS = 3, 8
MAX_TARGET = 1000  # Q6: the seed recommends 50 or 100
ACTIONS = ("draw", "stand", "double_six", "next_hand")
_MATTA_VALUES = (HALF,) + tuple(Fraction(v) for v in range(1, 8))  # Q1


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------

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
    face: str = "italian"  # D1: how cards are named
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
    d = dict(d)
    if d.get("matta") is not None:
        if type(d["matta"]) is not int or not 0 <= d["matta"] < 40:
            raise SetteKitError(_("matta={matta} must be a card index 0-39 or null").format(matta=shown(d['matta'])))
        d["matta"] = FULL_DECK[d["matta"]]
    return d


def _rules(rules) -> QuattroRules:
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, QuattroRules):
        raise SetteKitError(_("rules must be a QuattroRules (or None for the default), got {rules}").format(
            rules=shown(rules)))
    return rules


# ---------------------------------------------------------------------------------------
# Scoring one hand
# ---------------------------------------------------------------------------------------

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


def _as_cards(cards, face: str = "italian") -> tuple[Card, ...]:
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
    # issue 19.3: the size and form are checked before the text becomes a Fraction
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
    rules = _rules(rules)
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


def explain(cards, rules: QuattroRules | None = None, *, matta=None, double_six: bool | None = None) -> str:
    """Explain, one step a line, how a hand scores in Quattro e mezzo (Q1-Q6).

    >>> print(explain("4 di coppe, Re di denari"))
    4 di coppe counts 4 (S1).
    Re di denari is the matta: ½ or any whole number 1-7 (Q1).
    Without the matta the hand makes 4.
    With the matta worth ½ it makes 4½; 1: 5; 2: 6; 3: 7; 4 or more: over 7½, bust.
    The kit takes ½, for 4½ - the best hand on its own (Q2). At the showdown the value may change: a 5 beats a 4½ (Q2).
    4½: it beats every hand but a 5, a double six and a mega 4½ (Q2-Q4); it must be declared, and its maker may still draw (Q2).
    Made with the matta: it loses a tie with a 4½ made without it (Q4).
    If it wins: 3 points (Q6: 4½ with the matta). It takes the deal (Q5).
    """
    rules = _rules(rules)
    s = score(cards, rules, matta=matta, double_six=double_six)
    face = rules.face
    lines: list[str] = []
    has_matta = s.with_matta
    parts = []
    for c in s.cards:
        if rules.is_matta(c):
            lines.append(sentence(_("{card} is the matta: ½ or any whole number 1-7 (Q1).").format(
                card=card_in_text(c, face))))
        elif c.is_figure:
            lines.append(sentence(_("{card} is a figure: it counts ½ (S1).").format(card=card_in_text(c, face))))
            parts.append(HALF)
        else:
            lines.append(sentence(_("{card} counts {value} (S1).").format(card=card_in_text(c, face), value=int(c.rank))))
            parts.append(card_value(c))
    if s.kind == "double_six":
        if has_matta:
            lines.append(_("A first card 6, declared, then the matta taken as a 6: double six, 12 (Q3). It wins "
                           "the hand unless another player makes one too (then it is a tie, Q4)."))
            lines.append(_("If it wins: {n} points (Q6: double six with the matta).").format(n=s.points))
        else:
            lines.append(_("A first card 6, declared, then a second 6: double six, 12 (Q3). It wins "
                           "the hand unless another player makes one too (then it is a tie, Q4)."))
            lines.append(_("If it wins: {n} points (Q6: double six).").format(n=s.points))
        return "\n".join(lines)
    if has_matta:
        if len(s.cards) == 1:
            lines.append(_("Alone, the matta counts ½ like any figure (S4)."))
        else:
            base = sum(parts, Fraction(0))
            lines.append(_("Without the matta the hand makes {sum}.").format(sum=_sum(parts)))
            bits, busting = [], None
            for v in rules.matta_values:
                t = base + v
                if t > SEVEN_AND_HALF:
                    busting = v
                    break
                bits.append(f"{fmt_points(t)}")
            first = _("With the matta worth ½ it makes {total}").format(total=bits[0]) if bits else ""
            rest = [f"{fmt_points(v)}: {b}" for v, b in zip(rules.matta_values[1:], bits[1:])]
            text = "; ".join([first] + rest) if bits else _("Even worth ½ the matta takes it over 7½")
            if busting is not None and bits:
                text += "; " + _("{value} or more: over 7½, bust").format(value=fmt_points(busting))
            lines.append(text + ".")
            if matta is not None:
                lines.append(_("You declared the matta worth {value}.").format(value=fmt_points(s.matta_value)))
            elif not s.bust:
                tail = ""
                vals = {o.kind for o in _options(s.cards, rules, False)}
                if "five" in vals and "four_and_half" in vals:
                    tail = " " + _("At the showdown the value may change: a 5 beats a 4½ (Q2).")
                lines.append(_("The kit takes {value}, for {hand} - the best hand on its own (Q2).").format(
                    value=fmt_points(s.matta_value), hand=s.label) + tail)
            parts.append(s.matta_value)
    if len(parts) > 1 and not (has_matta and len(s.cards) > 1):
        lines.append(_("Sum: {sum}.").format(sum=_sum(parts)))
    lines.extend(_verdict(s))
    return "\n".join(lines)


def _sum(parts) -> str:
    if len(parts) == 1:
        return fmt_points(parts[0])
    return " + ".join(fmt_points(p) for p in parts) + f" = {fmt_points(sum(parts, Fraction(0)))}"


def _verdict(s: QuattroScore) -> list[str]:
    k, m = s.kind, s.with_matta
    if k == "bust":
        return [_("{total} is over 7½: bust, out of this hand (S2).").format(total=fmt_points(s.total))]
    if k == "under":
        return [_("{total} is below 4½: nobody may stop below 4½, so this hand must draw (Q2).").format(
            total=fmt_points(s.total))]
    if k == "mega":
        return [_("Nine cards making 4½: a mega 4½! It wins the whole game at once (Q4).")]
    out = []
    if k == "four_and_half":
        out.append(_("4½: it beats every hand but a 5, a double six and a mega 4½ (Q2-Q4); it must be declared, "
                     "and its maker may still draw (Q2)."))
        if m:
            out.append(_("Made with the matta: it loses a tie with a 4½ made without it (Q4)."))
    elif k == "seven_and_half":
        out.append(_("7½: only a 4½, a double six or a mega 4½ beats it (Q2-Q4); it must be declared (Q2)."))
        if m:
            out.append(_("Made with the matta: it loses a tie with a 7½ made without it (Q4)."))
    elif k == "five":
        out.append(_("5: it loses to every other hand except 4½, and it beats a 4½ - unless a double six or a "
                     "mega 4½ is made (Q2-Q4)."))
    else:
        out.append(_("{total}: a plain total; higher totals beat it, and so do 4½, 7½, a double six "
                     "and a mega 4½ (Q2-Q4).").format(total=fmt_points(s.total)))
    why = {"four_and_half": _("4½ with the matta") if m else "4½",
           "seven_and_half": _("7½ with the matta") if m else "7½",
           "five": {1: _("a 5 with one card"), 5: _("a 5 with five cards")}.get(s.n_cards, _("any other win")),
           "points": _("any other win")}[k]
    deal = {"four_and_half": " " + _("It takes the deal (Q5)."), "seven_and_half": " " + _("It takes the deal (Q5)."),
            "five": " " + _("It takes the deal only if it beats a 4½ (Q5).")}.get(k, "")
    out.append(ngettext("If it wins: {n} point (Q6: {why}).", "If it wins: {n} points (Q6: {why}).",
                        s.points).format(n=s.points, why=why) + deal)
    return out


# ---------------------------------------------------------------------------------------
# The winner of a hand
# ---------------------------------------------------------------------------------------

class HandResult(NamedTuple):
    """The outcome of one hand (Q2-Q6), from :func:`showdown`.

    ``scores``: per seat, the hand as finally scored (None for a seat without a hand);
    ``winners``: the seats that win; ``points``: per seat, points won (only winners
    score); ``reason``: plain English with rule ids; ``takes_deal``: the winners that
    take the deal (Q5) - more than one means they cut for it; ``mega``: the seat of a
    mega 4½ (which wins the game), else None.
    """

    scores: tuple
    winners: tuple
    points: tuple
    reason: str
    takes_deal: tuple
    mega: int | None
    dealer: int | None


def _contenders(scores: Sequence, dealer: int | None, rules: QuattroRules):
    """(winners, reason, five_beat_four_and_half) for fixed scores."""
    live = [s for s, sc in enumerate(scores) if sc is not None and sc.can_stand]
    if not live:
        return (), _("Nobody stands: nobody wins the hand and nobody scores."), False
    by_kind = {}
    for s in live:
        by_kind.setdefault(scores[s].kind, []).append(s)
    five_beats = False
    if "mega" in by_kind:
        return tuple(by_kind["mega"]), _("A mega 4½ - nine cards making 4½ - wins the whole game (Q4)."), False
    if "double_six" in by_kind:
        cands, why = by_kind["double_six"], _("A double six wins the hand (Q3)")
    elif "five" in by_kind and "four_and_half" in by_kind:
        cands, why, five_beats = by_kind["five"], _("A 5 beats a 4½, whatever else is on the table (Q2)"), True
    else:
        top = max(scores[s].rank for s in live)
        cands = [s for s in live if scores[s].rank == top]
        sc = scores[cands[0]]
        if sc.kind == "four_and_half":
            why = _("The best hand is {hand} (4½ beats every hand but a 5, a double six and a mega 4½, Q2-Q4)")
        elif sc.kind == "seven_and_half":
            why = _("The best hand is {hand} (only a 4½, a double six or a mega 4½ beats 7½, Q2-Q4)")
        else:
            why = _("The best hand is {hand} (by total, Q2)")
        why = why.format(hand=sc.label)
    if len(cands) == 1:
        return tuple(cands), why + ".", five_beats
    kind = scores[cands[0]].kind
    if rules.dealer_wins_all_ties and dealer in cands:
        return (dealer,), (why + "; " + _("a tie, and under this option the dealer wins every tie (Q4, as the "
                                          "Italian encyclopedia article says).")), five_beats
    notes = []
    if kind in ("four_and_half", "seven_and_half"):
        clean = [s for s in cands if not scores[s].with_matta]
        if clean and len(clean) < len(cands):
            cands = clean
            notes.append(_("the hand made with the matta loses the tie (Q4)"))
    if len(cands) > 1:
        most = max(scores[s].n_cards for s in cands)
        more = [s for s in cands if scores[s].n_cards == most]
        if len(more) < len(cands):
            cands = more
            notes.append(_("the hand with more cards wins the tie (Q4)"))
    if len(cands) > 1 and dealer in cands:
        cands = [dealer]
        notes.append(_("the dealer wins a complete tie (Q4)"))
    elif len(cands) > 1:
        notes.append(_("a complete tie: each of them scores (Q4)"))

    return tuple(cands), why + "; " + "; ".join(notes) + ".", five_beats


def showdown(hands: Sequence, dealer: int | None = None, rules: QuattroRules | None = None, *,
             double_six: Iterable[int] | None = None) -> HandResult:
    """The winner(s) of a hand among all players and the dealer (Q2-Q6).

    ``hands``: per seat, the cards (or text), a :class:`QuattroScore` (taken as scored),
    or None for a seat without a hand.  ``dealer``: the dealer's seat (wins complete ties,
    Q4).  ``double_six``: the seats that declared a double six (Q3); None assumes every
    qualifying hand did.  The matta holder's value is chosen to his advantage against the
    other hands (Q1).

    >>> r = showdown(["7c Fs", "2c 2d Fb", "4d Cc"], dealer=0)
    >>> r.winners, r.points                        # 4½ beats 7½; more cards win the tie
    ((1,), (0, 5, 0))
    >>> showdown(["4c Ac", "3s 2s", "2d 3d"], dealer=2).reason
    'The best hand is 5 (by total, Q2); the dealer wins a complete tie (Q4).'
    >>> r = showdown(["4c Rd", "5d"], dealer=1)   # the matta turns 4½ into 7 to beat the 5
    >>> r.winners, r.scores[0].total, r.points
    ((0,), Fraction(7, 1), (1, 0))
    """
    rules = _rules(rules)
    if not isinstance(hands, (list, tuple)):
        raise SetteKitError(_("hands={hands}: give a list with one hand per seat (cards, text, a "
                              "QuattroScore, or None for a seat without a hand)").format(hands=shown(hands)))
    if dealer is not None and not (isinstance(dealer, int) and not isinstance(dealer, bool)
                                   and 0 <= dealer < len(hands)):
        raise SetteKitError(_("dealer={dealer} must be a seat 0-{last}").format(dealer=shown(dealer),
                                                                                 last=len(hands) - 1))
    if double_six is not None and (isinstance(double_six, (str, bytes, Mapping)) or
                                   not hasattr(double_six, "__iter__")):
        raise SetteKitError(_("double_six={value}: give the list of seats that declared a double "
                              "six (Q3), or None").format(value=shown(double_six)))
    if not hands:
        raise SetteKitError(_("hands: give a list with one hand per seat; a showdown needs at least one hand"))
    declared = None if double_six is None else set(itertools.islice(double_six, len(hands) + 1))
    if declared is not None and any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < len(hands)
                                    for s in declared):
        raise SetteKitError(_("double_six={value}: the seats that declared a double six are seats 0-{last} "
                              "(Q3)").format(value=shown(double_six), last=len(hands) - 1))
    fixed: list = []
    choices: dict[int, list[QuattroScore]] = {}
    seen: set = set()
    for s, h in enumerate(hands):
        if h is None:
            fixed.append(None)
            continue
        if isinstance(h, QuattroScore):
            fixed.append(h)
            cards = h.cards
        else:
            cards = _as_cards(h, rules.face)
            if not cards:
                raise SetteKitError(_("seat {seat} has an empty hand: use None for a seat without a hand").format(
                    seat=s))
            ds = None if declared is None else (s in declared)
            sc = score(cards, rules, double_six=ds)
            fixed.append(sc)
            if sc.with_matta and len(cards) > 1:
                opts = [o for o in _options(cards, rules, sc.double_six_declared) if o.can_stand]
                if opts:
                    choices[s] = opts
        if seen & set(cards):
            raise SetteKitError(_("{cards} cannot be in two hands").format(
                cards=", ".join(c.name() for c in seen & set(cards))))
        seen |= set(cards)
    if choices:  # Q1: the (one) matta holder picks the value that wins him the most points
        (holder, opts), = choices.items()
        best = None
        for o in opts:
            trial = list(fixed)
            trial[holder] = o
            w, __, ___ = _contenders(trial, dealer, rules)
            if holder in w:
                key = (points_for(o), len(w) == 1, o.rank, -(o.matta_value or 0))
                if best is None or key > best[0]:
                    best = (key, o)
        if best is not None:
            fixed[holder] = best[1]
    winners, reason, five_beats = _contenders(fixed, dealer, rules)
    points = tuple(points_for(fixed[s]) if s in winners else 0 for s in range(len(fixed)))
    mega = winners[0] if winners and fixed[winners[0]].kind == "mega" else None
    takes = ()
    if winners and mega is None:
        k = fixed[winners[0]].kind
        if k in ("four_and_half", "seven_and_half") or (k == "five" and five_beats):  # Q5
            takes = winners
    return HandResult(tuple(fixed), winners, points, reason, takes, mega, dealer)


# ---------------------------------------------------------------------------------------
# Exact odds
# ---------------------------------------------------------------------------------------

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
    rules = _rules(rules)
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
    rules = _rules(rules)
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
    rules = _rules(rules)
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


# ---------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------

def _action_word(action: str) -> str:
    """An action's name as a learner reads it (the id itself in English)."""
    words = {"draw": lambda: pgettext("quattro action", "draw"),
             "stand": lambda: pgettext("quattro action", "stand"),
             "double_six": lambda: pgettext("quattro action", "double_six"),
             "next_hand": lambda: pgettext("quattro action", "next_hand")}
    return words[action]() if action in words else str(action)


_FORMAT = "sette-kit/quattro/2"
_OLD_FORMATS = ("sette-kit/quattro/1",)  # every event of the game, no record of the hand's actions (issue 24)
MAX_SAVED_EVENTS = 500
"""A save keeps the current hand's events and those of the latest whole hands, up to this
many events in all (issue 24: a game to 1,000 points wrote a save of 2.3 MB, above what
from_json reads); the points are tied to ``awards``, the points of every hand won."""
_SAVE_ORDER = ("names", "rules", "hand_number", "dealer", "hand_dealer", "points", "awards", "phase", "order",
               "pos", "hands", "status", "ds", "shown", "deck", "dealt", "ran_out", "fresh_deck", "winners", "rng",
               "events", "hand_start", "dropped", "start", "actions")

_CUT_RANK = {0: 0}  # the cut for the deal (Q4 reading): figures lowest, then Ace ... 7


@dataclass(frozen=True)
class QuattroHandView(HandCards):
    """One seat's hand as a viewer sees it.  ``cards`` holds None for a card hidden from
    the viewer; ``score`` is None unless the viewer sees every card.  ``status`` is
    'waiting', 'playing', 'stood', 'bust', 'double_six', 'mega' or 'out' (no hand yet);
    ``declared`` the declared hand ('4½', '7½', 'double six', 'mega 4½') or None (Q2, Q3)."""

    cards: tuple
    status: str
    declared: str | None
    double_six_declared: bool
    score: QuattroScore | None


@dataclass(frozen=True)
class QuattroView(SeatView):
    """The table as one seat may see it.  A widget can draw everything from this and
    :attr:`QuattroGame.events` (or :attr:`QuattroView.events`, redacted for this seat)."""

    seat: int
    names: tuple
    rules: QuattroRules
    hand_number: int
    phase: str  # 'play', 'hand_over', 'game_over'
    to_act: int | None
    dealer: int
    order: tuple  # this hand's playing order, the dealer last (S8)
    points: tuple  # the game score of every seat (Q6)
    target: int
    hands: tuple  # per seat: QuattroHandView
    legal: Legal | None  # this seat's legal actions if it is to act
    deck_left: int
    last_result: HandResult | None
    winners: tuple
    _events: tuple = field(repr=False, default=())

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def hand(self) -> QuattroHandView:
        return self.hands[self.seat]

    @property
    def score(self) -> QuattroScore | None:
        return self.hands[self.seat].score

    def visible_cards(self) -> tuple:
        """Every card this seat can see on the table now (its own included)."""
        return tuple(c for h in self.hands for c in h.cards if c is not None)


class QuattroGame(Seats):
    """A game of Quattro e mezzo for 3-8 players, for points, to a target (Q1-Q6).

    ``players``: names in seat order, or a number of players.  ``rules``: a
    :class:`QuattroRules`.  ``seed``: drives the draw for the first dealer (S7) and every
    shuffle.  ``bots``: ``{seat or name: policy}`` or ``"all"`` (every seat an
    :class:`OddsBot`); a policy is ``policy(view) -> action name``.  ``dealer`` and
    ``deck`` (cards on top of the first deck, top card first) script a game for a lesson
    or a test.  The first hand is dealt at once.

    >>> g = QuattroGame(["Ada", "Bea", "Cy"], seed=1, dealer=0,
    ...                 deck=parse_cards("4c 5d 6s  Fs Ab Fb"))
    >>> g.order, g.to_act, sorted(g.legal_actions())     # Bea (seat 1) has 4: she must draw
    ((1, 2, 0), 1, ['draw'])
    >>> g.act("stand")
    Traceback (most recent call last):
    ...
    sette_kit.errors.IllegalMove: Bea may not stand: 4 is below 4½ and nobody may stop below 4½ (Q2); accepted now: draw
    >>> g.act("draw"); print(g.events[-1].text)
    Bea declares 4½ (Q2).
    >>> g.act("stand"); g.act("stand")          # Bea stands at 4½; Cy stands at a lone 5
    >>> g.act("draw"); g.act("draw")            # the dealer, Ada: 6, 7, then 7½
    >>> print(g.last_result.reason)
    A 5 beats a 4½, whatever else is on the table (Q2).
    >>> g.points, g.dealer                       # Cy scores 2 (Q6) and takes the deal (Q5)
    ((0, 0, 2), 2)
    """

    def __init__(self, players=4, rules: QuattroRules | None = None, seed: int | None = None, bots=None,
                 dealer: int | str | None = None, deck=None) -> None:
        self.rules = _rules(rules)
        names = seat_names(players, MIN_PLAYERS, MAX_PLAYERS,
                           _("Quattro e mezzo is played by {lo} to {hi} players "
                             "(the Italian encyclopedia article: three or more), got {n}").format(
                               lo=MIN_PLAYERS, hi=MAX_PLAYERS, n="{n}"))
        seed = read_seed(seed)
        self.names = names
        n = len(names)
        self._rng = random.Random(seed)
        self._bots: dict[int, Callable] = {}
        self._events: list[Event] = []
        self._hand_start = 0
        self.hand_number = 0
        self._points = [0] * n
        self.phase = "hand_over"
        self._hands: list[list[Card]] = [[] for __ in range(n)]
        self._status = ["out"] * n
        self._ds = [False] * n  # Q3: declared a double six
        self._shown = [False] * n  # the first card turned up
        self._order: list[int] = []
        self._pos = 0
        self._ran_out = False
        self._fresh_deck = True
        self._hand_dealer = 0
        self._dropped = 0  # events no longer kept (a game loaded from a save)
        self._awards: list = []  # [hand, seat, points] of every hand won (Q6): what the points are tied to
        self._start: dict | None = None  # the state the current hand started from (a save replays it)
        self._actions: list = []  # the current hand's actions
        self.last_result: HandResult | None = None
        self.winners: tuple = ()
        self.dealer, how = self._first_dealer(dealer)  # S7: the first dealer is drawn by lot
        if how == "drawn by lot":
            text = _("{name} deals first (drawn by lot, S7).")
        else:
            text = _("{name} deals first (chosen, S7).")
        self._log("dealer", self.dealer, {}, text.format(name=names[self.dealer]))
        self._top = top_cards(deck)
        self.attach_bots(bots)
        self._start_hand()

    # -- read-only facts -----------------------------------------------------------------
    @property
    def points(self) -> tuple:
        """Every seat's game score (Q6), a tuple of ints."""
        return tuple(self._points)

    def hand_events(self) -> tuple:
        """The events of the current hand (or of the last one, between hands)."""
        return tuple(self._events[self._hand_start:])

    @property
    def to_act(self) -> int | None:
        return self._order[self._pos] if self.phase == "play" else None

    @property
    def over(self) -> bool:
        return self.phase == "game_over"

    @property
    def winner(self) -> int | None:
        """The winner of the game, if it is over with one winner (see :attr:`winners`)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def order(self) -> tuple:
        return tuple(self._order)

    @property
    def deck_left(self) -> int:
        return len(self._deck)

    def hand_of(self, seat) -> tuple:
        """Every card of a seat's hand (for tests and the teacher's view)."""
        return tuple(self._hands[self._seat_of(seat)])

    def score_of(self, seat) -> QuattroScore | None:
        s = self._seat_of(seat)
        return self._score(s) if self._hands[s] else None

    def attach_bots(self, bots) -> None:
        """Seat policies: ``{seat or name: policy}``, or ``"all"`` for an :class:`OddsBot` everywhere."""
        self._attach_bots(bots, OddsBot)

    # -- internals ---------------------------------------------------------------------------
    def _log(self, kind, seat, data, text, private=False) -> None:
        self._events.append(Event(kind, seat, MappingProxyType(dict(data)), text, self.hand_number, private))

    def _cname(self, c: Card) -> str:
        return card_in_text(c, self.rules.face)  # in a sentence: with its article (issue 25)

    def _score(self, seat: int) -> QuattroScore:
        return _cached_score(tuple(self._hands[seat]), self.rules, self._ds[seat])

    # -- the deck (S18) ---------------------------------------------------------------------
    def _new_deck(self) -> None:
        self._deck = Deck(rng=self._rng)  # a fresh shuffled deck of 40 (cards.Deck)
        if self._top:
            top, self._top = self._top, None
            rest = [c for c in self._deck.remaining if c not in set(top)]
            self._deck = Deck(top + rest, rng=self._rng, shuffle=False)
        self._fresh_deck = False
        self._ran_out = False
        self._log("new_deck", self.dealer, {}, _("{name} shuffles a fresh deck of 40 cards (S18).").format(
            name=self.names[self.dealer]))

    def _draw(self) -> Card:
        if not len(self._deck):  # S18: reshuffle the cards that are not on the table
            on_table = {c for h in self._hands for c in h}
            back = [c for c in self._deck.dealt if c not in on_table]
            if not back:  # cannot happen: 40 cards are worth more than any table can hold
                raise SetteKitError(_("no card is left anywhere to draw"))
            self._deck.reshuffle(back)
            self._ran_out = True
            self._log("reshuffled", None, {"cards": len(back)},
                      ngettext("The deck has run out: the {n} card not on the table is shuffled into a "
                               "new deck (S18).",
                               "The deck has run out: the {n} cards not on the table are shuffled into a "
                               "new deck (S18).", len(back)).format(n=len(back)))
        return self._deck.draw()

    # -- a hand ---------------------------------------------------------------------------
    def _start_hand(self) -> None:
        n, d = self.n_seats, self.dealer
        deck = getattr(self, "_deck", None)
        # issue 24: a save keeps the state the hand starts from and the hand's actions, and
        # loading replays them, so every state a save holds is one the engine reaches
        self._start = {"points": list(self._points), "dealer": d, "hand_number": self.hand_number,
                       "deck": None if deck is None else [c.index for c in deck.remaining],
                       "dealt": None if deck is None else [c.index for c in deck.dealt],
                       "fresh_deck": self._fresh_deck, "ran_out": self._ran_out,
                       "top": None if not self._top else [c.index for c in self._top],
                       "rng": rng_to_json(self._rng.getstate())}
        self._actions = []
        self.hand_number += 1
        self._hand_start = len(self._events)
        if self._fresh_deck:
            self._new_deck()
        self._hand_dealer = d
        self._hands = [[] for __ in range(n)]
        self._status = ["waiting"] * n
        self._ds = [False] * n
        self._shown = [False] * n
        self._order = [(d + k) % n for k in range(1, n)] + [d]  # S8: from the dealer's right, dealer last
        self._pos = 0
        self.last_result = None
        self._log("hand_started", d, {"dealer": d, "order": tuple(self._order), "deck_left": len(self._deck)},
                  ngettext("Hand {number}: {dealer} deals; {players} plays, then the dealer.",
                           "Hand {number}: {dealer} deals; {players} play, then the dealer.",
                           len(self._order) - 1).format(
                      number=self.hand_number, dealer=self.names[d],
                      players=", ".join(self.names[s] for s in self._order[:-1])))
        for s in self._order:  # S8: one card face down to each, the dealer last
            c = self._draw()
            self._hands[s].append(c)
            self._log("dealt", s, {"card": c}, _("{name} is dealt a card face down.").format(name=self.names[s]),
                      private=True)
        self.phase = "play"
        self._status[self._order[0]] = "playing"

    def legal_actions(self) -> Legal:
        """What the seat to act may do now: ``draw``, ``stand`` (only at 4½ or more, Q2),
        ``double_six`` (a first card 6, Q3); between hands only ``next_hand``."""
        if self.phase == "game_over":
            return Legal()
        if self.phase == "hand_over":
            return Legal([Option("next_hand")])
        seat = self.to_act
        out = [Option("draw")]
        if self._score(seat).can_stand:
            out.append(Option("stand"))
        h = self._hands[seat]
        if len(h) == 1 and h[0].rank == Rank.SEI and not self.rules.is_matta(h[0]):
            out.append(Option("double_six"))
        return Legal(out)

    def act(self, action, seat=None, **params) -> None:
        """Play an action for the seat to act: ``"draw"``, ``"stand"``, ``"double_six"`` or,
        between hands, ``"next_hand"``.  ``seat=`` (a seat or a name) checks that it is that
        player's turn.  An illegal action raises :class:`~sette_kit.errors.IllegalMove` and
        leaves the game exactly as it was.  No action takes parameters (issue 24: an
        unknown keyword is an IllegalMove naming it, not a TypeError)."""
        if params:
            raise IllegalMove(_("{action} takes no parameters; got {extra}").format(
                action=shown(action), extra=", ".join(sorted(map(shown, params)))))
        if isinstance(action, Option):
            action = action.name
        if action not in ACTIONS:
            raise IllegalMove(_("unknown action {action}: accepted {accepted}").format(
                action=shown(action), accepted=", ".join(ACTIONS)))
        legal = self.legal_actions()
        accepted = ", ".join(_action_word(a) for a in legal) or _("nothing (the game is over)")
        if seat is not None:
            s = self._seat_of(seat)
            if s != self.to_act:
                if self.to_act is not None:
                    msg = _("{name} may not act now: it is {player}'s turn; accepted now: {accepted}")
                else:
                    msg = _("{name} may not act now: nobody is to act; accepted now: {accepted}")
                raise IllegalMove(msg.format(name=self.names[s], player=self.names[self.to_act]
                                             if self.to_act is not None else "", accepted=accepted))
        if action not in legal:
            who = self.names[self.to_act] if self.to_act is not None else ""
            if self.phase == "game_over":
                why = _("the game is over")
            elif action == "next_hand":
                why = _("the hand is not over")
            elif self.phase == "hand_over":
                why = _("the hand is over: start the next one")
            elif action == "stand":
                sc = self._score(self.to_act)
                why = _("{total} is below 4½ and nobody may stop below 4½ (Q2)").format(total=fmt_points(sc.total))
            else:  # double_six
                h = self._hands[self.to_act]
                why = (_("only a player whose first card is a 6 may declare a double six, before drawing (Q3)")
                       if len(h) == 1 else _("a double six is declared on the first card only, before drawing (Q3)"))
            if self.to_act is not None:
                lead = {"draw": lambda: _("{who} may not draw"), "stand": lambda: _("{who} may not stand"),
                        "double_six": lambda: _("{who} may not double six"),
                        "next_hand": lambda: _("{who} may not next hand")}[action]()
            else:
                lead = {"draw": lambda: _("no one may draw now"), "stand": lambda: _("no one may stand now"),
                        "double_six": lambda: _("no one may double six now"),
                        "next_hand": lambda: _("no one may next hand now")}[action]()
            raise IllegalMove(_("{lead}: {why}; accepted now: {accepted}").format(
                lead=lead.format(who=who), why=why, accepted=accepted))
        getattr(self, "_do_" + action)()
        if action != "next_hand":  # next_hand starts a hand: its start is the save's "start"
            self._actions.append(action)

    def draw(self) -> None:
        self.act("draw")

    def stand(self) -> None:
        self.act("stand")

    def double_six(self) -> None:
        self.act("double_six")

    def next_hand(self) -> None:
        self.act("next_hand")

    def _do_next_hand(self) -> None:
        self._start_hand()

    def _do_double_six(self) -> None:
        seat = self.to_act
        self._ds[seat] = True
        self._shown[seat] = True
        c = self._hands[seat][0]
        self._log("double_six_declared", seat, {"card": c},
                  _("{name} shows a first card {card} and declares a double six (Q3).").format(
                      name=self.names[seat], card=self._cname(c)))
        self._do_draw()

    def _do_draw(self) -> None:
        seat = self.to_act
        c = self._draw()
        self._hands[seat].append(c)
        sc = self._score(seat)
        self._log("drew", seat, {"card": c, "n_cards": len(self._hands[seat])},
                  _("{name} draws {card}.").format(name=self.names[seat], card=self._cname(c)))
        if sc.kind == "double_six":
            self._status[seat] = "double_six"
            self._log("double_six", seat, {"points": sc.points},
                      (_("{name} makes a double six with the matta! (Q3)") if sc.with_matta
                       else _("{name} makes a double six! (Q3)")).format(name=self.names[seat]))
            self._end_turn()
        elif sc.kind == "mega":
            self._status[seat] = "mega"
            self._log("mega", seat, {}, _("{name} makes 4½ with nine cards: a mega 4½, which wins "
                                          "the whole game at once (Q4).").format(name=self.names[seat]))
            self._reveal(seat)
            self._finish_hand()
        elif sc.bust:
            self._status[seat] = "bust"
            self._log("bust", seat, {"total": sc.total},
                      _("{name} goes over 7½ and is bust ({total}, S2, S10).").format(
                          name=self.names[seat], total=fmt_points(sc.total)))
            self._reveal(seat)
            self._end_turn()
        elif sc.kind == "seven_and_half" and self._min_total(seat) >= SEVEN_AND_HALF:
            self._status[seat] = "stood"
            self._log("declared", seat, {"hand": "7½"},
                      _("{name} declares 7½ (Q2) and shows the hand: any card would bust it.").format(
                          name=self.names[seat]))
            self._reveal(seat)
            self._end_turn()
        elif sc.kind in ("four_and_half", "seven_and_half"):
            self._log("declared", seat, {"hand": sc.name}, _("{name} declares {hand} (Q2).").format(
                name=self.names[seat], hand=sc.label))

    def _min_total(self, seat: int) -> Fraction:
        return sum((HALF if self.rules.is_matta(c) else card_value(c) for c in self._hands[seat]), Fraction(0))

    def _do_stand(self) -> None:
        seat = self.to_act
        sc = self._score(seat)
        self._status[seat] = "stood"
        n = len(self._hands[seat])
        if sc.kind in ("four_and_half", "seven_and_half"):
            text = ngettext("{name} stands with {n} card and declares {hand} (Q2).",
                            "{name} stands with {n} cards and declares {hand} (Q2).", n)
        else:
            text = ngettext("{name} stands with {n} card.", "{name} stands with {n} cards.", n)
        self._log("stood", seat, {"n_cards": n}, text.format(name=self.names[seat], n=n, hand=sc.label))
        self._end_turn()

    def _reveal(self, seat: int) -> None:
        if not self._shown[seat]:
            self._shown[seat] = True
            c = self._hands[seat][0]
            self._log("revealed", seat, {"card": c}, _("{name} turns up {card}.").format(name=self.names[seat],
                                                                                           card=self._cname(c)))

    def _end_turn(self) -> None:
        self._pos += 1
        if self._pos < len(self._order):
            self._status[self._order[self._pos]] = "playing"
        else:
            self._finish_hand()

    # -- the end of a hand (Q2-Q6, S17) -----------------------------------------------------
    def _finish_hand(self) -> None:
        d = self._hand_dealer
        for s in self._order:
            if self._hands[s]:
                self._reveal(s)
        hands = [tuple(h) if h else None for h in self._hands]
        r = showdown(hands, d, self.rules, double_six=[s for s in range(self.n_seats) if self._ds[s]])
        self.last_result = r
        summary = "; ".join(f"{self.names[s]} {r.scores[s].label}" for s in self._order if r.scores[s] is not None)
        self._log("showdown", None, {"hands": tuple(None if x is None else x.name for x in r.scores),
                                     "winners": r.winners, "points": r.points},
                  _("Hands shown: {summary}. {reason}").format(summary=summary, reason=r.reason))
        for s in r.winners:
            self._points[s] += 0 if r.mega is not None else r.points[s]
            if r.mega is None:
                self._awards.append([self.hand_number, s, r.points[s]])
                self._log("scored", s, {"points": r.points[s], "total": self._points[s]},
                          ngettext("{name} wins the hand with {hand} and scores {n} point (Q6): {total} in all.",
                                   "{name} wins the hand with {hand} and scores {n} points (Q6): {total} in all.",
                                   r.points[s]).format(name=self.names[s], hand=r.scores[s].label, n=r.points[s],
                                                       total=self._points[s]))
        if r.mega is not None:
            self.winners = (r.mega,)
            self.phase = "game_over"
            self._log("game_over", r.mega, {"winners": self.winners, "mega": True},
                      _("{name} wins the game with a mega 4½ (Q4).").format(name=self.names[r.mega]))
            return
        self._pass_deal(r)
        top = max(self._points)
        if top >= self.rules.target:  # Q6
            self.winners = tuple(s for s in range(self.n_seats) if self._points[s] == top)
            self.phase = "game_over"
            if len(self.winners) == 1:
                text = _("{who} reaches {top} points, at least the target of {target}, and wins the game (Q6).")
                who = self.names[self.winners[0]]
            else:
                text = _("{who} reach {top} points, at least the target of {target}, and win the game (Q6) "
                         "(a shared win: they reached it together with the same score).")
                who = self.names[self.winners[0]]
                for s in self.winners[1:]:
                    who = _("{first} and {second}").format(first=who, second=self.names[s])
            self._log("game_over", self.winners[0], {"winners": self.winners, "mega": False},
                      text.format(who=who, top=top, target=self.rules.target))
        else:
            self.phase = "hand_over"
            self._log("hand_over", None, {"points": tuple(self._points)},
                      _("Hand {number} is over. Points: {points}.").format(
                          number=self.hand_number,
                          points=", ".join(f"{x} {p}" for x, p in zip(self.names, self._points))))

    def _pass_deal(self, r: HandResult) -> None:
        d = self.dealer
        new, why = None, ""
        takers = r.takes_deal
        if takers:  # Q5
            k = r.scores[takers[0]]
            how = _("a 5 that beat a 4½") if k.kind == "five" else k.label
            taker = takers[0] if len(takers) == 1 else self._cut(takers)
            if taker == d:
                self._log("deal_kept", d, {"reason": "won"},
                          ngettext("{name} won with {how} and keeps the deal (Q5); the deck carries over with {n} "
                                   "card (S18).",
                                   "{name} won with {how} and keeps the deal (Q5); the deck carries over with {n} "
                                   "cards (S18).", len(self._deck)).format(name=self.names[d], how=how,
                                                                           n=len(self._deck)))
                return
            new, why = taker, _("{name} won with {how} (Q5)").format(name=self.names[taker], how=how)
        elif self._ran_out or not len(self._deck):  # S17: the deck is used up
            new = (d + 1) % self.n_seats
            why = _("the deck is used up, so the deal goes to the player on {name}'s right (S17)").format(
                name=self.names[d])
        if new is None:
            self._log("deal_kept", d, {"reason": "deck"},
                      ngettext("{name} keeps the deal; the deck carries over with {n} card (S18).",
                               "{name} keeps the deal; the deck carries over with {n} cards (S18).",
                               len(self._deck)).format(name=self.names[d], n=len(self._deck)))
            return
        self.dealer = new
        self._fresh_deck = True
        self._log("deal_passed", new, {"from": d, "to": new}, _("The deal passes from {old} to {new}: {why}.").format(
            old=self.names[d], new=self.names[new], why=why))

    def _cut(self, seats) -> int:
        """Several players share a win that takes the deal: they cut for it (the source's reading, 000):
        one card each from a freshly shuffled deck, highest wins (figures lowest, then Ace-7)."""
        seats = list(seats)
        while True:
            cards = list(FULL_DECK)
            self._rng.shuffle(cards)
            cut = dict(zip(seats, cards))
            val = {s: (0 if c.is_figure else int(c.rank)) for s, c in cut.items()}
            top = max(val.values())
            best = [s for s in seats if val[s] == top]
            self._log("cut_for_deal", None, {"cuts": tuple(cut.items())},
                      (_("They cut for the deal: {cuts}.") if len(best) == 1
                       else _("They cut for the deal: {cuts}; a tie, so they cut again.")).format(
                          cuts=", ".join(f"{self.names[s]} {c.name(self.rules.face)}" for s, c in cut.items())))
            if len(best) == 1:
                return best[0]
            seats = best

    # -- views and bots ------------------------------------------------------------------------
    def view(self, seat) -> QuattroView:
        """The table as ``seat`` sees it: its own cards, the others' face-up cards and
        declarations, everybody's points."""
        seat = self._seat_of(seat)
        hands = tuple(self._hand_view(s, seat) for s in range(self.n_seats))
        legal = self.legal_actions() if self.to_act == seat else None
        return QuattroView(seat, self.names, self.rules, self.hand_number, self.phase, self.to_act, self.dealer,
                           tuple(self._order), tuple(self._points), self.rules.target, hands, legal,
                           len(self._deck), self.last_result, self.winners, tuple(self._events[self._hand_start:]))

    def _hand_view(self, s: int, viewer: int) -> QuattroHandView:
        h = self._hands[s]
        if not h:
            return QuattroHandView((), self._status[s], None, False, None)
        sees_all = s == viewer or self._shown[s]
        cards = tuple(h) if sees_all else (None,) + tuple(h[1:])
        sc = self._score(s)
        declared = sc.name if sc.kind in ("four_and_half", "seven_and_half", "double_six", "mega") else None
        return QuattroHandView(cards, self._status[s], declared, self._ds[s], sc if sees_all else None)

    def play_bots(self, max_actions: int = 100_000) -> int:
        """Let bot seats act while a bot is to act; stops at a human's turn, between hands
        and at the end.  Returns the number of actions played."""
        max_actions = read_whole(max_actions, "max_actions", 1, 10 ** 9, text=False)
        count = 0
        while self.phase == "play" and self.to_act in self._bots:
            choice = self._bots[self.to_act](self.view(self.to_act))
            self.act(choice[0] if isinstance(choice, tuple) else choice)
            count += 1
            if count >= max_actions:
                raise SetteKitError(_("the bots played {n} actions without a human turn; stopping").format(
                    n=max_actions))
        return count

    def play_hand(self) -> HandResult:
        """Play one whole hand with the bots (starting it if needed) and return its result."""
        if self.phase == "hand_over":
            self.act("next_hand")
        self.play_bots()
        if self.phase == "play":
            raise SetteKitError(_("{name} (seat {seat}) is not a bot: play_hand needs bots at every seat").format(
                name=self.names[self.to_act], seat=self.to_act))
        return self.last_result

    def play_game(self, max_hands: int = 10_000) -> tuple:
        """Play an all-bot game to the end; returns :attr:`winners`."""
        max_hands = read_whole(max_hands, "max_hands", 1, 10 ** 9, text=False)
        missing = [self.names[s] for s in range(self.n_seats) if s not in self._bots]
        if missing:
            raise SetteKitError(_("play_game needs a bot at every seat; no bot at {seats}").format(
                seats=", ".join(missing)))
        for __ in range(max_hands):

            if self.over:
                return self.winners
            self.play_hand()
        if self.over:
            return self.winners
        raise SetteKitError(_("no winner after {n} hands; stopping").format(n=max_hands))

    # -- checks and saving ------------------------------------------------------------------------
    def check(self) -> None:
        """Raise AssertionError unless the invariants hold: the 40 cards are each in one
        place (the deck, the table, or the deck's discards); points are never negative."""
        on_table = [c for h in self._hands for c in h]
        places = list(self._deck.remaining) + list(self._deck.dealt)
        if sorted(c.index for c in places) != list(range(40)):
            raise AssertionError("the deck does not hold the 40 cards once each")
        if not set(on_table) <= set(self._deck.dealt) or len(set(on_table)) != len(on_table):
            raise AssertionError("a card on the table was not dealt from the deck")
        if min(self._points) < 0:
            raise AssertionError("negative points")

    def to_json(self) -> str:
        """The whole state as JSON (bots are code: pass them again to :meth:`from_json`).

        A save keeps the state the current hand started from (``start``) and the hand's
        actions, which :meth:`from_json` plays again; the points of every hand won
        (``awards``, Q6), to which the points are tied; and the events of the current hand
        and of the latest whole hands, up to :data:`MAX_SAVED_EVENTS` (so a game to
        1,000 points still saves small; ``dropped`` counts the events no longer kept)."""
        start = self._tail_start()
        state = {
            "format": _FORMAT, "rules": self.rules.to_dict(), "names": list(self.names),
            "points": list(self._points), "hand_number": self.hand_number, "phase": self.phase,
            "dealer": self.dealer, "hand_dealer": self._hand_dealer,
            "deck": [c.index for c in self._deck.remaining], "dealt": [c.index for c in self._deck.dealt],
            "hands": [[c.index for c in h] for h in self._hands], "status": list(self._status),
            "ds": list(self._ds), "shown": list(self._shown), "order": list(self._order), "pos": self._pos,
            "ran_out": self._ran_out, "fresh_deck": self._fresh_deck, "winners": list(self.winners),
            "hand_start": self._hand_start - start, "rng": rng_to_json(self._rng.getstate()),
            "events": [event_to_json(e) for e in self._events[start:]], "dropped": self._dropped + start,
            "awards": [list(a) for a in self._awards], "start": self._start, "actions": list(self._actions),
        }
        return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def _tail_start(self) -> int:
        """The first event a save keeps: the start of the earliest hand such that at most
        MAX_SAVED_EVENTS events are kept, never after the start of the current hand."""
        events = self._events
        limit = len(events) - MAX_SAVED_EVENTS
        if limit <= 0:
            return 0
        first = self._hand_start
        for i in range(self._hand_start - 1, limit - 1, -1):
            if events[i].kind == "hand_started":
                first = i
        return first

    @classmethod
    def from_json(cls, text: str, bots=None, *, max_chars: int = MAX_SAVE_CHARS) -> "QuattroGame":
        """Load a game saved with :meth:`to_json`; it continues exactly as the original.

        The text is untrusted (issue 18.21, issue 24): it is refused unread above
        ``max_chars``, then every field is checked against the save's schema and the
        fields against each other (one deck of 40 cards, the order of play, the points of
        the hand's start equal to the points of the hands won before it, ``awards``, Q6);
        then the current hand is played again from the state it started from, action by
        action, and the state reached must be the state saved.  Anything wrong is a
        SetteKitError naming the field.  Saves of the earlier format are not read.

        >>> g = QuattroGame(3, seed=1, bots="all"); _ = g.play_hand()
        >>> QuattroGame.from_json(g.to_json().replace('"points":[', '"points":[40,0,0],"x":['))
        Traceback (most recent call last):
        ...
        sette_kit.errors.SetteKitError: cannot load the saved Quattro e mezzo game: has unknown field(s) 'x'
        """
        what = _("the saved Quattro e mezzo game")
        d = load_json(text, what, max_chars)
        if isinstance(d, dict) and d.get("format") in _OLD_FORMATS:
            raise SetteKitError(_("cannot load {what}: it was saved in the earlier format {format}, which keeps no "
                                  "record of the hand's actions to check it by; it is no longer "
                                  "read").format(what=what, format=shown(d["format"])))
        if not isinstance(d, dict) or d.get("format") != _FORMAT:
            raise SetteKitError(_("not a saved Quattro e mezzo game (format should be {format})").format(
                format=shown(_FORMAT)))
        validate(_save_schema(), d, what)
        rules = build_options(QuattroRules, d["rules"], what, _rules_args)
        _check_saved(d, rules, what)
        try:
            events = [event_from_json(e) for e in d["events"]]
        except (ValueError, ZeroDivisionError) as exc:
            raise SetteKitError(_("cannot load {what}: events hold a value that cannot be read ({error})").format(
                what=what, error=exc)) from None
        g = cls._replayed(d, rules, events, what)
        got = json.loads(g.to_json())
        key = first_difference(got, d, _SAVE_ORDER)
        if key is None:
            def replay_in(lang):
                with language(lang):
                    return json.loads(cls._replayed(d, rules, events, what).to_json())["events"]

            bad_text = texts_check(d["events"][d["hand_start"]:], got["events"][d["hand_start"]:],
                                   lambda lang: replay_in(lang)[d["hand_start"]:])
            if bad_text is not None:
                key = f"events[{bad_text + d['hand_start']}]"
        if key is not None:
            raise SetteKitError(_("cannot load {what}: {field} is not what the hand's actions give, played again "
                                  "from the state the hand started from (the save was edited or is "
                                  "corrupt)").format(what=what, field=key))
        g._events = list(events)  # the texts as saved: each is one the engine writes, in one of its languages
        try:
            g.check()
        except AssertionError as exc:
            raise SetteKitError(_("cannot load {what}: the saved game is inconsistent: {error}").format(
                what=what, error=exc)) from None
        g.attach_bots(bots)
        return g

    @classmethod
    def _replayed(cls, d: dict, rules: QuattroRules, events: list, what: str) -> "QuattroGame":
        """The game the save describes, built the way the engine builds it (issue 24)."""
        st = d["start"]
        g = cls.__new__(cls)
        g.rules, g.names = rules, tuple(d["names"])
        n = len(g.names)
        g._rng = random.Random()
        try:
            g._rng.setstate(rng_state(st["rng"], "start.rng"))
        except Bad as bad:
            raise bad.error(what) from None
        except (ValueError, TypeError, OverflowError) as exc:
            raise SetteKitError(_("cannot load {what}: start.rng is not the state of a random generator "
                                  "({error})").format(what=what, error=exc)) from None
        g._bots = {}
        g._events = events[:d["hand_start"]]
        g._hand_start = 0
        g._dropped = d["dropped"]
        g.hand_number = st["hand_number"]
        g._points = list(st["points"])
        g._awards = [list(a) for a in d["awards"] if a[0] <= st["hand_number"]]
        g.phase = "hand_over"
        g._hands = [[] for __ in range(n)]
        g._status, g._ds, g._shown = ["out"] * n, [False] * n, [False] * n
        g._order, g._pos = [], 0
        g._ran_out, g._fresh_deck = st["ran_out"], st["fresh_deck"]
        g._top = None if st["top"] is None else [FULL_DECK[i] for i in st["top"]]
        if st["deck"] is not None:
            g._deck = Deck([FULL_DECK[i] for i in st["deck"]], rng=g._rng, shuffle=False)
            g._deck.dealt = [FULL_DECK[i] for i in st["dealt"]]
        g._hand_dealer = 0
        g._start, g._actions = None, []
        g.last_result, g.winners = None, ()
        g.dealer = st["dealer"]
        g._start_hand()
        for k, name in enumerate(d["actions"]):
            try:
                g.act(name)
            except SetteKitError as exc:
                raise SetteKitError(_("cannot load {what}: actions[{k}] ({name}) is not a legal move there: "
                                      "{error}").format(what=what, k=k, name=name, error=exc)) from None
        return g

    def __repr__(self) -> str:
        pts = dict(zip(self.names, self._points))
        return f"<QuattroGame hand {self.hand_number} {self.phase}: dealer {self.names[self.dealer]}, points {pts}>"


STATUSES = ("waiting", "playing", "stood", "bust", "double_six", "mega", "out")


def _save_schema() -> Obj:
    """The fields of a saved Quattro e mezzo game, their types and ranges (issue 18.21)."""
    seat = Int(0, MAX_PLAYERS - 1)
    per_seat = lambda item: List(item, MIN_PLAYERS, MAX_PLAYERS)  # noqa: E731
    return Obj({
        "format": Str(40), "rules": Dict(IDENT, EventData(0), 20),
        "names": List(Name(), MIN_PLAYERS, MAX_PLAYERS, unique=True),
        "points": per_seat(Int(0, MAX_TARGET + 5)), "hand_number": Int(1, 10 ** 9),
        "phase": Choice(("play", "hand_over", "game_over")), "dealer": seat, "hand_dealer": seat,
        "deck": List(CardIndex, 0, 40, unique=True), "dealt": List(CardIndex, 0, 40, unique=True),
        "hands": per_seat(List(CardIndex, 0, 40, unique=True)), "status": per_seat(Choice(STATUSES)),
        "ds": per_seat(Bool()), "shown": per_seat(Bool()), "order": List(seat, 0, MAX_PLAYERS, unique=True),
        "pos": Int(0, MAX_PLAYERS), "ran_out": Bool(), "fresh_deck": Bool(),
        "winners": List(seat, 0, MAX_PLAYERS, unique=True), "hand_start": Int(0, 10 ** 7),
        "rng": RNG_STATE, "events": List(event_schema(MAX_PLAYERS - 1), 0, 10 ** 6),
        # issue 24: the points of every hand won, the state the hand started from, its actions
        "dropped": Int(0, 10 ** 12),
        "awards": List(Tuple(Int(1, 10 ** 9), seat, Int(1, 5)), 0, MAX_PLAYERS * (MAX_TARGET + 5)),
        "start": Obj({"points": per_seat(Int(0, MAX_TARGET + 5)), "dealer": seat, "hand_number": Int(0, 10 ** 9),
                      "deck": Opt(List(CardIndex, 0, 40, unique=True)), "dealt": Opt(List(CardIndex, 0, 40, unique=True)),
                      "fresh_deck": Bool(), "ran_out": Bool(), "top": Opt(List(CardIndex, 1, 40, unique=True)),
                      "rng": RNG_STATE}),
        "actions": List(Choice(("draw", "stand", "double_six")), 0, 2000),
    })


def _check_saved(d: dict, rules: QuattroRules, what: str) -> None:
    """What ties the fields of a save together (the schema checked each one alone)."""
    def bad(msg):
        raise SetteKitError(_("cannot load {what}: {problem}").format(what=what, problem=msg))

    n = len(d["names"])
    for key in ("points", "hands", "status", "ds", "shown"):
        if len(d[key]) != n:
            bad(_("{key} must hold one entry for each of the {n} players, not {count}").format(
                key=key, n=n, count=len(d[key])))
    for key in ("dealer", "hand_dealer"):
        if d[key] >= n:
            bad(_("{key} must be a seat from 0 to {last}, not {value}").format(key=key, last=n - 1, value=d[key]))
    hd = d["hand_dealer"]
    if d["order"] != [(hd + k) % n for k in range(1, n)] + [hd]:
        bad(_("order must be every seat from the dealer's right, the dealer ({dealer}) last (S8), not "
              "{order}").format(dealer=hd, order=d['order']))
    if d["pos"] > n or (d["phase"] == "play" and d["pos"] >= n):
        bad(_("pos={pos} does not point at a seat of the order in phase {phase}").format(
            pos=d['pos'], phase=shown(d['phase'])))
    if any(w >= n for w in d["winners"]) or bool(d["winners"]) != (d["phase"] == "game_over"):
        bad(_("winners {winners} do not fit the phase {phase}").format(winners=d['winners'], phase=shown(d['phase'])))
    scored = [0] * n
    mega = False
    for i, e in enumerate(d["events"]):
        if e[1] is not None and e[1] >= n:
            bad(_("events[{i}] names seat {seat}, beyond the {n} seats").format(i=i, seat=e[1], n=n))
        if e[0] == "scored":
            pts = e[2].get("points")
            if e[1] is None or type(pts) is not int or not 1 <= pts <= 5:
                bad(_("events[{i}] must record the points a seat scored (1-5, Q6)").format(i=i))
        mega = mega or e[0] == "mega"
    st = d["start"]
    hands_won = [a[0] for a in d["awards"]]
    if any(a[1] >= n for a in d["awards"]) or hands_won != sorted(hands_won) or \
            any(h > d["hand_number"] for h in hands_won):
        bad(_("awards must list the hands won in order, each by a seat of the game and before hand {number}").format(
            number=d["hand_number"] + 1))
    for a in d["awards"]:
        scored[a[1]] += a[2]
    if scored != d["points"]:
        bad(_("points {points} are not the points of the hands won (awards), {scored} (Q6)").format(
            points=d['points'], scored=scored))
    kept = [e[4] for e in d["events"] if e[0] == "hand_started"]
    if kept:  # every hand whose events are kept: its awards are its "scored" events (Q6)
        first = kept[0]
        logged = sorted([e[4], e[1], e[2]["points"]] for e in d["events"] if e[0] == "scored" and e[4] >= first)
        if sorted(a for a in d["awards"] if a[0] >= first) != logged:
            bad(_("awards do not match the points the kept hands' events record (Q6)"))
    before = [0] * n
    for a in d["awards"]:
        if a[0] <= st["hand_number"]:
            before[a[1]] += a[2]
    if len(st["points"]) != n or st["points"] != before or st["hand_number"] != d["hand_number"] - 1 or \
            st["dealer"] >= n or max(st["points"]) >= rules.target:
        bad(_("start must be the state hand {number} started from: the points of the hands won before it, "
              "below the target, and a dealer of the game").format(number=d["hand_number"]))
    if (st["deck"] is None) != (st["dealt"] is None) or (st["deck"] is None and not st["fresh_deck"]) or \
            (st["deck"] is not None and sorted(st["deck"] + st["dealt"]) != list(range(40))) or \
            (st["top"] is not None and st["hand_number"] != 0):
        bad(_("start must hold one deck of 40 cards, or a fresh deck to come"))
    if d["phase"] != "game_over" and max(d["points"]) >= rules.target:
        bad(_("points reach the target of {target}, so the game is over (Q6), but the phase is {phase}").format(
            target=rules.target, phase=shown(d['phase'])))
    if d["phase"] == "game_over" and not mega and max(d["points"]) < rules.target:
        bad(_("the game is over, but nobody reached the target of {target} or made a mega 4½ (Q4, Q6)").format(
            target=rules.target))
    if d["hand_start"] > len(d["events"]):
        bad(_("hand_start={start} is past the {n} events saved").format(start=d['hand_start'], n=len(d['events'])))
    if sorted(d["deck"] + d["dealt"]) != list(range(40)):
        bad(_("deck and dealt are not one deck of 40 cards, each once"))
    on_table = [c for h in d["hands"] for c in h]
    if len(set(on_table)) != len(on_table) or not set(on_table) <= set(d["dealt"]):
        bad(_("a card on the table is in two hands or was not dealt from the deck"))


@lru_cache(maxsize=1 << 15)
def _cached_score(cards: tuple, rules: QuattroRules, ds: bool) -> QuattroScore:
    return score(cards, rules, double_six=ds)


# ---------------------------------------------------------------------------------------
# Bots
# ---------------------------------------------------------------------------------------

class ThresholdBot:
    """A blind bot: declares a double six with a first 6 (it costs nothing, Q3), stands at
    4½ or on a total of at least ``stand_on`` (default 7), draws otherwise.

    >>> ThresholdBot(), ThresholdBot(6)
    (ThresholdBot(7), ThresholdBot(6))
    """

    def __init__(self, stand_on=7) -> None:
        self.stand_on = read_halves(stand_on, "stand_on", "1/2", 8)

    def __call__(self, view: QuattroView) -> str:
        legal = view.legal
        if "double_six" in legal:
            return "double_six"
        sc = view.score
        if "stand" in legal and (sc.kind == "four_and_half" or sc.total >= self.stand_on):
            return "stand"
        return "draw"

    def __repr__(self) -> str:
        return f"ThresholdBot({fmt_points(self.stand_on)})"


class OddsBot:
    """A bot that reads the table and uses the exact next-card odds (:func:`next_card`).

    It declares a double six with a first 6; stands at 4½ unless a 4½ with more cards
    (or a double six) already shows; stands with a 5 when a 4½ shows (Q2); otherwise,
    if its hand cannot beat the best hand already declared, it draws (nothing to lose);
    else it draws when the chance of busting on the next card, counted over the cards it
    has not seen, is below ``risk`` (default ½).
    """

    def __init__(self, risk=Fraction(1, 2)) -> None:
        self.risk = read_number(risk, "risk", accepted="a probability from 0 to 1, such as 1/2 or 0.4")
        if not 0 <= self.risk <= 1:
            raise SetteKitError(_("risk={risk} is out of range: accepted a probability from 0 to 1").format(
                risk=shown(risk)))


    def __call__(self, view: QuattroView) -> str:
        legal = view.legal
        if "double_six" in legal:
            return "double_six"
        if "stand" not in legal:
            return "draw"
        me = view.score
        others = [h for s, h in enumerate(view.hands) if s != view.seat]
        shown = [h.declared for h in others]
        if "double six" in shown:
            return "draw"
        best_45 = max((h.hidden + len(h.face_up) for h in others if h.declared == "4½"), default=0)
        if me.kind == "four_and_half":
            return "stand" if me.n_cards >= best_45 else "draw"
        if me.kind == "five" and best_45:
            return "stand"
        if me.kind == "seven_and_half":
            return "stand"
        if best_45 or "7½" in shown:
            return "draw"  # this total cannot beat what is declared
        seen = tuple(c for c in view.visible_cards() if c not in me.cards)
        dist = next_card(me.cards, seen, view.rules, double_six=False)
        return "draw" if dist.get("bust", Fraction(0)) < self.risk else "stand"

    def __repr__(self) -> str:
        return f"OddsBot(risk={self.risk})"


BOTS = {"threshold": ThresholdBot, "odds": OddsBot}
