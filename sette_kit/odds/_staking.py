"""Betting after the first card (private; use :mod:`sette_kit.odds`).

In the Italian rules each player looks at his first card and only then places his stake,
between the agreed minimum and maximum (S7, S9).  The stake does not change how a hand
should be played (every result is the stake times a multiplier), so the heads-up
solution of :func:`sette_kit.odds.solve` gives, for each first card, the player's
expected result per unit stake; a *staking plan* says how much to stake on each first
card, and its value is

    EV per round      = sum over first cards f of  P(f) * stake(f) * EV(f)
    staked per round  = sum over first cards f of  P(f) * stake(f)
    EV per unit staked = EV per round / staked per round.

EV per round is linear in each stake, so the best plan stakes the maximum where the
first card's EV is positive and the minimum elsewhere.  Everything is exact (Fractions)
when the solution is.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Mapping, NamedTuple

from .. import fmt
from ..errors import SetteKitError
from ..i18n import N_, _
from ..rules import Rules, as_rules
from ..scoring import fmt_points
from ..strategy import stand_at
from ._solve import FirstCard, Solution
from ..numbers import shown

__all__ = ["ev_by_first_card", "StakingPlan", "staking_plan", "best_staking_plan",
           "ThresholdRow", "ThresholdTable", "bank_thresholds", "threshold_table", "StakeReading"]


def _check_solution(solution) -> Solution:
    if not isinstance(solution, Solution):
        raise SetteKitError(_("solution={solution}: give the solution of odds.solve(rules, dealer=...)").format(solution=shown(solution)))
    return solution


def ev_by_first_card(solution) -> dict:
    """The player's expected result per unit stake by first card, for a solution of
    :func:`sette_kit.odds.solve`: ``{"Ace": FirstCard(card, probability, ev), ...}``
    (S9: the stake is placed after seeing this card).  The mean of ``ev`` weighted by
    ``probability`` is the solution's ``ev``, exactly.

    >>> from sette_kit import odds
    >>> sol = odds.solve("plain", dealer=odds.stand_at(5))
    >>> by = odds.ev_by_first_card(sol)
    >>> [(name, f"{float(f.ev):+.3f}") for name, f in by.items()]   # doctest: +NORMALIZE_WHITESPACE
    [('Ace', '-0.280'), ('2', '-0.368'), ('3', '-0.463'), ('4', '-0.468'), ('5', '-0.451'),
     ('6', '+0.097'), ('7', '+0.571'), ('figure', '-0.092')]
    >>> by["figure"].probability
    Fraction(3, 10)
    >>> sum(f.probability * f.ev for f in by.values()) == sol.ev
    True
    """
    return _check_solution(solution).ev_by_first_card()


def _amount(x, name: str):
    """A stake: a positive whole number or fraction (int when whole), at most MAX_MONEY,
    given as a number (text is refused: a stake is money)."""
    from ..numbers import MAX_MONEY, read_number

    accepted = _("a positive number of at most {most} units, such as 1 or 10").format(most=fmt.whole(MAX_MONEY))
    try:
        v = read_number(x, name, accepted=accepted, text=False)
    except SetteKitError:
        v = None
    if v is None or not 0 < v <= MAX_MONEY:
        raise SetteKitError(_("{name}={x}: a stake must be {accepted}").format(name=name, x=shown(x), accepted=accepted))
    return int(v) if v.denominator == 1 else v


def _num(x) -> str:
    text = fmt.decimal(x, 4, sign=True)
    return text if text[0] in "+-" else "+" + text  # as f"{x:+.4f}": zero keeps its "+"


def _g4(x: float) -> str:
    """``x`` with 4 significant digits like ``f"{x:.4g}"``, written by :mod:`sette_kit.fmt`."""
    text = f"{x:.4g}"
    if "e" in text:
        return text
    return fmt.decimal(x, len(text.split(".")[1]) if "." in text else 0)


_CLASS_WORDS = (N_("Ace"), N_("figure"), N_("matta"))  # the class names below, for the catalogue


def _name(n: str) -> str:
    """A first card's class name ("Ace", "2" ... "figure", "matta") for learners."""
    return _(n) if not n.isdigit() else n


def _fmt_stake(x) -> str:
    return str(x) if isinstance(x, int) else fmt_points(x) if x.denominator == 2 else str(x)


def _words(names, last: str = "or") -> str:
    names = list(names)
    if len(names) == 1:
        return names[0]
    if last == "or":
        return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class StakingPlan:
    """A stake for every first card, and what it is worth (build it with
    :func:`best_staking_plan` or :func:`staking_plan`).

    ``stakes``: first card's class name -> stake; ``first_cards``: the
    :class:`FirstCard` entries of the solution (probability and EV per unit);
    ``ev_per_round``: the player's expected money result per round; ``stake_per_round``:
    the expected stake; ``ev_per_unit``: their ratio, the return per unit of money staked;
    ``flat_ev``: the same player's EV per unit at a flat stake (the solution's ``ev``).
    """

    rules: object
    dealer: object
    stakes: Mapping
    first_cards: Mapping = field(repr=False)
    ev_per_round: object
    stake_per_round: object
    ev_per_unit: object
    flat_ev: object
    solution: object = field(default=None, repr=False, compare=False)  # the Solution it was made from

    @property
    def min_stake(self):
        """The smallest stake the plan places."""
        return min(self.stakes.values())

    @property
    def max_stake(self):
        """The largest stake the plan places."""
        return max(self.stakes.values())

    def posterior(self, stake) -> dict:
        """Bayes: the probability of each hidden first card given that a player who
        follows this plan placed ``stake`` (what the bank can read from the stake).
        ``P(card | stake) = P(stake | card) × P(card) / P(stake)``; a plan stakes one
        amount on each card, so ``P(stake | card)`` is 1 for the cards staked so and 0
        for the others (left out).

        >>> from sette_kit import odds
        >>> plan = odds.best_staking_plan(odds.solve(dealer=odds.stand_at(5)), 1, 10)
        >>> plan.posterior(10)
        {'6': Fraction(1, 2), '7': Fraction(1, 2)}
        >>> plan.posterior(1)["figure"]
        Fraction(3, 8)
        """
        s = _amount(stake, "stake")
        chosen = {n: f.probability for n, f in self.first_cards.items() if self.stakes[n] == s}
        if not chosen:
            used = sorted(set(self.stakes.values()))
            if len(used) < 3:
                raise SetteKitError(_("stake={stake}: a player following this plan stakes {stakes}").format(
                    stake=shown(stake), stakes=_words([_fmt_stake(u) for u in used])))
            raise SetteKitError(_("stake={stake}: a player following this plan stakes one of {stakes}").format(
                stake=shown(stake), stakes=", ".join(_fmt_stake(u) for u in used)))

        total = sum(chosen.values())
        return {n: p / total for n, p in chosen.items()}

    def posterior_table(self) -> dict:
        """``{stake: posterior(stake)}`` for every stake the plan uses, smallest first.

        >>> from sette_kit import odds
        >>> table = odds.best_staking_plan(odds.solve(), 1, 10).posterior_table()
        >>> list(table), table[1]["Ace"], table[1]["figure"]
        ([1, 10], Fraction(1, 8), Fraction(3, 8))
        """
        return {s: self.posterior(s) for s in sorted(set(self.stakes.values()))}

    def describe(self) -> str:
        """The plan and its value in words (figures rounded; the exact values are the
        attributes).

        >>> from sette_kit import odds
        >>> print(odds.best_staking_plan(odds.solve(dealer=odds.stand_at(5)), 1, 10).describe())
        Stake 10 on a first 6 or 7 (expected result per unit +0.0970 and +0.5708), 1 on any other first card.
        Per round you win +0.4373 on average and stake 2.8 on average: +15.6% of the money staked.
        At a flat stake the same play returns -0.1637 per unit staked (-16.4%).
        """
        lo, hi = self.min_stake, self.max_stake
        flat = _("At a flat stake the same play returns {ev} per unit staked ({percent}).").format(
            ev=_num(self.flat_ev), percent=fmt.percent(self.flat_ev, 1, sign=True))
        if lo == hi:
            return _("A flat stake of {stake} on every first card: {ev} per round, "
                     "{percent} of the money staked.").format(stake=_fmt_stake(lo), ev=_num(self.ev_per_round),
                                                             percent=fmt.percent(self.ev_per_unit, 1, sign=True))
        high = [n for n in self.stakes if self.stakes[n] == hi]
        low = [n for n in self.stakes if self.stakes[n] == lo]
        if len(high) + len(low) == len(self.stakes):
            evs = _words([_num(self.first_cards[n].ev) for n in high], "and")
            if high and low:
                first = _("Stake {high} on a first {cards} (expected result per unit {evs}), "
                          "{low} on any other first card.").format(
                    high=_fmt_stake(hi), cards=_words(_name(n) for n in high), evs=evs, low=_fmt_stake(lo))
            else:
                first = _("Stake {stake} on every first card.").format(stake=_fmt_stake(hi if high else lo))
        else:
            first = _("Stakes: {stakes}.").format(stakes=", ".join(
                _("{stake} on a first {card}").format(stake=_fmt_stake(s), card=_name(n))
                for n, s in self.stakes.items()))
        staked = float(self.stake_per_round)
        per_round = _("Per round you win {ev} on average and stake {staked} on average: {percent} of the money "
                      "staked.").format(ev=_num(self.ev_per_round), staked=_g4(staked),
                                        percent=fmt.percent(self.ev_per_unit, 1, sign=True))
        return f"{first}\n{per_round}\n{flat}"


def staking_plan(solution, stakes: Mapping) -> StakingPlan:
    """The value of a given plan: ``stakes`` maps every first card's class name (the
    keys of :func:`ev_by_first_card`) to a stake.

    >>> from sette_kit import odds
    >>> sol = odds.solve(dealer=odds.stand_at(5))
    >>> plan = odds.staking_plan(sol, {"Ace": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 10, "figure": 1})
    >>> f"{float(plan.ev_per_round):.5f}", plan.stake_per_round     # 10 on a 7 only
    ('0.35001', Fraction(19, 10))
    """
    sol = _check_solution(solution)
    by = sol.ev_by_first_card()
    if not isinstance(stakes, Mapping):
        raise SetteKitError(_("stakes={stakes}: give a dict first card -> stake, with the first cards {value}").format(stakes=shown(stakes), value=', '.join(map(repr, by))))
    unknown = [k for k in stakes if k not in by]
    if unknown:
        raise SetteKitError(_("stakes: {value} is not a first card here; accepted: {value2}").format(value=', '.join(map(repr, unknown)), value2=', '.join(map(repr, by))))
    missing = [n for n in by if n not in stakes]
    if missing:
        raise SetteKitError(_("stakes: the stake for {value} is missing (every first card needs one)").format(value=', '.join(map(repr, missing))))
    st = {n: _amount(stakes[n], f"stakes[{n!r}]") for n in by}
    per_round = sum(f.probability * st[n] * f.ev for n, f in by.items())
    staked = sum(f.probability * st[n] for n, f in by.items())
    return StakingPlan(sol.rules, sol.dealer, MappingProxyType(st), MappingProxyType(dict(by)),
                       per_round, staked, per_round / staked, sol.ev, sol)


def best_staking_plan(solution, min_stake=1, max_stake=10) -> StakingPlan:
    """The best staking plan for stakes between ``min_stake`` and ``max_stake`` (S7, S9):
    the maximum on every first card whose expected result is positive, the minimum on
    the others (EV per round is linear in each stake).  Exact when the solution is.

    Heads-up against a bank that stands at 5, plain rules, optimal play, stakes 1-10:

    >>> from sette_kit import odds
    >>> plan = odds.best_staking_plan(odds.solve("plain", dealer=odds.stand_at(5)), 1, 10)
    >>> dict(plan.stakes)
    {'Ace': 1, '2': 1, '3': 1, '4': 1, '5': 1, '6': 10, '7': 10, 'figure': 1}
    >>> plan.ev_per_round, plan.stake_per_round
    (Fraction(412677285493307, 943724306274750), Fraction(14, 5))
    >>> f"{float(plan.ev_per_round):.4f} per round, {float(plan.ev_per_unit):.2%} of the money staked"
    '0.4373 per round, 15.62% of the money staked'
    """
    sol = _check_solution(solution)
    lo, hi = _amount(min_stake, "min_stake"), _amount(max_stake, "max_stake")
    if lo > hi:
        raise SetteKitError(_("min_stake={min_stake} is more than max_stake={max_stake}: give 0 < min_stake <= max_stake").format(min_stake=shown(min_stake), max_stake=shown(max_stake)))
    by = sol.ev_by_first_card()
    return staking_plan(sol, {n: hi if f.ev > 0 else lo for n, f in by.items()})


class ThresholdRow(NamedTuple):
    """One bank threshold of :func:`bank_thresholds`: ``flat_ev`` is the optimal player's
    EV per unit at a flat stake (the bank's edge is its negative), ``plan`` the staking
    plan's value against this bank."""

    threshold: Fraction
    flat_ev: object
    plan: StakingPlan


@dataclass(frozen=True)
class ThresholdTable:
    """The bank's fixed thresholds against a flat-stake and a staking player."""

    rows: tuple
    min_stake: object
    max_stake: object
    adaptive: bool  # True: each row's plan is the best against that bank

    @property
    def best_flat(self) -> ThresholdRow:
        """The bank's best threshold against a flat stake (the lowest player's EV)."""
        return min(self.rows, key=lambda r: r.flat_ev)

    @property
    def best_staking(self) -> ThresholdRow:
        """The bank's best threshold against the staking player (the lowest EV per round)."""
        return min(self.rows, key=lambda r: r.plan.ev_per_round)

    def stake_reading(self) -> "StakeReading":
        """A bank that reads the stake (S11: it draws as it likes, and it sees the stakes):
        one of the table's thresholds against the smallest stake, another against any
        larger one.  The player answers each pair as well as he can: on each first card
        either the smallest stake (against the first threshold) or the best whole stake
        above it (against the second).  Returns the pair that leaves the player least,
        with what he still wins per round.

        >>> from sette_kit import odds
        >>> r = odds.bank_thresholds("plain").stake_reading()
        >>> fmt_points(r.small), fmt_points(r.large), f"{float(r.ev_per_round):+.4f}"
        ('5', '5½', '+0.3106')
        """
        lo, hi = self.min_stake, self.max_stake
        above = [s for s in range(int(lo) + 1, int(hi) + 1) if s > lo] or [hi]
        best = None
        for a in self.rows:
            for b in self.rows:
                stakes, total = {}, 0
                for name, first in a.plan.first_cards.items():
                    ev_b = b.plan.first_cards[name].ev
                    big = max(above, key=lambda s: s * ev_b)
                    small_value, big_value = lo * first.ev, big * ev_b
                    stake, value = (lo, small_value) if small_value >= big_value else (big, big_value)
                    stakes[name] = stake
                    total += first.probability * value
                if best is None or total < best.ev_per_round:
                    best = StakeReading(a.threshold, b.threshold, total, MappingProxyType(stakes))
        return best


    def format(self) -> str:
        """The table as text.

        >>> from sette_kit import odds
        >>> print(odds.bank_thresholds("plain", thresholds=(5, 5.5)).format())
        bank stands at | flat stake: EV per unit | staking 1-10: EV per round | per unit staked | stake 10 on
                     5 |                -0.16370 |                   +0.43729 |          +15.6% | 6, 7
                    5½ |                -0.09240 |                   +0.39454 |          +14.1% | 6, 7
        The bank's best threshold: 5 against a flat stake, 5½ against the staking player.
        """
        lo, hi = _fmt_stake(self.min_stake), _fmt_stake(self.max_stake)
        head = (f"bank stands at | flat stake: EV per unit | staking {lo}-{hi}: EV per round | "
                f"per unit staked | stake {hi} on")
        lines = [head]
        for r in self.rows:
            high = [n for n, s in r.plan.stakes.items() if s == self.max_stake]
            high = ["every card"] if len(high) == len(r.plan.stakes) else high
            lines.append(f"{fmt_points(r.threshold):>14} | {float(r.flat_ev):>+23.5f} | "
                         f"{float(r.plan.ev_per_round):>+26.5f} | {float(r.plan.ev_per_unit) * 100:>+14.1f}% | "
                         f"{', '.join(high) if high else '-'}")
        lines.append(_("The bank's best threshold: {flat} against a flat stake, {staking} against the staking "
                       "player.").format(flat=fmt_points(self.best_flat.threshold),
                                         staking=fmt_points(self.best_staking.threshold)))

        return "\n".join(lines)


class StakeReading(NamedTuple):
    """The answer of :meth:`ThresholdTable.stake_reading`: the bank stands at ``small``
    against the smallest stake and at ``large`` against any larger stake; ``stakes`` is
    the player's best answer by first card, and ``ev_per_round`` what it wins."""

    small: Fraction
    large: Fraction
    ev_per_round: object
    stakes: Mapping


def bank_thresholds(rules: Rules | str = "plain", thresholds=(4, 4.5, 5, 5.5, 6, 6.5), *, min_stake=1,
                    max_stake=10, max_on=None, exact: bool = True) -> ThresholdTable:
    """For each bank that stands at a fixed threshold, the optimal player's EV per unit
    at a flat stake and the value of the staking plan (stakes ``min_stake`` to
    ``max_stake``): by default the best plan against that bank; with ``max_on`` (first
    card names, e.g. ``("6", "7")``) a fixed plan that stakes the maximum on those cards.

    >>> from sette_kit import odds
    >>> t = odds.bank_thresholds("plain")
    >>> [fmt_points(r.threshold) for r in t.rows]
    ['4', '4½', '5', '5½', '6', '6½']
    >>> t.best_flat.threshold, t.best_staking.threshold
    (Fraction(5, 1), Fraction(11, 2))
    """
    from ._solve import solve

    rules = as_rules(rules)
    if isinstance(thresholds, (str, bytes, Mapping)):  # '5' is not the list (5,)
        raise SetteKitError(_("thresholds={thresholds}: give a list of thresholds such as (4, 4.5, 5)").format(
            thresholds=shown(thresholds)))
    try:
        given = list(itertools.islice(thresholds, 17))  # at most the 16 thresholds ½ ... 8 (each one a solve)
        if len(given) > 16:
            raise SetteKitError(_("at most 16 thresholds (½ to 8 in steps of ½)"))
        pols = [stand_at(t) for t in given]
    except TypeError:
        raise SetteKitError(_("thresholds={thresholds}: give a list of thresholds such as (4, 4.5, 5)").format(thresholds=shown(thresholds))) from None
    except SetteKitError as e:
        raise SetteKitError(_("thresholds={thresholds}: {e}").format(thresholds=shown(thresholds), e=e)) from None
    if not pols:
        raise SetteKitError(_("thresholds=(): give at least one threshold, such as (4, 4.5, 5)"))
    lo, hi = _amount(min_stake, "min_stake"), _amount(max_stake, "max_stake")
    if lo > hi:
        raise SetteKitError(_("min_stake={min_stake} is more than max_stake={max_stake}").format(min_stake=shown(min_stake), max_stake=shown(max_stake)))
    rows = []
    for pol in pols:
        sol = solve(rules, dealer=pol, exact=exact)
        if max_on is None:
            plan = best_staking_plan(sol, lo, hi)
        else:
            names = list(sol.ev_by_first_card())
            if not isinstance(max_on, str) and not hasattr(max_on, "__iter__"):
                raise SetteKitError(_("max_on={max_on}: give first card names such as ('6', '7'), or None").format(max_on=shown(max_on)))
            chosen = [max_on] if isinstance(max_on, str) else list(max_on)
            bad = [n for n in chosen if n not in names]
            if bad:
                raise SetteKitError(_("max_on={max_on}: {value} is not a first card; accepted: {value2}").format(max_on=shown(max_on), value=', '.join(map(repr, bad)), value2=', '.join(map(repr, names))))
            plan = staking_plan(sol, {n: hi if n in chosen else lo for n in names})
        rows.append(ThresholdRow(pol.threshold, sol.ev, plan))
    return ThresholdTable(tuple(rows), lo, hi, max_on is None)



def threshold_table(solutions, *, min_stake=1, max_stake=10) -> ThresholdTable:
    """The table of :func:`bank_thresholds` built from solutions already at hand, one per
    bank that stands at a fixed threshold (all under the same rules): for each, the
    optimal player's EV per unit at a flat stake and the best staking plan against that
    bank (S9).  A widget that remembers its solutions tabulates a new stake range at once.

    >>> from sette_kit import odds
    >>> sols = [odds.solve("plain", dealer=odds.stand_at(t)) for t in (5, 5.5)]
    >>> t = odds.threshold_table(sols, min_stake=1, max_stake=10)
    >>> [(fmt_points(r.threshold), f"{float(r.plan.ev_per_unit):+.1%}") for r in t.rows]
    [('5', '+15.6%'), ('5½', '+14.1%')]
    >>> t.best_flat.threshold, t.best_staking.threshold
    (Fraction(5, 1), Fraction(11, 2))
    """
    from ..strategy import StandAt

    if isinstance(solutions, Solution):
        solutions = [solutions]
    if isinstance(solutions, (str, bytes)) or not hasattr(solutions, "__iter__"):
        raise SetteKitError(_("solutions={solutions}: give a list of solutions of odds.solve(rules, dealer=stand_at(x)), "
                              "one per bank threshold").format(solutions=format(repr(solutions), '.60')))
    sols = list(solutions)
    if not sols:
        raise SetteKitError(_("solutions=[]: give at least one solution of odds.solve(rules, dealer=stand_at(x))"))
    for sol in sols:
        _check_solution(sol)
        if not isinstance(sol.dealer, StandAt):
            raise SetteKitError(_("{sol}: the table compares banks that each stands at a fixed threshold (odds.stand_at(x)), "
                                  "not {dealer}").format(sol=shown(sol), dealer=shown(sol.dealer)))
        if sol.rules != sols[0].rules:
            raise SetteKitError(_("solutions: give solutions under the same rules (one per bank threshold)"))
    lo, hi = _amount(min_stake, "min_stake"), _amount(max_stake, "max_stake")
    if lo > hi:
        raise SetteKitError(_("min_stake={min_stake} is more than max_stake={max_stake}").format(min_stake=shown(min_stake), max_stake=shown(max_stake)))
    rows = tuple(ThresholdRow(sol.dealer.threshold, sol.ev, best_staking_plan(sol, lo, hi)) for sol in sols)
    return ThresholdTable(rows, lo, hi, True)
