"""Dealing and arranging a Trentuno table (docs/rules.md T4, T7): the cut for the first
dealer, the shuffle, the cut and the deal of each hand, a hand dealt 31 shown at once, and a
table set up by hand at a chosen position (:meth:`Dealing.arranged`, for lessons, exercises
and tests).

:class:`Dealing` is a mixin of :class:`~sette_kit.games.trentuno.engine.TrentunoGame`: it
works on the game's own state (``hands``, ``stock``, ``discard_pile``, the seeded ``_rng``)
and logs with the game's ``_log``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping, Sequence, cast

from ...cards import FULL_DECK, Card, card_in_text, sentence
from ...errors import SetteKitError
from ...i18n import _
from ...numbers import read_whole, shown
from .rules import TrentunoRules
from .scoring import _RANK, _cards, _points

if TYPE_CHECKING:  # pragma: no cover
    import random

    from .._engine import Event
    from .engine import Phase, TrentunoGame

__all__ = ["Dealing"]


def _cut_rank(card_index: int) -> int:
    """The seed's ranking for the cut (T4): A, Re, Cavallo, Fante, 7 ... 2."""
    r = _RANK[card_index]
    return 11 if r == 1 else r


class Dealing:
    """The setting up of hands of a Trentuno game (T4): mixed into ``TrentunoGame``."""

    if TYPE_CHECKING:  # pragma: no cover
        # what the mixin reads and sets of TrentunoGame (declared there, for the type checker)
        players: tuple[str, ...]
        rules: TrentunoRules
        dealer: int
        lives: list[int]
        pot: int
        hand_number: int
        hands: list[list[int]]
        stock: list[int]
        discard_pile: list[int]
        knocker: int | None
        last_turns_left: int | None
        to_act: int | None
        phase: Phase
        _rng: random.Random
        _toak: bool
        _events: list[Event]
        _turn_no: int
        _taken: int
        _pending: int
        _revealed: dict[int, tuple]
        _revealed_proxy: Mapping | None
        _cancelled: bool
        _arranged: dict | None
        _log: Callable[..., None]
        _thirty_one: Callable[..., None]
        _next_alive: Callable[[int], int]
        _seat_of: Callable[..., int]
        _name: Callable[[int], str]
        set_bots: Callable[[Mapping | str | None], None]

        @property
        def alive(self) -> tuple[int, ...]: ...

    @classmethod
    def arranged(cls, players, hands, discard, stock=None, *, dealer: int | None = None,
                 lives: Sequence[int] | None = None, turns_played: int = 0,
                 rules: TrentunoRules | None = None, seed: int = 0, bots: Mapping | None = None) -> "TrentunoGame":
        """A game set up at a chosen position, for lessons, exercises and tests.

        ``hands``: one hand (text or cards) per seat, empty for a seat with no lives;
        ``discard``: the discard pile, bottom to top (text or cards); ``stock``: the stock,
        top card first (default: the cards left over, in a seeded shuffle); ``dealer``:
        default the seat before the first live seat; ``lives``: default all
        ``rules.lives`` (the pot is the lives already lost); ``turns_played`` turns of the
        hand already played (``>= players`` means the first round is over).  The first
        player is the next live seat after the dealer plus ``turns_played``.  A hand of 31
        with ``turns_played == 0`` counts as dealt 31 (T7).

        >>> from sette_kit.games.trentuno import TrentunoGame
        >>> g = TrentunoGame.arranged(["Ada", "Bruno"], ["Asso di coppe, Re di coppe, 2 di spade",
        ...     "7 di denari, 6 di denari, 5 di denari"], discard="Fante di coppe", turns_played=2)
        >>> g.players[g.to_act], g.legal_actions()
        ('Ada', Legal(draw_stock, take_discard))
        >>> g.act("take_discard"); g.act("discard", card="2 di spade")
        >>> for e in g.events[-4:]: print(e.text)
        Ada makes 31 and shows it at once: the hand ends (T7).
        Hands shown: Ada 31; Bruno 18.
        Bruno loses 1 life into the pot (2 left, pot 1).
        Hand 1 is over.
        >>> g.phase, g.lives, g.pot, g.legal_actions()
        ('hand_over', [3, 2], 1, Legal(next_hand))
        """
        game = cast("type[TrentunoGame]", cls)(players, rules=rules, seed=seed)
        n = len(game.players)
        rules = game.rules
        if not isinstance(hands, (list, tuple)):
            raise SetteKitError(_("hands={value}: give one hand per seat (text or cards; empty for a seat with no "
                                  "lives)").format(value=shown(hands)))
        hands = list(hands)
        if len(hands) != n:
            raise SetteKitError(_("arranged needs one hand per seat ({n}), got {got}").format(n=n, got=len(hands)))
        hands = [_cards(h) if (isinstance(h, str) and h.strip()) or not isinstance(h, str) else () for h in hands]
        lives = list(lives) if lives is not None else [rules.lives] * n
        if len(lives) != n or any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= rules.lives
                                  for x in lives):
            raise SetteKitError(_("lives must give 0-{lives} for each of the {n} seats").format(lives=rules.lives, n=n))
        if sum(1 for x in lives if x > 0) < 2:
            raise SetteKitError(_("at least two players must have lives left"))
        for seat, (h, l) in enumerate(zip(hands, lives)):
            if len(h) != (3 if l > 0 else 0):
                msg = _("seat {seat} ({name}) must hold three cards, got {n}") if l > 0 else \
                    _("seat {seat} ({name}) must hold no cards (no lives left), got {n}")
                raise SetteKitError(msg.format(seat=seat, name=game.players[seat], n=len(h)))
        pile = _cards(discard, "discard pile") if not isinstance(discard, Card) else (discard,)
        if not pile:
            raise SetteKitError(_("the discard pile needs at least one card (T4)"))
        used = [c for h in hands for c in h] + list(pile)
        if len(set(used)) != len(used):
            raise SetteKitError(_("a card appears twice in the hands and the discard pile"))
        rest = [c.index for c in FULL_DECK if c not in set(used)]
        if stock is None:
            game._rng.shuffle(rest)
            stock_idx = rest
        else:
            st = _cards(stock, "stock")
            if sorted(c.index for c in st) != sorted(rest):
                raise SetteKitError(_("the stock must hold exactly the cards that are not in the hands or the "
                                      "discard pile ({n} cards)").format(n=len(rest)))
            stock_idx = [c.index for c in reversed(st)]  # the list's end is the top
        if not stock_idx:
            raise SetteKitError(_("the stock may not be empty"))
        game.lives = lives
        game.pot = sum(rules.lives - x for x in lives)
        alive = game.alive
        if dealer is None:
            dealer = (alive[0] - 1) % n
            while game.lives[dealer] == 0:
                dealer = (dealer - 1) % n
        dealer = game._seat_of(dealer)
        if game.lives[dealer] == 0:
            raise SetteKitError(_("the dealer ({name}) has no lives left").format(name=game.players[dealer]))
        # bounded as a save holds it (a game the kit cannot save is not made)
        turns_played = read_whole(turns_played, "turns_played", 0, 10 ** 9, text=False)
        game.dealer = dealer
        game.hands = [[c.index for c in h] for h in hands]
        game.discard_pile = [c.index for c in pile]
        game.stock = stock_idx
        game._events = []
        game.hand_number = 1
        game._round_size = len(alive)
        game._turn_no = turns_played
        seat = game._next_alive(dealer)
        for __ in range(turns_played % len(alive)):
            seat = game._next_alive(seat)
        game.to_act = seat
        game.phase = "discard" if rules.discard_first else "draw"
        game._arranged = {"hands": [list(h) for h in game.hands], "discard": list(game.discard_pile),
                          "stock": list(game.stock), "dealer": dealer, "lives": list(lives),
                          "turns_played": turns_played}
        game._log("arranged", None, _("A table arranged by hand: {dealer} dealt, {player} is to play, lives {lives}, "
                                      "pot {pot}.").format(dealer=game.players[dealer], player=game.players[seat],
                                                           lives=tuple(lives), pot=game.pot),
                  lives=tuple(lives), pot=game.pot)
        if turns_played == 0:
            made = [s for s in alive if _points(game.hands[s], game._toak) == 31]
            if made:
                game._thirty_one(made, dealt=True)
        game.set_bots(bots or {})
        return game

    # -- setup (T4) -------------------------------------------------------------------
    def _cut_for_dealer(self) -> int:
        contenders = list(range(len(self.players)))
        while True:
            deck = list(range(40))
            self._rng.shuffle(deck)
            cuts = {s: deck[k] for k, s in enumerate(contenders)}
            top = max(_cut_rank(c) for c in cuts.values())
            text = ", ".join(f"{self.players[s]} {self._name(c)}" for s, c in cuts.items())
            self._log("cut_for_dealer", None, _("Cut for the deal: {cuts} (T4).").format(cuts=text),
                      cuts=MappingProxyType({s: FULL_DECK[c] for s, c in cuts.items()}))
            best = [s for s, c in cuts.items() if _cut_rank(c) == top]
            if len(best) == 1:
                self._log("dealer", best[0], _("{name} cut the highest card and deals first (T4).").format(
                    name=self.players[best[0]]))
                return best[0]
            contenders = best

    def _deal(self) -> None:
        """Shuffle, cut, deal three cards each, turn one up (T4); check dealt 31s (T7)."""
        self.hand_number += 1
        n = len(self.players)
        self.hands = [[] for __ in range(n)]
        self.knocker = None
        self.last_turns_left = None
        self._turn_no = 0
        self._taken = self._pending = -1
        self._revealed = {}
        self._revealed_proxy = None
        self._cancelled = False
        alive = self.alive
        self._round_size = len(alive)
        deck = list(range(40))
        self._rng.shuffle(deck)
        cutter = self._next_alive(self.dealer)
        at = self._rng.randint(4, 36)
        deck = deck[at:] + deck[:at]
        self._log("shuffle", self.dealer, _("Hand {number}: {name} shuffles and deals (T4).").format(
            number=self.hand_number, name=self.players[self.dealer]),
                  lives=tuple(self.lives), pot=self.pot)
        self._log("cut", cutter, _("{name}, on the dealer's right, cuts the deck at card {position} (T4).").format(
            name=self.players[cutter], position=at),
                  position=at)
        # deal from the top: list end is the top
        order = []
        s = cutter
        for __ in alive:
            order.append(s)
            s = self._next_alive(s)
        for s in order:
            self.hands[s] = [deck.pop(), deck.pop(), deck.pop()]
        self._log("deal", self.dealer, _("{name} deals three cards face down to each of {n} players.").format(
            name=self.players[self.dealer], n=len(order)), seats=tuple(order))
        up = deck.pop()
        self.discard_pile = [up]
        self.stock = deck
        self._log("turn_up", self.dealer, sentence(_("{card} is turned up to start the discard pile; {n} cards make the "
                                            "stock.").format(card=card_in_text(FULL_DECK[up], self.rules.face), n=len(deck))),
                  card=FULL_DECK[up], stock=len(deck))
        self.to_act = order[0]
        self.phase = "discard" if self.rules.discard_first else "draw"
        # T7: a hand dealt 31 is shown at once
        made = [s for s in order if _points(self.hands[s], self._toak) == 31]
        if made:
            self._thirty_one(made, dealt=True)

