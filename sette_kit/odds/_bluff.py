"""The bluff lab's logic: how often to stake high on a bad card, against a bank that reads
the stake (S9, S11).  Built on the solved stake game (:mod:`._stake_game`).

**The family of plans.**  The equilibrium player of :func:`sette_kit.odds.stake_game`
stakes 10 on every 7, on some 6s, and, as a bluff, on some 2s, 3s and 5s (the first
cards of :attr:`StakeGame.bluff`: a high stake that loses money on that card, S9).  The
lab keeps everything of his plan (his hits and stands after each stake, and how he stakes
the cards that are not bluffs) and lets the learner choose one number, the **bluff
share**: of the rounds where the player stakes 10, the share that are bluffs.  That is
also what the bank reads: after a stake of 10, P(bluff | 10) is the share (Bayes).  Each
bluffing card's high-stake probability is the equilibrium's times one factor ``scale``
(0: never bluff; 1: the equilibrium), so the cards keep the equilibrium's proportions::

    share = scale F / (H + scale F)       F: P(bluff) per round at equilibrium,
                                          H: P(stake 10 on a card that is not a bluff)

**The bank best-responds.**  It sees the stake and the face-up cards (S11) and knows the
plan; against it the bank plays its exact best response (:func:`._stake_game.bank_best_response`:
hit or stand at every hand, S12-S13), and the player's expected result per round is an
exact Fraction.  At the equilibrium's share it is the game's lower value
(``StakeGame.lower``); no share does better than the game's upper value.

>>> from sette_kit import odds
>>> lab = odds.bluff_lab()
>>> lab.equilibrium_share == odds.stake_game().bluff.share
True
>>> lab.play(lab.equilibrium_share).ev == odds.stake_game().lower
True
>>> lab.play(0).ev < lab.play(lab.equilibrium_share).ev
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Mapping

import math
import threading

from .. import fmt
from ..errors import SetteKitError
from ..i18n import _
from ..numbers import shown
from . import _stake_game as sg

__all__ = ["bluff_lab", "BluffLab", "BluffPlay"]

_LABS: dict = {}


@dataclass(frozen=True)
class BluffPlay:
    """One plan of the family and what the bank's best response leaves it.

    ``share``: P(bluff | stake 10); ``scale``: the equilibrium's bluffs times this;
    ``frequency``: P(bluff) per round; ``high_frequency``: P(stake 10) per round;
    ``stake_probabilities``: first card -> P(stake 10 | card); ``ev``: the player's exact
    expected result per round (money, stakes 1 and 10) against the bank's exact best
    response; ``posterior``: what the bank infers after each stake, stake -> first card ->
    P(card | stake) (the cards with probability 0 left out).
    """

    share: Fraction
    scale: Fraction
    frequency: Fraction
    high_frequency: Fraction
    stake_probabilities: Mapping
    ev: Fraction
    posterior: Mapping


class BluffLab:
    """The bluff lab over a solved :class:`StakeGame` (build it with :func:`bluff_lab`).

    ``equilibrium_share``, ``equilibrium_value`` (``StakeGame.lower``), ``max_share`` (past
    it a bluffing card would stake 10 more than always), ``bluff_cards``, and
    :meth:`play`, :meth:`curve`.
    """

    def __init__(self, game: sg.StakeGame):
        self.game = game
        bluff = game.bluff
        self.high = bluff.high_stake
        self.bluff_cards = tuple(bluff.cards)
        n, N = game.deck, sum(game.deck)
        self.prior = {name: Fraction(n[sg.NAMES.index(name)], N) for name in game.first_cards}
        self._F = bluff.frequency
        self._H = bluff.high_frequency - bluff.frequency
        if not self._F:
            raise SetteKitError(_("this stake game has no bluffs: its equilibrium never stakes high on a losing card"))
        self.equilibrium_share = bluff.share
        self.equilibrium_value = game.lower
        biggest = max(bluff.cards.values())
        self.max_scale = 1 / biggest
        self.max_share = self.max_scale * self._F / (self._H + self.max_scale * self._F)
        self._tree = None
        self._lock = threading.RLock()
        self._memo: dict = {}

    def _game_tree(self):
        """The game's tree and the equilibrium's strategies on it, built once (seconds);
        a lock keeps a second caller (a widget's background work) waiting for the first."""
        with self._lock:
            if self._tree is None:
                g = self.game
                tree = sg._Game(g.deck, g.stakes, g.rules.dealer_wins_ties)
                self._strategies = g._strategies(tree)
                self._tree = tree
        return self._tree

    def _share(self, share, typed=None) -> Fraction:
        top = Fraction(math.floor(self.max_share * 1000), 1000)
        accepted = _("give a bluff share from 0 to {hi} ({pct}) of the stakes of {stake}, as a fraction or a "
                     "number such as 1/5 or 0.2").format(hi=fmt.decimal(top, 3), pct=fmt.percent(top, 1),
                                                         stake=self.high)
        given = share if typed is None else typed
        if isinstance(share, bool) or not isinstance(share, (int, float, Fraction, str)):
            raise SetteKitError(_("share={share}: {accepted}").format(share=shown(given), accepted=accepted))
        try:
            s = Fraction(share) if not isinstance(share, float) else Fraction(repr(share))
        except (ValueError, ZeroDivisionError):
            raise SetteKitError(_("share={share}: {accepted}").format(share=shown(given), accepted=accepted)) from None
        if not 0 <= s <= self.max_share:
            raise SetteKitError(_("share={share}: {accepted}").format(share=shown(given), accepted=accepted))
        return s

    def checked_share(self, share, typed=None) -> Fraction:
        """``share`` as an exact Fraction, or a :class:`SetteKitError` naming the accepted
        range and what was given (``typed``, when the caller read it from a text first)."""
        return self._share(share, typed)

    def scale_of(self, share) -> Fraction:
        """The factor on the equilibrium's bluffs that gives ``share``."""
        s = self._share(share)
        return s * self._H / (self._F * (1 - s))

    def stake_probabilities(self, share) -> dict:
        """First card -> P(stake 10 | card) for the plan with this bluff share."""
        k = self.scale_of(share)
        g = self.game
        return {name: (g.bluff.cards[name] * k if name in g.bluff.cards else g.bluff.by_card[name])
                for name in g.first_cards}

    def play(self, share) -> BluffPlay:
        """The plan with this bluff share (a Fraction, or a number or text a Fraction
        reads: ``"1/5"``, ``0.2``), the bank best-responding (exact).

        >>> from sette_kit import odds
        >>> lab = odds.bluff_lab()
        >>> p = lab.play("1/5")
        >>> p.share, p.posterior[10]["7"] < 1
        (Fraction(1, 5), True)
        >>> lab.play(2)
        Traceback (most recent call last):
        ...
        sette_kit.errors.SetteKitError: share=2: give a bluff share from 0 to 0.516 (51.6%) ...
        """
        s = self._share(share)
        if s in self._memo:
            return self._memo[s]
        k = s * self._H / (self._F * (1 - s))
        high = self.stake_probabilities(s)
        game = self._game_tree()
        sigma0, beta, __ = self._strategies
        S = self.game.stakes
        hi = S.index(self.high)
        sigma = {}
        for p in game.firsts:
            q = high[sg.NAMES[p]]
            row = list(sigma0[p])
            if sg.NAMES[p] in self.bluff_cards:
                row = [Fraction(0)] * len(S)
                row[hi] = q
                row[0] += 1 - q
            sigma[p] = tuple(row)
        ev, __ = sg.bank_best_response(game, sigma, beta)  # S11-S13: the bank's exact best reply
        freq = sum(self.prior[c] * high[c] for c in self.bluff_cards)
        highf = sum(self.prior[c] * high[c] for c in high)
        out = BluffPlay(s, k, freq, highf, MappingProxyType(high), ev, self.posterior(s))
        self._memo[s] = out
        return out

    def posterior(self, share) -> Mapping:
        """What the bank infers from the stake alone (Bayes, S9): stake -> first card ->
        P(card | stake), for the plan with this bluff share (no best response needed).

        >>> from sette_kit import odds
        >>> lab = odds.bluff_lab()
        >>> lab.posterior(0)[10]["7"] == 1 / (1 + odds.stake_game().bluff.by_card["6"])
        True
        """
        high = self.stake_probabilities(share)
        lo, hi = self.game.stakes
        post = {}
        for stake, chance in ((lo, lambda q: 1 - q), (hi, lambda q: q)):
            ps = {c: self.prior[c] * chance(q) for c, q in high.items()}
            tot = sum(ps.values())
            post[stake] = MappingProxyType({c: v / tot for c, v in ps.items() if v}) if tot else MappingProxyType({})
        return MappingProxyType(post)

    def curve(self, shares) -> list:
        """``[play(s) for s in shares]``."""
        return [self.play(s) for s in shares]

    def natural_frequencies(self, share, rounds: int = 1000) -> dict:
        """Of ``rounds`` rounds (S9: one first card each), how many stake each amount and,
        of those, how many hold each first card: ``{stake: (count, {card: count})}``,
        expected counts as exact Fractions (rounded for the eye by the view).

        >>> from sette_kit import odds
        >>> tree = odds.bluff_lab().natural_frequencies(0)
        >>> tree[10][1]["7"]
        Fraction(100, 1)
        """
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds <= 0:
            raise SetteKitError(_("rounds={rounds}: give a positive whole number of rounds, such as 1000").format(
                rounds=shown(rounds)))
        high = self.stake_probabilities(share)
        out = {}
        for stake in self.game.stakes:
            by = {}
            for c in high:
                p = high[c] if stake == self.high else (1 - high[c] if stake == self.game.stakes[0] else 0)
                if p * self.prior[c]:
                    by[c] = rounds * self.prior[c] * p
            out[stake] = (sum(by.values()), by)
        return out


def bluff_lab(game: sg.StakeGame | None = None) -> BluffLab:
    """The bluff lab over ``game`` (default: the shipped ``plain`` stake game, stakes 1
    and 10).  Remembered per game: the game's tree is built once (seconds)."""
    if game is None:
        game = sg.stake_game()
    if not isinstance(game, sg.StakeGame):
        raise SetteKitError(_("game={game}: give a solved stake game (odds.stake_game(...))").format(game=shown(game)))
    if len(game.stakes) != 2:
        raise SetteKitError(_("game: the bluff lab takes a stake game with two stakes, such as (1, 10)"))
    key = id(game)
    got = _LABS.get(key)
    if got is None or got.game is not game:
        got = _LABS[key] = BluffLab(game)
    return got
