"""The words and values of a Sette e mezzo table (S7-S23): its phases, actions and hand
statuses (the saved form is written in them), the immutable views a seat gets
(:class:`TableView`, :class:`HandView`), what a round returns (:class:`RoundResult`), and
the mutable state of one hand that :class:`~sette_kit.games.sette.engine.Table` keeps.

Imports nothing of the engine, so the engine (:mod:`.engine`) and its saves (:mod:`.saves`)
both build on it.

>>> RoundResult(1, 0, (2, -2), 0, ()).results
(2, -2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, NamedTuple

from ...cards import FULL_DECK
from ...i18n import N_
from .._engine import HandCards, Legal, SeatView
from .rules import Rules
from .scoring import Score

__all__ = ["HandView", "TableView", "RoundResult", "PHASES", "ACTIONS", "HAND_STATUSES", "MIN_SEATS", "MAX_SEATS",
           "MAX_ROUND_ACTIONS"]

Phase = Literal["ready", "stake", "players", "bank", "settled"]
"""A Sette e mezzo table's phase (``Table.phase``)."""
PHASES: tuple[Phase, ...] = ("ready", "stake", "players", "bank", "settled")
ActionName = Literal["stake", "hit", "stand", "hit_face_down", "split", "burn", "exchange", "half_ace", "declare"]
"""The name of an action at a Sette e mezzo table."""
ACTIONS: tuple[ActionName, ...] = ("stake", "hit", "stand", "hit_face_down", "split", "burn", "exchange", "half_ace",
                                   "declare")
HAND_STATUSES = ("playing", "stood", "sette_e_mezzo", "bust")
MIN_SEATS, MAX_SEATS = 2, 12  # S7
MAX_ROUND_ACTIONS = 500
"""The actions a round records for its save: a round of 12 seats takes about a
hundred; past this many, burning a card (S19, the only action that can repeat for ever)
is no longer offered, so a round, and its save, stays bounded."""
_BANKER_DRAWN = N_("{name} is the first banker ({how}, S7).")  # the two events a new table logs
_NEW_DECK = N_("{name} shuffles a fresh deck of 40 cards (S18).")


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
    declare: Fraction | None
    result: int | None
    _sc: Score | None
    _views: list[HandView | None]

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
