"""The simulator's front (private; use :mod:`sette_kit.simulate`): :func:`run` and its
:class:`Result`, the policies compiled to tables, the fixed random blocks, and the two
paths that play the rounds (:mod:`sette_kit._sim_numpy` with numpy, :mod:`sette_kit._sim_pure`
without), which give the same result bit for bit.  The heads-up model of S8-S16 (see the
docstring of :mod:`sette_kit.simulate`).
"""

from __future__ import annotations

import math
import numbers
import secrets
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping, NamedTuple

from . import accel
from ._checks import read_callable, read_seed
from .errors import SetteKitError
from .i18n import _
from .numbers import read_number, read_whole, shown
from .rules import Rules, as_rules
from .strategy import CLASS_WEIGHTS, BankSeesPlayer, StandAt

if TYPE_CHECKING:  # pragma: no cover
    from . import _sim_pure

__all__ = ["run", "Result", "Checkpoint", "BLOCK", "FIRST_CARDS", "COUNT_KEYS", "MAX_ROUNDS", "MAX_CHUNK",
           "checkpoint_rounds", "score_hands", "settle_hands", "deal"]

BLOCK = 1 << 14  # rounds per random stream; fixed forever: changing it changes every result
FIRST_CARDS = 12  # positions shuffled for every round (6 for each hand); the rest on demand
DEFAULT_CHUNK = 1 << 17  # rounds processed at once (about 30 MB of working memory on the numpy path)
_DECK = 40
_SETTE = 15  # 7 1/2 in half points
_BUST_CODE, _TRIPLE_CODE = 31, 30  # codes of bust and triple hands in the totals histogram
_TABLE = 17  # policy tables cover totals 0..16 half points; 16 stands for any bust total
_HALF_POINTS = tuple(2 * (i % 10 + 1) if i % 10 < 7 else 1 for i in range(_DECK))
_IS_FIGURE = tuple(i % 10 >= 7 for i in range(_DECK))

MAX_ROUNDS = 10 ** 9
"""The most rounds one call of :func:`run` plays: a billion rounds take minutes
on a laptop with numpy, and far longer on the pure path (the ``progress`` callback shows
how far it is, and may raise to stop early); beyond that the standard error is far below
anything a lesson can show."""

MAX_CHUNK = 1 << 24  # rounds processed at once: about 4 GB of working memory

COUNT_KEYS = ("win", "lose", "push", "bust", "dealer_bust", "reale", "triple", "matta_sette",
              "dealer_reale", "dealer_triple")
"""The outcome counts of a :class:`Result`:

- ``win``, ``lose``, ``push``: rounds the player won (any payout), lost, or tied without payment;
- ``bust``: the player went bust and lost at once (S10);
- ``dealer_bust``: the bank went bust against a player still in the game (S12);
- ``reale``: the player won with a sette e mezzo reale (S5, S14);
- ``triple``: the player won with a sette e mezzo triple (S6);
- ``matta_sette``: the player won with a 7 1/2 made with the wild matta (S4, S14);
- ``dealer_reale``: the bank's reale collected double (S15);
- ``dealer_triple``: the bank made a triple against a player still in the game (S6).
"""


# -- results ---------------------------------------------------------------------------

class Checkpoint(NamedTuple):
    """The running estimate after ``rounds`` rounds (for the convergence chart)."""

    rounds: int
    mean: float
    stderr: float  # nan while fewer than 2 rounds


def _mean_stderr(n: int, s1: int, s2: int) -> tuple[float, float]:
    mean = s1 / n
    if n < 2:
        return mean, math.nan
    var = Fraction(s2 * n - s1 * s1, n * (n - 1))  # exact sample variance
    return mean, math.sqrt(var / n)


@dataclass(frozen=True)
class Result:
    """The outcome of :func:`run`: the player's mean result per unit stake and its spread.

    ``total`` and ``total_squares`` are the exact integer sums of the results and of
    their squares; ``payouts`` maps each result (-2, -1, 0, 1, 2, ...) to how many
    rounds ended with it; ``counts`` is keyed by :data:`COUNT_KEYS`; ``checkpoints``
    holds the running mean at log-spaced round counts (1, 2, 5, 10, 20, 50, ... and
    the last round); ``player_totals`` counts where the player's hand ended, keyed like
    ``odds.final_distribution``: a total (Fraction), ``"bust"`` or ``"triple"``.
    """

    rules: Rules
    player: object
    dealer: object
    rounds: int
    seed: int
    total: int
    total_squares: int
    payouts: Mapping[int, int]
    counts: Mapping[str, int]
    checkpoints: tuple[Checkpoint, ...] = field(repr=False)
    player_totals: Mapping = field(default_factory=lambda: MappingProxyType({}), repr=False)

    @property
    def mean(self) -> float:
        """The estimate: the player's mean result per unit stake."""
        return self.total / self.rounds

    @property
    def exact_mean(self) -> Fraction:
        """The sample mean as an exact fraction."""
        return Fraction(self.total, self.rounds)

    @property
    def stderr(self) -> float:
        """The standard error of the mean (sample standard deviation / sqrt(rounds))."""
        return _mean_stderr(self.rounds, self.total, self.total_squares)[1]

    @property
    def std(self) -> float:
        """The sample standard deviation of one round's result."""
        return self.stderr * math.sqrt(self.rounds)

    def ci(self, level: float = 0.95) -> tuple[float, float]:
        """The normal-approximation confidence interval for the true mean at ``level``.

        >>> from sette_kit import Rules
        >>> from sette_kit.strategy import stand_at
        >>> r = run(Rules.preset("plain"), player=stand_at(4), dealer=stand_at(5), rounds=20_000, seed=7)
        >>> a, b = r.ci(0.95); c, d = r.ci(0.99)
        >>> c < a < r.mean < b < d
        True
        """
        if not isinstance(level, (int, float)) or not 0 < level < 1:
            raise SetteKitError(_("ci(level={level}): the level must be a number between 0 and 1, such as 0.95").format(level=shown(level)))
        z = NormalDist().inv_cdf((1 + level) / 2)
        half = z * self.stderr
        return self.mean - half, self.mean + half

    def z_score(self, exact) -> float:
        """How many standard errors the estimate lies from ``exact`` (a number)."""
        exact = read_number(exact, "exact", accepted=_("the exact value, a number such as -0.16 or a Fraction"),
                            text=False)
        return (self.mean - float(exact)) / self.stderr

    def __repr__(self) -> str:
        return (f"<Result {self.rules.name}: {_policy_name(self.player)} vs {_policy_name(self.dealer)}, "
                f"{self.rounds} rounds, mean {self.mean:.6f} ± {self.stderr:.6f}, seed {self.seed}>")


def _policy_name(policy) -> str:
    if isinstance(policy, Mapping):
        return f"hit table ({len(policy)} compositions)"
    return repr(policy)


def checkpoint_rounds(rounds: int) -> tuple[int, ...]:
    """The round counts at which the running mean is recorded: 1, 2, 5, 10, 20, 50, ...
    up to ``rounds``, and ``rounds`` itself.

    >>> checkpoint_rounds(1000)
    (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
    >>> checkpoint_rounds(30)
    (1, 2, 5, 10, 20, 30)
    """
    out, p = [], 1
    while p <= rounds:
        out += [m * p for m in (1, 2, 5) if m * p <= rounds]
        p *= 10
    if not out or out[-1] != rounds:
        out.append(rounds)
    return tuple(out)


# -- rules and policies, compiled to tables ---------------------------------------------

class _Spec:
    """The rules and policies as small tables (tuples) for both engines."""

    _pure: _sim_pure.PureSpec  # the pure path's tables, made on first use (run_pure)

    def __init__(self, rules: Rules, player, dealer):
        if not isinstance(rules, Rules):
            raise SetteKitError(_("rules must be a sette_kit.Rules (e.g. Rules.preset('plain')), not {rules}").format(rules=shown(rules)))
        self.rules = rules
        self.matta = -1 if rules.matta is None else rules.matta.index
        self.matta_min = 2 if rules.matta_whole_only else 1  # the least value the matta takes (S4)
        value = list(_HALF_POINTS)
        if self.matta >= 0:
            value[self.matta] = 0  # the matta's value is added by the S4 rule
        self.value = tuple(value)
        classes = [8 if i == self.matta else (7 if _IS_FIGURE[i] else i % 10) for i in range(_DECK)]
        self.weight = tuple(CLASS_WEIGHTS[c] for c in classes)
        self.player_kind, self.player_table = _compile_player(player)
        self.dealer_table = _compile_dealer(dealer)
        tier = 2 if not rules.true_reale_beats_matta_reale else 1  # S16
        self.matta_reale_strength = 60 + tier


_MAX_TABLE = 200_000  # more entries than there are hands to hold (a hit table has a few thousand)


def _compile_player(player):
    """('threshold', wants[total]) or ('table', (sorted keys, hit flags))."""
    if isinstance(player, BankSeesPlayer):
        raise SetteKitError(_("the player cannot see the bank's cards: use stand_at(x), a hit table or the solution of "
                              "odds.solve as the player's policy"))
    if hasattr(player, "hit_table") and callable(player.hit_table):
        if getattr(player, "key_is_sufficient", True) is False:
            raise SetteKitError(_("this solution's decisions depend on more than the composition of the hand, so it cannot "
                                  "be simulated from its hit table"))
        player = player.hit_table()
    if isinstance(player, Mapping):
        if not player:
            raise SetteKitError(_("the player's hit table is empty"))
        if len(player) > _MAX_TABLE or any(type(k) is not int or not 0 < k < CLASS_WEIGHTS[-1] * 13
                                           or type(v) is not bool for k, v in player.items()):
            raise SetteKitError(_("player={player}: a hit table maps composition keys (whole numbers, "
                                  "strategy.composition_key) to True (hit) or False (stand), as "
                                  "odds.solve(...).hit_table() gives").format(player=shown(player)))
        keys = tuple(sorted(player))
        hits = tuple(player[k] for k in keys)
        return "table", (keys, hits)
    if hasattr(player, "wants_card"):
        try:
            wants = tuple(bool(player.wants_card(h)) for h in range(_TABLE))
        except (TypeError, SetteKitError):
            raise SetteKitError(_("the player's policy {player} must decide from the player's own total (like stand_at(x))").format(player=shown(player))) from None
        return "threshold", wants
    raise SetteKitError(_("unknown player policy {player}: accepted are stand_at(x), the solution of "
                          "odds.solve(...), or its hit_table() (a dict composition key -> hit?)").format(player=shown(player)))


def _compile_dealer(dealer):
    """wants[bank total][player total] for totals 0..16 (higher totals clipped to 16: bust)."""
    if not hasattr(dealer, "wants_card"):
        raise SetteKitError(_("unknown bank policy {dealer}: accepted are stand_at(x) and sees_player()").format(dealer=shown(dealer)))
    return tuple(tuple(bool(dealer.wants_card(h, p)) for p in range(_TABLE)) for h in range(_TABLE))


# -- the scorer, exposed for checking ------------------------------------------------------

def score_hands(cards, lengths, rules: Rules) -> dict:
    """Score many hands at once (the simulator's scorer, exposed for checking it against
    :func:`sette_kit.scoring.score`).

    ``cards`` is an (n, k) array (or a list of rows) of card indices (``Card.index``),
    ``lengths`` the number of cards of each hand (1..k).  Returns, for each hand:
    ``half_points`` (the best total, as ``Score.half_points``), ``bust``, ``triple``,
    ``reale``, ``true_reale``, ``wild`` - numpy arrays on the numpy path, lists on the
    pure path (:mod:`sette_kit.accel`).

    >>> from sette_kit import Rules, parse_cards
    >>> italian = Rules.preset("italian")
    >>> hands = [parse_cards("Rd 3c") + (None,), parse_cards("7d Fd 2c")]
    >>> cards = [[c.index if c else 0 for c in h] for h in hands]
    >>> s = score_hands(cards, [2, 2], italian)
    >>> [int(v) for v in s["half_points"]], [bool(v) for v in s["reale"]], [bool(v) for v in s["wild"]]
    ([14, 15], [False, True], [True, False])
    """
    spec = _Spec(rules, _ANY_PLAYER, _ANY_DEALER)
    np = accel.numpy()
    if np is not None:
        from . import _sim_numpy

        return _sim_numpy.score_hands(cards, lengths, spec)
    from . import _sim_pure

    ps = _sim_pure.PureSpec(spec)
    rows = _pure_hands(cards, lengths)
    scored = [_sim_pure.score_hand(h, ps) for h in rows]
    names = ("half_points", "bust", "triple", "reale", "true_reale", "wild")
    return {name: [s[i] for s in scored] for i, name in enumerate(names)}


def _pure_hands(cards, lengths) -> list:
    """The hands of an (n, k) table of card indices cut to their lengths, checked."""
    rows = [[int(c) for c in row] for row in cards]
    lengths = [int(n) for n in lengths]
    width = len(rows[0]) if rows else 0
    if not rows or width < 1 or any(len(r) != width for r in rows) or \
            any(not 0 <= c < _DECK for r in rows for c in r):
        raise SetteKitError(_("cards must be an (n, k) array of card indices 0-39"))
    if len(lengths) != len(rows) or any(not 1 <= n <= width for n in lengths):
        raise SetteKitError(_("each length must be between 1 and the number of columns"))
    return [r[:n] for r, n in zip(rows, lengths)]


def settle_hands(player_cards, player_lengths, dealer_cards, dealer_lengths, rules: Rules):
    """Settle many hands at once: the player's result per unit stake, exactly as
    :func:`sette_kit.scoring.outcome` (S10-S16).  Arguments as in :func:`score_hands`;
    an int8 array on the numpy path, a list of ints on the pure path.

    >>> from sette_kit import Rules, parse_cards
    >>> italian = Rules.preset("italian")
    >>> idx = lambda text: [[c.index for c in parse_cards(text)]]
    >>> [int(v) for v in settle_hands(idx("7c Fc"), [2], idx("3c 4d Fs"), [3], italian)]
    [2]
    """
    spec = _Spec(rules, _ANY_PLAYER, _ANY_DEALER)
    np = accel.numpy()
    if np is not None:
        from . import _sim_numpy

        return _sim_numpy.settle_hands(player_cards, player_lengths, dealer_cards, dealer_lengths, spec)
    from . import _sim_pure

    ps = _sim_pure.PureSpec(spec)
    players = _pure_hands(player_cards, player_lengths)
    dealers = _pure_hands(dealer_cards, dealer_lengths)
    return [_sim_pure.settle(_sim_pure.score_hand(p, ps), _sim_pure.score_hand(d, ps), ps)
            for p, d in zip(players, dealers)]


_ANY_PLAYER = StandAt(10)
_ANY_DEALER = StandAt(10)


# -- the public entry point --------------------------------------------------------------

def run(rules: Rules, player=None, dealer=None, rounds: int = 100_000, seed: int | None = None, *,
        rng=None, chunk: int = DEFAULT_CHUNK,
        progress: Callable[[int, int], object] | None = None) -> Result:
    """Play ``rounds`` heads-up rounds and estimate the player's expected result per unit stake.

    ``player``: ``stand_at(x)`` (any policy that decides from its own total), the
    solution of ``odds.solve`` (its ``hit_table()`` is looked up), such a hit table itself
    (a dict ``composition_key -> hit?``), or the string ``"optimal"`` (solves the game
    for this bank with ``odds.solve`` first).  ``dealer``: ``stand_at(x)`` or
    ``sees_player()`` (the bank that sees the player's total).  Both default to
    ``stand_at(5)``.

    ``seed`` (an int >= 0) makes the run reproducible: the same seed gives the same
    result whatever ``chunk``, and the first rounds of a longer run are those of a
    shorter one.  Without a seed one is drawn (from ``rng`` if given) and recorded in
    the result.  ``chunk`` is how many rounds are processed at once (rounded up to a
    multiple of :data:`BLOCK`); it bounds memory (about 250 bytes per round of chunk).
    ``progress(done, total)`` is called after each chunk; it may raise (for instance
    ``KeyboardInterrupt``) to stop a long run.  ``rounds`` is a whole number from 1 to
    :data:`MAX_ROUNDS` (an int, a whole float such as ``1e6``, or text such as ``"1e6"``).

    >>> from sette_kit import Rules
    >>> from sette_kit.strategy import stand_at, sees_player
    >>> italian = Rules.preset("italian")
    >>> a = run(italian, stand_at(5), sees_player(), rounds=50_000, seed=3, chunk=BLOCK)
    >>> b = run(italian, stand_at(5), sees_player(), rounds=50_000, seed=3, chunk=10**6)
    >>> a == b
    True
    >>> seen = []
    >>> _ = run(italian, rounds=40_000, seed=1, chunk=BLOCK, progress=lambda d, t: seen.append(d))
    >>> seen
    [16384, 32768, 40000]
    """
    from .strategy import stand_at

    # every argument is checked before any work (a bad count never starts a run)
    rules = as_rules(rules)
    rounds = read_whole(rounds, "rounds", 1, MAX_ROUNDS,
                        accepted=_("a whole number of rounds, at least 1 and at most {most} (MAX_ROUNDS)").format(
                            most=format(MAX_ROUNDS, ",")))
    chunk = read_whole(chunk, "chunk", 1, MAX_ROUNDS,
                       accepted=_("a whole number of rounds from 1 to {most}").format(most=format(MAX_ROUNDS, ",")),
                       text=False)
    if min(chunk, rounds) > MAX_CHUNK:
        raise SetteKitError(_("chunk={chunk}: at most {MAX_CHUNK} rounds are processed at once (about 4 GB of memory); "
                              "give a smaller chunk").format(chunk=chunk, MAX_CHUNK=format(MAX_CHUNK, ',')))
    if progress is not None:
        read_callable(progress, "progress", "None or a function progress(done, total)")
    if seed is None and rng is not None and not (hasattr(rng, "integers") or hasattr(rng, "randrange")):
        raise SetteKitError(_("rng={rng}: give a random.Random or a numpy Generator, or a seed").format(rng=shown(rng)))
    if player is None:
        player = stand_at(5)
    if dealer is None:
        dealer = stand_at(5)
    if isinstance(player, str):
        if player != "optimal":
            raise SetteKitError(_("player={player}: accepted are 'optimal', stand_at(x), or a solution of odds.solve").format(player=shown(player)))
        from . import odds

        player = odds.solve(rules, dealer=dealer)
    rounds = _count(rounds, "rounds")
    chunk = _count(chunk, "chunk")
    chunk = -(-chunk // BLOCK) * BLOCK
    if seed is None:
        if rng is not None:
            seed = int(rng.integers(0, 2 ** 63)) if hasattr(rng, "integers") else rng.randrange(2 ** 63)
        else:
            seed = secrets.randbits(63)
    else:
        seed = read_seed(seed)  # at most 2**256 - 1, as every seed of the kit
    spec = _Spec(rules, player, dealer)

    sim = _Run(spec, rounds, seed, chunk)
    for done in sim:
        if progress is not None:
            progress(done, rounds)
    return sim.result(rules, player, dealer)


class _Run:
    """The rounds of a run, played one chunk at a time: iterating yields the rounds done
    after each chunk; :meth:`result` gives the Result once all are played.  (A widget
    without threads steps it between turns of the event loop.)  The engine is chosen
    once, when the run starts (:mod:`sette_kit.accel`)."""

    def __init__(self, spec: _Spec, rounds: int, seed: int, chunk: int, marks=None):
        self.spec, self.rounds, self.seed, self.chunk = spec, rounds, seed, chunk
        self.done = 0
        self.path = accel.path()
        self._marks = checkpoint_rounds(rounds) if marks is None else tuple(marks)
        self._cps: list[Checkpoint] = []
        self._sums: list[tuple[int, int]] = []  # (rounds, exact sum of the results) at each mark
        self._payouts: dict = {}
        self._counts = dict.fromkeys(COUNT_KEYS, 0)
        self._totals: dict = {}
        self._s1 = self._s2 = 0
        self._block = 0

    def __iter__(self):
        return self

    def __next__(self) -> int:
        if self.done >= self.rounds:
            raise StopIteration
        self.step()
        return self.done

    def step(self) -> None:
        """Play the next chunk of rounds."""
        done, rounds = self.done, self.rounds
        n = min(self.chunk, rounds - done)
        sizes = [min(BLOCK, n - i) for i in range(0, n, BLOCK)]
        here = [m for m in self._marks if done < m <= done + n]
        rel = [m - done for m in here]
        if self.path == "numpy":
            from . import _sim_numpy

            payouts, counts, totals, s1, s2, at = _sim_numpy.play_chunk(self.spec, self.seed, self._block, sizes, rel)
        else:
            payouts, counts, totals, s1, s2, at = _pure_chunk(self.spec, self.seed, self._block, sizes, rel)
        self._block += len(sizes)
        for m, (a, b) in zip(here, at):
            self._cps.append(Checkpoint(m, *_mean_stderr(m, self._s1 + a, self._s2 + b)))
            self._sums.append((m, self._s1 + a))
        for d, add in ((self._payouts, payouts), (self._totals, totals)):
            for k, v in add.items():
                d[k] = d.get(k, 0) + v
        for k, v in counts.items():
            self._counts[k] += v
        self._s1 += s1
        self._s2 += s2
        self.done = done + n

    def result(self, rules: Rules, player, dealer) -> Result:
        if self.done < self.rounds:
            raise SetteKitError(_("the run has played {done} of {rounds} rounds").format(done=self.done, rounds=self.rounds))
        pay = {v: self._payouts[v] for v in sorted(self._payouts) if self._payouts[v]}
        return Result(rules=rules, player=player, dealer=dealer, rounds=self.rounds, seed=self.seed,
                      total=self._s1, total_squares=self._s2, payouts=MappingProxyType(pay),
                      counts=MappingProxyType(dict(self._counts)), checkpoints=tuple(self._cps),
                      player_totals=MappingProxyType(_totals_dict(self._totals)))


def _stepped(rules: Rules, player, dealer, rounds: int, seed: int, chunk: int = BLOCK) -> _Run:
    """A run to play chunk by chunk (``for done in r: ...``, then ``r.result(rules,
    player, dealer)``): what a widget steps between turns of the event loop.  Unlike
    :func:`run` it takes only checked values: ``player`` a policy, a Solution or a hit
    table (not "optimal"), ``rounds``, ``seed`` and ``chunk`` whole numbers."""
    chunk = -(-chunk // BLOCK) * BLOCK
    return _Run(_Spec(rules, player, dealer), rounds, seed, chunk)


def _pure_chunk(spec: _Spec, seed: int, first_block: int, sizes: list, marks: list):
    from . import _sim_pure

    ps = getattr(spec, "_pure", None)
    if ps is None:
        ps = spec._pure = _sim_pure.PureSpec(spec)
    try:
        tally, at = _sim_pure.play_chunk(ps, seed, first_block, sizes, marks)
    except _sim_pure.MissingDecision as e:
        from .cards import Card

        hand = ", ".join(Card.from_index(int(c)).name(spec.rules.face) for c in e.cards)
        raise SetteKitError(_("the player's hit table has no decision for the hand {hand} (composition key {key})").format(hand=hand, key=e.key)) from None
    payouts, counts, totals, s1, s2 = _sim_pure.summarise(tally)
    return payouts, counts, totals, s1, s2, at


def _totals_dict(totals: dict) -> dict:
    out = {}
    for code, n in sorted(totals.items()):
        if n:
            key = "bust" if code == _BUST_CODE else "triple" if code == _TRIPLE_CODE else Fraction(code, 2)
            out[key] = n
    return dict(sorted(out.items(), key=lambda kv: (kv[0] == "bust", kv[0] == "triple",
                                                   kv[0] if isinstance(kv[0], Fraction) else 0)))


def deal(rounds: int, seed: int, cards: int = FIRST_CARDS):
    """The first ``cards`` shuffled positions of each round's deck, exactly as :func:`run`
    deals them with this seed (rows of ``Card.index``, one per round; column 0 is the
    player's hidden card, column 1 the bank's, then the player's draws at the even
    columns and the bank's at the odd ones).  An (rounds, cards) int8 array on the numpy
    path, a list of lists on the pure path: the same cards.  For checking the shuffle.

    >>> [[int(c) for c in row] for row in deal(3, seed=1, cards=2)]
    [[35, 0], [30, 33], [8, 27]]
    """
    rounds = read_whole(rounds, "rounds", 1, 2 * 10 ** 6, accepted=_("a whole number of rounds from 1 to {most}").format(
        most="2,000,000"), text=False)
    read_seed(seed)
    cards = read_whole(cards, "cards", 1, FIRST_CARDS, accepted=_("a whole number from 1 to {most}").format(
        most=FIRST_CARDS), text=False)

    rounds = _count(rounds, "rounds")
    if not 1 <= cards <= FIRST_CARDS:
        raise SetteKitError(_("cards={cards}: between 1 and {FIRST_CARDS}").format(cards=shown(cards), FIRST_CARDS=FIRST_CARDS))
    if accel.numpy() is not None:
        from . import _sim_numpy

        return _sim_numpy.deal(rounds, seed, cards)
    from . import _sim_pure

    return _sim_pure.deal(seed, rounds, cards, BLOCK)


def _count(value, name: str) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise SetteKitError(_("{name}={value}: it must be a whole number >= 1, such as 100_000").format(name=name, value=shown(value)))
    return int(value)


# -- the exact value of the simulated game -----------------------------------------------
