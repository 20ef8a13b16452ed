"""``StrategyChart``: the solved heads-up game (DESIGN.md) as a table and a house edge.

Pick a preset and a bank policy, press "Solve": :func:`sette_kit.strategy_text.solution`
(``odds.solve``, remembered per rules and bank) gives the optimal strategy, shown as a
heatmap/table (rows: first card, columns: total; H hit, S stand, h/s mostly hit/stand),
sentences read off the table, and the exact house edge.  "Look up" gives the expected
result of standing and of hitting for one hand (``Solution.ev_of``).

The table is an SVG grid (:func:`widgets.charts.strategy_table`) with a colour legend;
every cell keeps its letter, and cells never reached are left quiet.  Solving the
Italian rules takes a few tenths of a second (drawing the table a few milliseconds), so
by default solving runs as background work with a "Solving..." note and the page stays
responsive (a thread, or steps on the kernel's event loop where there are no threads:
:mod:`widgets._background`); ``background=False`` (or ``solve(wait=True)``) does it at
once, for tests and scripts.  Solutions and charts are remembered, so coming back is
instant.

>>> sc = StrategyChart("plain", background=False)
>>> sc.solution.house_edge
Fraction(22069914749539, 134817758039250)
>>> sc.set_dealer("6")
stand_at(6)
>>> sc.solve().house_edge == odds.solve("plain", odds.stand_at(6)).house_edge
True
"""

from __future__ import annotations

import ipywidgets

from sette_kit import odds
from sette_kit.errors import SetteKitError
from sette_kit.i18n import _, get_language, pgettext
from sette_kit.rules import PRESETS, Rules
from sette_kit.rules import preset_label
from sette_kit.scoring import fmt_points
from sette_kit.strategy_text import (BANK_POLICIES, cached_solution, dealer_words, first_label, house_edge_text,
                                     lookup_text, policy, solution, strategy_grid, strategy_sentences)

from ._background import Background
from .base import KitWidget, button, esc, exact_html, html_panel, lines_html, read_cards, safe_action, text_box, text_of
from .charts import STRATEGY_LEGEND, caption_text, strategy_table
from sette_kit._checks import read_bool
from sette_kit.numbers import shown

__all__ = ["StrategyChart", "Background", "POLICY_OPTIONS"]

POLICY_OPTIONS = [(("the all-seeing bank" if p == "sees" else f"bank stands at {p}"), p) for p in BANK_POLICIES]
"""The bank menu's options in English (:func:`policy_options`: in the current language)."""


def _policy_label(p: str) -> str:
    return _("the all-seeing bank") if p == "sees" else _("bank stands at {n}").format(n=p)


def policy_options() -> list:
    """The bank menu's options, (words, name), in the current language."""
    return [(_policy_label(p), p) for p in BANK_POLICIES]


def grid_letters() -> dict:
    """The strategy grid's letters in the current language, by the engine's letter
    ("H" hit, "S" stand, "h"/"s" mostly hit/stand, "." not reached): the letter of the
    language's word (Italian C = carta, S = sto; Spanish C = carta, P = me planto)."""
    return {"H": pgettext("strategy grid letter for hit", "H"), "S": pgettext("strategy grid letter for stand", "S"),
            "h": pgettext("strategy grid letter for mostly hit", "h"),
            "s": pgettext("strategy grid letter for mostly stand", "s"), ".": "."}


def grid_legend() -> dict:
    """The chart's legend (letter -> (meaning, colour)) in the current language."""
    letters = grid_letters()
    meanings = {"H": _("hit"), "S": _("stand"), "h": _("mostly hit"), "s": _("mostly stand"), ".": _("not reached")}
    return {letters[k]: (meanings[k], colour) for k, (_meaning, colour) in STRATEGY_LEGEND.items()}


def grid_legend_text() -> str:
    """The letters read out: 'H hit, S stand, h/s mostly hit/stand (depends on the cards), . not reached'."""
    L = grid_letters()
    return _("{H} hit, {S} stand, {h}/{s} mostly hit/stand (depends on the cards), {dot} not reached").format(
        H=L["H"], S=L["S"], h=L["h"], s=L["s"], dot=".")


def _local_cells(cells) -> list:
    letters = grid_letters()
    return [[letters.get(c, c) if isinstance(c, str) else c for c in row] for row in cells]


def _policy_name(dealer) -> str:
    if isinstance(dealer, odds.BankSeesPlayer):
        return "sees"
    return fmt_points(dealer.threshold)


def dealer_dropdown(dealer) -> ipywidgets.Dropdown:
    """The "Bank:" menu of bank policies (class ``sk-dealer``) showing ``dealer``; a
    threshold that is not among :data:`BANK_POLICIES` is added as one more option."""
    name = _policy_name(dealer)
    options = policy_options()
    if name not in BANK_POLICIES:
        options.append((_policy_label(name), name))
    menu = ipywidgets.Dropdown(options=options, value=name, description=_("Bank:"),
                               style={"description_width": "initial"},  # "Banca:" needs more room than "Bank:"
                               layout=ipywidgets.Layout(width="18em", height="auto"))
    menu.add_class("sk-dealer")
    return menu


_CHARTS: dict = {}  # (Solution, language) -> chart HTML (solutions themselves are remembered in strategy_text)


def strategy_chart_html(sol) -> str:
    """The strategy grid of one solution (remembered with it, per language)."""
    key = (sol, get_language())
    got = _CHARTS.get(key)
    if got is None:
        firsts, totals, cells = strategy_grid(sol)
        title = _("Best play, {name} rules, {bank}").format(name=preset_label(sol.rules.name),
                                                           bank=dealer_words(sol.dealer))
        firsts = [first_label(f) for f in firsts]  # "Asso", "figura": the rows in the page's words (IT-5)
        chart = strategy_table(_local_cells(cells), firsts, [fmt_points(t) for t in totals], title=title,
                               row_label=_("first card"), col_label=_("your total"), legend=grid_legend()).html
        got = _CHARTS.setdefault(key, chart)
    return got


class StrategyChart(Background, KitWidget):
    """The optimal heads-up strategy and house edge for a preset and a bank policy.

    Public actions: :meth:`solve`, :meth:`set_rules`, :meth:`set_dealer`, :meth:`lookup`.
    """

    def __init__(self, rules: Rules | str = "plain", dealer=None, exact: bool = True, *,
                 background: bool = True, show_chart: bool = True) -> None:
        super().__init__()
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        if not isinstance(self.rules, Rules):
            raise SetteKitError(_("rules={rules}: give a Rules object or a preset name such as 'plain'").format(
                rules=shown(rules)))
        self.dealer = policy(dealer if dealer is not None else odds.stand_at(5))
        self.exact = read_bool(exact, "exact")  # "yes" is not True
        self.background = background
        self.show_chart = show_chart
        self.solution = None
        self._syncing = False

        names = list(PRESETS) + ([] if self.rules.name in PRESETS else [self.rules.name])
        self.rules_menu = ipywidgets.Dropdown(options=[(preset_label(n), n) for n in names], value=self.rules.name,
                                              description=_("Rules:"),
                                              layout=ipywidgets.Layout(width="14em"))
        self.rules_menu.add_class("sk-rules")
        self.rules_menu.observe(lambda ch: self._quietly(self.set_rules, ch["new"]), names="value")
        self.dealer_menu = dealer_dropdown(self.dealer)
        self.dealer_menu.observe(lambda ch: self._quietly(self.set_dealer, ch["new"]), names="value")
        self.solve_button = button(_("Solve"), self.solve, tooltip=_("Solve these rules against this bank"),
                                   css="sk-solve", style="primary")
        self.status = html_panel("sk-status")
        self.result_html = html_panel("sk-result")
        self.chart_html = html_panel("sk-chart")
        self.summary_html = html_panel("sk-summary")
        self.lookup_box = text_box(_("e.g. 3 di coppe, Asso di denari"), lambda t: self._quietly(self.lookup, t),
                                   description=_("Hand:"), css="sk-lookup-input")
        self.lookup_button = button(_("Look up"), lambda: self.lookup(self.lookup_box.value),
                                    tooltip=_("Expected result of standing and of hitting with this hand"),
                                    css="sk-lookup")
        self.lookup_html = html_panel("sk-lookup-result")
        wrap = ipywidgets.Layout(flex_flow="row wrap")
        self.set_children([
            ipywidgets.HBox([self.rules_menu, self.dealer_menu, self.solve_button, self.status], layout=wrap),
            self.message, self.result_html, self.chart_html, self.summary_html,
            ipywidgets.HBox([self.lookup_box, self.lookup_button], layout=wrap), self.lookup_html,
        ])
        self.solve()

    # -- helpers --------------------------------------------------------------------------
    def _show(self, got) -> None:
        sol, chart = got
        self.solution = sol
        about = _("({name} rules, one player against the bank, stake 1; the player plays the best strategy.)").format(
            name=preset_label(sol.rules.name))
        self.result_html.value = (f'<p class="sk-house-edge" aria-live="polite"><b>{esc(house_edge_text(sol))}</b> '
                                  f'{esc(about)}</p>' + exact_html(sol.house_edge))
        self.chart_html.value = chart
        self.summary_html.value = lines_html("\n".join(strategy_sentences(sol)), "sk-strategy-sentences")
        self.lookup_html.value = ""

    def _chart(self, sol) -> str:
        if self.show_chart:
            return strategy_chart_html(sol)
        firsts, totals, cells = strategy_grid(sol)
        head = "".join(f'<th scope="col">{esc(fmt_points(t))}</th>' for t in totals)
        body = "".join(f'<tr><th scope="row">{esc(first_label(f))}</th>' + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>"
                       for f, row in zip(firsts, _local_cells(cells)))
        return (f'<table class="sk-table sk-strategy-grid"><caption>{esc(grid_legend_text())}</caption>'
                f'<thead><tr><th scope="col">' + (esc(_("first card"))) + f'</th>{head}</tr></thead><tbody>{body}</tbody></table>')

    def _pending_note(self) -> None:
        if self.solution is not None and (self.solution.rules, self.solution.dealer) == (self.rules, self.dealer):
            return
        if self._ready():
            self.solve(wait=True)
            return
        self.show_message(_("Press Solve for the {name} rules against {bank}.").format(
            name=preset_label(self.rules.name), bank=dealer_words(self.dealer)))

    def _ready(self) -> bool:
        """True when the chosen combination is solved and drawn already (showing it is instant)."""
        got = cached_solution(self.rules, self.dealer, exact=self.exact)
        return got is not None and (not self.show_chart or (got, get_language()) in _CHARTS)

    # -- read-outs -----------------------------------------------------------------------
    result_text = text_of("result_html")
    summary_text = text_of("summary_html")
    chart_text = text_of("chart_html", caption_text)
    lookup_text = text_of("lookup_html")

    # -- actions ------------------------------------------------------------------------
    @safe_action
    def solve(self, wait: bool | None = None):
        """Solve the chosen rules against the chosen bank and show the result.  Returns
        the Solution when done at once (cached, ``wait=True`` or ``background=False``),
        else None while the background thread works (see :meth:`wait`)."""
        rules, dealer, exact = self.rules, self.dealer, self.exact

        def work():
            sol = solution(rules, dealer, exact=exact)
            return sol, self._chart(sol)

        if self._ready():
            wait = True  # nothing slow left to do
        got = self._start(work, self._show, _("Solving the {name} rules against {bank}...").format(
            name=preset_label(rules.name), bank=dealer_words(dealer)), wait=wait)
        return got[0] if got else None

    @safe_action
    def set_rules(self, rules) -> Rules | None:
        """Choose the rules (a preset name or a Rules object); press Solve to see them
        (a combination solved before is shown at once)."""
        new = Rules.preset(rules) if isinstance(rules, str) else rules
        if not isinstance(new, Rules):
            raise SetteKitError(_("rules={rules}: accepted presets are {names}").format(
                rules=shown(rules), names=", ".join(map(repr, PRESETS))))
        self.rules = new
        if new.name in PRESETS and self.rules_menu.value != new.name:
            self._set_quiet(self.rules_menu, new.name)
        self._pending_note()
        return new

    @safe_action
    def set_dealer(self, dealer):
        """Choose the bank policy: odds.stand_at(x), odds.sees_player(), or a menu name
        such as '5', '4½' or 'sees'."""
        new = policy(dealer)
        self.dealer = new
        name = _policy_name(new)
        if name in BANK_POLICIES and self.dealer_menu.value != name:
            self._set_quiet(self.dealer_menu, name)
        self._pending_note()
        return new

    @safe_action
    def lookup(self, cards) -> str | None:
        """The expected result of standing and of hitting holding ``cards`` (text or
        Cards), under the strategy shown."""
        if self.solution is None:
            raise SetteKitError(_("the strategy is still being solved: try again in a moment"))
        if isinstance(cards, str):
            cards = read_cards(cards, face=self.solution.rules.face)
        text = lookup_text(self.solution, cards)
        self.lookup_html.value = lines_html(text, "sk-lookup-lines")
        return text
