"""The Sette e mezzo table: 2-12 seats, stakes, the bank and bank passing (docs/rules.md S7-S23).

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
>>> t = Table("italian", players=["A", "B", "C"], seed=7, bots="all")
>>> r = t.play_round()
>>> sum(t.bankrolls) == 300 and t.phase == "settled"
True
>>> Table.from_json(t.to_json(), bots="all").to_json() == t.to_json()
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from types import MappingProxyType
from typing import Callable

from .._engine import (Action, Event, Legal, Option, Seats, event_from_json, event_to_json, how_picked,
                       read_action, rng_from_json, rng_to_json, seat_names, top_cards)
from ... import fmt
from ...cards import FULL_DECK, Card, Rank, card_in_text, cards_in_text
from ..._checks import read_seed
from ...errors import IllegalMove, SetteKitError
from ...i18n import _, ngettext
from ...numbers import MAX_MONEY, read_number, read_whole, shown
from .bots import default as _default_bot
from .rules import SUIT_PRIORITY, Rules, as_rules
from .saves import TableSaves
from .scoring import SETTE_E_MEZZO, Score, cached_score, fmt_points, outcome
from .views import (ACTIONS, MAX_ROUND_ACTIONS, MAX_SEATS, MIN_SEATS, PHASES, HandView, Phase, RoundResult, TableView,
                    _BANKER_DRAWN, _Hand, _NEW_DECK)

__all__ = ["Table", "TableView", "HandView", "Event", "Legal", "Option", "RoundResult",
           "PHASES", "ACTIONS", "MIN_SEATS", "MAX_SEATS",
           "event_to_json", "event_from_json", "rng_to_json", "rng_from_json"]

_PARAMS = {"stake": ("amount",), "split": ("amount",), "declare": ("value",)}
MAX_BOT_ACTIONS = 2_000
"""The most actions :meth:`Table.play_bots` lets the bots take in one call (a round takes
a few dozen; only a bot that never ends its turn comes near it)."""


# ---------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------

class Table(TableSaves, Seats):
    """A Sette e mezzo table of 2-12 seats (S7).  Design notes: :mod:`sette_kit.games.sette`.

    ``rules`` is a :class:`~sette_kit.rules.Rules` or a preset name; ``players`` the
    names in seat order (or a number of seats); ``bankrolls`` one int for everybody, a
    list, or a dict by name; ``seed`` drives the draw for the first banker (S7) and every
    shuffle; ``bots`` maps seats or names to policies (``"all"``: every seat plays
    :attr:`default_bot`, :func:`~sette_kit.games.sette.bots.default` unless a subclass
    names another); ``banker`` and ``deck`` (cards on top of the first
    deck, top first) script a game for a lesson or a test.
    """

    default_bot: Callable[[], Callable] = staticmethod(_default_bot)
    """The factory of the bot ``bots="all"`` seats (:func:`~sette_kit.games.sette.bots.default`)."""

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
        self._dropped = 0  # events no longer kept (a table loaded from a save)
        self.round = 0
        self.phase: Phase = "ready"
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
        self._attach_bots(bots, self.default_bot)

    # -- rounds -------------------------------------------------------------------------
    def new_round(self) -> None:
        """Start the next round: stakes and deal in the order of S8-S9."""
        if self.in_progress:
            assert self.to_act is not None  # a round in progress has a seat to act
            raise IllegalMove(_("round {round} is still being played ({phase} phase, {name} to act)").format(
                round=self.round, phase=self.phase, name=self.names[self.to_act]))
        worst = self._worst()
        b, n = self.banker, self.n_seats
        seats = [(b + k) % n for k in range(1, n)]
        order = [s for s in seats if self._bankrolls[s] // worst >= self.min_stake]
        if not order:
            raise IllegalMove(_("no player can cover the minimum stake of {stake}: the game is over").format(
                stake=self.min_stake))
        # a save keeps the state the round starts from and the round's actions, and
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
        assert seat is not None  # a seat is to act in this phase
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
            # ever: a round offers it only within MAX_ROUND_ACTIONS actions
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
    def act(self, action: Action | str, seat: int | str | None = None, **params) -> None:
        """Perform ``action`` (a typed :class:`~sette_kit.games.Action`, or a name and its
        parameters) for the seat to act (S9-S23).  Illegal -> IllegalMove, no change.

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
        if isinstance(action, Action):
            typed, (action, params) = action, read_action(action, params)
            if action == "declare":
                params.setdefault("value", typed.value)  # Action("declare"): the automatic value (S4)
        if not isinstance(action, str):
            raise IllegalMove(_("the action must be a name such as 'hit', not {value}: the actions are {actions}")
                              .format(value=shown(action), actions=", ".join(ACTIONS)))
        if not self.in_progress:
            raise IllegalMove(_("no round is in progress: call new_round() to deal the next hand"))
        actor = self.to_act
        assert actor is not None  # a round in progress has a seat to act
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
                try:  # size and form checked before it becomes a Fraction
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
            # a declaration right after another of the same hand replaces it (its
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
        SetteKitError after ``max_actions`` actions, the table as those actions
        left it."""
        max_actions = read_whole(max_actions, "max_actions", 1, 10 ** 9, text=False)
        count = 0
        while self.in_progress:
            seat = self.to_act
            assert seat is not None  # a seat is to act in this phase
            policy = self._bots.get(seat)
            if policy is None:
                break
            if count >= max_actions:
                raise SetteKitError(_("the bots played {n} actions in this round without ending it or reaching a "
                                      "human's turn; stopping (max_actions={n})").format(n=max_actions))
            action, params = _bot_choice(seat, policy(self.view(seat)))
            self.act(action, **params)
            count += 1
        return count

    def play_round(self, max_actions: int = MAX_BOT_ACTIONS) -> RoundResult:
        """Play one whole round with the bots (starting it if needed) and return its result."""
        if not self.in_progress:
            self.new_round()
        self.play_bots(max_actions)
        if self.in_progress:
            assert self.to_act is not None  # a round in progress has a seat to act
            raise SetteKitError(_("{name} (seat {seat}) is not a bot: play_round needs bots at every seat to act")
                                .format(name=self.names[self.to_act], seat=self.to_act))
        assert self.last_result is not None  # the round just settled
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
            sc = h._sc = cached_score(tuple(h.cards), self.rules, h.declare, h.half_ace)
        return sc

    # -- events ---------------------------------------------------------------------------
    def _log(self, kind, seat, data, text, private=False) -> None:
        self._events.append(Event(kind, seat, MappingProxyType(data), text, self.round, private))

    def _cname(self, card: Card) -> str:
        return card_in_text(card, self.rules.face)  # in a sentence: with its article

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
    """A policy's answer as (action, params): a typed Action, a name, or a pair (name, {params})."""
    if isinstance(choice, (str, Action)):
        return choice, {}
    if isinstance(choice, tuple) and len(choice) == 2 and isinstance(choice[0], str) and \
            (choice[1] is None or isinstance(choice[1], dict)):
        return choice[0], dict(choice[1] or {})
    raise SetteKitError(_("the bot at seat {seat} returned {choice}: a policy returns an action name such as "
                          "'hit', or a pair such as ('stake', {{'amount': 2}})").format(seat=seat, choice=shown(choice)))


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _read_bankrolls(bankrolls, names) -> list:
    """``bankrolls=`` of :class:`Table`: one amount for everybody, a list in seat order or a
    dict by name; whole units from 0 to MAX_MONEY."""
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

