"""``QuattroTable``: play Quattro e mezzo for points against bots (RULES Q1-Q6).

A thin view over :class:`sette_kit.quattro.QuattroGame`.  **Quattro e mezzo is a
reconstruction** (see :mod:`sette_kit.quattro`); the widget says so.  The learner sits in
seat 0 and sees exactly :meth:`QuattroGame.view` for seat 0: his own cards, the other
players' face-up cards (their first card face down until the rules show it), everybody's
points against the target, the dealer, and the legal actions as buttons (Draw; Stand,
disabled below 4½ by Q2; Declare double six when the first card is a 6, Q3).  After each
action the bots (:class:`~sette_kit.quattro.OddsBot`) play on until it is the learner's
turn again or the hand is over; then the result (winners, points won by Q6 and the
engine's reason) is shown and "Next hand" deals the next one.

The hint panel shows the engine's exact odds: :func:`~sette_kit.quattro.odds_four_and_half`
(the next card making exactly 4½, and making it eventually), :func:`~sette_kit.quattro.odds_double_six`
when a double six may be declared, and the next card's distribution
(:func:`~sette_kit.quattro.next_card`).  The cards counted as seen are the ones on the
table that seat 0 can see (as :class:`~sette_kit.quattro.OddsBot` counts them).

The Q6 points table is read from the engine: :func:`points_table` scores one example
hand of each kind with :func:`~sette_kit.quattro.score` and asks
:func:`~sette_kit.quattro.points_for` for its points.

>>> t = QuattroTable(players=3, seed=2)
>>> t.game.names, t.game.to_act
(('Player', 'Bot 1', 'Bot 2'), 0)
>>> [(row.label, row.points) for row in points_table()][:3]
[('4½', 5), ('4½ with the matta', 3), ('7½', 3)]
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

import ipywidgets

from sette_kit.cards import Card, Rank, Suit, parse_cards
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _, get_language, ngettext
from sette_kit.quattro import (OddsBot, QuattroGame, QuattroRules, explain, next_card, odds_double_six,
                               odds_four_and_half, points_for, score)

from ._table import GameTable, frac_text, hint_head, log_panel, pct_text, result_block, status_html, you_head
from .base import KitWidget, button, esc, html_panel, lines_html, number_html, plain_text, safe_action, text_of
from .render import hand_html
from sette_kit.numbers import shown

__all__ = ["QuattroTable", "PointsRow", "points_table", "points_table_html"]

MIN_PLAYERS, MAX_PLAYERS = 3, 6

RECONSTRUCTION = N_("Quattro e mezzo is a reconstruction from one rough source text (RULES Q1-Q6).")


def _reconstruction() -> str:
    return '<p class="sk-note"><i>' + (esc(_(RECONSTRUCTION))) + '</i></p>'


STATUS_WORDS = {"waiting": N_("waiting"), "playing": N_("to play"), "stood": N_("stands"), "bust": N_("bust"),
                "double_six": N_("double six"), "mega": N_("mega 4½"), "out": N_("no hand")}


def _status(status: str) -> str:
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status


# -------------------------------------------------------------------------------------------
# The Q6 points table, read from the engine
# -------------------------------------------------------------------------------------------

class PointsRow(NamedTuple):
    """One row of the Q6 points table: ``label`` (from the engine's score), ``cards`` (the
    example hand), ``points`` (``points_for``), ``wins_game`` (a mega 4½, Q4) and ``note``
    (the engine's own line from :func:`~sette_kit.quattro.explain`)."""

    label: str
    cards: tuple
    points: int
    wins_game: bool
    note: str


_FIGURE = Card(Rank.FANTE, Suit.SPADE)
_EXAMPLES = (  # one example hand per line of Q6; None stands for the rules' matta
    ("4c", _FIGURE), ("4c", None), ("7c", _FIGURE), ("7c", None), ("6c", "6s"), ("6c", None),
    ("5c",), ("2c", "Ac", "Ad", "Fc", "Fd"), ("3c", "2d"), ("6c", _FIGURE),
    ("Fc", "Fd", "Fb", "Fs", "Cc", "Cd", "Cb", "Cs", "Rc"),
)
_TABLES: dict = {}


def _label(s) -> str:
    label = s.name
    if s.with_matta:
        label = _("{hand} with the matta").format(hand=label)
    if s.kind == "five":
        label = ngettext("{hand} with {n} card", "{hand} with {n} cards", s.n_cards).format(hand=label, n=s.n_cards)
    return label


def points_table(rules: QuattroRules | None = None) -> tuple[PointsRow, ...]:
    """The Q6 points table for ``rules``, one row per kind of winning hand.

    Every number comes from :func:`~sette_kit.quattro.points_for` on an example hand
    scored by :func:`~sette_kit.quattro.score` (rows with the matta are left out when
    the rules have none).

    >>> [(r.label, r.points) for r in points_table()]  # doctest: +NORMALIZE_WHITESPACE
    [('4½', 5), ('4½ with the matta', 3), ('7½', 3), ('7½ with the matta', 1), ('double six', 4),
     ('double six with the matta', 2), ('5 with 1 card', 2), ('5 with 5 cards', 5), ('5 with 2 cards', 1),
     ('6½', 1), ('mega 4½', 5)]
    >>> len(points_table(QuattroRules(matta=None)))
    8
    """
    rules = rules or QuattroRules()
    key = (rules, get_language())
    if key in _TABLES:
        return _TABLES[key]
    rows, labels = [], set()
    for example in _EXAMPLES:
        if None in example and rules.matta is None:
            continue
        try:
            cards = tuple(rules.matta if c is None else c if isinstance(c, Card) else parse_cards(c)[0]
                          for c in example)
            s = score(cards, rules)
        except SetteKitError:  # a custom matta clashes with the example: skip the row
            continue
        label = _label(s)
        if label in labels or not s.can_stand:
            continue
        labels.add(label)
        lines = explain(cards, rules).splitlines()
        note = next((x for x in lines if "(Q6" in x), lines[-1])  # "If it wins: ... (Q6: ...)", in any language
        rows.append(PointsRow(label, cards, points_for(s), s.kind == "mega", note))
    _TABLES[key] = out = tuple(rows)
    return out


def points_table_html(rules: QuattroRules | None = None) -> str:
    """The Q6 points table as an accessible HTML table (escaped)."""
    rules = rules or QuattroRules()
    body = []
    for r in points_table(rules):
        pts = _("wins the game") if r.wins_game else str(r.points)
        example = ", ".join(c.name(rules.face) for c in r.cards)
        body.append(f"<tr><td>{esc(r.label)}</td><td>{esc(example)}</td><td>{esc(pts)}</td>"
                    f"<td>{esc(r.note)}</td></tr>")
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in (_("Hand"), _("Example"), _("Points"), _("Why")))
    return ('<table class="sk-points-table"><caption>' + (esc(_("Points for the winning hand (Q6), read from the engine"))) + f''
            f'</caption><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


# -------------------------------------------------------------------------------------------
# The widget
# -------------------------------------------------------------------------------------------

class QuattroTable(GameTable, KitWidget):
    """A Quattro e mezzo table: the learner (seat 0) against bots, for points to a target.

    ``players``: 3-6 players including the learner; ``names``: every name, the learner's
    first; ``rules``: a :class:`QuattroRules` (``target`` overrides its target, Q6);
    ``seed``: every game is reproducible; ``bots``: a list of policies for seats 1..
    (default :class:`~sette_kit.quattro.OddsBot`); ``hints``: show the hint panel.

    Public actions: :meth:`new_game`, :meth:`draw`, :meth:`stand`, :meth:`double_six`,
    :meth:`next_hand`, :meth:`act`, :meth:`toggle_hints`.
    """

    GAME = QuattroGame

    def __init__(self, players: int = 4, *, names: Sequence[str] | None = None, rules: QuattroRules | None = None,
                 target: int | None = None, seed: int | None = None, bots: Sequence | None = None,
                 hints: bool = True, card_size: int = 64) -> None:
        super().__init__()
        if names is not None:
            names = [str(x) for x in names]
            players = len(names)
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetteKitError(_("players={players}: a Quattro e mezzo table seats {lo} to {hi} players, you "
                                  "included").format(players=shown(players), lo=MIN_PLAYERS, hi=MAX_PLAYERS))
        if names is None:
            names = self._default_names(players)
        rules = self._read_rules(rules, QuattroRules, lambda got: _("rules must be a QuattroRules, got {kind}").format(
            kind=got), target=target)
        if bots is None:
            policies = [OddsBot() for _k in range(players - 1)]
        else:
            policies = list(bots)
            if len(policies) != players - 1 or not all(callable(p) for p in policies):
                raise SetteKitError(_("bots: give {n} bot policies, one for each seat after yours").format(n=players - 1))
        self._seat_up(rules, names, policies, seed, hints, card_size)

        self._table_panels(_("Show or hide the exact odds"))
        self.board = html_panel("sk-scoreboard")
        self.draw_button = button(_("Draw"), self.draw, tooltip=_("Take one more card face up"), css="sk-draw",
                                  style="primary")
        self.stand_button = button(_("Stand"), self.stand, tooltip=_("Stop here (only at 4½ or more, Q2)"),
                                   css="sk-stand")
        self.double_six_button = button(_("Declare double six"), self.double_six,
                                        tooltip=_("Show your first card 6 and draw for a second 6 (Q3)"),
                                        css="sk-double-six", style="warning")
        self.next_button = button(_("Next hand"), self.next_hand, tooltip=_("Deal the next hand"), css="sk-next-hand",
                                  style="primary")
        self.actions_box = self._actions_row([self.draw_button, self.stand_button, self.double_six_button,
                                              self.next_button])
        self.points_html = html_panel("sk-points-reference", "<details><summary>" + (esc(_('Points table (Q6)')))
                                      + f"</summary>{points_table_html(rules)}</details>")
        self._hint_cache: dict = {}
        top = ipywidgets.HBox([self.new_button, self.hint_toggle])
        self.set_children([top, self.status, self.board, self.table_html, self.hand_view, self.actions_box,
                           self.message, self.hint_html, self.result_html, self.log_html, self.points_html])
        self._start(self._rng.randrange(2 ** 32))

    # -- state -------------------------------------------------------------------------------
    def _play(self, name: str) -> None:
        g = self.game
        self._check_turn(g.phase == "play")
        self._step(name, seat=0 if name != "next_hand" else None)

    # -- actions -------------------------------------------------------------------------------
    @safe_action
    def draw(self) -> None:
        """Take one more card (face up)."""
        self._play("draw")

    @safe_action
    def stand(self) -> None:
        """Stop drawing (only at 4½ or more, Q2)."""
        self._play("stand")

    @safe_action
    def double_six(self) -> None:
        """Declare a double six on a first card 6 and draw the second card (Q3)."""
        self._play("double_six")

    @safe_action
    def act(self, name: str) -> None:
        """Any action by its engine name: ``draw``, ``stand``, ``double_six``, ``next_hand``."""
        self._play(str(name))

    # -- rendering ---------------------------------------------------------------------------
    _RENDER = ("status", "board", "table", "hand", "buttons", "hints", "result", "log")
    _PANELS = ("status", "board", "table_html", "hand_view", "message", "hint_html", "result_html", "log_html")

    def _render_status(self, v) -> None:
        if v.phase == "game_over":
            if len(v.winners) == 1:
                text = _("Game over: You win.") if v.winners[0] == 0 else \
                    _("Game over: {name} wins.").format(name=v.names[v.winners[0]])
            else:
                text = _("Game over: Shared win: {names}.").format(names=", ".join(v.names[s] for s in v.winners))
        elif v.phase == "hand_over":
            text = _("Hand {n} is over. Press Next hand to deal the next one.").format(n=v.hand_number)
        else:
            sc = v.score
            text = (_("Hand {n}, {dealer} deals. Your turn: you have {hand} - below 4½ you must draw (Q2).")
                    if not sc.can_stand else _("Hand {n}, {dealer} deals. Your turn: you have {hand}: draw or stand.")
                    ).format(n=v.hand_number, dealer=v.names[v.dealer], hand=sc.name)
        self.status.value = status_html(text)

    def _render_board(self, v) -> None:
        rows = []
        for s, name in enumerate(v.names):
            tags = (" " + _("(dealer)") if s == v.dealer else "") + (" " + _("(you)") if s == 0 else "")
            of = _("{points} of {target}").format(points=v.points[s], target=v.target)
            rows.append(f"<tr><th scope=\"row\">{esc(name + tags)}</th><td>{esc(of)}</td>"
                        f"<td>{esc(_status(v.hands[s].status))}</td></tr>")
        caption = _("Points (first to {target} ends the game, Q6)").format(target=v.target)
        head = "".join(f'<th scope="col">{esc(h)}</th>' for h in (_("Player"), _("Points"), _("This hand")))
        self.board.value = (f'{_reconstruction()}<table class="sk-points"><caption>{esc(caption)}'
                            f'</caption><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')

    def _seat_words(self, v, s: int) -> str:
        h = v.hands[s]
        bits = [_status(h.status)]
        if h.declared:
            bits.append(_("declared {hand}").format(hand=h.declared))
        elif h.double_six_declared:
            bits.append(_("declared a double six"))
        if h.score is not None and s != 0 and h.status != "bust" and h.score.name != h.declared:
            bits.append(_("shows {hand}").format(hand=h.score.name))
        return ", ".join(bits)

    def _render_table(self, v) -> None:
        def seat(s: int, size: int) -> tuple[str, str]:
            name = v.names[s] + (" " + _("(dealer)") if s == v.dealer else "")
            cards = hand_html(v.hands[s].cards, face=self.face, rules=self.rules, size=size,
                              label=_("{name}'s hand").format(name=v.names[s]))
            return f'<div><b>{esc(name)}</b>: {esc(self._seat_words(v, s))}</div>', cards

        self.table_html.value = (self._seat_strip(len(v.names), seat)
                                 + '<p>' + (esc(_("Cards left in the deck: {n}").format(n=v.deck_left))) + '</p>')

    def _render_hand(self, v) -> None:
        h = v.hand
        dealer = " " + esc(_("(dealer)")) if v.dealer == 0 else ""
        head = you_head(v.names[0], dealer)
        if not h.cards:
            self.hand_view.value = head + "<p>" + (esc(_('No cards yet.'))) + "</p>"
            return
        cards = hand_html(h.cards, rules=self.rules, size=self.card_size, label=_("Your hand"))
        sc = h.score
        ds = h.double_six_declared
        detail = lines_html(explain(h.cards, self.rules, double_six=ds), "sk-explain")
        pts = ngettext(", {n} point if it wins (Q6)", ", {n} points if it wins (Q6)", sc.points).format(
            n=sc.points) if sc.can_stand else ""
        have = esc(_("You have {hand}").format(hand=sc.name))
        self.hand_view.value = (head + cards + f'<p class="sk-score-line"><b>{have}</b>'
                                f'{esc(pts)}.</p><details><summary>' + (esc(_("Why?"))) + f'</summary>{detail}</details>')

    def _focus_order(self) -> list:
        return [self.draw_button, self.stand_button, self.double_six_button, self.next_button, self.new_button]

    def _show_buttons(self, v) -> None:
        legal = v.legal or {}
        mine = v.phase == "play" and v.to_act == 0
        self.draw_button.layout.display = None if mine else "none"
        self.stand_button.layout.display = None if mine else "none"
        self.stand_button.disabled = "stand" not in legal
        self.stand_button.tooltip = (_("Stop here with your hand") if "stand" in legal
                                     else _("You may not stand below 4½ (Q2): draw"))
        self.double_six_button.layout.display = None if "double_six" in legal else "none"
        self.next_button.layout.display = None if v.phase == "hand_over" else "none"

    def _hint_html(self, v) -> str:
        """The hint panel's content, remembered per hand, cards seen and double-six choice."""
        mine = v.phase == "play" and v.to_act == 0
        key = (v.hand.cards, self._seen(v), v.legal is not None and "double_six" in v.legal) if mine else None
        key = (key, get_language())
        body = self._hint_cache.get(key)
        if body is None:
            body = self._hint_body(v)
            if len(self._hint_cache) > 256:
                self._hint_cache.clear()
            self._hint_cache[key] = body
        return body

    def _seen(self, v) -> tuple:
        mine = set(c for c in v.hand.cards if c is not None)
        return tuple(c for c in v.visible_cards() if c not in mine)

    def _hint_body(self, v) -> str:
        head = hint_head()
        if not (v.phase == "play" and v.to_act == 0):
            return hint_head("")
        mine = v.hand.cards
        seen = self._seen(v)
        o = odds_four_and_half(mine, seen, self.rules)
        rows = ["<li>" + _("Next card makes exactly 4½: <b>{fraction}</b> ({percent}: {n} of {unseen} unseen "
                           "cards).").format(fraction=frac_text(o.probability), percent=pct_text(o.probability),
                                             n=o.favourable, unseen=o.unseen) + "</li>"]
        if o.eventually is not None:
            rows.append("<li>" + _("Making 4½ at some point when drawing for it: {number}.").format(
                number=number_html(o.eventually)) + "</li>")  # a long fraction: on request
        text = [o.text]
        if v.legal is not None and "double_six" in v.legal:
            d = odds_double_six(mine[0], seen, self.rules)
            rows.append("<li>" + _("Declare a double six: the second card completes it with probability "
                                   "<b>{fraction}</b> ({percent}, Q3).").format(
                fraction=frac_text(d.probability), percent=pct_text(d.probability)) + "</li>")
            text.append(_("Double six: {text}").format(text=d.text))
        dist = next_card(mine, seen, self.rules, double_six=False)
        parts = "; ".join(f"{esc(k)}: {frac_text(p)}" for k, p in dist.items())
        rows.append("<li>" + _("After one more card: {parts}.").format(parts=parts) + "</li>")
        return (head + f'<ul class="sk-odds">{"".join(rows)}</ul><details open><summary>' + (esc(_("The counting"))) + f'</summary>'
                f'{lines_html(chr(10).join(text), "sk-odds-text")}</details></div>')

    def _render_result(self, v) -> None:
        r = v.last_result
        if r is None or v.phase == "play":
            self.result_html.value = ""
            return
        lines = []
        for s in v.order:
            sc = r.scores[s]
            if sc is None:
                continue
            cards = ", ".join(c.name(self.face) for c in sc.cards)
            if s in r.winners and r.mega is not None:
                line = _("{name}: {hand} ({cards}): wins the game (mega 4½, Q4)")
            elif s in r.winners:
                line = ngettext("{name}: {hand} ({cards}): wins {n} point", "{name}: {hand} ({cards}): wins {n} points",
                                r.points[s])
            else:
                line = "{name}: {hand} ({cards})"
            lines.append(line.format(name=v.names[s], hand=sc.name, cards=cards, n=r.points[s]))
        if not r.winners:
            lines.append(_("Nobody stands: nobody scores."))
        lines.append(r.reason)
        if v.phase == "game_over":
            lines.append(plain_text(self.status.value))
        self.result_html.value = result_block(_("Hand {n} result").format(n=v.hand_number), lines)

    def _render_log(self, v) -> None:
        self.log_html.value = log_panel((e.text for e in v.events), _("Table log (hand {n})").format(n=v.hand_number))

    # -- plain text for tests and screen readers -------------------------------------------------
    board_text = text_of("board")
