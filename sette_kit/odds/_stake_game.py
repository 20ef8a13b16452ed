"""The stake game: a bank that reads your stake (private; use :func:`sette_kit.odds.stake_game`).

:func:`sette_kit.odds.best_staking_plan` shows that a player who stakes after seeing his
first card (S9) beats a bank that stands on a fixed total.  A real bank sees the stake
and the player's face-up cards before it plays (S9, S11).  This module solves that game.

**The game** (heads-up, ``plain`` rules: no matta, no bonuses, even money, the bank wins
ties S13, a player who busts loses at once S10).  A deck (the 40 cards, or fewer for
checks) is dealt without replacement.  The player gets one hidden card, the bank one
hidden card (S8).  The player looks at his card and picks a stake from ``stakes``
(S9), then hits or stands; his extra cards come face up (S9).  At 7½ his hand is shown
at once and he stops (S10).  The bank then sees the stake, the player's face-up cards,
and whether he bust or showed 7½, and plays its own cards, hitting or standing as it
likes, seeing its own cards (S11).  The player wins his stake if he stood and the bank
busts (S12) or stands lower (S13); he loses it otherwise.

*What the bank sees of the face-up cards*: their **multiset** (which cards, not in what
order).  This is the kit's choice, and it matters: the order a player drew his cards
in can say something about his hidden card (a player who would stand on a total after
one order but not after another), and a bank that remembered it could know a little
more.  With the multiset the player loses nothing by playing by multisets too (the
chance of a face-up multiset does not depend on the order, S18's deck being exchangeable),
so both sides' strategies are stated by multisets.

**Method.**  Counterfactual regret minimisation, in its predictive CFR+ form (regret
matching on regrets floored at zero, the last instantaneous regrets used as the
prediction of the next, alternating updates, the average strategies weighted by the
square of the iteration number), on the game stated by multisets: the player's
information sets are (stake, first card, face-up multiset), the bank's (stake, face-up
multiset, shown, its own multiset).  Why CFR: it is made for imperfect-information games
of this kind and needs only the game's values, one pass at a time; each pass is a few
array operations over the whole game with numpy, or loops in pure Python for small decks
(numpy is only an accelerator, :mod:`sette_kit.accel`).  On the numpy path the bank's
forced hands are folded away first (:class:`_Compact`: a seventh of the bank's nodes are
real choices), and every 100 iterations the average strategies are scored by float best
responses; each side keeps its best average so far (the averages approach the
equilibrium unevenly here, and each bound needs only its own side's strategy).  A sequence-form LP would be
exact, but the plain instance (about 12,700 free bank information sets and 800 of the
player's, some 53,000 bank nodes in all) is beyond an LP solver written in pure Python; the reduced-deck tests solve
that LP by brute force (``tests/stake_game_lp.py``) to check this module.  Two bank
actions that can never be better are fixed beforehand (exactly, with no loss): a bank
already at or above every total the player can hold stands (S13: ties are the bank's),
and a bank below all of them hits.

CFR+ gives strategies, not the value.  The value comes from **exact best responses**,
in Fractions (integer arithmetic over the counts, as in :mod:`._engine`): ``lower`` is
what the player's strategy earns against the bank's exact best response to it (the
player can guarantee it), ``upper`` what the bank's strategy concedes to the player's
exact best response (the bank can hold him to it); the game value lies between.  The
strategies that are shipped and reported are rational (each probability rounded to a
fraction with a denominator of at most 120, 10^4 or 10^6, after making it pure where it
is within 1e-6 to 1% of 0 or 1: the rounding that gives each side its best bound is
kept, chosen by float best responses and then bounded exactly), so these two numbers
are exact statements about exactly those strategies.  On small decks the rounding finds the
exact equilibrium and the interval is a point (the tests check it against the LP).

>>> from sette_kit import odds
>>> g = odds.stake_game()               # plain, stakes (1, 10): the shipped solution
>>> g.lower <= g.upper, float(g.lower) > 0
(True, True)
"""

from __future__ import annotations

import json
import math
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from .. import accel
from ..cards import Card, _items, parse_cards
from ..errors import SetteKitError
from ..i18n import _
from ..numbers import shown
from ..rules import Rules, as_rules
from ..strategy import card_class
from ._engine import _falling as _ff  # n (n-1) ... (n-k+1), 0 when k > n

__all__ = ["stake_game", "StakeGame", "Bluff", "Information", "build_data"]

HP = (2, 4, 6, 8, 10, 12, 14, 1)  # half points of the classes Ace..7, figure (S1)
NCLS = 8
S75 = 15
NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "figure")
DATA_FILE = Path(__file__).with_name("stake_game_plain.json")
FULL_COUNTS = (4, 4, 4, 4, 4, 4, 4, 12)
MAX_STAKES = 4
PREDICTIVE = True  # predictive CFR+ (the last regrets as the prediction, quadratic averaging)
CHECK_EVERY = 100  # iterations between two float scorings of the average strategies (numpy path)
DATA_FORMAT = 1




def _hp(m) -> int:
    return sum(a * b for a, b in zip(m, HP))


def _add(m, c):
    return m[:c] + (m[c] + 1,) + m[c + 1:]


def _code(m) -> str:
    """A multiset of classes as a short text key: one base-36 digit per class."""
    return "".join("0123456789abc"[x] for x in m)


def _decode(s: str):
    return tuple(int(ch, 36) for ch in s)


def _names(code: str) -> tuple:
    """A multiset key as class names, one per card: "1000000" + "2" -> ("Ace", "figure", "figure")."""
    return tuple(NAMES[c] for c, k in enumerate(_decode(code)) for _ in range(k))


def _frac(x) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


# -- the game's structure ---------------------------------------------------------------------

class _Game:
    """Every node of the stake game for a deck (class counts), the stakes and the tie rule.

    Player nodes: per first card p, the face-up multisets M he can hold; kind "dec"
    (hit or stand), "stand" (7½, S10, or no card left to draw) or "bust".  Publics: what
    the bank sees after the player stood, (M, shown); its nodes: the bank's own
    multisets H, kind "dec", "stand" or "bust", a fixed action where one is dominated.
    """

    def __init__(self, counts, stakes, ties_to_bank=True):
        self.n = n = tuple(counts)
        self.N = N = sum(n)
        self.stakes = tuple(stakes)
        self.ties = ties_to_bank
        self.firsts = [p for p in range(NCLS) if n[p]]
        # player nodes, per first card: a list of dicts, index 0 the empty multiset
        self.pnodes = {}
        publics = {}
        for p in self.firsts:
            rest0 = list(n)
            rest0[p] -= 1
            nodes, index = [], {}
            zero = (0,) * NCLS
            index[zero] = 0
            nodes.append(None)
            order = [zero]
            k = 0
            while k < len(order):
                m = order[k]
                t = HP[p] + _hp(m)
                size = sum(m)
                prob = []
                if t > S75:
                    kind = "bust"
                elif t < S75 and N - 1 - size >= 2:  # the bank's hidden card stays in the deck
                    kind = "dec"
                    den = N - 1 - size
                    for c in range(NCLS):
                        r = rest0[c] - m[c]
                        if r > 0:
                            child = _add(m, c)
                            if child not in index:
                                index[child] = len(order)
                                order.append(child)
                                nodes.append(None)
                            prob.append((c, index[child], Fraction(r, den)))
                else:
                    kind = "stand"
                chance = Fraction(n[p], N)
                for c in range(NCLS):
                    chance *= _ff(rest0[c], m[c])
                chance /= _ff(N - 1, size)
                nodes[k] = {"m": m, "t": t, "kind": kind, "kids": prob, "cp": chance}
                if kind != "bust":
                    key = (m, t == S75)
                    publics.setdefault(key, []).append(p)
                k += 1
            self.pnodes[p] = nodes
            self.pindex = getattr(self, "pindex", {})
            self.pindex[p] = index
        self.publics = []
        self.pubindex = {}
        for key in sorted(publics, key=lambda k: (sum(k[0]), k[0], k[1])):
            self.pubindex[key] = len(self.publics)
            self.publics.append(self._public(key[0], key[1], publics[key]))
        for p in self.firsts:
            for node in self.pnodes[p]:
                if node["kind"] != "bust":
                    node["pub"] = self.pubindex[(node["m"], node["t"] == S75)]

    def _public(self, m, shown, plist):
        n, N = self.n, self.N
        R = N - 1 - sum(m)
        rests = {p: tuple(n[c] - m[c] - (c == p) for c in range(NCLS)) for p in plist}
        totals = {p: HP[p] + _hp(m) for p in plist}
        lo, hi = min(totals.values()), max(totals.values())
        nodes, index = [], {}
        order = []
        for c in range(NCLS):
            h = _add((0,) * NCLS, c)
            if any(r[c] >= 1 for r in rests.values()):
                index[h] = len(order)
                order.append(h)
        k = 0
        while k < len(order):
            h = order[k]
            hp, size = _hp(h), sum(h)
            kids = []
            fixed = None
            if hp > S75:
                kind = "bust"
            elif hp < S75 and size < R:
                kind = "dec"
                # dominated actions (exact): at or above every player total the bank stands,
                # below all of them it hits (S13: the bank wins ties)
                if hp > hi or (self.ties and hp == hi):
                    fixed = 0
                elif hp < lo:
                    fixed = 1
                for c in range(NCLS):
                    child = _add(h, c)
                    if any(all(child[x] <= r[x] for x in range(NCLS)) for r in rests.values()):
                        if child not in index:
                            index[child] = len(order)
                            order.append(child)
                        kids.append(index[child])
            else:
                kind = "stand"
            coef = []
            for p in plist:
                r = rests[p]
                w = 1
                for x in range(NCLS):
                    if h[x]:
                        w *= _ff(r[x], h[x])
                        if not w:
                            break
                if not w:
                    continue
                t = totals[p]
                if kind == "bust":
                    pay = 1  # S12
                elif hp > t or (hp == t and self.ties):
                    pay = -1  # S13
                elif hp == t:
                    pay = 0
                else:
                    pay = 1
                coef.append((p, w * pay))
            nodes.append({"h": h, "hp": hp, "size": size, "kind": kind, "fixed": fixed, "kids": kids,
                          "coef": coef, "den": _ff(R, size)})
            k += 1
        parents = [[] for _ in nodes]
        for i, node in enumerate(nodes):
            for j in node["kids"]:
                parents[j].append(i)
        for i, node in enumerate(nodes):
            node["parents"] = parents[i]
        return {"m": m, "shown": shown, "plist": plist, "R": R, "nodes": nodes, "index": index,
                "lo": lo, "hi": hi}

    # -- sizes ---------------------------------------------------------------------------
    def sizes(self):
        pdec = sum(1 for p in self.firsts for nd in self.pnodes[p] if nd["kind"] == "dec")
        bdec = sum(1 for pub in self.publics for nd in pub["nodes"] if nd["kind"] == "dec" and nd["fixed"] is None)
        return {"player": pdec * len(self.stakes), "bank": bdec * len(self.stakes), "publics": len(self.publics)}


# -- strategies --------------------------------------------------------------------------------
# player: sigma[p] = tuple of stake probabilities; beta[(s_index, p)] = list of hit
# probabilities by player node (0 where not "dec").  bank: gamma[(s_index, pub)] = list of
# hit probabilities by bank node (the fixed ones filled in).

def _fill_bank(game, gamma):
    for (si, b), row in gamma.items():
        for i, nd in enumerate(game.publics[b]["nodes"]):
            if nd["kind"] != "dec":
                row[i] = 0
            elif nd["fixed"] is not None:
                row[i] = nd["fixed"]
    return gamma


# -- exact best responses ------------------------------------------------------------------------

def _lcm_den(values):
    d = 1
    for v in values:
        if isinstance(v, Fraction) and v.denominator != 1:
            d = d * v.denominator // math.gcd(d, v.denominator)
    return d


def _player_flows(game, sigma, beta):
    """Exact stop and bust masses of the player's strategy: {(si, p): {node: Fraction}}
    (the probability of the player being there, chance included) and the bust term."""
    stops, bust = {}, Fraction(0)
    for si, s in enumerate(game.stakes):
        for p in game.firsts:
            nodes = game.pnodes[p]
            b = beta[(si, p)]
            arr = [Fraction(0)] * len(nodes)
            arr[0] = Fraction(sigma[p][si])
            out = {}
            for k, nd in enumerate(nodes):
                a = arr[k]
                if not a:
                    continue
                if nd["kind"] == "bust":
                    bust -= s * a * nd["cp"]
                    continue
                h = Fraction(b[k]) if nd["kind"] == "dec" else 0
                if h:
                    for c, j, __ in nd["kids"]:
                        arr[j] += a * h
                if h != 1:
                    out[k] = a * (1 - h) * nd["cp"]
            stops[(si, p)] = out
    return stops, bust


def bank_best_response(game, sigma, beta):
    """The bank's exact best response to the player's strategy: (value to the player,
    the bank's pure strategy {(si, pub): [hit 0/1 by node]})."""
    stops, total = _player_flows(game, sigma, beta)
    gamma = {}
    for si, s in enumerate(game.stakes):
        weights = {}
        for p in game.firsts:
            for k, w in stops[(si, p)].items():
                b = game.pnodes[p][k]["pub"]
                weights.setdefault(b, {})[p] = w
        for b, pub in enumerate(game.publics):
            w = weights.get(b)
            nodes = pub["nodes"]
            if not w:
                gamma[(si, b)] = [nd["fixed"] or 0 if nd["kind"] == "dec" else 0 for nd in nodes]
                continue
            D = _lcm_den(w.values())
            a = {p: int(v * D) for p, v in w.items()}
            K = max(nd["size"] for nd in nodes)
            R = pub["R"]
            val = [0] * len(nodes)
            act = [0] * len(nodes)
            for i in range(len(nodes) - 1, -1, -1):
                nd = nodes[i]
                stand = 0
                for p, cf in nd["coef"]:
                    ap = a.get(p)
                    if ap:
                        stand += ap * cf
                stand *= _ff(R - nd["size"], K - nd["size"])
                if nd["kind"] == "dec":
                    hit = sum(val[j] for j in nd["kids"])
                    fx = nd["fixed"]
                    if fx == 1 or (fx is None and hit < stand):
                        val[i], act[i] = hit, 1
                    else:
                        val[i] = stand
                else:
                    val[i] = stand
            root = sum(val[i] for i, nd in enumerate(nodes) if nd["size"] == 1)
            total += Fraction(s * root, D * _ff(R, K))
            gamma[(si, b)] = act
    return total, gamma


def _bank_outcome(game, gamma):
    """For each (si, pub) and each first card p of the public: the player's exact
    result per unit stake standing there, against the bank's strategy."""
    out = {}
    for (si, b), row in gamma.items():
        pub = game.publics[b]
        nodes = pub["nodes"]
        Q = _lcm_den(row)
        K = max(nd["size"] for nd in nodes)
        R = pub["R"]
        # arrival masses as integers over Q**(size-1)
        arr = [0] * len(nodes)
        for i, nd in enumerate(nodes):
            if nd["size"] == 1:
                arr[i] = 1
        acc = {p: 0 for p in pub["plist"]}
        for i, nd in enumerate(nodes):
            a = arr[i]
            if not a:
                continue
            g = Fraction(row[i]) if nd["kind"] == "dec" else Fraction(0)
            gi = int(g * Q)
            if gi:
                for j in nd["kids"]:
                    arr[j] += a * gi
            stop = a * (Q - gi)  # over Q**size
            if stop:
                scale = stop * Q ** (K - nd["size"]) * _ff(R - nd["size"], K - nd["size"])
                for p, cf in nd["coef"]:
                    acc[p] += scale * cf
        den = Q ** K * _ff(R, K)
        out[(si, b)] = {p: Fraction(v, den) for p, v in acc.items()}
    return out


def player_values(game, gamma, sigma=None, beta=None):
    """The player's exact values against the bank's strategy: best response when
    ``sigma``/``beta`` are None, else those of the given strategy.  Returns
    (value per round, {(si, p): value of staking s on first card p}, best response)."""
    outcome = _bank_outcome(game, gamma)
    per = {}
    br_beta = {}
    for si, s in enumerate(game.stakes):
        for p in game.firsts:
            nodes = game.pnodes[p]
            v = [Fraction(0)] * len(nodes)
            hits = [0] * len(nodes)
            for k in range(len(nodes) - 1, -1, -1):
                nd = nodes[k]
                if nd["kind"] == "bust":
                    v[k] = Fraction(-s)  # S10
                    continue
                stand = s * outcome[(si, nd["pub"])][p]
                if nd["kind"] == "dec":
                    hit = sum(q * v[j] for c, j, q in nd["kids"])
                    if beta is None:
                        if hit > stand:
                            v[k], hits[k] = hit, 1
                        else:
                            v[k] = stand
                    else:
                        h = Fraction(beta[(si, p)][k])
                        v[k] = h * hit + (1 - h) * stand
                else:
                    v[k] = stand
            per[(si, p)] = v[0]
            br_beta[(si, p)] = hits
    total = Fraction(0)
    br_sigma = {}
    for p in game.firsts:
        vals = [per[(si, p)] for si in range(len(game.stakes))]
        if sigma is None:
            best = max(range(len(vals)), key=lambda i: (vals[i], -i))
            br_sigma[p] = tuple(1 if i == best else 0 for i in range(len(vals)))
            total += Fraction(game.n[p], game.N) * vals[best]
        else:
            total += Fraction(game.n[p], game.N) * sum(Fraction(q) * v for q, v in zip(sigma[p], vals))
    return total, per, (br_sigma, br_beta)


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


# -- the values of information -------------------------------------------------------------------------

def _fixed_bank(game, half_points):
    """The bank that stands at a fixed total whatever it sees (odds.stand_at)."""
    gamma = {}
    for si in range(len(game.stakes)):
        for b, pub in enumerate(game.publics):
            gamma[(si, b)] = [Fraction(int(nd["kind"] == "dec" and nd["hp"] < half_points)) for nd in pub["nodes"]]
    return gamma


def _information(game, lower, upper):
    S = len(game.stakes)
    lo_s, hi_s = 0, S - 1
    table = {}
    for t in range(1, 17):  # stand_at(1/2) .. stand_at(8)
        value, per, br = player_values(game, _fixed_bank(game, t))
        table[t] = (value, per, br)
    blind_value, blind_per, (blind_sig, blind_beta) = table[10]
    best_t = min(table, key=lambda t: (table[t][0], t))
    # today's plan: the best staking plan against stand_at(5), played as odds.solve plays it
    plan_sigma = {}
    for p in game.firsts:
        pos = blind_per[(lo_s, p)] > 0  # EV per unit > 0: stake the maximum (best_staking_plan)
        plan_sigma[p] = tuple(Fraction(int(i == (hi_s if pos else lo_s))) for i in range(S))
    reads, __ = bank_best_response(game, plan_sigma, blind_beta)
    # the review's bank: one fixed total for each stake, the player best responding
    import itertools
    best_pair = None
    for combo in itertools.product(range(1, 17), repeat=S):
        v = Fraction(0)
        for p in game.firsts:
            v += Fraction(game.n[p], game.N) * max(table[combo[si]][1][(si, p)] for si in range(S))
        if best_pair is None or v < best_pair[0]:
            best_pair = (v, combo)
    return Information(
        blind=blind_value, best_fixed=table[best_t][0], best_fixed_total=Fraction(best_t, 2),
        per_stake_fixed=best_pair[0], per_stake_fixed_totals=tuple(Fraction(t, 2) for t in best_pair[1]),
        reads_plan=reads, equilibrium=lower, equilibrium_upper=upper)


# -- the result -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Information:
    """What it is worth to the bank to see the stake and the face-up cards: the player's
    expected result per round (money, stakes as given) in four games, exact Fractions.

    * ``blind``: the bank stands at 5 whatever it sees (``odds.stand_at(5)``); the
      player plays his best staking plan against it (``best_staking_plan`` of
      ``solve(rules, stand_at(5))``, the minimum and maximum stakes).
    * ``best_fixed``: the bank picks one fixed total (``stand_at(x)``, x from ½ to 8:
      ``best_fixed_total``) knowing that the player then picks his best plan against it.
    * ``reads_plan``: the player keeps today's plan (the blind row's stakes and play) and
      the bank, which sees the stake, the face-up cards and a shown 7½, best-responds
      to it exactly.  The player does not adapt.
    * ``equilibrium``: both adapt: the game value (``equilibrium`` is the lower end of
      the solved interval, what the equilibrium player guarantees; ``equilibrium_upper``
      its upper end).

    Also, for comparison with the teacher's review (lesson 08): ``per_stake_fixed``, a
    bank that picks one fixed total for each stake (``per_stake_fixed_totals``, in the
    order of the stakes), the player best-responding.
    """

    blind: Fraction
    best_fixed: Fraction
    best_fixed_total: Fraction
    reads_plan: Fraction
    equilibrium: Fraction
    equilibrium_upper: Fraction
    per_stake_fixed: Fraction
    per_stake_fixed_totals: tuple


@dataclass(frozen=True)
class Bluff:
    """How often the equilibrium player stakes high, and on what.

    ``high_stake``: the largest stake; ``by_card``: P(high stake | first card) for every
    first card; ``high_frequency``: P(high stake) per round.  A *bluff* is a high stake
    on a first card whose expected result at that stake is negative against the bank's
    equilibrium strategy (the high stake loses money on that card; it is there so that a
    high stake does not give away a good card): ``cards`` maps those first cards to
    P(high | card); ``frequency`` is P(bluff) per round and ``share`` P(bluff | high stake).
    """

    high_stake: int
    by_card: Mapping
    high_frequency: Fraction
    cards: Mapping
    frequency: Fraction
    share: Fraction


@dataclass(frozen=True)
class StakeGame:
    """The stake game solved (build it with :func:`sette_kit.odds.stake_game`).

    ``lower`` <= game value <= ``upper`` (per round, exact): ``lower`` is what the
    player's strategy here earns against the bank's exact best response, ``upper`` what
    the bank's strategy here concedes to the player's exact best response.
    ``stake_probabilities``: first card -> stake -> probability.  ``card_values``: first
    card -> stake -> the player's expected result with that card at that stake (money,
    the strategies here on both sides).  ``information``: :class:`Information`.
    """

    rules: Rules = field(repr=False)
    stakes: tuple
    deck: tuple = field(repr=False)  # class counts Ace..7, figure
    lower: Fraction
    upper: Fraction
    stake_probabilities: Mapping = field(repr=False)
    card_values: Mapping = field(repr=False)
    information: Information = field(repr=False)
    iterations: int = field(repr=False)
    _player: Mapping = field(repr=False, compare=False)  # (stake, first class, up code) -> P(hit)
    _bank: Mapping = field(repr=False, compare=False)    # (stake, up code, shown, bank code) -> P(hit)

    @property
    def width(self) -> Fraction:
        """``upper - lower``: how far the strategies are from an exact equilibrium (0: exact)."""
        return self.upper - self.lower

    @property
    def first_cards(self) -> tuple:
        return tuple(self.stake_probabilities)

    # -- reading the strategies --------------------------------------------------------------
    def _classes(self, cards, what):
        if isinstance(cards, str):
            cards = parse_cards(cards, face=self.rules.face) if cards.strip() else ()
        elif isinstance(cards, Card):
            cards = (cards,)
        else:
            cards = _items(cards, what)
        m = [0] * NCLS
        for c in cards:
            m[card_class(c, self.rules)] += 1
        return tuple(m)

    def _stake_index(self, stake):
        if stake not in self.stakes or isinstance(stake, bool):
            raise SetteKitError(_("stake={stake}: the stakes of this game are {stakes}").format(
                stake=shown(stake), stakes=", ".join(map(str, self.stakes))))
        return self.stakes.index(stake)

    def _first(self, first):
        if first not in self.stake_probabilities:
            raise SetteKitError(_("first={first}: accepted first cards are {names}").format(
                first=shown(first), names=", ".join(map(repr, self.stake_probabilities))))
        return NAMES.index(first)

    def hit_probability(self, stake, first, up_cards=()) -> Fraction:
        """The equilibrium player's probability of hitting with ``first`` as his hidden
        card (a class name: "Ace", "2" ... "7", "figure"), ``up_cards`` face up and
        ``stake`` staked.  0 where he must stand (7½, S10).

        >>> from sette_kit import odds
        >>> g = odds.stake_game()
        >>> g.hit_probability(1, "figure"), g.hit_probability(10, "7")
        (Fraction(1, 1), Fraction(0, 1))
        """
        si, p = self._stake_index(stake), self._first(first)
        m = self._classes(up_cards, "up_cards")
        t = HP[p] + _hp(m)
        if t > S75:
            raise SetteKitError(_("these cards are bust (S10): there is nothing left to decide"))
        return self._player.get((si, p, _code(m)), Fraction(0))

    def bank_hit_probability(self, stake, up_cards, bank_cards, *, shown: bool = False) -> Fraction:
        """The equilibrium bank's probability of hitting, holding ``bank_cards``, when the
        player staked ``stake`` and stood with ``up_cards`` face up (``shown``: he showed
        7½, S10).

        >>> from sette_kit import odds
        >>> g = odds.stake_game()
        >>> g.bank_hit_probability(1, (), "7c"), g.bank_hit_probability(10, (), "Fc")
        (Fraction(0, 1), Fraction(1, 1))
        """
        si = self._stake_index(stake)
        m, h = self._classes(up_cards, "up_cards"), self._classes(bank_cards, "bank_cards")
        if not sum(h):
            raise SetteKitError(_("bank_cards: give the bank's cards, at least its hidden one"))
        got = self._bank.get((si, _code(m), bool(shown), _code(h)))
        if got is not None:
            return got
        return Fraction(int(self._forced_hit(m, bool(shown), h)))

    def _forced_hit(self, m, shown, h) -> bool:
        """The bank's dominated stand: below every total the player can hold, it hits
        (while a card is left to draw).  Those hits are not stored in the data."""
        n, N = self.deck, sum(self.deck)
        totals = []
        for p in range(NCLS):
            if n[p] and all(m[c] + (c == p) <= n[c] for c in range(NCLS)):
                t = HP[p] + _hp(m)
                if (t == S75) == shown and t <= S75:
                    totals.append(t)
        hp, size = _hp(h), sum(h)
        return bool(totals) and hp < min(totals) and hp < S75 and size < N - 1 - sum(m)

    def player_strategy(self) -> dict:
        """Every decision point of the player after his stake: ``{(stake, first card,
        face-up cards as class names): P(hit)}`` (S9).  Points the strategy never reaches
        (a 7 with a stake of 1, for one) carry whatever CFR+ left there; they change
        nothing.

        >>> from sette_kit import odds
        >>> odds.stake_game().player_strategy()[(1, "figure", ())]
        Fraction(1, 1)
        """
        return {(self.stakes[si], NAMES[p], _names(code)): v for (si, p, code), v in self._player.items()}

    def bank_strategy(self) -> dict:
        """The bank's hits where it has a choice: ``{(stake, the player's face-up cards,
        shown 7½, the bank's cards), all as class names: P(hit)}`` for the hands it
        hits with some probability; with any other hand it stands, except below every
        total the player can hold, where it always hits (those hands are left out, see
        :meth:`bank_hit_probability`).

        >>> from sette_kit import odds
        >>> odds.stake_game().bank_strategy()[(10, (), False, ("figure",))]
        Fraction(1, 1)
        """
        return {(self.stakes[si], _names(mc), shown, _names(hc)): v for (si, mc, shown, hc), v in self._bank.items()}

    # -- Bayes -------------------------------------------------------------------------------
    def _arrival(self, si, p, m, memo):
        """The player's flow into the face-up multiset m (sum over orders of the product
        of his hit probabilities along the way)."""
        if m in memo:
            return memo[m]
        if not sum(m):
            return Fraction(1)
        out = Fraction(0)
        for c in range(NCLS):
            if m[c]:
                prev = m[:c] + (m[c] - 1,) + m[c + 1:]
                if HP[p] + _hp(prev) < S75:
                    h = self._player.get((si, p, _code(prev)), Fraction(0))
                    if h:
                        out += self._arrival(si, p, prev, memo) * h
        memo[m] = out
        return out

    def posterior(self, stake, up_cards=(), *, stood: bool = False) -> dict:
        """Bayes with an imperfect signal: the bank's probability of each hidden first
        card of the equilibrium player, given that he staked ``stake`` and holds
        ``up_cards`` face up, not bust and not showing 7½ (S10); ``stood=True``: and
        that he stood there (what the bank knows when it plays).  Exact; the cards
        with probability 0 are left out.

        P(card | stake) = P(stake | card) P(card) / P(stake); with face-up cards the
        likelihood also holds the chance of drawing them and the player's choices to
        draw them (and to stand).

        >>> from sette_kit import odds
        >>> g = odds.stake_game()
        >>> sum(g.posterior(10).values()), sum(g.posterior(1, "4c", stood=True).values())
        (Fraction(1, 1), Fraction(1, 1))
        >>> "7" in g.posterior(1), g.posterior(10)["7"] > Fraction(1, 2)   # a 7 always stakes 10
        (False, True)
        """
        si = self._stake_index(stake)
        m = self._classes(up_cards, "up_cards")
        n, N = self.deck, sum(self.deck)
        weights = {}
        for p in range(NCLS):
            name = NAMES[p]
            if name not in self.stake_probabilities:
                continue
            rest = [n[c] - (c == p) for c in range(NCLS)]
            if any(m[c] > rest[c] for c in range(NCLS)):
                continue
            t = HP[p] + _hp(m)
            if t >= S75:
                continue
            w = self.stake_probabilities[name][self.stakes[si]] * Fraction(n[p], N)
            if not w:
                continue
            for c in range(NCLS):
                w *= _ff(rest[c], m[c])
            w /= _ff(N - 1, sum(m))
            w *= self._arrival(si, p, m, {})
            if stood:
                w *= 1 - self._player.get((si, p, _code(m)), Fraction(0))
            if w:
                weights[name] = w
        total = sum(weights.values())
        if not total:
            raise SetteKitError(_("a player following this strategy never stakes {stake} and then holds these "
                                  "face-up cards{stood}").format(stake=stake, stood=_(" and stands") if stood else ""))
        return {k: v / total for k, v in weights.items()}

    @property
    def bluff(self) -> Bluff:
        """The bluffs of the equilibrium player (see :class:`Bluff`).

        >>> from sette_kit import odds
        >>> b = odds.stake_game().bluff
        >>> b.high_stake, b.by_card["7"], "7" in b.cards, "2" in b.cards
        (10, Fraction(1, 1), False, True)
        """
        hi = self.stakes[-1]
        n, N = self.deck, sum(self.deck)
        by = {name: self.stake_probabilities[name][hi] for name in self.stake_probabilities}
        prior = {name: Fraction(n[NAMES.index(name)], N) for name in by}
        high = sum(prior[k] * v for k, v in by.items())
        cards = {k: v for k, v in by.items() if v and self.card_values[k][hi] < 0}
        freq = sum(prior[k] * v for k, v in cards.items())
        return Bluff(hi, MappingProxyType(by), high, MappingProxyType(cards), freq,
                     freq / high if high else Fraction(0))

    # -- checks ------------------------------------------------------------------------------
    def _strategies(self, game):
        S = len(self.stakes)
        sigma = {p: tuple(self.stake_probabilities[NAMES[p]][s] for s in self.stakes) for p in game.firsts}
        beta = {}
        for si in range(S):
            for p in game.firsts:
                beta[(si, p)] = [self._player.get((si, p, _code(nd["m"])), Fraction(0)) if nd["kind"] == "dec"
                                 else Fraction(0) for nd in game.pnodes[p]]
        gamma = {}
        for si in range(S):
            for b, pub in enumerate(game.publics):
                mc = _code(pub["m"])
                gamma[(si, b)] = [self._bank.get((si, mc, pub["shown"], _code(nd["h"])), Fraction(0))
                                  if nd["kind"] == "dec" else Fraction(0) for nd in pub["nodes"]]
        return sigma, beta, _fill_bank(game, gamma)

    def best_responses(self) -> tuple:
        """(lower, upper) recomputed from the strategies here by exact best responses
        (a few seconds for the 40 cards): they equal ``lower`` and ``upper``."""
        game = _Game(self.deck, self.stakes, self.rules.dealer_wins_ties)
        sigma, beta, gamma = self._strategies(game)
        return bank_best_response(game, sigma, beta)[0], player_values(game, gamma)[0]

    # -- the data file ------------------------------------------------------------------------
    def to_data(self) -> dict:
        """The game as JSON-ready data (see :func:`build_data`)."""
        S = self.stakes
        player: dict = {}
        for (si, p, code), v in sorted(self._player.items()):
            if v:
                player.setdefault(str(S[si]), {}).setdefault(NAMES[p], {})[code] = _frac(v)
        bank: dict = {}
        for (si, mc, up, hc), v in sorted(self._bank.items()):
            if v:
                bank.setdefault(str(S[si]), {}).setdefault(mc + ("!" if up else ""), {})[hc] = _frac(v)
        info = self.information
        return {
            "format": DATA_FORMAT, "rules": self.rules.name, "ties_to_bank": self.rules.dealer_wins_ties,
            "stakes": list(S), "deck": _code(self.deck), "iterations": self.iterations,
            "lower": _frac(self.lower), "upper": _frac(self.upper),
            "stake": {k: [_frac(v[s]) for s in S] for k, v in self.stake_probabilities.items()},
            "card_values": {k: [_frac(v[s]) for s in S] for k, v in self.card_values.items()},
            "information": {"blind": _frac(info.blind), "best_fixed": _frac(info.best_fixed),
                            "best_fixed_total": _frac(info.best_fixed_total), "reads_plan": _frac(info.reads_plan),
                            "equilibrium": _frac(info.equilibrium), "equilibrium_upper": _frac(info.equilibrium_upper),
                            "per_stake_fixed": _frac(info.per_stake_fixed),
                            "per_stake_fixed_totals": [_frac(t) for t in info.per_stake_fixed_totals]},
            "player": player, "bank": bank,
        }

    @classmethod
    def from_data(cls, data: dict, rules: Rules) -> "StakeGame":
        S = tuple(data["stakes"])
        F = Fraction
        player = {}
        for s, by in data["player"].items():
            si = S.index(int(s))
            for name, cells in by.items():
                p = NAMES.index(name)
                for code, v in cells.items():
                    player[(si, p, code)] = F(v)
        bank = {}
        for s, by in data["bank"].items():
            si = S.index(int(s))
            for mc, cells in by.items():
                shown = mc.endswith("!")
                mc = mc.rstrip("!")
                for hc, v in cells.items():
                    bank[(si, mc, shown, hc)] = F(v)
        i = data["information"]
        info = Information(F(i["blind"]), F(i["best_fixed"]), F(i["best_fixed_total"]), F(i["reads_plan"]),
                           F(i["equilibrium"]), F(i["equilibrium_upper"]), F(i["per_stake_fixed"]),
                           tuple(F(t) for t in i["per_stake_fixed_totals"]))
        names = [k for k in NAMES if k in data["stake"]]  # the class order (the file's keys are sorted)
        stake_p = {k: MappingProxyType(dict(zip(S, map(F, data["stake"][k])))) for k in names}
        values = {k: MappingProxyType(dict(zip(S, map(F, data["card_values"][k])))) for k in names}
        return cls(rules, S, _decode(data["deck"]), F(data["lower"]), F(data["upper"]),
                   MappingProxyType(stake_p), MappingProxyType(values), info, data["iterations"],
                   MappingProxyType(player), MappingProxyType(bank))

    def __repr__(self) -> str:
        return (f"<StakeGame {self.rules.name} stakes {self.stakes}: value in [{float(self.lower):+.7f}, "
                f"{float(self.upper):+.7f}]{' (exact)' if self.lower == self.upper else ''}>")


def _result(game, rules, lower, upper, sigma, beta, gamma, iterations, information=True) -> StakeGame:
    S = game.stakes
    player = {}
    for (si, p), row in beta.items():
        for k, nd in enumerate(game.pnodes[p]):
            if nd["kind"] == "dec":
                player[(si, p, _code(nd["m"]))] = Fraction(row[k])
    bank = {}
    for (si, b), row in gamma.items():
        pub = game.publics[b]
        mc = _code(pub["m"])
        for i, nd in enumerate(pub["nodes"]):
            if nd["kind"] == "dec" and row[i] and nd["fixed"] is None:  # the forced hits are recomputed
                bank[(si, mc, pub["shown"], _code(nd["h"]))] = Fraction(row[i])
    __, per, ___ = player_values(game, gamma, sigma, beta)
    stake_p = {NAMES[p]: MappingProxyType({S[si]: Fraction(sigma[p][si]) for si in range(len(S))})
               for p in game.firsts}
    values = {NAMES[p]: MappingProxyType({S[si]: per[(si, p)] for si in range(len(S))}) for p in game.firsts}
    info = _information(game, lower, upper) if information else None
    return StakeGame(rules, S, game.n, lower, upper, MappingProxyType(stake_p), MappingProxyType(values), info,
                     iterations, MappingProxyType(player), MappingProxyType(bank))


# -- the public function -----------------------------------------------------------------------------

def _check_rules(rules) -> Rules:
    rules = as_rules(rules, default="plain")
    bad = []
    if rules.matta is not None:
        bad.append(_("the matta (S3-S4)"))
    if rules.reale:
        bad.append(_("the reale and its bonus (S5, S14)"))
    if rules.triple:
        bad.append(_("the triple (S6)"))
    if rules.stake_timing != "after_first_card":
        bad.append(_("the stake placed before the deal (S9): the stake must come after the first card"))
    for name, rule in (("burn_three_four", "S19"), ("exchange_four", "S20"), ("half_point_ace", "S21"),
                       ("face_down_requests", "S22"), ("split_figures", "S23")):
        if getattr(rules, name):
            bad.append(f"{name} ({rule})")
    if bad:
        raise SetteKitError(_("rules={name}: the stake game is solved for even-money rules without the matta, "
                              "bonuses or optional rules, such as the 'plain' preset (ties to the bank or "
                              "pushed); these rules have {what}").format(name=shown(rules.name), what=", ".join(bad)))
    return rules


def _check_stakes(stakes) -> tuple:
    accepted = _("give {lo} to {hi} different positive whole numbers, such as (1, 10)").format(lo=2, hi=MAX_STAKES)
    if isinstance(stakes, (str, bytes)) or not hasattr(stakes, "__iter__"):
        raise SetteKitError(_("stakes={stakes}: {accepted}").format(stakes=shown(stakes), accepted=accepted))
    out = []
    for s in stakes:
        ok = isinstance(s, int) and not isinstance(s, bool) or (isinstance(s, Fraction) and s.denominator == 1)
        if not ok or s <= 0:
            raise SetteKitError(_("stakes={stakes}: {s} is not a positive whole number; {accepted}").format(
                stakes=shown(stakes), s=shown(s), accepted=accepted))
        out.append(int(s))
    if len(set(out)) != len(out) or not 2 <= len(out) <= MAX_STAKES:
        raise SetteKitError(_("stakes={stakes}: {accepted}").format(stakes=shown(tuple(stakes)), accepted=accepted))
    return tuple(sorted(out))


def _check_deck(deck, rules):
    if deck is None:
        return FULL_COUNTS
    if isinstance(deck, str):
        cards = parse_cards(deck, face=rules.face) if deck.strip() else ()
    else:
        cards = _items(deck, "deck")
    if len(set(cards)) != len(cards):
        raise SetteKitError(_("deck: each card at most once"))
    counts = [0] * NCLS
    for c in cards:
        counts[card_class(c, rules)] += 1
    if len(cards) < 3:
        raise SetteKitError(_("deck: give at least 3 cards (the player's, the bank's and one to draw)"))
    return tuple(counts)


def _shipped(rules, stakes, counts):
    return (rules == as_rules("plain") and stakes == (1, 10) and counts == FULL_COUNTS and DATA_FILE.exists())


def stake_game(rules="plain", stakes=(1, 10), *, deck=None, shipped: bool = True, iterations=None,
               _one_stake: bool = False) -> StakeGame:
    """The stake game solved to equilibrium (see the module :mod:`._stake_game`): the bank
    sees the stake and the player's face-up cards (S9, S11) and plays its best against the
    player's strategy, who chooses his stake knowing that.

    ``rules``: even-money rules without the matta or bonuses (the ``plain`` preset;
    ties pushed is accepted too).  ``stakes``: 2 to 4 different positive whole numbers.
    ``deck``: the cards the round is dealt from (default the 40; fewer for checks).
    With the defaults the solution shipped with the kit is loaded (``shipped=False``
    solves again: about a minute of CPU with numpy, see ``bench/bench_stake_game.py``).
    ``iterations``: CFR+ iterations (default 10,000 for the 40 cards, 1000 for small decks).

    >>> from sette_kit import odds
    >>> g = odds.stake_game()
    >>> g.stakes, g.width <= Fraction(1, 10**6)
    ((1, 10), True)
    >>> sum(g.stake_probabilities["7"].values())
    Fraction(1, 1)
    >>> small = odds.stake_game(deck="1c 7c Fc Cc 2c", iterations=300)   # five cards: solved exactly
    >>> small.lower == small.upper == Fraction(17, 10)
    True
    """
    rules = _check_rules(rules)
    stakes = (1,) if _one_stake else _check_stakes(stakes)
    counts = _check_deck(deck, rules)
    if shipped and not _one_stake and _shipped(rules, stakes, counts) and iterations is None:
        return _load(rules)
    game = _Game(counts, stakes, rules.dealer_wins_ties)
    its = _default_iterations(game) if iterations is None else int(iterations)
    lower, upper, sigma, beta, gamma = _solve_game(game, its)
    return _result(game, rules, lower, upper, sigma, beta, gamma, its, information=not _one_stake)


_LOADED: dict = {}


def _load(rules) -> StakeGame:
    got = _LOADED.get("plain")
    if got is None:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
        got = _LOADED["plain"] = StakeGame.from_data(data, rules)
    return got


def build_data(path=None, iterations=None, log=print) -> StakeGame:
    """Solve ``plain`` with stakes (1, 10) and write the data file shipped with the kit
    (``python -m sette_kit.odds._stake_game build``)."""
    rules = as_rules("plain")
    t0 = time.time()
    game = _Game(FULL_COUNTS, (1, 10), True)
    its = _default_iterations(game) if iterations is None else int(iterations)
    lower, upper, sigma, beta, gamma = _solve_game(game, its, log=log)
    g = _result(game, rules, lower, upper, sigma, beta, gamma, its)
    out = Path(path) if path else DATA_FILE
    out.write_text(json.dumps(g.to_data(), separators=(",", ":"), sort_keys=True), encoding="utf-8")
    if log:
        log(f"wrote {out} ({out.stat().st_size} bytes) in {time.time() - t0:.1f} s")
    return g


def main(argv=None) -> int:
    """``python -m sette_kit.odds._stake_game build [iterations]``: rebuild the data file."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] != ["build"] or len(args) > 2:
        print("usage: python -m sette_kit.odds._stake_game build [iterations]")
        return 2
    from sette_kit.odds import _stake_game as module  # the package's copy, not __main__'s

    module.build_data(iterations=int(args[1]) if len(args) > 1 else None)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
