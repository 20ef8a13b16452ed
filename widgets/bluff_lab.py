"""``BluffLab``: bluffing with your stake, against a bank that reads it (S9, S11).

A view of :func:`sette_kit.odds.bluff_lab` (no game logic here).  The learner picks
how many of his stakes of 10 are bluffs (a number box in percent, 0 to 50, stepped by its arrows); the bank sees the stake
and the face-up cards and plays its exact best response to that plan (S11-S13); the lab
shows the player's expected result per round, exact, on a chart of the whole range with
the equilibrium marked.  Three parts (``parts=``): ``"lab"`` (the share's number box, the numbers,
the chart), ``"bank_reads"`` (a natural-frequency tree: of 1,000 rounds, how many stake
each amount and with which first card, what the bank infers) and ``"information"``
(what seeing more is worth to the bank: four banks, four values).

>>> lab = BluffLab(background=False)
>>> lab.set_share(0).ev < lab.set_share("20%").ev
True
>>> lab.slider.value
20
>>> lab.set_share("lots"); lab.share == Fraction(1, 5)
True
>>> lab.message_text.startswith("share='lots'")
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets

from sette_kit import fmt, odds
from sette_kit.i18n import _
from sette_kit.scoring import fmt_points

from ._labs_common import Stepped, lab_look, live, table_html
from .base import KitWidget, button, esc, exact_values_html, html_panel, read_parts, safe_action, text_of
from .charts import NARROW, caption_text, card_words, pair_html, value_curve

__all__ = ["BluffLab", "PARTS", "GRID"]

PARTS = ("lab", "bank_reads", "information")
GRID = tuple(range(0, 51, 5))
"""The shares drawn on the chart, in percent of the stakes of 10."""


def _share(value, lab: odds.BluffLab) -> Fraction:
    """A share typed or given: a Fraction, a number from 0 to 1, or a percentage ("20%");
    the model checks it (a clear message naming what is accepted)."""
    typed = value
    if isinstance(value, str) and value.strip().endswith("%"):
        raw = value.strip()[:-1].strip().replace(",", ".")
        try:
            value = Fraction(raw) / 100
        except (ValueError, ZeroDivisionError):
            pass  # the model refuses the text as typed
    return lab.checked_share(value, typed)


class BluffLab(Stepped, KitWidget):
    """The bluff share, the bank's best response, the value; the bank's inference; the
    values of information.

    Public actions: :meth:`set_share`, :meth:`equilibrium`, :meth:`wait`.  Read-outs:
    :attr:`share`, :attr:`play` (the :class:`sette_kit.odds.BluffPlay` shown), :attr:`ev`,
    :attr:`result_text`, :attr:`chart_text`, :attr:`reads_text`, :attr:`information_text`.
    """

    def __init__(self, share=0, *, parts=PARTS, background: bool = True) -> None:
        super().__init__()
        lab_look(self)
        self.parts = read_parts(parts, PARTS)
        self.background = background
        self.model = odds.bluff_lab()
        self.share = _share(share, self.model)
        self.play = None
        self._curve = None
        hi = self.model.high
        # a labelled number box (arrows and keys step it by 1%): ipywidgets' IntSlider draws a
        # handle with no accessible name (axe: aria-input-field-name), so it is not used here
        self.slider = ipywidgets.BoundedIntText(value=int(round(self.share * 100)), min=0, max=GRID[-1], step=1,
                                                description=_("Bluffs among your stakes of {stake}:").format(stake=hi),
                                                continuous_update=False, style={"description_width": "initial"},
                                                layout=ipywidgets.Layout(width="min(100%, 26em)"))
        self.slider.add_class("sk-bluff-share")
        self.slider.observe(lambda ch: self._quietly(lambda v: self.set_share(Fraction(v, 100)), ch["new"]),
                            names="value")
        self.percent_note = html_panel("sk-bluff-percent")
        self.equilibrium_button = button(_("Bluff as the equilibrium does"), lambda: self.equilibrium(),
                                         css="sk-bluff-equilibrium")
        self.status = html_panel("sk-status")
        self.result_html = html_panel("sk-bluff-result")
        self.chart_html = html_panel("sk-bluff-chart")
        self.reads_html = html_panel("sk-bank-reads")
        self.info_html = html_panel("sk-information")
        children = []
        if "lab" in self.parts:
            wrap = ipywidgets.Layout(flex_flow="row wrap", align_items="center")
            children += [ipywidgets.HBox([self.slider, self.percent_note], layout=wrap), self.equilibrium_button,
                         self.message, self.status, self.result_html, self.chart_html]
        else:
            children += [self.message, self.status]
        if "bank_reads" in self.parts:
            children.append(self.reads_html)
        if "information" in self.parts:
            children.append(self.info_html)
        self.set_children(children)
        self._refresh()

    # -- work ---------------------------------------------------------------------------------
    def _refresh(self, wait: bool | None = None) -> None:
        share = self.share
        self._request(lambda: self._steps(share), _("Working out the bank's best reply..."), wait=wait)

    def _steps(self, share):
        # the bank's best reply (seconds the first time: the game's tree) only where it is shown
        play = self.model.play(share) if "lab" in self.parts else None
        yield
        if "lab" in self.parts and self._curve is None:
            curve = []
            for k in GRID:
                curve.append(self.model.play(Fraction(k, 100)))
                yield
            self._curve = curve
        self.play = play
        if "lab" in self.parts:
            self._show_result(play)
            self._show_chart(play)
        if "bank_reads" in self.parts:
            self._show_reads(share)
        if "information" in self.parts:
            self._show_information()

    # -- views ----------------------------------------------------------------------------------
    def _show_result(self, play) -> None:
        m = self.model
        hi = m.high
        self.percent_note.value = '<span class="sk-bluff-percent-text">' + esc(fmt.percent(play.share, 1)) + '</span>'
        cards = ", ".join(card_words(c) for c in m.bluff_cards)
        rows = [
            _("Of your stakes of {stake}, {share} are bluffs: you stake {stake} on a losing card in {per} of "
              "rounds (first cards {cards}).").format(stake=hi, share=fmt.percent(play.share, 1), per=fmt.percent(play.frequency, 1),
                                      cards=cards),
            (_("The bank sees your stake and your face-up cards and plays its best reply to this plan: you "
               "win {ev} a round on average.") if play.ev > 0 else
             _("The bank sees your stake and your face-up cards and plays its best reply to this plan: you "
               "lose {ev} a round on average.")).format(ev=fmt.decimal(abs(play.ev), 4)),
        ]
        eq = m.equilibrium_share
        if play.share == eq:
            rows.append(_("This is the equilibrium: no share of bluffs does better against a bank that answers "
                          "at its best."))
        else:
            rows.append(_("The equilibrium bluffs in {share} of stakes of {stake} and makes {ev} a round: "
                          "{diff} more than this plan.").format(
                share=fmt.percent(eq, 1), stake=hi, ev=fmt.decimal(m.equilibrium_value, 4, sign=True),
                diff=fmt.decimal(m.equilibrium_value - play.ev, 4)))
        items = "".join(f"<li>{esc(r)}</li>" for r in rows)
        exact = exact_values_html([(_("your result per round"), play.ev)])
        self.result_html.value = live(f'<ul class="sk-bluff-numbers">{items}</ul>{exact}', "sk-bluff-said")

    def _show_chart(self, play) -> None:
        m = self.model
        points = [(p.share, p.ev) for p in self._curve]
        mark = (m.equilibrium_share, m.equilibrium_value)
        kw: dict[str, Any] = dict(mark=mark, current=(play.share, play.ev), mark_text=_("equilibrium"), current_text=_("your plan"),
                  ylabel=_("your result per round"))
        wide = value_curve(points, title=_("Your result per round against a bank that reads your stake"),
                           xlabel=_("bluffs among your stakes of {stake}").format(stake=m.high), **kw)
        narrow = value_curve(points, title=_("Your result per round"), xlabel=_("bluffs"), width=NARROW, **kw)
        self.chart_html.value = pair_html(wide, narrow)

    def _show_reads(self, share) -> None:
        m = self.model
        tree = m.natural_frequencies(share, 1000)
        posterior = m.posterior(share)
        lo, hi = m.game.stakes

        def count(x) -> str:
            return fmt.whole(int(round(x)))

        branches = []
        for stake in (hi, lo):
            n, by = tree[stake]
            post = posterior[stake]
            leaves = "".join(
                "<li>" + esc(_("{card}: {n} of {total} ({p}){bluff}").format(
                    n=count(v), card=card_words(c), total=count(n), p=fmt.percent(post[c], 1),
                    bluff=(" - " + _("a bluff")) if stake == hi and c in m.bluff_cards else "")) + "</li>"
                for c, v in sorted(by.items(), key=lambda kv: -kv[1]))
            head = esc(_("{n} rounds with a stake of {stake}").format(n=count(n), stake=stake))
            branches.append(f'<li><details open><summary>{head}</summary><ul>{leaves}</ul></details></li>')
        bluffs = sum(p for c, p in posterior[hi].items() if c in m.bluff_cards)
        said = _("When the bank sees {stake}, the chance that it is a bluff is {p}. Bayes' theorem: "
                 "P(card | stake) = P(stake | card) × P(card) ÷ P(stake).").format(stake=hi, p=fmt.percent(bluffs, 1))
        heading = esc(_("What the bank infers: {n} rounds").format(n=fmt.whole(1000)))
        self.reads_html.value = live(
            f'<h3 class="sk-lab-heading">{heading}</h3><ul class="sk-frequency-tree">{"".join(branches)}</ul>'
            f'<p class="sk-reads-bayes">{esc(said)}</p>', "sk-reads-result")

    def _show_information(self) -> None:
        i = self.model.game.information
        rows = [(_("The bank stands at 5 whatever it sees; you stake 10 on a 6 or a 7"), i.blind),
                (_("The bank picks its best fixed total ({total}); you answer it").format(
                    total=fmt_points(i.best_fixed_total)), i.best_fixed),
                (_("The bank reads your stake and knows that plan; you do not change it"), i.reads_plan),
                (_("The bank reads your stake; you bluff as the equilibrium does"), i.equilibrium)]
        body = [[esc(t), esc(fmt.decimal(v, 4, sign=True))] for t, v in rows]
        table = table_html([esc(_("the bank")), esc(_("you, per round"))], body,
                           caption=esc(_("What seeing more is worth to the bank")), css="sk-information-table")
        exact = exact_values_html([(t, v) for t, v in rows])
        self.info_html.value = live(table + exact, "sk-information-result")

    # -- read-outs -----------------------------------------------------------------------------------
    @property
    def ev(self):
        return None if self.play is None else self.play.ev

    result_text = text_of("result_html")
    chart_text = text_of("chart_html", caption_text)
    reads_text = text_of("reads_html")
    information_text = text_of("info_html")

    # -- actions ---------------------------------------------------------------------------------------
    @safe_action
    def set_share(self, share) -> odds.BluffPlay | None:
        """The share of your stakes of 10 that are bluffs: a Fraction or number from 0 to
        about 0.51, or a percentage ("20%").  The slider follows (to the whole percent)."""
        s = _share(share, self.model)  # a bad share is refused before anything changes
        self.share = s
        pct = int(round(s * 100))
        if self.slider.value != pct and 0 <= pct <= self.slider.max:
            self._set_quiet(self.slider, pct)
        self.clear_message()
        self._refresh()
        return self.play if not self.background else None

    @safe_action
    def equilibrium(self) -> odds.BluffPlay | None:
        """Bluff exactly as the equilibrium does."""
        return self.set_share(self.model.equilibrium_share)
