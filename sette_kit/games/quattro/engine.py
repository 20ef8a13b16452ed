"""The Quattro e mezzo table: :class:`QuattroGame` and its views (Q1-Q6, S2, S7, S8, S10, S17, S18 of ``docs/rules.md``).

A game for 3-8 players to a target of points (Q6): the first dealer drawn by lot (S7),
one card face down to each, the dealer last (S8), each player drawing until he stands at
4½ or more (Q2), busts (S2, S10), makes 7½, a double six (Q3) or a mega 4½ (Q4); the
showdown (:func:`~.showdown.showdown`), the points (Q6) and the deal (Q5, S17, S18).
:class:`QuattroView` / :class:`QuattroHandView` are what one seat may see.  The game is
an :class:`~sette_kit.games.Engine`: ``act()`` takes a typed
:class:`~sette_kit.games.Action` or an action name.  Saving and loading live in
:mod:`.saves`; the default bot (``QuattroGame.default_bot``) is given by the package, so
the engine never imports the bots.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Callable, Literal

from ..._checks import read_seed
from ..._saves import MAX_SAVE_CHARS
from ...cards import FULL_DECK, Card, Deck, Rank, card_in_text, parse_cards  # noqa: F401 (parse_cards: doctests)
from ...errors import IllegalMove, SetteKitError
from ...i18n import _, ngettext, pgettext
from ...numbers import read_whole, shown
from ...scoring import card_value, fmt_points
from .._engine import (Action, Event, HandCards, Legal, Option, SeatView, Seats, play_bots_within, read_action,
                       rng_to_json, seat_names, top_cards)
from .rules import ACTIONS, HALF, MAX_PLAYERS, MIN_PLAYERS, SEVEN_AND_HALF, QuattroRules, as_rules
from .saves import load, save_text
from .scoring import QuattroScore, _cached_score
from .showdown import HandResult, showdown

__all__ = ["QuattroGame", "QuattroView", "QuattroHandView"]

Phase = Literal["play", "hand_over", "game_over"]
"""A Quattro e mezzo game's phase (``QuattroGame.phase``)."""

def _action_word(action: str) -> str:
    """An action's name as a learner reads it (the id itself in English)."""
    words = {"draw": lambda: pgettext("quattro action", "draw"),
             "stand": lambda: pgettext("quattro action", "stand"),
             "double_six": lambda: pgettext("quattro action", "double_six"),
             "next_hand": lambda: pgettext("quattro action", "next_hand")}
    return words[action]() if action in words else str(action)


_CUT_RANK = {0: 0}  # the cut for the deal (Q4 reading): figures lowest, then Ace ... 7


@dataclass(frozen=True)
class QuattroHandView(HandCards):
    """One seat's hand as a viewer sees it.  ``cards`` holds None for a card hidden from
    the viewer; ``score`` is None unless the viewer sees every card.  ``status`` is
    'waiting', 'playing', 'stood', 'bust', 'double_six', 'mega' or 'out' (no hand yet);
    ``declared`` the declared hand ('4½', '7½', 'double six', 'mega 4½') or None (Q2, Q3)."""

    cards: tuple
    status: str
    declared: str | None
    double_six_declared: bool
    score: QuattroScore | None


@dataclass(frozen=True)
class QuattroView(SeatView):
    """The table as one seat may see it.  A widget can draw everything from this and
    :attr:`QuattroGame.events` (or :attr:`QuattroView.events`, redacted for this seat)."""

    seat: int
    names: tuple
    rules: QuattroRules
    hand_number: int
    phase: Phase
    to_act: int | None
    dealer: int
    order: tuple  # this hand's playing order, the dealer last (S8)
    points: tuple  # the game score of every seat (Q6)
    target: int
    hands: tuple  # per seat: QuattroHandView
    legal: Legal | None  # this seat's legal actions if it is to act
    deck_left: int
    last_result: HandResult | None
    winners: tuple
    _events: tuple = field(repr=False, default=())

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def hand(self) -> QuattroHandView:
        return self.hands[self.seat]

    @property
    def score(self) -> QuattroScore | None:
        return self.hands[self.seat].score

    def visible_cards(self) -> tuple:
        """Every card this seat can see on the table now (its own included)."""
        return tuple(c for h in self.hands for c in h.cards if c is not None)


class QuattroGame(Seats):
    """A game of Quattro e mezzo for 3-8 players, for points, to a target (Q1-Q6).

    ``players``: names in seat order, or a number of players.  ``rules``: a
    :class:`QuattroRules`.  ``seed``: drives the draw for the first dealer (S7) and every
    shuffle.  ``bots``: ``{seat or name: policy}`` or ``"all"`` (every seat an
    :class:`OddsBot`); a policy is ``policy(view) -> action name``.  ``dealer`` and
    ``deck`` (cards on top of the first deck, top card first) script a game for a lesson
    or a test.  The first hand is dealt at once.

    >>> g = QuattroGame(["Ada", "Bea", "Cy"], seed=1, dealer=0,
    ...                 deck=parse_cards("4c 5d 6s  Fs Ab Fb"))
    >>> g.order, g.to_act, sorted(g.legal_actions())     # Bea (seat 1) has 4: she must draw
    ((1, 2, 0), 1, ['draw'])
    >>> g.act("stand")
    Traceback (most recent call last):
    ...
    sette_kit.errors.IllegalMove: Bea may not stand: 4 is below 4½ and nobody may stop below 4½ (Q2); accepted now: draw
    >>> g.act("draw"); print(g.events[-1].text)
    Bea declares 4½ (Q2).
    >>> g.act("stand"); g.act("stand")          # Bea stands at 4½; Cy stands at a lone 5
    >>> g.act("draw"); g.act("draw")            # the dealer, Ada: 6, 7, then 7½
    >>> print(g.last_result.reason)
    A 5 beats a 4½, whatever else is on the table (Q2).
    >>> g.points, g.dealer                       # Cy scores 2 (Q6) and takes the deal (Q5)
    ((0, 0, 2), 2)
    """

    #: What ``bots="all"`` seats at every seat (called once a seat).  The package sets it to
    #: :class:`~.bots.OddsBot`: the engine does not import the bots (they read its views).
    default_bot: Callable[[], Callable] | None = None

    def __init__(self, players=4, rules: QuattroRules | None = None, seed: int | None = None, bots=None,
                 dealer: int | str | None = None, deck=None) -> None:
        self.rules = as_rules(rules)
        names = seat_names(players, MIN_PLAYERS, MAX_PLAYERS,
                           _("Quattro e mezzo is played by {lo} to {hi} players "
                             "(the Italian encyclopedia article: three or more), got {n}").format(
                               lo=MIN_PLAYERS, hi=MAX_PLAYERS, n="{n}"))
        seed = read_seed(seed)
        self.names = names
        n = len(names)
        self._rng = random.Random(seed)
        self._bots: dict[int, Callable] = {}
        self._events: list[Event] = []
        self._hand_start = 0
        self.hand_number = 0
        self._points = [0] * n
        self.phase: Phase = "hand_over"
        self._hands: list[list[Card]] = [[] for __ in range(n)]
        self._status = ["out"] * n
        self._ds = [False] * n  # Q3: declared a double six
        self._shown = [False] * n  # the first card turned up
        self._order: list[int] = []
        self._pos = 0
        self._ran_out = False
        self._fresh_deck = True
        self._hand_dealer = 0
        self._dropped = 0  # events no longer kept (a game loaded from a save)
        self._awards: list = []  # [hand, seat, points] of every hand won (Q6): what the points are tied to
        self._start: dict | None = None  # the state the current hand started from (a save replays it)
        self._actions: list = []  # the current hand's actions
        self.last_result: HandResult | None = None
        self.winners: tuple = ()
        self.dealer, how = self._first_dealer(dealer)  # S7: the first dealer is drawn by lot
        if how == "drawn by lot":
            text = _("{name} deals first (drawn by lot, S7).")
        else:
            text = _("{name} deals first (chosen, S7).")
        self._log("dealer", self.dealer, {}, text.format(name=names[self.dealer]))
        self._top = top_cards(deck)
        self.attach_bots(bots)
        self._start_hand()

    # -- read-only facts -----------------------------------------------------------------
    @property
    def points(self) -> tuple:
        """Every seat's game score (Q6), a tuple of ints."""
        return tuple(self._points)

    def hand_events(self) -> tuple:
        """The events of the current hand (or of the last one, between hands)."""
        return tuple(self._events[self._hand_start:])

    @property
    def to_act(self) -> int | None:
        return self._order[self._pos] if self.phase == "play" else None

    @property
    def over(self) -> bool:
        return self.phase == "game_over"

    @property
    def winner(self) -> int | None:
        """The winner of the game, if it is over with one winner (see :attr:`winners`)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def order(self) -> tuple:
        return tuple(self._order)

    @property
    def deck_left(self) -> int:
        return len(self._deck)

    def hand_of(self, seat) -> tuple:
        """Every card of a seat's hand (for tests and the teacher's view)."""
        return tuple(self._hands[self._seat_of(seat)])

    def score_of(self, seat) -> QuattroScore | None:
        s = self._seat_of(seat)
        return self._score(s) if self._hands[s] else None

    def attach_bots(self, bots) -> None:
        """Seat policies: ``{seat or name: policy}``, or ``"all"`` for a :attr:`default_bot`
        (an :class:`~.bots.OddsBot`) everywhere."""
        self._attach_bots(bots, type(self).default_bot)

    # -- internals ---------------------------------------------------------------------------
    def _log(self, kind, seat, data, text, private=False) -> None:
        self._events.append(Event(kind, seat, MappingProxyType(dict(data)), text, self.hand_number, private))

    def _cname(self, c: Card) -> str:
        return card_in_text(c, self.rules.face)  # in a sentence: with its article

    def _score(self, seat: int) -> QuattroScore:
        return _cached_score(tuple(self._hands[seat]), self.rules, self._ds[seat])

    # -- the deck (S18) ---------------------------------------------------------------------
    def _new_deck(self) -> None:
        self._deck = Deck(rng=self._rng)  # a fresh shuffled deck of 40 (cards.Deck)
        if self._top:
            top, self._top = self._top, None
            rest = [c for c in self._deck.remaining if c not in set(top)]
            self._deck = Deck(top + rest, rng=self._rng, shuffle=False)
        self._fresh_deck = False
        self._ran_out = False
        self._log("new_deck", self.dealer, {}, _("{name} shuffles a fresh deck of 40 cards (S18).").format(
            name=self.names[self.dealer]))

    def _draw(self) -> Card:
        if not len(self._deck):  # S18: reshuffle the cards that are not on the table
            on_table = {c for h in self._hands for c in h}
            back = [c for c in self._deck.dealt if c not in on_table]
            if not back:  # cannot happen: 40 cards are worth more than any table can hold
                raise SetteKitError(_("no card is left anywhere to draw"))
            self._deck.reshuffle(back)
            self._ran_out = True
            self._log("reshuffled", None, {"cards": len(back)},
                      ngettext("The deck has run out: the {n} card not on the table is shuffled into a "
                               "new deck (S18).",
                               "The deck has run out: the {n} cards not on the table are shuffled into a "
                               "new deck (S18).", len(back)).format(n=len(back)))
        return self._deck.draw()

    # -- a hand ---------------------------------------------------------------------------
    def _start_hand(self) -> None:
        n, d = self.n_seats, self.dealer
        deck = getattr(self, "_deck", None)
        # a save keeps the state the hand starts from and the hand's actions, and
        # loading replays them, so every state a save holds is one the engine reaches
        self._start = {"points": list(self._points), "dealer": d, "hand_number": self.hand_number,
                       "deck": None if deck is None else [c.index for c in deck.remaining],
                       "dealt": None if deck is None else [c.index for c in deck.dealt],
                       "fresh_deck": self._fresh_deck, "ran_out": self._ran_out,
                       "top": None if not self._top else [c.index for c in self._top],
                       "rng": rng_to_json(self._rng.getstate())}
        self._actions = []
        self.hand_number += 1
        self._hand_start = len(self._events)
        if self._fresh_deck:
            self._new_deck()
        self._hand_dealer = d
        self._hands = [[] for __ in range(n)]
        self._status = ["waiting"] * n
        self._ds = [False] * n
        self._shown = [False] * n
        self._order = [(d + k) % n for k in range(1, n)] + [d]  # S8: from the dealer's right, dealer last
        self._pos = 0
        self.last_result = None
        self._log("hand_started", d, {"dealer": d, "order": tuple(self._order), "deck_left": len(self._deck)},
                  ngettext("Hand {number}: {dealer} deals; {players} plays, then the dealer.",
                           "Hand {number}: {dealer} deals; {players} play, then the dealer.",
                           len(self._order) - 1).format(
                      number=self.hand_number, dealer=self.names[d],
                      players=", ".join(self.names[s] for s in self._order[:-1])))
        for s in self._order:  # S8: one card face down to each, the dealer last
            c = self._draw()
            self._hands[s].append(c)
            self._log("dealt", s, {"card": c}, _("{name} is dealt a card face down.").format(name=self.names[s]),
                      private=True)
        self.phase = "play"
        self._status[self._order[0]] = "playing"

    def legal_actions(self) -> Legal:
        """What the seat to act may do now: ``draw``, ``stand`` (only at 4½ or more, Q2),
        ``double_six`` (a first card 6, Q3); between hands only ``next_hand``."""
        if self.phase == "game_over":
            return Legal()
        if self.phase == "hand_over":
            return Legal([Option("next_hand")])
        seat = self.to_act
        assert seat is not None  # a seat is to act in this phase
        out = [Option("draw")]
        if self._score(seat).can_stand:
            out.append(Option("stand"))
        h = self._hands[seat]
        if len(h) == 1 and h[0].rank == Rank.SEI and not self.rules.is_matta(h[0]):
            out.append(Option("double_six"))
        return Legal(out)

    def act(self, action, seat=None, **params) -> None:
        """Play an action for the seat to act: ``"draw"``, ``"stand"``, ``"double_six"`` or,
        between hands, ``"next_hand"``, by name or as a typed :class:`~sette_kit.games.Action`
        (``Action("draw")``).  ``seat=`` (a seat or a name) checks that it is that
        player's turn.  An illegal action raises :class:`~sette_kit.errors.IllegalMove` and
        leaves the game exactly as it was.  No action takes parameters (an
        unknown keyword is an IllegalMove naming it, not a TypeError).

        >>> g = QuattroGame(3, seed=1, dealer=0, deck=parse_cards("4c 5d 6s  Fs"))
        >>> g.act(Action("draw")); g.hand_of(1)
        (Card(4, 'coppe'), Card('Fante', 'spade'))
        >>> g.act(Action("stand", amount=2))
        Traceback (most recent call last):
        ...
        sette_kit.errors.IllegalMove: 'stand' takes no parameters; got 'amount'
        """
        action, params = read_action(action, params)  # a typed Action: its name and parameters
        if params:
            raise IllegalMove(_("{action} takes no parameters; got {extra}").format(
                action=shown(action), extra=", ".join(sorted(map(shown, params)))))
        if isinstance(action, Option):
            action = action.name
        if action not in ACTIONS:
            raise IllegalMove(_("unknown action {action}: accepted {accepted}").format(
                action=shown(action), accepted=", ".join(ACTIONS)))
        legal = self.legal_actions()
        accepted = ", ".join(_action_word(a) for a in legal) or _("nothing (the game is over)")
        if seat is not None:
            s = self._seat_of(seat)
            if s != self.to_act:
                if self.to_act is not None:
                    msg = _("{name} may not act now: it is {player}'s turn; accepted now: {accepted}")
                else:
                    msg = _("{name} may not act now: nobody is to act; accepted now: {accepted}")
                raise IllegalMove(msg.format(name=self.names[s], player=self.names[self.to_act]
                                             if self.to_act is not None else "", accepted=accepted))
        if action not in legal:
            who = self.names[self.to_act] if self.to_act is not None else ""
            if self.phase == "game_over":
                why = _("the game is over")
            elif action == "next_hand":
                why = _("the hand is not over")
            elif self.phase == "hand_over":
                why = _("the hand is over: start the next one")
            elif action == "stand":
                sc = self._score(self.to_act)
                why = _("{total} is below 4½ and nobody may stop below 4½ (Q2)").format(total=fmt_points(sc.total))
            else:  # double_six
                h = self._hands[self.to_act]
                why = (_("only a player whose first card is a 6 may declare a double six, before drawing (Q3)")
                       if len(h) == 1 else _("a double six is declared on the first card only, before drawing (Q3)"))
            if self.to_act is not None:
                lead = {"draw": lambda: _("{who} may not draw"), "stand": lambda: _("{who} may not stand"),
                        "double_six": lambda: _("{who} may not double six"),
                        "next_hand": lambda: _("{who} may not next hand")}[action]()
            else:
                lead = {"draw": lambda: _("no one may draw now"), "stand": lambda: _("no one may stand now"),
                        "double_six": lambda: _("no one may double six now"),
                        "next_hand": lambda: _("no one may next hand now")}[action]()
            raise IllegalMove(_("{lead}: {why}; accepted now: {accepted}").format(
                lead=lead.format(who=who), why=why, accepted=accepted))
        getattr(self, "_do_" + action)()
        if action != "next_hand":  # next_hand starts a hand: its start is the save's "start"
            self._actions.append(action)

    def draw(self) -> None:
        self.act("draw")

    def stand(self) -> None:
        self.act("stand")

    def double_six(self) -> None:
        self.act("double_six")

    def next_hand(self) -> None:
        self.act("next_hand")

    def _do_next_hand(self) -> None:
        self._start_hand()

    def _do_double_six(self) -> None:
        seat = self.to_act
        assert seat is not None  # a seat is to act in this phase
        self._ds[seat] = True
        self._shown[seat] = True
        c = self._hands[seat][0]
        self._log("double_six_declared", seat, {"card": c},
                  _("{name} shows a first card {card} and declares a double six (Q3).").format(
                      name=self.names[seat], card=self._cname(c)))
        self._do_draw()

    def _do_draw(self) -> None:
        seat = self.to_act
        assert seat is not None  # a seat is to act in this phase
        c = self._draw()
        self._hands[seat].append(c)
        sc = self._score(seat)
        self._log("drew", seat, {"card": c, "n_cards": len(self._hands[seat])},
                  _("{name} draws {card}.").format(name=self.names[seat], card=self._cname(c)))
        if sc.kind == "double_six":
            self._status[seat] = "double_six"
            self._log("double_six", seat, {"points": sc.points},
                      (_("{name} makes a double six with the matta! (Q3)") if sc.with_matta
                       else _("{name} makes a double six! (Q3)")).format(name=self.names[seat]))
            self._end_turn()
        elif sc.kind == "mega":
            self._status[seat] = "mega"
            self._log("mega", seat, {}, _("{name} makes 4½ with nine cards: a mega 4½, which wins "
                                          "the whole game at once (Q4).").format(name=self.names[seat]))
            self._reveal(seat)
            self._finish_hand()
        elif sc.bust:
            self._status[seat] = "bust"
            self._log("bust", seat, {"total": sc.total},
                      _("{name} goes over 7½ and is bust ({total}, S2, S10).").format(
                          name=self.names[seat], total=fmt_points(sc.total)))
            self._reveal(seat)
            self._end_turn()
        elif sc.kind == "seven_and_half" and self._min_total(seat) >= SEVEN_AND_HALF:
            self._status[seat] = "stood"
            self._log("declared", seat, {"hand": "7½"},
                      _("{name} declares 7½ (Q2) and shows the hand: any card would bust it.").format(
                          name=self.names[seat]))
            self._reveal(seat)
            self._end_turn()
        elif sc.kind in ("four_and_half", "seven_and_half"):
            self._log("declared", seat, {"hand": sc.name}, _("{name} declares {hand} (Q2).").format(
                name=self.names[seat], hand=sc.label))

    def _min_total(self, seat: int) -> Fraction:
        return sum((HALF if self.rules.is_matta(c) else card_value(c) for c in self._hands[seat]), Fraction(0))

    def _do_stand(self) -> None:
        seat = self.to_act
        assert seat is not None  # a seat is to act in this phase
        sc = self._score(seat)
        self._status[seat] = "stood"
        n = len(self._hands[seat])
        if sc.kind in ("four_and_half", "seven_and_half"):
            text = ngettext("{name} stands with {n} card and declares {hand} (Q2).",
                            "{name} stands with {n} cards and declares {hand} (Q2).", n)
        else:
            text = ngettext("{name} stands with {n} card.", "{name} stands with {n} cards.", n)
        self._log("stood", seat, {"n_cards": n}, text.format(name=self.names[seat], n=n, hand=sc.label))
        self._end_turn()

    def _reveal(self, seat: int) -> None:
        if not self._shown[seat]:
            self._shown[seat] = True
            c = self._hands[seat][0]
            self._log("revealed", seat, {"card": c}, _("{name} turns up {card}.").format(name=self.names[seat],
                                                                                           card=self._cname(c)))

    def _end_turn(self) -> None:
        self._pos += 1
        if self._pos < len(self._order):
            self._status[self._order[self._pos]] = "playing"
        else:
            self._finish_hand()

    # -- the end of a hand (Q2-Q6, S17) -----------------------------------------------------
    def _finish_hand(self) -> None:
        d = self._hand_dealer
        for s in self._order:
            if self._hands[s]:
                self._reveal(s)
        hands = [tuple(h) if h else None for h in self._hands]
        r = showdown(hands, d, self.rules, double_six=[s for s in range(self.n_seats) if self._ds[s]])
        self.last_result = r
        summary = "; ".join(f"{self.names[s]} {r.scores[s].label}" for s in self._order if r.scores[s] is not None)
        self._log("showdown", None, {"hands": tuple(None if x is None else x.name for x in r.scores),
                                     "winners": r.winners, "points": r.points},
                  _("Hands shown: {summary}. {reason}").format(summary=summary, reason=r.reason))
        for s in r.winners:
            self._points[s] += 0 if r.mega is not None else r.points[s]
            if r.mega is None:
                self._awards.append([self.hand_number, s, r.points[s]])
                self._log("scored", s, {"points": r.points[s], "total": self._points[s]},
                          ngettext("{name} wins the hand with {hand} and scores {n} point (Q6): {total} in all.",
                                   "{name} wins the hand with {hand} and scores {n} points (Q6): {total} in all.",
                                   r.points[s]).format(name=self.names[s], hand=r.scores[s].label, n=r.points[s],
                                                       total=self._points[s]))
        if r.mega is not None:
            self.winners = (r.mega,)
            self.phase = "game_over"
            self._log("game_over", r.mega, {"winners": self.winners, "mega": True},
                      _("{name} wins the game with a mega 4½ (Q4).").format(name=self.names[r.mega]))
            return
        self._pass_deal(r)
        top = max(self._points)
        if top >= self.rules.target:  # Q6
            self.winners = tuple(s for s in range(self.n_seats) if self._points[s] == top)
            self.phase = "game_over"
            if len(self.winners) == 1:
                text = _("{who} reaches {top} points, at least the target of {target}, and wins the game (Q6).")
                who = self.names[self.winners[0]]
            else:
                text = _("{who} reach {top} points, at least the target of {target}, and win the game (Q6) "
                         "(a shared win: they reached it together with the same score).")
                who = self.names[self.winners[0]]
                for s in self.winners[1:]:
                    who = _("{first} and {second}").format(first=who, second=self.names[s])
            self._log("game_over", self.winners[0], {"winners": self.winners, "mega": False},
                      text.format(who=who, top=top, target=self.rules.target))
        else:
            self.phase = "hand_over"
            self._log("hand_over", None, {"points": tuple(self._points)},
                      _("Hand {number} is over. Points: {points}.").format(
                          number=self.hand_number,
                          points=", ".join(f"{x} {p}" for x, p in zip(self.names, self._points))))

    def _pass_deal(self, r: HandResult) -> None:
        d = self.dealer
        new, why = None, ""
        takers = r.takes_deal
        if takers:  # Q5
            k = r.scores[takers[0]]
            how = _("a 5 that beat a 4½") if k.kind == "five" else k.label
            taker = takers[0] if len(takers) == 1 else self._cut(takers)
            if taker == d:
                self._log("deal_kept", d, {"reason": "won"},
                          ngettext("{name} won with {how} and keeps the deal (Q5); the deck carries over with {n} "
                                   "card (S18).",
                                   "{name} won with {how} and keeps the deal (Q5); the deck carries over with {n} "
                                   "cards (S18).", len(self._deck)).format(name=self.names[d], how=how,
                                                                           n=len(self._deck)))
                return
            new, why = taker, _("{name} won with {how} (Q5)").format(name=self.names[taker], how=how)
        elif self._ran_out or not len(self._deck):  # S17: the deck is used up
            new = (d + 1) % self.n_seats
            why = _("the deck is used up, so the deal goes to the player on {name}'s right (S17)").format(
                name=self.names[d])
        if new is None:
            self._log("deal_kept", d, {"reason": "deck"},
                      ngettext("{name} keeps the deal; the deck carries over with {n} card (S18).",
                               "{name} keeps the deal; the deck carries over with {n} cards (S18).",
                               len(self._deck)).format(name=self.names[d], n=len(self._deck)))
            return
        self.dealer = new
        self._fresh_deck = True
        self._log("deal_passed", new, {"from": d, "to": new}, _("The deal passes from {old} to {new}: {why}.").format(
            old=self.names[d], new=self.names[new], why=why))

    def _cut(self, seats) -> int:
        """Several players share a win that takes the deal: they cut for it (the source's reading, 000):
        one card each from a freshly shuffled deck, highest wins (figures lowest, then Ace-7)."""
        seats = list(seats)
        while True:
            cards = list(FULL_DECK)
            self._rng.shuffle(cards)
            cut = dict(zip(seats, cards))
            val = {s: (0 if c.is_figure else int(c.rank)) for s, c in cut.items()}
            top = max(val.values())
            best = [s for s in seats if val[s] == top]
            self._log("cut_for_deal", None, {"cuts": tuple(cut.items())},
                      (_("They cut for the deal: {cuts}.") if len(best) == 1
                       else _("They cut for the deal: {cuts}; a tie, so they cut again.")).format(
                          cuts=", ".join(f"{self.names[s]} {c.name(self.rules.face)}" for s, c in cut.items())))
            if len(best) == 1:
                return best[0]
            seats = best

    # -- views and bots ------------------------------------------------------------------------
    def view(self, seat) -> QuattroView:
        """The table as ``seat`` sees it: its own cards, the others' face-up cards and
        declarations, everybody's points."""
        seat = self._seat_of(seat)
        hands = tuple(self._hand_view(s, seat) for s in range(self.n_seats))
        legal = self.legal_actions() if self.to_act == seat else None
        return QuattroView(seat, self.names, self.rules, self.hand_number, self.phase, self.to_act, self.dealer,
                           tuple(self._order), tuple(self._points), self.rules.target, hands, legal,
                           len(self._deck), self.last_result, self.winners, tuple(self._events[self._hand_start:]))

    def _hand_view(self, s: int, viewer: int) -> QuattroHandView:
        h = self._hands[s]
        if not h:
            return QuattroHandView((), self._status[s], None, False, None)
        sees_all = s == viewer or self._shown[s]
        cards = tuple(h) if sees_all else (None,) + tuple(h[1:])
        sc = self._score(s)
        declared = sc.name if sc.kind in ("four_and_half", "seven_and_half", "double_six", "mega") else None
        return QuattroHandView(cards, self._status[s], declared, self._ds[s], sc if sees_all else None)

    def play_bots(self, max_actions: int = 100_000) -> int:
        """Let bot seats act while a bot is to act; stops at a human's turn, between hands
        and at the end.  Returns the number of actions played.  A bot returns an action
        name, a typed :class:`~sette_kit.games.Action` or a tuple whose first item is the
        name.  It never plays more than ``max_actions`` actions: if a bot is still to act
        after that many, it raises SetteKitError and leaves the game as those actions left
        it (a game that saves and plays on).

        >>> g = QuattroGame(3, seed=1, bots="all")
        >>> n = QuattroGame(3, seed=1, bots="all").play_bots()
        >>> g.play_bots(max_actions=n) == n, g.phase        # exactly enough is enough
        (True, 'hand_over')
        """
        max_actions = read_whole(max_actions, "max_actions", 1, 10 ** 9, text=False)
        return play_bots_within(self._bot_to_act, self._play_bot, max_actions,
                                _("the bots played {n} actions without a human turn; stopping").format(n=max_actions))

    def _bot_to_act(self) -> int | None:
        """The bot seat to act now, None when a human is to act or the hand is over."""
        return self.to_act if self.phase == "play" and self.to_act in self._bots else None

    def _play_bot(self, seat: int) -> None:
        """The action the bot at ``seat`` chooses, played."""
        choice = self._bots[seat](self.view(seat))
        if isinstance(choice, tuple) and not isinstance(choice, Action):
            choice = choice[0]
        self.act(choice)

    def play_hand(self) -> HandResult:
        """Play one whole hand with the bots (starting it if needed) and return its result."""
        if self.phase == "hand_over":
            self.act("next_hand")
        self.play_bots()
        if self.phase == "play":
            assert self.to_act is not None  # the hand in play has a seat to act
            raise SetteKitError(_("{name} (seat {seat}) is not a bot: play_hand needs bots at every seat").format(
                name=self.names[self.to_act], seat=self.to_act))
        assert self.last_result is not None  # the hand just ended
        return self.last_result

    def play_game(self, max_hands: int = 10_000) -> tuple:
        """Play an all-bot game to the end; returns :attr:`winners`."""
        max_hands = read_whole(max_hands, "max_hands", 1, 10 ** 9, text=False)
        missing = [self.names[s] for s in range(self.n_seats) if s not in self._bots]
        if missing:
            raise SetteKitError(_("play_game needs a bot at every seat; no bot at {seats}").format(
                seats=", ".join(missing)))
        for __ in range(max_hands):

            if self.over:
                return self.winners
            self.play_hand()
        if self.over:
            return self.winners
        raise SetteKitError(_("no winner after {n} hands; stopping").format(n=max_hands))

    # -- checks and saving ------------------------------------------------------------------------
    def check(self) -> None:
        """Raise AssertionError unless the invariants hold: the 40 cards are each in one
        place (the deck, the table, or the deck's discards); points are never negative."""
        on_table = [c for h in self._hands for c in h]
        places = list(self._deck.remaining) + list(self._deck.dealt)
        if sorted(c.index for c in places) != list(range(40)):
            raise AssertionError("the deck does not hold the 40 cards once each")
        if not set(on_table) <= set(self._deck.dealt) or len(set(on_table)) != len(on_table):
            raise AssertionError("a card on the table was not dealt from the deck")
        if min(self._points) < 0:
            raise AssertionError("negative points")

    def to_json(self) -> str:
        """The whole state as JSON (bots are code: pass them again to :meth:`from_json`).

        A save keeps the state the current hand started from (``start``) and the hand's
        actions, which :meth:`from_json` plays again; the points of every hand won
        (``awards``, Q6), to which the points are tied; and the events of the current hand
        and of the latest whole hands, up to :data:`~.saves.MAX_SAVED_EVENTS` (so a game to
        1,000 points still saves small; ``dropped`` counts the events no longer kept)."""
        return save_text(self)

    @classmethod
    def from_json(cls, text: str, bots=None, *, max_chars: int = MAX_SAVE_CHARS) -> "QuattroGame":
        """Load a game saved with :meth:`to_json`; it continues exactly as the original.

        The text is untrusted: it is refused unread above
        ``max_chars``, then every field is checked against the save's schema and the
        fields against each other (one deck of 40 cards, the order of play, the points of
        the hand's start equal to the points of the hands won before it, ``awards``, Q6);
        then the current hand is played again from the state it started from, action by
        action, and the state reached must be the state saved.  Anything wrong is a
        SetteKitError naming the field.  Saves of the earlier format are not read.

        >>> g = QuattroGame(3, seed=1, bots="all"); _ = g.play_hand()
        >>> QuattroGame.from_json(g.to_json().replace('"points":[', '"points":[40,0,0],"x":['))
        Traceback (most recent call last):
        ...
        sette_kit.errors.SetteKitError: cannot load the saved Quattro e mezzo game: has unknown field(s) 'x'
        """
        return load(cls, text, bots, max_chars)

    def __repr__(self) -> str:
        pts = dict(zip(self.names, self._points))
        return f"<QuattroGame hand {self.hand_number} {self.phase}: dealer {self.names[self.dealer]}, points {pts}>"
