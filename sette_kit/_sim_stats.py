"""What the simulator teaches about its own numbers (private; use :mod:`sette_kit.simulate`):
how often a confidence interval covers the exact value (:func:`coverage`,
:func:`coverage_runs`), and the spread of the average of many rounds
(:func:`average_distribution`, :func:`averages`): why the 95% interval is the average
± 1.96 standard errors.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import SetteKitError
from .i18n import _
from .numbers import shown
from .rules import Rules, as_rules
from .strategy import StandAt
from ._sim_run import DEFAULT_CHUNK, MAX_ROUNDS, _Run, _Spec, _count, run

__all__ = ["coverage", "coverage_runs", "Coverage", "Interval", "COVERAGE_SEED_STRIDE",
           "average_distribution", "averages", "Averages"]

COVERAGE_SEED_STRIDE = 1_000_000
"""Run ``j`` of a coverage sequence with seed ``s`` is simulated with the seed
``s * COVERAGE_SEED_STRIDE + j``: the runs of one sequence never repeat, and two
sequences with different seeds share no run (for their first million runs)."""


@dataclass(frozen=True)
class Interval:
    """One run of :func:`coverage`: its number in the sequence (from 0), the seed it was
    simulated with, its mean and its confidence interval ``low`` .. ``high``."""

    run: int
    seed: int
    mean: float
    low: float
    high: float

    def covers(self, value) -> bool:
        """True when the interval contains ``value``."""
        return self.low <= float(value) <= self.high


@dataclass(frozen=True)
class Coverage:
    """The intervals of :func:`coverage` and the exact value they estimate."""

    rules: Rules
    player: object
    dealer: object
    rounds: int
    level: float
    exact: Fraction
    intervals: tuple

    @property
    def runs(self) -> int:
        return len(self.intervals)

    @property
    def hits(self) -> int:
        """How many intervals contain the exact value."""
        return sum(iv.covers(self.exact) for iv in self.intervals)

    @property
    def misses(self) -> list:
        """The intervals that miss the exact value."""
        return [iv for iv in self.intervals if not iv.covers(self.exact)]

    @property
    def expected_misses(self) -> float:
        """How many misses the level leads you to expect: (1 - level) x runs."""
        return (1 - self.level) * self.runs

    def __repr__(self) -> str:
        return (f"<Coverage {self.rules.name}: {self.runs} runs of {self.rounds} rounds at {self.level:.0%}, "
                f"{self.hits} cover the exact value {float(self.exact):+.6f}>")


def _coverage_setup(rules, player, dealer, rounds, runs, level, seed, start):
    from . import odds
    from .strategy import stand_at

    if not isinstance(rules, Rules):
        rules = Rules.preset(rules) if isinstance(rules, str) else rules
    player = stand_at(5) if player is None else player
    dealer = stand_at(5) if dealer is None else dealer
    rounds, runs = _count(rounds, "rounds"), _count(runs, "runs")
    if rounds < 2:
        raise SetteKitError(_("rounds must be at least 2: a confidence interval needs a standard error"))
    if not isinstance(level, (int, float)) or isinstance(level, bool) or not 0 < level < 1:
        raise SetteKitError(_("level={level}: the level must be a number between 0 and 1, such as 0.95").format(level=shown(level)))
    for value, name in ((seed, "seed"), (start, "start")):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
            raise SetteKitError(_("{name}={value}: it must be a whole number >= 0").format(name=name, value=shown(value)))
    if start + runs > COVERAGE_SEED_STRIDE:
        raise SetteKitError(_("a coverage sequence has at most {COVERAGE_SEED_STRIDE} runs").format(COVERAGE_SEED_STRIDE=format(COVERAGE_SEED_STRIDE, ',')))
    if isinstance(player, str):
        if player != "optimal":
            raise SetteKitError(_("player={player}: accepted are 'optimal', stand_at(x), or a solution of odds.solve").format(player=shown(player)))
        player = odds.solve(rules, dealer=dealer)
    if hasattr(player, "hit_table") and callable(player.hit_table):
        exact = player.ev
    elif isinstance(player, StandAt):
        exact = odds.policy_ev(rules, player, dealer)
    else:
        raise SetteKitError(_("player={player}: accepted are 'optimal', stand_at(x), or a solution of odds.solve").format(player=shown(player)))
    _Spec(rules, player, dealer)  # checks the policies once, before any run
    return rules, player, dealer, rounds, runs, exact


def coverage_runs(rules, player=None, dealer=None, rounds: int = 1000, runs: int = 100, level: float = 0.95,
                  seed: int = 0, start: int = 0):
    """The runs of :func:`coverage` one at a time: yields an :class:`Interval` per run
    (what a widget steps between turns of the event loop).  Arguments are checked
    before the first run."""
    rules, player, dealer, rounds, runs, exact = _coverage_setup(rules, player, dealer, rounds, runs, level,
                                                                seed, start)
    return _coverage_iter(rules, player, dealer, rounds, runs, level, seed, start)


def _coverage_iter(rules, player, dealer, rounds, runs, level, seed, start):
    for j in range(start, start + runs):
        s = seed * COVERAGE_SEED_STRIDE + j
        r = run(rules, player, dealer, rounds=rounds, seed=s)
        lo, hi = r.ci(level)
        yield Interval(j, s, r.mean, lo, hi)


def coverage(rules, player=None, dealer=None, rounds: int = 1000, runs: int = 100, level: float = 0.95,
             seed: int = 0, start: int = 0) -> Coverage:
    """Simulate ``runs`` independent runs of ``rounds`` rounds each and give each its
    ``level`` confidence interval, beside the exact value they all estimate: how often
    does a "95% interval" really contain the truth?

    Run ``j`` (``start`` <= j < ``start + runs``) uses the seed
    ``seed * COVERAGE_SEED_STRIDE + j``, so the sequence is reproducible and "another
    100 runs" is ``start=100``.  ``player``: ``stand_at(x)``, ``"optimal"`` or a
    solution of ``odds.solve``; the exact value is ``odds.policy_ev`` or the solution's
    ``ev``.

    >>> from sette_kit.strategy import stand_at
    >>> from sette_kit.simulate import exact_ev
    >>> cov = coverage(Rules.preset("plain"), stand_at(5), stand_at(5), rounds=1000, runs=100, seed=1)
    >>> cov.runs, cov.hits, [iv.run for iv in cov.misses]
    (100, 94, [30, 33, 38, 55, 64, 70])
    >>> cov.exact == exact_ev(Rules.preset("plain"), stand_at(5), stand_at(5))
    True
    >>> cov.intervals[0] == coverage(Rules.preset("plain"), rounds=1000, runs=1, seed=1).intervals[0]
    True
    """
    rules, player, dealer, rounds, runs, exact = _coverage_setup(rules, player, dealer, rounds, runs, level,
                                                                seed, start)
    intervals = tuple(_coverage_iter(rules, player, dealer, rounds, runs, level, seed, start))
    return Coverage(rules, player, dealer, rounds, float(level), exact, intervals)


# -- the spread of averages: why the 95% interval is the average ± 1.96 standard errors --------

def _round_law(rules, player, dealer, exact: bool = True) -> dict:
    """The exact law of one round's result ``{result: probability}`` of the game
    :func:`run` plays (a ``stand_at`` player, or the optimal one)."""
    from . import risk

    if isinstance(player, str) and player != "optimal":
        raise SetteKitError(_("player={player}: accepted are 'optimal', stand_at(x), or a solution of odds.solve").format(
            player=repr(player)))
    if hasattr(player, "result_distribution"):  # a solution of odds.solve
        law = player.result_distribution()
        return law if exact else {x: float(p) for x, p in law.items()}
    return dict(risk.round_result(rules, dealer, player, exact=exact).distribution)


def average_distribution(rules, player=None, dealer=None, rounds: int = 100, *, exact: bool = True) -> dict:
    """The exact law of the average of ``rounds`` rounds of the game :func:`run` plays:
    ``{average: probability}``, sorted.  The simulation deals every round from a fresh
    shuffle, so its rounds are independent and the law of their sum is the law of one
    round convolved ``rounds`` times (for a game that pays only +1 or -1, a binomial).

    >>> from sette_kit.strategy import stand_at
    >>> from sette_kit.simulate import exact_ev
    >>> d = average_distribution(Rules.preset("plain"), stand_at(5), stand_at(5), rounds=2)
    >>> list(d), sum(d.values())
    ([Fraction(-1, 1), Fraction(0, 1), Fraction(1, 1)], Fraction(1, 1))
    >>> sum(a * p for a, p in d.items()) == exact_ev(Rules.preset("plain"), stand_at(5), stand_at(5))
    True
    """
    rounds = _count(rounds, "rounds")
    if rounds > 10_000:
        raise SetteKitError(_("rounds={rounds}: the exact law of an average is computed for at most 10,000 rounds").format(
            rounds=rounds))
    law = _round_law(rules, player, dealer, exact)
    one = Fraction(1) if exact else 1.0
    if set(law) <= {-1, 1}:  # a game of +1 or -1: the number of wins is binomial
        from math import comb

        win, lose = law.get(1, 0 * one), law.get(-1, 0 * one)
        wins = [win ** k for k in range(rounds + 1)]
        losses = [lose ** k for k in range(rounds + 1)]
        out = {Fraction(2 * k - rounds, rounds): comb(rounds, k) * wins[k] * losses[rounds - k]
               for k in range(rounds + 1)}
        return {a: p for a, p in out.items() if p}
    total = {0: one}
    for _unused in range(rounds):
        nxt: dict = {}
        for t, p in total.items():
            for x, q in law.items():
                nxt[t + x] = nxt.get(t + x, 0) + p * q
        total = nxt
    return {Fraction(t, rounds): p for t, p in sorted(total.items()) if p}


@dataclass(frozen=True)
class Averages:
    """The answer of :func:`averages`: ``runs`` simulated runs of ``rounds`` rounds each,
    ``means`` their averages (exact fractions), beside the exact value ``exact`` they
    estimate and ``sd``, the exact standard deviation of one round's result; the
    standard error of an average is ``sd / √rounds``."""

    rules: Rules
    rounds: int
    seed: int
    means: tuple = field(repr=False)
    exact: Fraction
    sd: float

    @property
    def runs(self) -> int:
        return len(self.means)

    @property
    def stderr(self) -> float:
        """The exact standard error of one run's average: sd / √rounds."""
        return self.sd / math.sqrt(self.rounds)

    def within(self, z: float = 1.96) -> int:
        """How many of the averages lie within ``z`` standard errors of the exact value."""
        half = z * self.stderr
        return sum(abs(float(m) - float(self.exact)) <= half for m in self.means)


def averages(rules, player=None, dealer=None, rounds: int = 100, runs: int = 1000, seed: int = 0) -> Averages:
    """Simulate ``runs`` runs of ``rounds`` rounds each and keep each run's average: the
    spread of averages that the standard error describes, and that the 95% interval
    (the average ± 1.96 standard errors) relies on.  The runs are one seeded run of
    ``runs × rounds`` rounds cut into consecutive pieces (every round is dealt from a
    fresh shuffle, so the pieces are independent runs).

    >>> from sette_kit.strategy import stand_at
    >>> a = averages(Rules.preset("plain"), stand_at(5), stand_at(5), rounds=100, runs=1000, seed=1)
    >>> a.runs, round(a.sd, 4), round(a.stderr, 4), a.within(1.96)
    (1000, 0.9849, 0.0985, 948)
    """
    from .strategy import stand_at

    rules = as_rules(rules)
    rounds, runs = _count(rounds, "rounds"), _count(runs, "runs")
    if rounds * runs > MAX_ROUNDS:
        raise SetteKitError(_("rounds × runs: at most {most} rounds in all").format(most=format(MAX_ROUNDS, ",")))
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise SetteKitError(_("seed={seed}: the seed must be a whole number >= 0").format(seed=repr(seed)))
    player = stand_at(5) if player is None else player
    dealer = stand_at(5) if dealer is None else dealer
    law = _round_law(rules, player, dealer, True)
    mean = sum(x * p for x, p in law.items())
    sd = math.sqrt(sum((x - mean) ** 2 * p for x, p in law.items()))
    if isinstance(player, str):
        from . import odds

        player = odds.solve(rules, dealer=dealer)
    marks = [rounds * (k + 1) for k in range(runs)]
    sim = _Run(_Spec(rules, player, dealer), rounds * runs, int(seed), DEFAULT_CHUNK, marks=marks)
    for _unused in sim:
        pass
    ends = [0] + [total for _m, total in sim._sums]
    means = tuple(Fraction(b - a, rounds) for a, b in zip(ends, ends[1:]))
    return Averages(rules, rounds, int(seed), means, mean, sd)
