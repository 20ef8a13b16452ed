"""The Sette e mezzo table: 2-12 seats, stakes, the bank and bank passing (RULES S7-S23).

A :class:`Table` is the one mutable object of the game.  Its state changes only through
:meth:`Table.new_round` and :meth:`Table.act` (and the convenience methods that call it:
``stake``, ``hit``, ``stand``, ``hit_face_down``, ``split``, ``burn``, ``exchange``,
``half_ace``, ``declare``).  Every action is checked first; an action that is not legal
now raises :class:`~sette_kit.errors.IllegalMove` and leaves the table exactly as it was
(its :meth:`Table.to_json` text is byte-identical).

A scripted round (``deck=`` puts cards on top of the first deck, top card first;
``banker=`` fixes the first banker instead of drawing lots):

>>> from sette_kit import parse_cards
>>> t = Table("plain", players=["Anna", "Bruno"], banker=0, seed=1,
...           deck=parse_cards("5c 3d 2s Fc"))
>>> t.new_round()              # S8: Bruno (the bank's right) gets 5c, then the bank 3d
>>> t.phase, t.to_act          # S9 (after_first_card): Bruno looks at his card and stakes
('stake', 1)
>>> t.legal_actions()
Legal(stake(min=1, max=10))
>>> t.stake(4); t.phase, sorted(t.legal_actions())
('players', ['hit', 'stand'])
>>> t.hit(); t.stand()         # 2s comes face up: 7
>>> t.phase, t.to_act          # S11: the bank's turn
('bank', 0)
>>> t.view(0).hands[1][0].cards        # the bank sees Bruno's face-up card only
(None, Card(2, 'spade'))
>>> t.hit(); t.stand()         # the bank draws Fc: 3½ and stands
>>> t.phase, t.bankrolls
('settled', (96, 104))
>>> print(t.round_events()[-2].text)
Bruno's 7 beats the bank's 3½. Bruno wins 4.
>>> t.act("hit")
Traceback (most recent call last):
...
sette_kit.errors.IllegalMove: no round is in progress: call new_round() to deal the next hand

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
  or ``values``.  ``table.act(name, **params)`` performs one; ``seat=`` may be passed
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
  ``policy(view) -> action`` where the action is a name (``"hit"``) or a pair
  ``(name, {params})``; the same policy plays the seat as a player and, when the bank
  passes to it, as the bank (see :mod:`sette_kit.policies`).  :meth:`Table.play_bots`
  advances every bot turn; :meth:`Table.play_round` plays a whole round when every seat
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
  engine reaches (issue 24); it names the field that is wrong.  A declaration of the
  matta right after another of the same hand replaces it (S4), so a round, and its save,
  stays bounded.
* **Heads-up**: a table of two seats (one player and the bank) is the heads-up game.

>>> t = Table("italian", players=["A", "B", "C"], seed=7, bots="all")
>>> r = t.play_round()
>>> sum(t.bankrolls) == 300 and t.phase == "settled"
True
>>> Table.from_json(t.to_json(), bots="all").to_json() == t.to_json()
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Callable, NamedTuple

from ._saves import (IDENT, MAX_SAVE_CHARS, RNG_STATE as RNG_STATE_SCHEMA, Bad, Bool, CardIndex, Choice, Dict,
                     first_difference, texts_check,
                     EventData, Int, List, Name, Obj, Opt, Str, Tuple, build_options, event_schema, load_json,
                     rng_state,
                     validate)
from .games._engine import (Event, HandCards, Legal, Option, SeatView, Seats, event_from_json, event_to_json,
                     how_picked, rng_from_json, rng_to_json, seat_names, top_cards)
from . import fmt
from .cards import FULL_DECK, Card, Rank, card_in_text, cards_in_text
from ._checks import read_seed
from .errors import IllegalMove, SetteKitError
from .i18n import N_, _, language, ngettext
from .numbers import MAX_MONEY, read_number, read_whole, shown
from .rules import SUIT_PRIORITY, Rules, as_rules
from .scoring import SETTE_E_MEZZO, Score, fmt_points, outcome, score

__all__ = ["Table", "TableView", "HandView", "Event", "Legal", "Option", "RoundResult",
           "PHASES", "ACTIONS", "MIN_SEATS", "MAX_SEATS",
           "event_to_json", "event_from_json", "rng_to_json", "rng_from_json"]

PHASES = ("ready", "stake", "players", "bank", "settled")
ACTIONS = ("stake", "hit", "stand", "hit_face_down", "split", "burn", "exchange", "half_ace", "declare")
MIN_SEATS, MAX_SEATS = 2, 12  # S7
_FORMAT = "sette-kit/table/3"
_OLD_FORMATS = ("sette-kit/table/1", "sette-kit/table/2")  # no record of the round's actions: refused (issue 24)
_SAVE_ORDER = ("names", "rules", "money", "min_stake", "max_stake", "round", "banker", "bankrolls", "phase",
               "order", "pos", "hidx", "hands", "stock", "discards", "ran_out", "rng", "events", "round_start",
               "dropped", "start", "actions")
"""The fields a loaded save is compared by, in this order (the first that differs is named)."""
_WHAT = N_("the saved table")  # translated where shown: _(_WHAT)
HAND_STATUSES = ("playing", "stood", "sette_e_mezzo", "bust")
MAX_SAVED_EVENTS = 500
"""A save keeps the current round's events and those of the latest whole rounds, up to
this many events in all (issue 19.4)."""
_PARAMS = {"stake": ("amount",), "split": ("amount",), "declare": ("value",)}
_BANKER_DRAWN = N_("{name} is the first banker ({how}, S7).")
_NEW_DECK = N_("{name} shuffles a fresh deck of 40 cards (S18).")
MAX_ROUND_ACTIONS = 500
"""The actions a round records for its save (issue 24): a round of 12 seats takes about a
hundred; past this many, burning a card (S19, the only action that can repeat for ever)
is no longer offered, so a round, and its save, stays bounded."""
MAX_BOT_ACTIONS = 2_000
"""The most actions :meth:`Table.play_bots` lets the bots take in one call (a round takes
a few dozen; only a bot that never ends its turn comes near it)."""


@lru_cache(maxsize=1 << 16)
def _score(cards: tuple, rules: Rules, declare, half_ace: bool) -> Score:
    return score(cards, rules, declare=declare, half_ace=half_ace)


# ---------------------------------------------------------------------------------------
# Small immutable values
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HandView(HandCards):
    """One hand as a given seat sees it.  ``cards`` holds ``None`` for a card hidden from
    the viewer; ``score`` is None unless the viewer sees every card."""

    cards: tuple
    stake: int
    status: str  # "playing", "stood", "sette_e_mezzo", "bust"
    result: int | None  # the money the hand won (+) or lost (-) once settled
    declare: Fraction | None
    half_ace: bool
    score: Score | None


@dataclass(frozen=True)
class TableView(SeatView):
    """The table as one seat may see it (S9, S11).  Immutable; built by :meth:`Table.view`."""

    seat: int
    names: tuple
    rules: Rules
    round: int
    phase: str
    to_act: int | None
    banker: int
    bankrolls: tuple
    min_stake: int
    max_stake: int
    hands: tuple  # per seat: tuple of HandView (empty for a seat out of the round)
    active_hand: int | None  # index of the hand to act in hands[to_act]
    legal: Legal | None  # the legal actions if it is this seat's turn, else None
    deck_left: int
    discards: tuple  # the discard pile: every card in it was shown face up
    _events: tuple = field(repr=False, default=())

    @property
    def is_banker(self) -> bool:
        return self.seat == self.banker

    @property
    def hand(self) -> HandView | None:
        """This seat's hand that is to act now (None if it is not this seat's turn)."""
        if self.to_act != self.seat or self.active_hand is None:
            return None
        hands = self.hands[self.seat]
        return hands[self.active_hand] if self.active_hand < len(hands) else None

    @property
    def score(self) -> Score | None:
        h = self.hand
        return h.score if h is not None else None

    def visible_cards(self) -> tuple:
        """Every card this seat can see now: its own, the face-up cards, the discards."""
        out = list(self.discards)
        for hands in self.hands:
            for h in hands:
                out.extend(c for c in h.cards if c is not None)
        return tuple(out)


class RoundResult(NamedTuple):
    """What :meth:`Table.play_round` returns."""

    round: int
    banker: int
    results: tuple  # money won (+) or lost (-) by each seat this round (the bank's too)
    next_banker: int
    events: tuple


class _Hand:
    # ``_sc`` (the score) and ``_views`` (HandViews for the owner / the others) are caches,
    # cleared by any assignment and by touch() after an in-place change of the card lists
    __slots__ = ("cards", "hidden", "stake", "status", "declare", "half_ace", "dealt",
                 "exchanged", "result", "_sc", "_views")

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name[0] != "_":
            object.__setattr__(self, "_sc", None)
            object.__setattr__(self, "_views", [None, None])

    def touch(self) -> None:
        self._sc = None
        self._views = [None, None]

    def __init__(self, cards=None, hidden=None, stake=0):
        self.cards: list = cards if cards is not None else []
        self.hidden: list = hidden if hidden is not None else []
        self.stake = stake
        self.status = "playing"
        self.declare = None
        self.half_ace = False
        self.dealt = True  # the first card is the one the dealer dealt (S20)
        self.exchanged = False
        self.result = None

    def to_dict(self):
        return {"cards": [c.index for c in self.cards], "hidden": list(self.hidden), "stake": self.stake,
                "status": self.status, "declare": None if self.declare is None else str(self.declare),
                "half_ace": self.half_ace, "dealt": self.dealt, "exchanged": self.exchanged,
                "result": self.result}

    @classmethod
    def from_dict(cls, d):
        h = cls([FULL_DECK[i] for i in d["cards"]], list(d["hidden"]), d["stake"])
        h.status, h.half_ace, h.dealt = d["status"], d["half_ace"], d["dealt"]
        h.declare = None if d["declare"] is None else Fraction(d["declare"])
        h.exchanged, h.result = d["exchanged"], d["result"]
        return h


# ---------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------

class Table(Seats):
    """A Sette e mezzo table of 2-12 seats (S7).  See the module docstring.

    ``rules`` is a :class:`~sette_kit.rules.Rules` or a preset name; ``players`` the
    names in seat order (or a number of seats); ``bankrolls`` one int for everybody, a
    list, or a dict by name; ``seed`` drives the draw for the first banker (S7) and every
    shuffle; ``bots`` maps seats or names to policies (``"all"``: every seat plays
    :func:`sette_kit.policies.default`); ``banker`` and ``deck`` (cards on top of the first
    deck, top first) script a game for a lesson or a test.
    """

    def __init__(self, rules: Rules | str, players, bankrolls=100, min_stake: int = 1, max_stake: int = 10,
                 seed: int | None = None, bots=None, banker: int | str | None = None, deck=None) -> None:
        self.rules = as_rules(rules)
        names = seat_names(players, MIN_SEATS, MAX_SEATS,
                           _("a table seats {lo} to {hi} players, the bank included (S7); got {n}"))
        self.names = names
        n = len(names)
        self.min_stake, self.max_stake = (
            read_whole(v, what, 1, MAX_MONEY, text=False,
                       accepted=_("a whole number of units from 1 to {most} (S7)").format(
                           most=fmt.whole(MAX_MONEY)))
            for what, v in (("min_stake", min_stake), ("max_stake", max_stake)))
        if self.min_stake > self.max_stake:
            raise SetteKitError(_("min_stake={low} is above max_stake={high} (S7)").format(
                low=min_stake, high=max_stake))
        self._bankrolls = _read_bankrolls(bankrolls, names)
        self._money = sum(self._bankrolls)  # S7: money only moves between seats (checked on load)
        self._rng = random.Random(read_seed(seed))
        self._bots: dict[int, Callable] = {}
        self._events: list[Event] = []
        self._round_start = 0
        self._dropped = 0  # events no longer kept (a table loaded from a save, issue 19.4)
        self.round = 0
        self.phase = "ready"
        self._hands: list[list[_Hand]] = [[] for __ in range(n)]
        self._order: list[int] = []
        self._pos = 0
        self._hidx = 0
        self._ran_out = False
        self._start: dict | None = None  # the state the current round started from (a save replays it)
        self._actions: list = []  # the current round's actions, as a save keeps them
        self._declared = None  # where and when the last declaration was made (to replace it)
        self.last_result: RoundResult | None = None
        # S7: the first banker is drawn by lot
        self.banker, how = self._first_dealer(banker)
        self._log("banker_drawn", self.banker, {}, _(_BANKER_DRAWN).format(name=names[self.banker],
                                                                           how=how_picked(how)))
        self._new_deck(deck)
        self.attach_bots(bots)

    # -- public state -----------------------------------------------------------------
    @property
    def bankrolls(self) -> tuple:
        """Every seat's money, as a tuple of ints."""
        return tuple(self._bankrolls)

    def round_events(self) -> tuple:
        """The events of the current round, or of the last one when between rounds."""
        return tuple(self._events[self._round_start:])

    @property
    def to_act(self) -> int | None:
        """The seat to act now, or None between rounds."""
        if self.phase in ("stake", "players"):
            return self._order[self._pos]
        if self.phase == "bank":
            return self.banker
        return None

    @property
    def in_progress(self) -> bool:
        return self.phase in ("stake", "players", "bank")

    @property
    def deck_left(self) -> int:
        return len(self._stock)

    def hands(self, seat) -> tuple:
        """The hands of a seat with every card shown (for tests and the teacher's view)."""
        s = self._seat_of(seat)
        return tuple(self._hand_view(h, s, s) for h in self._hands[s])

    def attach_bots(self, bots) -> None:
        """Seat policies: ``{seat or name: policy}``, or ``"all"`` for the default bot everywhere."""
        self._attach_bots(bots, _default_policy)

    # -- rounds -------------------------------------------------------------------------
    def new_round(self) -> None:
        """Start the next round: stakes and deal in the order of S8-S9."""
        if self.in_progress:
            raise IllegalMove(_("round {round} is still being played ({phase} phase, {name} to act)").format(
                round=self.round, phase=self.phase, name=self.names[self.to_act]))
        worst = self._worst()
        b, n = self.banker, self.n_seats
        seats = [(b + k) % n for k in range(1, n)]
        order = [s for s in seats if self._bankrolls[s] // worst >= self.min_stake]
        if not order:
            raise IllegalMove(_("no player can cover the minimum stake of {stake}: the game is over").format(
                stake=self.min_stake))
        # issue 24: a save keeps the state the round starts from and the round's actions, and
        # loading replays them, so every state a save can hold is one the engine reaches
        self._start = {"bankrolls": list(self._bankrolls), "banker": b,
                       "stock": [c.index for c in self._stock], "discards": [c.index for c in self._discards],
                       "rng": rng_to_json(self._rng.getstate())}
        self._actions = []
        self._declared = None
        self.round += 1
        self._round_start = len(self._events)
        self._ran_out = False
        self._hands = [[] for __ in range(n)]
        self._order, self._pos, self._hidx = order, 0, 0
        self._log("round_started", b, {"banker": b, "players": tuple(order)},
                  ngettext("Round {round}: {banker} holds the bank; {players} plays.",
                           "Round {round}: {banker} holds the bank; {players} play.", len(order)).format(
                      round=self.round, banker=self.names[b], players=_and([self.names[s] for s in order])))
        for s in seats:
            if s not in order:
                self._log("sat_out", s, {"bankroll": self._bankrolls[s]},
                          _("{name} cannot cover the minimum stake and sits this round out.").format(
                              name=self.names[s]))
        for s in order:
            self._hands[s] = [_Hand()]
        self._hands[b] = [_Hand()]
        if self.rules.stake_timing == "before_deal":  # S9 (001)
            self.phase = "stake"
        else:  # S9 (000): deal first, then each player looks, stakes and plays in turn
            self._deal()
            self.phase = "stake"

    def _deal(self) -> None:
        # S8: one card face down to each player from the dealer's right, the dealer last
        for s in self._order + [self.banker]:
            card = self._draw()
            h = self._hands[s][0]
            h.cards.append(card)
            h.hidden.append(True)
            h.touch()
            self._log("dealt", s, {"card": card}, _("{name} is dealt a card face down.").format(name=self.names[s]),
                      private=True)

    # -- legal actions ------------------------------------------------------------------
    def legal_actions(self) -> Legal:
        """What the seat to act may do now, with the allowed ranges (empty between rounds)."""
        if not self.in_progress:
            return Legal()
        return Legal(self._options())

    def _options(self) -> list:
        r = self.rules
        seat = self.to_act
        if self.phase == "stake":
            return [Option("stake", self.min_stake, self._cap(seat))]
        can_draw = bool(self._stock or self._discards)
        if self.phase == "bank":
            h = self._hands[seat][0]
            out = [Option("hit")] if can_draw else []
            out.append(Option("stand"))
            if self._has_matta(h):
                out.append(Option("declare", values=(None,) + r.matta_values))
            return out
        h = self._hands[seat][self._hidx]
        out = [Option("hit")] if can_draw else []
        out.append(Option("stand"))
        cards = h.cards
        if r.face_down_requests and can_draw:  # S22
            out.append(Option("hit_face_down"))
        if r.split_figures and len(cards) == 2 and cards[0].is_figure and cards[1].is_figure:  # S23
            cap = self._cap(seat)
            if cap >= h.stake:
                out.append(Option("split", h.stake, cap))
        if len(cards) == 1 and can_draw:
            rank = cards[0].rank
            # S19; a burnt card can come back in a reshuffle (S18), so burning could go on for
            # ever: a round offers it only within MAX_ROUND_ACTIONS actions (issue 24)
            if r.burn_three_four and rank in (Rank.TRE, Rank.QUATTRO) and len(self._actions) < MAX_ROUND_ACTIONS:
                out.append(Option("burn"))
            if r.exchange_four and rank == Rank.QUATTRO and h.dealt and not h.exchanged:  # S20
                out.append(Option("exchange"))
        if r.half_point_ace and len(cards) == 1 and cards[0].rank == Rank.ASSO and not h.half_ace:  # S21
            out.append(Option("half_ace"))
        if self._has_matta(h):  # S4: declared-value mode
            out.append(Option("declare", values=(None,) + r.matta_values))
        return out

    def _has_matta(self, h: _Hand) -> bool:
        m = self.rules.matta
        return m is not None and len(h.cards) >= 2 and m in h.cards

    def _worst(self) -> int:
        # the most a player can lose per unit staked: double against the bank's reale (S15)
        r = self.rules
        return 2 if (r.reale and r.dealer_reale_collects_double) else 1

    def _cap(self, seat: int) -> int:
        committed = sum(h.stake for h in self._hands[seat])
        worst = self._worst()
        return min(self.max_stake, (self._bankrolls[seat] - worst * committed) // worst)

    # -- acting -------------------------------------------------------------------------
    def act(self, action: str, seat: int | str | None = None, **params) -> None:
        """Perform ``action`` for the seat to act (S9-S23).  Illegal -> IllegalMove, no change.

        >>> t = Table("plain", ["A", "B"], banker=0, seed=3)
        >>> t.new_round()
        >>> t.act("stake", amount=11)
        Traceback (most recent call last):
        ...
        sette_kit.errors.IllegalMove: stake amount=11 is out of range: accepted 1-10
        >>> t.act("hit", seat="A")
        Traceback (most recent call last):
        ...
        sette_kit.errors.IllegalMove: it is B's turn, not A's
        """
        if not isinstance(action, str):
            raise IllegalMove(_("the action must be a name such as 'hit', not {value}: the actions are {actions}")
                              .format(value=shown(action), actions=", ".join(ACTIONS)))
        if not self.in_progress:
            raise IllegalMove(_("no round is in progress: call new_round() to deal the next hand"))
        actor = self.to_act
        if seat is not None:
            try:
                who = self._seat_of(seat)
            except SetteKitError as exc:
                raise IllegalMove(str(exc)) from None
            if who != actor:
                raise IllegalMove(_("it is {actor}'s turn, not {who}'s").format(
                    actor=self.names[actor], who=self.names[who]))
        options = {o.name: o for o in self._options()}
        if action not in options:
            legal = Legal(options.values()).describe()
            if self.phase == "bank":
                if action in ACTIONS:
                    msg = _("{action} is not legal now: the bank may {legal}")
                else:
                    msg = _("{action} is not legal now (the actions are {actions}): the bank may {legal}")
            elif action in ACTIONS:
                msg = _("{action} is not legal now: {name} may {legal}")
            else:
                msg = _("{action} is not legal now (the actions are {actions}): {name} may {legal}")
            raise IllegalMove(msg.format(action=shown(action), actions=", ".join(ACTIONS), name=self.names[actor],
                                         legal=legal))
        accepted = _PARAMS.get(action, ())
        extra = set(params) - set(accepted)
        if extra:
            msg = _("{action} takes {accepted}; got {extra}") if accepted else \
                _("{action} takes no parameters; got {extra}")
            raise IllegalMove(msg.format(action=action, accepted=", ".join(accepted), extra=", ".join(sorted(extra))))
        opt = options[action]
        if action in ("stake", "split"):
            amount = params.get("amount", opt.min)
            if not _is_int(amount) or not opt.min <= amount <= opt.max:
                msg = _("{action} amount={amount} is out of range: accepted {low}-{high} (S23: the second stake "
                        "is at least the first)") if action == "split" else \
                    _("{action} amount={amount} is out of range: accepted {low}-{high}")
                raise IllegalMove(msg.format(action=action, amount=shown(amount), low=opt.min, high=opt.max))
            getattr(self, "_do_" + action)(actor, int(amount))
            self._actions.append([action, int(amount), None])
        elif action == "declare":
            if "value" not in params:
                raise IllegalMove(_("declare needs value=: {values}").format(values=", ".join(
                    _("None (automatic)") if v is None else fmt_points(v) for v in opt.values)))
            value = params["value"]
            if type(value) in (int, Fraction) and value in opt.values:
                value = Fraction(value)  # the common case, fast: 4 or Fraction(1, 2) from a bot or a test
            elif value is not None:
                try:  # issue 19.3: size and form checked before it becomes a Fraction
                    value = read_number(value, "value")
                except SetteKitError:
                    accepted = _("None (automatic) or a value of the matta: {values} (S4)").format(
                        values=", ".join(fmt_points(v) for v in opt.values if v is not None))
                    try:
                        read_number(value, "value", accepted=accepted)
                    except SetteKitError as exc:  # the same refusal, naming the values accepted here
                        raise IllegalMove(str(exc)) from None
                    raise  # pragma: no cover - read_number refuses what it refused
                if value not in opt.values:
                    raise IllegalMove(_("the matta cannot be declared {value}: accepted None (automatic), {values} "
                                        "(S4)").format(value=shown(params["value"]), values=", ".join(
                                            fmt_points(v) for v in opt.values if v is not None)))
            self._do_declare(actor, value)
        else:
            getattr(self, "_do_" + action)(actor)
            self._actions.append([action, None, None])

    # convenience methods
    def stake(self, amount: int | None = None, seat=None) -> None:
        """Stake ``amount`` (default: the minimum) (S7, S9)."""
        self.act("stake", seat, **({} if amount is None else {"amount": amount}))

    def hit(self, seat=None) -> None:
        """Ask for a card (face up, S9)."""
        self.act("hit", seat)

    def stand(self, seat=None) -> None:
        """Stop drawing."""
        self.act("stand", seat)

    def hit_face_down(self, seat=None) -> None:
        """Ask for a card face down; the hidden card is turned up first (S22)."""
        self.act("hit_face_down", seat)

    def split(self, amount: int | None = None, seat=None) -> None:
        """Split two figures into two hands (S23)."""
        self.act("split", seat, **({} if amount is None else {"amount": amount}))

    def burn(self, seat=None) -> None:
        """Show a first card 3 or 4 and get another (S19)."""
        self.act("burn", seat)

    def exchange(self, seat=None) -> None:
        """Exchange a first card 4 for a new card (S20)."""
        self.act("exchange", seat)

    def half_ace(self, seat=None) -> None:
        """Declare a first-card ace worth ½ (S21)."""
        self.act("half_ace", seat)

    def declare(self, value, seat=None) -> None:
        """Declare the matta's value (S4); ``None`` lets the kit pick the best."""
        self.act("declare", seat, value=value)

    # -- the actions themselves (called only after the checks) ----------------------------
    def _do_stake(self, seat: int, amount: int) -> None:
        h = self._hands[seat][0]
        h.stake = amount
        self._log("staked", seat, {"amount": amount},
                  _("{name} stakes {amount}.").format(name=self.names[seat], amount=amount))
        if self.rules.stake_timing == "before_deal":
            self._pos += 1
            if self._pos == len(self._order):
                self._deal()
                self._pos = 0
                self.phase = "players"
        else:
            self.phase = "players"

    def _hand(self, seat: int) -> _Hand:
        return self._hands[seat][0 if self.phase == "bank" else self._hidx]

    def _do_hit(self, seat: int, face_down: bool = False) -> None:
        h = self._hand(seat)
        card = self._draw()
        hidden = face_down or h.half_ace  # S21: after a half-point ace the cards come face down
        h.cards.append(card)
        h.hidden.append(hidden)
        h.touch()
        name = self.names[seat]
        if hidden:
            self._log("hit", seat, {"card": card, "face_down": True},
                      _("{name} takes a card face down.").format(name=name), private=True)
        else:
            self._log("hit", seat, {"card": card, "face_down": False},
                      _("{name} takes {card}.").format(name=name, card=self._cname(card)))
        self._after_card(seat, h)

    def _do_hit_face_down(self, seat: int) -> None:
        h = self._hand(seat)
        self._reveal(seat, h, _("S22: only one card may be face down, so the hidden card is turned up first"))
        self._do_hit(seat, face_down=True)

    def _after_card(self, seat: int, h: _Hand) -> None:
        s = self._score_of(h)
        name = self.names[seat]
        if s.bust:
            self._reveal(seat, h, None)
            h.status = "bust"
            if seat == self.banker:
                self._log("bust", seat, {"total": s.total},
                          _("The bank ({name}) goes bust with {total} (S12).").format(name=name,
                                                                                    total=fmt_points(s.total)))
                self._settle()
            else:  # S10: shown and lost at once
                h.result = -h.stake
                self._transfer(seat, -h.stake)
                self._log("bust", seat, {"total": s.total, "amount": h.stake},
                          _("{name} goes bust with {total} and loses {amount} at once (S10).").format(
                              name=name, total=fmt_points(s.total), amount=h.stake))
                self._next_turn()
        elif s.total == SETTE_E_MEZZO or s.kind == "triple":
            self._reveal(seat, h, None)
            h.status = "sette_e_mezzo"
            if s.kind == "triple":
                text = _("{name} has a sette e mezzo triplé (S6) and shows it (S10).")
            elif s.kind == "reale":
                text = _("{name} has a sette e mezzo reale (S5) and shows it (S10).")
            else:
                text = _("{name} has 7½ and shows it (S10).")
            self._log("sette_e_mezzo", seat, {"kind": s.kind}, text.format(name=name))
            if seat == self.banker:
                self._settle()
            else:
                self._next_turn()

    def _do_stand(self, seat: int) -> None:
        h = self._hand(seat)
        h.status = "stood"
        if seat == self.banker:
            self._log("stood", seat, {}, _("The bank ({name}) stands on {total}.").format(
                name=self.names[seat], total=fmt_points(self._score_of(h).total)))
            self._settle()
        else:
            up = [c for c, hid in zip(h.cards, h.hidden) if not hid]
            text = _("{name} stands showing {cards}.") if up else _("{name} stands.")
            self._log("stood", seat, {"cards_up": len(up)}, text.format(name=self.names[seat],
                                                                        cards=self._cnames(up)))
            self._next_turn()

    def _do_split(self, seat: int, amount: int) -> None:  # S23
        hands = self._hands[seat]
        h = hands[self._hidx]
        second = _Hand([h.cards.pop()], [h.hidden.pop()], amount)
        h.touch()
        second.dealt = False
        if h.declare is not None:
            h.declare = None
        hands.insert(self._hidx + 1, second)
        self._log("split", seat, {"amount": amount, "hands": len(hands)},
                  _("{name} splits the two figures into two hands, staking {amount} on the new one (S23).").format(
                      name=self.names[seat], amount=amount))

    def _do_burn(self, seat: int) -> None:  # S19
        self._replace_first(seat, "burned", _("{name} shows {old} and burns it for a new card (S19)."))

    def _do_exchange(self, seat: int) -> None:  # S20
        self._replace_first(seat, "exchanged", _("{name} exchanges {old} for a new card (S20)."))
        self._hand(seat).exchanged = True

    def _replace_first(self, seat: int, kind: str, words: str) -> None:
        h = self._hand(seat)
        old = h.cards.pop()
        hid = h.hidden.pop()
        h.touch()
        self._discards.append(old)  # shown, so it goes to the discard pile face up
        self._log(kind, seat, {"old": old}, words.format(name=self.names[seat], old=self._cname(old)))
        card = self._draw()
        h.cards.append(card)
        h.hidden.append(hid)
        h.touch()
        h.dealt = False
        self._log("dealt", seat, {"card": card, "replaces": old},
                  _("{name} is dealt a new card face down.").format(name=self.names[seat]), private=True)

    def _do_half_ace(self, seat: int) -> None:  # S21
        h = self._hand(seat)
        h.half_ace = True
        self._log("half_ace", seat, {}, _("{name} declares the ace worth ½; the next cards come face down (S21).")
                  .format(name=self.names[seat]))

    def _do_declare(self, seat: int, value) -> None:  # S4
        h = self._hand(seat)
        where = (self.phase, seat, self._hidx)
        mark = self._declared
        if (mark is not None and mark[0] == where and mark[1] == len(self._actions)
                and mark[3] == len(self._events)):
            # issue 24: a declaration right after another of the same hand replaces it (its
            # event and its action), so repeated declarations cannot grow the round, or its save
            del self._events[mark[2]:]
            self._actions.pop()
        events_before = len(self._events)
        h.declare = value
        if not self._matta_hidden(h):
            text = _("{name} declares the matta worth the best value (S4).") if value is None else \
                _("{name} declares the matta worth {value} (S4).")
            self._log("declared", seat, {"value": value}, text.format(
                name=self.names[seat], value=None if value is None else fmt_points(value)))
        # else: the matta is the hand's hidden card, so saying anything would show the
        # others which card it is; the value is announced when the hand is shown (_reveal)
        self._actions.append(["declare", None, None if value is None else str(value)])
        self._declared = (where, len(self._actions), events_before, len(self._events))
        self._after_card(seat, h)  # S10: a declaration that busts or makes 7½ ends the turn

    def _matta_hidden(self, h: _Hand) -> bool:
        m = self.rules.matta
        return any(hid and c == m for c, hid in zip(h.cards, h.hidden))

    # -- turn order ---------------------------------------------------------------------
    def _next_turn(self) -> None:
        seat = self._order[self._pos]
        if self._hidx + 1 < len(self._hands[seat]):
            self._hidx += 1
            self._log("next_hand", seat, {"hand": self._hidx},
                      _("{name} plays split hand {number}.").format(name=self.names[seat], number=self._hidx + 1))
            return
        self._hidx = 0
        self._pos += 1
        if self._pos < len(self._order):
            if self.rules.stake_timing != "before_deal":
                self.phase = "stake"
            return
        self._bank_turn()

    def _bank_turn(self) -> None:
        b = self.banker
        h = self._hands[b][0]
        self.phase = "bank"
        self._reveal(b, h, _("S11: the bank turns up its card"))
        live = any(x.result is None for s in self._order for x in self._hands[s])
        if not live:
            self._settle()

    def _reveal(self, seat: int, h: _Hand, why: str | None) -> None:
        if not any(h.hidden):
            return
        cards = tuple(c for c, hid in zip(h.cards, h.hidden) if hid)
        h.hidden = [False] * len(h.cards)
        text = _("{name} turns up {cards} ({why}).") if why else _("{name} turns up {cards}.")
        self._log("revealed", seat, {"cards": cards}, text.format(name=self.names[seat], cards=self._cnames(cards),
                                                                  why=why))
        if h.declare is not None and self.rules.matta in cards:  # a secret declaration is shown with it (S4)
            self._log("declared", seat, {"value": h.declare},
                      _("{name} declared the matta worth {value} (S4).").format(name=self.names[seat],
                                                                                value=fmt_points(h.declare)))

    # -- settlement and the bank (S10-S17) --------------------------------------------------
    def _settle(self) -> None:
        r = self.rules
        b = self.banker
        bank_hand = self._hands[b][0]
        self._reveal(b, bank_hand, None)
        d = self._score_of(bank_hand)
        results = [0] * self.n_seats
        for s in self._order:
            for h in self._hands[s]:
                if h.result is not None:  # bust: already paid (S10)
                    results[s] += h.result
                    continue
                self._reveal(s, h, _("S13: every remaining player shows"))
                p = self._score_of(h)
                name = self.names[s]
                o = outcome(p, d, r, who=name)  # S10-S16
                amount = h.stake * o.multiplier
                h.result = amount
                results[s] += amount
                self._transfer(s, amount)
                text = _("{reason} {name} wins {amount}.") if amount > 0 else \
                    _("{reason} {name} loses {amount}.") if amount < 0 else _("{reason} {name} gets the stake back.")
                self._log("paid", s, {"amount": amount, "multiplier": o.multiplier, "reason": o.reason},
                          text.format(reason=o.reason, name=name, amount=abs(amount)))
        results[b] = -sum(results)
        old = b
        new, why = self._next_banker()
        if new is not None:
            self.banker = new
            self._log("bank_passed", new, {"from": old, "to": new, "reason": why},
                      _("The bank passes from {old} to {new}: {why}.").format(old=self.names[old],
                                                                              new=self.names[new], why=why))
            self._new_deck(None)
        else:
            for s in range(self.n_seats):
                for h in self._hands[s]:
                    self._discards.extend(h.cards)
            self._log("bank_kept", old, {"deck_left": len(self._stock)},
                      ngettext("{name} keeps the bank; the deck carries over with {n} cards left (S18).",
                               "{name} keeps the bank; the deck carries over with {n} cards left (S18).",
                               len(self._stock)).format(name=self.names[old], n=len(self._stock)))
        self.phase = "settled"
        self.last_result = RoundResult(self.round, old, tuple(results), self.banker, self.round_events())

    def _next_banker(self):
        r = self.rules
        b, n = self.banker, self.n_seats
        nearest = [(b + k) % n for k in range(1, n)]
        played = [s for s in nearest if s in self._order]
        if r.triple and r.triple_takes_bank:  # S17 (001): a triple takes the bank
            for s in played:
                if any(self._score_of(h).kind == "triple" for h in self._hands[s]):
                    return s, _("{name} made a sette e mezzo triplé (S17)").format(name=self.names[s])
        if r.bank_passing == "reale":  # S17 (000)
            prio = SUIT_PRIORITY[r.face]

            def rank(h, sc):  # S17: the higher suit first, then a true reale before a matta reale
                return (min(prio.index(c.suit) for c in h.cards), 0 if sc.true_reale else 1)

            bank_hand = self._hands[b][0]
            bank_sc = self._score_of(bank_hand)
            bank_rank = rank(bank_hand, bank_sc) if bank_sc.kind == "reale" else None
            best = None
            for pos, s in enumerate(played):
                for h in self._hands[s]:
                    sc = self._score_of(h)
                    if sc.kind != "reale":
                        continue
                    won = h.result is not None and h.result > 0
                    # S15 (000): after his reale the bank "need not give up the bank unless other
                    # players have a 7½ of higher value": a player's reale of a higher suit takes
                    # it, although that player pays his single stake
                    higher = bank_rank is not None and rank(h, sc) < bank_rank
                    if won or higher:
                        key = rank(h, sc) + (pos,)
                        if best is None or key < best[0]:
                            best = (key, s, won)
            if best is not None:
                if not best[2]:
                    return best[1], _("{name}'s sette e mezzo reale is of a higher suit than the bank's reale "
                                      "(S15, S17)").format(name=self.names[best[1]])
                winners = sum(1 for s in played for h in self._hands[s]
                              if h.result and h.result > 0 and self._score_of(h).kind == "reale")
                if winners == 1:
                    return best[1], _("{name} won with a sette e mezzo reale (S17)").format(name=self.names[best[1]])
                return best[1], _("{name} won with a sette e mezzo reale (S17) ({n} reali won: the highest suit "
                                  "takes the bank)").format(name=self.names[best[1]], n=winners)
        elif r.bank_passing == "sette_e_mezzo":  # S17 (001)
            for s in played:
                if any(not h.status == "bust" and self._score_of(h).total == SETTE_E_MEZZO for h in self._hands[s]):
                    return s, _("{name} made 7½ (S17)").format(name=self.names[s])
            return None, ""
        if self._ran_out or not self._stock:  # S17 (000): the deck is used up
            s = nearest[0]
            return s, _("the deck is used up, so the bank goes to the player on {name}'s right (S17)").format(
                name=self.names[b])
        return None, ""

    def _transfer(self, seat: int, amount: int) -> None:
        self._bankrolls[seat] += amount
        self._bankrolls[self.banker] -= amount

    # -- the deck (S18) -----------------------------------------------------------------
    def _new_deck(self, top) -> None:
        cards = list(FULL_DECK)
        self._rng.shuffle(cards)
        top = top_cards(top)
        if top:
            rest = [c for c in cards if c not in set(top)]
            cards = top + rest
        self._stock = cards[::-1]  # the top card is the last item
        self._discards: list[Card] = []
        self._log("new_deck", self.banker, {}, _(_NEW_DECK).format(name=self.names[self.banker]))

    def _draw(self) -> Card:
        if not self._stock:  # S18: reshuffle the cards not on the table
            cards = self._discards
            self._discards = []
            self._rng.shuffle(cards)
            self._stock = cards
            self._ran_out = True
            self._log("reshuffled", None, {"cards": len(cards)},
                      _("The deck has run out: the {n} cards not on the table are shuffled into a new deck (S18).")
                      .format(n=len(cards)))
        return self._stock.pop()

    # -- bots ---------------------------------------------------------------------------
    def play_bots(self, max_actions: int = MAX_BOT_ACTIONS) -> int:
        """Let bot seats act until a human is to act or the round is over; returns the
        number of actions taken.  A bot that never ends its turn (one that declares the
        matta again and again, say: declaring does not end a turn, S4) is stopped with a
        SetteKitError after ``max_actions`` actions (issue 24), the table as those actions
        left it."""
        max_actions = read_whole(max_actions, "max_actions", 1, 10 ** 9, text=False)
        count = 0
        while self.in_progress:
            seat = self.to_act
            policy = self._bots.get(seat)
            if policy is None:
                break
            if count >= max_actions:
                raise SetteKitError(_("the bots played {n} actions in this round without ending it or reaching a "
                                      "human's turn; stopping (max_actions={n})").format(n=max_actions))
            name, params = _bot_choice(seat, policy(self.view(seat)))
            self.act(name, **params)
            count += 1
        return count

    def play_round(self, max_actions: int = MAX_BOT_ACTIONS) -> RoundResult:
        """Play one whole round with the bots (starting it if needed) and return its result."""
        if not self.in_progress:
            self.new_round()
        self.play_bots(max_actions)
        if self.in_progress:
            raise SetteKitError(_("{name} (seat {seat}) is not a bot: play_round needs bots at every seat to act")
                                .format(name=self.names[self.to_act], seat=self.to_act))
        return self.last_result

    # -- views ----------------------------------------------------------------------------
    def view(self, seat) -> TableView:
        """The table as ``seat`` sees it: its own hidden cards, the others' face-up cards."""
        seat = self._seat_of(seat)
        to_act = self.to_act
        legal = Legal(self._options()) if (to_act == seat and self.in_progress) else None
        hands = tuple(tuple(self._hand_view(h, s, seat) for h in hs) for s, hs in enumerate(self._hands))
        active = 0 if self.phase == "bank" else self._hidx if self.in_progress else None
        return TableView(seat, self.names, self.rules, self.round, self.phase, to_act, self.banker,
                         tuple(self._bankrolls), self.min_stake, self.max_stake, hands, active, legal,
                         len(self._stock), tuple(self._discards), tuple(self._events[self._round_start:]))

    def _hand_view(self, h: _Hand, owner: int, viewer: int) -> HandView:
        public = owner != viewer and True in h.hidden
        cached = h._views[public]
        if cached is not None:
            return cached
        declare = h.declare
        if not public:
            cards = tuple(h.cards)
            sc = self._score_of(h) if cards else None
        else:
            cards = tuple(None if hid else c for c, hid in zip(h.cards, h.hidden))
            sc = None
            if self._matta_hidden(h):  # the declared value would show which card is hidden
                declare = None
        hv = HandView(cards, h.stake, h.status, h.result, declare, h.half_ace, sc)
        h._views[public] = hv
        return hv

    def _score_of(self, h: _Hand) -> Score:
        sc = h._sc
        if sc is None:
            sc = h._sc = _score(tuple(h.cards), self.rules, h.declare, h.half_ace)
        return sc

    # -- events ---------------------------------------------------------------------------
    def _log(self, kind, seat, data, text, private=False) -> None:
        self._events.append(Event(kind, seat, MappingProxyType(data), text, self.round, private))

    def _cname(self, card: Card) -> str:
        return card_in_text(card, self.rules.face)  # in a sentence: with its article (issue 25)

    def _cnames(self, cards) -> str:
        return cards_in_text(cards, self.rules.face)

    # -- checks -----------------------------------------------------------------------------
    def check(self) -> None:
        """Raise AssertionError unless the table's invariants hold: the 40 cards are each in
        exactly one place (stock, discards or, during a round, a hand); stakes are within
        the limits; the phase is known."""
        if self.phase not in PHASES:
            raise AssertionError(f"unknown phase {self.phase!r}")
        places = list(self._stock) + list(self._discards)
        if self.in_progress:  # between rounds the last hands' cards are already back in a deck
            places += [c for hs in self._hands for h in hs for c in h.cards]
        if sorted(c.index for c in places) != list(range(40)):
            raise AssertionError("the cards are not the 40 cards of one deck, each in one place")
        for hs in self._hands:
            for h in hs:
                if h.stake and not self.min_stake <= h.stake <= self.max_stake:
                    raise AssertionError(f"stake {h.stake} outside {self.min_stake}-{self.max_stake}")

    # -- saving -----------------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole state as JSON text (policies are not saved: re-attach them on load).

        What a save keeps (issue 19.4): everything needed to go on exactly as this table
        would - rules, players, money (and the total the game started with), the deck,
        the hands, whose turn it is and the random generator's state - and the events of
        the current round in full, plus those of the most recent whole rounds up to
        :data:`MAX_SAVED_EVENTS` events in all.  Older events are dropped (``dropped``
        counts them), so a save stays small and quick to load however long the game:
        about 60 KB after 1,000 or 3,000 rounds at 6 seats (``bench/bench_saves.py``).
        A table loaded from a save has that tail as its :attr:`events`.
        """
        start = self._tail_start()
        state = {
            "format": _FORMAT,
            "rules": _rules_to_dict(self.rules),
            "names": list(self.names),
            "bankrolls": list(self._bankrolls),
            "money": self._money,
            "min_stake": self.min_stake, "max_stake": self.max_stake,
            "round": self.round, "phase": self.phase, "banker": self.banker,
            "stock": [c.index for c in self._stock], "discards": [c.index for c in self._discards],
            "hands": [[h.to_dict() for h in hs] for hs in self._hands],
            "order": list(self._order), "pos": self._pos, "hidx": self._hidx, "ran_out": self._ran_out,
            "round_start": self._round_start - start,
            "rng": rng_to_json(self._rng.getstate()),
            "events": [event_to_json(e) for e in self._events[start:]],
            "dropped": self._dropped + start,
            "bot_seats": sorted(self._bots),
            "start": self._start if self.round else None,
            "actions": [list(a) for a in self._actions],
        }
        return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def _tail_start(self) -> int:
        """The first event a save keeps: the start of the earliest round such that at most
        MAX_SAVED_EVENTS events are kept, never after the start of the current round."""
        events = self._events
        limit = len(events) - MAX_SAVED_EVENTS
        if limit <= 0:
            return 0
        first = self._round_start
        for i in range(self._round_start - 1, limit - 1, -1):
            if events[i].kind == "round_started":
                first = i
        return first

    @classmethod
    def from_json(cls, text: str, bots=None, *, max_chars: int = MAX_SAVE_CHARS) -> "Table":
        """Load a table saved with :meth:`to_json`; ``bots`` re-attaches the policies.

        The text is untrusted (issue 18.21, issue 24): text longer than ``max_chars`` is
        refused unread, then every field is checked against the save's schema and the
        fields against each other (one deck of 40 cards, unique names, the money the game
        started with, whose turn it is); then the current round is played again from the
        state it started from (``start``), action by action (``actions``), each checked as
        a move, and the state reached must be the state saved.  So a save holds only a
        state the engine can reach: no bankroll of -50 in play, no stake 0, no hand marked
        bust that is not, no turn skipped.  Anything wrong is a SetteKitError that names
        the field.  The formats before ``sette-kit/table/3`` kept no record to check a
        round by and are no longer read.

        >>> t = Table("plain", ["Ada", "Bo"], seed=1, bots="all"); _ = t.play_round()
        >>> bad = t.to_json().replace('"money":200', '"money":300')
        >>> Table.from_json(bad)
        Traceback (most recent call last):
        ...
        sette_kit.errors.SetteKitError: cannot load the saved table: bankrolls add up to 200, but the game started with 300 (money only moves between the players and the bank)
        """
        what = _(_WHAT)
        d = load_json(text, what, max_chars)
        if isinstance(d, dict) and d.get("format") in _OLD_FORMATS:
            raise SetteKitError(_("cannot load {what}: it was saved in the earlier format {format}, which keeps no "
                                  "record of the round's actions to check it by; it is no longer "
                                  "read").format(what=what, format=shown(d["format"])))
        if not isinstance(d, dict) or d.get("format") != _FORMAT:
            raise SetteKitError(_("not a saved sette-kit table: expected the text of Table.to_json()"))
        validate(_table_schema(), d, what)
        rules = build_options(Rules, d["rules"], what, _rules_args)
        _check_saved(d, rules)
        try:
            rng_state(d["rng"])  # named here, before the replay compares it
        except Bad as bad:
            raise bad.error(what) from None
        try:
            events = [event_from_json(e) for e in d["events"]]
        except (ValueError, ZeroDivisionError) as exc:
            raise SetteKitError(_("cannot load {what}: events hold a value that cannot be read ({error})").format(
                what=what, error=exc)) from None
        t = cls._replayed(d, rules, events, what)
        got = json.loads(t.to_json())
        key = first_difference(got, d, _SAVE_ORDER)
        if key is None and d["round"] == 0:
            key = _opening_difference(d)
        elif key is None:
            def replay_in(lang):
                with language(lang):
                    return json.loads(cls._replayed(d, rules, events, what).to_json())["events"]

            bad_text = texts_check(d["events"], got["events"], replay_in)
            if bad_text is not None:
                key = f"events[{bad_text}]"
        if key is not None:
            raise SetteKitError(_("cannot load {what}: {field} is not what the round's actions give, played "
                                  "again from the state the round started from (the save was edited or is "
                                  "corrupt)").format(what=what, field=key))
        t._events = list(events)  # the texts as saved: each is one the engine writes, in one of its languages
        try:
            t.check()  # the invariants once more, on the objects built
        except AssertionError as exc:
            raise SetteKitError(_("cannot load {what}: {error}").format(what=what, error=exc)) from None
        t.attach_bots(bots)
        return t

    @classmethod
    def _replayed(cls, d: dict, rules: Rules, events: list, what: str) -> "Table":
        """The table the save describes, built the way the engine builds it: the state the
        current round started from, then ``new_round`` and the round's actions (issue 24)."""
        def rng(state, path):
            r = random.Random()
            try:
                r.setstate(rng_state(state, path))
            except Bad as bad:
                raise bad.error(what) from None
            except (ValueError, TypeError, OverflowError) as exc:
                raise SetteKitError(_("cannot load {what}: {path} is not the state of a random generator "
                                      "({error})").format(what=what, path=path, error=exc)) from None
            return r

        t = cls.__new__(cls)
        t.rules, t.names = rules, tuple(d["names"])
        t._money, t._dropped = d["money"], d["dropped"]
        t.min_stake, t.max_stake = d["min_stake"], d["max_stake"]
        t._bots, t.last_result = {}, None
        t._hands = [[] for __ in t.names]
        t._order, t._pos, t._hidx, t._ran_out = [], 0, 0, False
        t._start, t._actions, t._declared = None, [], None
        start, start_at = d["start"], d["round_start"]
        if d["round"] == 0:  # as the constructor leaves a table
            t.round, t.phase, t.banker = 0, "ready", d["banker"]
            t._bankrolls = list(d["bankrolls"])
            t._stock, t._discards = [FULL_DECK[i] for i in d["stock"]], [FULL_DECK[i] for i in d["discards"]]
            t._rng = rng(d["rng"], "rng")
            t._events, t._round_start = events, start_at
            return t
        _check_start(d, start, what)
        t.round, t.phase, t.banker = d["round"] - 1, "settled", start["banker"]
        t._bankrolls = list(start["bankrolls"])
        t._stock = [FULL_DECK[i] for i in start["stock"]]
        t._discards = [FULL_DECK[i] for i in start["discards"]]
        t._rng = rng(start["rng"], "start.rng")
        t._events, t._round_start = events[:start_at], start_at
        try:
            t.new_round()
        except IllegalMove as exc:
            raise SetteKitError(_("cannot load {what}: start: round {round} could not have started from it "
                                  "({error})").format(what=what, round=d["round"], error=exc)) from None
        for k, (name, amount, value) in enumerate(d["actions"]):
            params = {"amount": amount} if name in ("stake", "split") else \
                {"value": None if value is None else Fraction(value)} if name == "declare" else {}
            try:
                t.act(name, **params)
            except SetteKitError as exc:
                raise SetteKitError(_("cannot load {what}: actions[{k}] ({name}) is not a legal move there: "
                                      "{error}").format(what=what, k=k, name=name, error=exc)) from None
        return t

    def __repr__(self) -> str:
        return (f"<Table {self.rules.name} round {self.round} {self.phase}: bank {self.names[self.banker]}, "
                f"bankrolls {dict(zip(self.names, self._bankrolls))}>")


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------

def _and(names) -> str:
    """'A', 'A and B', 'A, B and C'."""
    names = list(names)
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _bot_choice(seat: int, choice) -> tuple:
    """A policy's answer as (action, params): a name, or a pair (name, {params})."""
    if isinstance(choice, str):
        return choice, {}
    if isinstance(choice, tuple) and len(choice) == 2 and isinstance(choice[0], str) and \
            (choice[1] is None or isinstance(choice[1], dict)):
        return choice[0], dict(choice[1] or {})
    raise SetteKitError(_("the bot at seat {seat} returned {choice}: a policy returns an action name such as "
                          "'hit', or a pair such as ('stake', {{'amount': 2}})").format(seat=seat, choice=shown(choice)))


def _default_policy():
    from .policies import default  # policies imports this module: loaded on first use

    return default()


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _read_bankrolls(bankrolls, names) -> list:
    """``bankrolls=`` of :class:`Table`: one amount for everybody, a list in seat order or a
    dict by name; whole units from 0 to MAX_MONEY (issue 18)."""
    n = len(names)
    accepted = _("a whole number of units from 0 to {most}").format(most=fmt.whole(MAX_MONEY))
    if isinstance(bankrolls, dict):
        unknown = set(bankrolls) - set(names)
        if unknown or len(bankrolls) != n:
            raise SetteKitError(_("bankrolls must give one amount for each of {names}").format(names=", ".join(names)))
        return [read_whole(bankrolls[x], f"bankrolls[{x!r}]", 0, MAX_MONEY, accepted=accepted, text=False)
                for x in names]
    if isinstance(bankrolls, (list, tuple)):
        if len(bankrolls) != n:
            raise SetteKitError(_("bankrolls must be one whole number, or one for each of the {n} seats; got {got}")
                                .format(n=n, got=len(bankrolls)))
        return [read_whole(b, f"bankrolls[{i}]", 0, MAX_MONEY, accepted=accepted, text=False)
                for i, b in enumerate(bankrolls)]
    if isinstance(bankrolls, str):
        raise SetteKitError(_("bankrolls={value}: accepted one whole number, a list with one for each of the {n} "
                              "seats, or a dict by name").format(value=shown(bankrolls), n=n))
    return [read_whole(bankrolls, "bankrolls", 0, MAX_MONEY, accepted=accepted, text=False)] * n


def _result_from_events(t: Table) -> RoundResult:
    evs = tuple(t._events[t._round_start:])
    start = next((e for e in evs if e.kind == "round_started"), None)
    banker = start.data["banker"] if start else t.banker
    results = [0] * t.n_seats
    for s, hs in enumerate(t._hands):
        for h in hs:
            if s != banker and h.result is not None:
                results[s] += h.result
    results[banker] = -sum(results)
    return RoundResult(t.round, banker, tuple(results), t.banker, evs)


def _rules_to_dict(r: Rules) -> dict:
    from dataclasses import fields

    out = {}
    for f in fields(r):
        v = getattr(r, f.name)
        out[f.name] = v.index if isinstance(v, Card) else v
    return out


def _rules_args(d: dict) -> dict:
    d = dict(d)
    if d.get("matta") is not None:
        if type(d["matta"]) is not int or not 0 <= d["matta"] < 40:
            raise SetteKitError(_("matta={value} must be a card index 0-39 or null").format(value=shown(d["matta"])))
        d["matta"] = FULL_DECK[d["matta"]]
    return d


def _rules_from_dict(d: dict) -> Rules:
    return Rules(**_rules_args(d))


def _table_schema() -> Obj:
    """The fields of a saved table (format 2) and their types and ranges (issue 18.21)."""
    seat = Int(0, MAX_SEATS - 1)
    hand = Obj({"cards": List(CardIndex, 0, 40), "hidden": List(Bool(), 0, 40), "stake": Int(0, MAX_MONEY),
                "status": Choice(HAND_STATUSES),
                "declare": Opt(Str(12, r"-?\d{1,3}(/\d{1,3})?", "a value such as '4' or '1/2'")),
                "half_ace": Bool(), "dealt": Bool(), "exchanged": Bool(),
                "result": Opt(Int(-100 * MAX_MONEY, 100 * MAX_MONEY))})
    return Obj({
        "format": Str(40), "rules": Dict(IDENT, EventData(0), 60),
        "names": List(Name(), MIN_SEATS, MAX_SEATS, unique=True),
        "bankrolls": List(Int(-10 ** 15, 10 ** 15), MIN_SEATS, MAX_SEATS),
        "money": Int(0, MAX_SEATS * MAX_MONEY),
        "min_stake": Int(1, MAX_MONEY), "max_stake": Int(1, MAX_MONEY),
        "round": Int(0, 10 ** 12), "phase": Choice(PHASES), "banker": seat,
        "stock": List(CardIndex, 0, 40), "discards": List(CardIndex, 0, 40),
        "hands": List(List(hand, 0, 40), MIN_SEATS, MAX_SEATS),
        "order": List(seat, 0, MAX_SEATS - 1, unique=True), "pos": Int(0, MAX_SEATS), "hidx": Int(0, 40),
        "ran_out": Bool(), "round_start": Int(0, 10 ** 6), "rng": RNG_STATE_SCHEMA,
        "events": List(event_schema(MAX_SEATS - 1), 0, 10 ** 6),
        "dropped": Int(0, 10 ** 12), "bot_seats": List(seat, 0, MAX_SEATS, unique=True),
        # issue 24: the state the current round started from, and the round's actions
        "start": Opt(Obj({"bankrolls": List(Int(-10 ** 15, 10 ** 15), MIN_SEATS, MAX_SEATS), "banker": seat,
                          "stock": List(CardIndex, 0, 40), "discards": List(CardIndex, 0, 40),
                          "rng": RNG_STATE_SCHEMA})),
        "actions": List(Tuple(Choice(ACTIONS), Opt(Int(1, MAX_MONEY)),
                              Opt(Str(12, r"-?\d{1,3}(/\d{1,3})?", "a value such as '4' or '1/2'"))),
                        0, MAX_ROUND_ACTIONS + 500),
    })


def _opening_difference(d: dict) -> str | None:
    """Before the first round a table holds only the two events its constructor logged
    (S7, S18), their texts in one of the kit's languages; None if so, else the field."""
    from .i18n import LANGUAGES

    ev = d["events"]
    if len(ev) != 2 or d["round_start"] != 0 or d["dropped"]:
        return "events"
    first, deck = ev
    if first[:3] + first[4:] != ["banker_drawn", d["banker"], {}, 0, False] or \
            deck[:3] + deck[4:] != ["new_deck", d["banker"], {}, 0, False]:
        return "events"
    name = d["names"][d["banker"]]
    firsts, decks = set(), set()
    for lang in LANGUAGES:
        with language(lang):
            firsts |= {_(_BANKER_DRAWN).format(name=name, how=how_picked(how)) for how in ("drawn by lot", "chosen")}
            decks.add(_(_NEW_DECK).format(name=name))
    if first[3] not in firsts:
        return "events[0]"
    if deck[3] not in decks:
        return "events[1]"
    return None


def _check_start(d: dict, start, what: str) -> None:
    """The state a round started from (``start``): between two rounds, every card in the
    stock or the discards, the money the game started with; before the first round, the
    bankrolls the constructor accepts and an untouched deck (issue 24)."""
    def bad(msg, **fields):
        raise SetteKitError(_("cannot load {what}: start: {error}").format(what=what, error=msg.format(**fields)))

    if start is None:
        bad(_("is missing: a table in round {round} keeps the state the round started from"), round=d["round"])
    n = len(d["names"])
    if len(start["bankrolls"]) != n or start["banker"] >= n:
        bad(_("bankrolls and banker must fit the {n} seats"), n=n)
    if sum(start["bankrolls"]) != d["money"]:
        bad(_("bankrolls add up to {total}, but the game started with {money}"), total=sum(start["bankrolls"]),
            money=d["money"])
    if sorted(start["stock"] + start["discards"]) != list(range(40)):
        bad(_("between two rounds the 40 cards are in the stock or the discards, each once"))
    if d["round"] == 1 and (start["discards"] or any(not 0 <= b <= MAX_MONEY for b in start["bankrolls"])):
        bad(_("the first round starts from a fresh deck and the bankrolls the table was given (0 to {most} "
              "each)"), most=fmt.whole(MAX_MONEY))


def _check_saved(d: dict, rules: Rules) -> None:
    """What ties the fields of a save together (the schema checked each one alone)."""
    def bad(msg, **fields):
        raise SetteKitError(_("cannot load {what}: {error}").format(what=_(_WHAT), error=msg.format(**fields)))

    n = len(d["names"])
    for key in ("bankrolls", "hands"):
        if len(d[key]) != n:
            bad(_("{key} must hold one entry for each of the {n} players, not {got}"), key=key, n=n, got=len(d[key]))
    if sum(d["bankrolls"]) != d["money"]:
        bad(_("bankrolls add up to {total}, but the game started with {money} (money only moves between the players "
              "and the bank)"), total=sum(d["bankrolls"]), money=d["money"])
    lo, hi = d["min_stake"], d["max_stake"]
    if lo > hi:
        bad(_("min_stake={low} is above max_stake={high}"), low=lo, high=hi)
    banker, order, phase, pos = d["banker"], d["order"], d["phase"], d["pos"]
    if banker >= n:
        bad(_("banker must be a seat from 0 to {last}, not {banker}"), last=n - 1, banker=banker)
    if (phase == "ready") != (d["round"] == 0):
        bad(_("phase {phase} does not fit round {round}"), phase=shown(phase), round=d["round"])
    events, start = d["events"], d["round_start"]
    if start > len(events):
        bad(_("round_start={start} is past the {n} events saved"), start=start, n=len(events))
    if any(e[1] is not None and e[1] >= n for e in events):
        bad(_("events name a seat beyond the {n} seats"), n=n)
    held = banker  # the bank of the current round (of the last one once settled: it may have passed)
    if d["round"]:
        if start == len(events) or events[start][0] != "round_started" or events[start][4] != d["round"]:
            bad(_("events[{start}] must be the start of round {round} (round_start)"), start=start, round=d["round"])
        held = events[start][2].get("banker")
        if type(held) is not int or not 0 <= held < n or (phase != "settled" and held != banker):
            bad(_("events[{start}] must name the banker of round {round}"), start=start, round=d["round"])
    if any(s >= n for s in order) or held in order:
        bad(_("order must list seats from 0 to {last} other than the banker's ({banker}), not {order}"),
            last=n - 1, banker=held, order=order)
    if phase == "ready" and (order or pos or d["hidx"] or any(d["hands"])):
        bad(_("a table that has not started a round holds no hands and no order of play"))
    if phase == "ready" and (d["start"] is not None or d["actions"] or d["discards"] or d["ran_out"]
                             or any(not 0 <= b <= MAX_MONEY for b in d["bankrolls"])):
        bad(_("a table that has not started a round holds a fresh deck, the bankrolls it was given (0 to {most} "
              "each) and no actions"), most=fmt.whole(MAX_MONEY))
    if pos > len(order) or (phase in ("stake", "players") and pos >= len(order)):
        bad(_("pos={pos} does not point at a player of the order {order} in phase {phase}"), pos=pos, order=order,
            phase=shown(phase))
    if phase != "ready":
        playing = set(order) | {held}
        for s in range(n):
            if bool(d["hands"][s]) != (s in playing):
                bad(_("hands[{seat}] must hold a hand: seat {seat} plays this round") if s in playing else
                    _("hands[{seat}] must be empty: seat {seat} does not play this round"), seat=s)
        if len(d["hands"][held]) != 1:
            bad(_("hands[{seat}]: the bank plays exactly one hand"), seat=held)
    if phase in ("stake", "players") and d["hidx"] >= len(d["hands"][order[pos]]):
        bad(_("hidx={hidx} is not a hand of seat {seat}"), hidx=d["hidx"], seat=order[pos])
    matta_values = {str(v) for v in rules.matta_values}
    for s, hands in enumerate(d["hands"]):
        for k, h in enumerate(hands):
            where = f"hands[{s}][{k}]"
            if len(h["hidden"]) != len(h["cards"]):
                bad(_("{where}.hidden must give one flag per card ({n})"), where=where, n=len(h["cards"]))
            if h["stake"] and not lo <= h["stake"] <= hi:
                bad(_("{where}.stake={stake} is outside the stakes {low}-{high}"), where=where, stake=h["stake"],
                    low=lo, high=hi)
            if h["declare"] is not None and h["declare"] not in matta_values:
                bad(_("{where}.declare={value} is not a value the matta may take under these rules"), where=where,
                    value=shown(h["declare"]))
    cards = list(d["stock"]) + list(d["discards"])
    if phase in ("stake", "players", "bank"):
        cards += [c for hands in d["hands"] for h in hands for c in h["cards"]]
    if sorted(cards) != list(range(40)):
        twice = sorted({FULL_DECK[c].name() for c in cards if cards.count(c) > 1})
        missing = sorted(FULL_DECK[c].name() for c in set(range(40)) - set(cards))
        parts = ([_("twice: {cards}").format(cards=", ".join(twice))] if twice else []) + \
            ([_("missing: {cards}").format(cards=", ".join(missing))] if missing else [])
        bad(_("the cards are not one deck of 40, each in one place: {problems}"), problems="; ".join(parts))

