"""The Trentuno engine (docs/rules.md T1-T7, T9): :class:`TrentunoGame`, a full game with
lives, knocking and the pot, and :class:`TrentunoView`, what one seat may see.

The game follows the kit's one engine protocol (:class:`~sette_kit.games.Engine`):
``legal_actions()`` is a :class:`~sette_kit.games.Legal` mapping (``discard`` with the cards
that may be thrown, T5), ``act()`` takes a typed :class:`~sette_kit.games.Action` or a move's
name and its ``card=``, ``play_bots(max_actions=n)`` never plays more than ``n`` actions, and
``to_json()``/``from_json()`` save and restore a game exactly (:mod:`.saves`).  The dealing
and the arranged tables are in :mod:`.deal`; the precise reading of each rule is in the
package's docstring (:mod:`sette_kit.games.trentuno`).
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Callable, Literal, Mapping, NamedTuple, Sequence

from ..._checks import read_bots, read_seed
from ..._saves import MAX_SAVE_CHARS
from ...cards import FULL_DECK, Card, card_in_text, parse_card
from ...errors import IllegalMove, SetteKitError
from ...i18n import _, ngettext
from ...numbers import read_whole, shown
from .._engine import Action, Event, Legal, Option, play_bots_within, read_action, seat_names
from .bots import Greedy
from .deal import Dealing
from .explain import _and
from .rules import ACTIONS, MAX_PLAYERS, MIN_PLAYERS, TrentunoRules, _rules
from .saves import load_game, save_game
from .scoring import _SORT_KEY, TrentunoScore, _ix, _points, _score_idx, score

__all__ = ["TrentunoView", "TrentunoGame"]

Phase = Literal["draw", "discard", "hand_over", "game_over"]
"""A Trentuno game's phase (``TrentunoGame.phase``)."""


class TrentunoView(NamedTuple):
    """What one seat may see: its own hand, the top of the discard pile, sizes, lives, pot.

    A widget can render the whole table from this and :attr:`TrentunoGame.events`.
    ``legal`` is the tuple of legal :class:`~sette_kit.games.Action` if this seat is to
    act, else (): the same actions, in the same order, as the game's
    ``legal_actions().actions()`` (the :class:`~sette_kit.games.Legal` mapping, one by one).
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
    phase: Phase
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
    def names(self) -> tuple:
        """The players' names in seat order (``players``, as every engine's view calls them)."""
        return self.players

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat


_KNOCK = Action("knock")
_DRAW_STOCK = Action("draw_stock")
_TAKE_DISCARD = Action("take_discard")
_NEXT_HAND = Action("next_hand")
_DISCARD = tuple(Action("discard", c) for c in FULL_DECK)


class TrentunoGame(Dealing):
    """A game of Trentuno for 2-12 players (T1-T7, T9).  See the package docstring.

    ``players``: a list of names or a number of players (``players`` and ``names`` are
    the names in seat order).  ``bots``: a dict seat (or name) -> policy, or ``"all"`` (a
    :class:`~sette_kit.games.trentuno.bots.Greedy` at every seat); a policy is any callable
    ``policy(view) -> (action, params)`` (or an :class:`Action`).  ``seed``: an int (a fresh one is drawn when None and kept, so the
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
        self.players = self.names = players
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
        self._events: list[Event] = []
        self.history: list[tuple[str, int | None]] = []
        self.hand_number = 0
        self.phase: Phase = "draw"
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

    # -- public read-only facts --------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the game, in order (public facts only: a stock card is never
        named).  ``kind`` is one of: cut_for_dealer, dealer, arranged, shuffle, cut, deal,
        turn_up, draw_stock, take_discard, discard, knock, restock, thirty_one, redeal,
        showdown, lowest, lose_life, eliminated, hand_over, game_over; ``round`` is the hand
        number; ``data`` is a read-only mapping; ``text`` is plain English."""
        return tuple(self._events)

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

    def set_bots(self, bots: Mapping | str | None) -> None:
        """Seat bots: a dict seat or player name -> policy, or ``"all"`` (a :class:`Greedy`
        at every seat); replaces earlier bots."""
        if isinstance(bots, str) and bots == "all":
            bots = {s: Greedy() for s in range(len(self.players))}
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
        self._events.append(Event(kind, seat, MappingProxyType(data), text, self.hand_number))

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

    def legal_actions(self) -> Legal:
        """The legal moves now, for the seat :attr:`to_act` (``next_hand`` between hands;
        empty when the game is over): a :class:`~sette_kit.games.Legal` mapping of move
        name -> :class:`~sette_kit.games.Option`, ``discard`` with ``values`` the cards that
        may be thrown (not the card just taken from the discard pile, T5).
        ``legal_actions().actions()`` are the concrete :class:`Action` values, the same
        tuple as the seat's ``view().legal``; ``Action(...) in legal_actions()`` checks one.

        >>> g = TrentunoGame(["Ada", "Bruno"], seed=1)
        >>> g.legal_actions(), g.legal_actions().actions()
        (Legal(draw_stock, take_discard), (Action('draw_stock'), Action('take_discard')))
        >>> g.act("take_discard"); legal = g.legal_actions(); legal
        Legal(discard(values=4 di coppe, 6 di coppe, Fante di bastoni))
        >>> legal.actions() == g.view(g.to_act).legal, Action("discard", g.hand_of(g.to_act)[0]) in legal
        (True, True)
        """
        legal = self._legal()
        cards = tuple(a.card for a in legal if a.name == "discard")
        return Legal([Option(a.name, values=cards) if a.name == "discard" else Option(a.name)
                      for a in legal if a.name != "discard" or a.card is cards[0]])

    def _legal(self) -> tuple[Action, ...]:
        """The legal moves as concrete actions (hot code: views, bots, act)."""
        ph = self.phase
        if ph == "game_over":
            return ()
        if ph == "hand_over":
            return (_NEXT_HAND,)
        seat = self.to_act
        assert seat is not None  # a seat is to act in this phase
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
        (the widget says it in the second person, with its own words for the moves).

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
            if card is None and not params and action in self._legal():  # fast path (bots)
                self.history.append((action.name, _ix(action.card) if action.card is not None else None))
                getattr(self, "_do_" + action.name)(action.card)
                return
            action, params = read_action(action, params if card is None else dict(params, card=card))
            card = params.pop("card", None)
        if params:
            raise SetteKitError(_("unknown parameter(s) {names}: accepted card=").format(names=", ".join(sorted(params))))
        if action not in ACTIONS:
            raise IllegalMove(_("unknown action {action}: accepted {actions}").format(action=shown(action),
                                                                                   actions=", ".join(ACTIONS)))
        legal = self._legal()
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
        assert seat is not None  # a seat is to act in this phase
        self.hands[seat].append(self.stock.pop())
        self._log("draw_stock", seat, _("{name} draws from the stock.").format(name=self.players[seat]),
                  stock=len(self.stock))
        self._after_draw(seat)

    def _do_take_discard(self, _card) -> None:
        seat = self.to_act
        assert seat is not None  # a seat is to act in this phase
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
        assert seat is not None  # a seat is to act in this phase
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
        assert seat is not None  # a seat is to act in this phase
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
            pending_discard=pend, legal=self._legal() if self.to_act == seat else (),
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
        and at the end of the game.  Returns the number of actions played, never more than
        ``max_actions``: when the bots would need more, SetteKitError, the game as those
        actions left it (it saves and plays on).

        >>> g = TrentunoGame(["Ada", "Bruno", "Carla"], seed=7, bots={2: Greedy()})
        >>> g.players[g.to_act], g.play_bots(max_actions=2), g.players[g.to_act]
        ('Carla', 2, 'Ada')
        >>> h = TrentunoGame(["Ada", "Bruno", "Carla"], seed=7, bots={2: Greedy()})
        >>> h.play_bots(max_actions=1)
        Traceback (most recent call last):
        ...
        sette_kit.errors.SetteKitError: the bots played 1 actions without a human turn; stopping
        >>> h.phase, h.players[h.to_act]
        ('discard', 'Carla')
        """
        max_actions = read_whole(max_actions, "max_actions", 0, 10 ** 9, text=False)
        return play_bots_within(self._bot_to_act, lambda seat: self.act(self._bot_action(seat)), max_actions,
                                _("the bots played {n} actions without a human turn; stopping").format(n=max_actions))

    def _bot_to_act(self) -> int | None:
        """The bot seat to act now, None when a human is to act or the hand is over."""
        seat = self.to_act
        return seat if self.phase in ("draw", "discard") and seat in self.bots else None

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
                if total >= max_actions:
                    raise SetteKitError(_("no winner after {n} actions; stopping").format(n=max_actions))
                self.act("next_hand")
                total += 1
            total += self.play_bots(max_actions - total)  # SetteKitError when the bots need more
        return self.winner

    # -- invariants (used by the tests) ------------------------------------------------
    def card_count(self) -> int:
        """Cards in hands + stock + discard pile: always 40."""
        return (sum(map(len, self.hands)) + len(self.stock) + len(self.discard_pile)
                + (1 if self._pending >= 0 else 0))

    # -- save / load (.saves) -----------------------------------------------------------
    def _snapshot(self) -> dict:
        return {"lives": list(self.lives), "pot": self.pot, "dealer": self.dealer, "phase": self.phase,
                "to_act": self.to_act, "hand_number": self.hand_number, "winner": self.winner,
                "hands": [list(h) for h in self.hands], "stock": list(self.stock),
                "discard_pile": list(self.discard_pile), "knocker": self.knocker,
                "pending": self._pending, "taken": self._taken, "events": len(self._events)}

    def to_json(self) -> str:
        """The game as JSON: players, rules, seed and the actions played, with a snapshot of
        the state that :meth:`from_json` checks after replaying them (RNG included)."""
        return save_game(self)

    @classmethod
    def from_json(cls, text: str, bots: Mapping | str | None = None, *,
                  max_chars: int = MAX_SAVE_CHARS) -> "TrentunoGame":
        """Rebuild a game saved by :meth:`to_json`, with the exact same state and RNG;
        ``bots`` as in :meth:`set_bots` (``"all"`` included).

        The text is untrusted: it is refused unread above ``max_chars``,
        every field is checked against the save's schema (a SetteKitError names the
        field), then the actions are replayed, each checked as a move, and the state
        reached must be the state saved.

        >>> TrentunoGame.from_json("null")
        Traceback (most recent call last):
        ...
        sette_kit.errors.SetteKitError: not a saved Trentuno game (format should be 'sette-kit/trentuno')
        """
        return load_game(cls, text, bots, max_chars)

    def __repr__(self) -> str:
        return (f"<TrentunoGame hand {self.hand_number}, {self.phase}, lives {self.lives}, pot {self.pot}"
                + (f", winner {self.players[self.winner]}>" if self.winner is not None else ">"))
