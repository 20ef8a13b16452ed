"""Solving the stake game (private; see :mod:`._stake_game`): predictive CFR+ with
numpy (:class:`_Compact`, :func:`_cfr_numpy`) or in pure Python for small decks
(:func:`_cfr_pure`), then from floats to exact rational strategies, certified by the
exact best responses of :mod:`._stake_tree` (:func:`_certify`, :func:`_solve_game`).
"""

from __future__ import annotations

import time
from fractions import Fraction

from .. import accel
from ._stake_tree import NCLS, _fill_bank, bank_best_response, player_values

PREDICTIVE = True  # predictive CFR+ (the last regrets as the prediction, quadratic averaging)
CHECK_EVERY = 100  # iterations between two float scorings of the average strategies (numpy path)


# -- CFR+ -------------------------------------------------------------------------------------------

class _Compact:
    """The game as flat numpy arrays for CFR+, with the bank's forced actions folded in.

    Only the bank's *free* hands (a real choice between hit and stand) are kept: a hand
    where the bank must stand (or is bust) is a constant payoff vector over the player's
    first cards, a hand where it must hit passes on to its kids, so what lies between
    two free hands (or below the bank's first card) folds into a payoff vector and edges
    with path counts (``mult``: the number of forced orders from one free hand to the
    next).  Node values and flows are the same as on the full tree, on about a seventh of
    the nodes.  Both sides are laid out flat over (hand size, stake, ...), so one layer of
    one pass is one ``bincount`` for all the stakes at once.
    """

    def __init__(self, game, np):
        self.np = np
        g = game
        S = self.S = len(g.stakes)
        self.st = np.array(g.stakes, dtype=float)
        npub = self.npub = len(g.publics)
        F = self.F = len(g.firsts)
        # -- the bank: fold each public's forced hands --------------------------------------
        free = []            # (size, b, i)
        Ls, Lh, E = {}, {}, {}
        Kroot = np.zeros((npub, NCLS))
        rootE = {}
        for b, pub in enumerate(g.publics):
            nodes = pub["nodes"]
            phi = [None] * len(nodes)
            for i in range(len(nodes) - 1, -1, -1):
                nd = nodes[i]
                c = [0.0] * NCLS
                for p, cf in nd["coef"]:
                    c[p] = cf / nd["den"]
                if nd["kind"] == "dec" and nd["fixed"] != 0:
                    K, D = [0.0] * NCLS, {}
                    for j in nd["kids"]:
                        kK, kD = phi[j]
                        for x in range(NCLS):
                            K[x] += kK[x]
                        for f, m in kD.items():
                            D[f] = D.get(f, 0) + m
                    if nd["fixed"] is None:
                        free.append((nd["size"], b, i))
                        Ls[(b, i)], Lh[(b, i)], E[(b, i)] = c, K, D
                        phi[i] = ([0.0] * NCLS, {(b, i): 1})
                    else:
                        phi[i] = (K, D)
                else:  # bust, a hand it stands on (7½, no card left) or a forced stand
                    phi[i] = (c, {})
            for i, nd in enumerate(nodes):
                if nd["size"] == 1:
                    kK, kD = phi[i]
                    for x in range(NCLS):
                        Kroot[b, x] += kK[x]
                    for f, m in kD.items():
                        rootE[f] = rootE.get(f, 0) + m
        free.sort()
        nF = self.nF = len(free)
        local = {(b, i): k for k, (sz, b, i) in enumerate(free)}
        self.free = free
        # flat index of (stake s, free hand k): ordered by (size, s, k) so a layer is a slice
        sizes = [sz for sz, b, i in free]
        order = sorted(((sizes[k], s, k) for s in range(S) for k in range(nF)))
        gid = {(s, k): n for n, (sz, s, k) in enumerate(order)}
        self.gid = gid
        nB = self.nB = S * nF
        self.bst = np.array([g.stakes[s] for sz, s, k in order], dtype=float)
        self.bw = np.array([s * npub + free[k][1] for sz, s, k in order])     # which (stake, public)
        self.bLs = np.array([Ls[free[k][1:]] for sz, s, k in order])
        self.bLh = np.array([Lh[free[k][1:]] for sz, s, k in order])
        layer_of = np.array([sz for sz, s, k in order])
        self.blayers = []
        for d in sorted(set(layer_of.tolist())):
            idx = np.nonzero(layer_of == d)[0]
            self.blayers.append((int(idx[0]), int(idx[-1]) + 1))
        src, tgt, mul = [], [], []
        for s in range(S):
            for key, D in E.items():
                for f, m in D.items():
                    src.append(gid[(s, local[key])]), tgt.append(gid[(s, local[f])]), mul.append(float(m))
        src, tgt, mul = np.array(src, dtype=int), np.array(tgt, dtype=int), np.array(mul)
        o = np.argsort(src, kind="stable")
        src, tgt, mul = src[o], tgt[o], mul[o]
        self.bedges = []  # per layer: edges leaving it (source, target, path count)
        for a0, a1 in self.blayers:
            sel = (src >= a0) & (src < a1)
            self.bedges.append((src[sel], tgt[sel], mul[sel]))
        self.A0 = np.zeros(nB)  # the free hands' arrival through forced hands only
        for f, m in rootE.items():
            for s in range(S):
                self.A0[gid[(s, local[f])]] += m
        self.Kroot = np.tile(Kroot, (S, 1))  # (S * npub, NCLS)
        self.stw = np.repeat(self.st, npub)   # the stake of each (stake, public)
        self.bflat = (self.bw[:, None] * NCLS + np.arange(NCLS)[None, :]).ravel()
        # -- the player: flat over (size, stake, first card, node) --------------------------
        pl = []
        for s in range(S):
            for fi, p in enumerate(g.firsts):
                for k, nd in enumerate(g.pnodes[p]):
                    pl.append((sum(nd["m"]), s, fi, k))
        pl.sort()
        pid = {(s, fi, k): n for n, (sz, s, fi, k) in enumerate(pl)}
        self.pid = pid
        nP = self.nP = len(pl)
        nd_of = [g.pnodes[g.firsts[fi]][k] for sz, s, fi, k in pl]
        self.pdec = np.array([nd["kind"] == "dec" for nd in nd_of])
        self.pbust = np.array([nd["kind"] == "bust" for nd in nd_of])
        self.pcp = np.array([float(nd["cp"]) for nd in nd_of])
        self.pst = np.array([g.stakes[s] for sz, s, fi, k in pl], dtype=float)
        self.pp = np.array([g.firsts[fi] for sz, s, fi, k in pl])
        self.pfi = np.array([fi for sz, s, fi, k in pl])
        self.ps = np.array([s for sz, s, fi, k in pl])
        # (stake, public, first card) of each node the player can stand at; -1 at a bust
        self.ppw = np.array([(s * npub + nd["pub"]) * NCLS + g.firsts[fi] if nd["kind"] != "bust" else -1
                             for (sz, s, fi, k), nd in zip(pl, nd_of)])
        self.pok = self.ppw >= 0
        self.proot = np.array([[pid[(s, fi, 0)] for s in range(S)] for fi in range(F)])  # (F, S)
        self.prior = np.array([g.n[p] / g.N for p in g.firsts])
        player_layer = np.array([sz for sz, s, fi, k in pl])
        self.players = []
        for d in sorted(set(player_layer.tolist())):
            idx = np.nonzero(player_layer == d)[0]
            self.players.append((int(idx[0]), int(idx[-1]) + 1))
        ki, kj, kq = [], [], []
        for (sz, s, fi, k), nd in zip(pl, nd_of):
            for c, j, q in nd["kids"]:
                ki.append(pid[(s, fi, k)]), kj.append(pid[(s, fi, j)]), kq.append(float(q))
        ki, kj, kq = np.array(ki, dtype=int), np.array(kj, dtype=int), np.array(kq)
        self.pedges = []
        for a0, a1 in self.players:
            sel = (ki >= a0) & (ki < a1)
            self.pedges.append((ki[sel], kj[sel], kq[sel]))

    # -- the passes ------------------------------------------------------------------------
    def bank_flow(self, gamma):
        """The bank's own reach of each free hand (its hits along the way, no chance)."""
        np = self.np
        A = self.A0.copy()
        for src, tgt, mul in self.bedges:
            if len(src):
                A += np.bincount(tgt, weights=A[src] * gamma[src] * mul, minlength=self.nB)
        return A

    def stand_values(self, gamma, A=None):
        """The player's result per unit stake standing at each of his nodes (0 at a bust)."""
        np = self.np
        if A is None:
            A = self.bank_flow(gamma)
        hit = A * gamma
        mass = (A - hit)[:, None] * self.bLs + hit[:, None] * self.bLh
        per = np.bincount(self.bflat, weights=mass.ravel(), minlength=self.S * self.npub * NCLS)
        per += self.Kroot.ravel()
        out = np.zeros(self.nP)
        out[self.pok] = per[self.ppw[self.pok]]
        return out

    def player_pass(self, SV, beta, best=False):
        """Bottom-up: the player's values (money) and the values of hitting."""
        np = self.np
        sv = SV * self.pst
        V = np.where(self.pbust, -self.pst, sv)
        HIT = np.zeros(self.nP)
        for (a0, a1), (ki, kj, kq) in zip(reversed(self.players), reversed(self.pedges)):
            if not len(ki):
                continue
            h = np.bincount(ki - a0, weights=V[kj] * kq, minlength=a1 - a0)
            dec = self.pdec[a0:a1]
            if best:
                v = np.maximum(h, sv[a0:a1])
            else:
                b = beta[a0:a1]
                v = b * h + (1 - b) * sv[a0:a1]
            V[a0:a1] = np.where(dec, v, V[a0:a1])
            HIT[a0:a1] = h
        return V, HIT

    def player_flow(self, beta, sig):
        np = self.np
        A = np.zeros(self.nP)
        A[self.proot] = sig
        for ki, kj, kq in self.pedges:
            if len(ki):
                A += np.bincount(kj, weights=A[ki] * beta[ki], minlength=self.nP)
        return A

    def bank_weights(self, beta, sig):
        """w[(stake, public) * 8 + p]: the chance, the player's stake and his play included,
        that he stood there with first card p; and the result of his busts."""
        np = self.np
        A = self.player_flow(beta, sig)
        stop = A * (1 - beta) * self.pcp
        w = np.bincount(self.ppw[self.pok], weights=stop[self.pok], minlength=self.S * self.npub * NCLS)
        bust = -(A * self.pcp * self.pst)[self.pbust].sum()
        return w.reshape(self.S * self.npub, NCLS), bust

    def bank_pass(self, w, gamma, best=False):
        """Bottom-up over the free hands: values (money, to the player), of hitting and of standing."""
        np = self.np
        wn = w[self.bw]
        STAND = (self.bLs * wn).sum(1) * self.bst
        HIT = (self.bLh * wn).sum(1) * self.bst
        V = np.zeros(self.nB)
        for (a0, a1), (src, tgt, mul) in zip(reversed(self.blayers), reversed(self.bedges)):
            if len(src):
                HIT[a0:a1] += np.bincount(src - a0, weights=V[tgt] * mul, minlength=a1 - a0)
            if best:
                V[a0:a1] = np.minimum(HIT[a0:a1], STAND[a0:a1])
            else:
                g = gamma[a0:a1]
                V[a0:a1] = g * HIT[a0:a1] + (1 - g) * STAND[a0:a1]
        return V, HIT, STAND

    def bank_root(self, w, V):
        """The value to the player of every (stake, public): the folded forced hands, the free ones."""
        return ((self.Kroot * w).sum(1) * self.stw).sum() + (self.A0 * V).sum()

    # -- float best responses (to choose among roundings; the bounds are exact) -------------
    def lower(self, sig, beta):
        w, bust = self.bank_weights(beta, sig)
        V, __, ___ = self.bank_pass(w, None, best=True)
        return bust + self.bank_root(w, V)

    def upper(self, gamma):
        V, __ = self.player_pass(self.stand_values(gamma), None, best=True)
        V0 = V[self.proot]  # (F, S)
        return float((self.prior * V0.max(1)).sum())


def _cfr_numpy(game, iterations, np, log=None, predictive=PREDICTIVE, ar=None, check=CHECK_EVERY, probe=None):
    """Predictive CFR+ (alternating updates, quadratic averaging) on :class:`_Compact`.

    Every ``check`` iterations (and at the last) the average strategies are scored by
    float best responses, and each side's best average so far is kept: the player's
    whose value against the bank's best response is highest, the bank's whose value
    against the player's best response is lowest.  (The averages of predictive CFR+
    approach the equilibrium unevenly on this game, and a side's bound needs only that
    side's strategy.)  ``probe(t, lower, upper, best lower, best upper)``, if given, is
    called at each check (to study the convergence).  Returns the arrays,
    (score, sigma, beta) and (score, gamma), flat."""
    ar = _Compact(game, np) if ar is None else ar
    S, F, nP, nB = ar.S, ar.F, ar.nP, ar.nB
    pdec = ar.pdec
    Rp = np.zeros((2, nP))
    Rs = np.zeros((F, S))
    Rb = np.zeros((2, nB))

    def matching(R, m):
        if m is not None:
            R = np.maximum(R + m, 0)
        pos = R[0] + R[1]
        return np.where(pos > 0, R[1] / np.where(pos > 0, pos, 1), 0.5)

    def player_strategy(mp=None, ms=None):
        beta = np.where(pdec, matching(Rp, mp), 0.0)
        Q = Rs if ms is None else np.maximum(Rs + ms, 0)
        ps = Q.sum(1, keepdims=True)
        return beta, np.where(ps > 0, Q / np.where(ps > 0, ps, 1), 1.0 / S)

    beta, sig = player_strategy()
    gamma = matching(Rb, None)
    num_p = np.zeros(nP); den_p = np.zeros(nP); avg_sig = np.zeros((F, S))
    num_b = np.zeros(nB); den_b = np.zeros(nB)
    rp = np.zeros((2, nP)); rb = np.zeros((2, nB))

    def averages():
        beta_avg = np.where(den_p > 0, num_p / np.where(den_p > 0, den_p, 1), beta)
        sig_avg = avg_sig / avg_sig.sum(1, keepdims=True)
        gamma_avg = np.where(den_b > 0, num_b / np.where(den_b > 0, den_b, 1), gamma)
        return sig_avg, beta_avg, gamma_avg

    best_p = best_b = None
    t0 = time.time()
    for t in range(1, iterations + 1):
        Ab = ar.bank_flow(gamma)
        SV = ar.stand_values(gamma, Ab)
        V, HIT = ar.player_pass(SV, beta)
        rp[1] = np.where(pdec, HIT - V, 0)
        rp[0] = np.where(pdec, SV * ar.pst - V, 0)
        Rp = np.maximum(Rp + rp, 0)
        V0 = V[ar.proot]  # (F, S)
        rs = V0 - (sig * V0).sum(1, keepdims=True)
        Rs = np.maximum(Rs + rs, 0)
        wt = float(t * t if predictive else t)
        A = ar.player_flow(beta, sig)
        num_p += wt * A * beta
        den_p += wt * A
        avg_sig += wt * sig
        beta, sig = player_strategy(rp, rs) if predictive else player_strategy()
        w, __ = ar.bank_weights(beta, sig)
        Vb, HITb, STb = ar.bank_pass(w, gamma)
        rb[1] = Vb - HITb
        rb[0] = Vb - STb
        Rb = np.maximum(Rb + rb, 0)
        num_b += wt * Ab * gamma
        den_b += wt * Ab
        gamma = matching(Rb, rb if predictive else None)
        if log is not None and (t % 1000 == 0 or t == iterations):
            log(f"CFR+ iteration {t}: {time.time() - t0:.1f} s")
        if t % check == 0 or t == iterations:
            sa, ba, ga = averages()
            lo, up = ar.lower(sa, ba), ar.upper(ga)
            if best_p is None or lo > best_p[0]:
                best_p = (lo, sa, ba)
            if best_b is None or up < best_b[0]:
                best_b = (up, ga)
            if probe is not None:
                probe(t, lo, up, best_p[0], best_b[0])
    return ar, best_p, best_b


def _cfr_pure(game, iterations, log=None):
    """(Predictive) CFR+ in pure Python loops, the same iteration as :func:`_cfr_numpy`
    on the unfolded game, returning the last averages (for small decks: the plain game
    takes hours this way, hence the shipped data)."""
    S = len(game.stakes)
    st = game.stakes
    F = game.firsts
    Rp = {(si, p): [[0.0, 0.0] for _ in game.pnodes[p]] for si in range(S) for p in F}
    Rs = {p: [0.0] * S for p in F}
    Rb = {(si, b): [[0.0, 0.0] for _ in pub["nodes"]] for si in range(S) for b, pub in enumerate(game.publics)}
    coef = [[[(p, cf / nd["den"]) for p, cf in nd["coef"]] for nd in pub["nodes"]] for pub in game.publics]

    # predictive CFR+: the strategy played next is regret matching on the floored
    # regrets plus the last instantaneous regrets (kept in the "last" tables)
    last_p = {k: [[0.0, 0.0] for _ in v] for k, v in Rp.items()}
    last_s = {p: [0.0] * S for p in F}
    last_b = {k: [[0.0, 0.0] for _ in v] for k, v in Rb.items()}
    pred = PREDICTIVE

    def rm(r, m):
        a, b = (max(r[0] + m[0], 0.0), max(r[1] + m[1], 0.0)) if pred else r
        s = a + b
        return b / s if s > 0 else 0.5

    def strategies():
        beta = {}
        for key, rows in Rp.items():
            nodes = game.pnodes[key[1]]
            ms = last_p[key]
            beta[key] = [rm(r, ms[k]) if nodes[k]["kind"] == "dec" else 0.0 for k, r in enumerate(rows)]
        sigma = {}
        for p, r in Rs.items():
            q = [max(a + b, 0.0) for a, b in zip(r, last_s[p])] if pred else r
            tot = sum(q)
            sigma[p] = [x / tot for x in q] if tot > 0 else [1.0 / S] * S
        return sigma, beta

    def bank_strategy():
        gamma = {}
        for (si, b), rows in Rb.items():
            nodes = game.publics[b]["nodes"]
            ms = last_b[(si, b)]
            gamma[(si, b)] = [rm(r, m) if nd["kind"] == "dec" and nd["fixed"] is None
                              else float(nd["fixed"] or 0) if nd["kind"] == "dec" else 0.0
                              for r, m, nd in zip(rows, ms, nodes)]
        return gamma

    def bank_flow(si, b, gamma):
        nodes = game.publics[b]["nodes"]
        A = [1.0 if nd["size"] == 1 else 0.0 for nd in nodes]
        g = gamma[(si, b)]
        for i, nd in enumerate(nodes):
            if A[i] and g[i]:
                for j in nd["kids"]:
                    A[j] += A[i] * g[i]
        return A

    def outcome(gamma):
        out = {}
        for (si, b) in gamma:
            A = bank_flow(si, b, gamma)
            g = gamma[(si, b)]
            acc = {}
            for i, cs in enumerate(coef[b]):
                stop = A[i] * (1 - g[i])
                if stop:
                    for p, cf in cs:
                        acc[p] = acc.get(p, 0.0) + stop * cf
            out[(si, b)] = acc
        return out

    def player_flow(sigma, beta):
        flows = {}
        for si in range(S):
            for p in F:
                nodes = game.pnodes[p]
                A = [0.0] * len(nodes)
                A[0] = sigma[p][si]
                bb = beta[(si, p)]
                for k, nd in enumerate(nodes):
                    if A[k] and bb[k]:
                        for c, j, q in nd["kids"]:
                            A[j] += A[k] * bb[k]
                flows[(si, p)] = A
        return flows

    sigma, beta = strategies()
    gamma = bank_strategy()
    num_p = {k: [0.0] * len(v) for k, v in beta.items()}
    den_p = {k: [0.0] * len(v) for k, v in beta.items()}
    avg_sig = {p: [0.0] * S for p in F}
    num_b = {k: [0.0] * len(v) for k, v in gamma.items()}
    den_b = {k: [0.0] * len(v) for k, v in gamma.items()}
    t0 = time.time()
    for t in range(1, iterations + 1):
        out = outcome(gamma)
        flows = player_flow(sigma, beta)
        for si in range(S):
            s = st[si]
            for p in F:
                nodes = game.pnodes[p]
                bb = beta[(si, p)]
                V = [0.0] * len(nodes)
                for k in range(len(nodes) - 1, -1, -1):
                    nd = nodes[k]
                    if nd["kind"] == "bust":
                        V[k] = -s
                        continue
                    sv = s * out[(si, nd["pub"])].get(p, 0.0)
                    if nd["kind"] == "dec":
                        h = sum(q * V[j] for c, j, q in nd["kids"])
                        V[k] = bb[k] * h + (1 - bb[k]) * sv
                        r = Rp[(si, p)][k]
                        m = last_p[(si, p)][k]
                        m[1], m[0] = h - V[k], sv - V[k]
                        r[1] = max(r[1] + m[1], 0.0)
                        r[0] = max(r[0] + m[0], 0.0)
                    else:
                        V[k] = sv
                out[("root", si, p)] = V[0]
        for p in F:
            vals = [out[("root", si, p)] for si in range(S)]
            ev = sum(q * v for q, v in zip(sigma[p], vals))
            last_s[p] = [v - ev for v in vals]
            Rs[p] = [max(r + v - ev, 0.0) for r, v in zip(Rs[p], vals)]
        wt = t * t if pred else t
        for key, A in flows.items():
            bb = beta[key]
            for k, a in enumerate(A):
                num_p[key][k] += wt * a * bb[k]
                den_p[key][k] += wt * a
        for p in F:
            for si in range(S):
                avg_sig[p][si] += wt * sigma[p][si]
        sigma, beta = strategies()
        flows = player_flow(sigma, beta)
        for si in range(S):
            s = st[si]
            weights = {}
            for p in F:
                for k, nd in enumerate(game.pnodes[p]):
                    a = flows[(si, p)][k]
                    if a and nd["kind"] != "bust":
                        stop = a * (1 - beta[(si, p)][k]) * float(nd["cp"])
                        if stop:
                            weights.setdefault(nd["pub"], {})[p] = stop
            for b, pub in enumerate(game.publics):
                w = weights.get(b, {})
                nodes = pub["nodes"]
                g = gamma[(si, b)]
                A = bank_flow(si, b, gamma)
                V = [0.0] * len(nodes)
                for i in range(len(nodes) - 1, -1, -1):
                    nd = nodes[i]
                    stand = s * sum(w.get(p, 0.0) * cf for p, cf in coef[b][i])
                    if nd["kind"] == "dec":
                        h = sum(V[j] for j in nd["kids"])
                        V[i] = g[i] * h + (1 - g[i]) * stand
                        if nd["fixed"] is None:
                            r = Rb[(si, b)][i]
                            m = last_b[(si, b)][i]
                            m[1], m[0] = V[i] - h, V[i] - stand
                            r[1] = max(r[1] + m[1], 0.0)
                            r[0] = max(r[0] + m[0], 0.0)
                    else:
                        V[i] = stand
                for i, a in enumerate(A):
                    num_b[(si, b)][i] += wt * a * g[i]
                    den_b[(si, b)][i] += wt * a
        gamma = bank_strategy()
        if log is not None and (t % 500 == 0 or t == iterations):
            log(f"CFR+ iteration {t}: {time.time() - t0:.1f} s")
    beta_avg = {k: [num_p[k][i] / den_p[k][i] if den_p[k][i] > 0 else beta[k][i] for i in range(len(v))]
                for k, v in beta.items()}
    sig_avg = {p: tuple(x / sum(v) for x in v) for p, v in avg_sig.items()}
    gamma_avg = {k: [num_b[k][i] / den_b[k][i] if den_b[k][i] > 0 else gamma[k][i] for i in range(len(v))]
                 for k, v in gamma.items()}
    _fill_bank(game, gamma_avg)
    return sig_avg, beta_avg, gamma_avg


# -- from floats to exact strategies ------------------------------------------------------------------

def _round(x: float, den: int) -> Fraction:
    return Fraction(x).limit_denominator(den)


def _rational_player(game, sigma, beta, den):
    sig = {}
    for p, v in sigma.items():
        q = [_round(x, den) for x in v]
        tot = sum(q)
        sig[p] = tuple(x / tot for x in q) if tot else tuple(Fraction(1, len(q)) for _ in q)
    bet = {k: [_round(x, den) if game.pnodes[k[1]][i]["kind"] == "dec" else Fraction(0) for i, x in enumerate(v)]
           for k, v in beta.items()}
    return sig, bet


def _rational_bank(game, gamma, den):
    out = {k: [_round(x, den) for x in v] for k, v in gamma.items()}
    return _fill_bank(game, out)


DENOMINATORS = (12, 120, 10 ** 4, 10 ** 6)


def _snap(x: float, eps: float) -> float:
    return 0.0 if x < eps else 1.0 if x > 1 - eps else x


def _exact_strategies(game, floats, log=None):
    """Round the CFR+ strategies to fractions (several denominators, smallest first,
    then with the probabilities within 0.1% or 1% of 0 or 1 made pure), and keep, for
    each side, the rounding whose exact best response is best for it."""
    sigma, beta, gamma = floats
    best_p = best_b = None
    candidates = [(den, None) for den in DENOMINATORS] + [(DENOMINATORS[-1], eps) for eps in (1e-3, 1e-2)]
    for den, eps in candidates:
        if eps is not None:
            sigma_e = {p: tuple(_snap(x, eps) for x in v) for p, v in sigma.items()}
            beta_e = {k: [_snap(x, eps) for x in v] for k, v in beta.items()}
            gamma_e = {k: [_snap(x, eps) for x in v] for k, v in gamma.items()}
        else:
            sigma_e, beta_e, gamma_e = sigma, beta, gamma
        sig, bet = _rational_player(game, sigma_e, beta_e, den)
        lo, __ = bank_best_response(game, sig, bet)
        if best_p is None or lo > best_p[0]:
            best_p = (lo, sig, bet)
        gam = _rational_bank(game, gamma_e, den)
        up = player_values(game, gam)[0]
        if best_b is None or up < best_b[0]:
            best_b = (up, gam)
        if log:
            log(f"rounded to 1/{den}{'' if eps is None else f', pure within {eps}'}: "
                f"lower {float(lo):.9f} upper {float(up):.9f}")
        if best_p[0] == best_b[0]:
            break  # the interval is a point: an exact equilibrium
    return best_p, best_b


# the roundings tried on the numpy path: (denominator limit, made pure within eps of 0 or 1)
CANDIDATES = tuple((den, eps) for eps in (None, 1e-6, 1e-4, 1e-3, 1e-2) for den in (120, 10 ** 4, 10 ** 6))


def _flat_rationals(x, den, eps):
    """Floats to Fractions: made pure within ``eps`` of 0 or 1, the rest rounded to the
    nearest fraction with a denominator at most ``den``."""
    F0, F1 = Fraction(0), Fraction(1)
    cache, out = {}, []
    for v in x.tolist():
        if eps is not None:
            v = 0.0 if v < eps else 1.0 if v > 1 - eps else v
        if v <= 0.0:
            out.append(F0)
        elif v >= 1.0:
            out.append(F1)
        else:
            f = cache.get(v)
            if f is None:
                f = cache[v] = _round(v, den)
            out.append(f)
    return out


def _certify(game, ar, best_p, best_b, log=None):
    """The exact bounds on the numpy path: each side's best average (from
    :func:`_cfr_numpy`) rounded in each of the ways of ``CANDIDATES``; the roundings are
    scored by float best responses, the best of each side (and any within 1e-9 of it,
    up to three) by exact ones, and each side keeps its exact best."""
    np = ar.np
    (raw_lo, sa, ba), (raw_up, ga) = best_p, best_b
    pc, bc, seen_p, seen_b = [], [], set(), set()
    for den, eps in CANDIDATES:
        sq = []
        for row in sa.tolist():
            q = _flat_rationals(np.array(row), den, eps)
            tot = sum(q)
            sq.append(tuple(x / tot for x in q) if tot else tuple(Fraction(1, len(q)) for _ in q))
        bq = _flat_rationals(ba, den, eps)
        key = (tuple(sq), tuple(bq))
        if key not in seen_p:
            seen_p.add(key)
            score = ar.lower(np.array([[float(x) for x in row] for row in sq]), np.array([float(x) for x in bq]))
            pc.append((score, den, eps, sq, bq))
        gq = _flat_rationals(ga, den, eps)
        key = tuple(gq)
        if key not in seen_b:
            seen_b.add(key)
            bc.append((ar.upper(np.array([float(x) for x in gq])), den, eps, gq))
    pc.sort(key=lambda c: -c[0])
    bc.sort(key=lambda c: c[0])
    lower = upper = None
    for score, den, eps, sq, bq in pc[:3]:
        if score < pc[0][0] - 1e-9:
            break
        sigma = {p: sq[fi] for fi, p in enumerate(game.firsts)}
        beta = {(si, p): [bq[ar.pid[(si, fi, k)]] for k in range(len(game.pnodes[p]))]
                for si in range(ar.S) for fi, p in enumerate(game.firsts)}
        lo = bank_best_response(game, sigma, beta)[0]
        if log:
            log(f"player: the best average (float {raw_lo:.10f}) rounded to 1/{den}"
                f"{'' if eps is None else f', pure within {eps}'}: float {score:.10f}, exact {float(lo):.10f}")
        if lower is None or lo > lower:
            lower, best_sigma, best_beta = lo, sigma, beta
    for score, den, eps, gq in bc[:3]:
        if score > bc[0][0] + 1e-9:
            break
        gamma = {}
        for si in range(ar.S):
            for b, pub in enumerate(game.publics):
                gamma[(si, b)] = [Fraction(int(nd["fixed"] == 1)) if nd["kind"] == "dec" else Fraction(0)
                                  for nd in pub["nodes"]]
        for k, (sz, b, i) in enumerate(ar.free):
            for si in range(ar.S):
                gamma[(si, b)][i] = gq[ar.gid[(si, k)]]
        up = player_values(game, gamma)[0]
        if log:
            log(f"bank: the best average (float {raw_up:.10f}) rounded to 1/{den}"
                f"{'' if eps is None else f', pure within {eps}'}: float {score:.10f}, exact {float(up):.10f}")
        if upper is None or up < upper:
            upper, best_gamma = up, gamma
    return lower, upper, best_sigma, best_beta, best_gamma


def _solve_game(game, iterations, log=None):
    np = accel.numpy()
    if np is None:
        floats = _cfr_pure(game, iterations, log=log)
        (lower, sigma, beta), (upper, gamma) = _exact_strategies(game, floats, log)
        return lower, upper, sigma, beta, gamma
    ar, best_p, best_b = _cfr_numpy(game, iterations, np, log=log)
    return _certify(game, ar, best_p, best_b, log)


def _default_iterations(game) -> int:
    """1000 for small decks; 10,000 for the 40 cards (about a minute of CPU with numpy,
    certified width about 1.3e-7: ``bench/bench_stake_game.py``)."""
    size = game.sizes()["bank"] + game.sizes()["player"]
    return 1000 if size < 2000 else 10000
