"""The counting machinery behind :mod:`sette_kit.odds` (private).

Hands are multisets of card *classes* (as exact blackjack analysers count them):
0-6 = Ace..7, 7 = a figure that is not the matta, 8 = the matta (the classes of
:func:`sette_kit.strategy.card_class`).  Totals are in half points.

The one fact everything rests on: drawing without replacement, the probability of
drawing a given *sequence* of classes c1..ck from a deck with class counts n_c is
``prod_c ff(n_c, b_c) / ff(N, k)`` (``ff`` the falling factorial, ``b_c`` how many of
class c the sequence holds), which depends only on the multiset.  So the chance that a
drawing policy ends with the multiset B is ``Ord(B) * prod_c ff(n_c, b_c) / ff(N, k)``,
where ``Ord(B)`` (the number of class orders of B that the policy would actually draw)
does not depend on the deck.  The bank's final hands and their ``Ord`` are listed once
per policy, and the bank's outcome distribution for any deck is then a product of
table look-ups: vectorised over decks with numpy where it is present (in int64 when
the numbers fit, else in Python integers), else the same integer products in a Python
loop (:mod:`sette_kit.accel` chooses; ``SETTE_KIT_PURE=1`` forces the loop).  Exact
either way, and the same Fractions on both paths.

Reale (S5) needs suits only for two-card hands; the suit facts a deck needs for it are
three pair counts (see :meth:`Model.pair_counts`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from .. import accel
from ..cards import FULL_DECK, Card
from ..rules import Rules
from ..scoring import Score, outcome
from ..strategy import CLASS_HALF_POINTS, card_class

if TYPE_CHECKING:  # pragma: no cover
    from ..games.sette.scoring import ScoreKind

NCLS = 9  # card classes of sette_kit.strategy
SEVEN, FIG, MATTA = 6, 7, 8
HP = CLASS_HALF_POINTS  # half points of each class; the matta's face value is 1/2
S75 = 15  # 7 1/2 in half points

# kinds of a final hand
BUST: ScoreKind
POINTS: ScoreKind
SEM: ScoreKind
REALE: ScoreKind
TRIPLE: ScoreKind
BUST, POINTS, SEM, REALE, TRIPLE = "bust", "points", "sette_e_mezzo", "reale", "triple"

# the bank's outcome categories: 0 bust, 1..14 points (half points), 15 a plain 7 1/2,
# 16 a true reale (a 7 and a figure, S16), 17 a reale made with the matta, 18 a triple.
CAT_BUST, CAT_SEM, CAT_REALE_TRUE, CAT_REALE_MATTA, CAT_TRIPLE = 0, 15, 16, 17, 18
NCAT = 19
# two-card 7 1/2 whose reale status depends on suits: (7, figure), (7, matta), (figure, matta)
PAIRS = ((SEVEN, FIG), (SEVEN, MATTA), (FIG, MATTA))
PAIR_CAT = (CAT_REALE_TRUE, CAT_REALE_TRUE, CAT_REALE_MATTA)


def _falling(n: int, k: int) -> int:
    if k > n:
        return 0
    out = 1
    for i in range(k):
        out *= n - i
    return out


FF = [[_falling(n, k) for k in range(41)] for n in range(41)]  # FF[n][k] = n!/(n-k)!
_I64_MAX = 2 ** 62
_FF_NP: dict = {}  # the FF table as numpy arrays, made on first use of the numpy path


def _ff_arrays(np):
    """FF as numpy arrays: (object, float, int64 with 0 where a value does not fit)."""
    if not _FF_NP:
        _FF_NP["obj"] = np.array(FF, dtype=object)
        _FF_NP["float"] = np.array(FF, dtype=float)
        _FF_NP["i64"] = np.array([[v if v < _I64_MAX else 0 for v in row] for row in FF], dtype=np.int64)
    return _FF_NP["obj"], _FF_NP["float"], _FF_NP["i64"]


def bank_category(hp: int, kind: str) -> int:
    if kind == BUST:
        return CAT_BUST
    if kind == TRIPLE:
        return CAT_TRIPLE
    return hp  # 1..15 (15 = a plain 7 1/2; reale is split off from the pair counts)


def _bank_score(cat: int) -> Score:
    """A Score standing for a bank category, for :func:`sette_kit.scoring.outcome`."""
    if cat == CAT_BUST:
        return Score((), Fraction(8), True, BUST)
    if cat == CAT_TRIPLE:
        return Score((), Fraction(14), False, TRIPLE)
    if cat in (CAT_REALE_TRUE, CAT_REALE_MATTA):
        return Score((), Fraction(15, 2), False, REALE, true_reale=cat == CAT_REALE_TRUE)
    return Score((), Fraction(cat, 2), False, SEM if cat == S75 else POINTS)


class Model:
    """Everything about ``rules`` the counting needs, computed once per rules object."""

    def __init__(self, rules: Rules):
        self.rules = rules
        # S5: with the same-suit rule a two-card hand's suits matter (for the player's own
        # reale and for the bank's chance of one); otherwise classes are enough.
        self.suits = bool(rules.reale and rules.reale_same_suit)
        self.allowed = tuple(sorted(int(v * 2) for v in rules.matta_values))
        full = [0] * NCLS
        for c in FULL_DECK:
            full[card_class(c, rules)] += 1
        self.full = tuple(full)
        self.matta_suit = rules.matta.suit if rules.matta is not None else None
        self._scores: dict = {}
        self._pay: dict = {}
        self._bank_tables: dict = {}

    # -- scoring a composition (S1-S6), cross-checked against scoring.score in the tests --
    def score(self, m: tuple) -> tuple[int, str, bool]:
        """(half points, kind, wild) of a class composition; kind is never 'reale'."""
        got = self._scores.get(m)
        if got is not None:
            return got
        n = sum(m)
        if self.rules.triple and n == 2 and m[SEVEN] == 2:  # S6
            got = (28, TRIPLE, False)
        else:
            base = sum(m[c] * HP[c] for c in range(MATTA))
            wild = False
            if m[MATTA]:
                if n == 1:
                    total = 1  # S4: alone the matta is a figure
                else:
                    fit = [v for v in self.allowed if base + v <= S75]
                    v = fit[-1] if fit else self.allowed[0]
                    total, wild = base + v, v != 1
            else:
                total = base
            got = (total, BUST if total > S75 else SEM if total == S75 else POINTS, wild)
        self._scores[m] = got
        return got

    def pair_type(self, m: tuple) -> int | None:
        """Which of PAIRS a two-card 7 1/2 composition is (None if it is not one)."""
        if sum(m) != 2 or self.score(m)[:2] != (S75, SEM):
            return None
        for t, (a, b) in enumerate(PAIRS):
            if m[a] == 1 and m[b] == 1:
                return t
        return None

    def player_key(self, m: tuple, cards=None) -> tuple:
        """(half points, kind, wild, true_reale) of the player's final hand.  ``cards``
        (the actual cards) is needed for a two-card 7 1/2 when suits matter."""
        hp, kind, wild = self.score(m)
        t = self.pair_type(m) if self.rules.reale else None
        if t is not None:
            if self.suits:
                if cards is None:
                    raise ValueError("two-card hands need their cards when suits matter")
                same = cards[0].suit == cards[1].suit
            else:
                same = True
            if same:
                return (hp, REALE, wild, t != 2)
        return (hp, kind, wild, False)

    def payoff(self, key: tuple) -> tuple[int, ...]:
        """The player's result per unit stake against each bank category (S10-S16),
        read off :func:`sette_kit.scoring.outcome`."""
        row = self._pay.get(key)
        if row is None:
            hp, kind, wild, true_reale = key
            total = Fraction(14) if kind == TRIPLE else Fraction(hp, 2)
            me = Score((), total, kind == BUST, kind, Fraction(7) if wild else None, wild, true_reale)
            row = tuple(outcome(me, _bank_score(cat), self.rules).multiplier for cat in range(NCAT))
            self._pay[key] = row
        return row

    # -- the suit facts a deck needs for the reale (S5) ---------------------------------------
    def pair_counts(self, deck_cards) -> tuple[int, int, int]:
        """For each of PAIRS, how many unordered pairs of cards in the deck make a reale."""
        if not self.rules.reale:
            return (0, 0, 0)
        cls = [0] * NCLS
        sevens, figs = [0] * 4, [0] * 4
        matta = False
        for c in deck_cards:
            k = card_class(c, self.rules)
            cls[k] += 1
            if k == SEVEN:
                sevens[c.suit] += 1
            elif k == FIG:
                figs[c.suit] += 1
            elif k == MATTA:
                matta = True
        if not self.rules.reale_same_suit:
            return (cls[SEVEN] * cls[FIG], cls[SEVEN] * cls[MATTA], cls[FIG] * cls[MATTA])
        s = self.matta_suit
        return (sum(a * b for a, b in zip(sevens, figs)),
                int(matta) * (sevens[s] if s is not None else 0),
                int(matta) * (figs[s] if s is not None else 0))

    # -- a drawing policy's final hands -----------------------------------------------------
    def bank_table(self, policy, opponent_hp=None) -> "BankTable":
        key = (policy, opponent_hp)
        tab = self._bank_tables.get(key)
        if tab is None:
            tab = self._bank_tables[key] = BankTable(self, policy, opponent_hp)
        return tab

    def wants(self, policy, hp: int, kind: str, opponent_hp) -> bool:
        """Does a hand draw?  Never once bust, at 7 1/2 (S10: shown at once) or a triple."""
        if kind in (BUST, TRIPLE) or hp >= S75:
            return False
        return policy.wants_card(hp, opponent_hp)


_MODELS: dict = {}


def model(rules: Rules) -> Model:
    m = _MODELS.get(rules)
    if m is None:
        if len(_MODELS) > 64:
            _MODELS.clear()
        m = _MODELS[rules] = Model(rules)
    return m


class BankTable:
    """The final hands of a policy that starts from no cards, each with ``Ord``."""

    def __init__(self, mdl: Model, policy, opponent_hp):
        zero = (0,) * NCLS
        frontier = {zero: 1}
        finals = []  # (composition, Ord, category, pair type or -1)
        full = mdl.full
        # the hands that still want a card (every smaller hand of the draw wanted one too): a
        # deck whose cards are exactly one of these runs out under the bank (S18)
        self.wanting: set = set()
        while frontier:
            nxt: dict = {}
            for s, w in frontier.items():
                if any(s):
                    hp, kind, _ = mdl.score(s)
                    if not mdl.wants(policy, hp, kind, opponent_hp):
                        pt = mdl.pair_type(s) if mdl.rules.reale else None
                        finals.append((s, w, bank_category(hp, kind), -1 if pt is None else pt))
                        continue
                    self.wanting.add(s)
                for c in range(NCLS):
                    if s[c] < full[c]:
                        t = s[:c] + (s[c] + 1,) + s[c + 1:]
                        nxt[t] = nxt.get(t, 0) + w
            frontier = nxt
        finals.sort(key=lambda f: f[2])
        self.ords = [f[1] for f in finals]
        self.comps_list = [f[0] for f in finals]
        self.cats_list = [f[2] for f in finals]
        self.k_list = [sum(f[0]) for f in finals]
        self.K = max(self.k_list)
        self.classes = [c for c in range(NCLS) if any(f[0][c] for f in finals)]
        self.pair_ords = [0, 0, 0]
        for f in finals:
            if f[3] >= 0:
                self.pair_ords[f[3]] = f[1]
        # the pure path: for each category and hand size k, the hands as
        # (Ord, ((class, count), ...)), so that a deck's mass of the category is
        # sum over k of FF[N-k][K-k] * sum over hands of Ord * prod FF[n_c][count]
        groups: dict = {}
        for comp, w, cat, k in zip(self.comps_list, self.ords, self.cats_list, self.k_list):
            groups.setdefault((cat, k), []).append((w, tuple((c, b) for c, b in enumerate(comp) if b)))
        self._groups = [(cat, k, tuple(hands)) for (cat, k), hands in sorted(groups.items())]
        self._np: tuple | None = None  # the numpy arrays, made on first use of the numpy path

    def distribution(self, decks, exact: bool):
        """Category masses for each deck (rows of class counts), as lists.

        Exact: integer numerators over ``FF[N][K]`` (the second value, a list: one
        denominator per deck; the third is the list of K, the most cards the bank can
        hold from that deck).  Float: probabilities (the second value is None).  Plain
        7 1/2 still holds the two-card reales; :meth:`split_reale` moves them.  numpy
        (where :mod:`sette_kit.accel` allows it) or a Python loop: the same numbers.
        """
        np = accel.numpy()
        if np is not None:
            return self._distribution_numpy(np, decks, exact)
        return self._distribution_pure(decks, exact)

    def _distribution_pure(self, decks, exact: bool):
        rows, dens, ks = [], [], []
        groups, kmax_table = self._groups, self.K
        for R in decks:
            N = sum(R)
            K = min(N, kmax_table)
            ffr = [FF[n] for n in R]  # ffr[c][b] = ff(n_c, b)
            ffn = FF
            out = [0] * NCAT
            for cat, k, hands in groups:
                if k > K:
                    continue  # a hand longer than the deck cannot happen
                acc = 0
                for w, parts in hands:
                    for c, b in parts:
                        w *= ffr[c][b]
                        if not w:
                            break
                    acc += w
                if acc:
                    out[cat] += acc * ffn[N - k][K - k]
            den = FF[N][K]
            if exact:
                rows.append(out)
                dens.append(den)
            else:
                rows.append([x / den for x in out])
            ks.append(K)
        return rows, (dens if exact else None), ks

    def _distribution_numpy(self, np, decks, exact: bool):
        if self._np is None:
            comps = np.array(self.comps_list, dtype=np.int64).reshape(-1, NCLS)
            cats = np.array(self.cats_list, dtype=np.int64)
            cats_present, starts = np.unique(cats, return_index=True)
            self._np = (comps, comps.sum(axis=1), cats_present, starts)
        comps, ksz, cats_present, starts = self._np
        ff_obj, ff_float, ff_i64 = _ff_arrays(np)
        R = np.asarray(decks, dtype=np.int64).reshape(-1, NCLS)
        N = R.sum(axis=1)
        K = np.minimum(N, self.K)  # a small deck cannot give more cards than it holds
        if exact:
            ff = ff_i64 if FF[int(N.max())][int(K.max())] < _I64_MAX else ff_obj
            ords = np.array(self.ords, dtype=ff.dtype)
        else:
            ff, ords = ff_float, np.array(self.ords, dtype=float)
        rest = np.clip(N[:, None] - ksz[None, :], 0, None)
        more = np.clip(K[:, None] - ksz[None, :], 0, None)  # hands longer than the deck get 0 below
        num = ff[rest, more] * ords[None, :]
        for c in self.classes:
            num = num * ff[R[:, c][:, None], comps[:, c][None, :]]
        sums = np.add.reduceat(num, starts, axis=1)
        out = np.zeros((R.shape[0], NCAT), dtype=num.dtype)
        if out.dtype == object:
            out[:] = 0
        out[:, cats_present] = sums
        den = ff[N, K]
        if exact:
            return [[int(x) for x in row] for row in out.tolist()], [int(x) for x in den.tolist()], K.tolist()
        return (out / den[:, None]).tolist(), None, K.tolist()

    def split_reale(self, row: list, n: int, pairs: tuple, exact: bool, K: int) -> list:
        """Move the two-card reales of the bank (S5) out of the plain 7 1/2, in place."""
        if not any(pairs) or n < 2:
            return row
        scale = FF[n - 2][K - 2] if exact else 1.0 / (n * (n - 1))
        for t in range(3):
            if pairs[t] and self.pair_ords[t]:
                move = self.pair_ords[t] * pairs[t] * scale
                row[CAT_SEM] -= move
                row[PAIR_CAT[t]] += move
        return row


def class_counts(cards, rules) -> tuple:
    m = [0] * NCLS
    for c in cards:
        m[card_class(c, rules)] += 1
    return tuple(m)


def remaining(cards, seen, rules) -> tuple[Card, ...]:
    gone = set(cards) | set(seen)
    return tuple(c for c in FULL_DECK if c not in gone)


__all__ = ["Model", "model", "BankTable", "FF", "class_counts", "remaining"]
