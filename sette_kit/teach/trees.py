"""Probability trees of successive draws: the counting behind the odds, opened up.

You hold some cards and follow a *plan* ("hit once, then stand", "hit until 5 or
more", the optimal strategy).  :func:`draw_tree` builds the tree of what can happen:
each branch is a group of unseen cards of one value ("a figure: 12 of the 38 cards
left"), its probability the exact fraction count / cards left (drawing without
replacement, S1-S2); a path's probability is the product of its branches; each leaf
is where the plan stops - bust (S2, S10), or standing on a total - and the leaves
summed give the events (:meth:`DrawTree.events`).

With the bank's policy (``dealer=odds.stand_at(5)``) each standing leaf also gets the
bank's final distribution from the cards left (the bank's hidden card and its draws
come from the cards you have not drawn), the chance you win or lose from there (S12,
S13: the bank wins ties) and its value; the tree's value is the sum over the leaves of
probability x value: the expected result of the plan, per unit stake, exact.  It is
the number the solver gives (:meth:`sette_kit.odds.Solution.ev_of`), computed by
another road, so the black box of "the EV of hitting" is opened up.

>>> from sette_kit import odds, Rules
>>> t = draw_tree("5 di coppe", hit_then_stand(1), dealer=odds.stand_at(5))
>>> [(b.label, b.count, b.unseen) for b in t.root.branches()]
[('an Ace', 4, 39), ('a 2', 4, 39), ('a figure', 12, 39), ('a 3, 4, 5, 6 or 7', 19, 39)]
>>> t.events()["bust"]
Fraction(19, 39)
>>> sol = odds.solve(Rules.preset("plain"), dealer=odds.stand_at(5))
>>> t.ev == sol.ev_of("5 di coppe", "hit")
True
>>> draw_tree("5 di coppe", STAND, dealer=odds.stand_at(5)).ev == sol.ev_of("5 di coppe", "stand")
True
>>> print(t.leaves()[0].counting())
You hold 5 di coppe: 5. 39 cards are unseen, and 4 of them are Aces: 4/39.
Then you have 6 and you stand.
The probability of this path is 4/39 ≈ 10.3%.
From here you win 51.5% of the time and lose 48.5%: worth +0.0303 per unit staked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from fractions import Fraction

from .. import fmt
from ..cards import FULL_DECK, Card, cards_in_text
from ..errors import SetteKitError
from ..i18n import N_, _, language
from ..rules import Rules, as_rules
from ..scoring import fmt_points
from ..strategy import BankSeesPlayer, StandAt, card_class, stand_at
from ..numbers import shown

__all__ = ["Plan", "hit_then_stand", "hit_until", "follow", "hit_first", "STAND", "Branch", "Node",
           "DrawTree", "draw_tree", "MAX_NODES", "CLASS_NAMES"]

MAX_NODES = 3000
"""A tree with more nodes than this is refused: nobody can read it (choose a shorter plan)."""

NCLS = 9
FIG, MATTA = 7, 8
CLASS_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "figure", "matta")
_ONE = (N_("an Ace"), N_("a 2"), N_("a 3"), N_("a 4"), N_("a 5"), N_("a 6"), N_("a 7"), N_("a figure"),
        N_("the matta"))
_MANY = (N_("Aces"), N_("2s"), N_("3s"), N_("4s"), N_("5s"), N_("6s"), N_("7s"), N_("figures"), N_("mattas"))


# ---------------------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------------------

class Plan:
    """What to do at each point of the tree: ``wants(drawn, half_points, cards)`` is True
    to hit (``drawn``: cards drawn since the root; ``cards``: the hand, as Cards).
    ``text`` says the plan in words."""

    if TYPE_CHECKING:  # pragma: no cover
        @property
        def text(self) -> str: ...  # a class attribute here, a property in the plans below
    else:
        text = N_("a plan")

    def wants(self, drawn: int, half_points: int, cards: tuple) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def key(self) -> str:
        """The plan's words in English: the same in every language, for code to compare."""
        with language("en"):
            return self.text

    def __repr__(self) -> str:
        return f"<Plan: {self.key}>"


_TIMES = {0: N_("stand now"), 1: N_("hit once, then stand"), 2: N_("hit twice, then stand")}


@dataclass(frozen=True, repr=False)
class _HitThenStand(Plan):
    times: int

    @property
    def text(self) -> str:
        if self.times in _TIMES:
            return _(_TIMES[self.times])
        return _("hit {n} times, then stand").format(n=self.times)

    def wants(self, drawn, half_points, cards):
        return drawn < self.times


@dataclass(frozen=True, repr=False)
class _HitUntil(Plan):
    policy: StandAt

    @property
    def text(self) -> str:
        return _("hit until {total} or more").format(total=fmt_points(self.policy.threshold))

    def wants(self, drawn, half_points, cards):
        return self.policy.wants_card(half_points)


@dataclass(frozen=True, repr=False)
class _Follow(Plan):
    solution: object

    @property
    def text(self) -> str:
        return _("play the best strategy")

    def wants(self, drawn, half_points, cards):
        return self.solution.decision(cards) == "hit"


@dataclass(frozen=True, repr=False)
class _HitFirst(Plan):
    then: Plan

    @property
    def text(self) -> str:
        return _("hit once, then {plan}").format(plan=self.then.text)

    def wants(self, drawn, half_points, cards):
        return True if drawn == 0 else self.then.wants(drawn, half_points, cards)


def hit_then_stand(times: int = 1) -> Plan:
    """Hit ``times`` times (fewer if you bust or reach 7½ first), then stand.

    >>> hit_then_stand(1).text, hit_then_stand(0).text
    ('hit once, then stand', 'stand now')
    """
    if isinstance(times, bool) or not isinstance(times, int) or not 0 <= times <= 12:
        raise SetteKitError(_("hit_then_stand({times}): the number of hits is a whole number from 0 to 12").format(
            times=shown(times)))
    return _HitThenStand(times)


STAND = hit_then_stand(0)
"""The plan "stand now": a tree of one leaf."""


def hit_until(x) -> Plan:
    """Hit while the total is under ``x``, then stand (``odds.stand_at(x)`` as a plan).

    >>> hit_until(5).text, hit_until("5.5").text
    ('hit until 5 or more', 'hit until 5½ or more')
    """
    return _HitUntil(x if isinstance(x, StandAt) else stand_at(x))


def follow(solution) -> Plan:
    """Play as the solution of :func:`sette_kit.odds.solve` says (its ``decision``)."""
    if not hasattr(solution, "decision"):
        raise SetteKitError(_("follow() needs the solution of odds.solve(...)"))
    return _Follow(solution)


def hit_first(then: Plan) -> Plan:
    """Hit once whatever happens, then follow ``then``: with ``follow(solution)``, the
    tree of :meth:`~sette_kit.odds.Solution.ev_of` ``(cards, "hit")``."""
    return _HitFirst(_plan(then))


def _plan(plan) -> Plan:
    if isinstance(plan, Plan):
        return plan
    if isinstance(plan, StandAt):
        return hit_until(plan)
    if hasattr(plan, "decision"):
        return follow(plan)
    raise SetteKitError(_("plan={plan}: use trees.hit_then_stand(n), trees.hit_until(x), "
                          "trees.follow(solution) or trees.hit_first(plan)").format(plan=shown(plan)))


# ---------------------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Branch:
    """The cards that lead from a node to one child: ``count`` of the ``unseen`` cards,
    of the classes ``classes`` (0-6 Ace..7, 7 a figure, 8 the matta)."""

    classes: tuple[int, ...]
    count: int
    unseen: int

    @property
    def probability(self) -> Fraction:
        return Fraction(self.count, self.unseen)

    @property
    def label(self) -> str:
        """'a figure', 'an Ace', or for several values 'a 3, 4, 5, 6 or 7'."""
        if len(self.classes) == 1:
            return _(_ONE[self.classes[0]])
        names = [(_("Ace") if k == 0 else CLASS_NAMES[k]) if k < FIG else _(_ONE[k]) for k in self.classes]
        head = _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])
        if self.classes[0] >= FIG:
            return head
        return (_("an {cards}") if self.classes[0] == 0 else _("a {cards}")).format(cards=head)

    @property
    def counted(self) -> str:
        """'12 of them are figures' - the count in words."""
        if len(self.classes) == 1:
            k = self.classes[0]
            if self.count == 1:
                return _("1 of them is {card}").format(card=_(_ONE[k]))
            return _("{n} of them are {cards}").format(n=self.count, cards=_(_MANY[k]))
        many = [_(_MANY[k]) for k in self.classes]
        return _("{n} of them are {cards}").format(
            n=self.count, cards=_("{first} or {last}").format(first=", ".join(many[:-1]), last=many[-1]))


@dataclass
class Node:
    """A point of the tree: the hand after the draws along the path from the root.

    ``state``: "hit" (the plan draws again: the node has ``children``), "stand" (a
    leaf: the plan stops), "bust" (a leaf: over 7½, S2) or "seven_and_a_half" (a
    leaf: 7½ is shown at once, S10).  ``probability`` is the product of the branch
    probabilities from the root.  With a bank: ``bank`` (its final distribution, for
    a standing leaf), ``win``, ``lose``, ``push`` and ``value`` (the expected result
    per unit stake from here, following the plan)."""

    path: tuple[int, ...]
    drawn: tuple[int, ...]            # classes drawn since the root, in order
    branch: Branch | None
    probability: Fraction
    total: Fraction
    state: str
    tree: "DrawTree" = field(repr=False)
    children: list["Node"] = field(default_factory=list, repr=False)
    bank: dict | None = field(default=None, repr=False)
    win: Fraction | None = None
    lose: Fraction | None = None
    push: Fraction | None = None
    value: Fraction | None = None

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def depth(self) -> int:
        return len(self.path)

    def branches(self) -> list[Branch]:
        return [c.branch for c in self.children]

    @property
    def outcome(self) -> str:
        """The leaf's event in words: 'bust', 'stand on 6', '7½'."""
        if self.state == "bust":
            return _("bust")
        if self.state == "seven_and_a_half":
            return "7½"
        if self.state == "stand":
            return _("stand on {total}").format(total=fmt_points(self.total))
        return _("{total}, hit again").format(total=fmt_points(self.total))

    @property
    def event(self):
        """The key of :meth:`DrawTree.events` this leaf adds to: "bust" or the total."""
        return "bust" if self.state == "bust" else self.total

    def path_nodes(self) -> list["Node"]:
        """The nodes from the root's first child down to this node."""
        out, node = [], self.tree.root
        for i in self.path:
            node = node.children[i]
            out.append(node)
        return out

    def product_text(self) -> str:
        """The path's probability as the product of its branches: '4/39 × 12/38 = 8/247'."""
        steps = self.path_nodes()
        if not steps:
            return "1 (no card drawn)"
        parts = [f"{n.branch.count}/{n.branch.unseen}" for n in steps]
        if len(parts) == 1:
            p = steps[0].branch.probability
            same = (p.numerator, p.denominator) == (steps[0].branch.count, steps[0].branch.unseen)
            return parts[0] + ("" if same else f" = {fmt.fraction(p)}")
        num = den = 1
        for n in steps:
            num *= n.branch.count
            den *= n.branch.unseen
        raw = f"{num}/{den}"
        reduced = fmt.fraction(self.probability)
        return " × ".join(parts) + f" = {raw}" + ("" if raw == reduced else f" = {reduced}")

    def counting(self) -> str:
        """The counting behind this node in words, branch by branch, ending with the
        path's probability (and, with a bank, the chance of winning from a standing leaf)."""
        tree = self.tree
        lines = [_("You hold {cards}: {points}.").format(cards=cards_in_text(tree.cards, tree.rules.face), points=fmt_points(tree.root.total))]
        steps = self.path_nodes()
        for i, n in enumerate(steps):
            b = n.branch
            if i == 0:
                step = _("{unseen} cards are unseen, and {counted}: {count}/{unseen}.")
            else:
                step = _("Now {unseen} cards are unseen, and {counted}: {count}/{unseen}.")
            lines[-1] += " " + step.format(unseen=b.unseen, counted=b.counted, count=b.count)
            if n.state == "bust":
                lines.append(_("That takes you over 7½: bust."))
            elif n.state == "seven_and_a_half":
                lines.append(_("Then you have 7½, and you show it at once."))
            elif n.state == "stand":
                lines.append(_("Then you have {total} and you stand.").format(total=fmt_points(n.total)))
            else:
                lines.append(_("Then you have {total} and you hit again.").format(total=fmt_points(n.total)))
        if steps:
            lines.append(_("The probability of this path is {product} ≈ {percent}.").format(
                product=self.product_text(), percent=fmt.percent(self.probability)))
        if self.win is not None and self.state != "bust" and self.is_leaf:
            if self.push:
                text = _("From here you win {win} of the time and lose {lose} (a tie pays nothing {push}): "
                         "worth {value} per unit staked.")
            else:
                text = _("From here you win {win} of the time and lose {lose}: worth {value} per unit staked.")
            lines.append(text.format(win=fmt.percent(self.win), lose=fmt.percent(self.lose),
                                     push=fmt.percent(self.push) if self.push else "",
                                     value=fmt.decimal(self.value, 4, sign=True)))

        return "\n".join(lines)


class DrawTree:
    """The tree built by :func:`draw_tree`: ``root``, ``leaves()``, ``events()``, ``ev``."""

    root: Node  # set by draw_tree once the tree is built

    def __init__(self, rules: Rules, cards: tuple, seen: tuple, plan: Plan, dealer):
        self.rules, self.cards, self.seen, self.plan, self.dealer = rules, cards, seen, plan, dealer
        self.hand_text = ", ".join(c.name(rules.face) for c in cards)
        self._nodes = 0
        self._bank_cache: dict = {}

    # -- reading the tree --------------------------------------------------------------
    def nodes(self) -> list[Node]:
        """Every node, depth first (the root first)."""
        out, stack = [], [self.root]
        while stack:
            n = stack.pop()
            out.append(n)
            stack.extend(reversed(n.children))
        return out

    def leaves(self) -> list[Node]:
        """The leaves, in the order they are drawn (depth first, branches in order)."""
        return [n for n in self.nodes() if n.is_leaf]

    def node(self, path) -> Node:
        """The node at ``path`` (child indices from the root, e.g. ``(2, 0)``)."""
        n = self.root
        try:
            for i in path:
                n = n.children[i]
        except (IndexError, TypeError):
            raise SetteKitError(_("no node at path {path}").format(path=shown(path))) from None
        return n

    def events(self) -> dict:
        """The leaves summed by event: ``"bust"`` and each final total -> probability
        (totals ascending, bust last); the probabilities add up to 1."""
        acc: dict = {}
        for leaf in self.leaves():
            acc[leaf.event] = acc.get(leaf.event, 0) + leaf.probability
        totals = sorted(k for k in acc if k != "bust")
        return {**{t: acc[t] for t in totals}, **({"bust": acc["bust"]} if "bust" in acc else {})}

    @property
    def ev(self) -> Fraction | None:
        """The plan's expected result per unit stake (None without a bank)."""
        return self.root.value

    @property
    def win(self) -> Fraction | None:
        """The chance the plan wins (None without a bank)."""
        return self._sum("win")

    @property
    def lose(self) -> Fraction | None:
        return self._sum("lose")

    def _sum(self, what):
        if self.dealer is None:
            return None
        return sum((leaf.probability * (getattr(leaf, what) or 0) for leaf in self.leaves()), Fraction(0))

    @property
    def size(self) -> int:
        return self._nodes

    def text(self) -> str:
        """The whole tree as an indented outline (a text equivalent)."""
        lines = [_("{cards} ({points}), plan: {plan}.").format(cards=self.hand_text,
                                                               points=fmt_points(self.root.total),
                                                               plan=self.plan.text)]
        for n in self.nodes()[1:]:
            b = n.branch
            if n.value is not None:
                text = _("{branch} ({count}/{unseen}): {outcome}, path {path}, value {value}")
            else:
                text = _("{branch} ({count}/{unseen}): {outcome}, path {path}")
            lines.append("  " * (n.depth - 1) + "- " + text.format(
                branch=b.label, count=b.count, unseen=b.unseen, outcome=n.outcome,
                path=fmt.fraction(n.probability),
                value=fmt.decimal(n.value, 4, sign=True) if n.value is not None else ""))
        return "\n".join(lines)

    def __repr__(self) -> str:
        ev = "" if self.ev is None else f", ev {float(self.ev):+.4f}"
        return f"<DrawTree {self.hand_text}: {self.plan.text}, {len(self.leaves())} leaves{ev}>"


def draw_tree(cards, plan=None, *, rules: Rules | str = "plain", seen=(), dealer=None,
              max_nodes: int = MAX_NODES) -> DrawTree:
    """The tree of draws from ``cards`` following ``plan`` (default: hit once, then stand).

    ``plan``: :func:`hit_then_stand`, :func:`hit_until`, :func:`follow`,
    :func:`hit_first`, or ``odds.stand_at(x)`` or a solution directly.  ``seen``: other
    cards you have seen (no longer in the deck).  ``dealer``: the bank's policy
    (``odds.stand_at(x)`` or ``odds.sees_player()``), to value each leaf; then the rules
    must decide every round by the totals alone, as the ``plain`` and ``spanish``
    presets do (no reale, no triplé, even money).  Busting values of a node are merged
    into one branch ("a 3, 4, 5, 6 or 7").

    >>> t = draw_tree("Fante di spade", hit_until(5))
    >>> t.events() == __import__("sette_kit").odds.final_distribution(
    ...     stand_at(5), cards="Fante di spade")
    True
    >>> draw_tree("7c", dealer=stand_at(5), rules="italian")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: a tree with the bank's play needs rules that decide a round by the totals alone (no reale, no triplé, even money), such as the 'plain' or 'spanish' preset
    """
    from .. import odds
    from ..odds import _engine

    rules = as_rules(rules)
    plan = hit_then_stand(1) if plan is None else _plan(plan)
    mine = odds._cards(cards, rules)
    if not mine:
        raise SetteKitError(_("give the cards you hold, e.g. '5 di coppe'"))
    rules, mine, unseen = odds._setup(mine, seen, rules)
    other = odds._cards(seen, rules, "seen")
    if dealer is not None:
        if not isinstance(dealer, (StandAt, BankSeesPlayer)):
            raise SetteKitError(_("dealer={dealer}: use odds.stand_at(x) or odds.sees_player()").format(
                dealer=shown(dealer)))
        if rules.reale or rules.triple or rules.matta_sette_payout != 1:
            raise SetteKitError(_("a tree with the bank's play needs rules that decide a round by the totals "
                                  "alone (no reale, no triplé, even money), such as the 'plain' or 'spanish' "
                                  "preset"))
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise SetteKitError(_("max_nodes must be a whole number >= 1"))

    mdl = _engine.model(rules)
    tree = DrawTree(rules, mine, other, plan, dealer)
    # the unseen cards by class, and one list of them per class to stand for drawn cards
    pools: list[list[Card]] = [[] for __ in range(NCLS)]
    for c in unseen:
        pools[card_class(c, rules)].append(c)
    base = [0] * NCLS
    for c in mine:
        base[card_class(c, rules)] += 1

    def hand_of(drawn):
        """Cards standing for the hand after ``drawn`` (a class's cards are alike here)."""
        used = [0] * NCLS
        out = list(mine)
        for k in drawn:
            out.append(pools[k][used[k]])
            used[k] += 1
        return tuple(out)

    def make(path, drawn, branch, prob):
        tree._nodes += 1
        if tree._nodes > max_nodes:
            raise SetteKitError(_("this plan makes a tree of more than {n} points: too big to read; "
                                  "choose a plan with fewer draws (e.g. hit once, then stand)").format(n=max_nodes))

        comp = list(base)
        for k in drawn:
            comp[k] += 1
        hp, kind, __ = mdl.score(tuple(comp))
        total = Fraction(hp, 2)
        if kind == _engine.BUST:
            state = "bust"
        elif hp >= _engine.S75:
            state = "seven_and_a_half"  # S10: shown at once
        elif len(unseen) - len(drawn) < 2 or not plan.wants(len(drawn), hp, hand_of(drawn)):
            state = "stand"  # (the bank needs a card too: nobody draws the last one)
        else:
            state = "hit"
        node = Node(path, drawn, branch, prob, total, state, tree)
        if state != "hit":
            return node
        left = [len(pools[k]) - drawn.count(k) for k in range(NCLS)]
        n_left = sum(left)
        bust_classes, kids = [], []
        for k in range(NCLS):
            if not left[k]:
                continue
            comp[k] += 1
            busts = mdl.score(tuple(comp))[1] == _engine.BUST
            comp[k] -= 1
            if busts:
                bust_classes.append(k)
            else:
                kids.append(((k,), left[k]))
        if bust_classes:
            kids.append((tuple(bust_classes), sum(left[k] for k in bust_classes)))
        for i, (classes, count) in enumerate(kids):
            b = Branch(classes, count, n_left)
            node.children.append(make(path + (i,), drawn + (classes[0],), b, prob * b.probability))
        return node

    tree.root = make((), (), None, Fraction(1))
    if dealer is not None:
        _value(tree, tree.root, hand_of, rules)
    return tree


def _value(tree: DrawTree, node: Node, hand_of, rules: Rules) -> Fraction:
    """Fill in the bank's side and the values, bottom up."""
    from .. import odds

    if node.state == "bust":
        node.win, node.lose, node.push, node.value = Fraction(0), Fraction(1), Fraction(0), Fraction(-1)  # S10
        return node.value
    if node.state != "hit":
        held = hand_of(node.drawn)
        key = (tuple(sorted(c.index for c in held)), node.total)
        got = tree._bank_cache.get(key)
        if got is None:
            dist = odds.final_distribution(tree.dealer, cards=(), seen=held + tree.seen, rules=rules,
                                           player_total=node.total)
            win = sum((p for t, p in dist.items() if t == "bust" or t < node.total), Fraction(0))  # S12, S13
            tie = dist.get(node.total, Fraction(0))
            push = Fraction(0) if rules.dealer_wins_ties else tie
            got = tree._bank_cache[key] = (dist, win, 1 - win - push, push)
        node.bank, node.win, node.lose, node.push = got
        node.value = node.win - node.lose
        return node.value
    node.value = sum((c.branch.probability * _value(tree, c, hand_of, rules) for c in node.children), Fraction(0))
    wins = [(c.branch.probability, c.win, c.lose, c.push) for c in node.children]
    node.win = sum((p * w for p, w, _, _ in wins), Fraction(0))
    node.lose = sum((p * l for p, _, l, _ in wins), Fraction(0))
    node.push = sum((p * u for p, _, _, u in wins), Fraction(0))
    return node.value
