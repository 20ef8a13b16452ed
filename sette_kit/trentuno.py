"""Trentuno (thirty-one): scoring, a full game engine, two bots and exact draw odds (RULES T1-T9).

Scoring (T2)
------------
Two to seven count their number, the figures 10 and the Ace 11.  A hand of three cards
scores the largest sum of its cards **of one suit**; 31 (an Ace and two ten-value cards
of one suit) is the most.

>>> from sette_kit.cards import parse_cards
>>> score(parse_cards("Asso di coppe, Re di coppe, Fante di coppe"))
TrentunoScore(total=31, suit=Suit.COPPE, kind='trentuno')
>>> s = score(parse_cards("Asso di coppe, 5 di coppe, Re di spade"))
>>> s.total, s.suit, s.cards
(16, Suit.COPPE, (Card('Asso', 'coppe'), Card(5, 'coppe')))
>>> print(explain(parse_cards("Asso di coppe, Re di coppe, Fante di coppe")))
coppe: Asso di coppe 11 + Re di coppe 10 + Fante di coppe 10 = 31.
Best suit coppe: Asso di coppe 11 + Re di coppe 10 + Fante di coppe 10 = 31 in coppe (T2).
31 is the most a hand can make: it is shown at once and ends the hand (T7).

With the older option (T2) three Aces or three figures of one rank score 30:

>>> three_kings = parse_cards("Re di coppe, Re di denari, Re di spade")
>>> score(three_kings).total, score(three_kings, TrentunoRules(three_of_a_kind_30=True)).total
(10, 30)

:func:`score` takes one to three cards.  During a turn a player briefly holds four
cards (after drawing, before discarding); such a hand has no score of its own — use
:func:`best_discard`, which says which card to throw to keep the best three:

>>> best_discard(parse_cards("Asso di coppe, 5 di coppe, Re di spade, Re di coppe"))
(Card('Re', 'spade'), TrentunoScore(total=26, suit=Suit.COPPE, kind='points'))

The game (T1, T3-T7, T9)
------------------------
``TrentunoGame(players, rules=None, seed=None, bots=None)``: 2-7 players with one deck
(T1); up to 12 are accepted ("more with care": the stock is then small and is rebuilt
from the discard pile often).  Everything below is the engine's precise reading of
RULES.md; the rule ids are cited where the code implements them.

* Seats are numbered 0..n-1 **counter-clockwise**, so "the next player" and "the player
  on the right" are both seat + 1 (skipping eliminated players).  Play goes to the
  next seat.
* T4, first dealer: each player cuts one card from a seeded shuffled deck; the highest
  card deals (Ace, Re, Cavallo, Fante, 7 ... 2, the seed's ranking; suits do not
  count).  Players tied for highest cut again.  Each later hand the deal passes to the
  next live seat.  The dealer shuffles (seeded), the player on his right (the next
  seat) cuts the deck (a seeded cut position, logged), three cards go to each live
  player starting with the first to play, and one card is turned up to start the
  discard pile.  The rest is the stock.
* T5, a turn: take the top card of the stock or of the discard pile, then discard one
  card.  The card just taken from the discard pile may not be thrown back in the same
  turn (that would be a pass, which T5 does not offer).  Option ``discard_first``:
  discard first, then draw; the discard pile then offers the card that was on top
  before your discard (your own discard goes on top when your turn ends).
* T6, knocking: at the start of his turn, instead of drawing, a player whose score is
  at least ``knock_minimum`` (default 26, i.e. "more than 25") may knock, except in the
  first round (the first turn of every player in the hand).  Only one knock per hand.
  The source (the Italian encyclopedia article on Trentuno) says the knock warns the
  others "that the current one is the last round; in fact the hand ends with the
  dealer".  The default ``knock_last_round="to_dealer"`` reads it literally: the players
  after the knocker, up to and including the dealer, have one last turn, and the hand
  ends with the dealer's turn, so **a knocking dealer ends the hand at once**.  The
  option ``"everyone"`` gives every other live player exactly one more turn, in order,
  whoever dealt.
* T6/T3/T9, end of the hand after a knock: all hands are shown.  The lowest score
  loses a life; several players tied for lowest each lose one (T3); when the knocker
  ties for lowest, only the knocker loses (T6).  T9, the last two players tie: if both
  have one life left, the knocker loses it (as T6); "if one of the two players has two
  or more lives, a life is taken from both" (the source) - with the default
  ``last_two_both_lose=True`` both lose one (so a player left with one life is out and
  the other wins); with ``False`` T6 applies and only the knocker loses.
* T7, 31: a hand that scores 31 is shown at once (the engine does it automatically,
  right after the deal or right after the discard that makes it) and ends the hand.
  "Everyone pays, except those who have 30" (the source): every other player loses a
  life except those whose hand scores 30 (``spare_thirty=True``, the default; with
  ``False`` a 30 loses like any other hand).  "If this happens after a knock, the
  knocker does not lose": the knocker is spared too.  Players dealt 31 together are
  all spared.  In the first round, ``first_round_31`` chooses among the source's three
  readings: ``"ends_hand"`` (default, like any 31), ``"wins_game"`` (the player wins
  the game at once: every other player's remaining lives go into the pot, a 30
  included; two players dealt 31 together fall back to "ends_hand"), or ``"redeal"``
  (the hand is cancelled, no life is lost, the same dealer deals again).
* Lives (T3): each player starts with ``lives`` (default 3); every life lost goes into
  the pot, so the pot is always exactly the lives lost.  A player with no lives is out
  and is skipped by the deal and the turns; the last player left wins the pot.  At
  least one player always survives a hand (the knocker or the 31 never loses together
  with everyone), so every game ends with exactly one winner.
* The stock running out (not in RULES.md): at the end of a turn, if the stock is
  empty, the discard pile except its top card is turned over and shuffled (seeded)
  to make a new stock; this is logged as a ``"restock"`` event.
* T8 (return to life) is **not implemented**: the source's procedure is garbled (who
  the "drawn bettor" is, what a buy-back costs and what the pot gains cannot be read
  consistently), so no clear reading exists.  Other remarks of the source left out as
  unclear: "no knock after the previous player discarded a figure", "the knocker puts
  the card he could have drawn on the discard pile", "after a knock the stock stops at
  the current round's card".

For a widget or a lesson
------------------------
Everything a table needs is public: :meth:`TrentunoGame.view` (what one seat may see,
including ``legal`` actions to offer as buttons and, after a hand, the ``revealed``
hands), :attr:`TrentunoGame.events` (public facts only, each with plain-English text;
a stock card is never named) and ``phase`` (``"draw"``, ``"discard"``,
``"hand_over"`` — waiting for ``act("next_hand")`` so the showdown can be shown —
and ``"game_over"``).  :meth:`TrentunoGame.arranged` sets up a chosen position for
exercises; :meth:`~TrentunoGame.to_json` / :meth:`~TrentunoGame.from_json` save and
restore a game exactly (the seed, the arranged position and the actions are replayed,
then checked against a saved snapshot of the state and of the RNG).

>>> g = TrentunoGame(["Ada", "Bruno", "Carla"], seed=7)
>>> g.phase, g.players[g.to_act], g.legal_actions()
('draw', 'Carla', (Action('draw_stock'), Action('take_discard')))
>>> g.act("knock")
Traceback (most recent call last):
...
sette_kit.errors.IllegalMove: Carla may not knock now: nobody may knock in the first round (T6); accepted now: draw_stock, take_discard
>>> g.act("draw_stock"); g.phase
'discard'
>>> g.act(g.legal_actions()[0])       # an Action from legal_actions() can be passed back
>>> g.events[-1].text                  # doctest: +ELLIPSIS
'Carla discards ...'

Bots sit at seats; ``play_bots()`` plays until a human must act, ``play_game()`` plays an
all-bot game to the end:

>>> g = TrentunoGame(4, seed=1, bots={0: greedy, 1: ThresholdKnocker(), 2: greedy, 3: ThresholdKnocker(28)})
>>> g.play_game() in range(4), sum(g.lives) + g.pot == 4 * 3
(True, True)
>>> TrentunoGame.from_json(g.to_json()).to_json() == g.to_json()
True

Odds (exact)
------------
>>> o = draw_odds(parse_cards("Asso di coppe, 5 di coppe, Re di spade"), parse_card("2 di denari"))
>>> o.p_improve, o.expected_stock, o.discard_score, o.best
(Fraction(1, 3), Fraction(107, 6), 16, 'stock')
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from ._checks import read_bool, read_bots, read_seed
from ._saves import (IDENT, MAX_SAVE_CHARS, CardIndex, Choice, Dict, EventData, Int, List, Name, Obj, Opt, Str,
                     Tuple, build_options, load_json, validate)
from .games._engine import replace_checked, seat_names
from . import fmt
from .cards import FACES, FULL_DECK, Card, Suit, _items, parse_card, parse_cards, card_in_text, sentence, suit_name
from .errors import IllegalMove, SetteKitError
from .i18n import N_, _, ngettext
from .numbers import read_whole, shown

__all__ = [
    "TrentunoRules", "TrentunoScore", "score", "explain", "card_points", "best_discard",
    "Action", "Event", "TrentunoView", "TrentunoGame",
    "Greedy", "greedy", "ThresholdKnocker", "BOTS",
    "DrawOdds", "draw_odds",
]

FIRST_ROUND_31 = ("ends_hand", "wins_game", "redeal")
KNOCK_LAST_ROUND = ("to_dealer", "everyone")  # T6: the literal reading first (the default)
ACTIONS = ("draw_stock", "take_discard", "discard", "knock", "next_hand")
MIN_PLAYERS, MAX_PLAYERS = 2, 12


# ------------------------------------------------------------------------------------
# Rules
# ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrentunoRules:
    """The options of Trentuno (RULES T1-T9), validated.  Immutable.

    Readings of the source (the Italian encyclopedia article on Trentuno, RULES T6, T7,
    T9), each an option; the defaults are the literal readings:

    * ``knock_last_round`` (T6): ``"to_dealer"`` (default: "the current one is the last
      round; in fact the hand ends with the dealer", so a dealer's knock ends the hand at
      once) or ``"everyone"`` (every other player has one last turn).
    * ``spare_thirty`` (T7): True (default: "everyone pays, except those who have 30")
      or False (a 31 takes a life from every other player).
    * ``last_two_both_lose`` (T9): True (default: when the last two players tie and one
      of them has two or more lives, both lose one) or False (the knocker alone, T6).
    * ``first_round_31`` (T7): ``"ends_hand"`` (default), ``"wins_game"`` or ``"redeal"``.

    >>> r = TrentunoRules()
    >>> r.lives, r.knock_minimum, r.first_round_31, r.three_of_a_kind_30
    (3, 26, 'ends_hand', False)
    >>> r.knock_last_round, r.spare_thirty, r.last_two_both_lose
    ('to_dealer', True, True)
    >>> r.replace(lives=5).lives
    5
    >>> TrentunoRules(first_round_31="wins")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: first_round_31='wins' is not accepted: accepted 'ends_hand', 'wins_game', 'redeal' (T7)
    """

    lives: int = 3                       # T3
    three_of_a_kind_30: bool = False     # T2 option
    discard_first: bool = False          # T5 option
    first_round_31: str = "ends_hand"    # T7 option
    knock_minimum: int = 26              # T6: "more than 25"
    knock_last_round: str = "to_dealer"  # T6 reading: the hand ends with the dealer
    spare_thirty: bool = True            # T7: a 31 takes no life from a hand of 30
    last_two_both_lose: bool = True      # T9: last two tie, one with 2+ lives: both lose
    face: str = "italian"

    def __post_init__(self) -> None:
        if isinstance(self.lives, bool) or not isinstance(self.lives, int) or not 1 <= self.lives <= 99:
            raise SetteKitError(_("lives={value} is not accepted: accepted a whole number 1-99 (T3)").format(
                value=shown(self.lives)))
        for name in ("three_of_a_kind_30", "discard_first", "spare_thirty", "last_two_both_lose"):
            if not isinstance(getattr(self, name), bool):
                raise SetteKitError(_("{name}={value} is not accepted: accepted True or False").format(
                    name=name, value=shown(getattr(self, name))))
        if self.first_round_31 not in FIRST_ROUND_31:
            raise SetteKitError(_("first_round_31={value} is not accepted: accepted {accepted} (T7)").format(
                value=shown(self.first_round_31), accepted=", ".join(map(repr, FIRST_ROUND_31))))
        if self.knock_last_round not in KNOCK_LAST_ROUND:
            raise SetteKitError(_("knock_last_round={value} is not accepted: accepted {accepted} (T6)").format(
                value=shown(self.knock_last_round), accepted=", ".join(map(repr, KNOCK_LAST_ROUND))))
        k = self.knock_minimum
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 31:
            raise SetteKitError(_("knock_minimum={value} is not accepted: accepted a whole number 1-31, the "
                                  "lowest score that may knock (default 26, 'more than 25', T6)").format(value=shown(k)))
        if not isinstance(self.face, str) or self.face not in FACES:
            raise SetteKitError(_("face={value} is not accepted: accepted {accepted}").format(
                value=shown(self.face), accepted=", ".join(map(repr, FACES))))

    def replace(self, **changes) -> "TrentunoRules":
        """A validated copy with some options changed."""
        return replace_checked(self, changes, N_("Trentuno option(s)"))

    def to_dict(self) -> dict:
        """The options as a plain dict (for JSON)."""
        return dataclasses.asdict(self)

    def describe(self) -> str:
        """The options in plain English, one per line.

        >>> print(TrentunoRules().describe())   # doctest: +ELLIPSIS
        Each player starts with 3 lives (T3).
        ...
        """
        knock = (_("You may knock with {score} or more, not in the first round; then every other player has one "
                   "last turn (T6).") if self.knock_last_round == "everyone" else
                 _("You may knock with {score} or more, not in the first round; then it is the last round: the "
                   "players after the knocker play up to the dealer, and the hand ends with the dealer (a "
                   "dealer's knock ends it at once) (T6)."))
        first31 = {"ends_hand": _("31 in the first round ends the hand like any 31 (T7)."),
                   "wins_game": _("31 in the first round wins the whole game (T7)."),
                   "redeal": _("31 in the first round cancels the hand, which is dealt again (T7).")}[self.first_round_31]
        return "\n".join([
            ngettext("Each player starts with {n} life (T3).", "Each player starts with {n} lives (T3).",
                     self.lives).format(n=self.lives),
            _("Three of a kind of Aces or figures scores 30 (T2).") if self.three_of_a_kind_30
            else _("Only cards of one suit add up; three of a kind has no special value (T2)."),
            _("A turn is: discard, then draw (T5 option).") if self.discard_first
            else _("A turn is: draw from the stock or the discard pile, then discard (T5)."),
            knock.format(score=self.knock_minimum),
            _("A 31 ends the hand: every other player loses a life, except those who have 30 (T7).")
            if self.spare_thirty else _("A 31 ends the hand: every other player loses a life (T7)."),
            first31,
            _("When the last two players tie, the knocker loses a life; if one of them has two or more "
              "lives, both lose one (T9).") if self.last_two_both_lose else
            _("When the last two players tie, the knocker loses a life (T6, T9)."),
        ])


DEFAULT_RULES = TrentunoRules()


# ------------------------------------------------------------------------------------
# Scoring (T2)
# ------------------------------------------------------------------------------------

def card_points(card: Card) -> int:
    """A card's value in Trentuno: Ace 11, figures 10, the others their number (T2).

    >>> [card_points(c) for c in parse_cards("Asso di coppe, Re di coppe, 7 di coppe")]
    [11, 10, 7]
    """
    if not isinstance(card, Card):
        raise SetteKitError(_("card_points takes a Card, not {value}").format(value=shown(card)))
    r = int(card.rank)
    return 11 if r == 1 else (10 if r >= 8 else r)


# fast tables by card index (0-39)
_VAL = tuple(card_points(c) for c in FULL_DECK)
_SUIT = tuple(int(c.suit) for c in FULL_DECK)
_RANK = tuple(int(c.rank) for c in FULL_DECK)


_ID2IDX = {id(c): i for i, c in enumerate(FULL_DECK)}  # FULL_DECK cards live for ever: ids are stable


def _ix(card: Card) -> int:
    """card.index, fast for the canonical FULL_DECK objects (hot code)."""
    i = _ID2IDX.get(id(card))
    return card.index if i is None else i


def _points(idx: Sequence[int], toak: bool) -> int:
    """Score of up to three card indices, in plain ints (hot code)."""
    sums = [0, 0, 0, 0]
    for i in idx:
        sums[_SUIT[i]] += _VAL[i]
    best = max(sums)
    if toak and len(idx) == 3:
        r = _RANK[idx[0]]
        if (r == 1 or r >= 8) and _RANK[idx[1]] == r and _RANK[idx[2]] == r and best < 30:
            return 30
    return best


class TrentunoScore(NamedTuple):
    """The score of a Trentuno hand (T2).

    ``total`` is an int; ``suit`` the suit that scores (None for three of a kind);
    ``cards`` the cards that count; ``kind`` is ``"points"``, ``"trentuno"`` (31) or
    ``"three_of_a_kind"`` (the T2 option).
    """

    total: int
    suit: Suit | None
    cards: tuple
    kind: str

    def __repr__(self) -> str:
        return f"TrentunoScore(total={self.total}, suit={self.suit!r}, kind={self.kind!r})"


def _rules(rules) -> TrentunoRules:
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, TrentunoRules):
        raise SetteKitError(_("rules must be a TrentunoRules (or None for the default), got {value}").format(
            value=shown(rules)))
    return rules


_WHAT = {"hand": (N_("the hand"), N_("the hand holds the same card twice: a hand holds each card at most once")),
         "discard pile": (N_("the discard pile"), N_("the discard pile holds the same card twice: a hand holds each "
                                                     "card at most once")),
         "stock": (N_("the stock"), N_("the stock holds the same card twice: a hand holds each card at most once")),
         "seen list": (N_("the seen list"), N_("the seen list holds the same card twice: a hand holds each card at "
                                               "most once"))}


def _cards(cards, what="hand") -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        return (cards,)
    the, twice = _WHAT[what]
    out = tuple(c if isinstance(c, Card) else parse_card(c) for c in _items(cards, _(the), str))
    if len(set(out)) != len(out):
        raise SetteKitError(_(twice))
    return out


def score(cards, rules: TrentunoRules | None = None) -> TrentunoScore:
    """Score one to three cards (T2): the largest sum of one suit.

    Ties between suits go to the suit that comes first (coppe, denari, bastoni, spade).

    >>> score(parse_cards("7 di spade, 6 di spade, Asso di denari"))
    TrentunoScore(total=13, suit=Suit.SPADE, kind='points')
    >>> score(parse_cards("Asso di coppe, Asso di denari, Asso di spade"), TrentunoRules(three_of_a_kind_30=True))
    TrentunoScore(total=30, suit=None, kind='three_of_a_kind')
    >>> score(parse_cards("Asso di coppe, 2 di coppe, 3 di coppe, 4 di coppe"))
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: a Trentuno hand scores 1 to 3 cards, got 4; with four cards in hand use best_discard() to choose the card to throw
    """
    rules = _rules(rules)
    cards = _cards(cards)
    if not 1 <= len(cards) <= 3:
        raise SetteKitError((_("a Trentuno hand scores 1 to 3 cards, got {n}; with four cards in hand use "
                               "best_discard() to choose the card to throw") if len(cards) == 4 else
                             _("a Trentuno hand scores 1 to 3 cards, got {n}")).format(n=len(cards)))
    sums = [0, 0, 0, 0]
    for c in cards:
        sums[int(c.suit)] += card_points(c)
    best = max(sums)
    suit = Suit(sums.index(best))
    if rules.three_of_a_kind_30 and _points([c.index for c in cards], True) == 30 and best < 30:
        return TrentunoScore(30, None, cards, "three_of_a_kind")
    counted = tuple(c for c in cards if c.suit == suit)
    return TrentunoScore(best, suit, counted, "trentuno" if best == 31 else "points")


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


def _best_discard_idx(idx: Sequence[int], toak: bool, forbidden: int = -1) -> tuple[int, int]:
    """(index to discard, score kept) for four card indices; ties throw the lowest value."""
    best_i, best_s, best_v = -1, -1, 99
    for k, i in enumerate(idx):
        if i == forbidden:
            continue
        rest = idx[:k] + idx[k + 1:]
        s = _points(rest, toak)
        v = _VAL[i]
        if s > best_s or (s == best_s and (v, i) < (best_v, best_i)):
            best_i, best_s, best_v = i, s, v
    return best_i, best_s


def best_discard(cards, rules: TrentunoRules | None = None, keep: Card | None = None):
    """For four cards (during a turn): the card to throw and the score of the three kept.

    ``keep`` is a card that may not be thrown (the one just taken from the discard
    pile, T5).  Among equal results the lowest-value card is thrown.

    >>> best_discard(parse_cards("7 di coppe, 6 di coppe, Asso di spade, 2 di coppe"))
    (Card('Asso', 'spade'), TrentunoScore(total=15, suit=Suit.COPPE, kind='points'))
    >>> best_discard(parse_cards("7 di coppe, 6 di coppe, Asso di spade, 2 di coppe"), keep=parse_card("Asso di spade"))
    (Card(2, 'coppe'), TrentunoScore(total=13, suit=Suit.COPPE, kind='points'))
    """
    rules = _rules(rules)
    cards = _cards(cards)
    if len(cards) != 4:
        raise SetteKitError(_("best_discard takes the four cards held during a turn, got {n}").format(n=len(cards)))
    if keep is not None:
        if not isinstance(keep, (Card, str)):
            raise SetteKitError(_("keep={value}: give the card that may not be thrown (a Card or its name), or None")
                                .format(value=shown(keep)))
        keep = keep if isinstance(keep, Card) else parse_card(keep, face=rules.face)
        if keep not in cards:
            raise SetteKitError(_("keep={card} is not one of the four cards").format(card=keep.name(rules.face)))
    forbidden = keep.index if keep is not None else -1
    i, __ = _best_discard_idx([c.index for c in cards], rules.three_of_a_kind_30, forbidden)
    card = FULL_DECK[i]
    return card, score([c for c in cards if c != card], rules)


# ------------------------------------------------------------------------------------
# Actions, events, views
# ------------------------------------------------------------------------------------

class Action(NamedTuple):
    """A move: ``name`` in draw_stock, take_discard, discard (with ``card``), knock, next_hand."""

    name: str
    card: Card | None = None

    def __repr__(self) -> str:
        return f"Action({self.name!r})" if self.card is None else f"Action({self.name!r}, {self.card!r})"


class Event(NamedTuple):
    """One thing that happened at the table, in the order it happened.

    Events hold only public information (what every player sees): a card drawn from the
    stock is not named; a player's own cards are in :meth:`TrentunoGame.view`.
    ``kind`` is one of: cut_for_dealer, dealer, arranged, shuffle, cut, deal, turn_up,
    draw_stock, take_discard, discard, knock, restock, thirty_one, redeal, showdown, lowest,
    lose_life, eliminated, hand_over, game_over.  ``hand`` is the hand number.  ``data`` is a read-only mapping; ``text`` is plain
    English.
    """

    kind: str
    seat: int | None
    data: Mapping[str, Any]
    text: str
    hand: int = 0

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, seat={self.seat!r}, {self.text!r})"


class TrentunoView(NamedTuple):
    """What one seat may see: its own hand, the top of the discard pile, sizes, lives, pot.

    A widget can render the whole table from this and :attr:`TrentunoGame.events`.
    ``legal`` is the tuple of legal :class:`Action` if this seat is to act, else ().
    ``revealed`` maps seats to their hands once the hand is over (the showdown).
    An immutable named tuple (fast to build: bots get one per move).
    """

    seat: int
    players: tuple
    hand: tuple
    score: TrentunoScore | None
    hand_sizes: tuple
    lives: tuple
    alive: tuple
    pot: int
    dealer: int
    to_act: int | None
    phase: str
    discard_top: Card | None
    discard_size: int
    stock_size: int
    knocker: int | None
    hand_number: int
    round: int
    first_round: bool
    last_turns_left: int | None
    taken_from_discard: Card | None
    pending_discard: Card | None
    legal: tuple
    revealed: Mapping
    winner: int | None
    rules: TrentunoRules

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat


_KNOCK = Action("knock")
_DRAW_STOCK = Action("draw_stock")
_TAKE_DISCARD = Action("take_discard")
_NEXT_HAND = Action("next_hand")
_DISCARD = tuple(Action("discard", c) for c in FULL_DECK)
_SORT_KEY = tuple((int(c.rank), int(c.suit)) for c in FULL_DECK)  # Card order: rank, then suit
_SCORE_CACHE: dict = {}


def _score_idx(idx: Sequence[int], rules: TrentunoRules) -> TrentunoScore:
    """score() for card indices, cached (hot code: views and bots)."""
    key = (tuple(sorted(idx)), rules.three_of_a_kind_30)
    s = _SCORE_CACHE.get(key)
    if s is None:
        s = _SCORE_CACHE[key] = score([FULL_DECK[i] for i in key[0]], rules)
    return s


# ------------------------------------------------------------------------------------
# The game
# ------------------------------------------------------------------------------------

def _cut_rank(card_index: int) -> int:
    """The seed's ranking for the cut (T4): A, Re, Cavallo, Fante, 7 ... 2."""
    r = _RANK[card_index]
    return 11 if r == 1 else r


class TrentunoGame:
    """A game of Trentuno for 2-12 players (T1-T7, T9).  See the module docstring.

    ``players``: a list of names or a number of players.  ``bots``: a dict seat (or name)
    -> policy; a policy is any callable ``policy(view) -> (action, params)`` (or an
    :class:`Action`).  ``seed``: an int (a fresh one is drawn when None and kept, so the
    game can be saved and replayed).

    >>> g = TrentunoGame(["Ada", "Bruno"], seed=3, rules=TrentunoRules(lives=1))
    >>> g.view(0).hand_sizes, g.view(0).stock_size, len(g.view(0).hand)
    ((3, 3), 33, 3)
    >>> g.view(0).revealed
    mappingproxy({})
    """

    def __init__(self, players: Sequence[str] | int = 4, rules: TrentunoRules | None = None,
                 seed: int | None = None, bots: Mapping | None = None) -> None:
        players = seat_names(players, MIN_PLAYERS, MAX_PLAYERS,
                             _("Trentuno needs {lo} to {hi} players (T1: 4-7 with one deck is best), got {n}"))
        rules = _rules(rules)
        seed = read_seed(seed)
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 63)
        self.players = players
        self.rules = rules
        self.seed = seed
        self.bots: dict[int, Callable] = {}
        self.set_bots(bots)
        self._rng = random.Random(seed)
        self._toak = rules.three_of_a_kind_30
        n = len(players)
        self.lives = [rules.lives] * n
        self.pot = 0
        self.hands: list[list[int]] = [[] for __ in range(n)]
        self.stock: list[int] = []       # top is the end of the list
        self.discard_pile: list[int] = []  # top is the end of the list
        self.events: list[Event] = []
        self.history: list[tuple[str, int | None]] = []
        self.hand_number = 0
        self.phase = "draw"
        self.to_act: int | None = None
        self.knocker: int | None = None
        self.last_turns_left: int | None = None
        self.winner: int | None = None
        self._turn_no = 0
        self._round_size = n
        self._taken: int = -1      # card taken from the discard pile this turn (may not be thrown back)
        self._pending: int = -1    # discard_first: this turn's discard, waiting under the top
        self._revealed: dict[int, tuple] = {}
        self._revealed_proxy: Mapping | None = None
        self._cancelled = False
        self._arranged: dict | None = None
        self.dealer = self._cut_for_dealer()
        self._deal()

    @classmethod
    def arranged(cls, players, hands, discard, stock=None, *, dealer: int | None = None,
                 lives: Sequence[int] | None = None, turns_played: int = 0,
                 rules: TrentunoRules | None = None, seed: int = 0, bots: Mapping | None = None) -> "TrentunoGame":
        """A game set up at a chosen position, for lessons, exercises and tests.

        ``hands``: one hand (text or cards) per seat, empty for a seat with no lives;
        ``discard``: the discard pile, bottom to top (text or cards); ``stock``: the stock,
        top card first (default: the cards left over, in a seeded shuffle); ``dealer``:
        default the seat before the first live seat; ``lives``: default all
        ``rules.lives`` (the pot is the lives already lost); ``turns_played`` turns of the
        hand already played (``>= players`` means the first round is over).  The first
        player is the next live seat after the dealer plus ``turns_played``.  A hand of 31
        with ``turns_played == 0`` counts as dealt 31 (T7).

        >>> g = TrentunoGame.arranged(["Ada", "Bruno"], ["Asso di coppe, Re di coppe, 2 di spade",
        ...     "7 di denari, 6 di denari, 5 di denari"], discard="Fante di coppe", turns_played=2)
        >>> g.players[g.to_act], g.legal_actions()
        ('Ada', (Action('draw_stock'), Action('take_discard')))
        >>> g.act("take_discard"); g.act("discard", card="2 di spade")
        >>> for e in g.events[-4:]: print(e.text)
        Ada makes 31 and shows it at once: the hand ends (T7).
        Hands shown: Ada 31; Bruno 18.
        Bruno loses 1 life into the pot (2 left, pot 1).
        Hand 1 is over.
        >>> g.phase, g.lives, g.pot, g.legal_actions()
        ('hand_over', [3, 2], 1, (Action('next_hand'),))
        """
        game = cls(players, rules=rules, seed=seed)
        n = len(game.players)
        rules = game.rules
        if not isinstance(hands, (list, tuple)):
            raise SetteKitError(_("hands={value}: give one hand per seat (text or cards; empty for a seat with no "
                                  "lives)").format(value=shown(hands)))
        hands = list(hands)
        if len(hands) != n:
            raise SetteKitError(_("arranged needs one hand per seat ({n}), got {got}").format(n=n, got=len(hands)))
        hands = [_cards(h) if (isinstance(h, str) and h.strip()) or not isinstance(h, str) else () for h in hands]
        lives = list(lives) if lives is not None else [rules.lives] * n
        if len(lives) != n or any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= rules.lives
                                  for x in lives):
            raise SetteKitError(_("lives must give 0-{lives} for each of the {n} seats").format(lives=rules.lives, n=n))
        if sum(1 for x in lives if x > 0) < 2:
            raise SetteKitError(_("at least two players must have lives left"))
        for seat, (h, l) in enumerate(zip(hands, lives)):
            if len(h) != (3 if l > 0 else 0):
                msg = _("seat {seat} ({name}) must hold three cards, got {n}") if l > 0 else \
                    _("seat {seat} ({name}) must hold no cards (no lives left), got {n}")
                raise SetteKitError(msg.format(seat=seat, name=game.players[seat], n=len(h)))
        pile = _cards(discard, "discard pile") if not isinstance(discard, Card) else (discard,)
        if not pile:
            raise SetteKitError(_("the discard pile needs at least one card (T4)"))
        used = [c for h in hands for c in h] + list(pile)
        if len(set(used)) != len(used):
            raise SetteKitError(_("a card appears twice in the hands and the discard pile"))
        rest = [c.index for c in FULL_DECK if c not in set(used)]
        if stock is None:
            game._rng.shuffle(rest)
            stock_idx = rest
        else:
            st = _cards(stock, "stock")
            if sorted(c.index for c in st) != sorted(rest):
                raise SetteKitError(_("the stock must hold exactly the cards that are not in the hands or the "
                                      "discard pile ({n} cards)").format(n=len(rest)))
            stock_idx = [c.index for c in reversed(st)]  # the list's end is the top
        if not stock_idx:
            raise SetteKitError(_("the stock may not be empty"))
        game.lives = lives
        game.pot = sum(rules.lives - x for x in lives)
        alive = game.alive
        if dealer is None:
            dealer = (alive[0] - 1) % n
            while game.lives[dealer] == 0:
                dealer = (dealer - 1) % n
        dealer = game._seat_of(dealer)
        if game.lives[dealer] == 0:
            raise SetteKitError(_("the dealer ({name}) has no lives left").format(name=game.players[dealer]))
        # issue 24: bounded as a save holds it (a game the kit cannot save is not made)
        turns_played = read_whole(turns_played, "turns_played", 0, 10 ** 9, text=False)
        game.dealer = dealer
        game.hands = [[c.index for c in h] for h in hands]
        game.discard_pile = [c.index for c in pile]
        game.stock = stock_idx
        game.events = []
        game.hand_number = 1
        game._round_size = len(alive)
        game._turn_no = turns_played
        seat = game._next_alive(dealer)
        for __ in range(turns_played % len(alive)):
            seat = game._next_alive(seat)
        game.to_act = seat
        game.phase = "discard" if rules.discard_first else "draw"
        game._arranged = {"hands": [list(h) for h in game.hands], "discard": list(game.discard_pile),
                          "stock": list(game.stock), "dealer": dealer, "lives": list(lives),
                          "turns_played": turns_played}
        game._log("arranged", None, _("A table arranged by hand: {dealer} dealt, {player} is to play, lives {lives}, "
                                      "pot {pot}.").format(dealer=game.players[dealer], player=game.players[seat],
                                                           lives=tuple(lives), pot=game.pot),
                  lives=tuple(lives), pot=game.pot)
        if turns_played == 0:
            made = [s for s in alive if _points(game.hands[s], game._toak) == 31]
            if made:
                game._thirty_one(made, dealt=True)
        game.set_bots(bots or {})
        return game

    # -- public read-only facts --------------------------------------------------------
    @property
    def alive(self) -> tuple[int, ...]:
        """Seats still in the game (lives > 0), in seat order."""
        return tuple([i for i, l in enumerate(self.lives) if l > 0])

    @property
    def over(self) -> bool:
        return self.phase == "game_over"

    @property
    def round(self) -> int:
        """The round of the current hand, from 1."""
        return self._turn_no // self._round_size + 1

    @property
    def first_round(self) -> bool:
        return self._turn_no < self._round_size

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat`` (everything, for tests and teachers; players use view())."""
        return tuple(FULL_DECK[i] for i in self.hands[self._seat_of(seat)])

    def score_of(self, seat: int) -> TrentunoScore | None:
        h = self.hand_of(seat)
        return score(h, self.rules) if 1 <= len(h) <= 3 else None

    @property
    def discard_top(self) -> Card | None:
        return self._visible_discard()

    def set_bots(self, bots: Mapping) -> None:
        """Seat bots: a dict seat or player name -> policy (replaces earlier bots)."""
        seated = {}
        for key, policy in read_bots(bots).items():
            seat = self._seat_of(key)
            if not callable(policy):
                raise SetteKitError(_("the bot for seat {seat} is not callable: a policy is policy(view) -> (action, "
                                      "params)").format(seat=seat))
            seated[seat] = policy
        self.bots = seated

    def _seat_of(self, key) -> int:
        if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(self.players):
            return key
        if isinstance(key, str) and key in self.players:
            return self.players.index(key)
        raise SetteKitError(_("unknown seat {key}: accepted 0-{last} or a player name ({names})").format(
            key=shown(key), last=len(self.players) - 1, names=", ".join(self.players)))

    # -- events -----------------------------------------------------------------------
    def _log(self, kind: str, seat: int | None, text: str, **data) -> None:
        self.events.append(Event(kind, seat, MappingProxyType(data), text, self.hand_number))

    def _name(self, i: int) -> str:
        return FULL_DECK[i].name(self.rules.face)

    # -- seats ------------------------------------------------------------------------
    def _next_alive(self, seat: int) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.lives[s] > 0:
                return s
        raise AssertionError("no live player")  # pragma: no cover

    # -- setup (T4) -------------------------------------------------------------------
    def _cut_for_dealer(self) -> int:
        contenders = list(range(len(self.players)))
        while True:
            deck = list(range(40))
            self._rng.shuffle(deck)
            cuts = {s: deck[k] for k, s in enumerate(contenders)}
            top = max(_cut_rank(c) for c in cuts.values())
            text = ", ".join(f"{self.players[s]} {self._name(c)}" for s, c in cuts.items())
            self._log("cut_for_dealer", None, _("Cut for the deal: {cuts} (T4).").format(cuts=text),
                      cuts=MappingProxyType({s: FULL_DECK[c] for s, c in cuts.items()}))
            best = [s for s, c in cuts.items() if _cut_rank(c) == top]
            if len(best) == 1:
                self._log("dealer", best[0], _("{name} cut the highest card and deals first (T4).").format(
                    name=self.players[best[0]]))
                return best[0]
            contenders = best

    def _deal(self) -> None:
        """Shuffle, cut, deal three cards each, turn one up (T4); check dealt 31s (T7)."""
        self.hand_number += 1
        n = len(self.players)
        self.hands = [[] for __ in range(n)]
        self.knocker = None
        self.last_turns_left = None
        self._turn_no = 0
        self._taken = self._pending = -1
        self._revealed = {}
        self._revealed_proxy = None
        self._cancelled = False
        alive = self.alive
        self._round_size = len(alive)
        deck = list(range(40))
        self._rng.shuffle(deck)
        cutter = self._next_alive(self.dealer)
        at = self._rng.randint(4, 36)
        deck = deck[at:] + deck[:at]
        self._log("shuffle", self.dealer, _("Hand {number}: {name} shuffles and deals (T4).").format(
            number=self.hand_number, name=self.players[self.dealer]),
                  lives=tuple(self.lives), pot=self.pot)
        self._log("cut", cutter, _("{name}, on the dealer's right, cuts the deck at card {position} (T4).").format(
            name=self.players[cutter], position=at),
                  position=at)
        # deal from the top: list end is the top
        order = []
        s = cutter
        for __ in alive:
            order.append(s)
            s = self._next_alive(s)
        for s in order:
            self.hands[s] = [deck.pop(), deck.pop(), deck.pop()]
        self._log("deal", self.dealer, _("{name} deals three cards face down to each of {n} players.").format(
            name=self.players[self.dealer], n=len(order)), seats=tuple(order))
        up = deck.pop()
        self.discard_pile = [up]
        self.stock = deck
        self._log("turn_up", self.dealer, sentence(_("{card} is turned up to start the discard pile; {n} cards make the "
                                            "stock.").format(card=card_in_text(FULL_DECK[up], self.rules.face), n=len(deck))),
                  card=FULL_DECK[up], stock=len(deck))
        self.to_act = order[0]
        self.phase = "discard" if self.rules.discard_first else "draw"
        # T7: a hand dealt 31 is shown at once
        made = [s for s in order if _points(self.hands[s], self._toak) == 31]
        if made:
            self._thirty_one(made, dealt=True)

    # -- legal actions ----------------------------------------------------------------
    def _can_knock(self, seat: int) -> str | None:
        """None if ``seat`` may knock now, else the reason (T6)."""
        if self.knocker is not None:
            return _("{name} has already knocked (one knock per hand, T6)").format(name=self.players[self.knocker])
        if self.first_round:
            return _("nobody may knock in the first round (T6)")
        if len(self.hands[seat]) != 3:
            return _("a knock replaces the whole turn, so it comes before drawing (T6)")
        s = _points(self.hands[seat], self._toak)
        if s < self.rules.knock_minimum:
            return _("a knock needs {minimum} or more (T6: more than 25) and {name}'s hand scores {score}").format(
                minimum=self.rules.knock_minimum, name=self.players[seat], score=s)
        return None

    def _visible_discard(self) -> Card | None:
        """The discard-pile card a player may take now (under a pending discard_first discard)."""
        pile = self.discard_pile
        return FULL_DECK[pile[-1]] if pile else None

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions now, for the seat :attr:`to_act` (``next_hand`` between hands)."""
        ph = self.phase
        if ph == "game_over":
            return ()
        if ph == "hand_over":
            return (_NEXT_HAND,)
        seat = self.to_act
        hand = self.hands[seat]
        out = []
        if ph == "draw":
            out.append(_DRAW_STOCK)
            if self.discard_pile:
                out.append(_TAKE_DISCARD)
            if not self.rules.discard_first and self._can_knock(seat) is None:
                out.append(_KNOCK)
        else:  # discard
            for i in sorted(hand, key=_SORT_KEY.__getitem__):
                if i != self._taken:
                    out.append(_DISCARD[i])
            if self.rules.discard_first and len(hand) == 3 and self._can_knock(seat) is None:
                out.append(_KNOCK)
        return tuple(out)

    # -- acting -----------------------------------------------------------------------
    def why_not(self, action: str) -> str:
        """Why ``action`` (an action's name) is not legal now, in words with its rule
        (T5, T6): what :meth:`act` says when it refuses, and what a table tells a learner
        (issue 25: the widget says it in the second person, with its own words for the moves).

        >>> g = TrentunoGame(["Ada", "Bruno"], seed=1)
        >>> g.why_not("knock")
        'nobody may knock in the first round (T6)'
        """
        reason = ""
        if action == "knock" and self.phase in ("draw", "discard") and self.to_act is not None:
            reason = self._can_knock(self.to_act) or ""
            if self.phase == "discard" and not self.rules.discard_first:
                reason = _("a knock replaces the whole turn, so it comes before drawing (T6)")
        elif self.phase == "game_over":
            reason = _("the game is over")
        elif action == "discard" and self.phase == "draw":
            reason = _("draw first (T5)") if not self.rules.discard_first else _("you have already discarded (T5)")
        elif action in ("draw_stock", "take_discard") and self.phase == "discard":
            reason = (_("discard first: the discard-first option is on (T5)") if self.rules.discard_first
                      and len(self.hands[self.to_act]) == 3 else _("you have drawn: now discard one card (T5)"))
        elif action == "next_hand":
            reason = _("the hand is not over")
        else:
            reason = _("it is not allowed now")
        return reason

    def act(self, action, card=None, **params) -> None:
        """Play ``action`` for the seat to act: a name (``"draw_stock"``, ``"take_discard"``,
        ``"discard"`` with ``card=``, ``"knock"``, ``"next_hand"``) or an :class:`Action`.

        An illegal action raises :class:`~sette_kit.errors.IllegalMove` naming what is
        accepted, and the game is left exactly as it was.
        """
        if isinstance(action, Action):
            if card is None and not params and action in self.legal_actions():  # fast path (bots)
                self.history.append((action.name, _ix(action.card) if action.card is not None else None))
                getattr(self, "_do_" + action.name)(action.card)
                return
            action, card = action.name, action.card if card is None else card
        if params:
            raise SetteKitError(_("unknown parameter(s) {names}: accepted card=").format(names=", ".join(sorted(params))))
        if action not in ACTIONS:
            raise IllegalMove(_("unknown action {action}: accepted {actions}").format(action=shown(action),
                                                                                   actions=", ".join(ACTIONS)))
        legal = self.legal_actions()
        names = [a.name for a in legal]
        who = self.players[self.to_act] if self.to_act is not None else None
        if action not in names:
            accepted = ", ".join(dict.fromkeys(names)) or _("nothing (the game is over)")
            reason = self.why_not(action)
            if who is None:
                msg = {"knock": _("Nobody may knock now: {reason}; accepted now: {accepted}"),
                       "next_hand": _("Nobody may start the next hand now: {reason}; accepted now: {accepted}"),
                       "discard": _("Nobody may discard now: {reason}; accepted now: {accepted}"),
                       "draw_stock": _("Nobody may draw from the stock now: {reason}; accepted now: {accepted}"),
                       "take_discard": _("Nobody may take from the discard pile now: {reason}; accepted now: "
                                         "{accepted}")}[action]
            else:
                msg = {"knock": _("{name} may not knock now: {reason}; accepted now: {accepted}"),
                       "next_hand": _("{name} may not start the next hand now: {reason}; accepted now: {accepted}"),
                       "discard": _("{name} may not discard now: {reason}; accepted now: {accepted}"),
                       "draw_stock": _("{name} may not draw from the stock now: {reason}; accepted now: {accepted}"),
                       "take_discard": _("{name} may not take from the discard pile now: {reason}; accepted now: "
                                         "{accepted}")}[action]
            raise IllegalMove(msg.format(name=who, reason=reason, accepted=accepted))
        if action == "discard":
            if card is None:
                raise IllegalMove(_("discard needs card=: accepted {cards}").format(
                    cards=", ".join(a.card.name(self.rules.face) for a in legal if a.card)))
            try:
                c = card if isinstance(card, Card) else parse_card(str(card), face=self.rules.face)
            except SetteKitError as exc:
                raise IllegalMove(str(exc)) from None
            if Action("discard", c) not in legal:
                if c.index == self._taken:
                    msg = _("{card} was just taken from the discard pile and may not be thrown back this turn (T5); "
                            "accepted: {cards}")
                else:
                    msg = _("{name} does not hold {card}; accepted: {cards}")
                raise IllegalMove(msg.format(card=c.name(self.rules.face), name=who, cards=", ".join(
                    a.card.name(self.rules.face) for a in legal if a.card)))
            card = c
        elif card is not None:
            raise IllegalMove(_("{action} takes no card: only discard takes card=").format(action=action))
        # legal from here on: the state changes
        self.history.append((action, card.index if card is not None else None))
        getattr(self, "_do_" + action)(card)

    def _do_next_hand(self, _card) -> None:
        if not self._cancelled:
            self.dealer = self._next_alive(self.dealer)  # T4: the deal passes counter-clockwise
        self._deal()

    def _do_draw_stock(self, _card) -> None:
        seat = self.to_act
        self.hands[seat].append(self.stock.pop())
        self._log("draw_stock", seat, _("{name} draws from the stock.").format(name=self.players[seat]),
                  stock=len(self.stock))
        self._after_draw(seat)

    def _do_take_discard(self, _card) -> None:
        seat = self.to_act
        pile = self.discard_pile
        c = pile.pop()
        self.hands[seat].append(c)
        if not self.rules.discard_first:
            self._taken = c
        self._log("take_discard", seat, _("{name} takes {card} from the discard pile.").format(
            name=self.players[seat], card=card_in_text(FULL_DECK[c], self.rules.face)),
                  card=FULL_DECK[c])
        self._after_draw(seat)

    def _after_draw(self, seat: int) -> None:
        if self.rules.discard_first:
            # the pending discard goes on top now (T5 option)
            self.discard_pile.append(self._pending)
            self._pending = -1
            self._end_turn(seat)
        else:
            self.phase = "discard"

    def _do_discard(self, card: Card) -> None:
        seat = self.to_act
        c = card.index
        self.hands[seat].remove(c)
        if self.rules.discard_first:
            # T5 option: the discard waits beside the pile until the draw, so the pile
            # still offers the card that was on top before it
            self._pending = c
            self._log("discard", seat, _("{name} discards {card} (it goes on the discard pile after the draw).")
                      .format(name=self.players[seat], card=card_in_text(FULL_DECK[c], self.rules.face)), card=card)
            self.phase = "draw"
            return
        self.discard_pile.append(c)
        self._log("discard", seat, _("{name} discards {card}.").format(name=self.players[seat],
                                                                         card=card_in_text(FULL_DECK[c], self.rules.face)),
                  card=card)
        self._taken = -1
        self._end_turn(seat)

    def _do_knock(self, _card) -> None:
        seat = self.to_act
        s = _points(self.hands[seat], self._toak)
        self.knocker = seat
        if self.rules.knock_last_round == "everyone":  # T6 option: every other player once more
            left = len(self.alive) - 1
        else:  # T6 (default): the current round is the last and ends with the dealer, so the
            # players after the knocker up to and including the dealer play; a dealer's knock: none
            left, s2 = 0, seat
            while s2 != self.dealer:
                s2 = self._next_alive(s2)
                left += 1
        self.last_turns_left = left
        if self.rules.knock_last_round == "everyone":
            text = ngettext("{name} knocks with {score}: {n} last turn follows (T6).",
                            "{name} knocks with {score}: {n} last turns follow (T6).", left) if left else \
                _("{name} knocks with {score}: the hand ends now (T6).")
        elif left:
            text = ngettext("{name} knocks with {score}: this is the last round, and the hand ends with the dealer, "
                            "{dealer}: {n} last turn follows (T6).",
                            "{name} knocks with {score}: this is the last round, and the hand ends with the dealer, "
                            "{dealer}: {n} last turns follow (T6).", left)
        else:
            text = _("{name} knocks with {score}: the dealer knocked, and the hand ends with the dealer, so it ends "
                     "now (T6).")
        self._log("knock", seat, text.format(name=self.players[seat], score=s, n=left,
                                             dealer=self.players[self.dealer]), score=s, last_turns=left)
        self._turn_no += 1
        self._advance(seat)

    def _end_turn(self, seat: int) -> None:
        self._taken = -1
        first = self.first_round
        self._turn_no += 1
        if not self.stock:
            self._restock()
        if _points(self.hands[seat], self._toak) == 31:  # T7: shown at once
            self._thirty_one([seat], dealt=False, first=first)
            return
        if self.knocker is not None:
            self.last_turns_left -= 1
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        if self.knocker is not None and self.last_turns_left <= 0:
            self._showdown()
            return
        self.to_act = self._next_alive(seat)
        self.phase = "discard" if self.rules.discard_first else "draw"

    def _restock(self) -> None:
        pile = self.discard_pile
        top = pile.pop()
        new = pile[:]
        self._rng.shuffle(new)
        self.stock = new
        self.discard_pile = [top]
        self._log("restock", None, _("The stock is empty: the discard pile except its top card is shuffled into a "
                                     "new stock of {n} cards.").format(n=len(new)), stock=len(new))

    # -- end of a hand (T3, T6, T7, T9) -------------------------------------------------
    def _reveal(self) -> dict:
        self._revealed = {s: tuple(FULL_DECK[i] for i in self.hands[s]) for s in self.alive}
        self._revealed_proxy = None
        scores = {s: _points(self.hands[s], self._toak) for s in self.alive}
        text = "; ".join(f"{self.players[s]} {scores[s]}" for s in self.alive)
        self._log("showdown", None, _("Hands shown: {scores}.").format(scores=text),
                  hands=MappingProxyType(dict(self._revealed)), scores=MappingProxyType(scores))
        return scores

    def _thirty_one(self, makers: list[int], dealt: bool, first: bool = True) -> None:
        first = dealt or first
        names = _and(self.players[s] for s in makers)
        n = len(makers)
        option = self.rules.first_round_31 if first else "ends_hand"
        if option == "redeal":
            text = ngettext("{names} is dealt 31 in the first round: under the 'redeal' option the hand is "
                            "cancelled and dealt again by the same dealer (T7).",
                            "{names} are dealt 31 in the first round: under the 'redeal' option the hand is "
                            "cancelled and dealt again by the same dealer (T7).", n) if dealt else \
                ngettext("{names} makes 31 in the first round: under the 'redeal' option the hand is "
                         "cancelled and dealt again by the same dealer (T7).",
                         "{names} make 31 in the first round: under the 'redeal' option the hand is "
                         "cancelled and dealt again by the same dealer (T7).", n)
            self._log("thirty_one", makers[0], text.format(names=names), seats=tuple(makers), first_round=True)
            self._reveal()
            self._log("redeal", self.dealer, _("No life is lost; the same dealer deals again (T7)."))
            self._cancelled = True
            self._finish_hand([], {})
            return
        text = ngettext("{names} is dealt 31 and shows it at once: the hand ends (T7).",
                        "{names} are dealt 31 and show it at once: the hand ends (T7).", n) if dealt else \
            ngettext("{names} makes 31 and shows it at once: the hand ends (T7).",
                     "{names} make 31 and show it at once: the hand ends (T7).", n)
        self._log("thirty_one", makers[0], text.format(names=names), seats=tuple(makers), first_round=first)
        self._reveal()
        if option == "wins_game" and len(makers) == 1:
            losses = {s: self.lives[s] for s in self.alive if s != makers[0]}
            self._log("thirty_one", makers[0], _("Under the 'wins_game' option 31 in the first round wins the "
                                                 "whole game: every other player loses all their lives (T7)."),
                      seats=tuple(makers))
            self._finish_hand(list(losses), losses)
            return
        thirty = [s for s in self.alive if s not in makers and s != self.knocker
                  and self.rules.spare_thirty and _points(self.hands[s], self._toak) == 30]
        losers = [s for s in self.alive if s not in makers and s != self.knocker and s not in thirty]
        if self.knocker is not None and self.knocker not in makers:
            self._log("thirty_one", self.knocker, _("{name} knocked before the 31 and does not lose (T7).").format(
                name=self.players[self.knocker]), seats=(self.knocker,))
        if thirty:
            who = _and(self.players[s] for s in thirty)
            self._log("thirty_one", thirty[0], ngettext(
                "{names} has 30 and does not lose: everyone pays except those who have 30 (T7).",
                "{names} have 30 and do not lose: everyone pays except those who have 30 (T7).",
                len(thirty)).format(names=who), seats=tuple(thirty))
        self._finish_hand(losers, {s: 1 for s in losers})

    def _showdown(self) -> None:
        scores = self._reveal()
        low = min(scores.values())
        tied = [s for s in self.alive if scores[s] == low]
        k = self.knocker
        alive = self.alive
        if len(alive) == 2 and len(tied) == 2 and all(self.lives[s] == 1 for s in alive):
            losers, why = [k], _("the last two players tie with one life each: the knocker loses (T9)")
        elif len(alive) == 2 and len(tied) == 2 and self.rules.last_two_both_lose:
            losers, why = list(alive), _("the last two players tie and one of them has two or more lives, "
                                         "so both lose a life (T9)")
        elif k in tied and len(tied) > 1:
            losers, why = [k], _("the knocker ties for lowest, so only the knocker loses (T6)")
        elif len(tied) > 1:
            losers, why = tied, _("several players tie for lowest and each loses a life (T3)")
        else:
            losers, why = tied, _("the lowest score loses a life (T6)")
        self._log("lowest", None, _("Lowest score {low}: {why}.").format(low=low, why=why), low=low,
                  seats=tuple(losers), rule=why)
        self._finish_hand(losers, {s: 1 for s in losers})

    def _finish_hand(self, losers: list[int], losses: dict[int, int]) -> None:
        for s in losers:
            n = losses[s]
            self.lives[s] -= n
            self.pot += n  # T3: lives go into the pot
            left = self.lives[s]
            self._log("lose_life", s, ngettext("{name} loses {n} life into the pot ({left} left, pot {pot}).",
                                               "{name} loses {n} lives into the pot ({left} left, pot {pot}).", n)
                      .format(name=self.players[s], n=n, left=left, pot=self.pot), lost=n, lives=left, pot=self.pot)
            if left == 0:
                self._log("eliminated", s, _("{name} has no lives left and is out (T3).").format(name=self.players[s]))
        self.to_act = None
        alive = self.alive
        if len(alive) == 1:
            self.winner = alive[0]
            self.phase = "game_over"
            self._log("game_over", self.winner, ngettext(
                "{name} is the last player left and wins the pot of {n} lives (T3).",
                "{name} is the last player left and wins the pot of {n} lives (T3).", self.pot).format(
                    name=self.players[self.winner], n=self.pot), pot=self.pot)
        else:
            self.phase = "hand_over"
            self._log("hand_over", None, _("Hand {number} is over.").format(number=self.hand_number),
                      lives=tuple(self.lives), pot=self.pot)

    # -- views and bots ---------------------------------------------------------------
    def view(self, seat) -> TrentunoView:
        """What ``seat`` may see (own hand; others only as sizes; the showdown once shown)."""
        seat = self._seat_of(seat)
        h = self.hands[seat]
        hand = tuple(map(FULL_DECK.__getitem__, h))
        pend = FULL_DECK[self._pending] if self._pending >= 0 else None
        top = self._visible_discard()
        return TrentunoView(
            seat=seat, players=self.players, hand=hand,
            score=_score_idx(h, self.rules) if 1 <= len(h) <= 3 else None,
            hand_sizes=tuple(map(len, self.hands)), lives=tuple(self.lives), alive=self.alive,
            pot=self.pot, dealer=self.dealer, to_act=self.to_act, phase=self.phase,
            discard_top=top, discard_size=len(self.discard_pile),
            stock_size=len(self.stock), knocker=self.knocker, hand_number=self.hand_number,
            round=self.round, first_round=self.first_round, last_turns_left=self.last_turns_left,
            taken_from_discard=FULL_DECK[self._taken] if self._taken >= 0 else None,
            pending_discard=pend, legal=self.legal_actions() if self.to_act == seat else (),
            revealed=self._revealed_view(), winner=self.winner, rules=self.rules,
        )

    def _revealed_view(self) -> Mapping:
        if self._revealed_proxy is None or len(self._revealed_proxy) != len(self._revealed):
            self._revealed_proxy = MappingProxyType(dict(self._revealed))
        return self._revealed_proxy

    def _bot_action(self, seat: int):
        policy = self.bots[seat]
        choice = policy(self.view(seat))
        if isinstance(choice, Action):
            return choice
        if isinstance(choice, str):
            return Action(choice)
        try:
            name, params = choice
        except (TypeError, ValueError):
            raise SetteKitError(_("the bot at seat {seat} returned {choice}: a policy returns (action, params), "
                                  "e.g. ('discard', {{'card': card}})").format(seat=seat, choice=shown(choice))) from None
        params = dict(params or {})
        return Action(name, params.pop("card", None))

    def play_bots(self, max_actions: int = 100_000) -> int:
        """Let bots act while a bot seat is to act; stops at a human's turn, between hands
        and at the end of the game.  Returns the number of actions played."""
        max_actions = read_whole(max_actions, "max_actions", 0, 10 ** 9, text=False)
        k = 0
        while self.phase in ("draw", "discard") and self.to_act in self.bots:
            self.act(self._bot_action(self.to_act))
            k += 1
            if k >= max_actions:
                raise SetteKitError(_("the bots played {n} actions without a human turn; stopping").format(n=max_actions))
        return k

    def play_game(self, max_actions: int = 1_000_000) -> int:
        """Play an all-bot game to the end (starting the next hands too); return the winner."""
        max_actions = read_whole(max_actions, "max_actions", 1, 10 ** 9, text=False)
        missing = [s for s in self.alive if s not in self.bots]
        if missing:
            raise SetteKitError(_("play_game needs a bot at every live seat; no bot at {names}").format(
                names=", ".join(self.players[s] for s in missing)))
        total = 0
        while self.phase != "game_over":
            if self.phase == "hand_over":
                self.act("next_hand")
                total += 1
            total += self.play_bots(max_actions - total)
            if total >= max_actions:
                raise SetteKitError(_("no winner after {n} actions; stopping").format(n=max_actions))
        return self.winner

    # -- invariants (used by the tests) ------------------------------------------------
    def card_count(self) -> int:
        """Cards in hands + stock + discard pile: always 40."""
        return (sum(map(len, self.hands)) + len(self.stock) + len(self.discard_pile)
                + (1 if self._pending >= 0 else 0))

    # -- save / load --------------------------------------------------------------------
    def _snapshot(self) -> dict:
        return {"lives": list(self.lives), "pot": self.pot, "dealer": self.dealer, "phase": self.phase,
                "to_act": self.to_act, "hand_number": self.hand_number, "winner": self.winner,
                "hands": [list(h) for h in self.hands], "stock": list(self.stock),
                "discard_pile": list(self.discard_pile), "knocker": self.knocker,
                "pending": self._pending, "taken": self._taken, "events": len(self.events)}

    def to_json(self) -> str:
        """The game as JSON: players, rules, seed and the actions played, with a snapshot of
        the state that :meth:`from_json` checks after replaying them (RNG included)."""
        snap = self._snapshot()
        snap["rng"] = _rng_digest(self._rng)
        text = json.dumps({"format": "sette-kit/trentuno", "version": 1, "players": list(self.players),
                           "rules": self.rules.to_dict(), "seed": self.seed,
                           "actions": [[a, c] for a, c in self.history], "state": snap,
                           "arranged": self._arranged}, sort_keys=True)
        if len(text) > MAX_SAVE_CHARS:  # issue 24: the kit never writes a save it cannot read back
            raise SetteKitError(_("cannot save this Trentuno game: its {n} actions make {chars} characters, above the "
                                  "{most} a save may hold (a game of 12 players with 99 lives takes about 1,000,000: "
                                  "only a hand stalled for tens of thousands of turns gets here)").format(
                n=format(len(self.history), ","), chars=format(len(text), ","), most=format(MAX_SAVE_CHARS, ",")))
        return text

    @classmethod
    def from_json(cls, text: str, bots: Mapping | None = None, *, max_chars: int = MAX_SAVE_CHARS) -> "TrentunoGame":
        """Rebuild a game saved by :meth:`to_json`, with the exact same state and RNG.

        The text is untrusted (issue 18.21): it is refused unread above ``max_chars``,
        every field is checked against the save's schema (a SetteKitError names the
        field), then the actions are replayed, each checked as a move, and the state
        reached must be the state saved.

        >>> TrentunoGame.from_json("null")
        Traceback (most recent call last):
        ...
        sette_kit.errors.SetteKitError: not a saved Trentuno game (format should be 'sette-kit/trentuno')
        """
        what = _("the saved Trentuno game")
        d = load_json(text, what, max_chars)
        if not isinstance(d, dict) or d.get("format") != "sette-kit/trentuno":
            raise SetteKitError(_("not a saved Trentuno game (format should be 'sette-kit/trentuno')"))
        validate(_save_schema(), d, what)
        rules = build_options(TrentunoRules, d["rules"], what)
        try:
            arr = d.get("arranged")
            if arr:
                game = cls.arranged(d["players"], [[FULL_DECK[i] for i in h] for h in arr["hands"]],
                                    [FULL_DECK[i] for i in arr["discard"]],
                                    [FULL_DECK[i] for i in reversed(arr["stock"])], dealer=arr["dealer"],
                                    lives=arr["lives"], turns_played=arr["turns_played"], rules=rules,
                                    seed=d["seed"])
            else:
                game = cls(d["players"], rules=rules, seed=d["seed"])
        except SetteKitError as exc:
            raise SetteKitError(_("cannot load {what}: {field}: {error}").format(
                what=what, field="arranged" if d["arranged"] else "players", error=exc)) from None
        for k, (name, c) in enumerate(d["actions"]):
            try:
                game.act(name, card=FULL_DECK[c] if c is not None else None)
            except SetteKitError as exc:
                raise SetteKitError(_("cannot load {what}: actions[{k}] ({name}) is not a legal move: {error}").format(
                    what=what, k=k, name=name, error=exc)) from None
        snap = game._snapshot()
        snap["rng"] = _rng_digest(game._rng)
        if snap != d["state"]:
            raise SetteKitError(_("the saved Trentuno game does not replay to its saved state (edited or corrupt)"))
        game.set_bots(bots or {})
        return game

    def __repr__(self) -> str:
        return (f"<TrentunoGame hand {self.hand_number}, {self.phase}, lives {self.lives}, pot {self.pot}"
                + (f", winner {self.players[self.winner]}>" if self.winner is not None else ">"))


def _save_schema() -> Obj:
    """The fields of a saved Trentuno game, their types and ranges (issue 18.21)."""
    seat = Int(0, MAX_PLAYERS - 1)
    hand = List(CardIndex, 0, 3, unique=True)
    arranged = Obj({"hands": List(hand, MIN_PLAYERS, MAX_PLAYERS), "discard": List(CardIndex, 1, 40, unique=True),
                    "stock": List(CardIndex, 0, 40, unique=True), "dealer": seat,
                    "lives": List(Int(0, 99), MIN_PLAYERS, MAX_PLAYERS), "turns_played": Int(0, 10 ** 9)})
    return Obj({
        "format": Str(40), "version": Int(1, 1), "players": List(Name(), MIN_PLAYERS, MAX_PLAYERS, unique=True),
        "rules": Dict(IDENT, EventData(0), 20), "seed": Int(0, 2 ** 256 - 1),
        "actions": List(Tuple(Choice(ACTIONS), Opt(CardIndex)), 0, 10 ** 6),
        "state": Dict(IDENT, EventData(2), 30), "arranged": Opt(arranged),
    })


def _rng_digest(rng: random.Random) -> str:
    import hashlib

    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:16]


# ------------------------------------------------------------------------------------
# Bots
# ------------------------------------------------------------------------------------

class Greedy:
    """Keeps the best suit: takes the discard if that raises the score, else draws from
    the stock; discards the card that leaves the best score (ties: the lowest value).

    With the discard-first option (T5) it takes the discard only if it beats the card it
    has just thrown.  Pure greedy play can lock the table for ever (each player waits for
    cards that another keeps, and nobody may end the hand), so the bot has ``patience``:
    from round ``patience`` (default 12) it knocks whenever the rules allow (T6), and from
    round ``2 * patience``, if it still cannot knock, it draws only from the stock and
    throws a pseudo-random card (chosen from what it sees, so a game stays reproducible)
    to unlock the table.
    ``Greedy(patience=None)`` never knocks and never unlocks.

    >>> g = TrentunoGame(2, seed=5, bots={0: greedy, 1: greedy})
    >>> act = greedy(g.view(g.to_act)); act[0] in ("draw_stock", "take_discard")
    True
    """

    def __init__(self, patience: int | None = 12) -> None:
        if patience is not None and (isinstance(patience, bool) or not isinstance(patience, int) or
                                     not 1 <= patience <= 10 ** 6):
            raise SetteKitError(_("patience={value} is not accepted: accepted a whole number >= 1 or None").format(
                value=shown(patience)))
        self.patience = patience

    def __call__(self, view: TrentunoView):
        p = self.patience
        if p is not None and view.round >= p and _KNOCK in view.legal:
            return ("knock", {})
        return self._greedy(view)

    def _greedy(self, view: TrentunoView):
        toak = view.rules.three_of_a_kind_30
        hand = [_ix(c) for c in view.hand]
        p = self.patience
        stalled = p is not None and view.round >= 2 * p
        if view.phase == "draw":
            top = view.discard_top
            if top is not None and not stalled:  # a stalled table needs new cards from the stock
                if len(hand) == 3:
                    now = _points(hand, toak)
                    t = _ix(top)
                    __, after = _best_discard_idx(hand + [t], toak, t)
                else:  # discard_first: better than the card just thrown?
                    thrown = _ix(view.pending_discard) if view.pending_discard is not None else None
                    now = _points(hand + [thrown], toak) if thrown is not None else _points(hand, toak)
                    after = _points(hand + [_ix(top)], toak)
                if after > now:
                    return ("take_discard", {})
            return ("draw_stock", {})
        if view.phase == "discard":
            taken = _ix(view.taken_from_discard) if view.taken_from_discard is not None else -1
            if stalled:  # unlock a stalled table
                cands = [i for i in hand if i != taken]
                k = (sum(hand) * 31 + view.round * 7 + view.seat + view.stock_size) % len(cands)
                return ("discard", {"card": FULL_DECK[cands[k]]})
            if len(hand) == 4:
                i, __ = _best_discard_idx(hand, toak, taken)
            else:  # discard_first: throw the card whose loss costs least
                i, __ = _keep_two(hand, toak)
            return ("discard", {"card": FULL_DECK[i]})
        return ("next_hand", {})

    def __repr__(self) -> str:
        return "greedy" if self.patience == 12 else f"Greedy(patience={self.patience})"


def _keep_two(hand: list[int], toak: bool) -> tuple[int, int]:
    best_i, best_s, best_v = -1, -1, 99
    for k, i in enumerate(hand):
        s = _points(hand[:k] + hand[k + 1:], toak)
        if s > best_s or (s == best_s and (_VAL[i], i) < (best_v, best_i)):
            best_i, best_s, best_v = i, s, _VAL[i]
    return best_i, best_s


greedy = Greedy()


class ThresholdKnocker(Greedy):
    """Knocks as soon as it may with a score of at least ``threshold`` (default 27);
    otherwise plays like :class:`Greedy` (with the same ``patience``).

    >>> ThresholdKnocker(28)
    ThresholdKnocker(28)
    """

    def __init__(self, threshold: int = 27, patience: int | None = 12) -> None:
        if isinstance(threshold, bool) or not isinstance(threshold, int) or not 1 <= threshold <= 31:
            raise SetteKitError(_("threshold={value} is not accepted: accepted a whole number 1-31").format(
                value=shown(threshold)))
        super().__init__(patience)
        self.threshold = threshold

    def __call__(self, view: TrentunoView):
        if view.score is not None and view.score.total >= self.threshold and _KNOCK in view.legal:
            return ("knock", {})
        return super().__call__(view)

    def __repr__(self) -> str:
        return f"ThresholdKnocker({self.threshold}" + ("" if self.patience == 12 else f", patience={self.patience}") + ")"


BOTS = {"greedy": Greedy, "knocker": ThresholdKnocker}
"""Bot classes by name (for the CLI and lessons)."""


# ------------------------------------------------------------------------------------
# Odds
# ------------------------------------------------------------------------------------

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


def _and(names) -> str:
    """'A', 'A and B', 'A and B and C' (in the current language)."""
    out = None
    for name in names:
        out = name if out is None else _("{names} and {last}").format(names=out, last=name)
    return out


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
    read_bool(exact, "exact")  # issue 24: None is not False
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
