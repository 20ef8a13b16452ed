"""Risk: the spread of one round's result, a bankroll, and the chance of ruin (issue 15).

Everything here is pure Python (no numpy), so it also runs in the browser (Pyodide).

One round
---------
:func:`round_result` gives the exact law of one heads-up round's result in money for
the optimal player (``odds.solve``) or a threshold player (``stand_at(x)``), at a flat
stake or with a staking plan (S9: the stake is placed after seeing the first card),
with its mean, variance and standard deviation:

>>> from sette_kit import risk
>>> r = risk.round_result("plain")              # optimal player, bank stands at 5, stake 1
>>> {x: f"{float(p):.4f}" for x, p in r.distribution.items()}
{-1: '0.5819', 1: '0.4181'}
>>> f"mean {float(r.mean):+.4f}, sd {r.sd:.4f}"
'mean -0.1637, sd 0.9865'

A bankroll
----------
:func:`ruin_probability` follows the bankroll round by round as a Markov chain: a
player with ``bankroll`` who stops when he has nothing left to stake (ruin) or when
he reaches ``target``.  The stake is the planned one, but never more than the
bankroll can cover in the worst case (the bank's reale collects double under the
Italian rules, S15), as at the kit's table (:mod:`sette_kit.game`); a player who
cannot cover the table's minimum stake is ruined.  The chain is solved as a linear
system (see :func:`ruin_probability` for the method and its error bound) and checked
by :func:`simulate_ruin`; :func:`bankroll_paths` draws seeded paths for a chart.

The gambler's fallacy
---------------------
:func:`next_card_after_busts`: after five busts in a row the next card is no likelier
to save you when the deck is reshuffled between hands; when it is not (S18), the
cards already seen do change the odds - by counting, not by luck "owed".
"""

from __future__ import annotations

import bisect
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
import itertools
from itertools import product
from types import MappingProxyType
from typing import Mapping, NamedTuple

from . import fmt
from ._checks import read_bool
from .errors import SetteKitError
from .i18n import _
from .numbers import MAX_MONEY, read_number, read_whole, shown

__all__ = ["RoundResult", "round_result", "custom_round", "Ruin", "ruin_probability", "RuinSimulation",
           "simulate_ruin", "bankroll_paths", "StakeRow", "ruin_by_stake", "AfterBusts",
           "next_card_after_busts", "StreakSimulation", "hand_bust_after_streak", "RuinRun",
           "simulate_ruin_stepped", "path_ends", "at_stake", "Chain", "ruin_chain"]


# -- one round -------------------------------------------------------------------------------

class Part(NamedTuple):
    """One branch of a round: with ``probability`` the first card is ``card`` (None: any)
    and the stake is ``stake``; the result per unit stake then has law ``per_unit``."""

    card: str | None
    probability: object
    stake: object
    per_unit: Mapping


def _sqrt(x) -> float:
    return math.sqrt(float(x))


@dataclass(frozen=True)
class RoundResult:
    """The law of one round's result in money (build it with :func:`round_result` or
    :func:`custom_round`).  ``distribution``: money result -> probability, sorted;
    ``mean`` and ``variance`` are exact when the probabilities are Fractions; ``sd`` is
    the standard deviation (a float: the square root is rarely a fraction)."""

    parts: tuple
    label: str = ""
    distribution: Mapping = field(init=False, repr=False)

    def __post_init__(self):
        acc: dict = {}
        for part in self.parts:
            for x, p in part.per_unit.items():
                m = x * part.stake
                acc[m] = acc.get(m, 0) + part.probability * p
        object.__setattr__(self, "distribution", {m: acc[m] for m in sorted(acc) if acc[m]})

    @property
    def mean(self):
        return sum(x * p for x, p in self.distribution.items())

    @property
    def variance(self):
        mean = self.mean
        return sum((x - mean) ** 2 * p for x, p in self.distribution.items())

    @property
    def sd(self) -> float:
        return _sqrt(self.variance)

    @property
    def worst_loss(self):
        """The largest loss per unit stake (1, or 2 where the bank's reale collects double)."""
        return max([-x for part in self.parts for x, p in part.per_unit.items() if p and x < 0] or [0])

    def describe(self) -> str:
        """The law in words.

        >>> print(custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)}, stake=5).describe())
        One round: -5 with probability 1/2 (50.0%), +5 with probability 1/2 (50.0%).
        Mean +0.0000, variance 25 (exactly 25), standard deviation 5.0000.
        """
        parts = ", ".join(_("{result} with probability {p} ({percent})").format(
            result=_num(x, "+g"), p=_frac(p), percent=fmt.percent(p, 1)) for x, p in self.distribution.items())
        var = self.variance
        if isinstance(var, Fraction) and len(str(var)) < 40:
            second = _("Mean {mean}, variance {variance} (exactly {exact}), standard deviation {sd}.")
        else:
            second = _("Mean {mean}, variance {variance}, standard deviation {sd}.")
        return "\n".join((_("One round: {parts}.").format(parts=parts),
                          second.format(mean=_num(float(self.mean), "+.4f"), variance=_num(float(var), ".4g"),
                                        exact=_frac(var), sd=_num(self.sd, ".4f"))))


def _num(x, spec: str) -> str:
    """``format(x, spec)`` with the decimals written by :mod:`sette_kit.fmt` (a decimal
    comma in Italian and Spanish); the sign of ``+`` specs is kept, even for zero."""
    text = format(x, spec)
    if "e" in text or "n" in text or "." not in text:
        return text
    out = fmt.decimal(x, len(text.split(".")[1]), sign="+" in spec)
    if text[0] in "+-" and out[0] not in "+-":
        out = text[0] + out
    return out


def _frac(p) -> str:
    if isinstance(p, Fraction):
        return str(p) if len(str(p)) < 25 else "≈" + fmt.decimal(p, 6)
    return fmt.decimal(p, 6)


def _stake(x, name="stake"):
    """A stake: a positive whole number or fraction (an int when whole), at most
    MAX_MONEY (issue 24: 10**10000 or 1e300 is not a stake)."""
    from .odds._staking import _amount

    return _amount(x, name)


MAX_RESULTS = 2001
"""The most results a :func:`custom_round` may have."""


def _small(x) -> bool:
    """A number of at most 60 digits in its numerator and denominator (issue 24: a Fraction
    such as 1/10**5000 cannot be written out in a description)."""
    if isinstance(x, (int, Fraction)) and not isinstance(x, bool):
        try:
            read_number(x, "x")
        except SetteKitError:
            return False
    return True


def custom_round(distribution: Mapping, stake=1, label: str = "") -> RoundResult:
    """A round with a given law of the result per unit stake, e.g. a coin game, for
    teaching or for comparing with Sette e mezzo.

    >>> r = custom_round({-1: Fraction(52, 100), 1: Fraction(48, 100)})
    >>> r.mean, r.variance
    (Fraction(-1, 25), Fraction(624, 625))
    """
    if not isinstance(distribution, Mapping) or not distribution:
        raise SetteKitError(_("distribution={distribution}: give a dict result -> probability, such as "
                              "{example}").format(distribution=shown(distribution),
                                                  example="{-1: Fraction(1, 2), 1: Fraction(1, 2)}"))
    if len(distribution) > MAX_RESULTS:  # issue 24: a bounded law (the chains are built from it)
        raise SetteKitError(_("distribution: at most {most} results").format(most=MAX_RESULTS))
    for x, p in distribution.items():
        if isinstance(x, bool) or not isinstance(x, (int, Fraction)) or not -1000 <= x <= 1000:
            raise SetteKitError(_("distribution: the result {x} must be a whole number or a Fraction from -1000 to 1000 (per "
                                  "unit stake)").format(x=shown(x)))
        if isinstance(p, bool) or not isinstance(p, (int, Fraction, float)) or not 0 <= p <= 1:
            raise SetteKitError(_("distribution: the probability {p} of {x} must be a number from 0 to 1").format(p=shown(p), x=shown(x)))
        if not (_small(x) and _small(p)):
            raise SetteKitError(_("distribution: a result or a probability has more than 60 digits (at most 60 in a "
                                  "numerator or a denominator)"))
    total = sum(distribution.values())
    if (isinstance(total, float) and abs(total - 1) > 1e-12) or (not isinstance(total, float) and total != 1):
        raise SetteKitError(_("distribution: the probabilities add up to {total}, not 1").format(total=total))
    one = 1.0 if isinstance(total, float) else Fraction(1)
    return RoundResult((Part(None, one, _stake(stake), dict(distribution)),), label)


def _solution(rules, dealer, player, exact):
    from . import odds
    from .odds import Solution, StandAt

    rules = odds._rules(rules)
    dealer = odds.stand_at(5) if dealer is None else dealer
    if player is None or player == "optimal":
        return odds.solve(rules, dealer=dealer, exact=exact), "optimal"
    if isinstance(player, StandAt):
        if not isinstance(dealer, (StandAt, odds.BankSeesPlayer)):
            raise SetteKitError(_("dealer={dealer}: use odds.stand_at(x) or odds.sees_player()").format(dealer=shown(dealer)))
        return Solution(rules, dealer, exact, player=player), repr(player)
    raise SetteKitError(_("player={player}: accepted players are 'optimal' (the default) and odds.stand_at(x)").format(player=shown(player)))


def round_result(rules=None, dealer=None, player=None, *, stake=1, plan=None, exact: bool = True) -> RoundResult:
    """The exact law of one heads-up round's result in money (DESIGN.md's heads-up
    model: S10 bust loses at once, S13 ties to the bank, S14 reale paid double, S15 the
    bank's reale collects double where the rules say so).

    ``player``: ``"optimal"`` (default, :func:`sette_kit.odds.solve`) or
    ``odds.stand_at(x)``.  ``dealer``: default ``stand_at(5)``.  ``stake``: a flat stake;
    or ``plan``: a staking plan (S9) - a pair ``(min_stake, max_stake)`` for the best
    plan against this bank, or a :class:`sette_kit.odds.StakingPlan` (its rules, bank
    and player are then used).

    >>> from sette_kit import odds
    >>> r = round_result("italian", player=odds.stand_at(5))
    >>> [(x, f"{float(p):.4f}") for x, p in r.distribution.items()]
    [(-2, '0.0076'), (-1, '0.5758'), (1, '0.4065'), (2, '0.0102')]
    >>> r.mean == odds.policy_ev("italian", odds.stand_at(5), odds.stand_at(5))
    True
    >>> s = round_result("plain", plan=(1, 10))
    >>> sorted(s.distribution)
    [-10, -1, 1, 10]
    >>> f"mean {float(s.mean):+.4f}, sd {s.sd:.3f}"
    'mean +0.4373, sd 4.540'
    """
    from .odds import StakingPlan, best_staking_plan

    if isinstance(plan, StakingPlan):
        if plan.solution is None:
            raise SetteKitError(_("plan: this StakingPlan does not carry its solution; build it with odds.best_staking_plan"))
        if any(v is not None for v in (rules, dealer, player)):
            raise SetteKitError(_("with a StakingPlan give no rules=, dealer= or player=: the plan's own are used"))
        sol, who = plan.solution, ("optimal" if plan.solution.player is None else repr(plan.solution.player))
    else:
        sol, who = _solution(rules, dealer, player, exact)
        if plan is not None:
            if not (isinstance(plan, tuple) and len(plan) == 2):
                raise SetteKitError(_("plan={plan}: give (min_stake, max_stake), such as (1, 10), or a StakingPlan").format(plan=shown(plan)))
            plan = best_staking_plan(sol, *plan)
    if plan is None:
        one = Fraction(1) if sol.exact else 1.0
        parts = (Part(None, one, _stake(stake), sol.result_distribution()),)
        label = f"{who} player, stake {stake}"
    else:
        parts = tuple(Part(n, f.probability, plan.stakes[n], sol.result_distribution(first=n))
                      for n, f in plan.first_cards.items())
        label = f"{who} player, stakes {plan.min_stake}-{plan.max_stake} by first card"
    return RoundResult(parts, f"{label}, {sol.rules.name} rules, bank {sol.dealer!r}")


# -- a bankroll as a Markov chain --------------------------------------------------------------

def _steps(game: RoundResult, b: int, min_stake: int):
    """{money result: probability} at bankroll ``b``, or None if ``b`` cannot cover the
    table's minimum stake (ruin).  The stake is the planned one capped to what ``b``
    covers in the worst case (sette_kit.game's rule)."""
    worst = game.worst_loss or 1
    cap = int(b // worst)
    if cap < min_stake:
        return None
    acc: dict = {}
    for part in game.parts:
        s = min(part.stake, cap)
        for x, p in part.per_unit.items():
            if p:
                acc[x * s] = acc.get(x * s, 0) + part.probability * p
    return acc


def _check_integral(game: RoundResult):
    for part in game.parts:
        if not isinstance(part.stake, int) or any(not isinstance(x, int) for x in part.per_unit):
            raise SetteKitError(_("the bankroll chain needs whole-number stakes and results (stakes such as 1-10)"))


def _whole(x, name, low=0, high=None) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < low:
        if high is not None:
            raise SetteKitError(_("{name}={x}: give a whole number >= {low} and at most {high}").format(
                name=name, x=shown(x), low=low, high=format(high, ",")))
        raise SetteKitError(_("{name}={x}: give a whole number >= {low}").format(name=name, x=shown(x), low=low))

    if high is not None and x > high:  # issue 18: a bound on the work, refused at once
        raise SetteKitError(_("{name}={x}: give a whole number from {low} to {high}").format(name=name, x=shown(x), low=low, high=format(high, ',')))
    return x


MAX_BANKROLL = 5_000
"""The largest bankroll and target of the exact chain (its work grows with the target);
the simulations take the same bound."""


def _chain(game, bankroll, target, min_stake):
    _check_integral(game)
    bankroll = _whole(bankroll, "bankroll", 1, MAX_BANKROLL)
    target = _whole(target, "target", 1, MAX_BANKROLL)
    min_stake = _whole(min_stake, "min_stake", 1, MAX_BANKROLL)
    if target <= bankroll:
        raise SetteKitError(_("target={target} must be more than bankroll={bankroll}").format(target=target, bankroll=bankroll))
    states = [b for b in range(target) if _steps(game, b, min_stake) is not None]
    return bankroll, target, min_stake, states


def _banded_solve(A: list, rhs: list, w: int) -> list:
    """Gaussian elimination without pivoting on a sparse matrix (rows as dicts column ->
    value) whose nonzeros lie within ``w`` of the diagonal (I - Q for a substochastic Q
    from which absorption is certain: an M-matrix, for which elimination without pivoting
    is stable and keeps the band).  Only the nonzeros are stored and visited (a game of
    results -1000 and +1000 has a wide band but two nonzeros a row).  ``rhs``: a list of
    right-hand sides.  Works in floats or in Fractions."""
    n = len(A)
    below = [[] for _ in range(n)]  # below[k]: the rows i > k with a nonzero in column k
    for i, row in enumerate(A):
        for j in row:
            if j < i:
                below[j].append(i)
    for k in range(n):
        rowk = A[k]
        piv = rowk.get(k, 0)
        if not piv:  # the chain can stay for ever at some bankroll: no ruin probability to give
            raise SetteKitError(_("game: from some bankroll the rounds can go on for ever without ruin or the "
                                  "target, so there is no probability of ruin to compute"))
        upper = [(j, v) for j, v in rowk.items() if j > k and v]
        for i in below[k]:
            rowi = A[i]
            a = rowi.pop(k, 0)
            if not a:
                continue
            f = a / piv
            for j, v in upper:
                old = rowi.get(j)
                if old is None:
                    rowi[j] = -f * v
                    if j < i:
                        below[j].append(i)
                else:
                    rowi[j] = old - f * v
            for r in rhs:
                r[i] -= f * r[k]
    out = []
    for r in rhs:
        x = [0] * n
        for i in range(n - 1, -1, -1):
            row = A[i]
            s = r[i]
            for j, v in row.items():
                if j > i and v:
                    s -= v * x[j]
            x[i] = s / row[i]
        out.append(x)
    return out


@dataclass(frozen=True)
class Ruin:
    """The answer of :func:`ruin_probability`.

    ``probability``: of ruin before reaching ``target`` from ``bankroll``;
    ``success`` = 1 - probability; ``expected_rounds``: the mean number of rounds until
    one or the other; ``by_bankroll``: the ruin probability from every bankroll 0 ...
    ``target`` (for a chart); ``error_bound``: a bound on the error of ``probability``
    (0 when exact); ``method``: how it was computed, in words.
    """

    bankroll: int
    target: int
    probability: object
    expected_rounds: float
    by_bankroll: tuple = field(repr=False)
    error_bound: float = 0.0
    method: str = field(default="", repr=False)

    @property
    def success(self):
        """The probability of reaching the target first.

        >>> coin = custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})
        >>> ruin_probability(coin, 3, 4, exact=True).success
        Fraction(3, 4)
        """
        return 1 - self.probability


def ruin_probability(game: RoundResult, bankroll: int = 100, target: int = 200, *, min_stake: int = 1,
                     exact: bool = False) -> Ruin:
    """The probability of losing the whole ``bankroll`` before reaching ``target``,
    playing round after round as ``game`` (a :class:`RoundResult`) says.

    The bankroll is a Markov chain on the whole numbers: from ``b`` the next round
    moves it by the round's result with the stake capped to what ``b`` covers (see the
    module notes); it stops at ruin (``b`` cannot cover ``min_stake``, the table's
    minimum) or at ``target`` or more.  The ruin probabilities ``r_b`` solve the linear
    system ``r_b = sum_b' P(b -> b') r_b'`` (``r`` = 1 at ruin, 0 at the target), a
    banded system solved by Gaussian elimination without pivoting in pure Python.

    ``exact=True`` eliminates in Fractions (exact, but slow for long chains: use it for
    small bankrolls).  By default it eliminates in floats, then refines once with the
    residual computed exactly in Fractions; ``error_bound`` is ``||residual|| *
    max expected rounds`` (``(I - Q)^-1`` has nonnegative entries and row sums equal to
    the expected number of rounds), doubled for safety: a bound below 1e-12 in practice.

    >>> from sette_kit import risk
    >>> coin = risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})
    >>> risk.ruin_probability(coin, 10, 20, exact=True).probability     # a fair game: 1/2
    Fraction(1, 2)
    >>> r = risk.ruin_probability(risk.round_result("plain"), 100, 200)
    >>> f"{r.probability:.12f}", r.error_bound < 1e-12
    ('1.000000000000', True)
    >>> r = risk.ruin_probability(risk.round_result("plain", stake=10), 100, 200)
    >>> f"{r.probability:.6f} after {r.expected_rounds:.1f} rounds on average"
    '0.964558 after 56.8 rounds on average'
    """
    if not isinstance(game, RoundResult):
        raise SetteKitError(_("game={game}: give a RoundResult from risk.round_result or risk.custom_round").format(game=shown(game)))
    read_bool(exact, "exact")
    bankroll, target, min_stake, states = _chain(game, bankroll, target, min_stake)
    if not any(p and x for part in game.parts if part.probability for x, p in part.per_unit.items()):
        raise SetteKitError(_("game: every result of this round is 0, so the bankroll never moves and neither ruin nor "
                              "the target is ever reached"))
    index = {b: i for i, b in enumerate(states)}
    n = len(states)
    exact_probs = all(isinstance(p, (int, Fraction)) for part in game.parts
                      for p in (part.probability, *part.per_unit.values()))
    if exact and not exact_probs:
        raise SetteKitError(_("exact=True needs exact probabilities: build the round with exact=True"))
    zero, one = (Fraction(0), Fraction(1)) if exact_probs else (0.0, 1.0)
    rows, c_ruin = [], []  # Q restricted to the live states, and the one-step ruin probabilities
    w = 0
    for b in states:
        row = {}
        ruin = zero
        for m, p in _steps(game, b, min_stake).items():
            nb = b + m
            if nb >= target:
                continue
            j = index.get(nb)
            if j is None:  # below what covers the minimum stake: ruin
                ruin += p
            else:
                row[j] = row.get(j, zero) + p
                w = max(w, abs(j - index[b]))
        rows.append(row)
        c_ruin.append(ruin)

    def matrix(conv):  # I - Q, sparse: one dict per row
        A = []
        for i, row in enumerate(rows):
            a = {i: conv(1)}
            for j, p in row.items():
                a[j] = a.get(j, conv(0)) - conv(p)
            A.append(a)
        return A

    if exact:
        r, t = _banded_solve(matrix(Fraction), [list(c_ruin), [Fraction(1)] * n], w)
        bound, method = 0.0, _("Gaussian elimination in exact Fractions")
    else:
        r, t = _banded_solve(matrix(float), [[float(c) for c in c_ruin], [1.0] * n], w)
        # one refinement with the residual computed exactly (a float is an exact binary
        # fraction, so this holds for float probabilities too: issue 24, never a NaN bound)
        res = _residual(rows, c_ruin, r)
        d, = _banded_solve(matrix(float), [[float(x) for x in res]], w)
        r = [a + b for a, b in zip(r, d)]
        res = _residual(rows, c_ruin, r)
        bound = 2 * max(abs(float(x)) for x in res) * max(t)
        method = _("Gaussian elimination in floats, refined once with the residual computed in exact "
                   "Fractions; error bound = 2 x max residual x max expected rounds")
    by = []
    for b in range(target + 1):
        if b >= target:
            by.append(zero)  # reached the target
        elif b in index:
            by.append(r[index[b]])
        else:
            by.append(one)  # cannot cover the minimum stake: ruined
    prob = by[bankroll]
    if not exact:
        prob = min(1.0, max(0.0, float(prob)))
        by = [min(1.0, max(0.0, float(x))) for x in by]
    exp_rounds = float(t[index[bankroll]]) if bankroll in index else 0.0
    return Ruin(bankroll, target, prob, exp_rounds, tuple(by), bound, method)


@dataclass(frozen=True)
class Chain:
    """The bankroll chain of :func:`ruin_chain`, for a drawing: ``states`` are the
    bankrolls it can reach from ``bankroll``, smallest first (``ruined`` and ``reached``
    say which of them end the game), ``moves[b]`` maps each next bankroll to its
    probability, and ``ruin[b]`` is the chance of ruin from ``b``."""

    bankroll: int
    target: int
    states: tuple
    moves: Mapping = field(repr=False)
    ruin: Mapping = field(repr=False)
    ruined: frozenset = field(repr=False)
    reached: frozenset = field(repr=False)


def ruin_chain(game: RoundResult, bankroll: int = 100, target: int = 200, *, min_stake: int = 1,
               exact: bool = False) -> Chain:
    """The Markov chain of :func:`ruin_probability` as states and moves: every bankroll
    that can be reached from ``bankroll``, where one round takes it and how likely each
    move is, and the chance of ruin from each (the drawing of the chain in lesson 10).

    >>> coin = custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})
    >>> c = ruin_chain(at_stake(coin, 10), 20, 40, exact=True)
    >>> c.states, dict(c.moves[20]), [c.ruin[b] for b in c.states]
    ((0, 10, 20, 30, 40), {10: Fraction(1, 2), 30: Fraction(1, 2)}, [Fraction(1, 1), Fraction(3, 4), Fraction(1, 2), Fraction(1, 4), Fraction(0, 1)])
    >>> sorted(c.ruined), sorted(c.reached)
    ([0], [40])
    """
    if not isinstance(game, RoundResult):
        raise SetteKitError(_("game={game}: give a RoundResult from risk.round_result or risk.custom_round").format(game=repr(game)))
    r = ruin_probability(game, bankroll, target, min_stake=min_stake, exact=exact)
    moves, todo, seen = {}, [bankroll], {bankroll}
    ruined, reached = set(), set()
    while todo:
        b = todo.pop()
        if b >= target:
            reached.add(b)
            continue
        steps = _steps(game, b, min_stake)
        if steps is None:
            ruined.add(b)
            continue
        moves[b] = MappingProxyType({b + m: p for m, p in sorted(steps.items())})
        for nb in moves[b]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    states = tuple(sorted(seen))
    ruin = {b: r.by_bankroll[min(b, target)] for b in states}
    return Chain(bankroll, target, states, MappingProxyType(moves), MappingProxyType(ruin), frozenset(ruined),
                 frozenset(reached))


def _residual(rows, c, x) -> list:
    """c - (I - Q) x, exactly (x's floats are exact binary fractions)."""
    xf = [Fraction(v) for v in x]
    out = []
    for i, row in enumerate(rows):
        s = Fraction(c[i]) - xf[i]
        for j, p in row.items():
            s += Fraction(p) * xf[j]
        out.append(s)
    return out


# -- simulation --------------------------------------------------------------------------------

def _sampler(game, target, min_stake) -> list:
    """For every bankroll 0 .. target-1: (results, cumulative probabilities) for drawing
    the next round's money result by inverse probabilities, or None where it is ruin."""
    out, cache = [], {}
    for b in range(target):
        steps = _steps(game, b, min_stake)
        if steps is None:
            out.append(None)
            continue
        key = tuple(sorted(steps.items()))
        got = cache.get(key)
        if got is None:
            xs = sorted(steps)
            cum, acc = [], 0.0
            for x in xs:
                acc += float(steps[x])
                cum.append(acc)
            cum[-1] = 1.0
            got = cache[key] = (xs, cum)
        out.append(got)
    return out


def _walk(tables, b, target, rng, limit):
    """Play from bankroll ``b`` for at most ``limit`` rounds: the bankrolls visited."""
    path = [b]
    rand, bis = rng.random, bisect.bisect_right
    while len(path) <= limit and 0 <= b < target:
        t = tables[b]
        if t is None:
            break
        b += t[0][bis(t[1], rand())]
        path.append(b)
    return path


def _rng(seed):
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SetteKitError(_("seed={seed}: the seed must be a whole number >= 0").format(seed=shown(seed)))
    return random.Random(seed)


def bankroll_paths(game: RoundResult, bankroll: int = 100, target: int = 200, *, paths: int = 20,
                   rounds: int = 200, seed: int = 1, min_stake: int = 1) -> tuple:
    """``paths`` seeded bankroll paths of at most ``rounds`` rounds each (for a chart): a
    path is a tuple of bankrolls, starting with ``bankroll``, that stops early at ruin
    or at ``target``.  The same seed gives the same paths.

    >>> from sette_kit import risk
    >>> coin = risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})
    >>> p = risk.bankroll_paths(coin, 5, 10, paths=3, rounds=8, seed=2)
    >>> [len(x) <= 9 and x[0] == 5 for x in p], p == risk.bankroll_paths(coin, 5, 10, paths=3, rounds=8, seed=2)
    ([True, True, True], True)
    """
    if not isinstance(game, RoundResult):
        raise SetteKitError(_("game={game}: give a RoundResult from risk.round_result or risk.custom_round").format(game=shown(game)))
    bankroll, target, min_stake, __ = _chain(game, bankroll, target, min_stake)
    paths, rounds = _whole(paths, "paths", 1, 10_000), _whole(rounds, "rounds", 1, 1_000_000)
    rng = _rng(seed)
    tables = _sampler(game, target, min_stake)
    return tuple(tuple(_walk(tables, bankroll, target, rng, rounds)) for __ in range(paths))


class RuinSimulation(NamedTuple):
    """The answer of :func:`simulate_ruin`: ``estimate`` of the ruin probability with its
    ``stderr``, from ``paths`` bankroll paths played to the end; ``mean_rounds``."""

    estimate: float
    stderr: float
    paths: int
    ruined: int
    mean_rounds: float
    seed: int


def simulate_ruin(game: RoundResult, bankroll: int = 100, target: int = 200, *, paths: int = 2000,
                  seed: int = 1, min_stake: int = 1, max_rounds: int = 10_000_000) -> RuinSimulation:
    """Estimate :func:`ruin_probability` by playing ``paths`` seeded bankroll paths to
    ruin or to the target (each round drawn from the round's exact law).

    >>> from sette_kit import risk
    >>> s = risk.simulate_ruin(risk.round_result("plain", stake=10), paths=400, seed=3)
    >>> exact = risk.ruin_probability(risk.round_result("plain", stake=10)).probability
    >>> abs(s.estimate - exact) < 4 * s.stderr
    True
    """
    if not isinstance(game, RoundResult):
        raise SetteKitError(_("game={game}: give a RoundResult from risk.round_result or risk.custom_round").format(game=shown(game)))
    bankroll, target, min_stake, __ = _chain(game, bankroll, target, min_stake)
    paths = _whole(paths, "paths", 2, 1_000_000)
    max_rounds = _whole(max_rounds, "max_rounds", 1, 10 ** 9)
    rng = _rng(seed)
    tables = _sampler(game, target, min_stake)
    ruined = total_rounds = 0
    for __ in range(paths):
        path = _walk(tables, bankroll, target, rng, max_rounds)
        b = path[-1]
        if 0 <= b < target and tables[b] is not None:
            raise SetteKitError(_("a path did not end within max_rounds={max_rounds}").format(max_rounds=max_rounds))
        ruined += b < target
        total_rounds += len(path) - 1
    p = ruined / paths
    se = math.sqrt(p * (1 - p) / (paths - 1)) if 0 < p < 1 else 0.0
    return RuinSimulation(p, se, paths, ruined, total_rounds / paths, seed)


# -- volatility against edge ---------------------------------------------------------------------

class StakeRow(NamedTuple):
    """One flat stake of :func:`ruin_by_stake`."""

    stake: int
    mean: object        # expected result per round (stake x edge)
    sd: float           # standard deviation of one round
    ruin: float         # probability of ruin before the target
    expected_rounds: float


MAX_STAKES = 50
"""The most stakes :func:`ruin_by_stake` compares at once."""


def ruin_by_stake(rules=None, dealer=None, player=None, *, stakes=(1, 2, 5, 10), bankroll: int = 100,
                  target: int = 200, exact: bool = True) -> list:
    """Volatility against edge: the same player (the same edge per unit staked) at
    different flat stakes.  With the edge against you a bigger stake ends the game
    sooner and gives the edge fewer rounds to work, so it lowers the chance of ruin;
    with the edge for you, the opposite.

    >>> from sette_kit import risk
    >>> [f"{r.stake}: {r.ruin:.4f}" for r in risk.ruin_by_stake("plain", stakes=(1, 5, 10))]
    ['1: 1.0000', '5: 0.9987', '10: 0.9646']
    """
    if isinstance(stakes, (str, bytes, Mapping)) or not hasattr(stakes, "__iter__"):
        raise SetteKitError(_("stakes={stakes}: give a list of whole stakes such as (1, 2, 5, 10)").format(
            stakes=shown(stakes)))
    given = list(itertools.islice(stakes, MAX_STAKES + 1))  # issue 24: an endless list is not read to its end
    if len(given) > MAX_STAKES:
        raise SetteKitError(_("stakes: at most {most} stakes at once (each is a whole ruin computation)").format(
            most=MAX_STAKES))
    if not given:
        raise SetteKitError(_("stakes={stakes}: give a list of whole stakes such as (1, 2, 5, 10)").format(
            stakes=shown(stakes)))
    stakes = [read_whole(s, f"stakes[{i}]", 1, MAX_MONEY, text=False) for i, s in enumerate(given)]
    base = round_result(rules, dealer, player, exact=exact)
    out = []
    for s in stakes:
        game = RoundResult((base.parts[0]._replace(stake=s),), base.label)
        ruin = ruin_probability(game, bankroll, target)
        out.append(StakeRow(s, game.mean, game.sd, ruin.probability, ruin.expected_rounds))
    return out


# -- the gambler's fallacy -----------------------------------------------------------------------

class AfterBusts(NamedTuple):
    """The answer of :func:`next_card_after_busts` (probabilities that the next card busts)."""

    hand: tuple
    streak: int
    fresh: Fraction        # a freshly shuffled deck (only your hand is out)
    reshuffled: Fraction   # after `streak` busts, the deck reshuffled every hand: the same
    carried: Fraction      # after `streak` busts from the same deck (S18), their cards unseen
    counting: str          # the counting behind ``carried``, in words

    def explain(self) -> str:
        """The three answers in words.

        >>> print(next_card_after_busts("6 di coppe", 5).explain().splitlines()[1])
        Reshuffled every hand, 5 busts in a row change nothing: the deck has no memory, so it is still 23/39 ≈ 59.0%.
        """
        return "\n".join((
            _("Holding {cards}, the next card busts you with probability {p} ≈ {percent} from a fresh "
              "deck.").format(cards=", ".join(c.name() for c in self.hand), p=self.fresh,
                              percent=fmt.percent(self.fresh, 1)),
            _("Reshuffled every hand, {streak} busts in a row change nothing: the deck has no memory, "
              "so it is still {p} ≈ {percent}.").format(streak=self.streak, p=self.reshuffled,
                                                        percent=fmt.percent(self.reshuffled, 1)),
            _("If the deck carries over (S18), the {streak} cards that bust you are gone: {counting} ≈ "
              "{percent}. That is counting cards, not luck that is owed to you.").format(
                streak=self.streak, counting=self.counting, percent=fmt.percent(self.carried, 1))))


def next_card_after_busts(hand="6 di coppe", streak: int = 5, rules=None) -> AfterBusts:
    """The gambler's fallacy with a hand: you hold ``hand`` and ``streak`` times in a
    row the card you drew busted it.  Is the next card less likely to bust you?

    * ``fresh``: the bust probability of one more card, with only your hand out of the
      deck (``odds.bust_probability``).
    * ``reshuffled``: the deck is reshuffled every hand (hands are independent): the
      conditional probability is the same number.  Computed with the engine as
      P(``streak`` + 1 busts) / P(``streak`` busts) over independent fresh decks.
    * ``carried``: the deck carries over (S18) and the ``streak`` busting cards left it
      unseen: the average, over every set of ``streak`` busting cards and weighted by its
      probability, of ``odds.bust_probability`` with those cards seen.  It equals
      (B - k) / (N - k) (B busting cards among N unseen, k the streak): lower, because
      the busting cards are used up.

    >>> a = next_card_after_busts("6 di coppe", 5)
    >>> a.fresh, a.reshuffled, a.carried
    (Fraction(23, 39), Fraction(23, 39), Fraction(9, 17))
    """
    from . import odds
    from .odds import _cards, _rules
    from .strategy import card_class

    rules = _rules(rules)
    streak = _whole(streak, "streak", 0, 40)
    mine = _cards(hand, rules, "hand")
    if not mine:
        raise SetteKitError(_("hand: give at least one card, such as '6 di coppe'"))
    fresh = odds.bust_probability(mine, rules=rules)
    reshuffled = (fresh ** (streak + 1)) / (fresh ** streak) if fresh else Fraction(0)
    unseen = [c for c in _full_deck() if c not in mine]
    busting = [c for c in unseen if odds.bust_probability(mine, seen=[x for x in unseen if x != c], rules=rules) == 1]
    B, N = len(busting), len(unseen)
    if streak > B:
        raise SetteKitError(_("streak={streak}: only {B} cards can bust {value}").format(streak=streak, B=B, value=', '.join(c.name(rules.face) for c in mine)))
    if streak >= N:
        raise SetteKitError(_("streak={streak}: no card would be left to draw").format(streak=streak))
    # group the busting cards by class: a set of `streak` of them is a class composition
    groups: dict = {}
    for c in busting:
        groups.setdefault(card_class(c, rules), []).append(c)
    keys = sorted(groups)
    num = den = 0
    for comp in product(*[range(len(groups[k]) + 1) for k in keys]):
        if sum(comp) != streak:
            continue
        weight = math.prod(math.comb(len(groups[k]), n) for k, n in zip(keys, comp))
        seen = [c for k, n in zip(keys, comp) for c in groups[k][:n]]
        num += weight * odds.bust_probability(mine, seen=seen, rules=rules)
        den += weight
    carried = num / den
    counting = _("{busting} of the {unseen} unseen cards bust you; {streak} of them have gone, so "
                 "{left_busting} of the {left} left do: {left_busting}/{left}").format(
        busting=B, unseen=N, streak=streak, left_busting=B - streak, left=N - streak)

    return AfterBusts(mine, streak, fresh, reshuffled, carried, counting)


def _full_deck():
    from .cards import FULL_DECK

    return FULL_DECK


class StreakSimulation(NamedTuple):
    """The answer of :func:`hand_bust_after_streak`: bust frequencies of the player's
    hands, overall and right after ``streak`` busts in a row, with standard errors."""

    carry_over: bool
    hands: int
    bust_rate: float
    bust_rate_se: float
    after_streak: float
    after_streak_se: float
    streaks: int        # how many hands followed a streak
    exact: Fraction     # the exact bust probability of one hand from a fresh deck


def hand_bust_after_streak(player=None, streak: int = 5, *, hands: int = 200_000, seed: int = 1,
                           carry_over: bool = False, rules=None) -> StreakSimulation:
    """The gambler's fallacy over whole hands, by simulation: a player draws hand after
    hand by ``player`` (default ``stand_at(5)``); how often does a hand bust, and how
    often right after ``streak`` busting hands in a row?

    ``carry_over=False``: a fresh shuffled deck every hand, so hands are independent and
    both rates estimate the engine's exact ``exact`` (``odds.final_distribution``).
    ``carry_over=True``: one deck dealt on (S18), the used cards shuffled back in only
    when it runs out; busting hands use up high cards, so the next hand busts *less*
    often.  Only the player's own cards leave the deck here (no bank, no other players).

    >>> s = hand_bust_after_streak(streak=2, hands=20_000, seed=4)
    >>> abs(s.after_streak - float(s.exact)) < 4 * s.after_streak_se
    True
    """
    from . import odds
    from .odds import _rules
    from .scoring import score
    from .strategy import CLASS_WEIGHTS, card_class

    rules = _rules(rules)
    player = odds.stand_at(5) if player is None else player
    if not isinstance(player, odds.StandAt):
        raise SetteKitError(_("player={player}: use odds.stand_at(x)").format(player=shown(player)))
    streak = _whole(streak, "streak", 1, 40)
    hands = _whole(hands, "hands", 2, 10 ** 7)
    rng = _rng(seed)
    exact = odds.final_distribution(player, rules=rules).get("bust", Fraction(0))
    weight = {c: CLASS_WEIGHTS[card_class(c, rules)] for c in _full_deck()}
    deck = list(_full_deck())
    pos = 0  # deck[:pos] are dealt; each card is drawn uniformly from deck[pos:] (a lazy shuffle)
    cache: dict = {}
    run = busts = after = after_busts = 0
    for __ in range(hands):
        if not carry_over:
            pos = 0  # every card back in the deck
        hand, key = [], 0
        while True:
            if pos == len(deck):  # S18: shuffle the cards not on the table back in
                deck, pos = [c for c in _full_deck() if c not in hand], 0
            j = pos + int(rng.random() * (len(deck) - pos))
            deck[pos], deck[j] = deck[j], deck[pos]
            hand.append(deck[pos])
            key += weight[deck[pos]]  # the hand's class composition: enough for its total (S1-S4)
            pos += 1
            s = cache.get(key)
            if s is None:
                s = cache[key] = score(tuple(hand), rules)
            if s.bust or s.half_points >= 15 or not player.wants_card(s.half_points):
                break
        bust = s.bust
        if run >= streak:
            after += 1
            after_busts += bust
        busts += bust
        run = run + 1 if bust else 0
    p = busts / hands
    q = after_busts / after if after else math.nan
    return StreakSimulation(carry_over, hands, p, math.sqrt(p * (1 - p) / hands), q,
                            math.sqrt(q * (1 - q) / after) if after > 1 else math.nan, after, exact)


# -- for the widgets: a ruin simulation step by step, the ends of paths, another stake ------------

class RuinRun:
    """:func:`simulate_ruin` played a few paths at a time, for a progress bar (build it
    with :func:`simulate_ruin_stepped`).  Iterating plays whole paths until at least
    ``step_rounds`` rounds have been played since the last step, then yields the number
    of paths done; :meth:`result` is then exactly ``simulate_ruin`` with the same
    arguments (the same seeded stream, drawn in the same order)."""

    def __init__(self, game, bankroll, target, paths, seed, min_stake, max_rounds, step_rounds):
        if not isinstance(game, RoundResult):
            raise SetteKitError(_("game={game}: give a RoundResult from risk.round_result or risk.custom_round").format(game=shown(game)))
        self.bankroll, self.target, self.min_stake, __ = _chain(game, bankroll, target, min_stake)
        self.paths = _whole(paths, "paths", 2, 1_000_000)  # the bounds of simulate_ruin
        self.step_rounds = _whole(step_rounds, "step_rounds", 1, 10 ** 9)
        self.max_rounds = _whole(max_rounds, "max_rounds", 1, 10 ** 9)
        self.seed = seed
        self._rng = _rng(seed)
        self._tables = _sampler(game, self.target, self.min_stake)
        self.done = self.ruined = self.rounds_played = 0

    def __iter__(self):
        tables, target, rng = self._tables, self.target, self._rng
        while self.done < self.paths:
            played = 0
            while self.done < self.paths and played < self.step_rounds:
                path = _walk(tables, self.bankroll, target, rng, self.max_rounds)
                b = path[-1]
                if 0 <= b < target and tables[b] is not None:
                    raise SetteKitError(_("a path did not end within max_rounds={max_rounds}").format(max_rounds=self.max_rounds))
                self.ruined += b < target
                self.done += 1
                played += len(path) - 1
            self.rounds_played += played
            yield self.done

    def result(self) -> RuinSimulation:
        """The estimate once every path is played (as :func:`simulate_ruin` returns it)."""
        if self.done < self.paths:
            raise SetteKitError(_("the simulation has not finished: {done} of {paths} paths played").format(done=self.done, paths=self.paths))
        p = self.ruined / self.paths
        se = math.sqrt(p * (1 - p) / (self.paths - 1)) if 0 < p < 1 else 0.0
        return RuinSimulation(p, se, self.paths, self.ruined, self.rounds_played / self.paths, self.seed)


def simulate_ruin_stepped(game: RoundResult, bankroll: int = 100, target: int = 200, *, paths: int = 2000,
                          seed: int = 1, min_stake: int = 1, max_rounds: int = 10_000_000,
                          step_rounds: int = 20_000) -> RuinRun:
    """:func:`simulate_ruin` as steps (each about ``step_rounds`` rounds of play), so a
    widget can show progress and stop between steps; the same seed gives the same
    answer as :func:`simulate_ruin`.

    >>> from sette_kit import risk
    >>> game = risk.round_result("plain", stake=10)
    >>> run = risk.simulate_ruin_stepped(game, paths=300, seed=2, step_rounds=5000)
    >>> steps = list(run)
    >>> steps[-1], len(steps) > 1, run.result() == risk.simulate_ruin(game, paths=300, seed=2)
    (300, True, True)
    """
    return RuinRun(game, bankroll, target, paths, seed, min_stake, max_rounds, step_rounds)


def path_ends(game: RoundResult, paths, target: int, *, min_stake: int = 1) -> tuple:
    """How each bankroll path of :func:`bankroll_paths` ended: ``"ruined"`` (its last
    bankroll cannot cover the table's minimum stake in the worst case - 0 at a flat
    stake, 1 where the bank's reale collects double, S15), ``"target"`` (it reached
    ``target``) or ``"playing"`` (cut at the number of rounds asked for).

    >>> from sette_kit import risk
    >>> coin = risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})
    >>> risk.path_ends(coin, [(2, 1, 0), (2, 3, 4), (2, 3, 2)], 4)
    ('ruined', 'target', 'playing')
    """
    if not isinstance(game, RoundResult):
        raise SetteKitError(_("game={game}: give a RoundResult from risk.round_result or risk.custom_round").format(game=shown(game)))
    _check_integral(game)
    target = _whole(target, "target", 1, MAX_BANKROLL)
    min_stake = _whole(min_stake, "min_stake", 1, MAX_BANKROLL)
    if isinstance(paths, (str, bytes)) or not hasattr(paths, "__iter__"):
        raise SetteKitError(_("paths={paths}: give the paths of risk.bankroll_paths (sequences of bankrolls)").format(paths=shown(paths)))
    out = []
    for path in paths:
        if isinstance(path, (str, bytes)) or not hasattr(path, "__getitem__") or not len(path):
            raise SetteKitError(_("paths: {path} is not a bankroll path; give the paths of risk.bankroll_paths (sequences of "
                                  "bankrolls)").format(path=shown(path)))
        b = path[-1]
        if isinstance(b, bool) or not isinstance(b, int):
            raise SetteKitError(_("paths: a bankroll path ends at {b}, not a whole number").format(b=shown(b)))
        out.append("target" if b >= target else "ruined" if _steps(game, b, min_stake) is None else "playing")
    return tuple(out)


def at_stake(game: RoundResult, stake) -> RoundResult:
    """The same round at another flat stake (the law per unit staked unchanged): what
    :func:`ruin_by_stake` compares, without solving the game again.

    >>> from sette_kit import risk
    >>> coin = risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)}, label="coin, stake 1")
    >>> five = risk.at_stake(coin, 5)
    >>> five.distribution, five.variance, five.label
    ({-5: Fraction(1, 2), 5: Fraction(1, 2)}, Fraction(25, 1), 'coin, stake 5')
    """
    if not isinstance(game, RoundResult):
        raise SetteKitError(_("game={game}: give a RoundResult from risk.round_result or risk.custom_round").format(game=shown(game)))
    if len(game.parts) != 1 or game.parts[0].card is not None:
        raise SetteKitError(_("at_stake needs a round at a flat stake; a staking plan's stakes depend on the first card "
                              "(build it again with risk.round_result(plan=(min, max)))"))
    if isinstance(stake, (int, Fraction)) and not isinstance(stake, bool) and stake > MAX_BANKROLL:
        raise SetteKitError(_("stake={stake}: give a stake from 1 to {MAX_BANKROLL} (the chain's bound)").format(stake=shown(stake), MAX_BANKROLL=format(MAX_BANKROLL, ',')))
    s = _stake(stake)
    old = game.parts[0].stake
    label = game.label.replace(f"stake {old}", f"stake {s}", 1)
    return RoundResult((game.parts[0]._replace(stake=s),), label)
