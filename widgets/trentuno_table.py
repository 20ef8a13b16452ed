"""``TrentunoTable``: play a whole game of Trentuno against 1-6 bots (RULES T1-T9).

A thin view over :class:`sette_kit.trentuno.TrentunoGame`.  The learner sits in seat 0
and sees exactly what :meth:`TrentunoGame.view` gives seat 0: his own three cards, the
other players as card backs with their names and lives, the pot, the stock size and the
top of the discard pile, whose turn it is and the phase.  The legal actions come from
``view(0).legal`` and become buttons (Draw from stock, Take discard, one "Discard <card>"
button per card that may be thrown, Knock).  After each of the learner's actions the
bots play on (``play_bots``) until it is the learner's turn again, the hand is over
(the showdown is shown and "Next hand" appears: the engine waits for ``next_hand``) or
the game is over (the winner is shown).  The hint panel shows the exact draw odds from
:func:`sette_kit.trentuno.draw_odds` (P(improve) as a fraction and a percentage, the
expected score of each choice, the better choice and the engine's counting text) and,
with four cards in hand, the engine's :func:`~sette_kit.trentuno.best_discard`.

The odds count as unseen every card except the learner's hand and the top of the
discard pile (``draw_odds``' default ``seen=()``): the view does not list the buried
discards, so the hint does not either.

>>> t = TrentunoTable(bots=2, seed=4)
>>> t.game.players, t.game.to_act, t.game.phase
(('Player', 'Bot 1', 'Bot 2'), 0, 'draw')
>>> t.knock()                  # nobody may knock in the first round (T6)
>>> "first round" in t.message_text
True
>>> t.draw_stock(); t.game.phase, len(t.game.view(0).hand)
('discard', 4)
>>> t.discard(t.game.view(0).hand[0]); t.game.to_act, len(t.game.view(0).hand)
(0, 3)
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets

from sette_kit.cards import Card
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.i18n import N_, _, ngettext
from sette_kit import fmt
from sette_kit.trentuno import (Greedy, ThresholdKnocker, TrentunoGame, TrentunoRules, best_discard,
                                draw_odds, explain)

from ._table import (GameTable, frac_text, hint_head, log_panel, pct_text, result_block, show_legal, status_html,
                     you_head)
from .base import KitWidget, button, esc, lines_html, safe_action, text_of
from .render import back_svg, card_svg, hand_html
from sette_kit.numbers import shown

__all__ = ["TrentunoTable", "default_bots"]

MAX_BOTS = 6
MAX_DISCARD_BUTTONS = 4
LOG_LINES = 40

PHASE_WORDS = {
    "draw": N_("draw (take a card from the stock or the discard pile)"),
    "discard": N_("discard (throw one card onto the discard pile)"),
    "hand_over": N_("the hand is over"),
    "game_over": N_("the game is over"),
}
PHASE_WORDS_KNOCK = {  # the same, when the learner may also knock (T6)
    "draw": N_("draw (take a card from the stock or the discard pile, or knock)"),
    "discard": N_("discard (throw one card onto the discard pile, or knock)"),
}

MOVE_WORDS = {"draw_stock": N_("draw from the stock"), "take_discard": N_("take the top discard"),
              "discard": N_("discard a card"), "knock": N_("knock"), "next_hand": N_("deal the next hand")}
"""The moves as a sentence names them, when the table says what the learner may do now."""

ACTION_WORDS = {"draw_stock": N_("Draw from stock"), "take_discard": N_("Take discard"), "knock": N_("Knock"),
                "next_hand": N_("Next hand")}


def default_bots(n: int) -> list:
    """The bots seated by default: greedy players and threshold knockers, alternating."""
    return [Greedy() if k % 2 == 0 else ThresholdKnocker() for k in range(n)]


def _backs(n: int, size: int, label: str) -> str:
    aria = ngettext("{label}: {n} face-down card", "{label}: {n} face-down cards", n).format(label=label, n=n)
    return (f'<div class="sk-hand sk-backs" role="group" aria-label="{esc(aria)}" '
            f'style="display:inline-flex;gap:4px">{"".join(back_svg(size) for _k in range(n))}</div>')


def _lives_html(lives: int, start: int) -> str:
    hearts = "♥" * lives + "♡" * max(0, start - lives)
    words = ngettext("{n} life", "{n} lives", lives).format(n=lives)
    return (f'<span class="sk-lives"><span aria-hidden="true" style="color:#D55E00">{hearts}</span> '
            f'{esc(words)}</span>')


class TrentunoTable(GameTable, KitWidget):
    """A Trentuno table: the learner (seat 0) against 1-6 bots.

    ``bots``: the number of bot opponents (1-6) or a list of bot policies; or give
    ``players``, the number of players including the learner (2-7).  ``names``: every
    player's name, the learner first.  ``rules``: a :class:`TrentunoRules`; ``lives``
    overrides its number of lives (T3).  ``seed``: every game is reproducible (the
    first game and each new game draw their seed from it).  ``hints``: show the hint
    panel from the start.

    Public actions: :meth:`new_game`, :meth:`draw_stock`, :meth:`take_discard`,
    :meth:`discard`, :meth:`knock`, :meth:`next_hand`, :meth:`act`, :meth:`toggle_hints`.
    """

    GAME = TrentunoGame

    def __init__(self, bots: int | Sequence = 3, *, players: int | None = None, names: Sequence[str] | None = None,
                 rules: TrentunoRules | None = None, seed: int | None = None, lives: int | None = None,
                 hints: bool = True, card_size: int = 64) -> None:
        super().__init__()
        if players is not None:
            if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_BOTS + 1:
                raise SetteKitError(_("players={players}: a Trentuno table seats 2 to {hi} players "
                                      "(you and 1 to 6 bots)").format(players=shown(players), hi=MAX_BOTS + 1))
            bots = players - 1
        if isinstance(bots, int) and not isinstance(bots, bool):
            if not 1 <= bots <= MAX_BOTS:
                raise SetteKitError(_("bots={bots}: play against 1 to {hi} bots").format(bots=shown(bots), hi=MAX_BOTS))
            policies = default_bots(bots)
        elif not isinstance(bots, (list, tuple)):  # None, 2.5 or an endless iterator is no list of bots
            raise SetteKitError(_("bots must be a number 1-{hi} or a list of 1-{hi} bot policies").format(hi=MAX_BOTS))
        else:
            policies = list(bots)
            if not 1 <= len(policies) <= MAX_BOTS or not all(callable(p) for p in policies):
                raise SetteKitError(_("bots must be a number 1-{hi} or a list of 1-{hi} bot policies").format(hi=MAX_BOTS))
        n = len(policies) + 1
        if names is None:
            names = self._default_names(n)
        if not isinstance(names, (list, tuple)):
            raise SetteKitError(_("names: give {n} names, yours first (you and {bots} bots)").format(n=n, bots=n - 1))
        names = [str(x) for x in names]
        if len(names) != n:
            raise SetteKitError(_("names: give {n} names, yours first (you and {bots} bots)").format(n=n, bots=n - 1))
        rules = self._read_rules(rules, TrentunoRules, lambda got: _("rules must be a TrentunoRules, got {kind}").format(
            kind=got), lives=lives)
        self._seat_up(rules, names, policies, seed, hints, card_size)

        # -- controls ----------------------------------------------------------------------
        self._table_panels(_("Show or hide the exact draw odds"))
        self.draw_button = button(_("Draw from stock"), self.draw_stock, tooltip=_("Take the top card of the stock (T5)"),
                                  css="sk-draw-stock", style="primary")
        self.take_button = button(_("Take discard"), self.take_discard,
                                  tooltip=_("Take the top card of the discard pile (T5)"), css="sk-take-discard")
        self.discard_buttons = [button(_("Discard"), (lambda k=k: self._discard_slot(k)), css="sk-discard")
                                for k in range(MAX_DISCARD_BUTTONS)]
        self.knock_button = button(_("Knock"), self.knock, tooltip=_("Knock: this becomes the last round (T6)"),
                                   css="sk-knock", style="warning")
        self.next_button = button(_("Next hand"), self.next_hand, tooltip=_("Deal the next hand (T4)"),
                                  css="sk-next-hand", style="primary")
        self.actions_box = self._actions_row([self.draw_button, self.take_button, *self.discard_buttons,
                                              self.knock_button, self.next_button])
        top = ipywidgets.HBox([self.new_button, self.hint_toggle])
        self.set_children([top, self.status, self.table_html, self.hand_view, self.actions_box, self.message,
                           self.hint_html, self.result_html, self.log_html])
        self._start(self._rng.randrange(2 ** 32))

    # -- state -------------------------------------------------------------------------------
    def _discard_slot(self, k: int):
        cards = [a.card for a in self._seat_view().legal if a.name == "discard"]
        if k >= len(cards):  # a stale click: nothing to do
            return self.show_message(_("There is no card to discard there now."), kind="error")
        return self.discard(cards[k])

    def _play(self, name: str, card=None) -> None:
        g = self.game
        self._check_turn(g.phase in ("draw", "discard"))
        if name != "next_hand" and g.phase == "hand_over":
            raise IllegalMove(_("the hand is over: press Next hand to deal the next one"))
        if name != "next_hand" and g.phase in ("draw", "discard") and g.lives[0] == 0:
            raise IllegalMove(_("you are out of the game (no lives left, T3)"))
        legal = list(g.legal_actions())  # the names of the legal moves (a Legal mapping)
        if name in MOVE_WORDS and not legal:  # nothing to do (the game is over): the engine's reason alone
            raise IllegalMove(g.why_not(name))
        if name in MOVE_WORDS and name not in legal:  # the engine's refusal names its seat and its keys: say it to the learner (IT-12)
            moves = [_(MOVE_WORDS[n]) for n in legal]
            may = moves[0] if len(moves) == 1 else _("{first} or {last}").format(first=", ".join(moves[:-1]),
                                                                                 last=moves[-1])
            raise IllegalMove(_("You cannot {move} now: {reason}. Now you may {moves}.").format(
                move=_(MOVE_WORDS[name]), reason=g.why_not(name), moves=may))
        self._step(name, card=card)

    # -- actions -------------------------------------------------------------------------------
    @safe_action
    def draw_stock(self) -> None:
        """Take the top card of the stock (T5)."""
        self._play("draw_stock")

    @safe_action
    def take_discard(self) -> None:
        """Take the top card of the discard pile (T5)."""
        self._play("take_discard")

    @safe_action
    def discard(self, card) -> None:
        """Throw a card: a :class:`Card` or text such as ``"Re di coppe"`` or ``"Rc"``."""
        if isinstance(card, str) and not card.strip():
            raise IllegalMove(_("say which card to discard, e.g. 'Re di coppe'"))
        self._play("discard", card if isinstance(card, Card) else str(card))

    @safe_action
    def knock(self) -> None:
        """Knock instead of drawing: the current round becomes the last (T6)."""
        self._play("knock")

    @safe_action
    def act(self, name: str, **params) -> None:
        """Any action by its engine name: ``draw_stock``, ``take_discard``, ``discard``
        (with ``card=``), ``knock``, ``next_hand``."""
        card = params.pop("card", None)
        if params:
            raise SetteKitError(_("unknown parameter(s) {names}: accepted card=").format(names=", ".join(sorted(params))))
        self._play(str(name), card)

    # -- rendering ---------------------------------------------------------------------------
    _RENDER = ("status", "table", "hand", "buttons", "hints", "result", "log")

    def _render_status(self, v) -> None:
        if v.phase == "game_over":
            text = (_("Game over: You win the pot of {n} lives.") if v.winner == 0
                    else _("Game over: {name} wins the pot of {n} lives.")).format(name=v.players[v.winner], n=v.pot)
        elif v.phase == "hand_over":
            text = _("Hand {n} is over. Press Next hand to deal the next one.").format(n=v.hand_number)
            if v.lives[0] == 0:
                text += " " + _("You are out: the bots play on.")
        else:
            turn = _("your turn") if v.to_act == 0 else _("{name}'s turn").format(name=v.players[v.to_act])
            if v.my_turn and any(a.name == "knock" for a in v.legal):  # said only when allowed (T6)
                phase = _(PHASE_WORDS_KNOCK[v.phase]) if v.phase in PHASE_WORDS_KNOCK else \
                    _("{phase}, or knock").format(phase=_(PHASE_WORDS[v.phase]) if v.phase in PHASE_WORDS else v.phase)
            else:
                phase = _(PHASE_WORDS[v.phase]) if v.phase in PHASE_WORDS else v.phase
            text = _("Hand {n}, round {round}: {turn}, phase {phase}.").format(
                n=v.hand_number, round=v.round, turn=turn, phase=phase)
            if v.knocker is not None:
                left = v.last_turns_left
                text += " " + ngettext("{name} has knocked: {n} last turn left (T6).",
                                       "{name} has knocked: {n} last turns left (T6).", left).format(
                    name=v.players[v.knocker], n=left)
            elif v.first_round:
                text += " " + _("Nobody may knock in the first round (T6).")
        self.status.value = status_html(text)

    def _render_table(self, v) -> None:
        start = self.rules.lives

        def seat(s: int, size: int) -> tuple[str, str]:
            tags = []
            if s == v.dealer:
                tags.append(_("dealer"))
            if s == v.knocker:
                tags.append(_("knocked"))
            if s == v.to_act:
                tags.append(_("to play"))
            if v.lives[s] == 0:
                tags.append(_("out"))
            tag = f' <i>({esc(", ".join(tags))})</i>' if tags else ""
            name = v.players[s]
            if s in v.revealed:  # shown by the rules (showdown or 31, T6/T7)
                cards = hand_html(v.revealed[s], face=self.face, size=size, label=_("{name}'s hand").format(name=name))
            else:
                cards = _backs(v.hand_sizes[s], size, _("{name}'s hand").format(name=name))
            return f'<div><b>{esc(name)}</b>{tag}</div><div>{_lives_html(v.lives[s], start)}</div>', cards

        if v.discard_top is not None:
            top = card_svg(v.discard_top, self.face, size=self.card_size)
            pile = ngettext("Discard pile: {n} card, top card {card}", "Discard pile: {n} cards, top card {card}",
                            v.discard_size).format(n=v.discard_size, card=v.discard_top.name(self.face))
        else:
            top = ""
            pile = ngettext("Discard pile: {n} card, empty", "Discard pile: {n} cards, empty",
                            v.discard_size).format(n=v.discard_size)
        stock = back_svg(self.card_size) if v.stock_size else ""
        stock_words = ngettext("Stock: {n} cards", "Stock: {n} cards", v.stock_size).format(n=v.stock_size)
        pot = ngettext("Pot: {n} life", "Pot: {n} lives", v.pot).format(n=v.pot)
        middle = (f'<div class="sk-middle" style="display:flex;gap:24px;align-items:flex-end;margin:6px 0">'
                  f'<div class="sk-stock">{stock}<div>{esc(stock_words)}</div></div>'
                  f'<div class="sk-discard-pile">{top}<div>{esc(pile)}</div></div>'
                  f'<div class="sk-pot"><b>{esc(pot)}</b></div></div>')
        self.table_html.value = self._seat_strip(len(v.players), seat) + middle

    def _render_hand(self, v) -> None:
        me = v.players[0]
        tags = []
        if v.dealer == 0:
            tags.append(_("dealer"))
        if v.knocker == 0:
            tags.append(_("knocked"))
        tag = f' <i>({esc(", ".join(tags))})</i>' if tags else ""
        head = you_head(me, f'{tag} {_lives_html(v.lives[0], self.rules.lives)}')
        if v.lives[0] == 0:
            head += "<p><b>" + (esc(_('You are out of the game (no lives left, T3).'))) + "</b></p>"
            if not v.hand:
                self.hand_view.value = head
                return
        cards = hand_html(v.hand, face=self.face, size=self.card_size, label=_("Your hand"))
        if v.score is not None:
            detail = lines_html(explain(v.hand, self.rules), "sk-explain")
            scores = esc(_("Your hand scores {n}.").format(n=v.score.total))
            scored = (f'<p class="sk-score-line"><b>{scores}</b></p>'
                      f'<details><summary>' + (esc(_("Why?"))) + f'</summary>{detail}</details>')
        else:
            hold = esc(_("You hold {n} cards: discard one.").format(n=len(v.hand)))
            scored = f'<p class="sk-score-line"><i>{hold}</i></p>'
        self.hand_view.value = head + cards + scored

    def _focus_order(self) -> list:
        return [self.draw_button, self.take_button, *self.discard_buttons, self.knock_button, self.next_button,
                self.new_button]

    def _show_buttons(self, v) -> None:
        legal = v.legal  # a tuple of concrete Actions (T5): one per card that may be thrown
        names = {a.name for a in legal}
        show_legal({"draw_stock": self.draw_button, "take_discard": self.take_button, "knock": self.knock_button},
                   names)
        if v.discard_top is not None and "take_discard" in names:
            self.take_button.description = _("Take {card}").format(card=v.discard_top.name(self.face))
            self.take_button.tooltip = _("Take the {card} from the discard pile (T5)").format(
                card=v.discard_top.name(self.face))
        cards = [a.card for a in legal if a.name == "discard"]
        for k, b in enumerate(self.discard_buttons):
            if k < len(cards):
                c = cards[k]
                b.description = _("Discard {card}").format(card=c.name(self.face))
                b.tooltip = _("Throw the {card} onto the discard pile (T5)").format(card=c.name(self.face))
                b.layout.display = None
            else:
                b.layout.display = "none"
        self.next_button.layout.display = None if v.phase == "hand_over" else "none"

    def _hint_html(self, v) -> str:
        head = hint_head()
        if not v.my_turn:
            return hint_head("")
        if v.phase == "draw" and len(v.hand) == 3:
            o = draw_odds(v.hand, v.discard_top, rules=self.rules)
            rows = ["<li>" + _("Draw from the stock: P(improve) = <b>{fraction}</b> ({percent}: {n} of {unseen} "
                               "unseen cards); expected score {expected} ≈ {decimal}.").format(
                fraction=frac_text(o.p_improve), percent=pct_text(o.p_improve), n=o.improving, unseen=o.unseen,
                expected=frac_text(o.expected_stock), decimal=fmt.decimal(o.expected_stock, 2))
                + "</li>"]
            if o.discard_score is not None:
                rows.append("<li>" + _("Take {card}: score exactly <b>{n}</b>.").format(
                    card=esc(o.discard_top.name(self.face)), n=o.discard_score) + "</li>")
            better = _("draw from the stock") if o.best == "stock" else _("take the discard")
            rows.append("<li>" + _("Better choice: <b>{choice}</b>.").format(choice=esc(better)) + "</li>")
            if any(a.name == "knock" for a in v.legal):
                rows.append("<li>" + _("You may also knock with {n} (T6).").format(n=v.score.total) + "</li>")
            return (head + f'<ul class="sk-odds">{"".join(rows)}</ul>'
                    f'<details open><summary>' + (esc(_("The counting"))) + f'</summary>{lines_html(o.explain(), "sk-odds-text")}'
                    f'</details></div>')
        if v.phase == "discard" and len(v.hand) == 4:
            card, kept = best_discard(v.hand, self.rules, keep=v.taken_from_discard)
            best = _("Best discard: <b>{card}</b>, keeping <b>{n}</b>.").format(card=esc(card.name(self.face)),
                                                                                  n=kept.total)
            return head + f'<p>{best}</p>{lines_html(explain(kept.cards, self.rules), "sk-explain")}</div>'
        return head + "<p>" + (esc(_('No odds for this step.'))) + "</p></div>"

    def _render_result(self, v) -> None:
        if v.phase not in ("hand_over", "game_over"):
            self.result_html.value = ""
            return
        ends = ("thirty_one", "showdown", "lowest", "lose_life", "eliminated", "redeal", "game_over")
        lines = [e.text for e in self._hand_events(v) if e.kind in ends]
        if v.phase == "game_over":
            lines.append(_("You win the game!") if v.winner == 0
                         else _("{name} wins the game!").format(name=v.players[v.winner]))
        self.result_html.value = result_block(_("Hand {n}").format(n=v.hand_number), lines)

    def _hand_events(self, v) -> list:
        out = []
        for e in reversed(self.game.events):
            if e.round != v.hand_number:
                break
            out.append(e)
        out.reverse()
        return out

    def _render_log(self, v) -> None:
        events = self._hand_events(v)
        hidden = max(0, len(events) - LOG_LINES)
        note = "<p><i>" + (esc(ngettext('{n} earlier event of this hand not shown.', '{n} earlier events of this hand not shown.', hidden).format(n=hidden))) + "</i></p>" if hidden else ""
        self.log_html.value = log_panel((e.text for e in events[hidden:]), _("Table log (hand {n})").format(n=v.hand_number),
                                        note=note)

    # -- plain text for tests and screen readers -------------------------------------------------
    table_text = text_of("table_html")

    def visible_html(self) -> str:
        """Everything the widget shows now, as one HTML string (with the words of the buttons shown)."""
        return super().visible_html() + "".join(
            b.description + b.tooltip for b in (self.draw_button, self.take_button, *self.discard_buttons,
                                                self.knock_button, self.next_button) if b.layout.display != "none")
