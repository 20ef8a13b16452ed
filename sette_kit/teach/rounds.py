"""The law of one round's result in money (:class:`RoundResult`): for the optimal or a
threshold player of Sette e mezzo heads-up against the bank (:func:`round_result`;
``docs/rules.md`` S10, S13, S14, S15, and S9 for a staking plan), or any law given by hand
(:func:`custom_round`); and the checks of a whole number and of a seed that the bankroll
modules share (:mod:`sette_kit.teach.ruin`, :mod:`sette_kit.teach.streaks`).  Pure Python
(no numpy).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, NamedTuple

from .. import fmt
from ..errors import SetteKitError
from ..i18n import _
from ..rules import as_rules
from ..numbers import read_number, shown

__all__ = ["Part", "RoundResult", "custom_round", "round_result", "MAX_RESULTS"]


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
    MAX_MONEY (10**10000 or 1e300 is not a stake)."""
    from ..odds._staking import _amount

    return _amount(x, name)


MAX_RESULTS = 2001
"""The most results a :func:`custom_round` may have."""


def _small(x) -> bool:
    """A number of at most 60 digits in its numerator and denominator (a Fraction
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
    if len(distribution) > MAX_RESULTS:  # a bounded law (the chains are built from it)
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
    from .. import odds
    from ..odds import Solution, StandAt

    # None is plain here (round_result's None also says "no rules given" beside a StakingPlan)
    rules = as_rules(rules, "plain")
    dealer = odds.stand_at(5) if dealer is None else dealer
    if player is None or player == "optimal":
        return odds.solve(rules, dealer=dealer, exact=exact), "optimal"
    if isinstance(player, StandAt):
        if not isinstance(dealer, (StandAt, odds.BankSeesPlayer)):
            raise SetteKitError(_("dealer={dealer}: use odds.stand_at(x) or odds.sees_player()").format(dealer=shown(dealer)))
        return Solution(rules, dealer, exact, player=player), repr(player)
    raise SetteKitError(_("player={player}: accepted players are 'optimal' (the default) and odds.stand_at(x)").format(player=shown(player)))


def round_result(rules=None, dealer=None, player=None, *, stake=1, plan=None, exact: bool = True) -> RoundResult:
    """The exact law of one heads-up round's result in money, one player against the
    bank (``docs/rules.md``: S10 bust loses at once, S13 ties to the bank, S14 reale paid
    double, S15 the bank's reale collects double where the rules say so).

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
    from ..odds import StakingPlan, best_staking_plan

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


# -- checks shared by the bankroll chain, the simulations and the streaks ----------------------

def _int_arg(x, name, low=0, high=None) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < low:
        if high is not None:
            raise SetteKitError(_("{name}={x}: give a whole number >= {low} and at most {high}").format(
                name=name, x=shown(x), low=low, high=fmt.whole(high)))
        raise SetteKitError(_("{name}={x}: give a whole number >= {low}").format(name=name, x=shown(x), low=low))

    if high is not None and x > high:  # a bound on the work, refused at once
        raise SetteKitError(_("{name}={x}: give a whole number from {low} to {high}").format(name=name, x=shown(x), low=low, high=fmt.whole(high)))
    return x


def _rng(seed):
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SetteKitError(_("seed={seed}: the seed must be a whole number >= 0").format(seed=shown(seed)))
    return random.Random(seed)
