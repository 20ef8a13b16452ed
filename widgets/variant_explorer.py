"""``VariantExplorer``: switch rule options and presets, see what changed and what it costs.

Every control is one field of :class:`sette_kit.rules.Rules` that can change the
heads-up game (S3-S6, S13-S16), plus the bank passing rule (S17), which the heads-up
model does not see but which must be changed before the reale can be switched off.
A change goes through ``Rules.replace`` (validated): an invalid combination is a short
message naming what to change first, and the control springs back.

Shown: ``Rules.differences(base)`` as "what changed", and the exact house edge of the
base rules and of the chosen rules against the chosen bank policy, from
:func:`sette_kit.strategy_text.solution` (``odds.solve``, remembered per rules and bank).
A new combination of the Italian rules takes a few tenths of a second to solve, so that
runs in a background thread with a "Solving..." note (``background=False`` for tests).

>>> v = VariantExplorer("plain", background=False)
>>> v.set_option("dealer_wins_ties", False).dealer_wins_ties
False
>>> v.changes_text
'The bank wins all ties (S13). → Ties are a push: nobody pays (a teaching variant of S13).'
>>> v.edge < v.base_edge
True

With ``edge=False`` (lesson 4: what a rule does in play, before expected value is taught)
there is no house edge and no bank menu: the optional rules S19-S23 get controls too, and
the result is the same finished hands paid under both rule sets and the moves a player
may make from the same starts (:mod:`sette_kit.variants`).

>>> p = VariantExplorer("italian", edge=False)
>>> _ = p.set_preset("spanish")
>>> [(s.words, old, new) for s, old, new in p.plays if old != new][0]
('a 7 and a figure of one suit against 6', 2, 1)
>>> p.edge is None and "split your figures" in p.result_text
True
"""

from __future__ import annotations

from dataclasses import fields

import ipywidgets

from sette_kit import odds, variants
from sette_kit.cards import Card
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _
from sette_kit.rules import BANK_PASSING, PRESETS, Rules, preset_label
from sette_kit.strategy_text import (BANK_POLICIES, cached_solution, dealer_words, edge_change_text, fraction_text,
                                     policy, solution)

from .base import KitWidget, button, esc, exact_values_html, html_panel, plain_text, safe_action, text_of
from .table_player import legal_words
from ._background import Background
from .strategy_chart import _policy_name, dealer_dropdown
from sette_kit.numbers import shown

__all__ = ["VariantExplorer", "OPTIONS", "PLAY_OPTIONS"]

DEFAULT_MATTA = Card("Re", "denari")  # S3

PAYOUT_WORDS = {1: N_("even money"), 2: N_("double"), 3: N_("triple"), 4: N_("4 times the stake"),
                5: N_("5 times the stake")}
BANK_PASSING_WORDS = {
    "reale": N_("to a winning reale"),
    "sette_e_mezzo": N_("to a winning 7½"),
    "never": N_("when the deck ends"),
}

# field -> (label, kind, choices); kind "bool" is a checkbox, "choice" a dropdown of the
# values in ``choices``, shown as the words of CHOICE_WORDS.  A menu's label is short, so
# its value has room to show.
OPTIONS = {
    "matta": (N_("Wild card (matta) (S3)"), "bool", None),
    "matta_whole_only": (N_("Matta: whole numbers only (S4)"), "bool", None),
    "reale": (N_("Sette e mezzo reale (S5)"), "bool", None),
    "reale_same_suit": (N_("Reale: same suit only (S5)"), "bool", None),
    "reale_payout": (N_("Reale pays (S14)"), "choice", tuple(PAYOUT_WORDS)),
    "matta_sette_payout": (N_("Matta 7½ pays (S14)"), "choice", tuple(PAYOUT_WORDS)),
    "triple": (N_("Triple: two 7s (S6)"), "bool", None),
    "triple_payout": (N_("Triple pays (S14)"), "choice", tuple(PAYOUT_WORDS)),
    "dealer_wins_ties": (N_("The bank wins ties (S13)"), "bool", None),
    "dealer_reale_collects_double": (N_("Bank's reale collects double (S15)"), "bool", None),
    "true_reale_beats_matta_reale": (N_("True reale beats a matta reale (S16)"), "bool", None),
    "bank_passing": (N_("Bank passes (S17)"), "choice", BANK_PASSING),
}
PLAY_OPTIONS = {
    "burn_three_four": (N_("Burn a first 3 or 4 (S19)"), "bool", None),
    "exchange_four": (N_("Change a first 4 (S20)"), "bool", None),
    "half_point_ace": (N_("Half-point Ace (S21)"), "bool", None),
    "face_down_requests": (N_("Cards face down (S22)"), "bool", None),
    "split_figures": (N_("Split two figures (S23)"), "bool", None),
}
"""The optional rules (S19-S23): moves, not payments, so only the play mode
(``edge=False``) shows them."""
CHOICE_WORDS = {"reale_payout": PAYOUT_WORDS, "matta_sette_payout": PAYOUT_WORDS, "triple_payout": PAYOUT_WORDS,
                "bank_passing": BANK_PASSING_WORDS}
"""The menus' options in words (S14 payouts in stakes, S17 bank passing); the values stay
the Rules values."""
TOOLTIPS = {"bank_passing": N_("When the bank passes on (S17): to a player who wins with a reale, to a player who "
                               "makes 7½, or to the next player only when the deck ends. The heads-up model has "
                               "one player, so the house edge does not change.")}


def _as_rules(rules) -> Rules:
    r = Rules.preset(rules) if isinstance(rules, str) else rules
    if not isinstance(r, Rules):
        raise SetteKitError(_("rules={rules}: accepted presets are {names}").format(
            rules=shown(rules), names=", ".join(map(repr, PRESETS))))
    return r


class VariantExplorer(Background, KitWidget):
    """Rule options and presets -> the rules text that changed and the exact house edge.

    Public actions: :meth:`set_option`, :meth:`set_preset`, :meth:`set_base`,
    :meth:`set_dealer`, :meth:`reset`.
    """

    def __init__(self, base: Rules | str = "italian", dealer=None, *, background: bool = True,
                 edge: bool = True) -> None:
        super().__init__()
        self.show_edge = bool(edge)
        self.plays: list = []      # play mode: (Showdown, paid under base, paid under rules)
        self.moves: list = []      # play mode: (Start, moves under base, moves under rules)
        self.base = _as_rules(base)
        self.rules = self.base
        self.dealer = policy(dealer if dealer is not None else odds.stand_at(5))
        self.background = background
        self.base_solution = self.solution = None
        self._syncing = False

        names = list(PRESETS) + ([] if self.base.name in PRESETS else [self.base.name])
        self._base_names = names
        self.base_menu = ipywidgets.Dropdown(options=[(preset_label(n), n) for n in names], value=self.base.name,
                                             description=_("Compare with:"),
                                             style={"description_width": "initial"},
                                             layout=ipywidgets.Layout(width="16em", height="auto"))
        self.base_menu.add_class("sk-base")
        self.base_menu.observe(lambda ch: self._quietly(self.set_base, ch["new"]), names="value")
        self.preset_menu = ipywidgets.Dropdown(options=[(preset_label(n), n) for n in list(PRESETS) + ["custom"]],
                                               value=self._preset_name(), description=_("Rules:"),
                                               layout=ipywidgets.Layout(width="14em", height="auto"))
        self.preset_menu.add_class("sk-preset")
        self.preset_menu.observe(lambda ch: self._quietly(self.set_preset, ch["new"]), names="value")
        self.dealer_menu = dealer_dropdown(self.dealer)
        self.dealer_menu.observe(lambda ch: self._quietly(self.set_dealer, ch["new"]), names="value")
        self.reset_button = button(_("Reset"), self.reset, tooltip=_("Back to the rules compared with"), css="sk-reset")
        self.controls: dict[str, ipywidgets.Widget] = {}
        options = OPTIONS if self.show_edge else {**OPTIONS, **PLAY_OPTIONS}
        for name, (label, kind, choices) in options.items():
            if kind == "bool":
                w = ipywidgets.Checkbox(description=_(label), indent=False, layout=ipywidgets.Layout(width="22em"))
            else:
                w = ipywidgets.Dropdown(description=_(label),
                                        options=[(_(CHOICE_WORDS[name][value]), value) for value in choices],
                                        style={"description_width": "initial"},
                                        layout=ipywidgets.Layout(width="auto", height="auto"))  # room for the value;
            # height auto: on a phone the label goes above the menu (the theme) and the row grows
            w.tooltip = _(TOOLTIPS.get(name, label))
            w.add_class(f"sk-option-{name.replace('_', '-')}")
            w.observe(lambda ch, name=name: self._quietly(lambda v: self.set_option(name, v), ch["new"]),
                      names="value")
            self.controls[name] = w
        self.status = html_panel("sk-status")
        self.changes_html = html_panel("sk-changes")
        self.result_html = html_panel("sk-result")
        wrap = ipywidgets.Layout(flex_flow="row wrap")
        self.set_children([
            ipywidgets.HBox([self.base_menu, self.preset_menu]
                            + ([self.dealer_menu] if self.show_edge else []) + [self.reset_button], layout=wrap),
            ipywidgets.HBox(list(self.controls.values()), layout=wrap),
            self.message, self.status, self.changes_html, self.result_html,
        ])
        self._apply(self.rules)

    # -- helpers --------------------------------------------------------------------------
    def _preset_name(self) -> str:
        for name, preset in PRESETS.items():
            if preset == self.rules:
                return name
        return "custom"

    def _sync_controls(self) -> None:
        with self._quiet():
            for name, w in self.controls.items():
                v = getattr(self.rules, name)
                w.value = (v is not None) if name == "matta" else v
                w.disabled = self._disabled(name)
            self.preset_menu.value = self._preset_name()
            if self.base.name in self._base_names:
                self.base_menu.value = self.base.name
            name = _policy_name(self.dealer)
            if name in BANK_POLICIES:
                self.dealer_menu.value = name

    def _disabled(self, name: str) -> bool:
        r = self.rules
        return ((name == "matta_whole_only" and r.matta is None)
                or (name == "matta_sette_payout" and r.matta is None and r.matta_sette_payout == 1)
                or (name in ("reale_same_suit", "true_reale_beats_matta_reale") and not r.reale)
                or (name == "triple_payout" and not r.triple))

    def _apply(self, rules: Rules, base: Rules | None = None, dealer=None) -> None:
        """Make ``rules`` (and ``base``, ``dealer``) current, then show the texts and
        recompute the house edges (at once if remembered, else in the background)."""
        self.rules = rules
        if base is not None:
            self.base = base
        if dealer is not None:
            self.dealer = dealer
        self._sync_controls()
        self._render_changes()
        if not self.show_edge:
            self._render_play()
            return
        base, chosen, dealer = self.base, self.rules, self.dealer
        ready = cached_solution(base, dealer) is not None and cached_solution(chosen, dealer) is not None

        def work():
            return solution(base, dealer), solution(chosen, dealer)

        self._start(work, self._show, _("Solving the {name} rules against {bank}...").format(
            name=preset_label(chosen.name), bank=dealer_words(dealer)), wait=True if ready else None)
        if not ready and self.background:
            note = _("The house edge is being recomputed exactly; it appears here in a moment.")
            self.result_html.value = f'<p class="sk-note">{esc(note)}</p>'

    def _render_changes(self) -> None:
        diffs = self.changes = self.base.differences(self.rules)
        if not diffs:
            same = _("Same rules as {name}: nothing changed.").format(name=preset_label(self.base.name))
            self.changes_html.value = f'<p class="sk-no-change">{esc(same)}</p>'
            return
        items = "".join(f'<li><span class="sk-old">{esc(old)}</span> → <b class="sk-new">{esc(new)}</b></li>'
                        for topic, old, new in diffs)
        what = _("What changed from the {name} rules:").format(name=preset_label(self.base.name))
        self.changes_html.value = (f'<div class="sk-what-changed" aria-live="polite"><p>{esc(what)}'
                                   f'</p><ul>{items}</ul></div>')

    def _render_play(self) -> None:
        """Play mode: the same hands paid under both rule sets, the same starts' moves."""
        base, rules = self.base, self.rules
        self.plays = variants.compare(base, rules)
        self.moves = variants.compare_moves(base, rules)
        money = lambda v: "0" if v == 0 else f"{v:+d}".replace("-", "−")
        rows = []
        for s, old, new in self.plays:
            changed = old != new
            mark = ' <span class="sk-changed">' + (esc(_("(changed)"))) + '</span>' if changed else ""
            rows.append(f'<tr class="{"sk-differs" if changed else "sk-same"}"><th scope="row" style="text-align:left">'
                        f'{esc(s.text)}</th><td>{esc(money(old))}</td><td>{"<b>" if changed else ""}'
                        f'{esc(money(new))}{"</b>" if changed else ""}{mark}</td></tr>')
        caption = _("The same hands, stake 1: what you win (+) or lose (−)")
        pay = (f'<table class="sk-table sk-plays" aria-live="polite" cellpadding="3"><caption>{esc(caption)}'
               f'</caption><tr><th scope="col" style="text-align:left">' + (esc(_("you against the bank"))) + f'</th>'
               f'<th scope="col">{esc(preset_label(base.name))}</th><th scope="col">' + (esc(_("chosen"))) + '</th></tr>'
               + "".join(rows) + "</table>")
        items = []
        for s, old, new in self.moves:
            gained = [m for m in new if m not in old]
            lost = [m for m in old if m not in new]
            note = ""
            if gained:
                gain = _("New: {moves}.").format(moves=legal_words({m: new[m] for m in gained}))
                note += f' <b class="sk-new-move">{esc(gain)}</b>'
            if lost:
                gone = _("Gone: {moves}.").format(moves=legal_words({m: old[m] for m in lost}))
                note += f' <span class="sk-lost-move">{esc(gone)}</span>'
            may = _("With {start} you may {moves}.").format(start=s.text, moves=legal_words(new))
            items.append(f"<li>{esc(may)}{note}</li>")
        moves = _("Your moves after staking 2, with the chosen rules:")
        self.result_html.value = (pay + f'<div class="sk-moves" aria-live="polite"><p>{esc(moves)}</p><ul>'
                                  + "".join(items) + "</ul></div>")

    def _show(self, got) -> None:
        self.base_solution, self.solution = got
        b, c = self.base_solution.house_edge, self.solution.house_edge
        base_rules = _("{name} rules").format(name=preset_label(self.base.name))
        self.result_html.value = (
            '<table class="sk-table sk-edges" aria-live="polite" cellpadding="3">'
            '<caption>' + (esc(_("House edge against {bank} (one player, stake 1, best play)").format(bank=dealer_words(self.dealer)))) + f''
            f'</caption><tr><th scope="row" style="text-align:left">{esc(base_rules)}</th>'
            f'<td class="sk-edge-base">{esc(fraction_text(b))}</td></tr>'
            f'<tr><th scope="row" style="text-align:left">' + (esc(_("chosen rules"))) + f'</th>'
            f'<td class="sk-edge-chosen">{esc(fraction_text(c))}</td></tr></table>'
            f'<p class="sk-edge-change">{esc(edge_change_text(self.base_solution, self.solution))}</p>'
            + exact_values_html([(base_rules, b), (_("chosen rules"), c),
                                 (_("change"), c - b)]))

    # -- read-outs -----------------------------------------------------------------------
    @property
    def base_edge(self):
        return None if self.base_solution is None else self.base_solution.house_edge

    @property
    def edge(self):
        return None if self.solution is None else self.solution.house_edge

    @property
    def changes_text(self) -> str:
        """One line per change, 'old sentence → new sentence' (or the no-change note)."""
        if not self.changes:
            return plain_text(self.changes_html.value)
        return "\n".join(f"{old} → {new}" for _topic, old, new in self.changes)

    result_text = text_of("result_html")

    # -- actions ------------------------------------------------------------------------
    @safe_action
    def set_option(self, name: str, value) -> Rules | None:
        """Change one rule option (a field of Rules, e.g. ``set_option('reale', False)``).
        ``matta`` takes True/False (the Re di denari, S3) or a Card.  An invalid
        combination is a message; the rules and the controls stay as they were."""
        if name not in self.controls:
            raise SetteKitError(_("unknown option {name}: accepted {names}").format(
                name=shown(name), names=", ".join(self.controls)))
        if name == "matta" and isinstance(value, bool):
            value = (self.base.matta or DEFAULT_MATTA) if value else None
        try:
            new = self.rules.replace(**{name: value})
        except SetteKitError:
            self._sync_controls()  # the control springs back
            raise
        for known in (self.base, *PRESETS.values()):  # toggled back: it is that preset again
            if new.replace(name=known.name) == known:
                new = known
                break
        self._apply(new)
        return new

    @safe_action
    def set_preset(self, name) -> Rules | None:
        """Choose a preset ('italian', 'spanish', 'plain') as the rules to explore."""
        if name == "custom":  # the menu shows "custom" for altered rules: nothing to do
            self._sync_controls()
            return self.rules
        self._apply(_as_rules(name))
        return self.rules

    @safe_action
    def set_base(self, name) -> Rules | None:
        """Choose the rules to compare with (a preset name or Rules)."""
        self._apply(self.rules, base=_as_rules(name))
        return self.base

    @safe_action
    def set_dealer(self, dealer):
        """Choose the bank policy: odds.stand_at(x), odds.sees_player() or a menu name
        such as '5', '4½' or 'sees'."""
        self._apply(self.rules, dealer=policy(dealer))
        return self.dealer

    @safe_action
    def reset(self) -> Rules:
        """Back to the rules compared with."""
        self._apply(self.base)
        return self.rules


assert set(OPTIONS) | set(PLAY_OPTIONS) <= {f.name for f in fields(Rules)}
