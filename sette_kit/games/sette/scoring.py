"""Scoring a Sette e mezzo hand and settling it against the bank (docs/rules.md S1-S6, S10-S16).

>>> from sette_kit import parse_cards, Rules
>>> italian = Rules.preset("italian")
>>> s = score(parse_cards("Re di denari, Fante di coppe, 3 di spade"), italian)
>>> s.total, s.kind, s.matta_value
(Fraction(15, 2), 'sette_e_mezzo', Fraction(4, 1))
>>> score(parse_cards("7d Fd"), italian).kind
'reale'
>>> settle(parse_cards("7d Fd"), parse_cards("5c 2s"), 10, italian)
20
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Literal, NamedTuple

from ...cards import Card, Rank, _thousands, as_cards, parse_cards
from ...errors import SetteKitError
from ...i18n import N_, _
from ...numbers import MAX_MONEY, read_number, read_whole, shown
from .rules import Rules, as_rules

__all__ = ["Score", "Outcome", "score", "outcome", "settle", "card_value", "fmt_points", "SETTE_E_MEZZO", "KINDS",
           "cached_score"]

SETTE_E_MEZZO = Fraction(15, 2)
HALF = Fraction(1, 2)
ScoreKind = Literal["bust", "points", "sette_e_mezzo", "reale", "triple"]
"""What a hand scores as (:attr:`Score.kind`)."""
KINDS: tuple[ScoreKind, ...] = ("bust", "points", "sette_e_mezzo", "reale", "triple")


def card_value(card: Card) -> Fraction:
    """A card's face value (S1): Ace-7 their number, a figure 1/2.

    >>> card_value(Card(7, "coppe")), card_value(Card("Re", "spade"))
    (Fraction(7, 1), Fraction(1, 2))
    """
    if not isinstance(card, Card):
        raise SetteKitError(_("card_value takes a Card, not {value}").format(value=shown(card)))
    return HALF if card.rank.is_figure else Fraction(int(card.rank))


@dataclass(frozen=True)
class Score:
    """The score of a hand under some rules.  Build it with :func:`score`.

    ``total`` is the hand's best total (the matta assigned, S4); ``kind`` is one of
    'bust', 'points', 'sette_e_mezzo', 'reale', 'triple'; ``matta_value`` is the value
    the matta took (None without a matta in the hand); ``wild`` says the matta was used
    as a wild card (any value other than its own 1/2); ``true_reale`` marks a reale of a
    7 and a figure (S16), as opposed to one made with the wild matta.
    """

    cards: tuple[Card, ...]
    total: Fraction
    bust: bool
    kind: ScoreKind
    matta_value: Fraction | None = None
    wild: bool = False
    true_reale: bool = False

    @property
    def half_points(self) -> int:
        """The total in half points (an int): 7 1/2 is 15."""
        return int(self.total * 2)

    def strength(self, rules: Rules) -> tuple[int, int]:
        """A key that orders hands for settlement: higher beats lower (S5, S6, S16).

        Bust is lowest; then by total; at 7 1/2 a reale beats a many-card 7 1/2, and
        under S16 a true reale beats one made with the matta; a triple beats all.
        """
        if self.kind == "bust":
            return (-1, 0)
        if self.kind == "triple":
            return (16, 3)
        if self.kind == "reale":
            tier = 2 if (self.true_reale or not rules.true_reale_beats_matta_reale) else 1
            return (15, tier)
        return (self.half_points, 0)

    def __repr__(self) -> str:
        extra = f", matta_value={self.matta_value}" if self.matta_value is not None else ""
        return f"<Score {_fmt(self.total)} {self.kind}{extra}>"


def fmt_points(x: Fraction) -> str:
    """Write a total the way players say it: 7½, ½, 3, 10.

    >>> fmt_points(Fraction(15, 2)), fmt_points(Fraction(1, 2)), fmt_points(Fraction(3))
    ('7½', '½', '3')
    """
    if type(x) is not Fraction or x.denominator > 2:
        x = _points_value(x)
    whole, half = divmod(int(x * 2), 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


_fmt = fmt_points
_HALVES = N_("a number that is a multiple of ½, such as 7½, 3 or Fraction(15, 2)")


def _points_value(x) -> Fraction:
    if isinstance(x, str):
        raise SetteKitError(_("fmt_points({value}): accepted {accepted}").format(value=shown(x), accepted=_(_HALVES)))
    v = read_number(x, "points", accepted=_(_HALVES))
    if (v * 2).denominator != 1:
        raise SetteKitError(_("points={value} is not a multiple of ½: accepted {accepted}").format(
            value=shown(x), accepted=_(_HALVES)))
    return v


def _as_cards(cards) -> tuple[Card, ...]:
    return as_cards(cards, what="a hand")


def score(cards: Iterable[Card] | str, rules: Rules, *, declare: Fraction | int | float | str | None = None,
          half_ace: bool = False) -> Score:
    """Score a hand (S1-S6).

    ``declare`` scores the hand with the matta's value chosen by hand (the declared-value
    mode of S4); a value the rules do not allow is an error.  ``half_ace`` counts a
    first-card ace as 1/2 (S21, if the rules allow it).

    >>> italian = Rules.preset("italian")
    >>> score("Rd 3c", italian)
    <Score 7 points, matta_value=4>
    >>> score("Rd 3c", italian, declare=7)      # 000: an undeclared matta counts 7
    <Score 10 bust, matta_value=7>
    >>> score("Rd", italian).total             # alone, the matta is a figure: 1/2
    Fraction(1, 2)
    >>> score("Rd 3c", italian, declare="1/2").total
    Fraction(7, 2)
    >>> score("7c 7d", italian.replace(triple=True)).kind
    'triple'
    """
    rules = as_rules(rules)
    cards = _as_cards(cards)
    if not cards:
        raise SetteKitError(_("a hand needs at least one card"))
    if half_ace is not False and half_ace is not True:
        raise SetteKitError(_("half_ace={value} must be True or False (S21)").format(value=shown(half_ace)))
    if half_ace:
        if not rules.half_point_ace:
            raise SetteKitError(_("half_ace needs rules with half_point_ace=True (S21)"))
        if cards[0].rank != Rank.ASSO:
            raise SetteKitError(_("half_ace: the first card must be an ace, not {card} (S21)").format(
                card=cards[0].name(rules.face)))
    if rules.triple and len(cards) == 2 and all(c.rank == Rank.SETTE for c in cards):
        return Score(cards, Fraction(14), False, "triple")  # S6: beats every hand though over 7 1/2

    matta = next((c for c in cards if rules.is_matta(c)), None)
    base = sum((HALF if (half_ace and i == 0) else card_value(c)
                for i, c in enumerate(cards) if c != matta), Fraction(0))
    matta_value = None
    if matta is not None:
        allowed = rules.matta_values
        if declare is not None:
            value = _read_value(declare)
            if len(cards) == 1 and value != HALF:
                raise SetteKitError(_("alone, the matta counts 1/2 like any figure (S4); it takes another value "
                                      "only beside other cards"))
            if len(cards) > 1 and value not in allowed:
                raise SetteKitError(_("the matta cannot be worth {value}: accepted values are {accepted} (S4)").format(
                    value=_fmt(value), accepted=", ".join(_fmt(v) for v in allowed)))
            matta_value = value
        elif len(cards) == 1:
            matta_value = HALF  # S4: alone it is a figure
        else:  # S4: the best value that keeps the hand at or under 7 1/2
            fitting = [v for v in allowed if base + v <= SETTE_E_MEZZO]
            matta_value = max(fitting) if fitting else min(allowed)
    elif declare is not None:
        raise SetteKitError(_("declare= gives the matta's value, but this hand has no matta under these rules"))

    total = base + (matta_value or 0)
    wild = matta_value is not None and matta_value != HALF
    if total > SETTE_E_MEZZO:
        return Score(cards, total, True, "bust", matta_value, wild)
    if total < SETTE_E_MEZZO:
        return Score(cards, total, False, "points", matta_value, wild)
    kind: ScoreKind
    kind, true_reale = "sette_e_mezzo", False
    if rules.reale and len(cards) == 2:  # S5
        a, b = cards
        same_suit = a.suit == b.suit or not rules.reale_same_suit
        both_figures = a.is_figure and b.is_figure  # the wild matta (7) and a figure
        seven_and_figure = {a.rank == Rank.SETTE, b.rank == Rank.SETTE} == {True, False} and (a.is_figure or b.is_figure)
        if same_suit and (seven_and_figure or both_figures):
            kind, true_reale = "reale", seven_and_figure
    return Score(cards, total, False, kind, matta_value, wild, true_reale)


@lru_cache(maxsize=1 << 16)
def cached_score(cards: tuple, rules: Rules, declare=None, half_ace: bool = False) -> Score:
    """:func:`score` of a tuple of cards, remembered: the table and the bots score the same
    few hands again and again (``declare`` and ``half_ace`` as for :func:`score`).

    >>> from sette_kit.cards import parse_cards
    >>> cached_score(tuple(parse_cards("7c Fd")), Rules.preset("plain")).total
    Fraction(15, 2)
    """
    return score(cards, rules, declare=declare, half_ace=half_ace)


def _read_value(value) -> Fraction:
    # checked for size and form before it becomes a Fraction
    return read_number(value, "declare", accepted=_("½ or a whole number 1-7, such as 4, '1/2' or '½' (S4)"))


class Outcome(NamedTuple):
    """The result of one player's hand against the bank, per unit stake."""

    multiplier: int  # +2 = the player wins double; -1 = the player loses the stake; 0 = push
    reason: str  # a plain-English sentence naming the rule


def outcome(player: Score, dealer: Score, rules: Rules, *, who: str | None = None) -> Outcome:
    """Settle one player's hand against the bank's, per unit stake (S10-S16).

    The reason speaks to the player ("Your 7 beats ..."), or of the player named ``who``
    ("Bruno's 7 beats ...", for a table's log).

    >>> italian = Rules.preset("italian")
    >>> outcome(score("7c Fc", italian), score("3c 4d Fs", italian), italian)
    Outcome(multiplier=2, reason="Your sette e mezzo reale beats the bank's 7½ and is paid double (S5, S14).")
    >>> outcome(score("6c", italian), score("5s 3d", italian), italian, who="Bruno").reason
    'The bank went bust, so it pays every player still in the game (S12).'
    >>> outcome(score("7s Fs", italian), score("Rd Fd", italian), italian, who="Bruno").reason
    "Reale against reale: the bank's reale collects a single stake from a player who also made a reale (S15, S16)."
    """
    rules = as_rules(rules)
    for side, s in (("player", player), ("dealer", dealer)):
        if not isinstance(s, Score):
            raise SetteKitError(_("outcome takes two Scores (from score()): {side}={value}; to settle cards or "
                                  "text use settle()").format(side=side, value=shown(s)))
    if who is not None and not isinstance(who, str):
        raise SetteKitError(_("who={value} must be a player's name, or None to speak to the player").format(
            value=shown(who)))
    # whole sentences, one speaking to the player and one naming the player
    you = who is None
    if player.bust:  # S10
        if you:
            return Outcome(-1, _("You went bust: you lose your stake at once, whatever the bank does (S10)."))
        return Outcome(-1, _("{who} went bust: {who} loses the stake at once, whatever the bank does (S10).").format(
            who=who))
    if dealer.kind == "triple":  # S6 (001): the bank's triplé takes single stakes from everyone
        if player.kind == "triple" and not rules.dealer_wins_ties:
            return Outcome(0, _("Triplé against triplé: a tie, and ties push under these rules."))
        return Outcome(-1, _("The bank's sette e mezzo triplé beats every hand; it collects single stakes (S6)."))
    win = _win_multiplier(player, rules)
    hand = _name(player, rules)
    if dealer.bust:  # S12
        paid = _paid(player, win, rules)
        if paid:
            message = (_("The bank went bust, so it pays every player still in the game (S12); your {hand} is "
                         "paid {paid}.") if you else
                       _("The bank went bust, so it pays every player still in the game (S12); {who}'s {hand} is "
                         "paid {paid}."))
            return Outcome(win, message.format(who=who, hand=hand, paid=paid))
        return Outcome(win, _("The bank went bust, so it pays every player still in the game (S12)."))
    mine, theirs = player.strength(rules), dealer.strength(rules)
    bank = _name(dealer, rules)
    if mine > theirs:
        paid = _paid(player, win, rules)
        if paid:
            message = (_("Your {hand} beats the bank's {bank} and is paid {paid}.") if you
                       else _("{who}'s {hand} beats the bank's {bank} and is paid {paid}."))
        else:
            message = _("Your {hand} beats the bank's {bank}.") if you else _("{who}'s {hand} beats the bank's {bank}.")
        return Outcome(win, message.format(who=who, hand=hand, bank=bank, paid=paid))
    if mine == theirs:
        if player.kind == "reale":  # S15 (000): the bank's reale against a player's reale
            if not rules.dealer_wins_ties:
                return Outcome(0, _("Reale against reale: a tie, and ties push under these rules."))
            return Outcome(-1, _("Reale against reale: the bank's reale collects a single stake from a player "
                                 "who also made a reale (S15, S16)."))
        if not rules.dealer_wins_ties:
            message = (_("A tie at {hand}: under these rules ties push.") if you
                       else _("{who} ties the bank at {hand}: under these rules ties push."))
            return Outcome(0, message.format(who=who, hand=hand))
        if player.total == SETTE_E_MEZZO and rules.reale:
            message = (_("A tie at {hand}: the bank wins all ties (S13); only a reale beats an ordinary 7½ (S5).")
                       if you else
                       _("{who} ties the bank at {hand}: the bank wins all ties (S13); only a reale beats an "
                         "ordinary 7½ (S5)."))
            return Outcome(-1, message.format(who=who, hand=hand))
        message = (_("A tie at {hand}: the bank wins all ties (S13).") if you
                   else _("{who} ties the bank at {hand}: the bank wins all ties (S13)."))
        return Outcome(-1, message.format(who=who, hand=hand))
    if dealer.kind == "reale" and rules.dealer_reale_collects_double and player.kind not in ("reale", "triple"):
        return Outcome(-2, _("The bank's sette e mezzo reale collects double from players without one (S15)."))
    if player.kind == "reale" and dealer.kind == "reale":
        message = (_("The bank's true reale beats your reale made with the matta (S16); it collects a single "
                     "stake (S15).") if you else
                   _("The bank's true reale beats {who}'s reale made with the matta (S16); it collects a single "
                     "stake (S15)."))
        return Outcome(-1, message.format(who=who))
    message = (_("The bank's {bank} beats your {hand} (S13).") if you
               else _("The bank's {bank} beats {who}'s {hand} (S13)."))
    return Outcome(-1, message.format(who=who, hand=hand, bank=bank))


def _win_multiplier(player: Score, rules: Rules) -> int:
    mult = 1
    if player.kind == "triple":
        mult = rules.triple_payout
    elif player.kind == "reale":
        mult = rules.reale_payout
    if player.total == SETTE_E_MEZZO and player.wild:
        mult = max(mult, rules.matta_sette_payout)
    return mult


def _name(s: Score, rules: Rules | None = None) -> str:
    if s.kind == "reale":
        return _("sette e mezzo reale")
    if s.kind == "triple":
        return _("sette e mezzo triplé")
    return "7½" if s.kind == "sette_e_mezzo" else _fmt(s.total)


def _paid(s: Score, mult: int, rules: Rules) -> str:
    """'double (S5, S14)' for a hand paid ``mult`` stakes; '' for even money."""
    if mult == 1:
        return ""
    word = {2: _("double"), 3: _("triple")}.get(mult) or _("{n} times the stake").format(n=mult)
    if s.kind == "triple":
        rule = "S6, S14"
    elif s.total == SETTE_E_MEZZO and s.wild and mult == rules.matta_sette_payout and mult > (
            rules.reale_payout if s.kind == "reale" else 1):
        rule = _("S14: a 7½ made with the wild matta")
    elif s.kind == "reale":
        rule = "S5, S14"
    else:
        rule = "S14"
    return f"{word} ({rule})"


def _scored(s: Score, rules: Rules, side: str) -> Score:
    """``s`` if it is a score its cards can have under ``rules`` (automatic, with the matta
    declared, or with a half-point ace: S4, S21), else a SetteKitError (a Score
    made by hand, such as a one-card 'reale', is not settled as if it were true)."""
    cards = s.cards
    if cards and all(isinstance(c, Card) for c in cards) and len(set(cards)) == len(cards):
        ways: list[dict[str, Any]] = [{}]  # score()'s keyword arguments
        if s.matta_value is not None:
            ways.append({"declare": s.matta_value})
        if rules.half_point_ace:
            ways += [{**w, "half_ace": True} for w in list(ways)]
        for kw in ways:
            try:
                if score(cards, rules, **kw) == s:
                    return s
            except SetteKitError:
                continue
    raise SetteKitError(_("{side}={value} is not a score its cards can have under these rules: build it with "
                          "score(cards, rules)").format(side=side, value=shown(s)))


def settle(player_cards, dealer_cards, stake, rules: Rules):
    """The player's signed result for one hand against the bank (S10-S16).

    Hands may be cards, text or :class:`Score` objects (use a Score to settle a hand
    with a declared matta value or a half-point ace).  The bank's result is the
    negative of this.

    >>> plain = Rules.preset("plain")
    >>> settle("5c 2d", "5d 2s", 1, plain)       # a tie: the bank wins (S13)
    -1
    >>> settle("Rd 5c 4c", "3c", 1, plain)       # bust: lost at once (S10)
    -1
    >>> settle("6c", "6d 5d", 3, plain)          # the bank busts (S12)
    3
    """
    stake = read_whole(stake, "stake", 1, MAX_MONEY,
                       accepted=_("a positive whole number of units, at most {most} (money is whole units)").format(
                           most=_thousands(MAX_MONEY)), text=False)
    rules = as_rules(rules)
    p = _scored(player_cards, rules, "player") if isinstance(player_cards, Score) else score(player_cards, rules)
    d = _scored(dealer_cards, rules, "bank") if isinstance(dealer_cards, Score) else score(dealer_cards, rules)
    overlap = set(p.cards) & set(d.cards)
    if overlap:
        raise SetteKitError(_("{cards} cannot be in both hands").format(cards=", ".join(c.name() for c in overlap)))
    return stake * outcome(p, d, rules).multiplier
