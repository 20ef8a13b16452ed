"""What a rule change does in play: the same hands paid under two sets of rules, and the
moves a player may make from the same start (S5, S6, S13-S15, S19-S23).

Lesson 4 compares the Italian and the Spanish rules, and the optional rules, by what they
change at the table, not by the house edge (that comes after expected value, lesson 7).
:data:`SHOWDOWNS` are finished hands, yours and the bank's, chosen so that each one is
paid differently under some rule; :func:`pays` settles them.  :data:`STARTS` are the
starts where an optional rule gives a move (a first 3, 4 or Ace, two figures);
:func:`moves` asks the game engine (:class:`sette_kit.game.Table`) which moves are legal.

>>> italian, spanish = Rules.preset("italian"), Rules.preset("spanish")
>>> [pays(italian, s) for s in SHOWDOWNS]
[2, 1, 1, -2, -1, -1]
>>> [pays(spanish, s) for s in SHOWDOWNS]
[1, 1, -1, -1, -1, -1]
>>> [s.words for s, old, new in compare(italian, spanish) if old != new][0]
'a 7 and a figure of one suit against 6'
>>> sorted(moves(spanish, STARTS[3]))
['hit', 'hit_face_down', 'split', 'stand']
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import Card, parse_card, parse_cards
from ..i18n import N_, _
from ..rules import Rules, as_rules
from ..scoring import settle

__all__ = ["Showdown", "Start", "SHOWDOWNS", "STARTS", "pays", "compare", "moves", "compare_moves"]


class Showdown(NamedTuple):
    """A finished hand against the bank's: the cards, and the hands in words."""

    you: tuple[Card, ...]
    bank: tuple[Card, ...]
    words: str  # English, marked for translation: show ``text`` (the kernel's language)

    @property
    def text(self) -> str:
        """The hands in words, in the current language."""
        return _(self.words)


class Start(NamedTuple):
    """The start of a player's turn: his cards so far (the first one hidden), in words."""

    cards: tuple[Card, ...]
    words: str  # English, marked for translation: show ``text`` (the kernel's language)

    @property
    def text(self) -> str:
        """The start in words, in the current language."""
        return _(self.words)


def _sd(you: str, bank: str, words: str) -> Showdown:
    return Showdown(parse_cards(you), parse_cards(bank), words)


SHOWDOWNS: tuple[Showdown, ...] = (
    _sd("7d Fd", "3c 3s", N_("a 7 and a figure of one suit against 6")),          # S5, S14: a reale, paid double
    _sd("7c Fs", "3c 3s", N_("a 7 and a figure of two suits against 6")),         # S5: same suit only
    _sd("Rd 5c", "6s Fb", N_("the King of coins and a 5 against 6½")),            # S3, S4: the matta
    _sd("3c 4b Cs", "7s Fs", N_("7½ with three cards against a 7 and a figure of one suit")),  # S15: the bank's reale
    _sd("6c", "6s", N_("6 against 6")),                                           # S13: the bank wins ties
    _sd("7c 7s", "3d 2b", N_("two 7s against 5")),                                # S6: the triplé
)
"""Finished hands, yours then the bank's, each paid differently under some rule."""

STARTS: tuple[Start, ...] = (
    Start(parse_cards("3c"), N_("a first 3")),            # S19
    Start(parse_cards("4c"), N_("a first 4")),            # S19, S20
    Start(parse_cards("Ac"), N_("a first Ace")),          # S21
    Start(parse_cards("Fc Cs"), N_("two figures")),       # S23
)
"""Starts where an optional rule gives a move (S19-S21, S23); every start may ask for a
card face down where S22 is on."""


def pays(rules, showdown: Showdown, stake: int = 1):
    """What you win (+) or lose (-) with ``showdown`` under ``rules``, for ``stake``.

    >>> pays("plain", SHOWDOWNS[4]), pays(Rules.preset("plain").replace(dealer_wins_ties=False), SHOWDOWNS[4])
    (-1, 0)
    """
    return settle(showdown.you, showdown.bank, stake, as_rules(rules))


def compare(base, rules) -> list[tuple[Showdown, object, object]]:
    """Each of :data:`SHOWDOWNS` with what it pays under ``base`` and under ``rules``.

    >>> triple = Rules.preset("italian").replace(triple=True)
    >>> [(s.words, old, new) for s, old, new in compare("italian", triple) if old != new]
    [('two 7s against 5', -1, 3)]
    """
    base, rules = as_rules(base), as_rules(rules)
    return [(s, pays(base, s), pays(rules, s)) for s in SHOWDOWNS]


_BANK_CARD = parse_card("6d")


def moves(rules, start: Start) -> dict:
    """The moves a player may make from ``start`` after staking 2, as the game engine
    deals it (a two-player table; the bank holds the 6 of coins): a mapping of action
    name -> :class:`sette_kit._table.Option` (``Table.legal_actions``).

    >>> sorted(moves("plain", STARTS[1]))
    ['hit', 'stand']
    >>> sorted(moves(Rules.preset("plain").replace(burn_three_four=True, exchange_four=True), STARTS[1]))
    ['burn', 'exchange', 'hit', 'stand']
    """
    from ..game import Table

    rules = as_rules(rules)
    deck = (start.cards[0], _BANK_CARD) + tuple(start.cards[1:])
    table = Table(rules, ["Anna", "Bruno"], banker="Anna", seed=1, deck=deck)
    table.new_round()
    table.stake(2)
    for unused in start.cards[1:]:
        table.hit()
    return dict(table.legal_actions())


def compare_moves(base, rules) -> list[tuple[Start, dict, dict]]:
    """Each of :data:`STARTS` with the moves ``base`` and ``rules`` allow.

    >>> [(s.words, sorted(set(new) - set(old))) for s, old, new in compare_moves("italian", "spanish")][0]
    ('a first 3', ['hit_face_down'])
    """
    base, rules = as_rules(base), as_rules(rules)
    return [(s, moves(base, s), moves(rules, s)) for s in STARTS]
