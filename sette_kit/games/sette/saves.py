"""Saving and loading a Sette e mezzo table: the saved form
(``sette-kit/table/3``), its schema, the checks that tie its fields together, and
:class:`TableSaves`, the half of :class:`~sette_kit.games.sette.engine.Table` that writes
and reads it (``to_json`` / ``from_json``).

A save is untrusted text: loading checks its size, then every field against a schema, then
the fields against each other (one deck of 40 cards, unique names, the money the game
started with), then plays the current round again from the state it started from
(``start``, kept with the round's ``actions``) and compares every field, so a save holds
only a state the engine reaches; it names the field that is wrong.  Of the event log a
save keeps the current round and the latest whole rounds, up to :data:`MAX_SAVED_EVENTS`
events.

Imports nothing of the engine: the engine builds its ``Table`` on :class:`TableSaves`.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Callable

from ..._saves import (IDENT, MAX_SAVE_CHARS, RNG_STATE as RNG_STATE_SCHEMA, Bad, Bool, CardIndex, Choice, Dict,
                       EventData, Int, List, Name, Obj, Opt, Str, Tuple, build_options, event_schema,
                       first_difference, rng_state, validate)
from .._engine import (event_to_json, how_picked, loaded, replay_difference, rng_to_json, saved_dict, saved_events,
                       with_matta_card)
from ... import fmt
from ...cards import FULL_DECK, Card
from ...errors import IllegalMove, SetteKitError
from ...i18n import N_, _, language
from ...numbers import MAX_MONEY, shown
from .rules import Rules
from .views import (ACTIONS, HAND_STATUSES, MAX_ROUND_ACTIONS, MAX_SEATS, MIN_SEATS, PHASES, _BANKER_DRAWN,
                    _NEW_DECK)

if TYPE_CHECKING:  # pragma: no cover
    from .._engine import Action, Event
    from .views import Phase, RoundResult, _Hand

__all__ = ["TableSaves", "MAX_SAVED_EVENTS"]

_FORMAT = "sette-kit/table/3"
_OLD_FORMATS = ("sette-kit/table/1", "sette-kit/table/2")  # no record of the round's actions: refused
_SAVE_ORDER = ("names", "rules", "money", "min_stake", "max_stake", "round", "banker", "bankrolls", "phase",
               "order", "pos", "hidx", "hands", "stock", "discards", "ran_out", "rng", "events", "round_start",
               "dropped", "start", "actions")
"""The fields a loaded save is compared by, in this order (the first that differs is named)."""
_WHAT = N_("the saved table")  # translated where shown: _(_WHAT)
MAX_SAVED_EVENTS = 500
"""A save keeps the current round's events and those of the latest whole rounds, up to
this many events in all."""


class TableSaves:
    """``to_json`` and ``from_json`` of the Sette e mezzo ``Table`` (a mixin: it reads and
    builds the table's state; the table's ``new_round``, ``act`` and ``check`` replay and
    check a loaded round)."""

    if TYPE_CHECKING:  # pragma: no cover
        # the table's state the mixin reads and builds (set in Table.__init__, for the type checker)
        rules: Rules
        names: tuple[str, ...]
        min_stake: int
        max_stake: int
        round: int
        banker: int
        phase: Phase
        last_result: RoundResult | None
        _bankrolls: list[int]
        _money: int
        _rng: random.Random
        _bots: dict[int, Callable]
        _events: list[Event]
        _round_start: int
        _dropped: int
        _hands: list[list[_Hand]]
        _order: list[int]
        _pos: int
        _hidx: int
        _ran_out: bool
        _stock: list[Card]
        _discards: list[Card]
        _start: dict | None
        _actions: list
        _declared: tuple[tuple[str, int, int], int, int, int] | None

        def attach_bots(self, bots) -> None: ...
        def new_round(self) -> None: ...
        def act(self, action: Action | str, seat: int | str | None = None, **params) -> None: ...
        def check(self) -> None: ...

    def to_json(self) -> str:
        """The whole state as JSON text (policies are not saved: re-attach them on load).

        What a save keeps: everything needed to go on exactly as this table
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
    def from_json(cls, text: str, bots=None, *, max_chars: int = MAX_SAVE_CHARS) -> "TableSaves":
        """Load a table saved with :meth:`to_json`; ``bots`` re-attaches the policies.

        The text is untrusted: text longer than ``max_chars`` is
        refused unread, then every field is checked against the save's schema and the
        fields against each other (one deck of 40 cards, unique names, the money the game
        started with, whose turn it is); then the current round is played again from the
        state it started from (``start``), action by action (``actions``), each checked as
        a move, and the state reached must be the state saved.  So a save holds only a
        state the engine can reach: no bankroll of -50 in play, no stake 0, no hand marked
        bust that is not, no turn skipped.  Anything wrong is a SetteKitError that names
        the field.  The formats before ``sette-kit/table/3`` kept no record to check a
        round by and are no longer read.

        >>> from sette_kit.games.sette.engine import Table
        >>> t = Table("plain", ["Ada", "Bo"], seed=1, bots="all"); _ = t.play_round()
        >>> bad = t.to_json().replace('"money":200', '"money":300')
        >>> Table.from_json(bad)
        Traceback (most recent call last):
        ...
        sette_kit.errors.SetteKitError: cannot load the saved table: bankrolls add up to 200, but the game started with 300 (money only moves between the players and the bank)
        """
        what = _(_WHAT)
        d = saved_dict(text, what, max_chars, _FORMAT, _OLD_FORMATS,
                       _("cannot load {what}: it was saved in the earlier format {format}, which keeps no "
                         "record of the round's actions to check it by; it is no longer read"),
                       _("not a saved sette-kit table: expected the text of Table.to_json()"))
        validate(_table_schema(), d, what)
        rules = build_options(Rules, d["rules"], what, _rules_args)
        _check_saved(d, rules)
        try:
            rng_state(d["rng"])  # named here, before the replay compares it
        except Bad as bad:
            raise bad.error(what) from None
        events = saved_events(d["events"], what)
        t = cls._replayed(d, rules, events, what)
        got = json.loads(t.to_json())
        if d["round"] == 0:
            key = first_difference(got, d, _SAVE_ORDER) or _opening_difference(d)
        else:
            key = replay_difference(d, got, _SAVE_ORDER, lambda: cls._replayed(d, rules, events, what))
        if key is not None:
            raise SetteKitError(_("cannot load {what}: {field} is not what the round's actions give, played "
                                  "again from the state the round started from (the save was edited or is "
                                  "corrupt)").format(what=what, field=key))
        return loaded(t, events, bots, what, _("cannot load {what}: {error}"))

    @classmethod
    def _replayed(cls, d: dict, rules: Rules, events: list, what: str) -> "TableSaves":
        """The table the save describes, built the way the engine builds it: the state the
        current round started from, then ``new_round`` and the round's actions."""
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


def _rules_to_dict(r: Rules) -> dict:
    from dataclasses import fields

    out = {}
    for f in fields(r):
        v = getattr(r, f.name)
        out[f.name] = v.index if isinstance(v, Card) else v
    return out


def _rules_args(d: dict) -> dict:
    return with_matta_card(d, _("matta={value} must be a card index 0-39 or null"))


def _table_schema() -> Obj:
    """The fields of a saved table (format 2) and their types and ranges."""
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
        # the state the current round started from, and the round's actions
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
    from ...i18n import LANGUAGES

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
    bankrolls the constructor accepts and an untouched deck."""
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
