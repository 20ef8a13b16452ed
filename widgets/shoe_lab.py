"""``ShoeLab``: one deck dealt round after round while the bank stays (S18), and the odds
that change as cards are seen.

Every number comes from :mod:`sette_kit.counting`'s :class:`~sette_kit.counting.Shoe`: a
seeded deck dealt heads-up round after round, the cards of each finished round out until
the deck runs out mid-round and the cards not on the table are shuffled back in (logged).
The player counts: he plays each round optimally for the cards left
(``odds.solve(seen=...)``).  After every round the lab shows the cards seen since the
last shuffle, what is left by value (``counting.shoe_counts``, a chart of the full deck
against the cards left), and for every first card the chance that one more card busts it
and the best play, now and from a fresh deck (``Shoe.table``), the rows where the
decision changes marked; for a hand the learner types, the same with the counting
(``counting.compare_hand``).

Dealing solves the game for the cards left (a few hundredths of a second for the plain
rules, a few tenths for the Italian ones), so by default it runs as background work in
steps (a thread, or steps on the kernel's event loop where threads cannot start);
``background=False`` does it at once (tests, scripts).

>>> lab = ShoeLab("plain", seed=1, hand="5d", background=False)
>>> lab.deal(4)
4
>>> lab.shoe.left, lab.hand_now.decision_now, lab.hand_now.decision_fresh
(25, 'hit', 'stand')
>>> [r.card for r in lab.rows if r.decision_now != r.decision_fresh]
['4', '5']
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets

from sette_kit import counting, fmt, odds
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _, ngettext, pgettext
from sette_kit.rules import PRESETS, Rules
from sette_kit.scoring import fmt_points, score
from sette_kit.rules import preset_label

from ._labs_common import MAX_SEED, Stepped, lab_look, live, table_html, whole
from .base import (KitWidget, button, esc, html_panel, lines_html, picked_preset, read_cards, read_preset, safe_action,
                   text_box, text_of)
from .charts import NARROW, caption_text, card_words, decision_words, number, pair_html, paired_bar
from .render import hand_html, read_card_size
from sette_kit.numbers import shown

__all__ = ["ShoeLab", "BANKS", "MAX_DEAL"]

BANKS = ("4", "4½", "5", "5½", "6", "6½")
MAX_DEAL = 10
"""The most rounds one click deals."""


def _bank(x) -> str:
    from sette_kit.strategy_text import policy

    try:
        pol = policy(x)
        name = fmt_points(pol.threshold) if isinstance(pol, odds.StandAt) else None
    except (SetteKitError, TypeError, ValueError):
        name = None
    if name not in BANKS:
        raise SetteKitError(_("The bank {bank} is not one of: stands at {banks}.").format(
            bank=shown(x), banks=', '.join(BANKS)))
    return name


def _prob(p) -> str:
    return "—" if p is None else fmt.approx(p, "percent", 1)


class ShoeLab(Stepped, KitWidget):
    """A seeded shoe dealt round after round (S18): the cards seen, what is left, and the
    odds and best play now against a fresh deck.

    Public actions: :meth:`deal` (``rounds`` at once, 1-10), :meth:`new_shoe`,
    :meth:`set_rules`, :meth:`set_bank`, :meth:`set_seed`, :meth:`set_hand`,
    :meth:`wait`.  Read-outs: :attr:`shoe`, :attr:`rows` (``Shoe.table()``),
    :attr:`counts` (``counting.shoe_counts``), :attr:`hand_now`
    (``counting.compare_hand``), :attr:`log` and the text of each part.
    """

    def __init__(self, rules: str = "plain", *, bank="5", seed: int = 1, hand: str = "", player="counting",
                 card_size: int = 40, background: bool = True) -> None:
        super().__init__()
        lab_look(self)
        read_preset(rules)
        if player not in ("counting", "basic"):
            raise SetteKitError(_("player={player}: accepted 'counting' (plays for the cards left) or 'basic' "
                                  "(plays as from a fresh deck)").format(player=shown(player)))
        self.background = background
        self.player = player
        self.card_size = read_card_size(card_size)  # checked where the widget is made
        self.seed = whole(seed, 0, MAX_SEED, N_("The seed"))
        bank = _bank(bank)
        self.shoe = None
        self.rows = self.counts = self.hand_now = None
        self.hand: tuple = ()
        self.log: list[str] = []
        self._dealing = False

        menu = dict(layout=ipywidgets.Layout(width="auto"))
        self.rules_menu = ipywidgets.Dropdown(options=[(preset_label(p), p) for p in PRESETS], value=rules,
                                              description=_("Rules:"), **menu)
        self.rules_menu.add_class("sk-rules")
        self.bank_menu = ipywidgets.Dropdown(options=[(_("stands at {points}").format(points=b), b) for b in BANKS],
                                             value=bank, description=_("Bank:"), **menu)
        self.bank_menu.add_class("sk-bank")
        self.seed_box = ipywidgets.Text(str(self.seed), description=_("Seed:"), continuous_update=False,
                                        layout=ipywidgets.Layout(width="7em"), style={"description_width": "initial"})
        self.seed_box.add_class("sk-seed")
        self.rules_menu.observe(lambda ch: self._quietly(self.set_rules, ch["new"]), names="value")
        self.bank_menu.observe(lambda ch: self._quietly(self.set_bank, ch["new"]), names="value")
        self.seed_box.observe(lambda ch: self._quietly(self.set_seed, ch["new"]), names="value")
        self.deal_button = button(_("Deal a round"), lambda: self.deal(1), css="sk-deal", style="primary",
                                  tooltip=_("Deal and play one round from the same deck"))
        self.deal5_button = button(_("Deal 5 rounds"), lambda: self.deal(5), css="sk-deal-5",
                                   tooltip=_("Deal and play five rounds from the same deck"))
        self.new_button = button(_("New shoe"), lambda: self.new_shoe(), css="sk-new-shoe",
                                 tooltip=_("Shuffle all 40 cards and start again"))
        self.hand_box = text_box(_("e.g. 5 di denari"), lambda t: self._quietly(self.set_hand, t),
                                 description=_("Your hand:"), css="sk-hand-input", width="20em")
        self.hand_box.style.description_width = "initial"
        self.status = html_panel("sk-status")
        self.log_html = html_panel("sk-shoe-log")
        self.seen_html = html_panel("sk-seen")
        self.counts_html = html_panel("sk-counts")
        self.table_html = html_panel("sk-shoe-table")
        self.hand_html = html_panel("sk-hand-odds")
        wrap = ipywidgets.Layout(flex_flow="row wrap", align_items="center")
        self.set_children([
            ipywidgets.HBox([self.rules_menu, self.bank_menu, self.seed_box], layout=wrap),
            ipywidgets.HBox([self.deal_button, self.deal5_button, self.new_button], layout=wrap),
            self.message, self.status, self.log_html, self.seen_html, self.counts_html, self.table_html,
            ipywidgets.HBox([self.hand_box], layout=wrap), self.hand_html,
        ])
        if hand:
            self.hand = read_cards(hand, face=Rules.preset(rules).face)
            self._set_quiet(self.hand_box, hand)
        self._new(Rules.preset(rules), bank, self.seed)

    # -- work -------------------------------------------------------------------------------------
    def _dealer(self, bank: str):
        return odds.stand_at(Fraction(bank.replace("½", ".5")))

    def _new(self, rules: Rules, bank: str, seed: int, wait: bool | None = None) -> None:
        self.shoe = None  # no dealing from the old deck meanwhile

        def steps():
            shoe = counting.Shoe(rules, dealer=self._dealer(bank), player=self.player, seed=seed)
            yield
            self.log = [_("A new shoe: the 40 cards shuffled ({rules} rules, the bank stands at {bank}, "
                          "seed {seed}).").format(rules=preset_label(rules.name), bank=bank, seed=seed)]
            self.shoe = shoe
            self._show(shoe)

        self._request(steps, _("Shuffling…"), wait=wait)

    def _deal_steps(self, shoe, n: int):
        try:
            for unused in range(n):
                shoe.solution()  # the counting player's strategy for the cards left (the slow part)
                yield
                if self.shoe is not shoe:
                    return
                r = shoe.deal_round()
                self.log.append(self._round_words(r))
                yield
            if self.shoe is shoe:
                self._show(shoe)
        finally:
            self._dealing = False
            self.deal_button.disabled = self.deal5_button.disabled = False

    def _show(self, shoe) -> None:
        rows = shoe.table()
        counts = counting.shoe_counts(shoe)
        self.rows, self.counts = rows, counts
        self._show_log()
        self._show_seen(shoe)
        self._show_counts(shoe, counts)
        self._show_table(shoe, rows)
        self._show_hand(shoe)

    # -- drawing ----------------------------------------------------------------------------------
    def _rules(self) -> Rules:
        return self.shoe.rules if self.shoe is not None else Rules.preset(self.rules_menu.value)

    def _names(self, cards) -> str:
        return ", ".join(c.name(self._rules().face) for c in cards)

    def _hand_words(self, cards) -> str:
        s = score(tuple(cards), self._rules())
        total = pgettext("total", "bust") if s.bust else fmt_points(s.total)
        return f"{self._names(cards)} ({total})"

    def _round_words(self, r) -> str:
        result = r.result
        outcome = (_("you win {amount}").format(amount=number(result)) if result > 0
                   else _("you lose {amount}").format(amount=number(-result)) if result < 0 else _("no payment"))
        bank = _("the bank did not need to play (you went bust, S10)") if not r.bank[1:] and score(
            tuple(r.player), self._rules()).bust else _("the bank {hand}").format(hand=self._hand_words(r.bank))
        text = _("Round {number}: you {hand}; {bank}: {outcome}.").format(
            number=r.number, hand=self._hand_words(r.player), bank=bank, outcome=outcome)
        if r.reshuffled:
            text += " " + _("The deck ran out during this round: the cards not on the table were shuffled back in "
                            "(S18).")
        return text + " " + ngettext("{n} card left.", "{n} cards left.", r.left).format(n=r.left)

    def _show_log(self) -> None:
        items = "".join(f'<li>{esc(line)}</li>' for line in reversed(self.log[-8:]))
        earlier = len(self.log) - 8
        more = ngettext("{n} earlier entry", "{n} earlier entries", earlier).format(n=earlier)
        more = f'<p class="sk-note">({esc(more)})</p>' if earlier > 0 else ""
        self.log_html.value = live('<h3 class="sk-lab-heading">' + esc(_("The shoe, newest first")) + f'</h3>'
                                   f'<ul class="sk-log">{items}</ul>{more}', "sk-log-result")

    def _show_seen(self, shoe) -> None:
        seen = shoe.seen
        said = ngettext("Seen since the last shuffle: {seen} cards; {left} left in the deck",
                        "Seen since the last shuffle: {seen} cards; {left} left in the deck", len(seen))
        said = said.format(seen=len(seen), left=shoe.left)
        head = f'<h3 class="sk-lab-heading">{esc(said)}</h3>'
        body = hand_html(seen, rules=shoe.rules, size=self.card_size, label=_("Cards seen")) if seen else \
            '<p class="sk-note">' + esc(_("None yet: the deck is full.")) + '</p>'
        self.seen_html.value = head + body

    def _show_counts(self, shoe, counts) -> None:
        cats = [card_words(c.card) for c in counts]
        series = ((_("in the full deck"), [c.total for c in counts]), (_("left now"), [c.left for c in counts]))
        wide = paired_bar(cats, *series, title=ngettext("The deck by value: {n} card left",
                                                        "The deck by value: {n} cards left", shoe.left).format(
                              n=shoe.left), xlabel=_("card value"), ylabel=_("cards"), style="count", height=260)
        narrow = paired_bar(cats, *series, title=ngettext("{n} card left", "{n} cards left", shoe.left).format(
                                n=shoe.left), xlabel=_("card value"), style="count",
                            horizontal=True, width=NARROW, ylabel="")
        self.counts_html.value = pair_html(wide, narrow)

    def _show_table(self, shoe, rows) -> None:
        body, css = [], []
        for r in rows:
            changed = r.decision_now is not None and r.decision_now != r.decision_fresh
            if r.bust_now is None:
                arrow = ""
            else:
                arrow = " ↑" if r.bust_now > r.bust_fresh else " ↓" if r.bust_now < r.bust_fresh else ""
            now = "—" if r.decision_now is None else decision_words(r.decision_now) + (
                " ★ " + _("changed") if changed else "")
            body.append([esc(card_words(r.card)), str(r.left), esc(_prob(r.bust_now) + arrow),
                         esc(_prob(r.bust_fresh)), f"<b>{esc(now)}</b>" if changed else esc(now),
                         esc(decision_words(r.decision_fresh))])
            css.append("sk-changed" if changed else "")
        n = sum(1 for c in css if c)
        arrows = _("↑/↓: likelier/less likely to bust than from a fresh deck.")
        note = (ngettext("★ changed: the cards seen change the best play holding that first card ({n} row).",
                         "★ changed: the cards seen change the best play holding that first card ({n} rows).",
                         n).format(n=n) + " " + arrows
                if n else _("The cards seen change no first card's best play yet.") + " " + arrows)
        if shoe.left < 2:
            note = _("Fewer than 2 cards left: the next round starts with a reshuffle (S18), so its odds are a fresh "
                     "deck's.")
        head = [_("first card"), _("left"), _("bust now"), _("bust, fresh deck"), _("best play now"),
                _("best play, fresh deck")]
        table = table_html([esc(h) for h in head], body, css="sk-shoe-odds", row_css=css,
                           caption=esc(_("Holding one card: the chance that one more card busts it, and the best "
                                         "play")))
        heading = _("Odds now and from a fresh deck")
        self.table_html.value = live(f'<h3 class="sk-lab-heading">{esc(heading)}</h3>{table}'
                                     f'<p class="sk-table-note">{esc(note)}</p>', "sk-table-result")

    def _show_hand(self, shoe) -> None:
        if not self.hand:
            self.hand_now = None
            said = _("Type a hand to see its odds now and from a fresh deck.")
            self.hand_html.value = live(f'<p class="sk-note">{esc(said)}</p>', "sk-hand-result")
            return
        gone = [c for c in self.hand if c in set(shoe.seen)]
        if gone:
            self.hand_now = None
            said = ngettext("{cards} has been seen since the last shuffle, so it cannot be in your hand now: type "
                            "another hand.",
                            "{cards} have been seen since the last shuffle, so they cannot be in your hand now: type "
                            "another hand.", len(gone)).format(cards=self._names(gone))
            self.hand_html.value = live(f'<p class="sk-note">{esc(said)}</p>', "sk-hand-result")
            return
        h = counting.compare_hand(shoe, self.hand)
        self.hand_now = h
        if h.bust_now is None:
            lines = [_("Holding {hand}: the next round starts from a reshuffled deck, so the odds are those of a "
                       "fresh deck: one more card busts you with {fresh}; best play: {play}.").format(
                hand=self._hand_words(h.cards), fresh=fmt.approx(h.bust_fresh, 'percent', 1),
                play=decision_words(h.decision_fresh))]
        else:
            lines = [_("Holding {hand}, one more card busts you with {now} now (from a fresh deck {fresh}).").format(
                         hand=self._hand_words(h.cards), now=fmt.approx(h.bust_now, 'percent', 1),
                         fresh=fmt.approx(h.bust_fresh, 'percent', 1)),
                     _("Best play now: {now}; from a fresh deck: {fresh}.").format(
                         now=decision_words(h.decision_now), fresh=decision_words(h.decision_fresh))
                     + (" " + _("★ The cards seen change the decision.") if h.changed else "")]
        self.hand_html.value = live(
            "".join(f'<p class="sk-hand-line">{esc(x)}</p>' for x in lines)
            + '<details class="sk-hand-counting"><summary>' + esc(_("The counting")) + f'</summary>'
              f'{lines_html(h.counting, "sk-explain")}</details>', "sk-hand-result")

    # -- read-outs --------------------------------------------------------------------------------
    log_text = text_of("log_html")
    table_text = text_of("table_html")
    hand_text = text_of("hand_html")

    @property
    def counts_text(self) -> str:
        """The text equivalent of the chart of the deck by value."""
        return caption_text(self.counts_html.value)

    @property
    def changed(self) -> list:
        """The first cards whose best play the cards seen change."""
        return [r.card for r in self.rows or () if r.decision_now is not None and r.decision_now != r.decision_fresh]

    # -- actions ----------------------------------------------------------------------------------
    def _ready(self) -> None:
        if self.shoe is None:
            raise SetteKitError(_("Wait a moment: the deck is being shuffled."))

    @safe_action
    def deal(self, rounds: int = 1) -> int:
        """Deal and play ``rounds`` rounds (1 to 10) from the same deck."""
        n = whole(rounds, 1, MAX_DEAL, N_("The number of rounds to deal"))
        self._ready()
        if self._dealing:
            raise SetteKitError(_("Still dealing the rounds you asked for: wait a moment."))
        shoe = self.shoe
        self._dealing = True
        self.deal_button.disabled = self.deal5_button.disabled = True
        self._request(lambda: self._deal_steps(shoe, n), _("Dealing and counting…"))
        return n

    @safe_action
    def new_shoe(self, seed=None) -> int:
        """Shuffle all 40 cards and start again (``seed``: a new seed, default the box's)."""
        if seed is not None:
            self.seed = whole(seed, 0, MAX_SEED, N_("The seed"))
            self._set_quiet(self.seed_box, str(self.seed))
        self._new(Rules.preset(self.rules_menu.value), self.bank_menu.value, self.seed)
        return self.seed

    @safe_action
    def set_rules(self, name: str) -> str:
        """The rules preset ('plain', 'italian', 'spanish'): a new shoe."""
        picked_preset(name)
        if self.rules_menu.value != name:
            self._set_quiet(self.rules_menu, name)
        self._new(Rules.preset(name), self.bank_menu.value, self.seed)
        return name

    @safe_action
    def set_bank(self, bank) -> str:
        """The bank stands at 4 ... 6½: a new shoe."""
        name = _bank(bank)
        if self.bank_menu.value != name:
            self._set_quiet(self.bank_menu, name)
        self._new(Rules.preset(self.rules_menu.value), name, self.seed)
        return name

    @safe_action
    def set_seed(self, seed) -> int:
        """The seed of the shuffle (a whole number from 0 to 999,999,999): a new shoe."""
        self.seed = whole(seed, 0, MAX_SEED, N_("The seed"))
        if self.seed_box.value != str(seed):
            self._set_quiet(self.seed_box, str(self.seed))
        self._new(Rules.preset(self.rules_menu.value), self.bank_menu.value, self.seed)
        return self.seed

    @safe_action
    def set_hand(self, text) -> tuple:
        """The hand to look at (e.g. '5 di denari' or '3c 2b'); '' for none."""
        face = Rules.preset(self.rules_menu.value).face
        cards = read_cards(text, face=face) if str(text).strip() else ()
        self.hand = cards
        if self.hand_box.value != str(text):
            self._set_quiet(self.hand_box, str(text))
        if self.shoe is not None:
            self._show_hand(self.shoe)
        return cards
