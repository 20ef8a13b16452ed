"""A brute-force exact solver for the stake game of :func:`sette_kit.odds.stake_game`,
written apart from the kit's solver so that one can check the other.

The game is built here as a plain extensive-form tree over the *order* in which card
classes come (no multisets, no exchangeability tricks), with perfect recall for both
sides: the player's information is his first card, his stake and the sequence of his
face-up cards; the bank's is the stake, the player's face-up cards as a multiset (the
kit's documented choice), whether he showed 7½ (S10), and the sequence of its own
cards.  The sequence form of that tree (Koller, Megiddo and von Stengel) is one linear
program, solved here by a small dense simplex in Fractions with Bland's rule: exact, and
slow, so only for decks of a dozen cards or so.
"""

from __future__ import annotations

from fractions import Fraction

HP = (2, 4, 6, 8, 10, 12, 14, 1)  # half points of Ace..7 and a figure (S1)
NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "figure")


def simplex_max(c, A_ub, b_ub, A_eq, b_eq, free=()):
    """max c.x subject to A_ub x <= b_ub, A_eq x = b_eq, x >= 0 except the indices in
    ``free`` (any sign).  Exact (Fractions): a sparse tableau (rows as dicts), two
    phases, Dantzig's rule with Bland's rule after degenerate steps (no cycling).
    Matrices are lists of dicts {column: coefficient}.  Returns (value, x)."""
    n0 = len(c)
    free = sorted(set(free))
    neg = {j: n0 + k for k, j in enumerate(free)}  # a free x_j is x_j+ - x_j-
    n1 = n0 + len(free)
    raw = [(dict(r), Fraction(b)) for r, b in zip(A_ub, b_ub)]
    n_ub = len(raw)
    raw += [(dict(r), Fraction(b)) for r, b in zip(A_eq, b_eq)]
    m = len(raw)
    ncol = n1 + n_ub + m
    art0 = n1 + n_ub
    T, rhs = [], []
    for i, (r, b) in enumerate(raw):
        row = {}
        for j, v in r.items():
            v = Fraction(v)
            if v:
                row[j] = row.get(j, 0) + v
                if j in neg:
                    row[neg[j]] = row.get(neg[j], 0) - v
        if i < n_ub:
            row[n1 + i] = Fraction(1)
        if b < 0:
            row = {j: -v for j, v in row.items()}
            b = -b
        row[art0 + i] = Fraction(1)
        T.append({j: v for j, v in row.items() if v})
        rhs.append(b)
    basis = [art0 + i for i in range(m)]
    cols = {}  # column -> set of rows where it is nonzero
    for i, row in enumerate(T):
        for j in row:
            cols.setdefault(j, set()).add(i)

    def pivot(r, e):
        pr = T[r]
        p = pr[e]
        if p != 1:
            pr = {j: v / p for j, v in pr.items()}
            T[r] = pr
            rhs[r] /= p
        for i in list(cols.get(e, ())):
            if i == r:
                continue
            row = T[i]
            f = row[e]
            for j, v in pr.items():
                nv = row.get(j, 0) - f * v
                if nv:
                    if j not in row:
                        cols.setdefault(j, set()).add(i)
                    row[j] = nv
                elif j in row:
                    del row[j]
                    cols[j].discard(i)
            rhs[i] -= f * rhs[r]
        basis[r] = e

    def run(cost, allowed):
        # the objective row: reduced costs d_j = cost_j - c_B B^-1 a_j, kept up to date
        d = {j: Fraction(v) for j, v in cost.items() if v}
        for i, b in enumerate(basis):
            cb = cost.get(b, 0)
            if cb:
                for j, v in T[i].items():
                    d[j] = d.get(j, 0) - cb * v
        degenerate = 0
        while True:
            cand = [(v, j) for j, v in d.items() if v > 0 and allowed(j) and j not in bset]
            if not cand:
                return
            if degenerate > 50:
                e = min(j for v, j in cand)  # Bland
            else:
                e = max(cand)[1]
            best, leave = None, None
            for i in cols.get(e, ()):
                a = T[i][e]
                if a > 0:
                    ratio = rhs[i] / a
                    if best is None or ratio < best or (ratio == best and basis[i] < basis[leave]):
                        best, leave = ratio, i
            if leave is None:
                raise ValueError("unbounded")
            degenerate = degenerate + 1 if best == 0 else 0
            f = d[e]
            bset.discard(basis[leave])
            pivot(leave, e)
            bset.add(e)
            for j, v in T[leave].items():
                nv = d.get(j, 0) - f * v
                if nv:
                    d[j] = nv
                else:
                    d.pop(j, None)

    bset = set(basis)
    run({j: -1 for j in range(art0, ncol)}, lambda j: True)
    if any(rhs[i] for i in range(m) if basis[i] >= art0):
        raise ValueError("infeasible")
    for i in range(m):  # drive the artificials out of the basis where possible
        if basis[i] >= art0:
            for j in T[i]:
                if j < art0 and j not in bset:
                    bset.discard(basis[i])
                    pivot(i, j)
                    bset.add(j)
                    break
    cost2 = {}
    for j, v in enumerate(c):
        if v:
            cost2[j] = Fraction(v)
            if j in neg:
                cost2[neg[j]] = -Fraction(v)
    run(cost2, lambda j: j < art0)
    x = {}
    for i, j in enumerate(basis):
        x[j] = rhs[i]
    out = [x.get(j, 0) - (x.get(neg[j], 0) if j in neg else 0) for j in range(n0)]
    return sum(Fraction(v) * xv for v, xv in zip(c, out)), out


def game_value(counts, stakes, ties_to_bank=True):
    """The exact value per round of the stake game dealt from a deck with these class
    counts (Ace..7, figure), and the sizes of its LP: ``(value, (player sequences, bank
    sequences))``, by the sequence-form LP of the brute-force tree."""
    return _Tree(tuple(counts), tuple(stakes), ties_to_bank).solve()


class _Tree:
    def __init__(self, counts, stakes, ties_to_bank):
        self.counts, self.stakes, self.ties = counts, stakes, ties_to_bank
        self.N = sum(counts)
        self.pseq, self.bseq = {(): 0}, {(): 0}   # sequence key -> column
        self.pinfo, self.binfo = {}, {}           # info set -> (parent column, child columns)
        self.A = {}                               # (player column, bank column) -> payoff x chance
        for first in range(8):
            if counts[first]:
                self._player(first)

    def _p(self, key):
        return self.pseq.setdefault(key, len(self.pseq))

    def _b(self, key):
        return self.bseq.setdefault(key, len(self.bseq))

    def _add(self, pcol, bcol, v):
        self.A[(pcol, bcol)] = self.A.get((pcol, bcol), 0) + v

    def _left(self, used):
        return [self.counts[c] - used.count(c) for c in range(8)]

    def _player(self, first):
        N = self.N
        kids = [self._p(("stake", first, s)) for s in self.stakes]
        self.pinfo[("stake", first)] = (0, kids)
        for s, root in zip(self.stakes, kids):
            stack = [((), Fraction(self.counts[first], N), root)]
            while stack:
                up, ch, parent = stack.pop()
                t = HP[first] + sum(HP[c] for c in up)
                if t > 15:  # S10: a bust loses at once, whatever the bank does
                    self._add(parent, 0, -s * ch)
                    continue
                # the bank's hidden card is dealt: the player draws while two cards are left
                if t < 15 and N - 1 - len(up) >= 2:
                    info = ("hit", first, s, up)
                    hit, stand = self._p(info + ("hit",)), self._p(info + ("stand",))
                    self.pinfo[info] = (parent, [hit, stand])
                    rest = self._left((first,) + up)
                    n_rest = N - 1 - len(up)
                    for c in range(8):
                        if rest[c]:
                            stack.append((up + (c,), ch * Fraction(rest[c], n_rest), hit))
                    parent = stand
                self._bank(s, first, up, t, ch, parent)

    def _bank(self, s, first, up, t, ch, pcol):
        shown = t == 15  # S10: 7 1/2 is shown at once
        public = (s, tuple(sorted(up)), shown)
        rest = self._left((first,) + up)
        R = sum(rest)
        stack = [((), ch, 0)]
        while stack:
            own, w, parent = stack.pop()
            if own:
                h = sum(HP[c] for c in own)
                if h > 15:  # S12: the bank busts and pays
                    self._add(pcol, parent, s * w)
                    continue
                if h < 15 and len(own) < R:
                    info = ("bank", public, own)
                    hit, stand = self._b(info + ("hit",)), self._b(info + ("stand",))
                    self.binfo[info] = (parent, [hit, stand])
                else:
                    hit, stand = None, parent
                # S13: the bank wins ties (or they push, the teaching variant)
                pay = -s if h > t or (h == t and self.ties) else 0 if h == t else s
                self._add(pcol, stand, pay * w)
                if hit is None:
                    continue
                parent = hit
            left = [rest[c] - own.count(c) for c in range(8)]
            n_left = R - len(own)
            for c in range(8):
                if left[c]:
                    stack.append((own + (c,), w * Fraction(left[c], n_left), parent))

    def solve(self):
        """max_x min_y x'Ay over the sequence forms: max q_root subject to
        F'q - A'x <= 0 (one row per bank sequence), Ex = e, x >= 0, q free."""
        npx, nby = len(self.pseq), len(self.bseq)
        binfos = list(self.binfo.items())
        nq = 1 + len(binfos)  # q_root and one per bank information set
        # columns: x (npx) then q (nq)
        rows = [dict() for _ in range(nby)]
        rows[0][npx] = Fraction(1)  # q_root belongs to the bank's empty sequence
        for k, (info, (parent, kids)) in enumerate(binfos):
            col = npx + 1 + k
            rows[parent][col] = rows[parent].get(col, 0) - 1
            for kid in kids:
                rows[kid][col] = rows[kid].get(col, 0) + 1
        for (pc, bc), v in self.A.items():
            if v:
                rows[bc][pc] = rows[bc].get(pc, 0) - v
        eq = [{0: Fraction(1)}]
        for parent, kids in self.pinfo.values():
            r = {parent: Fraction(-1)}
            for kid in kids:
                r[kid] = Fraction(1)
            eq.append(r)
        c = [Fraction(0)] * (npx + nq)
        c[npx] = Fraction(1)
        value, _ = simplex_max(c, rows, [0] * nby, eq, [1] + [0] * (len(eq) - 1),
                               free=range(npx, npx + nq))
        return value, (npx, nby)
