"""The simulator's pure-Python path (private; use :func:`sette_kit.simulate.run`).

It plays the same rounds as the numpy path, bit for bit: the random numbers are numpy's
``SeedSequence(seed, spawn_key=(block, stream))`` feeding a ``PCG64`` generator, whose
doubles are ``(next64 >> 11) * 2**-53`` (:func:`block_stream` reimplements both, in
Python integers; the tests check them against numpy), and the cards are dealt by the
same partial Fisher-Yates shuffle, consuming those numbers in the same places: round
``r`` of a block uses numbers ``12 r .. 12 r + 11`` of the block's first stream for
positions 0-11 of its deck, and a round that needs more cards takes 28 numbers of the
second stream for positions 12-39.  So ``simulate.run`` gives the same ``Result`` on
both paths, and lessons and doctests print the same figures in a browser without numpy.

Speed comes from doing only what a round needs: a round draws the numbers of the
positions its hands actually reach (about five of the twelve) and jumps the generator
over the rest (a 128-bit LCG jumps ``k`` steps with one multiply-add); the shuffle swaps
in a copy of a 40-card list only the positions reached; the hands are played and
settled with precomputed per-card tables; a round ends as one key counted in a dict,
and the counts and sums of a chunk are read off those keys.
"""

from __future__ import annotations

__all__ = ["block_stream", "doubles", "play_chunk", "deal", "score_hand", "settle", "PureSpec"]

MASK32 = 0xFFFFFFFF
MASK64 = (1 << 64) - 1
MASK128 = (1 << 128) - 1
_INV53 = 1.0 / 9007199254740992.0  # 2**-53, as numpy's next_double
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645  # PCG64's 128-bit multiplier

# numpy's SeedSequence constants (numpy/random/bit_generator.pyx)
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715

_DECK = 40
_FIRST = 12  # positions of the first stream per round (simulate.FIRST_CARDS)
_EXTRA = _DECK - _FIRST  # numbers of the second stream per round that needs them
_SETTE = 15
_TABLE = 17


def _words(n: int) -> list[int]:
    """An int as 32-bit words, least significant first (numpy's _int_to_uint32_array)."""
    if n == 0:
        return [0]
    out = []
    while n:
        out.append(n & MASK32)
        n >>= 32
    return out


def seed_sequence_state(entropy: int, spawn_key: tuple, n_words64: int) -> list[int]:
    """``numpy.random.SeedSequence(entropy, spawn_key=spawn_key).generate_state(n, uint64)``
    in Python integers."""
    run = _words(entropy)
    spawn = [w for k in spawn_key for w in _words(k)]
    if spawn and len(run) < 4:
        run = run + [0] * (4 - len(run))  # numpy pads to the pool size before a spawn key
    ent = run + spawn
    hc = _INIT_A

    def hashmix(v):
        nonlocal hc
        v ^= hc
        hc = (hc * _MULT_A) & MASK32
        v = (v * hc) & MASK32
        return v ^ (v >> 16)

    def mix(x, y):
        r = (_MIX_L * x - _MIX_R * y) & MASK32
        return r ^ (r >> 16)

    pool = [hashmix(ent[i] if i < len(ent) else 0) for i in range(4)]
    for s in range(4):
        for d in range(4):
            if s != d:
                pool[d] = mix(pool[d], hashmix(pool[s]))
    for s in range(4, len(ent)):
        for d in range(4):
            pool[d] = mix(pool[d], hashmix(ent[s]))
    h = _INIT_B
    words = []
    for i in range(2 * n_words64):
        v = pool[i % 4] ^ h
        h = (h * _MULT_B) & MASK32
        v = (v * h) & MASK32
        words.append(v ^ (v >> 16))
    return [words[2 * i] | (words[2 * i + 1] << 32) for i in range(n_words64)]


def block_stream(seed: int, block: int, stream: int) -> tuple[int, int]:
    """(state, increment) of ``PCG64(SeedSequence(seed, spawn_key=(block, stream)))``."""
    v = seed_sequence_state(seed, (block, stream), 4)
    initstate = (v[0] << 64) | v[1]
    inc = (((v[2] << 64) | v[3]) << 1 | 1) & MASK128
    s = inc  # state 0, one step
    s = (s + initstate) & MASK128
    s = (s * _PCG_MULT + inc) & MASK128
    return s, inc


def _jump_constants(k: int) -> tuple[int, int]:
    """(M**k, 1 + M + ... + M**(k-1)) mod 2**128: k steps of the LCG are
    ``s -> M**k s + inc * G``."""
    a, g = 1, 0
    for _ in range(k):
        g = (g * _PCG_MULT + 1) & MASK128
        a = (a * _PCG_MULT) & MASK128
    return a, g


_JUMP_FIRST = _jump_constants(_FIRST)
# u * (40 - col) with u = (next64 >> 11) * 2**-53, as (next64 >> 11) * SCALE[col]: the
# constant is exact (a power of two times a small integer), so the one rounding is the
# same as numpy's and the picked position identical
_SCALE = tuple(_INV53 * (_DECK - col) for col in range(_DECK))
_JUMP_EXTRA = _jump_constants(_EXTRA)


def doubles(state: int, inc: int, n: int) -> tuple[list[float], int]:
    """``n`` doubles of the generator (as ``Generator.random``) and the state after them."""
    out = []
    for _ in range(n):
        state = (state * _PCG_MULT + inc) & MASK128
        x = ((state >> 64) ^ state) & MASK64
        r = state >> 122
        out.append(((((x >> r) | (x << (64 - r))) & MASK64) >> 11) * _INV53)
    return out, state


# -- the rules and policies as per-card tables ---------------------------------------------

class PureSpec:
    """What a round needs from :class:`sette_kit.simulate._Spec`, as flat Python lists."""

    def __init__(self, spec):
        rules = spec.rules
        self.rules = rules
        self.value = list(spec.value)  # half points of each card; the matta 0
        self.matta = spec.matta
        self.matta_min = spec.matta_min
        self.seven = [i % 10 == 6 for i in range(_DECK)]
        self.figure = [i % 10 >= 7 for i in range(_DECK)]
        self.suit = [i // 10 for i in range(_DECK)]
        self.weight = list(spec.weight)
        self.player_kind = spec.player_kind
        if spec.player_kind == "threshold":
            self.player_wants = list(spec.player_table)
            self.player_hits = None
        else:
            keys, hits = spec.player_table
            self.player_wants = None
            self.player_hits = dict(zip(keys, hits))
        self.dealer_wants = [[bool(spec.dealer_table[h][p]) for h in range(_TABLE)] for p in range(_TABLE)]
        self.triple = bool(rules.triple)
        self.reale = bool(rules.reale)
        self.same_suit = bool(rules.reale_same_suit)
        self.reale_payout = rules.reale_payout
        self.triple_payout = rules.triple_payout
        self.matta_sette_payout = rules.matta_sette_payout
        self.double_loss = bool(rules.dealer_reale_collects_double)
        self.tie = -1 if rules.dealer_wins_ties else 0
        self.matta_reale_strength = spec.matta_reale_strength


# -- scoring one hand exactly as the numpy path does ----------------------------------------

def _prefix(cards, ps: PureSpec):
    """(total, base, has matta) after each card of ``cards`` (simulate._prefix_totals)."""
    out = []
    base, has = 0, False
    for j, c in enumerate(cards):
        base += ps.value[c]
        if c == ps.matta:
            has = True
        if j == 0:
            total = 1 if has else base
        elif has:
            total = 14 + (base & 1) if base <= 13 else base + ps.matta_min
        else:
            total = base
        out.append((total, base, has))
    return out


def _kinds(a: int, b: int, total2: int, ps: PureSpec):
    """(triple, reale, true_reale) of the two-card hand a, b (simulate._two_card_kinds)."""
    triple = ps.triple and ps.seven[a] and ps.seven[b]
    if not ps.reale:
        return triple, False, False
    same = ps.suit[a] == ps.suit[b] if ps.same_suit else True
    seven_fig = (ps.seven[a] and ps.figure[b]) or (ps.seven[b] and ps.figure[a])
    reale = total2 == _SETTE and same and (seven_fig or (ps.figure[a] and ps.figure[b]))
    return triple, reale, reale and seven_fig


def score_hand(cards, ps: PureSpec) -> tuple:
    """(half points, bust, triple, reale, true_reale, wild) of a hand given in dealing
    order, as the simulator scores it (simulate.score_hands, one hand)."""
    pre = _prefix(cards, ps)
    t, base, has = pre[-1]
    n = len(cards)
    if n == 2:
        triple, reale, true_reale = _kinds(cards[0], cards[1], pre[1][0], ps)
    else:
        triple = reale = true_reale = False
    wild = has and n >= 2 and t - base != 1
    return t, t > _SETTE and not triple, triple, reale, true_reale, wild


def _strength(h: tuple, ps: PureSpec) -> int:
    t, bust, triple, reale, true_reale, _ = h
    if triple:
        return 67
    if reale:
        return 62 if true_reale else ps.matta_reale_strength
    return -4 if bust else 4 * t


def settle(p: tuple, d: tuple, ps: PureSpec) -> int:
    """The player's result per unit stake for two scored hands (simulate._settle)."""
    t, bust, triple, reale, _, wild = p
    if bust:
        return -1  # S10
    win = 1
    if reale:
        win = ps.reale_payout  # S5, S14
    if triple:
        win = ps.triple_payout  # S6, S14
    if ps.matta_sette_payout > 1 and t == _SETTE and wild:
        win = max(win, ps.matta_sette_payout)  # S14 option
    lose = -1
    if ps.double_loss and d[3] and not reale and not triple:
        lose = -2  # S15
    mine, theirs = _strength(p, ps), _strength(d, ps)
    if mine > theirs:
        return win
    return ps.tie if mine == theirs else lose  # S13


# -- playing rounds ----------------------------------------------------------------------------

class MissingDecision(Exception):
    """The player's hit table has no decision for a hand (carries the hand's cards)."""

    def __init__(self, cards, key):
        super().__init__(key)
        self.cards, self.key = cards, key


def play_chunk(ps: PureSpec, seed: int, first_block: int, sizes: list, marks: list):
    """Play the rounds of consecutive blocks (``sizes`` = rounds in each).

    Returns ``(tally, at_marks)``: ``tally`` maps a round's outcome key
    ``(result, player code, player reale, player wild 7 1/2, bank bust, bank triple)``
    (the player code as the totals histogram of simulate: a total in half points, 30 a
    triple, 31 bust) to how many rounds ended so; ``at_marks`` holds, for each round
    number of ``marks`` (1-based within the chunk, increasing), the sums of the results
    and of their squares up to that round.
    """
    tally: dict = {}
    at_marks = []
    done = 0
    marks = list(marks)
    for i, size in enumerate(sizes):
        block = first_block + i
        state, inc = block_stream(seed, block, 0)
        extra = [None, None]  # the second stream's (state, increment), made when first needed
        start = 0
        while start < size:
            stop = size
            if marks and marks[0] - done <= size - start:
                stop = start + marks[0] - done
            state = _play_rounds(ps, state, inc, stop - start, tally, seed, block, extra)
            done += stop - start
            start = stop
            while marks and marks[0] <= done:
                marks.pop(0)
                at_marks.append((sum(k[0] * n for k, n in tally.items()),
                                 sum(k[0] * k[0] * n for k, n in tally.items())))
    return tally, at_marks


def _extra_numbers(seed, block, extra):
    """The state before the next 28 numbers of the block's second stream; advances it."""
    if extra[0] is None:
        extra[0], extra[1] = block_stream(seed, block, 1)
    s, inc = extra
    a, g = _JUMP_EXTRA
    extra[0] = (s * a + inc * g) & MASK128
    return s, inc


def _play_rounds(ps: PureSpec, state, inc, n, tally, seed, block, extra):
    """Play ``n`` rounds from generator ``state`` (the state before the first round's
    numbers), counting their outcome keys in ``tally``; returns the state after them.

    The player's cards are positions 0, 2, 4, ... of the round's deck and the bank's 1,
    3, 5, ...; a position is shuffled (one step of the partial Fisher-Yates, one random
    number) when a hand first reaches it, in order, so a round draws only the numbers
    of the positions it uses.  (Written out for speed: see :func:`score_hand` and
    :func:`settle` for the same rules one step at a time.)"""
    mult = _PCG_MULT
    m128, m64 = MASK128, MASK64
    scale = _SCALE
    a12 = _JUMP_FIRST[0]
    c12 = (inc * _JUMP_FIRST[1]) & MASK128
    fresh = list(range(_DECK))
    value, matta, mmin = ps.value, ps.matta, ps.matta_min
    seven, figure, suit = ps.seven, ps.figure, ps.suit
    pwants, phits, weight = ps.player_wants, ps.player_hits, ps.weight
    dwants = ps.dealer_wants
    triple_rule, reale_rule, same_suit = ps.triple, ps.reale, ps.same_suit
    reale_payout, triple_payout, msp = ps.reale_payout, ps.triple_payout, ps.matta_sette_payout
    double_loss, tie, mrs = ps.double_loss, ps.tie, ps.matta_reale_strength
    get = tally.get
    for _ in range(n):
        s = state
        state = (state * a12 + c12) & m128
        deck = fresh[:]  # deck[i] is the card at position i once positions 0..i are shuffled
        shuffled = 0  # positions shuffled so far
        xs = xinc = None  # the second stream, once this round needs it
        for hand_no in (0, 1):  # the player (S9, S10), then the bank (S11)
            base = key = j = total = 0
            has = False
            c0 = c1 = -1
            p = hand_no
            while True:
                while shuffled <= p:  # shuffle positions up to p
                    col = shuffled
                    if col < 12:
                        s = (s * mult + inc) & m128
                        x = ((s >> 64) ^ s) & m64
                        r = s >> 122
                    else:
                        if xs is None:
                            xs, xinc = _extra_numbers(seed, block, extra)
                        xs = (xs * mult + xinc) & m128
                        x = ((xs >> 64) ^ xs) & m64
                        r = xs >> 122
                    pick = col + int(((((x >> r) | (x << (64 - r))) & m64) >> 11) * scale[col])
                    deck[col], deck[pick] = deck[pick], deck[col]
                    shuffled = col + 1
                c = deck[p]
                base += value[c]
                if c == matta:
                    has = True
                if j == 0:
                    total = 1 if has else base  # alone the matta is a figure: 1/2 (S4)
                    c0 = c
                else:
                    # S4: the matta takes the best value not going over 7 1/2
                    total = (14 + (base & 1) if base <= 13 else base + mmin) if has else base
                    if j == 1:
                        c1 = c
                if total >= 15:
                    break  # bust, or 7 1/2 shown at once (S10)
                if j == 1 and triple_rule and seven[c0] and seven[c1]:
                    break  # S6: two 7s, shown at once
                if hand_no:
                    if not dw[total]:
                        break
                elif pwants is not None:
                    if not pwants[total]:
                        break
                else:
                    key += weight[c]
                    hit = phits.get(key)
                    if hit is None:
                        raise MissingDecision(deck[0:p + 1:2], key)
                    if not hit:
                        break
                j += 1
                p += 2
            # the final hand (S5, S6)
            triple = reale = true_reale = False
            if j == 1:
                if triple_rule and seven[c0] and seven[c1]:
                    triple = True
                elif reale_rule and total == 15 and (not same_suit or suit[c0] == suit[c1]):
                    sf = (seven[c0] and figure[c1]) or (seven[c1] and figure[c0])
                    if sf or (figure[c0] and figure[c1]):
                        reale, true_reale = True, sf
            bust = total > 15 and not triple
            if hand_no == 0:
                pt, pbust, ptriple, preale, ptrue = total, bust, triple, reale, true_reale
                pwild = has and j >= 1 and total - base != 1
                if pbust:
                    break  # S10: the bank has nothing to play for (its cards do not matter)
                dw = dwants[pt if pt < 16 else 16]
            else:
                bt, bbust, btriple, breale, btrue = total, bust, triple, reale, true_reale
        # ---- settle (S10-S16), as scoring.outcome
        if pbust:
            k = (-1, 31, False, False, False, False)
        else:
            if ptriple:
                mine, win = 67, triple_payout
            elif preale:
                mine, win = (62 if ptrue else mrs), reale_payout
            else:
                mine, win = 4 * pt, 1
            if msp > 1 and pt == 15 and pwild and win < msp:
                win = msp
            if btriple:
                theirs = 67
            elif breale:
                theirs = 62 if btrue else mrs
            else:
                theirs = -4 if bbust else 4 * bt
            if mine > theirs:
                res = win
            elif mine == theirs:
                res = tie
            else:
                res = -2 if double_loss and breale and not preale and not ptriple else -1
            k = (res, 30 if ptriple else pt, preale, pwild and pt == 15, bbust, btriple)
        tally[k] = get(k, 0) + 1
    return state


def deal(seed: int, rounds: int, cards: int, block_size: int) -> list:
    """The first ``cards`` shuffled positions of each round's deck (simulate.deal): only
    their numbers are drawn, the generator jumps over the rest of each round's twelve."""
    a, g = _JUMP_FIRST
    out = []
    for b, start in enumerate(range(0, rounds, block_size)):
        state, inc = block_stream(seed, b, 0)
        c = (inc * g) & MASK128
        for _ in range(min(block_size, rounds - start)):
            u, _ = doubles(state, inc, cards)
            state = (state * a + c) & MASK128
            deck = list(range(_DECK))
            for col in range(cards):
                pick = col + int(u[col] * (_DECK - col))
                deck[col], deck[pick] = deck[pick], deck[col]
            out.append(deck[:cards])
    return out


def summarise(tally: dict) -> tuple[dict, dict, dict, int, int]:
    """(payouts, counts, totals, sum of results, sum of squares) of a chunk's tally, in
    the shape :func:`sette_kit.simulate.run` adds up (counts keyed by COUNT_KEYS)."""
    payouts: dict = {}
    totals: dict = {}
    counts = dict.fromkeys(("win", "lose", "push", "bust", "dealer_bust", "reale", "triple", "matta_sette",
                            "dealer_reale", "dealer_triple"), 0)
    s1 = s2 = 0
    for (res, code, reale, wild75, bbust, btriple), n in tally.items():
        payouts[res] = payouts.get(res, 0) + n
        totals[code] = totals.get(code, 0) + n
        s1 += res * n
        s2 += res * res * n
        counts["win" if res > 0 else "lose" if res < 0 else "push"] += n
        if code == 31:
            counts["bust"] += n
            continue
        if bbust:
            counts["dealer_bust"] += n
        if btriple:
            counts["dealer_triple"] += n
        if res == -2:
            counts["dealer_reale"] += n
        if res > 0:
            if reale:
                counts["reale"] += n
            if code == 30:
                counts["triple"] += n
            if wild75:
                counts["matta_sette"] += n
    return payouts, counts, totals, s1, s2
