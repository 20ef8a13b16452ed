"""``CountingLab``: ordered and unordered draws, and C(n, k), discovered on real cards.

The learner picks a small deck (the four Aces, the ten cards of one suit, the whole
deck) and how many cards make a hand.  The lab counts with :func:`sette_kit.counting.draws`
(ordered draws n × (n-1) × ..., hands = ordered draws / k!, C(n, k)) and, when the
hands are few enough to look at, shows *every* hand with all of its orders, so the
learner sees each hand turn up k! times; otherwise one seeded example hand with its
orders ("Another hand" draws the next).

Three helpers for lesson cells, beside the lab:

- :func:`trentuno_scores_chart` - the scores of all C(40, 3) = 9,880 Trentuno hands
  (``counting.trentuno_scores``), the most likely score and 31 marked;
- :func:`quattro_cycle_html` - Quattro e mezzo's ranking that is not transitive, as
  three duels with their cards (``counting.quattro_cycle``);
- :func:`count_html` - a probability found by counting hands and checked by the odds
  engine (``counting.two_card_sette_e_mezzo``, ``counting.reale_hands``).

>>> lab = CountingLab(n=4, k=2)
>>> lab.draws.ordered, lab.draws.unordered, len(lab.hands)
(12, 6, 6)
>>> _ = lab.set_k(3); _ = lab.set_deck(40); (lab.draws.unordered, len(lab.hands), len(lab.example))
(9880, 0, 3)
>>> _ = lab.set_k(9); lab.message_text
'The cards in a hand must be from 1 to 5 (you typed 9).'
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import ipywidgets

from sette_kit import counting, fmt
from sette_kit.cards import FULL_DECK, FaceName, parse_cards
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _, ngettext
from sette_kit.scoring import fmt_points

from ._labs_common import MAX_SEED, lab_look, live, whole
from .base import KitWidget, button, esc, html_panel, lines_html, plain_text, safe_action, text_of  # noqa: F401
from .charts import NARROW, pair_html, share_bar, thousands
from .render import hand_html, read_card_size, read_face
from sette_kit.numbers import shown

__all__ = ["CountingLab", "DECKS", "MAX_K", "LIST_ALL", "trentuno_scores_chart", "quattro_cycle_html",
           "count_html"]

DECKS = {
    4: (N_("the four Aces"), tuple(c for c in FULL_DECK if int(c.rank) == 1)),
    10: (N_("the ten cards of coppe"), tuple(c for c in FULL_DECK if c.suit == FULL_DECK[0].suit)),
    40: (N_("the whole deck"), tuple(FULL_DECK)),
}
"""The decks of the lab: n -> (name, cards)."""
MAX_K = 5
LIST_ALL = 10
"""Every hand is shown (with all its orders) when there are at most this many."""
MAX_ORDERS = 24
"""A hand's orders are drawn when there are at most this many (k <= 4)."""


class CountingLab(KitWidget):
    """Ordered draws, hands and C(n, k) on a small deck, with the hands to look at.

    Public actions: :meth:`set_deck` (4, 10 or 40 cards), :meth:`set_k` (1 to 5),
    :meth:`another_hand`.  Read-outs: :attr:`draws` (``counting.draws``), :attr:`hands`
    (every hand, when they are listed), :attr:`example`, :attr:`result_text`,
    :attr:`hands_text`.
    """

    def __init__(self, n: int = 4, k: int = 2, *, seed: int = 1, face: str = "italian", card_size: int = 34) -> None:
        super().__init__()
        lab_look(self)
        if n not in DECKS:
            raise SetteKitError(_("n={n}: accepted decks are {decks} cards").format(
                n=shown(n), decks=", ".join(map(str, DECKS))))
        self.n = n
        self.k = whole(k, 1, MAX_K, N_("The cards in a hand"))
        if self.k > n:
            raise SetteKitError(_("k={k}: a hand cannot have more cards than the deck ({n})").format(k=k, n=n))
        self.face, self.card_size = read_face(face), read_card_size(card_size)  # checked where the widget is made
        self._rng = random.Random(whole(seed, 0, MAX_SEED, N_("The seed")))
        self.draws = None
        self.hands: list = []
        self.example: tuple = ()

        self.deck_menu = ipywidgets.Dropdown(
            options=[(_("{deck} ({n} cards)").format(deck=_(name), n=m), m) for m, (name, unused) in DECKS.items()],
            value=n, description=_("Deck:"), layout=ipywidgets.Layout(width="auto"))
        self.deck_menu.add_class("sk-deck")
        self.k_buttons = ipywidgets.ToggleButtons(options=[(str(i), i) for i in range(1, MAX_K + 1)], value=self.k,
                                                  description=_("Cards in a hand:"),
                                                  style={"description_width": "initial", "button_width": "2.6em"})
        self.k_buttons.add_class("sk-k")
        self.deck_menu.observe(lambda ch: self._quietly(self.set_deck, ch["new"]), names="value")
        self.k_buttons.observe(lambda ch: self._quietly(self.set_k, ch["new"]), names="value")
        self.another_button = button(_("Another hand"), self.another_hand, css="sk-another-hand",
                                     tooltip=_("Show another hand and its orders"))
        self.result_html = html_panel("sk-result")
        self.hands_html = html_panel("sk-hands")
        wrap = ipywidgets.Layout(flex_flow="row wrap", align_items="center")
        self.set_children([ipywidgets.HBox([self.deck_menu], layout=wrap), self.k_buttons, self.message,
                           self.result_html, self.hands_html, ipywidgets.HBox([self.another_button], layout=wrap)])
        self._update(n, self.k)

    # -- computing and drawing ---------------------------------------------------------------------
    def _update(self, n: int, k: int, new_example: bool = True) -> None:
        if k > n:
            raise SetteKitError(_("A hand of {k} cards cannot come from a deck of {n}: choose at most {n} "
                                  "cards.").format(k=k, n=n))
        d = counting.draws(k, n)
        cards = DECKS[n][1]
        self.n, self.k, self.draws = n, k, d
        self.hands = list(itertools.combinations(cards, k)) if d.unordered <= LIST_ALL else []
        if new_example or len(self.example) != k or any(c not in cards for c in self.example):
            self.example = tuple(sorted(self._rng.sample(cards, k), key=lambda c: c.index))
        self._show()

    def _pics(self, cards, label: str) -> str:
        return hand_html(cards, self.face, size=self.card_size, label=label)

    def _orders(self, hand) -> str:
        perms = list(itertools.permutations(hand))
        boxes = "".join('<div class="sk-order" style="display:inline-block;border:1px solid rgba(0,0,0,.25);'
                        'border-radius:6px;padding:3px">' + self._pics(p, _("order {n}").format(n=i + 1)) + '</div>'
                        for i, p in enumerate(perms))
        return f'<div class="sk-orders" style="display:flex;flex-wrap:wrap;gap:6px">{boxes}</div>'

    def _show(self) -> None:
        d, n, k = self.draws, self.n, self.k
        name = _(DECKS[n][0])
        first, second = (line.split(": ", 1)[1] for line in d.words.splitlines())  # without "Ordered: "
        first, second = first[0].upper() + first[1:], second[0].upper() + second[1:]
        kf = math.factorial(k)
        one = "" if d.unordered == 1 else \
            " ≈ " + fmt.percent(Fraction(1, d.unordered), 3 if d.unordered > 1000 else 1)
        ordered = f'<b class="sk-num">{thousands(d.ordered)}</b>'
        unordered = f'<b class="sk-num">{thousands(d.unordered)}</b>'
        self.result_html.value = live(
            '<p class="sk-count-line">' + esc(_("From {deck} ({n} cards), hands of {k}:").format(deck=name, n=n, k=k))
            + '</p><ul class="sk-count-numbers"><li>'
            + _("Ordered draws: {ordered}.").format(ordered=ordered) + f' {esc(first)}</li><li>'
            + _("Hands, order forgotten: {unordered} = C({n}, {k}).").format(unordered=unordered, n=n, k=k)
            + f' {esc(second)}</li><li>'
            + esc(_("So one particular hand comes with probability 1/{count}{approx}.").format(
                count=thousands(d.unordered), approx=one)) + "</li></ul>", "sk-count-result")
        if self.hands:
            row = ('display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;margin:0 0 8px;padding:0 0 6px;'
                   'border-bottom:1px solid rgba(0,0,0,.1)')
            rows = "".join(
                f'<li class="sk-hand-row" style="{row}"><span class="sk-hand-number">'
                + esc(_("hand {n}:").format(n=i + 1)) + '</span>'
                + self._pics(h, _("hand {n}").format(n=i + 1))
                + ('<span class="sk-note">' + esc(_("its {n} orders:").format(n=kf)) + f'</span>{self._orders(h)}'
                   if k > 1 else "")
                + "</li>" for i, h in enumerate(self.hands))
            heading = (ngettext("All {n} hand, each with its {k} orders ({draws} ordered draws)",
                                "All {n} hands, each with its {k} orders ({draws} ordered draws)", len(self.hands))
                       if k > 1 else ngettext("All {n} hand ({draws} ordered draws)",
                                              "All {n} hands ({draws} ordered draws)", len(self.hands)))
            heading = heading.format(n=len(self.hands), k=kf, draws=len(self.hands) * kf)
            self.hands_html.value = live(
                f'<h4 class="sk-lab-heading">{esc(heading)}</h4>'
                f'<ul class="sk-all-hands" style="list-style:none;padding-left:0">{rows}</ul>', "sk-hands-result")
            self.another_button.layout.display = "none"
            return
        self.another_button.layout.display = None
        hand = self.example
        if k == 1:
            orders = '<p class="sk-note">' + esc(_("One card has one order.")) + '</p>'
        elif kf <= MAX_ORDERS:
            said = _("Its {n} orders, each one of the {draws} ordered draws:").format(n=kf, draws=thousands(d.ordered))
            orders = f'<p class="sk-note">{esc(said)}</p>{self._orders(hand)}'
        else:
            said = _("Its {n} orders are too many to draw here: {k} choices for the first place, then {less}, ... = "
                     "{k}! = {n}.").format(n=kf, k=k, less=k - 1)
            orders = f'<p class="sk-note">{esc(said)}</p>'
        heading = _("One hand of the {n}").format(n=thousands(d.unordered))
        self.hands_html.value = live(
            f'<h4 class="sk-lab-heading">{esc(heading)}</h4>' + self._pics(hand, _("example hand")) +
            f'{orders}', "sk-hands-result")

    # -- read-outs --------------------------------------------------------------------------------
    result_text = text_of("result_html")
    hands_text = text_of("hands_html")

    # -- actions ----------------------------------------------------------------------------------
    @safe_action
    def set_deck(self, n) -> int:
        """The deck: 4 (the four Aces), 10 (the ten cards of coppe) or 40 cards."""
        m = whole(n, 1, 40, N_("The deck"))
        if m not in DECKS:
            raise SetteKitError(_("The deck must have {sizes} cards (you asked for {n}).").format(
                sizes=', '.join(map(str, DECKS)), n=m))
        self._update(m, self.k)
        if self.deck_menu.value != m:
            self._set_quiet(self.deck_menu, m)
        return m

    @safe_action
    def set_k(self, k) -> int:
        """How many cards make a hand: 1 to 5 (at most the deck's size)."""
        m = whole(k, 1, MAX_K, N_("The cards in a hand"))
        try:
            self._update(self.n, m)
        except SetteKitError:
            self._set_quiet(self.k_buttons, self.k)  # the buttons show the hand size in force
            raise
        if self.k_buttons.value != m:
            self._set_quiet(self.k_buttons, m)
        return m

    @safe_action
    def another_hand(self) -> tuple:
        """Show another hand (of the deck and size chosen) with its orders."""
        self._update(self.n, self.k, new_example=True)
        return self.example


# -- helpers for lesson cells ---------------------------------------------------------------------

def _display(html: str):
    from IPython.display import HTML

    return HTML(html)


def trentuno_scores_chart(rules=None, html: bool = False):
    """The scores of all C(40, 3) = 9,880 three-card Trentuno hands (T2), as a chart: the
    most likely score and 31 marked (a narrow drawing on a phone).  Returns something a
    lesson cell displays; ``html=True``: the HTML itself.

    >>> from widgets.charts import caption_text
    >>> h = trentuno_scores_chart(html=True)
    >>> text = caption_text(h)
    >>> "10: 26.28% (the most likely score and 31)" in text, "31: 0.12% (the most likely score and 31)" in text
    (True, True)
    """
    t = counting.trentuno_scores(rules)
    shares = {str(s): Fraction(n, t.total) for s, n in t.by_score.items()}
    marked = [str(t.most_likely[0]), "31"]
    title = _("Trentuno: the score of a dealt hand ({n} hands)").format(n=thousands(t.total))
    wide = share_bar(shares, title=title, xlabel=_("score (the best sum of one suit)"), ylabel=_("share of hands"),
                     highlight=marked, marked=_("the most likely score and 31"), top=max(shares.values()) * 1.1,
                     height=300)
    narrow = share_bar(shares, title=_("Trentuno: a dealt hand's score"), xlabel=_("score"),
                       ylabel=_("share of hands"),
                       highlight=marked, marked=_("most likely, and 31"), top=max(shares.values()) * 1.1,
                       horizontal=True, width=NARROW)
    out = pair_html(wide, narrow) + f'<div class="sk-count-words">{lines_html(t.words)}</div>'
    return out if html else _display(out)


def quattro_cycle_html(rules=None, face: FaceName = "italian", html: bool = False):
    """Quattro e mezzo's ranking is not transitive (Q2): three duels, each with its cards -
    5 beats 4½, 4½ beats 7½, 7½ beats 5 - and who wins when the three meet.

    >>> h = quattro_cycle_html(html=True)
    >>> [s in plain_text(h) for s in ("5 beats 4½", "4½ beats 7½", "7½ beats 5", "All three at one table: the 5 wins")]
    [True, True, True, True]
    """
    c = counting.quattro_cycle(rules)
    rows = []
    for d in c.duels:
        a, b = (parse_cards(x) for x in d.hands)
        rows.append(f'<li class="sk-duel" style="margin:0 0 10px"><div style="display:flex;flex-wrap:wrap;'
                    f'align-items:center;gap:10px">{hand_html(a, face, size=40, label=fmt_points(d.winner))}'
                    '<b>' + esc(_("{winner} beats {loser}").format(winner=fmt_points(d.winner),
                                                                   loser=fmt_points(d.loser))) + '</b>'
                    f'{hand_html(b, face, size=40, label=fmt_points(d.loser))}</div>'
                    f'<div class="sk-note">{esc(d.reason)}</div></li>')
    last = c.words.splitlines()[-1]
    out = (f'<div class="sk-quattro-cycle"><ol style="padding-left:1.4em">{"".join(rows)}</ol>'
           '<p>' + esc(_("So the first beats the second, the second the third and the third the first: no hand "
                         "is best.")) + '</p>'
           f'<p><b>{esc(last)}</b></p></div>')
    return out if html else _display(out)


def count_html(count, html: bool = False):
    """A :class:`sette_kit.counting.Count` (``two_card_sette_e_mezzo``, ``reale_hands``):
    the counting in steps, then the odds engine's answer beside it.

    >>> h = count_html(counting.two_card_sette_e_mezzo("plain"), html=True)
    >>> "48 of the C(40, 2) = 780" in plain_text(h)
    True
    >>> "The odds engine, card by card: 4/65 ≈ 6.2% (the same)" in plain_text(h)
    True
    """
    if not isinstance(count, counting.Count):
        raise SetteKitError(_("count={count}: give the answer of counting.two_card_sette_e_mezzo or reale_hands").format(
            count=shown(count)))
    said = (_("The odds engine, card by card: {value} (the same).") if count.engine == count.probability
            else _("The odds engine, card by card: {value} (different!)."))
    out = (f'<div class="sk-count">{lines_html(count.words)}<p class="sk-engine">'
           f'{esc(said.format(value=fmt.approx(count.engine, "percent", 1)))}</p></div>')
    return out if html else _display(out)
