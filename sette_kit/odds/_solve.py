"""The heads-up model, solved exactly (private; use :func:`sette_kit.odds.solve`).

One player against the bank, stake 1.  The player's and the bank's hidden cards come
from a full deck; by exchangeability the bank's card may be taken as drawn after all of
the player's cards, so the bank plays its policy from the deck minus the player's hand.
The player sees only his own cards and maximises his expected result.

States.  Without the same-suit reale (S5) a hand is its class composition.  With it, a
hand of one or two cards is kept as its actual cards (its own reale and the bank's
chance of one depend on suits); from three cards on, a non-bust hand holds no 7, and the
only suit fact still needed is ``d``, how many non-matta figures of the matta's suit it
holds (the bank's "figure + matta" reale, S5).  A state is ``("cards", cards)`` or
``("comp", composition, d)``.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import NamedTuple

from .._checks import read_bool
from ..cards import FULL_DECK, Card, _items, parse_cards
from ..errors import SetteKitError
from ..i18n import N_, _
from ..scoring import fmt_points
from ..rules import Rules, as_rules
from ..strategy import CLASS_WEIGHTS, BankSeesPlayer, StandAt, card_class, stand_at
from ._engine import BUST, CAT_BUST, FIG, MATTA, NCLS, S75, SEVEN, TRIPLE, model
from ..numbers import shown

FIRST_LABELS = {"Ace": N_("Ace"), "figure": N_("figure"), "matta": N_("matta")}
"""The first cards of :meth:`Solution.table` that are words (marked: shown with ``_()``)."""


def first_label(first: str) -> str:
    """A first card of :meth:`Solution.table` (a row of a strategy grid) as a short label
    in the current language: 'Ace', '2', 'figure', 'matta'.

    >>> [first_label(f) for f in ("Ace", "2", "figure")]
    ['Ace', '2', 'figure']
    """
    return _(FIRST_LABELS[first]) if first in FIRST_LABELS else str(first)

START = ("start",)
CLASS_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "figure", "matta")


class StrategyRow(NamedTuple):
    """One line of :meth:`Solution.table`: with ``first`` as your first card and your
    cards adding up to ``total``, the optimal ``action``; ``hit_share`` is the share of
    such hands (weighted by how often optimal play reaches them) where hitting is best,
    and ``reach`` the probability of being there at all."""

    first: str
    total: Fraction
    action: str  # "hit" | "stand" | "mixed"
    hit_share: float
    reach: float

    def __str__(self) -> str:
        return f"first {self.first:>6}, total {fmt_points(self.total):>3}: {self.action}"


class FirstCard(NamedTuple):
    """One entry of :meth:`Solution.ev_by_first_card`: the first card's class name, the
    probability of being dealt it, and the player's expected result per unit stake
    holding it (playing as the solution says afterwards)."""

    card: str
    probability: Fraction
    ev: Fraction

    @property
    def label(self) -> str:
        """The first card as a learner reads it, in the current language: 'Ace', '2',
        'figure' ('Asso', 'figura'): the label of a chart's bar or row."""
        return first_label(self.card)


class Solution:
    """The solved heads-up game.  Build it with :func:`sette_kit.odds.solve`."""

    def __init__(self, rules, dealer, exact: bool = True, deck=None, player=None, by_cards: bool = False,
                 bust_refund: bool = False):
        # ``player``: a fixed drawing policy (``wants_card(half_points)``) to evaluate
        # instead of the optimal one (see :func:`sette_kit.odds.policy_ev`).
        # ``bust_refund``: a teaching variant of S10 (see :func:`sette_kit.odds.solve`): a
        # bust player gets his stake back when the bank busts too
        self.rules, self.dealer, self.exact, self.player = rules, dealer, exact, player
        self.bust_refund = bool(bust_refund)
        self._m = mdl = model(rules)
        # ``deck``: the cards the game is dealt from (default the 40; a depleted deck for
        # ``solve(seen=...)``, S18; a small one for brute-force checks).  ``by_cards``:
        # where suits matter, keep every hand as its cards (slow; a reference for tests).
        self._deck = FULL_DECK if deck is None else tuple(sorted(set(deck)))
        self._n0 = len(self._deck)
        self._full = _counts(self._deck, rules)
        self._specific = deck is not None and mdl.suits and by_cards
        # S5 with suits: from three cards on a hand is its composition plus ``d = (d0, d1)``,
        # how many of its figures (not the matta) are of the matta's suit (d0) and of
        # another suit whose 7 is in the deck (d1); the rest are of a suit whose 7 is
        # not (only a depleted deck has those).  That is all the bank's chance of a
        # reale needs (see _pairs).  The full deck: d1 = figures - d0, no extra states.
        self._groups = None
        if mdl.suits and not self._specific:
            sevens = {c.suit for c in self._deck if card_class(c, rules) == SEVEN}
            self._fig_group = {c: 0 if c.suit == mdl.matta_suit else 1 if c.suit in sevens else 2
                               for c in self._deck if card_class(c, rules) == FIG}
            self._groups = tuple(sum(1 for g in self._fig_group.values() if g == i) for i in (0, 1))
            self._seven_ms = int(mdl.matta_suit in sevens)  # the 7 of the matta's suit is in the deck
        self._build()

    # -- construction ----------------------------------------------------------------------
    def _children(self, state):
        """(weight, child state) for the next card, and the total weight."""
        mdl, full = self._m, self._full
        if state is START:
            if mdl.suits:
                return [(1, ("cards", (c,))) for c in self._deck], self._n0
            return [(full[k], ("comp", _add(self._zero, k), 0)) for k in range(NCLS) if full[k]], self._n0
        m, d = self._comp_of(state)
        out = []
        if state[0] == "cards" and (len(state[1]) == 1 or self._specific):
            held = set(state[1])
            out = [(1, ("cards", tuple(sorted(state[1] + (c,))))) for c in self._deck if c not in held]
            return out, len(out)
        n_left = self._n0 - sum(m)
        for k in range(NCLS):
            r = full[k] - m[k]
            if not r:
                continue
            t = _add(m, k)
            if k == FIG and self._groups:
                d0, d1 = d
                a0, a1 = self._groups[0] - d0, self._groups[1] - d1  # still in the deck, by group
                if a0:
                    out.append((a0, ("comp", t, (d0 + 1, d1))))
                if a1:
                    out.append((a1, ("comp", t, (d0, d1 + 1))))
                if r - a0 - a1:
                    out.append((r - a0 - a1, ("comp", t, d)))
            else:
                out.append((r, ("comp", t, d)))
        return out, n_left

    def _comp_of(self, state):
        if state[0] == "cards":
            cards = state[1]
            return _counts(cards, self.rules), self._d_of(cards)
        return state[1], state[2]

    def _d_of(self, cards):
        if not self._groups:
            return 0
        g = [self._fig_group.get(c) for c in cards]
        return (g.count(0), g.count(1))

    def _pairs(self, state, m, d):
        mdl, rules = self._m, self.rules
        if not rules.reale:
            return (0, 0, 0)
        if state[0] == "cards":
            held = set(state[1])
            return mdl.pair_counts([c for c in self._deck if c not in held])
        r = [f - h for f, h in zip(self._full, m)]
        if not mdl.suits:
            return (r[SEVEN] * r[FIG], r[SEVEN] * r[MATTA], r[FIG] * r[MATTA])
        assert m[SEVEN] == 0  # a non-bust hand of 3+ cards holds no 7
        d0, d1 = d
        # same-suit (7, figure) pairs left: sum over suits with their 7 of the figures left
        sevens_figs = self._groups[0] * self._seven_ms + self._groups[1] - d0 * self._seven_ms - d1
        return (sevens_figs, r[MATTA] * self._seven_ms, r[MATTA] * (self._groups[0] - d0))

    def _build(self):
        mdl, exact = self._m, self.exact
        self._zero = (0,) * NCLS
        info = {}  # state -> (m, d, hp, kind, finished)
        children = {}
        order = []
        frontier = [START]
        seen = {START}
        # S18: can a round run out of cards?  The player could hold every card but
        # the bank's and still want one, or the bank could want one with none left: the
        # model has no reshuffle inside a round, so odds.solve refuses such a deck
        runs_out = False
        while frontier:
            nxt = []
            for s in frontier:
                order.append(s)
                if s is not START:
                    m, d = self._comp_of(s)
                    hp, kind, __ = mdl.score(m)
                    finished = kind in (BUST, TRIPLE) or hp >= S75  # S10: 7 1/2 is shown at once
                    # the bank needs its hidden card: the player may draw only while two are left
                    if not finished and self._n0 - sum(m) < 2:
                        finished = runs_out = True
                    info[s] = (m, d, hp, kind, finished)
                    if finished:
                        continue
                ch, tot = self._children(s)
                children[s] = (ch, tot)
                for _, c in ch:
                    if c not in seen:
                        seen.add(c)
                        nxt.append(c)
            frontier = nxt
        # the bank's outcome for every state the player may stand on, batched per
        # table (the all-seeing bank's table depends on the player's total)
        standers = [s for s in order if s is not START and info[s][3] != BUST]
        groups: dict = {}
        for s in standers:
            opp = info[s][2] if not hasattr(self.dealer, "threshold_half_points") else None
            groups.setdefault(opp, []).append(s)
        stand, stand_parts = {}, {}
        for opp, states in groups.items():
            table = mdl.bank_table(self.dealer, opp)
            rows, index = self._rows_left(states, info)
            dist, dens, kmax = table.distribution(rows, exact)
            for s in states:
                m, d, hp, kind, __ = info[s]
                r = tuple(f - h for f, h in zip(self._full, m))
                runs_out = runs_out or r in table.wanting  # the bank could draw every card left
                i = index[r]
                row = list(dist[i])
                n = self._n0 - sum(m)
                table.split_reale(row, n, self._pairs(s, m, d), exact, kmax[i])
                cards = s[1] if s[0] == "cards" else None
                pay = mdl.payoff(mdl.player_key(m, cards))
                total = sum(p * x for p, x in zip(pay, row) if p and x)
                stand[s] = Fraction(int(total), int(dens[i])) if exact else float(total)
                stand_parts[s] = (pay, row, int(dens[i]) if exact else None)  # for result_distribution
        one = Fraction(1) if exact else 1.0
        bank_busts = self._bank_bust_after_bust(order, info) if self.bust_refund else {}
        value, hit_value, hit = {}, {}, {}
        for s in reversed(order):
            if s is not START and info[s][3] == BUST:
                # S10: a bust loses at once; the teaching variant gives the stake back
                # when the bank busts too
                value[s] = -(one - bank_busts[s]) if self.bust_refund else -one
                continue
            if s is not START and info[s][4]:
                value[s] = stand[s]
                continue
            ch, tot = children[s]
            if exact:
                h = sum((w * value[c] for w, c in ch), Fraction(0)) / tot
            else:
                h = sum(w * value[c] for w, c in ch) / tot
            if s is START:
                self.ev = h
                continue
            hit_value[s] = h
            hit[s] = h > stand[s] if self.player is None else bool(self.player.wants_card(info[s][2]))
            value[s] = h if hit[s] else stand[s]
        self._info, self._children_of = info, children
        self._stand, self._hit_value, self._hit, self._value = stand, hit_value, hit, value
        self._order = order
        self._stand_parts, self._dists = stand_parts, None
        self.runs_out = runs_out
        self._bank_busts = bank_busts
        self.house_edge = -self.ev

    def _rows_left(self, states, info) -> tuple[list, dict]:
        """The decks left after each of ``states``, each once (the rows a bank table is
        asked for), and where each deck stands among them."""
        rows: list[tuple] = []
        index: dict[tuple, int] = {}
        for s in states:
            r = tuple(f - h for f, h in zip(self._full, info[s][0]))
            if r not in index:
                index[r] = len(rows)
                rows.append(r)
        return rows, index

    def _bank_bust_after_bust(self, order, info) -> dict:
        """For every bust hand of the player: the chance that the bank, playing from the
        cards left, busts too (the ``bust_refund`` variant)."""
        busts = [s for s in order if s is not START and info[s][3] == BUST]
        table = self._m.bank_table(self.dealer, None)
        rows, index = self._rows_left(busts, info)
        dist, dens, __ = table.distribution(rows, self.exact) if rows else ([], [], [])
        out = {}
        for s in busts:
            i = index[tuple(f - h for f, h in zip(self._full, info[s][0]))]
            mass = dist[i][CAT_BUST]
            out[s] = Fraction(int(mass), int(dens[i])) if self.exact else float(mass)
        return out

    # -- queries ---------------------------------------------------------------------------
    def _state(self, cards):
        from ..scoring import _as_cards

        cards = _as_cards(cards)
        if not cards:
            raise SetteKitError(_("give at least one card: the player always holds his hidden card"))
        if self._n0 < len(FULL_DECK) and not set(cards) <= set(self._deck):
            raise SetteKitError(_("these cards are not all in the deck this solution was solved for"))
        if self._m.suits and (len(cards) <= 2 or self._specific):
            return ("cards", tuple(sorted(cards)))
        return ("comp", _counts(cards, self.rules), self._d_of(cards))

    def _lookup(self, cards):
        s = self._state(cards)
        got = self._info.get(s)
        if got is None:
            m, __ = self._comp_of(s)
            if self._m.score(m)[1] == BUST or any(a > b for a, b in zip(m, self._full)):
                got = (m, 0, 0, BUST, True)
            else:  # pragma: no cover - every non-bust hand from the deck is a state
                raise SetteKitError(_("these cards are not a hand this solution knows"))
            if any(a > b for a, b in zip(m, self._full)) or (self._specific and not set(s[1]) <= set(self._deck)):
                raise SetteKitError(_("these cards are not all in the deck this solution was solved for"))
        return s, got

    def ev_of(self, cards, action: str):
        """The player's expected result holding ``cards`` if he takes ``action``
        ("stand" or "hit") and plays optimally afterwards.

        >>> from sette_kit import odds, parse_cards
        >>> sol = odds.solve(dealer=odds.stand_at(5))
        >>> sol.ev_of("7c", "stand") > sol.ev_of("7c", "hit")
        True
        """
        if action not in ("stand", "hit"):
            raise SetteKitError(_("action={action}: accepted actions are 'stand' and 'hit'").format(action=shown(action)))
        s, (m, d, hp, kind, finished) = self._lookup(cards)
        if kind == BUST:
            if self.bust_refund and s in self._value:
                return self._value[s]
            return -1 if not self.exact else Fraction(-1)
        if action == "stand":
            return self._stand[s]
        if finished:
            raise SetteKitError(_("a hand at 7½ (or a triple) is shown at once and cannot draw (S10)"))
        return self._hit_value[s]

    def decision(self, cards) -> str:
        """"hit" or "stand": the optimal action holding ``cards`` (a finished hand, at
        7½ or a triple, stands; a bust hand has no decision).

        >>> from sette_kit import odds
        >>> sol = odds.solve(dealer=odds.stand_at(5))
        >>> sol.decision("Fc"), sol.decision("7c"), sol.decision("3c 1d"), sol.decision("3c Fd 1d")
        ('hit', 'stand', 'stand', 'hit')
        """
        s, (m, d, hp, kind, finished) = self._lookup(cards)
        if kind == BUST:
            raise SetteKitError(_("these cards are bust (S10): there is nothing left to decide"))
        if finished:
            return "stand"
        return "hit" if self._hit[s] else "stand"

    @property
    def key_is_sufficient(self) -> bool:
        """True when the optimal decision depends on the composition key alone
        (``sette_kit.strategy.composition_key``); else use :meth:`decision`."""
        self.hit_table()
        return self._key_ok

    def hit_table(self) -> dict[int, bool]:
        """For every composition the player can hold and still draw (not bust, not at
        7½, not a triple), keyed by ``composition_key``: True if hitting is optimal.

        Where suits matter (the same-suit reale) and hands of one key disagree, the
        entry is the decision of the majority of card sets, and ``key_is_sufficient``
        is False.
        """
        if getattr(self, "_hit_table", None) is None:
            votes: dict = {}
            for s, h in self._hit.items():
                m, d = self._info[s][:2]
                key = sum(w * k for w, k in zip(CLASS_WEIGHTS, m))
                weight = 1 if s[0] == "cards" else self._count_hands(m, d)
                v = votes.setdefault(key, [0, 0])
                v[h] += weight
            self._hit_table = {k: v[1] > v[0] for k, v in votes.items()}
            self._key_ok = all(not (v[0] and v[1]) for v in votes.values())
        return dict(self._hit_table)

    def _count_hands(self, m, d):
        full = self._full
        n = 1
        for k in range(NCLS):
            if k == FIG and self._groups:
                (d0, d1), (g0, g1) = d, self._groups
                n *= comb(g0, d0) * comb(g1, d1) * comb(full[FIG] - g0 - g1, m[FIG] - d0 - d1)
            else:
                n *= comb(full[k], m[k])
        return n

    def table(self) -> list[StrategyRow]:
        """The strategy as rows a person can read: by first card and total, the optimal
        action, with how often optimal play reaches each row.

        >>> from sette_kit import odds
        >>> rows = odds.solve(dealer=odds.stand_at(5)).table()
        >>> [str(r) for r in rows if r.first == "6"]
        ['first      6, total   6: stand']
        >>> [str(r) for r in rows if r.first == "figure"][-2:]
        ['first figure, total  6½: stand', 'first figure, total   7: stand']
        """
        reach: dict = {}
        start_children, __ = self._children(START)
        for w, s in start_children:
            m = self._info[s][0]
            first = next(k for k in range(NCLS) if m[k])
            reach[(first, s)] = reach.get((first, s), 0.0) + w / self._n0
        rows: dict = {}
        for s in self._order:
            if s is START or s not in self._hit:
                continue
            for first in range(NCLS):
                p = reach.get((first, s))
                if not p:
                    continue
                hp = self._info[s][2]
                agg = rows.setdefault((first, hp), [0.0, 0.0])
                agg[self._hit[s]] += p
                if self._hit[s]:
                    ch, tot = self._children_of[s]
                    for w, c in ch:
                        if c in self._hit:
                            reach[(first, c)] = reach.get((first, c), 0.0) + p * w / tot
        out = []
        for (first, hp), (p_stand, p_hit) in sorted(rows.items()):
            share = p_hit / (p_hit + p_stand)
            action = "hit" if share == 1 else "stand" if share == 0 else "mixed"
            out.append(StrategyRow(CLASS_NAMES[first], Fraction(hp, 2), action, share, p_hit + p_stand))
        return out

    def format_table(self) -> str:
        """The strategy table as text: a row per first card, a column per total;
        H = hit, S = stand, h/s = mostly hit/stand (the choice depends on the cards)."""
        rows = self.table()
        totals = sorted({r.total for r in rows})
        firsts = [n for n in CLASS_NAMES if any(r.first == n for r in rows)]
        cell = {(r.first, r.total): r for r in rows}
        head = "first card | " + " ".join(f"{fmt_points(t):>3}" for t in totals)
        lines = [head, "-" * len(head)]
        for f in firsts:
            cells = []
            for t in totals:
                r = cell.get((f, t))
                if r is None:
                    cells.append("  .")
                else:
                    mark = {"hit": "H", "stand": "S"}.get(r.action) or ("h" if r.hit_share >= 0.5 else "s")
                    cells.append(f"{mark:>3}")
            lines.append(f"{f:>10} | " + " ".join(cells))
        lines.append("H hit, S stand, h/s mostly hit/stand (depends on the cards), . not reached")
        return "\n".join(lines)

    # -- by first card, and the whole law of one round's result -----------------
    def _first_cards(self):
        """[(first card's class name, weight, state)] and the total weight."""
        ch, tot = self._children(START)
        return [(CLASS_NAMES[next(k for k in range(NCLS) if self._info[s][0][k])], w, s) for w, s in ch], tot

    def _first_names(self) -> list[str]:
        firsts, __ = self._first_cards()
        present = {name for name, _, _ in firsts}
        return [n for n in CLASS_NAMES if n in present]

    def ev_by_first_card(self) -> dict:
        """The player's expected result per unit stake by his first card (S9: in the
        Italian rules the stake is placed after seeing it): ``{class name: FirstCard}``
        with the class names "Ace", "2" ... "7", "figure", "matta" (the matta only
        where it is in play).  Their mean weighted by ``probability`` is ``ev``.

        >>> from sette_kit import odds
        >>> sol = odds.solve(dealer=odds.stand_at(5))
        >>> by = sol.ev_by_first_card()
        >>> list(by)
        ['Ace', '2', '3', '4', '5', '6', '7', 'figure']
        >>> by["7"].probability, by["7"].ev
        (Fraction(1, 10), Fraction(865966261, 1517119695))
        >>> sum(f.probability * f.ev for f in by.values()) == sol.ev
        True
        """
        firsts, tot = self._first_cards()
        acc: dict = {}
        for name, w, s in firsts:
            a = acc.setdefault(name, [0, 0])
            a[0] += w
            a[1] += w * self._value[s]
        prob = Fraction if self.exact else (lambda a, b: a / b)
        return {n: FirstCard(n, prob(acc[n][0], tot), acc[n][1] / acc[n][0]) for n in self._first_names()}

    def result_distribution(self, first: str | None = None) -> dict:
        """The law of one round's result per unit stake for the player this solution
        describes (the optimal player of ``solve``, or the fixed policy of ``policy_ev``):
        ``{result: probability}``, sorted by result.  -1 is a loss (a bust, S10, or a lower
        or tied score, S13), +1 a win; a reale is paid double (S14) and a bank's reale
        may collect double (S15), so ±2 (and ±3 for a triple or the x3 matta option)
        appear where the rules have them.  ``first`` (a class name of
        :meth:`ev_by_first_card`) conditions on the player's first card.

        >>> from sette_kit import odds
        >>> sol = odds.solve(dealer=odds.stand_at(5))
        >>> d = sol.result_distribution()
        >>> list(d), sum(d.values())
        ([-1, 1], Fraction(1, 1))
        >>> sum(x * p for x, p in d.items()) == sol.ev
        True
        >>> sol.result_distribution(first="7")[1]
        Fraction(1191542978, 1517119695)
        """
        names = self._first_names()
        if first is not None and first not in names:
            raise SetteKitError(_("first={first}: accepted first cards are {value}").format(first=shown(first), value=', '.join(map(repr, names))))
        if self._dists is None:
            self._dists = self._backward_distributions()
        firsts, __ = self._first_cards()
        chosen = [(w, s) for name, w, s in firsts if first is None or name == first]
        wsum = sum(w for w, _ in chosen)
        acc: dict = {}
        for w, s in chosen:
            for x, p in self._dists[s].items():
                acc[x] = acc.get(x, 0) + w * p
        return {x: acc[x] / wsum for x in sorted(acc) if acc[x]}

    def _backward_distributions(self) -> dict:
        """state -> {result: probability} under the solution's decisions."""
        one = Fraction(1) if self.exact else 1.0
        dists: dict = {}
        for s in reversed(self._order):
            if s is START:
                continue
            __, ___, ____, kind, finished = self._info[s]
            if kind == BUST:
                pb = self._bank_busts.get(s, 0)
                dists[s] = {-1: one - pb, 0: pb} if pb else {-1: one}  # S10 (or the refund variant)
            elif finished or not self._hit[s]:
                pay, row, den = self._stand_parts[s]
                acc: dict = {}
                for x, p in zip(pay, row):
                    if p:
                        acc[x] = acc.get(x, 0) + p
                dists[s] = {x: Fraction(int(p), den) if self.exact else p for x, p in acc.items()}
            else:
                ch, tot = self._children_of[s]
                acc = {}
                for w, c in ch:
                    for x, p in dists[c].items():
                        acc[x] = acc.get(x, 0) + w * p
                dists[s] = {x: p / tot for x, p in acc.items()}
        return dists

    def __repr__(self) -> str:
        ev = self.ev
        shown = f"{float(ev):+.6f}"
        return f"<Solution {self.rules.name} vs {self.dealer!r}: ev {shown}{' (exact)' if self.exact else ''}>"


def _add(m, k):
    return m[:k] + (m[k] + 1,) + m[k + 1:]


def _counts(cards, rules):
    m = [0] * NCLS
    for c in cards:
        m[card_class(c, rules)] += 1
    return tuple(m)


def _cards(cards, rules, what="cards") -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards, face=rules.face) if cards.strip() else ()
    if isinstance(cards, Card):
        return (cards,)
    return _items(cards, what)


def solve(rules: Rules | str = "plain", dealer=None, *, exact: bool = True, seen=(),
          bust_refund: bool = False) -> Solution:
    """The heads-up model, solved: one player against the bank, stake 1;
    each gets a hidden card, the player draws seeing only his own cards and plays to
    maximise his expected result, then the bank plays ``dealer`` (default
    ``stand_at(5)``); settlement by ``rules`` (S10-S16).

    ``seen``: cards already out of the deck - with the deck carried over from round to
    round while the bank stays (S18), the cards of the earlier rounds.  The round is
    then dealt from the other cards, so the strategy and the EV are those of that
    depleted deck.  The model has no reshuffle inside the round, so a deck that a round
    could use up (the player drawing every card but the bank's, or the bank wanting a
    card when none is left: S18 would then shuffle the seen cards back in) is refused
    with a SetteKitError rather than solved wrongly.

    ``bust_refund=True`` is a teaching variant, not a rule of any game: a player who busts
    gets his stake back when the bank, playing on, busts too (instead of S10's losing at
    once).  With the tie rule off too (``dealer_wins_ties=False``) it measures what the
    two rules that favour the bank are worth (:func:`tie_and_bust_edges`).  It needs a
    bank that stands at a fixed threshold (``stand_at(x)``).

    Returns a :class:`Solution` with ``ev``, ``house_edge``, ``decision(cards)``,
    ``ev_of(cards, action)``, ``table()``, ``hit_table()``, ``ev_by_first_card()``,
    ``result_distribution()``.

    >>> sol = solve(Rules.preset("plain"), dealer=stand_at(5))
    >>> sol.ev
    Fraction(-22069914749539, 134817758039250)
    >>> abs(solve(dealer=stand_at(5), exact=False).ev - sol.ev) < 1e-12
    True
    >>> high_gone = solve(dealer=stand_at(5), seen="6c 6d 6s 7c 7d 7s")   # six high cards out
    >>> float(high_gone.ev) > float(sol.ev), high_gone.decision("5b"), sol.decision("5b")
    (True, 'hit', 'stand')
    """
    rules = as_rules(rules)
    read_bool(exact, "exact")
    read_bool(bust_refund, "bust_refund")
    dealer = stand_at(5) if dealer is None else dealer
    if not isinstance(dealer, (StandAt, BankSeesPlayer)):
        raise SetteKitError(_("dealer={dealer}: use odds.stand_at(x) or odds.sees_player()").format(
            dealer=shown(dealer)))
    if bust_refund and not isinstance(dealer, StandAt):
        raise SetteKitError(_("bust_refund=True needs a bank that stands at a fixed threshold: odds.stand_at(x)"))
    gone = _cards(seen, rules, "seen")
    if not gone:
        return Solution(rules, dealer, exact, bust_refund=bust_refund)
    if len(set(gone)) != len(gone):
        raise SetteKitError(_("seen: each card can be seen only once"))
    gone_set = set(gone)
    deck = tuple(c for c in FULL_DECK if c not in gone_set)
    if len(deck) < 2:
        raise SetteKitError(_("seen: {seen} cards seen leave {left}; a round needs at least 2").format(
            seen=len(gone), left=len(deck)))
    sol = Solution(rules, dealer, exact, deck=deck, bust_refund=bust_refund)
    if sol.runs_out:
        raise SetteKitError(_("seen: the {left} cards left could run out within a round (the player drawing every "
                              "card but the bank's, or the bank wanting a card when none is left); S18 then "
                              "shuffles the seen cards back in, which this model does not cover: give fewer "
                              "cards in seen").format(left=len(deck)))
    return sol
