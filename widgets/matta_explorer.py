"""``MattaExplorer``: a hand with the matta, every value it may take and what each gives (S3, S4).

The table is computed by calling :func:`sette_kit.scoring.score` with ``declare=v`` for
each allowed value ``v``; the best row is the value the engine assigns by itself.
Toggles: whole numbers only (``rules.replace(matta_whole_only=True)``), and a declared
value mode in which the learner picks the value - including 7, the value the Italian rules give
an undeclared matta, which may bust the hand.

>>> m = MattaExplorer(cards="Re di denari, 3 di spade, Fante di coppe")
>>> m.best, [row[0] for row in m.rows][:3]
(Fraction(4, 1), ['½', '1', '2'])
>>> m.declare(7); m.declared_result.kind
Fraction(7, 1)
'bust'
>>> m.set_whole_only(True); m.rules.matta_values[0]
True
Fraction(1, 1)
>>> m.set_cards("3 di spade")
>>> m.message_text
'this hand has no matta: add the Re di denari (King of coins), e.g. Re di denari, 3 di coppe'
"""

from __future__ import annotations

import random
from fractions import Fraction

import ipywidgets

from sette_kit.answers import parse_answer
from sette_kit.cards import FULL_DECK, as_cards
from sette_kit.errors import SetteKitError
from sette_kit.i18n import _
from sette_kit.explain import explain
from sette_kit.rules import Rules
from sette_kit.scoring import Score, fmt_points, score

from .base import KitWidget, button, esc, html_panel, lines_html, read_cards, safe_action, text_box, text_of
from .render import hand_html, read_card_size, read_face
from .score_trainer import kind_words

__all__ = ["MattaExplorer"]


class MattaExplorer(KitWidget):
    """Explore the matta's values in one hand.

    Public actions: :meth:`set_cards`, :meth:`deal`, :meth:`set_whole_only`,
    :meth:`set_declare_mode`, :meth:`declare`.
    """

    def __init__(self, rules: Rules | str | None = None, *, cards=None, seed=None, face: str | None = None,
                 card_size: int = 72) -> None:
        super().__init__()
        base = Rules.preset(rules or "italian") if not isinstance(rules, Rules) else rules
        if base.matta is None:
            raise SetteKitError(_("MattaExplorer needs rules with a matta, e.g. Rules.preset('italian') (S3)"))
        self.base_rules = base
        self.rules = base
        self.face = read_face(base.face if face is None else face)  # checked here
        self.card_size = read_card_size(card_size)  # checked where the widget is made
        self._rng = random.Random(seed)
        self.declare_mode = False
        self.declared: Fraction | None = None
        self.declared_result: Score | None = None
        self._syncing = False

        matta = base.matta.name(self.face)
        self.cards_box = text_box(_("e.g. {matta}, 3 di spade").format(matta=matta), self._typed, css="sk-cards-input")
        self.cards_box.description = _("Hand:")
        self.show_button = button(_("Show hand"), lambda: self.set_cards(self.cards_box.value),
                                  tooltip=_("Use the hand typed in the box (or press Enter)"), css="sk-pick")
        self.deal_button = button(_("Deal"), self.deal, tooltip=_("Deal the matta with 1 to 3 random cards"),
                                  css="sk-deal", style="primary")
        self.whole_box = ipywidgets.Checkbox(value=base.matta_whole_only, description=_("Whole numbers only"),
                                             indent=False, tooltip=_("The matta may take 1-7 but not ½ (S4 variant)"))
        self.whole_box.add_class("sk-whole-only")
        self.whole_box.observe(lambda ch: self._toggle(self.set_whole_only, ch["new"]), names="value")
        self.declare_box = ipywidgets.Checkbox(value=False, description=_("Declare the value myself"), indent=False,
                                               tooltip=_("Pick the matta's value by hand instead of the best one"))
        self.declare_box.add_class("sk-declare-mode")
        self.declare_box.observe(lambda ch: self._toggle(self.set_declare_mode, ch["new"]), names="value")
        self.value_menu = ipywidgets.Dropdown(description=_("Value:"), disabled=True,
                                              layout=ipywidgets.Layout(width="10em"))
        self.value_menu.add_class("sk-declare-value")
        self.value_menu.observe(lambda ch: self._toggle(self.declare, ch["new"]), names="value")
        self.hand_view = html_panel("sk-hand-view")
        self.table_html = html_panel("sk-matta-table")
        self.declared_html = html_panel("sk-declared")
        self.explain_html = html_panel("sk-explain")
        row1 = ipywidgets.HBox([self.deal_button, self.cards_box, self.show_button],
                               layout=ipywidgets.Layout(flex_flow="row wrap"))
        row2 = ipywidgets.HBox([self.whole_box, self.declare_box, self.value_menu],
                               layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.set_children([row1, row2, self.message, self.hand_view, self.table_html, self.declared_html,
                           self.explain_html])
        self._sync_menu()
        if cards is None:
            self._set_hand(self._random_hand())
        else:
            self._set_hand(self._read(cards))

    # -- helpers ------------------------------------------------------------------------
    def _toggle(self, action, value) -> None:
        if not self._syncing:
            action(value)

    def _quiet(self, widget, **values) -> None:
        self._syncing = True
        try:
            for k, v in values.items():
                setattr(widget, k, v)
        finally:
            self._syncing = False

    def _read(self, cards):
        cards = read_cards(cards, face=self.face) if isinstance(cards, str) else \
            as_cards(cards, face=self.face, what=_("cards"))  # checked, never read for ever
        matta = self.rules.matta
        if matta not in cards:
            others = [c for c in FULL_DECK if c != matta and not c.is_figure]
            name, label = matta.name(self.face), matta.label(self.face)
            also = f" ({label})" if label != name else ""  # the French name is already English
            raise SetteKitError(_("this hand has no matta: add the {name}{also}, e.g. {name}, {other}").format(
                name=name, also=also, other=others[2].name(self.face)))
        return cards

    def _random_hand(self):
        others = [c for c in FULL_DECK if c != self.rules.matta]
        hand = self._rng.sample(others, self._rng.randint(1, 3))
        hand.insert(self._rng.randrange(len(hand) + 1), self.rules.matta)
        return tuple(hand)

    def _sync_menu(self) -> None:
        options = [(fmt_points(v), v) for v in self.rules.matta_values]
        value = self.declared if self.declared in self.rules.matta_values else None
        self._quiet(self.value_menu, options=options, value=value, disabled=not self.declare_mode)

    def _set_hand(self, cards, rules: Rules | None = None) -> None:
        rules = rules or self.rules
        best = score(cards, rules)  # raises before anything changes
        rows = []
        for v in rules.matta_values:
            try:
                s = score(cards, rules, declare=v)
                rows.append((fmt_points(v), fmt_points(s.total), kind_words(s.kind), v == best.matta_value, s))
            except SetteKitError as e:  # e.g. alone the matta may only be ½ (S4)
                rows.append((fmt_points(v), "-", _("not allowed: {reason}").format(reason=e), False, None))
        self.cards, self.rules, self.result, self.rows = tuple(cards), rules, best, rows
        self.best = best.matta_value
        self.hand_view.value = hand_html(self.cards, self.face, self.rules, size=self.card_size)
        self._render()

    def _render(self) -> None:
        body = []
        for value, total, kind, is_best, s in self.rows:
            cls = ' class="sk-best"' if is_best else (' class="sk-bust"' if s is not None and s.bust else "")
            style = ' style="background:#fff3c4;font-weight:bold"' if is_best else ""
            mark = esc(_("★ best")) if is_best else ""
            body.append(f"<tr{cls}{style}><td>{esc(value)}</td><td>{esc(total)}</td><td>{esc(kind)}</td>"
                        f"<td>{mark}</td></tr>")
        caption = _("Every value the matta may take in this hand; the best is {best}, giving {total} ({kind}).").format(
            best=fmt_points(self.best), total=fmt_points(self.result.total), kind=kind_words(self.result.kind))
        head = "".join(f'<th scope="col">{esc(h)}</th>' for h in (_("Matta value"), _("Total"), _("Result"), _("Best?")))
        self.table_html.value = (
            '<table class="sk-table" style="border-collapse:collapse" cellpadding="4">'
            f"<caption>{esc(caption)}</caption>"
            f'<thead><tr>{head}</tr></thead><tbody>' + "".join(body) + "</tbody></table>")
        self._render_declared()

    def _render_declared(self) -> None:
        self.declared_result = None
        if not self.declare_mode or self.declared is None:
            note = (_('The Italian rules say a matta whose value is not declared counts 7: tick "Declare the value '
                      'myself" to try a value by hand.') if not self.declare_mode else _("Pick a value for the matta."))
            self.declared_html.value = f'<p class="sk-note">{esc(note)}</p>'
            self.explain_html.value = lines_html(explain(self.cards, self.rules))
            return
        s = score(self.cards, self.rules, declare=self.declared)
        self.declared_result = s
        verdict = kind_words(s.kind)
        extra = ""
        if s.total != self.result.total or s.kind != self.result.kind:
            extra = " " + _("The best value, {best}, would give {total} ({kind}).").format(
                best=fmt_points(self.best), total=fmt_points(self.result.total), kind=kind_words(self.result.kind))
        declared = _("You declared {value}: total {total}, {kind}.").format(
            value=fmt_points(self.declared), total=fmt_points(s.total), kind=verdict)
        self.declared_html.value = (f'<p class="sk-declared-line {"sk-wrong" if s.bust else "sk-right"}" '
                                    f'aria-live="polite"><b>{esc(declared)}</b>{esc(extra)}</p>')
        self.explain_html.value = lines_html(explain(self.cards, self.rules, declare=self.declared))

    table_text = text_of("table_html")
    declared_text = text_of("declared_html")

    def _typed(self, text: str) -> None:
        if not self._syncing:
            self.set_cards(text)

    # -- actions ------------------------------------------------------------------------
    @safe_action
    def set_cards(self, text) -> tuple | None:
        """Use the hand in ``text``; it must contain the matta."""
        cards = self._read(text)
        self._set_hand(cards)
        if isinstance(text, str) and self.cards_box.value != text:
            self._quiet(self.cards_box, value=text)
        return self.cards

    @safe_action
    def deal(self) -> tuple:
        """Deal the matta with 1 to 3 random cards (seeded)."""
        self._set_hand(self._random_hand())
        return self.cards

    @safe_action
    def set_whole_only(self, on: bool = True) -> bool:
        """Switch the whole-numbers-only variant of S4 on or off."""
        on = bool(on)
        base = self.base_rules
        rules = base if on == base.matta_whole_only else base.replace(matta_whole_only=on)
        note = ""
        if self.declared is not None and self.declared not in rules.matta_values:
            note = _("{value} is not allowed with whole numbers only; pick another value.").format(
                value=fmt_points(self.declared))
            self.declared = None
        self._set_hand(self.cards, rules)
        self._quiet(self.whole_box, value=on)
        self._sync_menu()
        if note:
            self.show_message(note)
        return on

    @safe_action
    def set_declare_mode(self, on: bool = True) -> bool:
        """Switch the declared-value mode on (pick the value by hand) or off (best value)."""
        self.declare_mode = bool(on)
        if self.declare_mode and self.declared is None:
            self.declared = self.best
        self._quiet(self.declare_box, value=self.declare_mode)
        self._sync_menu()
        self._render_declared()
        return self.declare_mode

    @safe_action
    def declare(self, value) -> Fraction | None:
        """Declare the matta's value by hand (turns the declared mode on).  ``value`` may
        be a number or text such as '7', '½', '1/2'; a value the rules do not allow is a
        message naming the allowed values."""
        if value is None:
            return None
        v = value if isinstance(value, Fraction) else parse_answer(
            value if isinstance(value, str) else str(value), "points").value
        score(self.cards, self.rules, declare=v)  # validates against S4 before any change
        self.declared = v
        self.declare_mode = True
        self._quiet(self.declare_box, value=True)
        self._sync_menu()
        self._render_declared()
        return v
