"""Bots for the Sette e mezzo table of :mod:`sette_kit.games.sette.engine`.

A policy is any callable ``policy(view) -> action``: it gets the immutable
:class:`~sette_kit.games.sette.views.TableView` of its own seat (its own hidden cards, the others'
face-up cards only) when it is that seat's turn, and returns an action name such as
``"hit"``, a pair ``(name, {params})`` such as ``("stake", {"amount": 5})``, or a typed
:class:`~sette_kit.games.Action` such as ``Action("stake", amount=5)``.  This module
imports nothing of the engine (the engine takes :func:`default` as its ``default_bot``).
One policy plays a seat both as a player and, when the bank passes to it, as the bank
(``view.phase == "bank"``).

* :func:`stand_at` -- the threshold player: draws while its total is under ``x``.
* :func:`cautious_bank` -- stands on 5 or more; :func:`bold_bank` -- draws to 7.
* :func:`reads_table` -- a bank that decides from the players' face-up cards: it draws
  only if one more card raises its expected result against the hands still standing.
* :func:`seat` -- one policy as a player, another as the bank.
* :func:`random_play` -- any legal action at random (for property tests).

>>> from sette_kit.game import Table
>>> t = Table("italian", ["Ada", "Bea", "Cy"], seed=3,
...           bots={"Ada": stand_at(5), "Bea": stand_at(6, stake=4), "Cy": seat(stand_at(4), reads_table())})
>>> r = t.play_round()
>>> sum(r.results), sum(t.bankrolls)
(0, 300)
>>> stand_at(5.5), cautious_bank(), reads_table()
(stand_at(5.5), cautious_bank(), reads_table())
"""

from __future__ import annotations

import random
from fractions import Fraction

from ...cards import FULL_DECK
from ..._checks import read_callable, read_seed
from ...errors import SetteKitError
from ...i18n import _
from ...numbers import MAX_MONEY, read_number, read_whole
from ...strategy import stand_at as _threshold
from .scoring import cached_score
from ...numbers import shown

__all__ = ["StandAt", "FaceUpBank", "Seat", "RandomPlay", "stand_at", "cautious_bank", "bold_bank",
           "reads_table", "seat", "random_play", "default"]


def _stake(view, amount):
    opt = view.legal["stake"]
    if amount is None:
        return ("stake", {"amount": opt.min})
    return ("stake", {"amount": max(opt.min, min(opt.max, amount))})


class StandAt:
    """Stake a fixed amount (clamped to what is allowed; default the minimum), then draw
    while the total is under the threshold.  Never uses the optional actions."""

    def __init__(self, x, stake: int | None = None, label: str | None = None) -> None:
        self._t = _threshold(x).threshold_half_points
        if stake is not None:
            stake = read_whole(stake, "stake", 1, MAX_MONEY, accepted=_("None (the minimum) or a whole number of units"), text=False)
        self.stake = stake
        self._label = label

    @property
    def threshold(self) -> Fraction:
        return Fraction(self._t, 2)

    def __call__(self, view):
        legal = view.legal
        if "stake" in legal:
            return _stake(view, self.stake)
        if view.score.half_points < self._t and "hit" in legal:
            return "hit"
        return "stand"

    def __repr__(self) -> str:
        if self._label:
            return self._label
        t = self.threshold
        x = t.numerator if t.denominator == 1 else float(t)
        return f"stand_at({x}" + (f", stake={self.stake})" if self.stake is not None else ")")


def stand_at(x, stake: int | None = None) -> StandAt:
    """The threshold bot: draw while the total is under ``x`` (½ to 8), as a player or a bank.

    >>> stand_at(5).threshold, stand_at("11/2").threshold
    (Fraction(5, 1), Fraction(11, 2))
    """
    return StandAt(x, stake)


def cautious_bank(stake: int | None = None) -> StandAt:
    """A cautious bank: it stands on 5 or more (and plays a player's hand the same way)."""
    return StandAt(5, stake, "cautious_bank()")


def bold_bank(stake: int | None = None) -> StandAt:
    """A bold bank: it draws until it has 7 or more (and plays a player's hand the same way)."""
    return StandAt(7, stake, "bold_bank()")


def _hp(card) -> int:
    return 1 if card.is_figure else 2 * int(card.rank)


class FaceUpBank:
    """A bank that reads the table (S11): it sees the players' face-up cards, not their
    hidden ones, and the discards.  For each hand still standing it works out the
    distribution of the hand's total from the unseen cards (a hidden card can only be one
    that keeps the hand at or under 7½, each unseen card equally likely), and it draws when
    drawing, and then playing on as well as it can, is worth more than standing (even
    money assumed; cards drawn as if with replacement).  It assumes that a player who stood
    has at least ``assume_at_least`` (default 4½) when the face-up cards allow it.  As a player it plays ``player`` (default
    ``stand_at(5)``).  The matta among a player's face-up cards is counted as ½ (an
    approximation)."""

    def __init__(self, player=None, assume_at_least=Fraction(9, 2)) -> None:
        self.player = StandAt(5) if player is None else read_callable(player, "player")
        floor = read_number(assume_at_least, "assume_at_least", accepted=_("a total from 0 to 7½, such as 4½"))
        if not 0 <= floor <= Fraction(15, 2):
            raise SetteKitError(_("assume_at_least={value} is out of range: accepted a total from 0 to 7½").format(
                value=shown(assume_at_least)))
        self.floor = int(floor * 2)

    def __call__(self, view):
        if view.phase != "bank":
            return self.player(view)
        legal = view.legal
        if "hit" not in legal:
            return "stand"
        rules = view.rules
        mine = view.hands[view.seat][0]
        seen = set(view.visible_cards())
        unseen = [c for c in FULL_DECK if c not in seen]
        if not unseen:
            return "stand"
        live = [h for s, hs in enumerate(view.hands) if s != view.seat for h in hs
                if h.result is None and h.status != "bust"]
        if not live:
            return "stand"
        counts = [0] * 15
        for c in unseen:
            counts[_hp(c)] += 1
        ties = rules.dealer_wins_ties
        hands = []
        for h in live:
            if h.score is not None:
                dist = {h.score.strength(rules)[0]: 1.0}
            else:
                dist = {sum(_hp(c) for c in h.face_up): 1.0}
                for unused in range(h.hidden):
                    new = {}
                    for t, p in dist.items():
                        for v in range(1, 15):
                            if counts[v] and t + v <= 15:
                                new[t + v] = new.get(t + v, 0.0) + p * counts[v]
                    dist = new
                if h.status == "stood":  # nobody stands very low: assume at least the floor
                    high = {t: p for t, p in dist.items() if t >= self.floor}
                    dist = high or dist
                total = sum(dist.values()) or 1.0
                dist = {t: p / total for t, p in dist.items()}
            hands.append((h.stake, dist))
        all_stakes = sum(st for st, _ in hands)

        def net(t: int) -> float:
            out = 0.0
            for st, dist in hands:
                for x, p in dist.items():
                    if x < t or (x == t and ties):
                        out += st * p
                    elif x > t:
                        out -= st * p
            return out

        # the value of the best continuation from each total (drawing until it stops paying),
        # from 7 1/2 down: value(t) = max(stand now, draw one more card)
        n_unseen = len(unseen)
        value = [0.0] * 16
        for t in range(15, 0, -1):
            draw = 0.0
            for v in range(1, 15):
                if counts[v]:
                    draw += counts[v] * (value[t + v] if t + v <= 15 else -all_stakes)
            value[t] = max(net(t), draw / n_unseen)
        me = cached_score(tuple(mine.cards), rules, mine.declare)
        t = min(me.half_points, 15)
        hit_ev = 0.0
        for c in unseen:
            s = cached_score(tuple(mine.cards) + (c,), rules)
            hit_ev += -all_stakes if s.bust else value[min(s.half_points, 15)]
        return "hit" if hit_ev / n_unseen > net(t) else "stand"

    def __repr__(self) -> str:
        return "reads_table()"


def reads_table(player=None, assume_at_least=Fraction(9, 2)) -> FaceUpBank:
    """The bank that decides from the players' face-up cards (see :class:`FaceUpBank`)."""
    return FaceUpBank(player, assume_at_least)


class Seat:
    """One policy for the seat's player turns and another for its bank turns."""

    def __init__(self, player, bank) -> None:
        if not (callable(player) and callable(bank)):
            raise SetteKitError(_("seat(player, bank) needs two callable policies"))
        self.player, self.bank = player, bank

    def __call__(self, view):
        return self.bank(view) if view.phase == "bank" else self.player(view)

    def __repr__(self) -> str:
        return f"seat({self.player!r}, {self.bank!r})"


def seat(player, bank) -> Seat:
    """Play ``player`` as a player and ``bank`` when this seat holds the bank."""
    return Seat(player, bank)


class RandomPlay:
    """Any legal action, uniformly at random, with random amounts and values (for tests).
    Its generator is its own (not saved with the table)."""

    def __init__(self, seed=None) -> None:
        self.rng = random.Random(read_seed(seed))

    def __call__(self, view):
        legal = view.legal
        name = self.rng.choice(sorted(legal))
        opt = legal[name]
        if opt.min is not None:
            return (name, {"amount": self.rng.randint(opt.min, opt.max)})
        if opt.values is not None:
            return (name, {"value": self.rng.choice(opt.values)})
        return name

    def __repr__(self) -> str:
        return "random_play()"


def random_play(seed=None) -> RandomPlay:
    """A bot that plays any legal action at random."""
    return RandomPlay(seed)


def default() -> StandAt:
    """The default bot (``bots="all"``): ``stand_at(5)`` as player and bank."""
    return StandAt(5)
