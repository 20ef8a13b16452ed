"""Monte Carlo simulation of the heads-up game, vectorised in numpy (DESIGN.md, "Public API").

The game is the heads-up model the exact engine (``odds.solve``) solves: one player
against the bank, stake 1.  Player and bank each get one hidden card from a shuffled
40-card deck; the player draws, seeing only his own cards; then the bank plays its
policy; the hand is settled exactly as :func:`sette_kit.scoring.outcome` settles it
(S10 bust loses at once, S12 bank bust pays, S13 ties to the bank, S4 matta best value,
S5/S14 reale, S6 triple, S14 matta 7 1/2 payout, S15 bank's reale collects double, S16
true reale beats the matta's).  The options that belong to the table rather than to
the heads-up model (S17 bank passing, S19-S23 burning, exchanging, half-point ace,
face-down requests, splitting) play no part here, as in ``odds.solve``.

>>> from sette_kit import Rules
>>> from sette_kit.strategy import stand_at
>>> r = run(Rules.preset("plain"), player=stand_at(5), dealer=stand_at(5), rounds=100_000, seed=1)
>>> r
<Result plain: stand_at(5) vs stand_at(5), 100000 rounds, mean -0.171900 ± 0.003115, seed 1>
>>> r.mean, round(r.stderr, 4)
(-0.1719, 0.0031)
>>> lo, hi = r.ci(0.95)
>>> lo < r.mean < hi
True
>>> r.counts["win"] + r.counts["lose"] + r.counts["push"] == r.rounds
True

How it works.  Rounds are generated in fixed blocks of :data:`BLOCK` rounds; block ``b``
draws its random numbers from its own stream, ``SeedSequence(seed, spawn_key=(b, 0))``,
one row of numbers per round, so a round's cards depend only on the seed and the
round's number - never on ``chunk`` (how many rounds are processed at once, which only
bounds memory) nor on ``rounds``.  Cards are dealt by a vectorised partial
Fisher-Yates shuffle of only the first :data:`FIRST_CARDS` positions of each round's
deck; the player's cards are the even positions and the bank's the odd ones (any
fixed assignment of positions of a uniformly shuffled deck deals exactly like the
table does).  The rare round that needs more cards finishes its shuffle from a second
stream of its block, ``spawn_key=(b, 1)``.  Sums are kept as exact integers, so the
result is the same, bit for bit, whatever the chunk size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from types import MappingProxyType
from typing import Callable, Mapping, NamedTuple

import numpy as np

from ._checks import read_bool, read_callable, read_seed
from .errors import SetteKitError
from .numbers import read_whole, shown
from .rules import Rules, as_rules
from .strategy import CLASS_WEIGHTS, BankSeesPlayer, StandAt

__all__ = ["run", "exact_ev", "Result", "Checkpoint", "BLOCK", "FIRST_CARDS", "COUNT_KEYS", "MAX_ROUNDS", "MAX_CHUNK",
           "checkpoint_rounds", "score_hands", "settle_hands", "deal"]

BLOCK = 1 << 14  # rounds per random stream; fixed forever: changing it changes every result
FIRST_CARDS = 12  # positions shuffled for every round (6 for each hand); the rest on demand
DEFAULT_CHUNK = 1 << 17  # rounds processed at once (about 30 MB of working memory)
_DECK = 40
_SETTE = 15  # 7 1/2 in half points
_BUST_CODE, _TRIPLE_CODE = 31, 30  # codes of bust and triple hands in the totals histogram
_TABLE = 17  # policy tables cover totals 0..16 half points; 16 stands for any bust total
_HALF_POINTS = np.array([2 * (i % 10 + 1) if i % 10 < 7 else 1 for i in range(_DECK)], dtype=np.int16)
_IS_SEVEN = np.array([i % 10 == 6 for i in range(_DECK)])
_IS_FIGURE = np.array([i % 10 >= 7 for i in range(_DECK)])
_SUIT = np.array([i // 10 for i in range(_DECK)], dtype=np.int8)

MAX_ROUNDS = 10 ** 9
"""The most rounds one call of :func:`run` plays (issue 18): a billion rounds take minutes
on a laptop with numpy (the ``progress`` callback shows how far it is, and may raise to
stop early); beyond that the standard error is far below anything a lesson can show."""

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
            raise SetteKitError(f"ci(level={level!r}): the level must be a number between 0 and 1, such as 0.95")
        z = NormalDist().inv_cdf((1 + level) / 2)
        half = z * self.stderr
        return self.mean - half, self.mean + half

    def z_score(self, exact) -> float:
        """How many standard errors the estimate lies from ``exact`` (a number)."""
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


# -- rules and policies, compiled to arrays ---------------------------------------------

class _Spec:
    """The rules and policies as small arrays for the vectorised engine."""

    def __init__(self, rules: Rules, player, dealer):
        if not isinstance(rules, Rules):
            raise SetteKitError(f"rules must be a sette_kit.Rules (e.g. Rules.preset('plain')), not {rules!r}")
        self.rules = rules
        self.matta = -1 if rules.matta is None else rules.matta.index
        self.matta_min = 2 if rules.matta_whole_only else 1  # the least value the matta takes (S4)
        self.value = _HALF_POINTS.copy()
        if self.matta >= 0:
            self.value[self.matta] = 0  # the matta's value is added by the S4 rule
        classes = np.array([8 if i == self.matta else (7 if _IS_FIGURE[i] else i % 10) for i in range(_DECK)])
        self.weight = np.array([CLASS_WEIGHTS[c] for c in classes], dtype=np.int64)
        self.player_kind, self.player_table = _compile_player(player)
        self.dealer_table = _compile_dealer(dealer)
        tier = 2 if not rules.true_reale_beats_matta_reale else 1  # S16
        self.matta_reale_strength = 60 + tier


def _compile_player(player):
    """('threshold', wants[total]) or ('table', (sorted keys, hit flags))."""
    if isinstance(player, BankSeesPlayer):
        raise SetteKitError("the player cannot see the bank's cards: use stand_at(x), a hit table "
                            "or the solution of odds.solve as the player's policy")
    if hasattr(player, "hit_table") and callable(player.hit_table):
        if getattr(player, "key_is_sufficient", True) is False:
            raise SetteKitError("this solution's decisions depend on more than the composition of the "
                                "hand, so it cannot be simulated from its hit table")
        player = player.hit_table()
    if isinstance(player, Mapping):
        if not player:
            raise SetteKitError("the player's hit table is empty")
        keys = np.array(sorted(player), dtype=np.int64)
        hits = np.array([bool(player[k]) for k in keys.tolist()], dtype=bool)
        return "table", (keys, hits)
    if hasattr(player, "wants_card"):
        try:
            wants = np.array([bool(player.wants_card(h)) for h in range(_TABLE)], dtype=bool)
        except (TypeError, SetteKitError):
            raise SetteKitError(f"the player's policy {player!r} must decide from the player's own total "
                                "(like stand_at(x))") from None
        return "threshold", wants
    raise SetteKitError(f"unknown player policy {player!r}: accepted are stand_at(x), the solution of "
                        "odds.solve(...), or its hit_table() (a dict composition key -> hit?)")


def _compile_dealer(dealer):
    """wants[bank total, player total] for totals 0..16 (higher totals clipped to 16: bust)."""
    if not hasattr(dealer, "wants_card"):
        raise SetteKitError(f"unknown bank policy {dealer!r}: accepted are stand_at(x) and sees_player()")
    return np.array([[bool(dealer.wants_card(h, p)) for p in range(_TABLE)] for h in range(_TABLE)], dtype=bool)


# -- the vectorised scorer ---------------------------------------------------------------

def _prefix_totals(cards: np.ndarray, spec: _Spec):
    """Best totals (half points) of every prefix of each hand, and the matta's bookkeeping.

    ``cards`` is an (n, k) array of card indices, one hand per row in dealing order.
    Returns (total, base, has_matta), each (n, k): column j describes the first j+1 cards.
    """
    base = np.cumsum(spec.value[cards], axis=1, dtype=np.int16)
    if spec.matta < 0:
        return base, base, None
    has = np.logical_or.accumulate(cards == spec.matta, axis=1)
    # S4: beside other cards the matta takes the best value not going over 7 1/2: 1/2
    # or a whole number (whole only under matta_whole_only); with none, the least.
    with_matta = np.where(base <= 13, 14 + (base & 1), base + spec.matta_min).astype(np.int16)
    total = np.where(has, with_matta, base)
    total[:, 0] = np.where(has[:, 0], 1, base[:, 0])  # alone it is a figure: 1/2
    return total, base, has


def _two_card_kinds(cards: np.ndarray, total2: np.ndarray, spec: _Spec):
    """(triple, reale, true_reale) of the two-card hands cards[:, :2] with totals total2."""
    a, b = cards[:, 0], cards[:, 1]
    rules = spec.rules
    if rules.triple:  # S6: exactly two 7s
        triple = _IS_SEVEN[a] & _IS_SEVEN[b]
    else:
        triple = np.zeros(len(a), dtype=bool)
    if not rules.reale:
        no = np.zeros(len(a), dtype=bool)
        return triple, no, no
    same = (_SUIT[a] == _SUIT[b]) if rules.reale_same_suit else True
    fig_a, fig_b = _IS_FIGURE[a], _IS_FIGURE[b]
    seven_fig = (_IS_SEVEN[a] & fig_b) | (_IS_SEVEN[b] & fig_a)
    reale = (total2 == _SETTE) & same & (seven_fig | (fig_a & fig_b))  # S5
    return triple, reale, reale & seven_fig


class _Hands(NamedTuple):
    total: np.ndarray  # half points, as Score.half_points (a triple counts 14 points: 28)
    bust: np.ndarray
    triple: np.ndarray
    reale: np.ndarray
    true_reale: np.ndarray
    wild: np.ndarray  # the matta took a value other than its own 1/2


def _final(total, base, has, kinds, stop, spec) -> _Hands:
    """The hands stopped at column ``stop`` (0-based) of the prefix arrays."""
    rows = np.arange(len(stop))
    t = total[rows, stop]
    two = stop == 1
    triple, reale, true_reale = (k & two for k in kinds)
    if has is None:
        wild = np.zeros(len(stop), dtype=bool)
    else:
        wild = has[rows, stop] & (stop >= 1) & (t - base[rows, stop] != 1)
    return _Hands(t, (t > _SETTE) & ~triple, triple, reale, true_reale, wild)


def _strength(h: _Hands, spec: _Spec) -> np.ndarray:
    """Score.strength as one int: 4*total, bust -4, reale 60 + tier, triple 67 (S5, S6, S16)."""
    s = np.where(h.bust, -4, 4 * h.total.astype(np.int16))
    s = np.where(h.reale, np.where(h.true_reale, 62, spec.matta_reale_strength), s)
    return np.where(h.triple, 67, s)


def _settle(p: _Hands, d: _Hands, spec: _Spec) -> np.ndarray:
    """The player's result per unit stake, as scoring.outcome computes it (S10-S16)."""
    rules = spec.rules
    win = np.ones(len(p.total), dtype=np.int8)
    if rules.reale:
        win[p.reale] = rules.reale_payout  # S5, S14
    if rules.triple:
        win[p.triple] = rules.triple_payout  # S6, S14
    if rules.matta_sette_payout > 1:  # S14 option: a 7 1/2 made with the wild matta
        ms = (p.total == _SETTE) & p.wild
        win[ms] = np.maximum(win[ms], rules.matta_sette_payout)
    lose = np.full(len(p.total), -1, dtype=np.int8)
    if rules.dealer_reale_collects_double:  # S15
        lose[d.reale & ~p.reale & ~p.triple] = -2
    mine, theirs = _strength(p, spec), _strength(d, spec)
    tie = -1 if rules.dealer_wins_ties else 0  # S13
    res = np.where(mine > theirs, win, np.where(mine == theirs, np.int8(tie), lose)).astype(np.int8)
    res[p.bust] = -1  # S10: bust loses at once, whatever the bank does
    return res


def score_hands(cards, lengths, rules: Rules) -> dict:
    """Score many hands at once, vectorised (the simulator's scorer, exposed for checking
    it against :func:`sette_kit.scoring.score`).

    ``cards`` is an (n, k) array of card indices (``Card.index``), ``lengths`` the
    number of cards of each hand (1..k).  Returns arrays: ``half_points`` (the best
    total, as ``Score.half_points``), ``bust``, ``triple``, ``reale``, ``true_reale``, ``wild``.

    >>> import numpy as np
    >>> from sette_kit import Rules, parse_cards
    >>> italian = Rules.preset("italian")
    >>> hands = [parse_cards("Rd 3c") + (None,), parse_cards("7d Fd 2c")]
    >>> cards = np.array([[c.index if c else 0 for c in h] for h in hands])
    >>> s = score_hands(cards, [2, 2], italian)
    >>> s["half_points"].tolist(), s["reale"].tolist(), s["wild"].tolist()
    ([14, 15], [False, True], [True, False])
    """
    spec = _Spec(rules, _ANY_PLAYER, _ANY_DEALER)
    h = _score(np.asarray(cards, dtype=np.int64), np.asarray(lengths, dtype=np.int64), spec)
    return {"half_points": h.total, "bust": h.bust, "triple": h.triple, "reale": h.reale,
            "true_reale": h.true_reale, "wild": h.wild}


def _score(cards, lengths, spec) -> _Hands:
    if cards.ndim != 2 or cards.shape[1] < 1 or np.any((cards < 0) | (cards >= _DECK)):
        raise SetteKitError("cards must be an (n, k) array of card indices 0-39")
    if np.any((lengths < 1) | (lengths > cards.shape[1])):
        raise SetteKitError("each length must be between 1 and the number of columns")
    if cards.shape[1] == 1:
        cards = np.concatenate([cards, cards], axis=1)  # a dummy second column, never read
    total, base, has = _prefix_totals(cards, spec)
    kinds = _two_card_kinds(cards, total[:, 1], spec)
    return _final(total, base, has, kinds, lengths - 1, spec)


def settle_hands(player_cards, player_lengths, dealer_cards, dealer_lengths, rules: Rules) -> np.ndarray:
    """Settle many hands at once: the player's result per unit stake (int8), exactly as
    :func:`sette_kit.scoring.outcome` (S10-S16).  Arguments as in :func:`score_hands`.

    >>> import numpy as np
    >>> from sette_kit import Rules, parse_cards
    >>> italian = Rules.preset("italian")
    >>> idx = lambda text: [[c.index for c in parse_cards(text)]]
    >>> settle_hands(idx("7c Fc"), [2], idx("3c 4d Fs"), [3], italian).tolist()
    [2]
    """
    spec = _Spec(rules, _ANY_PLAYER, _ANY_DEALER)
    p = _score(np.asarray(player_cards, dtype=np.int64), np.asarray(player_lengths, dtype=np.int64), spec)
    d = _score(np.asarray(dealer_cards, dtype=np.int64), np.asarray(dealer_lengths, dtype=np.int64), spec)
    return _settle(p, d, spec)


_ANY_PLAYER = StandAt(10)
_ANY_DEALER = StandAt(10)


# -- playing a chunk of rounds -----------------------------------------------------------

def _first_true(mask: np.ndarray):
    """(index of the first True of each row, whether the row has one)."""
    idx = mask.argmax(axis=1)
    return idx, mask[np.arange(len(idx)), idx]


def _play(cards: np.ndarray, spec: _Spec):
    """Play the rounds whose shuffled positions are the rows of ``cards`` (n, 2m):
    the player's cards are the even columns, the bank's the odd ones.

    Returns (results int8, player hands, bank hands, resolved): a row is unresolved
    when a hand would need more cards than the columns hold.
    """
    pc, bc = cards[:, 0::2], cards[:, 1::2]
    # the player (S9, S10): stops when bust, at 7 1/2 (shown at once), with a triple, or by policy
    total, base, has = _prefix_totals(pc, spec)
    kinds = _two_card_kinds(pc, total[:, 1], spec)
    stop = total >= _SETTE
    stop[:, 1] |= kinds[0]
    if spec.player_kind == "threshold":
        stop |= ~spec.player_table[np.minimum(total, _TABLE - 1)]
    else:
        keys, hits = spec.player_table
        comp = np.cumsum(spec.weight[pc], axis=1)
        pos = np.searchsorted(keys, comp)
        pos_c = np.minimum(pos, len(keys) - 1)
        found = keys[pos_c] == comp
        stop |= ~(found & hits[pos_c])
    ps, p_ok = _first_true(stop)
    player = _final(total, base, has, kinds, ps, spec)
    if spec.player_kind == "table":
        rows = np.arange(len(ps))
        missing = p_ok & ~found[rows, ps] & (player.total < _SETTE) & ~player.triple
        if missing.any():
            i = int(np.flatnonzero(missing)[0])
            from .cards import Card
            hand = ", ".join(Card.from_index(int(c)).name(spec.rules.face) for c in pc[i, :ps[i] + 1])
            raise SetteKitError(f"the player's hit table has no decision for the hand {hand} "
                                f"(composition key {int(comp[i, ps[i]])})")
    # the bank (S11): plays its policy; against a bust player it has nothing to play for (S10)
    ptot = np.minimum(player.total, _TABLE - 1)
    total, base, has = _prefix_totals(bc, spec)
    kinds = _two_card_kinds(bc, total[:, 1], spec)
    stop = total >= _SETTE
    stop[:, 1] |= kinds[0]
    stop |= ~spec.dealer_table[np.minimum(total, _TABLE - 1), ptot[:, None]]
    stop[:, 0] |= player.bust
    bs, b_ok = _first_true(stop)
    bank = _final(total, base, has, kinds, bs, spec)
    return _settle(player, bank, spec), player, bank, p_ok & b_ok


def _shuffle_positions(deck: np.ndarray, u: np.ndarray, start: int) -> None:
    """Partial Fisher-Yates, in place, of positions start.. start+k-1 of each row of
    ``deck`` (n, 40) int8, with uniform numbers u (n, k) in [0, 1)."""
    n = deck.shape[0]
    flat = deck.reshape(-1)
    rowoff = np.arange(n, dtype=np.int64) * _DECK
    for j in range(u.shape[1]):
        col = start + j
        pos = rowoff + col + (u[:, j] * (_DECK - col)).astype(np.int64)
        here = deck[:, col].copy()
        deck[:, col] = flat[pos]
        flat[pos] = here


def _block_rng(seed: int, block: int, stream: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(block, stream))))


def _chunk(spec: _Spec, seed: int, first_block: int, sizes: list[int]):
    """Play the rounds of consecutive blocks (sizes = rounds in each); returns the results
    (int8) and the per-round flags needed for the counts."""
    n = sum(sizes)
    u = np.empty((n, FIRST_CARDS))
    offsets = np.cumsum([0] + sizes)
    for i, size in enumerate(sizes):
        _block_rng(seed, first_block + i, 0).random(out=u[offsets[i]:offsets[i + 1]])
    deck = np.tile(np.arange(_DECK, dtype=np.int8), (n, 1))
    _shuffle_positions(deck, u, 0)
    del u
    res, player, bank, ok = _play(deck[:, :FIRST_CARDS], spec)
    if not ok.all():  # finish the shuffle of the few rounds that need more cards
        rows = np.flatnonzero(~ok)
        sub = deck[rows]
        extra = np.empty((len(rows), _DECK - FIRST_CARDS))
        block_of = np.searchsorted(offsets, rows, side="right") - 1
        bounds = np.searchsorted(block_of, np.arange(len(sizes) + 1))  # rows are sorted by block
        for b in range(len(sizes)):
            if bounds[b + 1] > bounds[b]:
                _block_rng(seed, first_block + b, 1).random(out=extra[bounds[b]:bounds[b + 1]])
        _shuffle_positions(sub, extra, FIRST_CARDS)
        r2, p2, b2, ok2 = _play(sub, spec)
        assert ok2.all(), "a hand cannot need more than 20 cards"
        res[rows] = r2
        for full, part in ((player, p2), (bank, b2)):
            for a, b in zip(full, part):
                a[rows] = b
    flags = {
        "bust": player.bust,
        "dealer_bust": bank.bust & ~player.bust,
        "reale": player.reale & (res > 0),
        "triple": player.triple & (res > 0),
        "matta_sette": (player.total == _SETTE) & player.wild & (res > 0),
        "dealer_reale": res == -2,
        "dealer_triple": bank.triple & ~player.bust,
    }
    code = np.where(player.bust, _BUST_CODE, np.where(player.triple, _TRIPLE_CODE, player.total))
    flags["_totals"] = np.bincount(code, minlength=_BUST_CODE + 1)
    return res, flags


# -- the public entry point --------------------------------------------------------------

def run(rules: Rules, player=None, dealer=None, rounds: int = 100_000, seed: int | None = None, *,
        rng: np.random.Generator | None = None, chunk: int = DEFAULT_CHUNK,
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

    # issue 18: every argument is checked before any work (a bad count never starts a run)
    rules = as_rules(rules)
    rounds = read_whole(rounds, "rounds", 1, MAX_ROUNDS,
                        accepted=f"a whole number of rounds, at least 1 and at most {MAX_ROUNDS:,} (MAX_ROUNDS)")
    chunk = read_whole(chunk, "chunk", 1, MAX_ROUNDS, accepted=f"a whole number of rounds from 1 to {MAX_ROUNDS:,}",
                       text=False)
    if min(chunk, rounds) > MAX_CHUNK:
        raise SetteKitError(f"chunk={chunk}: at most {MAX_CHUNK:,} rounds are processed at once (about 4 GB of "
                            "memory); give a smaller chunk")
    if progress is not None:
        read_callable(progress, "progress", "None or a function progress(done, total)")
    if seed is None and rng is not None and not hasattr(rng, "integers"):
        raise SetteKitError(f"rng={shown(rng)}: give a numpy Generator (numpy.random.default_rng()) or a seed")
    if player is None:
        player = stand_at(5)
    if dealer is None:
        dealer = stand_at(5)
    if isinstance(player, str):
        if player != "optimal":
            raise SetteKitError(f"player={player!r}: accepted are 'optimal', stand_at(x), or a solution of odds.solve")
        from . import odds

        player = odds.solve(rules, dealer=dealer)
    rounds = _count(rounds, "rounds")
    chunk = _count(chunk, "chunk")
    chunk = -(-chunk // BLOCK) * BLOCK
    if seed is None:
        if rng is not None:
            seed = int(rng.integers(0, 2 ** 63))
        else:
            seed = int(np.random.SeedSequence().entropy % (2 ** 63))
    elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise SetteKitError(f"seed={seed!r}: the seed must be a whole number >= 0")
    seed = int(seed)
    spec = _Spec(rules, player, dealer)

    marks = checkpoint_rounds(rounds)
    cps: list[Checkpoint] = []
    payouts = np.zeros(256, dtype=np.int64)  # results -128..127 by offset
    counts = dict.fromkeys(COUNT_KEYS, 0)
    totals = np.zeros(_BUST_CODE + 1, dtype=np.int64)
    s1 = s2 = 0
    done, block = 0, 0
    while done < rounds:
        n = min(chunk, rounds - done)
        sizes = [min(BLOCK, n - i) for i in range(0, n, BLOCK)]
        res, flags = _chunk(spec, seed, block, sizes)
        block += len(sizes)
        here = [m for m in marks if done < m <= done + n]
        if here:
            idx = np.array(here) - done - 1
            c1 = np.cumsum(res, dtype=np.int64)[idx]
            c2 = np.cumsum(res.astype(np.int64) ** 2)[idx]
            for m, a, b in zip(here, c1.tolist(), c2.tolist()):
                cps.append(Checkpoint(m, *_mean_stderr(m, s1 + a, s2 + b)))
        payouts += np.bincount(res.astype(np.int64) + 128, minlength=256)
        s1 += int(res.sum(dtype=np.int64))
        s2 += int((res.astype(np.int64) ** 2).sum())
        totals += flags.pop("_totals")
        for key, flag in flags.items():
            counts[key] += int(np.count_nonzero(flag))
        counts["win"] += int(np.count_nonzero(res > 0))
        counts["lose"] += int(np.count_nonzero(res < 0))
        counts["push"] += int(np.count_nonzero(res == 0))
        done += n
        if progress is not None:
            progress(done, rounds)
    pay = {v - 128: int(c) for v, c in enumerate(payouts.tolist()) if c}
    return Result(rules=rules, player=player, dealer=dealer, rounds=rounds, seed=seed, total=s1,
                  total_squares=s2, payouts=MappingProxyType(pay), counts=MappingProxyType(counts),
                  checkpoints=tuple(cps), player_totals=MappingProxyType(_totals_dict(totals)))


def _totals_dict(totals) -> dict:
    out = {}
    for code, n in enumerate(totals.tolist()):
        if n:
            key = "bust" if code == _BUST_CODE else "triple" if code == _TRIPLE_CODE else Fraction(code, 2)
            out[key] = n
    return dict(sorted(out.items(), key=lambda kv: (kv[0] == "bust", kv[0] == "triple",
                                                   kv[0] if isinstance(kv[0], Fraction) else 0)))


def deal(rounds: int, seed: int, cards: int = FIRST_CARDS) -> np.ndarray:
    """The first ``cards`` shuffled positions of each round's deck, exactly as :func:`run`
    deals them with this seed (an (rounds, cards) int8 array of ``Card.index``; column 0
    is the player's hidden card, column 1 the bank's, then the player's draws at the
    even columns and the bank's at the odd ones).  For checking the shuffle.

    >>> deal(3, seed=1, cards=2).shape
    (3, 2)
    """
    rounds = read_whole(rounds, "rounds", 1, 2 * 10 ** 6, accepted="a whole number of rounds from 1 to 2,000,000", text=False)
    read_seed(seed)
    cards = read_whole(cards, "cards", 1, FIRST_CARDS, accepted=f"a whole number from 1 to {FIRST_CARDS}", text=False)
    rounds = _count(rounds, "rounds")
    if not 1 <= cards <= FIRST_CARDS:
        raise SetteKitError(f"cards={cards!r}: between 1 and {FIRST_CARDS}")
    sizes = [min(BLOCK, rounds - i) for i in range(0, rounds, BLOCK)]
    u = np.empty((rounds, FIRST_CARDS))
    for b, start in enumerate(range(0, rounds, BLOCK)):
        _block_rng(seed, b, 0).random(out=u[start:start + sizes[b]])
    deck = np.tile(np.arange(_DECK, dtype=np.int8), (rounds, 1))
    _shuffle_positions(deck, u, 0)
    return deck[:, :cards].copy()


def _count(value, name: str) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise SetteKitError(f"{name}={value!r}: it must be a whole number >= 1, such as 100_000")
    return int(value)


# -- the exact value of the simulated game -----------------------------------------------

def exact_ev(rules: Rules, player=None, dealer=None, *, exact: bool = True):
    """The exact expected result per unit stake of the game :func:`run` simulates, for
    fixed policies: what the simulation's mean converges to.

    For the optimal player use ``odds.solve(rules, dealer=...).ev``; this function takes
    any player that decides from its own total (``stand_at(x)``) or a hit table, and
    enumerates the heads-up model with :func:`sette_kit.scoring.score` and
    :func:`sette_kit.scoring.outcome` (the cards of a class are interchangeable; 7s and
    figures are told apart by suit where the same-suit reale needs it).  ``exact=False``
    computes in floats (faster where the matta and suits multiply the hands).

    >>> from sette_kit.strategy import stand_at, sees_player
    >>> plain = Rules.preset("plain")
    >>> v = exact_ev(plain, stand_at(5), stand_at(5)); v
    Fraction(-218179120494761, 1258299075033000)
    >>> abs(exact_ev(plain, stand_at(5), stand_at(5), exact=False) - v) < 1e-12
    True
    """
    from .cards import FULL_DECK
    from .scoring import outcome, score
    from .strategy import stand_at

    rules = as_rules(rules)
    read_bool(exact, "exact")
    player = stand_at(5) if player is None else player
    dealer = stand_at(5) if dealer is None else dealer
    spec = _Spec(rules, player, dealer)
    suits = rules.reale and rules.reale_same_suit
    groups: dict = {}
    for c in FULL_DECK:
        if rules.is_matta(c):
            key = ("matta",)
        elif c.is_figure or int(c.rank) == 7:
            key = (c.is_figure, int(c.suit) if suits else 0)
        else:
            key = (int(c.rank),)
        groups.setdefault(key, []).append(c)
    classes = [tuple(g) for g in groups.values()]
    ncls = len(classes)
    sizes = tuple(len(g) for g in classes)
    weight = [int(spec.weight[g[0].index]) for g in classes]
    scores: dict = {}

    def sc(comp):
        s = scores.get(comp)
        if s is None:
            s = scores[comp] = score([c for g, k in zip(classes, comp) for c in g[:k]], rules)
        return s

    def finished(s):  # S10: bust or 7 1/2 is shown at once; S6: a triple too
        return s.bust or s.half_points >= _SETTE or s.kind == "triple"

    if spec.player_kind == "threshold":
        p_wants = lambda comp, s: bool(spec.player_table[min(s.half_points, _TABLE - 1)])
    else:
        table = dict(zip(spec.player_table[0].tolist(), spec.player_table[1].tolist()))

        def p_wants(comp, s):
            key = sum(w * k for w, k in zip(weight, comp))
            if key not in table:
                raise SetteKitError(f"the player's hit table has no decision for composition key {key}")
            return table[key]

    one = Fraction(1) if exact else 1.0
    zero = (0,) * ncls
    # the player's final hands, by forward probability over compositions
    frontier, finals = {zero: one}, {}
    while frontier:
        nxt: dict = {}
        for comp, p in frontier.items():
            if any(comp):
                s = sc(comp)
                if finished(s) or not p_wants(comp, s):
                    finals[comp] = finals.get(comp, 0) + p
                    continue
            left = 40 - sum(comp)
            for i in range(ncls):
                r = sizes[i] - comp[i]
                if r:
                    t = comp[:i] + (comp[i] + 1,) + comp[i + 1:]
                    nxt[t] = nxt.get(t, 0) + p * r / left
        frontier = nxt

    # the bank's final hands for a policy: P(B | deck n) = Ord(B) prod ff(n_c, b_c) / ff(N, |B|),
    # Ord(B) = the number of class orders the policy draws to end at B
    ff = [[math.perm(n, k) for k in range(41)] for n in range(41)]
    bank_cache: dict = {}

    def bank_finals(opp):
        key = None if hasattr(dealer, "threshold_half_points") else opp
        if key in bank_cache:
            return bank_cache[key]
        frontier, out = {zero: 1}, {}
        while frontier:
            nxt = {}
            for comp, w in frontier.items():
                if any(comp):
                    s = sc(comp)
                    if finished(s) or not spec.dealer_table[min(s.half_points, _TABLE - 1), opp]:
                        out[comp] = out.get(comp, 0) + w
                        continue
                for i in range(ncls):
                    if comp[i] < sizes[i]:
                        t = comp[:i] + (comp[i] + 1,) + comp[i + 1:]
                        nxt[t] = nxt.get(t, 0) + w
            frontier = nxt
        comps = list(out)
        mat = np.array(comps, dtype=np.int64).reshape(len(comps), ncls)
        bank_cache[key] = (comps, mat, [out[c] for c in comps], mat.sum(axis=1))
        return bank_cache[key]

    ff_f = np.array(ff, dtype=float)
    pay_cache: dict = {}
    total = 0 * one
    for pcomp, pp in finals.items():
        ps = sc(pcomp)
        if ps.bust:
            total -= pp  # S10
            continue
        opp = min(ps.half_points, _TABLE - 1)
        comps, mat, ords, sizes_b = bank_finals(opp)
        sig = (opp, ps.kind, ps.half_points, ps.wild, ps.true_reale)
        pay = pay_cache.get(sig)
        if pay is None:
            pay = pay_cache[sig] = [outcome(ps, sc(b), rules).multiplier for b in comps]
        n = [a - b for a, b in zip(sizes, pcomp)]
        big_n = 40 - sum(pcomp)
        if exact:
            acc = 0
            den = ff[big_n][int(sizes_b.max())]
            kmax = int(sizes_b.max())
            for b, w, m, k in zip(comps, ords, pay, sizes_b.tolist()):
                if m:
                    prod = w * ff[big_n - k][kmax - k]
                    for c, bc in enumerate(b):
                        if bc:
                            prod *= ff[n[c]][bc]
                    acc += m * prod
            total += pp * Fraction(acc, den)
        else:
            probs = np.asarray(ords, dtype=float) * ff_f[n, mat].prod(axis=1) / ff_f[big_n, sizes_b]
            total += pp * float(np.dot(probs, pay))
    return total
