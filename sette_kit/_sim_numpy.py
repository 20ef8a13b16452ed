"""The simulator's numpy path (private; use :func:`sette_kit.simulate.run`).

Rounds are played many at once, vectorised in numpy: block ``b`` draws its random
numbers from its own stream, ``SeedSequence(seed, spawn_key=(b, 0))``, one row of
:data:`FIRST_CARDS` numbers per round; cards are dealt by a vectorised partial
Fisher-Yates shuffle of the first positions of each round's deck; the rare round that
needs more cards finishes its shuffle from a second stream, ``spawn_key=(b, 1)``.
:mod:`sette_kit._sim_pure` plays the same rounds one at a time without numpy.

This module imports numpy; :mod:`sette_kit.simulate` imports it only when
:mod:`sette_kit.accel` chooses the numpy path.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .errors import SetteKitError

BLOCK = 1 << 14
FIRST_CARDS = 12
_DECK = 40
_SETTE = 15
_BUST_CODE, _TRIPLE_CODE = 31, 30
_TABLE = 17
_HALF_POINTS = np.array([2 * (i % 10 + 1) if i % 10 < 7 else 1 for i in range(_DECK)], dtype=np.int16)
_IS_SEVEN = np.array([i % 10 == 6 for i in range(_DECK)])
_IS_FIGURE = np.array([i % 10 >= 7 for i in range(_DECK)])
_SUIT = np.array([i // 10 for i in range(_DECK)], dtype=np.int8)


class _Arrays:
    """A :class:`sette_kit.simulate._Spec` as the small arrays the vectorised code reads."""

    def __init__(self, spec):
        self.rules = spec.rules
        self.matta = spec.matta
        self.matta_min = spec.matta_min
        self.value = np.array(spec.value, dtype=np.int16)
        self.weight = np.array(spec.weight, dtype=np.int64)
        self.player_kind = spec.player_kind
        if spec.player_kind == "threshold":
            self.player_table = np.array(spec.player_table, dtype=bool)
        else:
            keys, hits = spec.player_table
            self.player_table = (np.array(keys, dtype=np.int64), np.array(hits, dtype=bool))
        self.dealer_table = np.array(spec.dealer_table, dtype=bool)
        self.matta_reale_strength = spec.matta_reale_strength


def arrays(spec) -> _Arrays:
    got = getattr(spec, "_arrays", None)
    if got is None:
        got = spec._arrays = _Arrays(spec)
    return got


def _prefix_totals(cards: np.ndarray, spec: _Arrays):
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


def _two_card_kinds(cards: np.ndarray, total2: np.ndarray, spec: _Arrays):
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


def _strength(h: _Hands, spec: _Arrays) -> np.ndarray:
    """Score.strength as one int: 4*total, bust -4, reale 60 + tier, triple 67 (S5, S6, S16)."""
    s = np.where(h.bust, -4, 4 * h.total.astype(np.int16))
    s = np.where(h.reale, np.where(h.true_reale, 62, spec.matta_reale_strength), s)
    return np.where(h.triple, 67, s)


def _settle(p: _Hands, d: _Hands, spec: _Arrays) -> np.ndarray:
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


def score_hands(cards, lengths, spec) -> dict:
    """simulate.score_hands on the numpy path: a dict of arrays."""
    h = _score(np.asarray(cards, dtype=np.int64), np.asarray(lengths, dtype=np.int64), arrays(spec))
    return {"half_points": h.total, "bust": h.bust, "triple": h.triple, "reale": h.reale,
            "true_reale": h.true_reale, "wild": h.wild}


def settle_hands(player_cards, player_lengths, dealer_cards, dealer_lengths, spec) -> np.ndarray:
    """simulate.settle_hands on the numpy path: an int8 array."""
    a = arrays(spec)
    p = _score(np.asarray(player_cards, dtype=np.int64), np.asarray(player_lengths, dtype=np.int64), a)
    d = _score(np.asarray(dealer_cards, dtype=np.int64), np.asarray(dealer_lengths, dtype=np.int64), a)
    return _settle(p, d, a)


def _first_true(mask: np.ndarray):
    """(index of the first True of each row, whether the row has one)."""
    idx = mask.argmax(axis=1)
    return idx, mask[np.arange(len(idx)), idx]


def _play(cards: np.ndarray, spec: _Arrays):
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


def _play_chunk(spec: _Arrays, seed: int, first_block: int, sizes: list[int]):
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


def play_chunk(spec, seed: int, first_block: int, sizes: list[int], marks: list[int]):
    """Play the rounds of consecutive blocks; returns ``(payouts, counts, totals, s1, s2,
    at_marks)`` as :func:`sette_kit._sim_pure.summarise` does, ``at_marks`` the sums of
    the results and of their squares up to each round number of ``marks`` (1-based
    within the chunk)."""
    res, flags = _play_chunk(arrays(spec), seed, first_block, sizes)
    at_marks = []
    if marks:
        idx = np.array(marks) - 1
        c1 = np.cumsum(res, dtype=np.int64)[idx]
        c2 = np.cumsum(res.astype(np.int64) ** 2)[idx]
        at_marks = list(zip(c1.tolist(), c2.tolist()))
    counts_by_value = np.bincount(res.astype(np.int64) + 128, minlength=256)
    payouts = {v - 128: int(c) for v, c in enumerate(counts_by_value.tolist()) if c}
    totals = {code: int(n) for code, n in enumerate(flags.pop("_totals").tolist()) if n}
    counts = {key: int(np.count_nonzero(flag)) for key, flag in flags.items()}
    counts["win"] = int(np.count_nonzero(res > 0))
    counts["lose"] = int(np.count_nonzero(res < 0))
    counts["push"] = int(np.count_nonzero(res == 0))
    s1 = int(res.sum(dtype=np.int64))
    s2 = int((res.astype(np.int64) ** 2).sum())
    return payouts, counts, totals, s1, s2, at_marks


def deal(rounds: int, seed: int, cards: int) -> np.ndarray:
    """simulate.deal on the numpy path: an (rounds, cards) int8 array."""
    sizes = [min(BLOCK, rounds - i) for i in range(0, rounds, BLOCK)]
    u = np.empty((rounds, FIRST_CARDS))
    for b, start in enumerate(range(0, rounds, BLOCK)):
        _block_rng(seed, b, 0).random(out=u[start:start + sizes[b]])
    deck = np.tile(np.arange(_DECK, dtype=np.int8), (rounds, 1))
    _shuffle_positions(deck, u, 0)
    return deck[:, :cards].copy()

