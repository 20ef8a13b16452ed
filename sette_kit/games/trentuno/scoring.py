"""Trentuno's scoring (docs/rules.md T2): a card's points, the score of a hand of one to
three cards, the card to throw from four (T5), and the fast integer forms the engine, the
bots and the odds use in their hot loops (card indices 0-39, a cached score).

>>> score(parse_cards("Asso di coppe, Re di coppe, Fante di coppe"))
TrentunoScore(total=31, suit=Suit.COPPE, kind='trentuno')
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ...cards import FULL_DECK, Card, Suit, _items, parse_card, parse_cards
from ...errors import SetteKitError
from ...i18n import N_, _
from ...numbers import shown
from .rules import TrentunoRules, _rules

__all__ = ["card_points", "TrentunoScore", "score", "best_discard"]


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


def _best_discard_idx(idx: list[int], toak: bool, forbidden: int = -1) -> tuple[int, int]:
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


# the engine's hot code: card order for the legal discards, the score of indices cached
_SORT_KEY = tuple((int(c.rank), int(c.suit)) for c in FULL_DECK)  # Card order: rank, then suit
_SCORE_CACHE: dict = {}


def _score_idx(idx: Sequence[int], rules: TrentunoRules) -> TrentunoScore:
    """score() for card indices, cached (hot code: views and bots)."""
    key = (tuple(sorted(idx)), rules.three_of_a_kind_30)
    s = _SCORE_CACHE.get(key)
    if s is None:
        s = _SCORE_CACHE[key] = score([FULL_DECK[i] for i in key[0]], rules)
    return s

