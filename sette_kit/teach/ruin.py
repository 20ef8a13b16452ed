"""A bankroll and the chance of ruin: the bankroll followed round by round as a Markov
chain (:func:`ruin_probability`, :func:`ruin_chain`), seeded simulations of it
(:func:`simulate_ruin`, :func:`bankroll_paths`, :class:`RuinRun`), volatility against edge
(:func:`ruin_by_stake`, :func:`at_stake`).  The stake is capped to what the bankroll covers
in the worst case (S15: the bank's reale collects double under the Italian rules), as at
the kit's table.  Pure Python (no numpy).  The law of one round is :mod:`sette_kit.teach.rounds`.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from fractions import Fraction
import itertools
from types import MappingProxyType
from typing import Mapping, NamedTuple

from .._checks import read_bool
from .. import fmt
from ..errors import SetteKitError
from ..i18n import _
from ..numbers import MAX_MONEY, read_whole, shown
from .rounds import RoundResult, _rng, _stake, _int_arg, round_result

__all__ = ["Ruin", "ruin_probability", "RuinSimulation", "simulate_ruin", "bankroll_paths", "StakeRow",
           "ruin_by_stake", "RuinRun", "simulate_ruin_stepped", "path_ends", "at_stake", "Chain", "ruin_chain",
           "MAX_BANKROLL", "MAX_STAKES"]


# -- a bankroll as a Markov chain --------------------------------------------------------------

def _check_game(game) -> None:
    if not isinstance(game, RoundResult):
        raise SetteKitError(_("game={game}: give a RoundResult from risk.round_result or risk.custom_round").format(
            game=shown(game)))


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


MAX_BANKROLL = 5_000
"""The largest bankroll and target of the exact chain (its work grows with the target);
the simulations take the same bound."""


def _chain(game, bankroll, target, min_stake):
    _check_integral(game)
    bankroll = _int_arg(bankroll, "bankroll", 1, MAX_BANKROLL)
    target = _int_arg(target, "target", 1, MAX_BANKROLL)
    min_stake = _int_arg(min_stake, "min_stake", 1, MAX_BANKROLL)
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
    below: list[list[int]] = [[] for _ in range(n)]  # below[k]: the rows i > k with a nonzero in column k
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

        >>> from sette_kit.teach.rounds import custom_round
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
    _check_game(game)
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
        row: dict[int, Fraction] = {}
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
        # fraction, so this holds for float probabilities too: never a NaN bound)
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

    >>> from sette_kit.teach.rounds import custom_round
    >>> coin = custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})
    >>> c = ruin_chain(at_stake(coin, 10), 20, 40, exact=True)
    >>> c.states, dict(c.moves[20]), [c.ruin[b] for b in c.states]
    ((0, 10, 20, 30, 40), {10: Fraction(1, 2), 30: Fraction(1, 2)}, [Fraction(1, 1), Fraction(3, 4), Fraction(1, 2), Fraction(1, 4), Fraction(0, 1)])
    >>> sorted(c.ruined), sorted(c.reached)
    ([0], [40])
    """
    _check_game(game)
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
    out: list[tuple[list, list[float]] | None] = []
    cache: dict[tuple, tuple[list, list[float]]] = {}
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
    _check_game(game)
    bankroll, target, min_stake, __ = _chain(game, bankroll, target, min_stake)
    paths, rounds = _int_arg(paths, "paths", 1, 10_000), _int_arg(rounds, "rounds", 1, 1_000_000)
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
    _check_game(game)
    bankroll, target, min_stake, __ = _chain(game, bankroll, target, min_stake)
    paths = _int_arg(paths, "paths", 2, 1_000_000)
    max_rounds = _int_arg(max_rounds, "max_rounds", 1, 10 ** 9)
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
    given = list(itertools.islice(stakes, MAX_STAKES + 1))  # an endless list is not read to its end
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


# -- for the widgets: a ruin simulation step by step, the ends of paths, another stake ------------

class RuinRun:
    """:func:`simulate_ruin` played a few paths at a time, for a progress bar (build it
    with :func:`simulate_ruin_stepped`).  Iterating plays whole paths until at least
    ``step_rounds`` rounds have been played since the last step, then yields the number
    of paths done; :meth:`result` is then exactly ``simulate_ruin`` with the same
    arguments (the same seeded stream, drawn in the same order)."""

    def __init__(self, game, bankroll, target, paths, seed, min_stake, max_rounds, step_rounds):
        _check_game(game)
        self.bankroll, self.target, self.min_stake, __ = _chain(game, bankroll, target, min_stake)
        self.paths = _int_arg(paths, "paths", 2, 1_000_000)  # the bounds of simulate_ruin
        self.step_rounds = _int_arg(step_rounds, "step_rounds", 1, 10 ** 9)
        self.max_rounds = _int_arg(max_rounds, "max_rounds", 1, 10 ** 9)
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
    _check_game(game)
    _check_integral(game)
    target = _int_arg(target, "target", 1, MAX_BANKROLL)
    min_stake = _int_arg(min_stake, "min_stake", 1, MAX_BANKROLL)
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
    _check_game(game)
    if len(game.parts) != 1 or game.parts[0].card is not None:
        raise SetteKitError(_("at_stake needs a round at a flat stake; a staking plan's stakes depend on the first card "
                              "(build it again with risk.round_result(plan=(min, max)))"))
    if isinstance(stake, (int, Fraction)) and not isinstance(stake, bool) and stake > MAX_BANKROLL:
        raise SetteKitError(_("stake={stake}: give a stake from 1 to {MAX_BANKROLL} (the chain's bound)").format(stake=shown(stake), MAX_BANKROLL=fmt.whole(MAX_BANKROLL)))
    s = _stake(stake)
    old = game.parts[0].stake
    label = game.label.replace(f"stake {old}", f"stake {s}", 1)
    return RoundResult((game.parts[0]._replace(stake=s),), label)
