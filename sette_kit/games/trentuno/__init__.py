"""Trentuno (thirty-one): scoring, a full game engine, two bots and exact draw odds (docs/rules.md T1-T9).

Scoring (T2)
------------
Two to seven count their number, the figures 10 and the Ace 11.  A hand of three cards
scores the largest sum of its cards **of one suit**; 31 (an Ace and two ten-value cards
of one suit) is the most.

>>> from sette_kit.cards import parse_card, parse_cards
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
docs/rules.md; the rule ids are cited where the code implements them.

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
* The stock running out (not in docs/rules.md): at the end of a turn, if the stock is
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
('draw', 'Carla', Legal(draw_stock, take_discard))
>>> g.act("knock")
Traceback (most recent call last):
...
sette_kit.errors.IllegalMove: Carla may not knock now: nobody may knock in the first round (T6); accepted now: draw_stock, take_discard
>>> g.act("draw_stock"); g.phase
'discard'
>>> g.act(g.legal_actions().actions()[0])   # an Action from legal_actions() can be passed back
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

The package
-----------
The same rooms as the other games: :mod:`.rules` (the options, T1-T9),
:mod:`.scoring` (T2), :mod:`.explain`, :mod:`.odds`, :mod:`.engine` (the game and its
views), :mod:`.deal` (dealing and arranged tables, T4), :mod:`.bots` and :mod:`.saves`.
``sette_kit.trentuno`` is the same public API under its older name.
"""

from .._engine import Action, Event
from .bots import BOTS, Greedy, ThresholdKnocker, greedy
from .engine import TrentunoGame, TrentunoView
from .explain import explain
from .odds import DrawOdds, draw_odds
from .rules import TrentunoRules
from .scoring import TrentunoScore, best_discard, card_points, score

__all__ = [
    "TrentunoRules", "TrentunoScore", "score", "explain", "card_points", "best_discard",
    "Action", "Event", "TrentunoView", "TrentunoGame",
    "Greedy", "greedy", "ThresholdKnocker", "BOTS",
    "DrawOdds", "draw_odds",
]
