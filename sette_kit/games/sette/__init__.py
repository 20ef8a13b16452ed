"""Sette e mezzo, in the same rooms as the other two games (S1-S23 of ``docs/rules.md``).

* :mod:`.rules` -- the :class:`Rules` object, one field per option, and the presets;
* :mod:`.scoring` -- the score of a hand and the outcome of a player against the bank;
* :mod:`.explain` -- a hand's score explained step by step;
* :mod:`.engine` -- the :class:`Table` (2-12 seats, stakes, the bank and bank passing);
  :mod:`.views` -- its words and the immutable views a seat gets; :mod:`.saves` -- its
  saved form; :mod:`.bots` -- the bots (policies) that play a seat.

The rules, scoring and explanations are imported at once (``import sette_kit`` needs
them); the engine, its views, saves and bots on first use.  The old paths
(``sette_kit.rules``, ``sette_kit.scoring``, ``sette_kit.explain``, ``sette_kit.game``,
``sette_kit.policies``) stay as facades.

>>> from sette_kit.games import sette
>>> t = sette.Table("italian", ["Ada", "Bea"], seed=1, bots="all")
>>> sum(t.play_round().results), sette.score("7c Fd", sette.Rules.preset("plain")).total
(0, Fraction(15, 2))

Design notes (what other modules may rely on)
----------------------------------------------
* **Seats and directions.**  Seats are numbered in the order given.  Play runs
  counter-clockwise (S8), so "the dealer's right" is the next seat: the players act in
  the order ``banker+1, banker+2, ...`` and the bank last.  "The player on his right"
  and "nearest the dealer's right" (S17) both mean the first seat in that order.
* **Phases.**  ``table.phase`` is ``"ready"`` (before the first round), ``"stake"``
  (the actor must stake), ``"players"`` (a player's turn), ``"bank"`` (the bank's turn)
  or ``"settled"`` (the round is over; call :meth:`Table.new_round`).  ``table.to_act``
  is the seat to act (``None`` when nobody is).  With ``stake_timing="before_deal"``
  (S9, 001) every player stakes in turn before the deal; with ``"after_first_card"``
  (S9, 000) each player stakes at the start of his own turn, after seeing his card.
* **Actions.**  ``"stake"`` (``amount=``), ``"hit"``, ``"stand"``, ``"hit_face_down"``
  (S22), ``"split"`` (``amount=``, S23), ``"burn"`` (S19), ``"exchange"`` (S20),
  ``"half_ace"`` (S21), ``"declare"`` (``value=``: the matta's value, ``None`` = let the
  kit choose the best, S4).  :meth:`Table.legal_actions` gives, for the actor, a
  :class:`Legal` mapping name -> :class:`Option` with the allowed ``min``/``max`` amount
  or ``values``; its ``.actions()`` lists every legal move as a typed ``Action``.
  ``table.act(Action("stake", amount=2))`` or ``table.act("stake", amount=2)`` performs
  one (an ``Action("declare")`` declares the automatic value); ``seat=`` may be passed
  to check that the caller is the one to act.
* **Money** is whole units (ints).  A player may stake only what he can cover in the
  worst case: ``stake * 2 <= bankroll`` when the bank's reale collects double (S15),
  ``stake <= bankroll`` otherwise (for all the hands of a split, together), so a player's
  bankroll never goes below zero.  A player who cannot cover ``min_stake`` sits the round
  out.  The bank always pays what it owes, even into a negative bankroll.  Money only
  moves between a player and the bank, so the sum of the bankrolls never changes.
* **Scoring** reuses :func:`sette_kit.scoring.score` and
  :func:`~sette_kit.scoring.outcome`: a hand with a declared matta or a half-point ace is
  scored ``score(cards, rules, declare=..., half_ace=True)``; settlement (S10-S16) is
  ``stake * outcome(player, bank, rules).multiplier``.  A declared matta value stays
  until it is declared again (``value=None`` returns to the automatic best value); if
  the declared value makes the hand bust, it is bust, and if it makes 7½, the hand has
  7½ (S10, below).  While the matta is the hand's hidden card its declaration is
  private: no event is logged and the other seats' views show no declared value (either
  would tell them which card is hidden); the value is announced (a ``declared`` event)
  when the hand is shown.  A declaration about a face-up matta is public at once.
* **Busts and 7½** (S10): a player who busts shows his hand and pays his stake at once;
  a hand that reaches exactly 7½ (or a triple, S6) is shown and ends its turn at once,
  whether a card or a declaration of the matta's value took it there.
  The bank does not play when no player's hand is left standing.
* **Optional rules.**  S19 burn: while a hand's only card is a 3 or a 4 it may be shown
  and discarded for a new card (as often as it happens; a burnt card can come back in an
  S18 reshuffle, so a round offers burning only within :data:`MAX_ROUND_ACTIONS` actions).  S20 exchange: the card dealt
  first, if a 4, may be exchanged once for a new card.  S21: a first-card ace declared
  ½ makes every later card of that hand come face down.  S22: ``hit_face_down`` first
  turns up the hand's hidden card(s), then deals the new card face down.  S23: a hand of
  exactly two figures splits into two hands of one card each (the hidden one stays
  hidden, the other stays face up); the second stake is at least the first and at most
  ``max_stake``; split hands may split again.  Only players (not the bank) use S19-S23.
  All optional actions happen after the stake.
* **Bank passing (S17)**, decided after settlement.  A triple held by a player takes the
  bank first when ``triple and triple_takes_bank``.  ``bank_passing="reale"`` (000): a
  player who *wins* with a reale takes it; if several, the one whose reale is of the
  highest suit in ``SUIT_PRIORITY[rules.face]`` (the seed's order as written, which for
  the Italian and Spanish faces is swords, cups, coins, batons and for the French face
  hearts, diamonds, clubs, spades; a reale's suit is the highest-priority suit among its
  two cards, which is its only suit when ``reale_same_suit``); still tied, a true reale
  before a matta reale, then the seat nearest the bank's right.  When the bank itself
  makes a reale it keeps the bank "unless other players have a 7½ of higher value" (S15,
  000): a player whose reale ranks above the bank's in that same order takes the bank,
  although under the literal reading of S16 he pays the bank a single stake.  ``"sette_e_mezzo"``
  (001): any player who *scores* exactly 7½, with any number of cards, takes the bank
  (even if the bank also made 7½, as S17 is worded); several: the one nearest the bank's
  right.  Under ``"reale"`` and ``"never"``, when the deck is used up (it ran out during
  the hand, or no card is left at its end) and nobody took the bank, the bank passes to
  the player on the banker's right (S17); under ``"sette_e_mezzo"`` the deck is simply
  reshuffled when it runs out.
* **The deck (S18).**  While the same banker keeps the bank the deck carries over from
  hand to hand: the cards of a finished hand go to the discard pile.  When the stock runs
  out mid-hand, the discards (the cards not on the table) are shuffled into a new stock
  and a ``"reshuffled"`` event says so.  If no card is left anywhere, ``hit`` is not
  legal.  When the bank passes, the new banker starts with a fresh shuffled 40-card deck.
* **Views.**  :meth:`Table.view` gives an immutable :class:`TableView` from one seat:
  own cards including the hidden ones, other hands' face-up cards only (``None`` for a
  hidden card), bankrolls, stakes, whose turn it is, and the legal actions when it is
  that seat's turn.  Bots see only views.
* **Events.**  ``table.events`` is a tuple of immutable :class:`Event` (``kind``,
  ``seat``, ``data``, ``text``, ``round``); ``table.round_events()`` are those of the
  current or last round.  ``text`` is plain English in the third person ("Bruno's 7 beats the bank's 3½") and
  never names or betrays a hidden card;
  ``data`` of a ``private`` event (a face-down card) names the card, and views hide it
  from the other seats.  Kinds: banker_drawn, round_started, sat_out, staked, dealt,
  hit, bust, sette_e_mezzo, stood, revealed, burned, exchanged, half_ace, declared,
  split, next_hand, reshuffled, paid, bank_passed, bank_kept, new_deck.
* **Bots.**  ``bots={seat or name: policy}``; a policy is any callable
  ``policy(view) -> action`` where the action is a typed ``Action`` (``Action("stake",
  amount=2)``), a name (``"hit"``) or a pair ``(name, {params})``; the same policy plays
  the seat as a player and, when the bank passes to it, as the bank (see :mod:`.bots`).
  :meth:`Table.play_bots` advances every bot turn; :meth:`Table.play_round` plays a whole round when every seat
  to act is a bot.
* **Saving.**  :meth:`Table.to_json` / :meth:`Table.from_json` save the whole state,
  including the random generator's state, so a loaded game continues identically.
  Policies are code, not data: pass ``bots=`` again to ``from_json``.  Of the event log a
  save keeps the current round and the latest whole rounds, up to
  :data:`MAX_SAVED_EVENTS` events (so a save stays small however long the game); a
  loaded table's :attr:`~Table.events` starts there.  A save is untrusted text: loading
  checks its size, then every field against a schema, then the fields against each
  other (one deck of 40 cards, unique names, the money the game started with), then
  plays the current round again from the state it started from (``start``, kept with
  the round's ``actions``) and compares every field, so a save holds only a state the
  engine reaches; it names the field that is wrong.  A declaration of the
  matta right after another of the same hand replaces it (S4), so a round, and its save,
  stays bounded.
* **Heads-up**: a table of two seats (one player and the bank) is the heads-up game.
"""

from .rules import *  # noqa: F401,F403
from .rules import __all__ as _rules_all
from .scoring import *  # noqa: F401,F403
from .scoring import __all__ as _scoring_all
from .explain import explain

_LAZY = {
    "engine": ("Table",),
    "views": ("TableView", "HandView", "RoundResult", "PHASES", "ACTIONS", "HAND_STATUSES", "MIN_SEATS", "MAX_SEATS",
              "MAX_ROUND_ACTIONS"),
    "saves": ("MAX_SAVED_EVENTS",),
    "bots": ("StandAt", "FaceUpBank", "Seat", "RandomPlay", "stand_at", "cautious_bank", "bold_bank", "reads_table",
             "seat", "random_play", "default"),
}
_WHERE = {name: module for module, names in _LAZY.items() for name in names}

__all__ = [*_rules_all, *_scoring_all, "explain", *_WHERE]


def __getattr__(name):  # PEP 562: the engine and the bots load on first use
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
