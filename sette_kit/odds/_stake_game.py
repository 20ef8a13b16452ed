"""The stake game: a bank that reads your stake (private; use :func:`sette_kit.odds.stake_game`).

:func:`sette_kit.odds.best_staking_plan` shows that a player who stakes after seeing his
first card (S9) beats a bank that stands on a fixed total.  A real bank sees the stake
and the player's face-up cards before it plays (S9, S11).  This module solves that game.

**The game** (heads-up, ``plain`` rules: no matta, no bonuses, even money, the bank wins
ties S13, a player who busts loses at once S10).  A deck (the 40 cards, or fewer for
checks) is dealt without replacement.  The player gets one hidden card, the bank one
hidden card (S8).  The player looks at his card and picks a stake from ``stakes``
(S9), then hits or stands; his extra cards come face up (S9).  At 7½ his hand is shown
at once and he stops (S10).  The bank then sees the stake, the player's face-up cards,
and whether he bust or showed 7½, and plays its own cards, hitting or standing as it
likes, seeing its own cards (S11).  The player wins his stake if he stood and the bank
busts (S12) or stands lower (S13); he loses it otherwise.

*What the bank sees of the face-up cards*: their **multiset** (which cards, not in what
order).  This is the kit's choice, and it matters: the order a player drew his cards
in can say something about his hidden card (a player who would stand on a total after
one order but not after another), and a bank that remembered it could know a little
more.  With the multiset the player loses nothing by playing by multisets too (the
chance of a face-up multiset does not depend on the order, S18's deck being exchangeable),
so both sides' strategies are stated by multisets.

**Method.**  Counterfactual regret minimisation, in its predictive CFR+ form (regret
matching on regrets floored at zero, the last instantaneous regrets used as the
prediction of the next, alternating updates, the average strategies weighted by the
square of the iteration number), on the game stated by multisets: the player's
information sets are (stake, first card, face-up multiset), the bank's (stake, face-up
multiset, shown, its own multiset).  Why CFR: it is made for imperfect-information games
of this kind and needs only the game's values, one pass at a time; each pass is a few
array operations over the whole game with numpy, or loops in pure Python for small decks
(numpy is only an accelerator, :mod:`sette_kit.accel`).  On the numpy path the bank's
forced hands are folded away first (:class:`_Compact`: a seventh of the bank's nodes are
real choices), and every 100 iterations the average strategies are scored by float best
responses; each side keeps its best average so far (the averages approach the
equilibrium unevenly here, and each bound needs only its own side's strategy).  A sequence-form LP would be
exact, but the plain instance (about 12,700 free bank information sets and 800 of the
player's, some 53,000 bank nodes in all) is beyond an LP solver written in pure Python; the reduced-deck tests solve
that LP by brute force (``tests/stake_game_lp.py``) to check this module.  Two bank
actions that can never be better are fixed beforehand (exactly, with no loss): a bank
already at or above every total the player can hold stands (S13: ties are the bank's),
and a bank below all of them hits.

CFR+ gives strategies, not the value.  The value comes from **exact best responses**,
in Fractions (integer arithmetic over the counts, as in :mod:`._engine`): ``lower`` is
what the player's strategy earns against the bank's exact best response to it (the
player can guarantee it), ``upper`` what the bank's strategy concedes to the player's
exact best response (the bank can hold him to it); the game value lies between.  The
strategies that are shipped and reported are rational (each probability rounded to a
fraction with a denominator of at most 120, 10^4 or 10^6, after making it pure where it
is within 1e-6 to 1% of 0 or 1: the rounding that gives each side its best bound is
kept, chosen by float best responses and then bounded exactly), so these two numbers
are exact statements about exactly those strategies.  On small decks the rounding finds the
exact equilibrium and the interval is a point (the tests check it against the LP).

>>> from sette_kit import odds
>>> g = odds.stake_game()               # plain, stakes (1, 10): the shipped solution
>>> g.lower <= g.upper, float(g.lower) > 0
(True, True)
"""


from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..cards import Card, _items, parse_cards
from ..errors import SetteKitError
from ..i18n import _
from ..numbers import shown
from ..rules import Rules, as_rules
from ..strategy import card_class
from ._engine import _falling as _ff  # n (n-1) ... (n-k+1), 0 when k > n
from ._stake_tree import (FULL_COUNTS, HP, MAX_STAKES, NAMES, NCLS, S75, _Game, _code, _decode, _fill_bank, _frac,
                          _hp, _names, bank_best_response, player_values)
from ._stake_cfr import _certify, _cfr_numpy, _cfr_pure, _default_iterations, _solve_game  # noqa: F401 (bench, tests)

__all__ = ["stake_game", "StakeGame", "Bluff", "Information", "build_data"]

DATA_FILE = Path(__file__).with_name("stake_game_plain.json")
DATA_FORMAT = 1


# -- the values of information -------------------------------------------------------------------------

def _fixed_bank(game, half_points):
    """The bank that stands at a fixed total whatever it sees (odds.stand_at)."""
    gamma = {}
    for si in range(len(game.stakes)):
        for b, pub in enumerate(game.publics):
            gamma[(si, b)] = [Fraction(int(nd["kind"] == "dec" and nd["hp"] < half_points)) for nd in pub["nodes"]]
    return gamma


def _information(game, lower, upper):
    S = len(game.stakes)
    lo_s, hi_s = 0, S - 1
    table = {}
    for t in range(1, 17):  # stand_at(1/2) .. stand_at(8)
        value, per, br = player_values(game, _fixed_bank(game, t))
        table[t] = (value, per, br)
    blind_value, blind_per, (blind_sig, blind_beta) = table[10]
    best_t = min(table, key=lambda t: (table[t][0], t))
    # today's plan: the best staking plan against stand_at(5), played as odds.solve plays it
    plan_sigma = {}
    for p in game.firsts:
        pos = blind_per[(lo_s, p)] > 0  # EV per unit > 0: stake the maximum (best_staking_plan)
        plan_sigma[p] = tuple(Fraction(int(i == (hi_s if pos else lo_s))) for i in range(S))
    reads, __ = bank_best_response(game, plan_sigma, blind_beta)
    # the review's bank: one fixed total for each stake, the player best responding
    import itertools
    best_pair = None
    for combo in itertools.product(range(1, 17), repeat=S):
        v = Fraction(0)
        for p in game.firsts:
            v += Fraction(game.n[p], game.N) * max(table[combo[si]][1][(si, p)] for si in range(S))
        if best_pair is None or v < best_pair[0]:
            best_pair = (v, combo)
    return Information(
        blind=blind_value, best_fixed=table[best_t][0], best_fixed_total=Fraction(best_t, 2),
        per_stake_fixed=best_pair[0], per_stake_fixed_totals=tuple(Fraction(t, 2) for t in best_pair[1]),
        reads_plan=reads, equilibrium=lower, equilibrium_upper=upper)


# -- the result -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Information:
    """What it is worth to the bank to see the stake and the face-up cards: the player's
    expected result per round (money, stakes as given) in four games, exact Fractions.

    * ``blind``: the bank stands at 5 whatever it sees (``odds.stand_at(5)``); the
      player plays his best staking plan against it (``best_staking_plan`` of
      ``solve(rules, stand_at(5))``, the minimum and maximum stakes).
    * ``best_fixed``: the bank picks one fixed total (``stand_at(x)``, x from ½ to 8:
      ``best_fixed_total``) knowing that the player then picks his best plan against it.
    * ``reads_plan``: the player keeps today's plan (the blind row's stakes and play) and
      the bank, which sees the stake, the face-up cards and a shown 7½, best-responds
      to it exactly.  The player does not adapt.
    * ``equilibrium``: both adapt: the game value (``equilibrium`` is the lower end of
      the solved interval, what the equilibrium player guarantees; ``equilibrium_upper``
      its upper end).

    Also, for comparison with the teacher's review (lesson 08): ``per_stake_fixed``, a
    bank that picks one fixed total for each stake (``per_stake_fixed_totals``, in the
    order of the stakes), the player best-responding.
    """

    blind: Fraction
    best_fixed: Fraction
    best_fixed_total: Fraction
    reads_plan: Fraction
    equilibrium: Fraction
    equilibrium_upper: Fraction
    per_stake_fixed: Fraction
    per_stake_fixed_totals: tuple


@dataclass(frozen=True)
class Bluff:
    """How often the equilibrium player stakes high, and on what.

    ``high_stake``: the largest stake; ``by_card``: P(high stake | first card) for every
    first card; ``high_frequency``: P(high stake) per round.  A *bluff* is a high stake
    on a first card whose expected result at that stake is negative against the bank's
    equilibrium strategy (the high stake loses money on that card; it is there so that a
    high stake does not give away a good card): ``cards`` maps those first cards to
    P(high | card); ``frequency`` is P(bluff) per round and ``share`` P(bluff | high stake).
    """

    high_stake: int
    by_card: Mapping
    high_frequency: Fraction
    cards: Mapping
    frequency: Fraction
    share: Fraction


@dataclass(frozen=True)
class StakeGame:
    """The stake game solved (build it with :func:`sette_kit.odds.stake_game`).

    ``lower`` <= game value <= ``upper`` (per round, exact): ``lower`` is what the
    player's strategy here earns against the bank's exact best response, ``upper`` what
    the bank's strategy here concedes to the player's exact best response.
    ``stake_probabilities``: first card -> stake -> probability.  ``card_values``: first
    card -> stake -> the player's expected result with that card at that stake (money,
    the strategies here on both sides).  ``information``: :class:`Information`.
    """

    rules: Rules = field(repr=False)
    stakes: tuple
    deck: tuple = field(repr=False)  # class counts Ace..7, figure
    lower: Fraction
    upper: Fraction
    stake_probabilities: Mapping = field(repr=False)
    card_values: Mapping = field(repr=False)
    information: Information | None = field(repr=False)  # None unless asked for
    iterations: int = field(repr=False)
    _player: Mapping = field(repr=False, compare=False)  # (stake, first class, up code) -> P(hit)
    _bank: Mapping = field(repr=False, compare=False)    # (stake, up code, shown, bank code) -> P(hit)

    @property
    def width(self) -> Fraction:
        """``upper - lower``: how far the strategies are from an exact equilibrium (0: exact)."""
        return self.upper - self.lower

    @property
    def first_cards(self) -> tuple:
        return tuple(self.stake_probabilities)

    # -- reading the strategies --------------------------------------------------------------
    def _classes(self, cards, what):
        if isinstance(cards, str):
            cards = parse_cards(cards, face=self.rules.face) if cards.strip() else ()
        elif isinstance(cards, Card):
            cards = (cards,)
        else:
            cards = _items(cards, what)
        m = [0] * NCLS
        for c in cards:
            m[card_class(c, self.rules)] += 1
        return tuple(m)

    def _stake_index(self, stake):
        if stake not in self.stakes or isinstance(stake, bool):
            raise SetteKitError(_("stake={stake}: the stakes of this game are {stakes}").format(
                stake=shown(stake), stakes=", ".join(map(str, self.stakes))))
        return self.stakes.index(stake)

    def _first(self, first):
        if first not in self.stake_probabilities:
            raise SetteKitError(_("first={first}: accepted first cards are {names}").format(
                first=shown(first), names=", ".join(map(repr, self.stake_probabilities))))
        return NAMES.index(first)

    def hit_probability(self, stake, first, up_cards=()) -> Fraction:
        """The equilibrium player's probability of hitting with ``first`` as his hidden
        card (a class name: "Ace", "2" ... "7", "figure"), ``up_cards`` face up and
        ``stake`` staked.  0 where he must stand (7½, S10).

        >>> from sette_kit import odds
        >>> g = odds.stake_game()
        >>> g.hit_probability(1, "figure"), g.hit_probability(10, "7")
        (Fraction(1, 1), Fraction(0, 1))
        """
        si, p = self._stake_index(stake), self._first(first)
        m = self._classes(up_cards, "up_cards")
        t = HP[p] + _hp(m)
        if t > S75:
            raise SetteKitError(_("these cards are bust (S10): there is nothing left to decide"))
        return self._player.get((si, p, _code(m)), Fraction(0))

    def bank_hit_probability(self, stake, up_cards, bank_cards, *, shown: bool = False) -> Fraction:
        """The equilibrium bank's probability of hitting, holding ``bank_cards``, when the
        player staked ``stake`` and stood with ``up_cards`` face up (``shown``: he showed
        7½, S10).

        >>> from sette_kit import odds
        >>> g = odds.stake_game()
        >>> g.bank_hit_probability(1, (), "7c"), g.bank_hit_probability(10, (), "Fc")
        (Fraction(0, 1), Fraction(1, 1))
        """
        si = self._stake_index(stake)
        m, h = self._classes(up_cards, "up_cards"), self._classes(bank_cards, "bank_cards")
        if not sum(h):
            raise SetteKitError(_("bank_cards: give the bank's cards, at least its hidden one"))
        got = self._bank.get((si, _code(m), bool(shown), _code(h)))
        if got is not None:
            return got
        return Fraction(int(self._forced_hit(m, bool(shown), h)))

    def _forced_hit(self, m, shown, h) -> bool:
        """The bank's dominated stand: below every total the player can hold, it hits
        (while a card is left to draw).  Those hits are not stored in the data."""
        n, N = self.deck, sum(self.deck)
        totals = []
        for p in range(NCLS):
            if n[p] and all(m[c] + (c == p) <= n[c] for c in range(NCLS)):
                t = HP[p] + _hp(m)
                if (t == S75) == shown and t <= S75:
                    totals.append(t)
        hp, size = _hp(h), sum(h)
        return bool(totals) and hp < min(totals) and hp < S75 and size < N - 1 - sum(m)

    def player_strategy(self) -> dict:
        """Every decision point of the player after his stake: ``{(stake, first card,
        face-up cards as class names): P(hit)}`` (S9).  Points the strategy never reaches
        (a 7 with a stake of 1, for one) carry whatever CFR+ left there; they change
        nothing.

        >>> from sette_kit import odds
        >>> odds.stake_game().player_strategy()[(1, "figure", ())]
        Fraction(1, 1)
        """
        return {(self.stakes[si], NAMES[p], _names(code)): v for (si, p, code), v in self._player.items()}

    def bank_strategy(self) -> dict:
        """The bank's hits where it has a choice: ``{(stake, the player's face-up cards,
        shown 7½, the bank's cards), all as class names: P(hit)}`` for the hands it
        hits with some probability; with any other hand it stands, except below every
        total the player can hold, where it always hits (those hands are left out, see
        :meth:`bank_hit_probability`).

        >>> from sette_kit import odds
        >>> odds.stake_game().bank_strategy()[(10, (), False, ("figure",))]
        Fraction(1, 1)
        """
        return {(self.stakes[si], _names(mc), shown, _names(hc)): v for (si, mc, shown, hc), v in self._bank.items()}

    # -- Bayes -------------------------------------------------------------------------------
    def _arrival(self, si, p, m, memo):
        """The player's flow into the face-up multiset m (sum over orders of the product
        of his hit probabilities along the way)."""
        if m in memo:
            return memo[m]
        if not sum(m):
            return Fraction(1)
        out = Fraction(0)
        for c in range(NCLS):
            if m[c]:
                prev = m[:c] + (m[c] - 1,) + m[c + 1:]
                if HP[p] + _hp(prev) < S75:
                    h = self._player.get((si, p, _code(prev)), Fraction(0))
                    if h:
                        out += self._arrival(si, p, prev, memo) * h
        memo[m] = out
        return out

    def posterior(self, stake, up_cards=(), *, stood: bool = False) -> dict:
        """Bayes with an imperfect signal: the bank's probability of each hidden first
        card of the equilibrium player, given that he staked ``stake`` and holds
        ``up_cards`` face up, not bust and not showing 7½ (S10); ``stood=True``: and
        that he stood there (what the bank knows when it plays).  Exact; the cards
        with probability 0 are left out.

        P(card | stake) = P(stake | card) P(card) / P(stake); with face-up cards the
        likelihood also holds the chance of drawing them and the player's choices to
        draw them (and to stand).

        >>> from sette_kit import odds
        >>> g = odds.stake_game()
        >>> sum(g.posterior(10).values()), sum(g.posterior(1, "4c", stood=True).values())
        (Fraction(1, 1), Fraction(1, 1))
        >>> "7" in g.posterior(1), g.posterior(10)["7"] > Fraction(1, 2)   # a 7 always stakes 10
        (False, True)
        """
        si = self._stake_index(stake)
        m = self._classes(up_cards, "up_cards")
        n, N = self.deck, sum(self.deck)
        weights = {}
        for p in range(NCLS):
            name = NAMES[p]
            if name not in self.stake_probabilities:
                continue
            rest = [n[c] - (c == p) for c in range(NCLS)]
            if any(m[c] > rest[c] for c in range(NCLS)):
                continue
            t = HP[p] + _hp(m)
            if t >= S75:
                continue
            w = self.stake_probabilities[name][self.stakes[si]] * Fraction(n[p], N)
            if not w:
                continue
            for c in range(NCLS):
                w *= _ff(rest[c], m[c])
            w /= _ff(N - 1, sum(m))
            w *= self._arrival(si, p, m, {})
            if stood:
                w *= 1 - self._player.get((si, p, _code(m)), Fraction(0))
            if w:
                weights[name] = w
        total = sum(weights.values())
        if not total:
            raise SetteKitError(_("a player following this strategy never stakes {stake} and then holds these "
                                  "face-up cards{stood}").format(stake=stake, stood=_(" and stands") if stood else ""))
        return {k: v / total for k, v in weights.items()}

    @property
    def bluff(self) -> Bluff:
        """The bluffs of the equilibrium player (see :class:`Bluff`).

        >>> from sette_kit import odds
        >>> b = odds.stake_game().bluff
        >>> b.high_stake, b.by_card["7"], "7" in b.cards, "2" in b.cards
        (10, Fraction(1, 1), False, True)
        """
        hi = self.stakes[-1]
        n, N = self.deck, sum(self.deck)
        by = {name: self.stake_probabilities[name][hi] for name in self.stake_probabilities}
        prior = {name: Fraction(n[NAMES.index(name)], N) for name in by}
        high = sum(prior[k] * v for k, v in by.items())
        cards = {k: v for k, v in by.items() if v and self.card_values[k][hi] < 0}
        freq = sum(prior[k] * v for k, v in cards.items())
        return Bluff(hi, MappingProxyType(by), high, MappingProxyType(cards), freq,
                     freq / high if high else Fraction(0))

    # -- checks ------------------------------------------------------------------------------
    def _strategies(self, game):
        S = len(self.stakes)
        sigma = {p: tuple(self.stake_probabilities[NAMES[p]][s] for s in self.stakes) for p in game.firsts}
        beta = {}
        for si in range(S):
            for p in game.firsts:
                beta[(si, p)] = [self._player.get((si, p, _code(nd["m"])), Fraction(0)) if nd["kind"] == "dec"
                                 else Fraction(0) for nd in game.pnodes[p]]
        gamma = {}
        for si in range(S):
            for b, pub in enumerate(game.publics):
                mc = _code(pub["m"])
                gamma[(si, b)] = [self._bank.get((si, mc, pub["shown"], _code(nd["h"])), Fraction(0))
                                  if nd["kind"] == "dec" else Fraction(0) for nd in pub["nodes"]]
        return sigma, beta, _fill_bank(game, gamma)

    def best_responses(self) -> tuple:
        """(lower, upper) recomputed from the strategies here by exact best responses
        (a few seconds for the 40 cards): they equal ``lower`` and ``upper``."""
        game = _Game(self.deck, self.stakes, self.rules.dealer_wins_ties)
        sigma, beta, gamma = self._strategies(game)
        return bank_best_response(game, sigma, beta)[0], player_values(game, gamma)[0]

    # -- the data file ------------------------------------------------------------------------
    def to_data(self) -> dict:
        """The game as JSON-ready data (see :func:`build_data`)."""
        S = self.stakes
        player: dict = {}
        for (si, p, code), v in sorted(self._player.items()):
            if v:
                player.setdefault(str(S[si]), {}).setdefault(NAMES[p], {})[code] = _frac(v)
        bank: dict = {}
        for (si, mc, up, hc), v in sorted(self._bank.items()):
            if v:
                bank.setdefault(str(S[si]), {}).setdefault(mc + ("!" if up else ""), {})[hc] = _frac(v)
        info = self.information
        return {
            "format": DATA_FORMAT, "rules": self.rules.name, "ties_to_bank": self.rules.dealer_wins_ties,
            "stakes": list(S), "deck": _code(self.deck), "iterations": self.iterations,
            "lower": _frac(self.lower), "upper": _frac(self.upper),
            "stake": {k: [_frac(v[s]) for s in S] for k, v in self.stake_probabilities.items()},
            "card_values": {k: [_frac(v[s]) for s in S] for k, v in self.card_values.items()},
            "information": {"blind": _frac(info.blind), "best_fixed": _frac(info.best_fixed),
                            "best_fixed_total": _frac(info.best_fixed_total), "reads_plan": _frac(info.reads_plan),
                            "equilibrium": _frac(info.equilibrium), "equilibrium_upper": _frac(info.equilibrium_upper),
                            "per_stake_fixed": _frac(info.per_stake_fixed),
                            "per_stake_fixed_totals": [_frac(t) for t in info.per_stake_fixed_totals]},
            "player": player, "bank": bank,
        }

    @classmethod
    def from_data(cls, data: dict, rules: Rules) -> "StakeGame":
        S = tuple(data["stakes"])
        F = Fraction
        player = {}
        for s, by in data["player"].items():
            si = S.index(int(s))
            for name, cells in by.items():
                p = NAMES.index(name)
                for code, v in cells.items():
                    player[(si, p, code)] = F(v)
        bank = {}
        for s, by in data["bank"].items():
            si = S.index(int(s))
            for mc, cells in by.items():
                shown = mc.endswith("!")
                mc = mc.rstrip("!")
                for hc, v in cells.items():
                    bank[(si, mc, shown, hc)] = F(v)
        i = data["information"]
        info = Information(F(i["blind"]), F(i["best_fixed"]), F(i["best_fixed_total"]), F(i["reads_plan"]),
                           F(i["equilibrium"]), F(i["equilibrium_upper"]), F(i["per_stake_fixed"]),
                           tuple(F(t) for t in i["per_stake_fixed_totals"]))
        names = [k for k in NAMES if k in data["stake"]]  # the class order (the file's keys are sorted)
        stake_p = {k: MappingProxyType(dict(zip(S, map(F, data["stake"][k])))) for k in names}
        values = {k: MappingProxyType(dict(zip(S, map(F, data["card_values"][k])))) for k in names}
        return cls(rules, S, _decode(data["deck"]), F(data["lower"]), F(data["upper"]),
                   MappingProxyType(stake_p), MappingProxyType(values), info, data["iterations"],
                   MappingProxyType(player), MappingProxyType(bank))

    def __repr__(self) -> str:
        return (f"<StakeGame {self.rules.name} stakes {self.stakes}: value in [{float(self.lower):+.7f}, "
                f"{float(self.upper):+.7f}]{' (exact)' if self.lower == self.upper else ''}>")


def _result(game, rules, lower, upper, sigma, beta, gamma, iterations, information=True) -> StakeGame:
    S = game.stakes
    player = {}
    for (si, p), row in beta.items():
        for k, nd in enumerate(game.pnodes[p]):
            if nd["kind"] == "dec":
                player[(si, p, _code(nd["m"]))] = Fraction(row[k])
    bank = {}
    for (si, b), row in gamma.items():
        pub = game.publics[b]
        mc = _code(pub["m"])
        for i, nd in enumerate(pub["nodes"]):
            if nd["kind"] == "dec" and row[i] and nd["fixed"] is None:  # the forced hits are recomputed
                bank[(si, mc, pub["shown"], _code(nd["h"]))] = Fraction(row[i])
    __, per, ___ = player_values(game, gamma, sigma, beta)
    stake_p = {NAMES[p]: MappingProxyType({S[si]: Fraction(sigma[p][si]) for si in range(len(S))})
               for p in game.firsts}
    values = {NAMES[p]: MappingProxyType({S[si]: per[(si, p)] for si in range(len(S))}) for p in game.firsts}
    info = _information(game, lower, upper) if information else None
    return StakeGame(rules, S, game.n, lower, upper, MappingProxyType(stake_p), MappingProxyType(values), info,
                     iterations, MappingProxyType(player), MappingProxyType(bank))


# -- the public function -----------------------------------------------------------------------------

def _check_rules(rules: Rules | str) -> Rules:
    rules = as_rules(rules)
    bad = []
    if rules.matta is not None:
        bad.append(_("the matta (S3-S4)"))
    if rules.reale:
        bad.append(_("the reale and its bonus (S5, S14)"))
    if rules.triple:
        bad.append(_("the triple (S6)"))
    if rules.stake_timing != "after_first_card":
        bad.append(_("the stake placed before the deal (S9): the stake must come after the first card"))
    for name, rule in (("burn_three_four", "S19"), ("exchange_four", "S20"), ("half_point_ace", "S21"),
                       ("face_down_requests", "S22"), ("split_figures", "S23")):
        if getattr(rules, name):
            bad.append(f"{name} ({rule})")
    if bad:
        raise SetteKitError(_("rules={name}: the stake game is solved for even-money rules without the matta, "
                              "bonuses or optional rules, such as the 'plain' preset (ties to the bank or "
                              "pushed); these rules have {what}").format(name=shown(rules.name), what=", ".join(bad)))
    return rules


def _check_stakes(stakes) -> tuple:
    accepted = _("give {lo} to {hi} different positive whole numbers, such as (1, 10)").format(lo=2, hi=MAX_STAKES)
    if isinstance(stakes, (str, bytes)) or not hasattr(stakes, "__iter__"):
        raise SetteKitError(_("stakes={stakes}: {accepted}").format(stakes=shown(stakes), accepted=accepted))
    out = []
    for s in stakes:
        ok = isinstance(s, int) and not isinstance(s, bool) or (isinstance(s, Fraction) and s.denominator == 1)
        if not ok or s <= 0:
            raise SetteKitError(_("stakes={stakes}: {s} is not a positive whole number; {accepted}").format(
                stakes=shown(stakes), s=shown(s), accepted=accepted))
        out.append(int(s))
    if len(set(out)) != len(out) or not 2 <= len(out) <= MAX_STAKES:
        raise SetteKitError(_("stakes={stakes}: {accepted}").format(stakes=shown(tuple(stakes)), accepted=accepted))
    return tuple(sorted(out))


def _check_deck(deck, rules):
    if deck is None:
        return FULL_COUNTS
    if isinstance(deck, str):
        cards = parse_cards(deck, face=rules.face) if deck.strip() else ()
    else:
        cards = _items(deck, "deck")
    if len(set(cards)) != len(cards):
        raise SetteKitError(_("deck: each card at most once"))
    counts = [0] * NCLS
    for c in cards:
        counts[card_class(c, rules)] += 1
    if len(cards) < 3:
        raise SetteKitError(_("deck: give at least 3 cards (the player's, the bank's and one to draw)"))
    return tuple(counts)


def _shipped(rules, stakes, counts):
    return (rules == as_rules("plain") and stakes == (1, 10) and counts == FULL_COUNTS and DATA_FILE.exists())


def stake_game(rules: Rules | str = "plain", stakes=(1, 10), *, deck=None, shipped: bool = True, iterations=None,
               _one_stake: bool = False) -> StakeGame:
    """The stake game solved to equilibrium (see the module :mod:`._stake_game`): the bank
    sees the stake and the player's face-up cards (S9, S11) and plays its best against the
    player's strategy, who chooses his stake knowing that.

    ``rules``: even-money rules without the matta or bonuses (the ``plain`` preset;
    ties pushed is accepted too).  ``stakes``: 2 to 4 different positive whole numbers.
    ``deck``: the cards the round is dealt from (default the 40; fewer for checks).
    With the defaults the solution shipped with the kit is loaded (``shipped=False``
    solves again: about a minute of CPU with numpy, see ``bench/bench_stake_game.py``).
    ``iterations``: CFR+ iterations (default 10,000 for the 40 cards, 1000 for small decks).

    >>> from sette_kit import odds
    >>> g = odds.stake_game()
    >>> g.stakes, g.width <= Fraction(1, 10**6)
    ((1, 10), True)
    >>> sum(g.stake_probabilities["7"].values())
    Fraction(1, 1)
    >>> small = odds.stake_game(deck="1c 7c Fc Cc 2c", iterations=300)   # five cards: solved exactly
    >>> small.lower == small.upper == Fraction(17, 10)
    True
    """
    rules = _check_rules(rules)
    stakes = (1,) if _one_stake else _check_stakes(stakes)
    counts = _check_deck(deck, rules)
    if shipped and not _one_stake and _shipped(rules, stakes, counts) and iterations is None:
        return _load(rules)
    game = _Game(counts, stakes, rules.dealer_wins_ties)
    its = _default_iterations(game) if iterations is None else int(iterations)
    lower, upper, sigma, beta, gamma = _solve_game(game, its)
    return _result(game, rules, lower, upper, sigma, beta, gamma, its, information=not _one_stake)


_LOADED: dict = {}


def _load(rules) -> StakeGame:
    got = _LOADED.get("plain")
    if got is None:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
        got = _LOADED["plain"] = StakeGame.from_data(data, rules)
    return got


def build_data(path=None, iterations=None, log=print) -> StakeGame:
    """Solve ``plain`` with stakes (1, 10) and write the data file shipped with the kit
    (``python -m sette_kit.odds._stake_game build``)."""
    rules = as_rules("plain")
    t0 = time.time()
    game = _Game(FULL_COUNTS, (1, 10), True)
    its = _default_iterations(game) if iterations is None else int(iterations)
    lower, upper, sigma, beta, gamma = _solve_game(game, its, log=log)
    g = _result(game, rules, lower, upper, sigma, beta, gamma, its)
    out = Path(path) if path else DATA_FILE
    out.write_text(json.dumps(g.to_data(), separators=(",", ":"), sort_keys=True), encoding="utf-8")
    if log:
        log(f"wrote {out} ({out.stat().st_size} bytes) in {time.time() - t0:.1f} s")
    return g


def main(argv=None) -> int:
    """``python -m sette_kit.odds._stake_game build [iterations]``: rebuild the data file."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] != ["build"] or len(args) > 2:
        print("usage: python -m sette_kit.odds._stake_game build [iterations]")
        return 2
    from sette_kit.odds import _stake_game as module  # the package's copy, not __main__'s

    module.build_data(iterations=int(args[1]) if len(args) > 1 else None)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
