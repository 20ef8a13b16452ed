"""``BettingLab``: betting after the first card (S7, S9) - how a player beats the bank.

In the Italian rules the stake is placed after the player has seen his first card (S9),
between an agreed minimum and maximum (S7).  Every number here comes from
:mod:`sette_kit.odds`: the heads-up game solved for the bank the learner picks
(``odds.solve``, remembered per rules and bank), the expected result by first card
(``Solution.ev_by_first_card``), the best staking plan for the stake range
(``odds.best_staking_plan``: its EV per round and per unit staked, beside the flat-stake
house edge), what the bank can infer from a stake (Bayes, ``StakingPlan.posterior``) and
the bank's fixed thresholds 4 ... 6½ against a flat-stake and a staking player
(``odds.threshold_table``, the table of ``odds.bank_thresholds``).

Four parts, each optional (``parts=``): ``"first_card"`` (a chart of the expected result
by first card: positive bars above the line, negative ones below and striped, each with
its sign), ``"plan"`` (the best plan and what it is worth), ``"bank_reads"`` (pick a
stake: the hidden first card before and after the bank sees it) and ``"thresholds"``
(the table, the bank's best threshold against each player marked).

Solving takes a few tenths of a second for the Italian rules, so by default it runs as
background work (a "Working it out..." note; a thread, or steps on the kernel's event
loop where threads cannot start) one bank per step; everything already solved is
remembered and redrawn at once.  ``background=False`` does it all at once (tests,
scripts).

>>> lab = BettingLab("plain", "5", min_stake=1, max_stake=10, background=False)
>>> dict(lab.plan.stakes)["7"], f"{float(lab.plan.ev_per_unit):+.1%}"
(10, '+15.6%')
>>> lab.read_stake(10)
{'6': Fraction(1, 2), '7': Fraction(1, 2)}
>>> lab.table.best_flat.threshold, lab.table.best_staking.threshold
(Fraction(5, 1), Fraction(11, 2))
>>> lab.set_stakes(5, 2); lab.message_text
'The minimum stake (5) is more than the maximum (2): give a minimum no larger than the maximum.'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets

from sette_kit import fmt, odds
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _
from sette_kit.rules import PRESETS, Rules
from sette_kit.scoring import fmt_points
from sette_kit.strategy_text import cached_solution, policy, solution
from sette_kit.rules import preset_label

from ._labs_common import Stepped, lab_look, live, table_html, whole
from .base import (KitWidget, esc, exact_values_html, html_panel, picked_preset, read_parts, read_preset, safe_action,
                   text_of)
from .charts import (NARROW, caption_text, card_words, pair_html, paired_bar,
                     signed_bar)
from sette_kit.numbers import shown

__all__ = ["BettingLab", "THRESHOLDS", "PARTS", "MAX_STAKE"]

THRESHOLDS = ("4", "4½", "5", "5½", "6", "6½")
"""The banks of the lab and of its table: a bank that stands at each of these."""
PARTS = ("first_card", "plan", "bank_reads", "thresholds")
MAX_STAKE = 1000
CARD_WORDS = {"Ace": N_("an Ace"), "figure": N_("a figure"), "matta": N_("the matta")}


def _card(name: str) -> str:
    return _(CARD_WORDS[name]) if name in CARD_WORDS else _("a {card}").format(card=name)


def _names(names, last: str = "or") -> str:
    names = list(names)
    if len(names) == 1:
        return names[0]
    joined = _("{items} and {last}") if last == "and" else _("{items} or {last}")
    return joined.format(items=", ".join(names[:-1]), last=names[-1])


def _stake(x) -> str:
    return str(x) if not isinstance(x, Fraction) or x.denominator == 1 else fmt_points(x) \
        if x.denominator == 2 else str(x)


def _pct(x, digits: int = 1) -> str:
    return fmt.approx(x, "percent", digits, sign=True)


def _money(x) -> str:
    return fmt.approx(x, "decimal", 4, sign=True)


def _threshold_name(t) -> str:
    """'5', '4½' from a menu name, a number or a policy."""
    try:
        pol = policy(t)
    except (SetteKitError, TypeError, ValueError):
        pol = None
    if not isinstance(pol, odds.StandAt):
        raise SetteKitError(_("The bank's threshold {value} is not one of {accepted}.").format(
            value=shown(t), accepted=', '.join(THRESHOLDS)))
    name = fmt_points(pol.threshold)
    if name not in THRESHOLDS:
        raise SetteKitError(_("The bank's threshold {value} is not one of {accepted}.").format(
            value=name, accepted=', '.join(THRESHOLDS)))
    return name


class BettingLab(Stepped, KitWidget):
    """The expected result by first card, the best staking plan, Bayes on the stake and
    the bank's thresholds.

    Public actions: :meth:`set_rules`, :meth:`set_threshold`, :meth:`set_stakes`,
    :meth:`read_stake`, :meth:`wait` (or ``await`` :meth:`wait_async`).  Read-outs:
    :attr:`solution`, :attr:`plan`, :attr:`posterior`, :attr:`table` and the text of each
    part (:attr:`chart_text`, :attr:`plan_text`, :attr:`reads_text`, :attr:`table_text`).
    """

    def __init__(self, rules: str = "plain", threshold="5", *, min_stake=1, max_stake=10, stake_seen=None,
                 parts=PARTS, background: bool = True) -> None:
        super().__init__()
        lab_look(self)
        read_preset(rules)
        self.parts = read_parts(parts, PARTS)
        self.background = background
        lo, hi = self._stakes(min_stake, max_stake)
        name = _threshold_name(threshold)
        self.min_stake, self.max_stake = lo, hi
        self.rules = Rules.preset(rules)
        self.dealer = odds.stand_at(Fraction(name.replace("½", ".5")))
        self.solution = self.plan = self.posterior = self.table = None
        self.stake_seen = stake_seen

        self.rules_menu = ipywidgets.Dropdown(options=[(preset_label(p), p) for p in PRESETS], value=rules,
                                              description=_("Rules:"),
                                              layout=ipywidgets.Layout(width="auto"))
        self.rules_menu.add_class("sk-rules")
        self.bank_menu = ipywidgets.Dropdown(options=[(_("stands at {points}").format(points=t), t)
                                                      for t in THRESHOLDS], value=name,
                                             description=_("Bank:"), layout=ipywidgets.Layout(width="auto"))
        self.bank_menu.add_class("sk-bank")
        box = dict(continuous_update=False, layout=ipywidgets.Layout(width="10em"),
                   style={"description_width": "initial"})
        self.min_box = ipywidgets.Text(value=str(lo), description=_("Min stake:"), **box)
        self.min_box.add_class("sk-min-stake")
        self.max_box = ipywidgets.Text(value=str(hi), description=_("Max stake:"), **box)
        self.max_box.add_class("sk-max-stake")
        self.rules_menu.observe(lambda ch: self._quietly(self.set_rules, ch["new"]), names="value")
        self.bank_menu.observe(lambda ch: self._quietly(self.set_threshold, ch["new"]), names="value")
        for b in (self.min_box, self.max_box):
            b.observe(lambda ch: self._quietly(lambda unused: self.set_stakes(self.min_box.value, self.max_box.value),
                                               ch["new"]), names="value")
        self.status = html_panel("sk-status")
        self.first_html = html_panel("sk-first-card")
        self.plan_html = html_panel("sk-plan")
        self.stake_buttons = ipywidgets.ToggleButtons(options=[], description=_("Stake seen:"),
                                                      style={"description_width": "initial",
                                                             "button_width": "auto"})
        self.stake_buttons.add_class("sk-stake-seen")
        self.stake_buttons.observe(lambda ch: self._quietly(self.read_stake, ch["new"]), names="value")
        self.reads_html = html_panel("sk-bank-reads")
        self.table_html = html_panel("sk-thresholds")
        wrap = ipywidgets.Layout(flex_flow="row wrap", align_items="center")
        children = [ipywidgets.HBox([self.rules_menu, self.bank_menu], layout=wrap),
                    ipywidgets.HBox([self.min_box, self.max_box], layout=wrap),
                    self.message, self.status]
        if "first_card" in self.parts:
            children.append(self.first_html)
        if "plan" in self.parts:
            children.append(self.plan_html)
        if "bank_reads" in self.parts:
            children += [ipywidgets.HTML('<h4 class="sk-lab-heading">'
                                         + esc(_("What the bank can read from your stake")) + '</h4>'),
                         self.stake_buttons, self.reads_html]
        if "thresholds" in self.parts:
            children.append(self.table_html)
        self.set_children(children)
        self._refresh()

    # -- helpers ----------------------------------------------------------------------------------
    @staticmethod
    def _stakes(min_stake, max_stake) -> tuple[int, int]:
        lo = whole(min_stake, 1, MAX_STAKE, N_("The minimum stake"))
        hi = whole(max_stake, 1, MAX_STAKE, N_("The maximum stake"))
        if lo > hi:
            raise SetteKitError(_("The minimum stake ({lo}) is more than the maximum ({hi}): "
                                  "give a minimum no larger than the maximum.").format(lo=lo, hi=hi))
        return lo, hi

    def _thresholds(self):
        return [odds.stand_at(Fraction(t.replace("½", ".5"))) for t in THRESHOLDS]

    def _all_solved(self, rules, dealer) -> bool:
        needed = [dealer] + (self._thresholds() if "thresholds" in self.parts else [])
        return all(cached_solution(rules, d) is not None for d in needed)

    def _refresh(self, wait: bool | None = None) -> None:
        rules, dealer, lo, hi = self.rules, self.dealer, self.min_stake, self.max_stake
        if wait is None and self._all_solved(rules, dealer):
            wait = True  # everything is remembered: draw at once
        self._request(lambda: self._steps(rules, dealer, lo, hi), _("Working it out…"), wait=wait)

    def _steps(self, rules, dealer, lo, hi):
        sol = solution(rules, dealer)
        yield
        plan = odds.best_staking_plan(sol, lo, hi)
        used = sorted(set(plan.stakes.values()))
        seen = self.stake_seen if self.stake_seen in used else used[-1]
        post = plan.posterior(seen)
        self.solution, self.plan, self.stake_seen, self.posterior = sol, plan, seen, post
        self._show_first(sol, plan)
        self._show_plan(plan)
        self._show_reads(plan, seen, post)
        if "thresholds" not in self.parts:
            return
        self.table_html.value = live('<p class="sk-note">' + esc(_("Working out the table of thresholds…")) + '</p>',
                                     "sk-table-note")
        sols = []
        for d in self._thresholds():
            sols.append(solution(rules, d))
            yield
        self.table = odds.threshold_table(sols, min_stake=lo, max_stake=hi)
        self._show_table(self.table, dealer)

    # -- drawing ----------------------------------------------------------------------------------
    def _show_first(self, sol, plan) -> None:
        by = sol.ev_by_first_card()
        notes = {} if plan.min_stake == plan.max_stake else \
            {card_words(n): _("stake {stake}").format(stake=_stake(s)) for n, s in plan.stakes.items()
             if s == plan.max_stake}
        values = {card_words(n): f.ev for n, f in by.items()}
        title = _("Your expected result by first card ({rules} rules, bank stands at {points})").format(
            rules=preset_label(sol.rules.name), points=fmt_points(sol.dealer.threshold))
        words: dict[str, Any] = dict(xlabel=_("your first card"), ylabel=_("per unit staked"), notes=notes)
        wide = signed_bar(values, title=title, positive=_("you gain on average"), negative=_("you lose on average"),
                          height=320, **words)
        narrow = signed_bar(values, title=_("Your expected result by first card"), positive=_("you gain"),
                            negative=_("you lose"), horizontal=True, width=NARROW, **words)
        self.first_html.value = pair_html(wide, narrow)

    def _show_plan(self, plan) -> None:
        lo, hi = plan.min_stake, plan.max_stake
        high = [n for n, s in plan.stakes.items() if s == hi]
        low = [n for n, s in plan.stakes.items() if s == lo]
        if lo == hi or not high or not low:
            s = hi if high else lo
            how = esc(_("Stake {stake} on every first card: the stake cannot help you here.").format(
                stake=_stake(s)))
        else:
            how = _("Stake <b>{high}</b> on a first {cards} (they win on average), <b>{low}</b> on any other first "
                    "card.").format(high=_stake(hi), cards=esc(_names([card_words(n) for n in high])), low=_stake(lo))
        edge = -plan.flat_ev
        num = '<b class="sk-num">{}</b>'.format
        rows = [
            "<li>" + _("Expected result per round: {value} (in units of money)").format(
                value=num(esc(_money(plan.ev_per_round)))) + "</li>",
            "<li>" + _("Average stake per round: {value}").format(
                value=num(esc(fmt.approx(plan.stake_per_round, "decimal", 2)))) + "</li>",
            "<li>" + _("Return per unit staked: {value}").format(value=num(esc(_pct(plan.ev_per_unit)))) + "</li>",
            "<li>" + _("The same play at a flat stake: {value} per unit staked (the house edge, {edge} of the "
                       "stake)").format(value=num(esc(_pct(plan.flat_ev))),
                                        edge=esc(fmt.approx(edge, "percent", 1))) + "</li>"]
        by_card = table_html(
            [esc(_("first card")), esc(_("chance")), esc(_("expected result per unit")), esc(_("stake"))],
            [[esc(card_words(n)), esc(fmt.approx(f.probability, "percent", 1)), esc(_pct(f.ev)),
              esc(_stake(plan.stakes[n]))] for n, f in plan.first_cards.items()],
            caption=esc(_("Card by card")), css="sk-plan-table")
        exact = exact_values_html([(_("expected result per round"), plan.ev_per_round),
                                   (_("return per unit staked"), plan.ev_per_unit),
                                   (_("flat-stake result per unit"), plan.flat_ev)])
        heading = _("The best staking plan for stakes {low} to {high}").format(low=_stake(lo), high=_stake(hi))
        self.plan_html.value = live(
            f'<h4 class="sk-lab-heading">{esc(heading)}</h4>'
            f'<p class="sk-plan-how">{how}</p><ul class="sk-plan-numbers">{"".join(rows)}</ul>{exact}'
            f'<details class="sk-plan-cards"><summary>' + esc(_("Card by card")) + f'</summary>{by_card}</details>',
            "sk-plan-result")

    def _show_reads(self, plan, seen, post) -> None:
        used = sorted(set(plan.stakes.values()))
        with self._quiet():
            self.stake_buttons.options = [(_("stake {stake}").format(stake=_stake(s)), s) for s in used]
            self.stake_buttons.value = seen
        firsts = plan.first_cards
        if len(used) == 1:
            self.reads_html.value = live(
                '<p class="sk-reads-note">' + esc(_("This plan stakes the same on every first card, so the stake "
                                                    "tells the bank nothing: the hidden card is as likely as "
                                                    "before.")) + '</p>', "sk-reads-result")
            return
        series = ((_("before the stake"), [f.probability for f in firsts.values()]),
                  (_("after a stake of {stake}").format(stake=_stake(seen)),
                   [post.get(n, Fraction(0)) for n in firsts]))
        cats = [card_words(n) for n in firsts]
        wide = paired_bar(cats, *series, xlabel=_("the player's first card"), ylabel=_("probability"),
                          title=_("The hidden first card, before and after a stake of {stake}").format(
                              stake=_stake(seen)), height=300)
        narrow = paired_bar(cats, *series, xlabel=_("the player's first card"), ylabel=_("probability"),
                            title=_("The hidden first card"), horizontal=True, width=NARROW)
        possible = [n for n in firsts if post.get(n)]
        best = max(possible, key=lambda n: post[n])
        ruled_out = [n for n in firsts if not post.get(n)]
        holds = esc(_names([_card(n) for n in possible]))
        said = ((_("A player who follows the plan and stakes {stake} holds {cards}.") if len(possible) > 1
                 else _("A player who follows the plan and stakes {stake} holds {cards} for sure.")).format(
            stake=_stake(seen), cards=holds) + " ")
        ties = [n for n in possible if post[n] == post[best]]
        if len(possible) > 1 and len(ties) == 1:
            said += _("Most likely {card}: {now} (before the stake {before}).").format(
                card=esc(_card(best)), now=esc(fmt.approx(post[best], 'percent', 1)),
                before=esc(fmt.approx(firsts[best].probability, 'percent', 1))) + " "
        elif len(possible) > 1:  # no single card is most likely: say so (a 6 and a 7 after a stake of 10)
            said += _("Most likely, and equally likely: {cards}, {now} each.").format(
                cards=esc(_names([_card(n) for n in ties], "and")), now=esc(fmt.approx(post[best], 'percent', 1))) + " "
        if ruled_out:
            said += _("Ruled out: {cards}.").format(cards=esc(_names([_card(n) for n in ruled_out], 'and')))
        bayes = _("Bayes' theorem: P(card | stake) = P(stake | card) × P(card) ÷ P(stake), where “|” reads "
                  "“given”. The plan stakes one amount on each card, so P(stake | card) is 1 for the cards "
                  "staked so and 0 for the others.")
        self.reads_html.value = live(
            f'<p class="sk-reads-note">{said}</p><p class="sk-reads-bayes">{esc(bayes)}</p>'
            f'{pair_html(wide, narrow)}', "sk-reads-result")

    def _show_table(self, table, dealer) -> None:
        lo, hi = table.min_stake, table.max_stake
        best_flat, best_stake = table.best_flat.threshold, table.best_staking.threshold
        rows, css = [], []
        for r in table.rows:
            high = [n for n, s in r.plan.stakes.items() if s == hi]
            on = _("every card") if len(high) == len(r.plan.stakes) else (
                ", ".join(card_words(n) for n in high) if high else _("none"))
            star = ' <b class="sk-best">★ ' + esc(_("best")) + '</b>'
            flat = esc(_pct(r.flat_ev)) + (star if r.threshold == best_flat else "")
            per_round = esc(_money(r.plan.ev_per_round)) + (star if r.threshold == best_stake else "")
            mine = r.threshold == dealer.threshold
            name = esc(fmt_points(r.threshold)) + (" (" + esc(_("your bank")) + ")" if mine else "")
            rows.append([name, flat, per_round, esc(_pct(r.plan.ev_per_unit)),
                         esc(on) if lo != hi else "-"])
            css.append("sk-current" if mine else "")
        head = [esc(h) for h in (
            _("bank stands at"), _("flat stake: you, per unit"),
            _("stakes {low}–{high}: you, per round").format(low=_stake(lo), high=_stake(hi)),
            _("per unit staked"), _("stake {stake} on").format(stake=_stake(hi)))]
        said = (_("★ best: the bank's best threshold against that player (your lowest result).") + " "
                + _("The bank's best threshold is {flat} against a flat stake, {staking} against the player who "
                    "stakes by his first card.").format(flat=fmt_points(best_flat),
                                                        staking=fmt_points(best_stake)))
        caption = esc(_("Both players play optimally ({rules} rules).").format(
            rules=preset_label(table.rows[0].plan.rules.name)))
        self.table_html.value = live(
            '<h4 class="sk-lab-heading">' + esc(_("The bank's threshold against two players")) + '</h4>'
            + table_html(head, rows, caption=caption, css="sk-threshold-table", row_css=css)
            + f'<p class="sk-table-summary">{esc(said)}</p>', "sk-table-result")

    # -- read-outs ----------------------------------------------------------------------------------
    @property
    def chart_text(self) -> str:
        """The text equivalent of the chart of the expected result by first card."""
        return caption_text(self.first_html.value)

    plan_text = text_of("plan_html")
    reads_text = text_of("reads_html")
    table_text = text_of("table_html")

    # -- actions ------------------------------------------------------------------------------------
    @safe_action
    def set_rules(self, name: str) -> Rules:
        """The rules preset: 'plain', 'italian' or 'spanish'."""
        picked_preset(name)
        self.rules = Rules.preset(name)
        if self.rules_menu.value != name:
            self._set_quiet(self.rules_menu, name)
        self._refresh()
        return self.rules

    @safe_action
    def set_threshold(self, threshold) -> odds.StandAt:
        """The bank the player faces: it stands at 4, 4½, 5, 5½, 6 or 6½ ('5½', 5.5...)."""
        name = _threshold_name(threshold)
        self.dealer = odds.stand_at(Fraction(name.replace("½", ".5")))
        if self.bank_menu.value != name:
            self._set_quiet(self.bank_menu, name)
        self._refresh()
        return self.dealer

    @safe_action
    def set_stakes(self, min_stake, max_stake) -> tuple | None:
        """The stake range agreed at the table (S7): whole numbers, 1 <= min <= max <= 1,000."""
        lo, hi = self._stakes(min_stake, max_stake)
        self.min_stake, self.max_stake = lo, hi
        if self.min_box.value != str(lo) or self.max_box.value != str(hi):
            with self._quiet():
                self.min_box.value, self.max_box.value = str(lo), str(hi)
        self._refresh()
        return lo, hi

    @safe_action
    def read_stake(self, stake) -> dict | None:
        """The bank sees ``stake``: the probability of each hidden first card (Bayes, for a
        player who follows the plan); the stakes the plan uses are the buttons."""
        if self.plan is None:
            raise SetteKitError(_("Wait a moment: the plan is still being worked out."))
        used = sorted(set(self.plan.stakes.values()))
        s = whole(stake, 1, MAX_STAKE, N_("The stake"))
        if s not in used:
            raise SetteKitError(_("A player who follows this plan stakes {stakes}, never {stake}.").format(
                stakes=_names([_stake(u) for u in used]), stake=_stake(s)))
        post = self.plan.posterior(s)
        self.stake_seen, self.posterior = s, post
        self._show_reads(self.plan, s, post)
        return post
