"""The exact expected result of the game :func:`sette_kit.simulate.run` simulates, for
fixed policies (private; use :func:`sette_kit.simulate.exact_ev`): an enumeration of the
heads-up model with :func:`sette_kit.scoring.score` and :func:`~sette_kit.scoring.outcome`
(S4-S16).
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import accel
from ._checks import read_bool
from .errors import SetteKitError
from .i18n import _
from .rules import Rules, as_rules
from ._sim_run import _SETTE, _TABLE, _Spec

__all__ = ["exact_ev"]


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
        table = dict(zip(*spec.player_table))

        def p_wants(comp, s):
            key = sum(w * k for w, k in zip(weight, comp))
            if key not in table:
                raise SetteKitError(_("the player's hit table has no decision for composition key {key}").format(key=key))
            return table[key]

    one = Fraction(1) if exact else 1.0
    zero = (0,) * ncls
    # the player's final hands, by forward probability over compositions
    frontier: dict = {zero: one}
    finals: dict = {}
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

    # the float path is vectorised with numpy where it is present (sette_kit.accel)
    np = None if exact else accel.numpy()
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
                    if finished(s) or not spec.dealer_table[min(s.half_points, _TABLE - 1)][opp]:
                        out[comp] = out.get(comp, 0) + w
                        continue
                for i in range(ncls):
                    if comp[i] < sizes[i]:
                        t = comp[:i] + (comp[i] + 1,) + comp[i + 1:]
                        nxt[t] = nxt.get(t, 0) + w
            frontier = nxt
        comps = list(out)
        mat = np.array(comps, dtype=np.int64).reshape(len(comps), ncls) if np is not None else None
        bank_cache[key] = (comps, mat, [out[c] for c in comps], [sum(c) for c in comps])
        return bank_cache[key]

    ff_f = np.array(ff, dtype=float) if np is not None else None
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
        if np is None:
            acc = 0
            kmax = max(sizes_b)
            den = ff[big_n][kmax]
            for b, w, m, k in zip(comps, ords, pay, sizes_b):
                if m:
                    prod = w * ff[big_n - k][kmax - k]
                    for c, bc in enumerate(b):
                        if bc:
                            prod *= ff[n[c]][bc]
                    acc += m * prod
            total += pp * (Fraction(acc, den) if exact else acc / den)
        else:
            probs = np.asarray(ords, dtype=float) * ff_f[n, mat].prod(axis=1) / ff_f[big_n, sizes_b]
            total += pp * float(np.dot(probs, pay))
    return total
