"""``OddsLab``: your cards and the cards you have seen -> the next card, counted exactly.

Every number comes from :mod:`sette_kit.odds` (``next_card``, ``bust_probability``,
``sette_e_mezzo_probability``, ``reale_probability``, ``explain_bust``): the unseen cards
are counted, and each probability is shown as an exact fraction and a percentage (S1,
S2, S4, S5).  The numbers and the chart of the next card (:func:`widgets.charts.distribution_bar`,
SVG with its text equivalent, drawn in a few milliseconds) are updated at once.

>>> lab = OddsLab("plain", cards="6 di coppe", seen="7 di spade, Re di bastoni")
>>> lab.bust
Fraction(22, 37)
>>> "22/37" in lab.result_text
True
>>> lab.set_seen("7 di spade, <script>")
>>> lab.bust, "&lt;script&gt;" in lab.message.value
(Fraction(22, 37), True)
"""

from __future__ import annotations

import ipywidgets

from sette_kit import odds
from sette_kit.cards import FULL_DECK, Card, as_cards
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _
from sette_kit.rules import PRESETS, Rules
from sette_kit.scoring import fmt_points
from sette_kit.strategy_text import fraction_text
from sette_kit.rules import preset_label

from .base import KitWidget, button, esc, html_panel, lines_html, read_cards, safe_action, text_box, text_of
from .charts import caption_text, distribution_bar
from .render import hand_html, read_card_size, read_face
from sette_kit.numbers import shown

__all__ = ["OddsLab"]

CHART_TITLE = N_("Value of the next card")


def _chart_html(items: tuple) -> str:
    """The next-card chart for ``((label, probability), ...)``."""
    return distribution_bar(dict(items), title=_(CHART_TITLE), xlabel=_("value the next card adds"), height=260).html


class OddsLab(KitWidget):
    """The next card's distribution, P(bust), P(7½), P(reale), with the counting.

    Public actions: :meth:`set_cards`, :meth:`set_seen`, :meth:`set_rules`,
    :meth:`add_card`, :meth:`clear`.
    """

    def __init__(self, rules: Rules | str = "italian", *, cards="", seen="", face: str | None = None,
                 show_chart: bool = True, card_size: int = 56) -> None:
        super().__init__()
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        if not isinstance(self.rules, Rules):
            raise SetteKitError(_("rules={rules}: give a Rules object or a preset name such as 'italian'").format(
                rules=shown(rules)))
        self._fixed_face = None if face is None else read_face(face)  # checked here
        self.face = self._fixed_face or self.rules.face
        self.show_chart = show_chart
        self.card_size = read_card_size(card_size)  # checked where the widget is made
        self.cards: tuple[Card, ...] = ()
        self.seen: tuple[Card, ...] = ()
        self._syncing = False

        presets = list(PRESETS)
        self.rules_menu = ipywidgets.Dropdown(
            options=[(preset_label(n), n) for n in presets + ([] if self.rules.name in PRESETS else [self.rules.name])],
            value=self.rules.name if self.rules.name in PRESETS else self.rules.name,
            description=_("Rules:"), layout=ipywidgets.Layout(width="14em"))
        self.rules_menu.add_class("sk-rules")
        self.rules_menu.observe(lambda ch: self._quietly(self.set_rules, ch["new"]), names="value")
        self.cards_box = text_box(_("e.g. 6 di coppe, Fante di denari"), lambda t: self._quietly(self.set_cards, t),
                                  description=_("Your cards:"), css="sk-cards-input")
        self.seen_box = text_box(_("e.g. 7 di spade, Re di bastoni"), lambda t: self._quietly(self.set_seen, t),
                                 description=_("Seen:"), css="sk-seen-input")
        self.card_menu = ipywidgets.Dropdown(description=_("Card:"), layout=ipywidgets.Layout(width="auto"))
        self.card_menu.add_class("sk-card-menu")
        self.add_mine_button = button(_("Add to my cards"), lambda: self.add_card(self.card_menu.value, "cards"),
                                      tooltip=_("Add the chosen card to your cards"), css="sk-add-card")
        self.add_seen_button = button(_("Add to seen"), lambda: self.add_card(self.card_menu.value, "seen"),
                                      tooltip=_("Add the chosen card to the cards you have seen"), css="sk-add-seen")
        self.clear_button = button(_("Clear"), self.clear, tooltip=_("Start again with no cards"), css="sk-clear")
        self.hand_view = html_panel("sk-hand-view")
        self.seen_view = html_panel("sk-seen-view")
        self.result_html = html_panel("sk-result")
        self.chart_html = html_panel("sk-chart")
        self.explain_html = html_panel("sk-explain")
        wrap = ipywidgets.Layout(flex_flow="row wrap")
        self.set_children([
            ipywidgets.HBox([self.rules_menu, self.clear_button], layout=wrap),
            ipywidgets.HBox([self.cards_box, self.seen_box], layout=wrap),
            ipywidgets.HBox([self.card_menu, self.add_mine_button, self.add_seen_button], layout=wrap),
            self.message, self.hand_view, self.seen_view, self.result_html, self.explain_html, self.chart_html,
        ])
        self._fill_menu()
        self._update(self._read(cards), self._read(seen), self.rules)
        self._sync_boxes()

    # -- helpers --------------------------------------------------------------------------
    def _read(self, cards) -> tuple[Card, ...]:
        if isinstance(cards, str):
            return read_cards(cards, face=self.face) if cards.strip() else ()
        if isinstance(cards, Card):
            return (cards,)
        return as_cards(cards, face=self.face, what=_("cards"))  # None is a clear error, not an apology

    def _names(self, cards) -> str:
        return ", ".join(c.name(self.face) for c in cards)

    def _fill_menu(self) -> None:
        options = [(c.name(self.face), c.index) for c in FULL_DECK]
        keep = self.card_menu.value if self.card_menu.value is not None else 0
        with self._quiet():
            self.card_menu.options = options
            self.card_menu.value = keep

    def _sync_boxes(self) -> None:
        self._set_quiet(self.cards_box, self._names(self.cards))
        self._set_quiet(self.seen_box, self._names(self.seen))

    def _update(self, cards, seen, rules) -> None:
        """Compute everything first (any error leaves the state as it was), then show."""
        dist = odds.next_card(cards, seen, rules)
        bust = odds.bust_probability(cards, seen, rules)
        s75 = odds.sette_e_mezzo_probability(cards, seen, rules)
        reale = odds.reale_probability(cards, seen, rules) if rules.reale else None
        counting = odds.explain_bust(cards, seen, rules)
        self.cards, self.seen, self.rules = tuple(cards), tuple(seen), rules
        self.distribution, self.bust, self.sette_e_mezzo, self.reale, self.counting = dist, bust, s75, reale, counting
        self._render_numbers()
        self._render_chart()

    def _render_numbers(self) -> None:
        unseen = 40 - len(self.cards) - len(self.seen)
        none_yet = esc(_("Your cards: none yet."))
        self.hand_view.value = (hand_html(self.cards, self.face, self.rules, size=self.card_size, label=_("Your cards"))
                                if self.cards else f'<p class="sk-note">{none_yet}</p>')
        seen = (_("Seen ({n}): {cards}; {unseen} cards unseen.").format(n=len(self.seen), cards=self._names(self.seen),
                                                                       unseen=unseen)
                if self.seen else _("Seen: none; {unseen} cards unseen.").format(unseen=unseen))
        self.seen_view.value = f'<p class="sk-seen-list">{esc(seen)}</p>'
        rows = [(_("P(bust with one more card)"), self.bust),
                (_("P(exactly 7½ with one more card)"), self.sette_e_mezzo)]
        if self.reale is not None:
            rows.append((_("P(sette e mezzo reale with one more card)"), self.reale))
        body = "".join(f'<tr><th scope="row" style="text-align:left">{esc(k)}</th>'
                       f'<td class="sk-prob">{esc(fraction_text(v))}</td></tr>' for k, v in rows)
        self.result_html.value = ('<table class="sk-table sk-odds" aria-live="polite" cellpadding="3">'
                                  '<caption>' + (esc(_("Counting the {unseen} unseen cards ({name} rules)").format(unseen=unseen, name=preset_label(self.rules.name)))) + f''
                                  f'</caption>{body}</table>')
        self.explain_html.value = lines_html(self.counting, "sk-explain")

    def _render_chart(self) -> None:
        ordered = sorted(self.distribution.items(), key=lambda kv: (kv[0] == "matta", kv[0] if kv[0] != "matta" else 0))
        items = tuple(((_("matta") if k == "matta" else fmt_points(k)), v) for k, v in ordered)
        self.chart_items = items
        if self.show_chart:
            self.chart_html.value = _chart_html(items)
        else:
            self.chart_html.value = ('<p class="sk-chart-caption">' + (esc(_(CHART_TITLE))) + ': ' + "; ".join(
                f"{esc(k)}: {esc(fraction_text(v))}" for k, v in items) + ".</p>")

    # -- read-outs (for tests and screen readers) ---------------------------------------
    result_text = text_of("result_html")
    chart_text = text_of("chart_html", caption_text)
    explain_text = text_of("explain_html")

    # -- actions ------------------------------------------------------------------------
    @safe_action
    def set_cards(self, text) -> tuple | None:
        """Your cards (text such as '6 di coppe, Fd', or Cards); '' for none."""
        self._update(self._read(text), self.seen, self.rules)
        self._sync_boxes()
        return self.cards

    @safe_action
    def set_seen(self, text) -> tuple | None:
        """The other cards you have seen (others' face-up cards, burnt cards)."""
        self._update(self.cards, self._read(text), self.rules)
        self._sync_boxes()
        return self.seen

    @safe_action
    def set_rules(self, rules) -> Rules | None:
        """A preset name ('italian', 'spanish', 'plain') or a Rules object."""
        new = Rules.preset(rules) if isinstance(rules, str) else rules
        if not isinstance(new, Rules):
            raise SetteKitError(_("rules={rules}: accepted presets are {names}").format(
                rules=shown(rules), names=", ".join(map(repr, PRESETS))))
        self._update(self.cards, self.seen, new)
        if self._fixed_face is None and self.face != new.face:
            self.face = new.face
            self._fill_menu()
            self._render_numbers()  # card names in the new face
            self._sync_boxes()
        if new.name in PRESETS and self.rules_menu.value != new.name:
            self._set_quiet(self.rules_menu, new.name)
        return self.rules

    @safe_action
    def add_card(self, card, to: str = "cards") -> Card | None:
        """Add one card (a Card, its index 0-39, or text such as '7c') to your cards
        (``to='cards'``) or to the cards seen (``to='seen'``)."""
        if to not in ("cards", "seen"):
            raise SetteKitError(_("to={to}: accepted 'cards' (your cards) or 'seen'").format(to=shown(to)))
        if card is None:
            raise SetteKitError(_("choose a card first"))
        if isinstance(card, int) and not isinstance(card, bool):
            if not 0 <= card < 40:
                raise SetteKitError(_("card index {card}: accepted 0-39").format(card=shown(card)))
            c = Card.from_index(card)
        else:
            got = self._read(card)
            if len(got) != 1:
                raise SetteKitError(_("add one card at a time, e.g. 7 di coppe"))
            c = got[0]
        if c in self.cards or c in self.seen:
            raise SetteKitError((_("{card} is already among your cards") if c in self.cards
                                 else _("{card} is already among the cards seen")).format(card=c.name(self.face)))
        if to == "cards":
            self._update(self.cards + (c,), self.seen, self.rules)
        else:
            self._update(self.cards, self.seen + (c,), self.rules)
        self._sync_boxes()
        return c

    @safe_action
    def clear(self) -> None:
        """No cards in your hand, none seen."""
        self._update((), (), self.rules)
        self._sync_boxes()
