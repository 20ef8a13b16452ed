"""Quattro e mezzo (four and a half): the points-game variant of Sette e mezzo (Q1-Q6 in ``docs/rules.md``).

.. note:: **This is a reconstruction.**  The only source is the Italian encyclopedia
   article on Sette e mezzo ([000] in ``docs/rules.md``, known through a Romanian machine translation), and its Quattro e mezzo section is
   the roughest text of all.  Q1-Q6 of ``docs/rules.md`` are the reading the kit adopted; where Q1-Q6
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
  Q4 (``docs/rules.md``) reads that as the complete tie only, which is the default;
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

The rooms of the package (as every game's): :mod:`.rules` (:class:`QuattroRules`, the
constants, the rules coercer), :mod:`.scoring` (:func:`score`, :func:`points_for`),
:mod:`.explain`, :mod:`.showdown` (:func:`showdown`, :class:`HandResult`), :mod:`.odds`,
:mod:`.engine` (:class:`QuattroGame` and its views), :mod:`.bots` and :mod:`.saves`.
``sette_kit.quattro`` is the old door and re-exports the same names.

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

from .bots import BOTS, OddsBot, ThresholdBot
from .engine import QuattroGame, QuattroHandView, QuattroView
from .explain import explain
from .odds import Odds, next_card, odds_double_six, odds_four_and_half
from .rules import ACTIONS, FOUR_AND_HALF, KINDS, MAX_PLAYERS, MIN_PLAYERS, STANDING_KINDS, QuattroRules
from .scoring import QuattroScore, points_for, score
from .showdown import HandResult, showdown

QuattroGame.default_bot = OddsBot  # injected here: the engine does not import the bots

__all__ = [
    "QuattroRules", "QuattroScore", "score", "explain", "points_for", "showdown", "HandResult",
    "KINDS", "STANDING_KINDS", "FOUR_AND_HALF",
    "Odds", "odds_four_and_half", "odds_double_six", "next_card",
    "QuattroGame", "QuattroView", "QuattroHandView", "ThresholdBot", "OddsBot", "BOTS",
    "MIN_PLAYERS", "MAX_PLAYERS", "ACTIONS",
]
