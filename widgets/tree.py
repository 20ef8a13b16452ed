"""``ProbabilityTree``: the tree of successive draws, with the counting at every branch.

A view of :func:`sette_kit.trees.draw_tree`.  From the cards you hold, following a
plan ("hit once, then stand", "hit until 5 or more", the best strategy), each branch
is a group of cards of one value with its count ("a figure: 12 of 39 cards", 12/39);
a path's probability is the product of its branches; each leaf says where the plan
stops (bust, or standing on a total).  Under the tree the leaves are added up into
events (bust, each total); with the bank's policy, each leaf's value (win minus lose
against the bank's final distribution from the cards left) times its probability,
summed, gives the plan's expected result - the number the solver gives, opened up.

The tree is nested ``<details>`` elements: every level opens and closes with a click,
or with the keyboard (Tab to a line, Enter or Space), with no round trip to the kernel,
so it also works on a static page.  A leaf opens onto its counting in words.  "Open
every level" and "Close every level" set all of them at once.  Each line has a small
bar as long as the path's probability (bust in vermillion with stripes, 7½ in green,
standing in blue, still drawing in sky blue); its words say the same.

>>> from sette_kit import odds
>>> t = ProbabilityTree("5 di coppe", "hit once, then stand", dealer=odds.stand_at(5))
>>> [leaf.outcome for leaf in t.model.leaves()]
['stand on 6', 'stand on 7', 'stand on 5½', 'bust']
>>> print(t.sum_text.splitlines()[-1])
Following the plan is worth -0.4597 per unit staked; standing now is worth -0.4507.
>>> print(t.counting((2,)).splitlines()[0])
You hold 5 di coppe: 5. 39 cards are unseen, and 12 of them are figures: 12/39.
>>> t.set_plan("hit until 7 or more"); t.model.plan.text
'hit until 7 or more'
>>> t.set_plan("hit until 9"); t.message_text
"plan 'hit until 9': accepted plans are stand now, hit once, then stand, hit twice, then stand, hit until 4 or more, hit until 4½ or more, hit until 5 or more, hit until 5½ or more, hit until 6 or more, hit until 6½ or more, hit until 7 or more, play the best strategy"
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets

from sette_kit import fmt, odds, trees
from sette_kit.cards import as_cards, cards_in_text
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _, ngettext
from sette_kit.rules import Rules
from sette_kit.scoring import fmt_points

from .base import KitWidget, button, esc, html_panel, on_enter, plain_text, read_cards, safe_action
from .charts import BLUE, GREEN, SKY, VERMILLION, bar, stripes
from .render import hand_html, read_card_size
from sette_kit.numbers import read_whole, shown

__all__ = ["ProbabilityTree", "tree_html", "sum_html", "PLANS", "plan_label"]

PLANS = ("stand now", "hit once, then stand", "hit twice, then stand") + tuple(
    f"hit until {fmt_points(Fraction(h, 2))} or more" for h in range(8, 15)) + ("play the best strategy",)

_PLAN_WORDS = {"stand now": N_("stand now"), "hit once, then stand": N_("hit once, then stand"),
               "hit twice, then stand": N_("hit twice, then stand"),
               "play the best strategy": N_("play the best strategy")}


def plan_label(text: str) -> str:
    """A plan of :data:`PLANS` (its English text is its key) as the learner reads it."""
    if text in _PLAN_WORDS:
        return _(_PLAN_WORDS[text])
    if text.startswith("hit until ") and text.endswith(" or more"):
        return _("hit until {total} or more").format(total=text[len("hit until "):-len(" or more")])
    return text
"""The plans a learner can choose, in words."""

_COLOURS = {"bust": VERMILLION, "seven_and_a_half": GREEN, "stand": BLUE, "hit": SKY}


def _bar(p: Fraction, state: str, width: int = 60) -> str:
    """A small bar as long as the path's probability (decoration: the words say it)."""
    w = max(float(p) * width, 1.0 if p else 0.0)
    fill = bar(0, 0, w, 10, _COLOURS[state]) + (stripes(0, 0, w, 10, gap=5) if state == "bust" else "")
    return (f'<svg class="sk-tree-bar" aria-hidden="true" width="{width}" height="10" viewBox="0 0 {width} 10" '
            f'style="vertical-align:middle;flex:none"><rect x="0" y="0" width="{width}" height="10" fill="none" '
            f'stroke="currentColor" stroke-opacity=".35"/>{fill}</svg>')


def _outcome(node: trees.Node) -> str:
    if node.state == "hit":
        return _("{total}: hit again").format(total=fmt_points(node.total))
    return node.outcome


def _line(node: trees.Node) -> str:
    b = node.branch
    path = "" if node.depth == 1 else \
        ' · <span class="sk-tree-path">' + (esc(_("path {p}").format(p=fmt.percent(node.probability)))) + '</span>'
    value = ""
    if node.value is not None and node.is_leaf:
        worth = _("worth {value}").format(value=fmt.decimal(node.value, 3, sign=True))
        value = f' · <span class="sk-tree-value">{esc(worth)}</span>'
    count = ngettext("{n} of {unseen} card", "{n} of {unseen} cards", b.unseen).format(n=b.count, unseen=b.unseen)
    return (f'{_bar(node.probability, node.state)} <span class="sk-tree-branch">{esc(b.label)}</span> · '
            f'<span class="sk-tree-count">{esc(count)}</span> · '
            f'<span class="sk-tree-p">{b.count}/{b.unseen}</span> → '
            f'<span class="sk-tree-outcome">{esc(_outcome(node))}</span>{path}{value}')


def _node_html(node: trees.Node, open_levels: int) -> str:
    cls = f"sk-tree-node sk-tree-{node.state.replace('_', '-')}"
    if node.is_leaf:
        counting = "".join(f"<p>{esc(line)}</p>" for line in node.counting().splitlines())
        return (f'<li class="{cls}"><details class="sk-tree-leaf"><summary>{_line(node)}</summary>'
                f'<div class="sk-tree-counting">{counting}</div></details></li>')
    opened = " open" if node.depth < open_levels else ""
    kids = "".join(_node_html(c, open_levels) for c in node.children)
    return (f'<li class="{cls}"><details class="sk-tree-inner"{opened}><summary>{_line(node)}</summary>'
            f'<ul class="sk-tree-level">{kids}</ul></details></li>')


def tree_html(model: trees.DrawTree, open_levels: int = 1, size: int = 44) -> str:
    """The tree as nested ``<details>``: levels up to ``open_levels`` open."""
    root = model.root
    face = model.rules.face
    plan = esc(model.plan.text)
    hold = _("You hold {hand}: <b>{total}</b>. Plan: <b>{plan}</b>.").format(
        hand=esc(cards_in_text(model.cards, face)), total=esc(fmt_points(root.total)), plan=plan)
    head = (f'<div class="sk-tree-root">{hand_html(model.cards, face=face, rules=model.rules, size=size)}'
            f'<p>{hold}</p></div>')
    if root.is_leaf:
        body = '<p class="sk-tree-only">' + (esc(_("No card is drawn: {outcome}.").format(outcome=root.outcome))) + '</p>'
    else:
        kids = "".join(_node_html(c, open_levels) for c in root.children)
        body = f'<ul class="sk-tree-level sk-tree-top">{kids}</ul>'
    aria = _("Probability tree: {hand}, {plan}").format(hand=model.hand_text, plan=model.plan.text)
    return (f'<div class="sk-tree" role="group" aria-label="{esc(aria)}">'
            f"{head}{body}</div>")


def _event_name(event) -> str:
    if event == "bust":
        return _("bust")
    return "7½" if event == Fraction(15, 2) else _("stand on {total}").format(total=fmt_points(event))


def sum_html(model: trees.DrawTree, stand_value: Fraction | None = None) -> str:
    """The leaves added up: by event; with a bank, each event's share of the value."""
    events = model.events()
    leaves = model.leaves()
    by_event: dict = {}
    for leaf in leaves:
        n, contrib = by_event.get(leaf.event, (0, Fraction(0)))
        by_event[leaf.event] = (n + 1, contrib + leaf.probability * (leaf.value or 0))
    with_value = model.ev is not None
    rows = []
    for event, p in events.items():
        n, contrib = by_event[event]
        cells = [f'<th scope="row">{esc(_event_name(event))}</th>',
                 "<td>" + (esc(ngettext('{n} leaf', '{n} leaves', n).format(n=n))) + "</td>",
                 f"<td>{esc(fmt.approx(p))}</td>"]
        if with_value:
            cells.append(f"<td>{esc(fmt.decimal(contrib, 4, sign=True))}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    total = sum(events.values(), Fraction(0))
    foot = ['<th scope="row">' + (esc(_("all leaves"))) + f'</th><td>{len(leaves)}</td><td>{esc(fmt.approx(total))}</td>']
    if with_value:
        foot[0] += f"<td>{esc(fmt.decimal(model.ev, 4, sign=True))}</td>"
    cols = [_("event"), _("leaves"), _("probability")] + ([_("probability × value")] if with_value else [])
    head = "<tr>" + "".join(f'<th scope="col">{esc(c)}</th>' for c in cols) + "</tr>"
    says = (_("Each event's probability is the sum of its leaves' paths; each leaf's value is what it wins on "
              "average against the bank (win minus lose), and probability × value, summed over the leaves, is the "
              "plan's expected result.") if with_value else _("Each event's probability is the sum of its leaves' paths."))
    caption = esc(_("The leaves added up"))
    # on a phone the table scrolls inside a box a keyboard can reach and a screen reader can
    # name (axe: scrollable-region-focusable), never the page
    out = (f'<p class="sk-tree-sum-note">{esc(says)}</p>'
           f'<div role="region" aria-label="{caption}" tabindex="0" style="max-width:100%;overflow-x:auto">'
           f'<table class="sk-tree-sum"><caption>{caption}</caption><thead>{head}</thead>'
           f"<tbody>{''.join(rows)}</tbody><tfoot><tr>{foot[0]}</tr></tfoot></table></div>")
    if with_value:
        ev = fmt.decimal(model.ev, 4, sign=True)
        if stand_value is not None:
            line = _("Following the plan is worth {ev} per unit staked; standing now is worth {stand}.").format(
                ev=ev, stand=fmt.decimal(stand_value, 4, sign=True))
        else:
            line = _("Following the plan is worth {ev} per unit staked.").format(ev=ev)
        out += f'<p class="sk-tree-ev" role="status"><b>{esc(line)}</b></p>'
    return f'<div class="sk-tree-sums">{out}</div>'


class ProbabilityTree(KitWidget):
    """The probability tree of ``cards`` following ``plan`` (a plan in words from
    :data:`PLANS`, or a plan of :mod:`sette_kit.trees`).  ``dealer``: the bank's policy,
    to value the leaves (rules deciding by totals alone: ``plain`` or ``spanish``).
    ``open_levels``: how many levels start open.  ``controls``: show the hand box and
    the plan menu.

    Actions: :meth:`set_hand`, :meth:`set_plan`, :meth:`open_all`, :meth:`close_all`;
    :meth:`counting` gives a node's counting in words."""

    def __init__(self, cards, plan="hit once, then stand", *, rules="plain", seen=(), dealer=None,
                 open_levels: int = 1, controls: bool = True, card_size: int = 44) -> None:
        super().__init__()
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.seen, self.dealer, self.card_size = seen, dealer, read_card_size(card_size)
        self.open_levels = read_whole(open_levels, "open_levels", 0, 40, text=False)  # checked where the widget is made
        self._solution = None
        # cards as text, or Cards checked (and read no further than a deck's worth)
        self.cards = read_cards(cards, self.rules.face) if isinstance(cards, str) else \
            as_cards(cards, face=self.rules.face, what=_("cards"))
        self.plan = self._plan(plan)
        self.model = self._build(self.cards, self.plan)
        self.tree_view = html_panel("sk-tree-view")
        self.sum_view = html_panel("sk-tree-sum-view")
        self.hand_box = ipywidgets.Text(value=", ".join(c.name(self.rules.face) for c in self.cards),
                                        description=_("Your cards:"), layout=ipywidgets.Layout(width="20em"))
        self.hand_box.style.description_width = "initial"
        self.hand_box.add_class("sk-tree-hand")
        on_enter(self.hand_box, self.set_hand)
        self.show_button = button(_("Show the tree"), lambda: self.set_hand(self.hand_box.value),
                                  tooltip=_("Draw the tree for these cards (or press Enter)"), css="sk-tree-show")
        names = [p for p in PLANS if p != "play the best strategy" or dealer is not None]
        self._plan_names = names
        self.plan_menu = ipywidgets.Dropdown(options=[(plan_label(p), p) for p in names],
                                             value=self.plan.key if self.plan.key in names else None,
                                             description=_("Plan:"), layout=ipywidgets.Layout(width="auto"))
        self.plan_menu.style.description_width = "initial"
        self.plan_menu.add_class("sk-tree-plan")
        self.plan_menu.observe(lambda ch: self._quietly(self.set_plan, ch["new"]), names="value")
        self.open_button = button(_("Open every level"), self.open_all, css="sk-tree-open")
        self.close_button = button(_("Close every level"), self.close_all, css="sk-tree-close")
        rows = []
        if controls:
            rows.append(ipywidgets.HBox([self.hand_box, self.show_button, self.plan_menu],
                                        layout=ipywidgets.Layout(flex_flow="row wrap")))
        rows.append(ipywidgets.HBox([self.open_button, self.close_button],
                                    layout=ipywidgets.Layout(flex_flow="row wrap")))
        self.set_children(rows + [self.message, self.tree_view, self.sum_view])
        self._render()

    # -- model -------------------------------------------------------------------------
    def _plan(self, plan):
        if not isinstance(plan, str):
            return trees._plan(plan)
        text = plan.strip().lower()
        text = next((p for p in PLANS if plan_label(p).lower() == text), text)  # a plan in the learner's words
        if text == "stand now":
            return trees.STAND
        if text in ("hit once, then stand", "hit twice, then stand"):
            return trees.hit_then_stand(1 if "once" in text else 2)
        if text == "play the best strategy" and self.dealer is not None:
            if self._solution is None:
                self._solution = odds.solve(self.rules, dealer=self.dealer)
            return trees.follow(self._solution)
        for name in PLANS[3:-1]:
            if text == name:
                return trees.hit_until(Fraction(name.split()[2].replace("½", ".5")))
        names = [p for p in PLANS if p != "play the best strategy" or self.dealer is not None]
        raise SetteKitError(_("plan {plan}: accepted plans are {plans}").format(
            plan=shown(plan), plans=", ".join(plan_label(p) for p in names)))

    def _build(self, cards, plan):
        return trees.draw_tree(cards, plan, rules=self.rules, seen=self.seen, dealer=self.dealer)

    def _render(self) -> None:
        # each drawing differs (a counter), so "Close every level" also closes the levels the
        # learner opened in the page, where the kernel's text would otherwise be unchanged
        self._drawn = getattr(self, "_drawn", 0) + 1
        self.tree_view.value = tree_html(self.model, self.open_levels, self.card_size).replace(
            '<div class="sk-tree" ', f'<div class="sk-tree" data-drawing="{self._drawn}" ', 1)
        stand = None
        if self.dealer is not None and not self.model.root.is_leaf and self.model.root.state != "bust":
            stand = trees.draw_tree(self.cards, trees.STAND, rules=self.rules, seen=self.seen,
                                    dealer=self.dealer).ev
        self.sum_view.value = sum_html(self.model, stand)

    # -- actions -----------------------------------------------------------------------
    @safe_action
    def set_hand(self, text) -> None:
        """Draw the tree for other cards (text such as ``"4 di coppe, Fante di spade"``)."""
        cards = read_cards(text, self.rules.face) if isinstance(text, str) else tuple(text)
        model = self._build(cards, self.plan)  # an error leaves the tree as it was
        self.cards, self.model = cards, model
        self._render()

    @safe_action
    def set_plan(self, plan) -> None:
        """Follow another plan (one of :data:`PLANS`, or a plan of :mod:`sette_kit.trees`)."""
        new = self._plan(plan)
        model = self._build(self.cards, new)
        self.plan, self.model = new, model
        if self.plan_menu.value != new.key and new.key in self._plan_names:
            self._set_quiet(self.plan_menu, new.key)
        self._render()

    @safe_action
    def open_all(self) -> None:
        """Open every level of the tree."""
        self.open_levels = 99
        self._render()

    @safe_action
    def close_all(self) -> None:
        """Close every level but the first."""
        self.open_levels = 1
        self._render()

    def counting(self, path) -> str:
        """The counting in words for the node at ``path`` (child indices from the root)."""
        return self.model.node(tuple(path)).counting()

    @property
    def text(self) -> str:
        """The tree as an outline (plain text)."""
        return self.model.text()

    @property
    def sum_text(self) -> str:
        """The sums under the tree as plain text."""
        t = self.sum_view.value.replace("</tr>", "</tr>\n").replace("</caption>", "</caption>\n")
        t = t.replace("</p>", "</p>\n").replace("</td>", " </td>").replace("</th>", " </th>")
        return "\n".join(" ".join(line.split()) for line in plain_text(t).splitlines() if line.strip())
