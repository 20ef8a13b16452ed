"""The stake game's structure and its exact values (private; see :mod:`._stake_game`):
the game tree stated by multisets of card classes (:class:`_Game`), the strategies'
shape, and the exact best responses in Fractions that bound the game's value
(:func:`bank_best_response`, :func:`player_values`).  Plain rules (S1, S8-S13).
"""

from __future__ import annotations

import math
from fractions import Fraction

from ._engine import _falling as _ff  # n (n-1) ... (n-k+1), 0 when k > n

HP = (2, 4, 6, 8, 10, 12, 14, 1)  # half points of the classes Ace..7, figure (S1)
NCLS = 8
S75 = 15
NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "figure")
FULL_COUNTS = (4, 4, 4, 4, 4, 4, 4, 12)
MAX_STAKES = 4


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
