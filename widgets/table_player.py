"""``TablePlayer``: play Sette e mezzo rounds against the bank and 0-5 bots (RULES S7-S23).

The widget is a thin view over one :class:`sette_kit.game.Table`.  The learner sits at
seat 0; the bots (:mod:`sette_kit.policies`) sit at the other seats and the first bank
is the bot on the learner's left (seat 1), so the learner plays after the other players
and has seen their face-up cards.

* Everything shown comes from ``table.view(0)``: the learner's own cards, the other
  hands' face-up cards only (a hidden card is drawn as a card back), bankrolls, stakes,
  whose turn it is and the round log (the events' plain-English text).
* The buttons are built from the legal actions of the moment (``view.legal``); the
  others are hidden.  After each of the learner's actions the bots play on
  (``table.play_bots()``) until it is the learner's turn again or the round is settled.
* Bank passing (S17): when the bank passes to the learner, the learner plays the bank's
  hand with the same buttons (the legal bank actions are hit, stand and, with the matta,
  declare) - the simplest correct choice: nothing is played for the learner.  The bots
  play a bank turn with a bank that stands on 5 (``cautious_bank()``).
* The hint panel ("Show hints") gives, on the learner's turn, the exact probability that
  one more card busts the hand, counting the cards the seat has seen
  (``odds.bust_probability(cards, seen=...)``, with its counting argument), and, from the
  *heads-up model* (``odds.solve(rules, dealer=stand_at(5))``: the learner alone against
  a bank standing on 5, ignoring the other hands and the optional moves), the expected
  result of standing and of hitting and the optimal move.

>>> t = TablePlayer("plain", bots=1, seed=2, hints=False)
>>> t.table.phase, t.table.to_act, sorted(t.legal)
('stake', 0, ['stake'])
>>> t.stake("abc"); t.message_text
"Type the stake as a whole number from 1 to 10 (you typed 'abc')."
>>> _ = t.stake(3); sorted(t.legal)
['hit', 'stand']
>>> _ = t.stand(); t.table.phase
'settled'
>>> sum(t.table.bankrolls)
300
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

import ipywidgets

from sette_kit import odds, policies
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.i18n import N_, _, ngettext, pgettext
from sette_kit.numbers import MAX_CHARS, read_whole, shown
from sette_kit.game import Table
from sette_kit.rules import Rules
from sette_kit.scoring import fmt_points
from sette_kit.fmt import local_marks

from ._table import CardTable, log_panel, pct_text, show_legal
from .base import KitWidget, button, esc, html_panel, on_enter, safe_action, text_of
from .render import hand_html, read_card_size

__all__ = ["TablePlayer", "ACTION_BUTTONS", "BOT_NAMES", "BANK_STANDS_AT", "legal_words"]

BOT_NAMES = ("Bruno", "Carla", "Dario", "Elena", "Franco", "Gina")
"""Names of the bot seats, in seat order (the first one holds the first bank)."""

BANK_STANDS_AT = 5
"""Every bot plays the bank standing on 5 (``policies.cautious_bank()``); the hints'
heads-up model uses the same bank (``odds.stand_at(5)``)."""

BOT_PLAYERS = (5, 4, 6, 5, 4.5, 5.5)
"""The bots' thresholds as players (``policies.stand_at(x)``), by bot."""

ACTION_BUTTONS = {
    # action: (button text, tooltip)
    "stake": (N_("Stake"), N_("Stake the amount in the box (S7, S9)")),
    "hit": (N_("Hit"), N_("Take one more card, face up (S9)")),
    "stand": (N_("Stand"), N_("Take no more cards")),
    "hit_face_down": (N_("Card face down"), N_("Ask for a card face down; your hidden card is turned up first (S22)")),
    "split": (N_("Split"), N_("Split your two figures into two hands; the amount box is the new hand's stake (S23)")),
    "burn": (N_("Burn"), N_("Show your first card (a 3 or a 4) and get a new one (S19)")),
    "exchange": (N_("Exchange"), N_("Exchange your first card, a 4, for a new one (S20)")),
    "half_ace": (N_("Ace = ½"), N_("Declare your first-card ace worth ½: the next cards come face down (S21)")),
    "declare": (N_("Declare matta"), N_("Declare the value the matta takes (S4)")),
}
"""The action buttons: every action of :data:`sette_kit.game.ACTIONS` (English; translated where shown)."""

LEGAL_WORDS = {
    "stake": lambda: pgettext("you may", "stake"), "hit": lambda: pgettext("you may", "hit"),
    "stand": lambda: pgettext("you may", "stand"),
    "hit_face_down": lambda: pgettext("you may", "ask for a card face down"),
    "split": lambda: pgettext("you may", "split your figures"),
    "burn": lambda: pgettext("you may", "burn your first card"),
    "exchange": lambda: pgettext("you may", "exchange your 4"),
    "half_ace": lambda: pgettext("you may", "count your Ace as ½"),
    "declare": lambda: pgettext("you may", "declare the matta"),
}
"""The legal actions in words, as "you may ..." goes on (the engine's names are for code
and the command line); each a function: the words in the current language."""


def legal_words(legal) -> str:
    """What a seat may do, in words: 'stake 1 to 10, hit or ask for a card face down'.

    >>> from sette_kit.game import Table
    >>> t = Table("spanish", ["Anna", "Bruno"], banker="Anna", seed=1)
    >>> t.new_round(); legal_words(t.legal_actions())
    'stake 1 to 10'
    >>> t.stake(2); legal_words(t.legal_actions())
    'hit, stand or ask for a card face down'
    """
    parts = []
    for name, o in legal.items():
        words = LEGAL_WORDS[name]() if name in LEGAL_WORDS else name.replace("_", " ")
        if name == "split" and o.min is not None:
            words = (_("{action} (the new hand's stake {lo} to {hi})") if o.min != o.max
                     else _("{action} (stake {lo})")).format(action=words, lo=o.min, hi=o.max)
        elif o.min is not None:
            words = (_("{action} {lo} to {hi}") if o.min != o.max else "{action} {lo}").format(
                action=words, lo=o.min, hi=o.max)
        parts.append(words)
    if len(parts) == 1:
        return parts[0]
    return _("{first} or {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


STATUS_WORDS = {"playing": N_("playing"), "stood": N_("stood"), "sette_e_mezzo": N_("7½, shown"), "bust": N_("bust")}


@lru_cache(maxsize=16)
def _solution(rules: Rules, bank_threshold: Fraction):
    """The heads-up model solved once per rules (a few hundred ms for the Italian rules)."""
    return odds.solve(rules, dealer=odds.stand_at(bank_threshold))


def _parse_amount(amount, lo: int, hi: int, what: str) -> int:
    """The amount typed in the box as an int within lo..hi, else a short message; ``what``
    names what is typed (translated: "stake", "new hand's stake")."""
    if isinstance(amount, bool):
        amount = None
    if isinstance(amount, str):
        text = amount.strip()
        if len(text) > MAX_CHARS:  # the size is checked before the text becomes a number
            raise SetteKitError(_("Type the {what} as a whole number from {lo} to {hi} (you typed {typed}, "
                                  "too long for a number).").format(what=what, lo=lo, hi=hi, typed=shown(text)))
        try:  # sette_kit.numbers reads it: ASCII digits only ('２' is not 2)
            amount = read_whole(text, "amount", plain=True)
        except SetteKitError:
            raise SetteKitError(_("Type the {what} as a whole number from {lo} to {hi} (you typed {typed}).").format(
                what=what, lo=lo, hi=hi, typed=shown(text))) from None
    elif isinstance(amount, float) and amount.is_integer():
        amount = int(amount)
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise SetteKitError(_("Type the {what} as a whole number from {lo} to {hi}.").format(what=what, lo=lo, hi=hi))
    if not lo <= amount <= hi:
        raise SetteKitError(_("The {what} must be from {lo} to {hi}; {amount} is out of range.").format(
            what=what, lo=lo, hi=hi, amount=shown(amount)))
    return amount


def _signed(x) -> str:
    return local_marks(f"{float(x):+.4f}")


class TablePlayer(CardTable, KitWidget):
    """Play rounds of Sette e mezzo at a table with the bank and ``bots`` other players.

    ``rules``: a preset name or :class:`~sette_kit.rules.Rules`; ``bots``: 0-5 bot players
    besides the bank; ``seed`` makes the game repeatable; ``bankroll`` is everybody's
    starting money; ``min_stake``/``max_stake`` the limits (S7); ``hints`` shows the hint
    panel; ``deck`` (cards on top of the first deck, top card first) scripts a game for a
    lesson: one card each in playing order (the bots after the bank's seat, then the learner),
    the bank's card last, then the cards drawn.  Public actions: :meth:`deal` (= :meth:`new_round`), :meth:`stake`,
    :meth:`hit`, :meth:`stand`, :meth:`hit_face_down`, :meth:`split`, :meth:`burn`,
    :meth:`exchange`, :meth:`half_ace`, :meth:`declare`, :meth:`act`, :meth:`toggle_hints`.
    """

    HUMAN = 0

    def __init__(self, rules: Rules | str = "italian", bots: int = 2, *, seed=None, bankroll: int = 100,
                 min_stake: int = 1, max_stake: int = 10, hints: bool = True, name: str = "Ada",
                 card_size: int = 56, deck=None) -> None:
        super().__init__()
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots <= len(BOT_NAMES) - 1:
            raise SetteKitError(_("bots={bots}: give a whole number of bot players from 0 to 5 (the bank is extra)")
                                .format(bots=shown(bots)))
        self.card_size = read_card_size(card_size)  # checked where the widget is made
        names = [str(name)] + list(BOT_NAMES[:bots + 1])
        bank = policies.cautious_bank()
        bot_policies = {i + 1: policies.seat(policies.stand_at(BOT_PLAYERS[i]), bank) for i in range(bots + 1)}
        self.table = Table(self.rules, names, bankrolls=bankroll, min_stake=min_stake, max_stake=max_stake,
                           seed=seed, bots=bot_policies, banker=1, deck=deck)
        self.hints_on = bool(hints)

        # -- controls --------------------------------------------------------------------
        self.new_round_button = button(_("New round"), self.new_round, tooltip=_("Deal the next round"),
                                       css="sk-deal", style="primary")
        self.new_round_button.add_class("sk-new-round")
        # Enter in the box stakes; typing, or leaving the box to click Stake, does not
        # ("type your stake and press Stake" staked on leaving the box, then the
        # click was refused)
        self.amount_box = on_enter(ipywidgets.Text(value=str(min_stake), description=_("Amount:"),
                                                   style={"description_width": "initial"},  # "Nueva apuesta:"
                                                   layout=ipywidgets.Layout(width="13em")), self._amount_entered)
        self.amount_box.add_class("sk-amount")
        self.declare_choice = ipywidgets.Dropdown(description=_("Matta:"), options=[(_("best value"), None)],
                                                  layout=ipywidgets.Layout(width="13em"))
        self.declare_choice.add_class("sk-declare-value")
        self.buttons: dict[str, ipywidgets.Button] = {}
        for action, (text, tip) in ACTION_BUTTONS.items():
            b = button(_(text), self._clicker(action), tooltip=_(tip), css="sk-" + action.replace("_", "-"))
            self.buttons[action] = b
        self.hints_toggle = ipywidgets.Checkbox(value=self.hints_on, description=_("Show hints"), indent=False)
        self.hints_toggle.add_class("sk-hints-toggle")

        # -- displays --------------------------------------------------------------------
        self.status = html_panel("sk-result")
        self.seats_html = html_panel("sk-seats")
        self.hints_html = html_panel("sk-hints")
        self._wire_hints(self.hints_toggle, self.hints_html)
        self.log_html = html_panel("sk-log")
        wrap = ipywidgets.Layout(flex_flow="row wrap", align_items="center")
        self.action_row = ipywidgets.HBox([self.amount_box, self.declare_choice]
                                          + [self.buttons[a] for a in ACTION_BUTTONS], layout=wrap)
        top = ipywidgets.HBox([self.new_round_button, self.hints_toggle], layout=wrap)
        self.set_children([top, self.status, self.seats_html, self.action_row, self.message, self.hints_html,
                           self.log_html])
        self._start_round()

    # -- state shown ------------------------------------------------------------------------
    @property
    def view_(self):
        """The table as the learner's seat sees it (the only source of what is shown)."""
        return self.table.view(self.HUMAN)

    def _seat_view(self):
        return self.view_

    @property
    def legal(self):
        """The learner's legal actions now (empty when it is not the learner's turn)."""
        return self.view_.legal or {}

    seats_text = text_of("seats_html")
    hints_text = text_of("hints_html")

    @property
    def html(self) -> str:
        """Everything the widget shows, as HTML (for tests of what the seat may see)."""
        return "".join(w.value for w in (self.status, self.seats_html, self.hints_html, self.log_html, self.message))

    # -- rendering ----------------------------------------------------------------------------
    _RENDER = ("status", "seats", "buttons", "log", "hints")

    def _render_status(self, v) -> None:
        me = self.HUMAN
        head = _("Round {n} · {name} holds the bank").format(n=v.round, name=esc(v.names[v.banker]))
        if v.phase == "settled":
            r = self.table.last_result
            won = r.results[me] if r is not None else 0
            if me not in self._round_players() and me != (r.banker if r else v.banker):
                what = _("You sat this round out.")
            elif won > 0:
                what = _("You won {n} this round.").format(n=won)
            elif won < 0:
                what = _("You lost {n} this round.").format(n=-won)
            else:
                what = _("You neither won nor lost this round.")
            body = _("<b>Round over.</b> {what} Your bankroll: {bankroll}. Press <i>New round</i>.").format(
                what=what, bankroll=v.bankrolls[me])
        elif v.my_turn:
            turn = _("<b>Your turn as the bank:</b> you may {actions}.") if v.phase == "bank" \
                else _("<b>Your turn:</b> you may {actions}.")
            body = turn.format(actions=esc(legal_words(v.legal)))
        elif v.to_act is not None:
            body = _("{name} is to act.").format(name=esc(v.names[v.to_act]))
        else:
            body = _("Press <i>New round</i> to deal.")
        self.status.value = f'<p class="sk-status" aria-live="polite">{head}. {body}</p>'

    def _round_players(self) -> tuple:
        for e in self.table.round_events():
            if e.kind == "round_started":
                return tuple(e.data["players"])
        return ()

    def _render_seats(self, v) -> None:
        rows = []
        for s, hands in enumerate(v.hands):
            tags = []
            if s == self.HUMAN:
                tags.append(_("you"))
            if s == v.banker:
                tags.append(_("the bank"))
            who = esc(v.names[s]) + (f" ({', '.join(tags)})" if tags else "")
            turn = ' <b class="sk-to-act">' + (esc(_("◀ to act"))) + '</b>' if s == v.to_act else ""
            bankroll = esc(_("bankroll {n}").format(n=v.bankrolls[s]))
            parts = [f'<div class="sk-seat-head"><b>{who}</b> · {bankroll}{turn}</div>']
            if not hands:
                parts.append('<div class="sk-seat-out"><i>' + (esc(_("not in this round"))) + '</i></div>')
            for i, h in enumerate(hands):
                label = _("{name}, hand {i}").format(name=v.names[s], i=i + 1) if len(hands) > 1 else f"{v.names[s]}"
                facts = [_("hand {i}").format(i=i + 1)] if len(hands) > 1 else []
                if s != v.banker:
                    facts.append(_("stake {n}").format(n=h.stake) if h.stake else _("no stake yet"))
                if h.score is not None and h.cards:
                    facts.append(_("total {points}").format(points=fmt_points(h.score.total)))
                elif h.hidden:
                    facts.append(ngettext("{n} card face down", "{n} cards face down", h.hidden).format(n=h.hidden))
                if h.status != "playing":
                    facts.append(_(STATUS_WORDS[h.status]) if h.status in STATUS_WORDS else h.status)
                if h.declare is not None:
                    facts.append(_("matta declared {value}").format(value=fmt_points(h.declare)))
                if h.half_ace:
                    facts.append(_("ace declared ½"))
                if h.result is not None and s != v.banker:
                    facts.append(_("won {n}").format(n=h.result) if h.result > 0
                                 else _("lost {n}").format(n=-h.result) if h.result < 0 else _("stake back"))
                parts.append(hand_html(h.cards, rules=self.rules, size=self.card_size, label=label)
                             + f'<div class="sk-hand-facts">{esc(", ".join(facts))}</div>')
            css = "sk-seat" + (" sk-seat-you" if s == self.HUMAN else "") + (" sk-seat-bank" if s == v.banker else "")
            rows.append(f'<div class="{css}" style="display:inline-block;vertical-align:top;margin:4px 12px 4px 0">'
                        + "".join(parts) + "</div>")
        self.seats_html.value = f'<div class="sk-table-seats">{"".join(rows)}</div>'

    def _focus_order(self) -> list:
        return [self.amount_box, self.declare_choice, *self.buttons.values(), self.new_round_button]

    def _show_buttons(self, v) -> None:
        legal = v.legal or {}  # a Legal mapping: each action's options (stake limits, matta values)
        show_legal(self.buttons, legal, disable=True)
        amount = legal.get("stake") or legal.get("split")
        self.amount_box.layout.display = None if amount is not None else "none"
        if amount is not None:
            self.amount_box.placeholder = f"{amount.min}-{amount.max}"
            self.amount_box.description = _("Stake:") if "stake" in legal else _("New stake:")
        opt = legal.get("declare")
        self.declare_choice.layout.display = None if opt is not None else "none"
        if opt is not None:
            choices = [(_("best value") if x is None else fmt_points(x), x) for x in opt.values]
            if list(self.declare_choice.options) != choices:
                self.declare_choice.options = choices
        self.new_round_button.disabled = self.table.in_progress

    def _render_log(self, v) -> None:
        lines = []
        for e in v.events:
            text = e.text
            if e.private and e.seat == self.HUMAN and "card" in e.data:  # your own face-down card
                text = _("{text} (you see: {card})").format(text=text, card=e.data["card"].name(self.rules.face))
            lines.append(text)
        self.log_html.value = log_panel(lines, _("Round log"), css="sk-round-log", live=False)

    def _hint_html(self, v) -> str:
        self.hint = self._hint(v)
        return self.hint["html"]

    def _hint(self, v) -> dict:
        """The hint facts for the learner's hand to act now (all from sette_kit.odds)."""
        out: dict[str, Any] = {"bust": None, "ev_stand": None, "ev_hit": None, "best": None}
        hand = v.hand
        if not v.my_turn or hand is None:
            out["html"] = '<div class="sk-hint"><i>' + (esc(_("Hints appear on your turn."))) + '</i></div>'
            return out
        cards = tuple(hand.cards)
        if not cards:
            out["html"] = ('<div class="sk-hint"><i>'
                           '' + (esc(_("You hold no card yet: hints appear once you see your card."))) + '</i></div>')
            return out
        mine = set(cards)
        seen = tuple(c for c in v.visible_cards() if c not in mine)
        parts = ['<div class="sk-hint" role="status"><b>' + (esc(_("Hints"))) + '</b>']
        try:
            p = odds.bust_probability(cards, seen=seen, rules=self.rules)
            out["bust"] = p
            chance = _("Chance that one more card busts you: <b>{fraction}</b> ≈ {percent}").format(
                fraction=p, percent=pct_text(p))
            parts.append(f'<p class="sk-hint-bust">{chance}</p>')
            why = odds.explain_bust(cards, seen=seen, rules=self.rules)
            parts.append('<details class="sk-hint-why"><summary>' + (esc(_("Why (counting the cards)"))) + '</summary>'
                         + "".join(f"<p>{esc(line)}</p>" for line in why.splitlines()) + "</details>")
        except SetteKitError as exc:
            parts.append(f"<p>{esc(exc)}</p>")
        if v.phase == "bank":
            note = _("You hold the bank: the heads-up model below is a player's, so it gives no advice for the bank.")
            parts.append(f'<p class="sk-hint-model"><i>{esc(note)}</i></p>')
        else:
            sol = _solution(self.rules, Fraction(BANK_STANDS_AT))
            try:
                stand, best = sol.ev_of(cards, "stand"), sol.decision(cards)
                out["ev_stand"], out["best"] = stand, best
                items = ["<li>" + _("Expected result if you stand: <b>{ev}</b> per unit staked").format(
                    ev=_signed(stand)) + "</li>"]
                if "hit" in v.legal:
                    hit = sol.ev_of(cards, "hit")
                    out["ev_hit"] = hit
                    items.append("<li>" + _("Expected result if you hit (and then play on as well as possible): "
                                            "<b>{ev}</b> per unit staked").format(ev=_signed(hit)) + "</li>")
                move = LEGAL_WORDS[best]() if best in LEGAL_WORDS else best
                parts.append(f'<ul class="sk-hint-ev">{"".join(items)}</ul>'
                             f'<p class="sk-hint-best">' + (_("Optimal move: <b>{move}</b>").format(move=esc(move))) + '</p>')
            except SetteKitError as exc:
                parts.append(f"<p>{esc(exc)}</p>")
            model = _("The expected results and the optimal move come from the heads-up model: you alone against "
                      "a bank that stands on {n}, from a full deck, ignoring the other players' cards and the "
                      "optional moves. The bust chance counts every card you have seen.").format(n=BANK_STANDS_AT)
            parts.append(f'<p class="sk-hint-model"><i>{esc(model)}</i></p>')
        parts.append("</div>")
        out["html"] = "".join(parts)
        return out

    # -- plumbing -----------------------------------------------------------------------------
    def _clicker(self, action: str):
        def click():
            if action in ("stake", "split"):
                getattr(self, action)(self.amount_box.value)
            elif action == "declare":
                self.declare(self.declare_choice.value)
            else:
                self.act(action)
        return click

    def _amount_entered(self, text: str) -> None:
        """Enter in the amount box: stake it, or split with it as the new hand's stake."""
        if "split" in self.legal and "stake" not in self.legal:
            self.split(text)
        else:
            self.stake(text)

    def _start_round(self) -> None:
        self.table.new_round()
        self.table.play_bots()
        self._render()

    def _do(self, action: str, **params) -> None:
        v = self.view_
        if not self.table.in_progress:
            raise IllegalMove(_("The round is over: press New round to deal the next one."))
        if not v.my_turn:
            raise IllegalMove(_("It is {name}'s turn, not yours.").format(name=v.names[v.to_act]))
        self.table.act(action, seat=self.HUMAN, **params)  # checks legality; illegal -> no change
        self.table.play_bots()
        self._render()

    # -- public actions -------------------------------------------------------------------------
    @safe_action
    def new_round(self) -> int:
        """Deal the next round (S8); the bots play until it is your turn.  Returns the round number."""
        if self.table.in_progress:
            raise IllegalMove(_("Finish this round first: it is your turn (you may {actions}).").format(
                actions=legal_words(self.view_.legal)) if self.view_.my_turn
                else _("Finish this round first: the bots are playing."))
        self._start_round()
        return self.table.round

    deal = new_round

    @safe_action
    def act(self, name: str, **params):
        """Perform any legal action by name (``"hit"``, ``"stake"`` with ``amount=``...)."""
        if name in ("stake", "split"):
            return (self.stake if name == "stake" else self.split)(params.get("amount"))
        if name == "declare":
            return self.declare(params.get("value"))
        legal = self.legal
        if name not in legal:
            if not self.table.in_progress:
                raise IllegalMove(_("The round is over: press New round to deal the next one."))
            allowed = legal_words(legal) if legal else _("nothing: it is not your turn")
            what = _(ACTION_BUTTONS[name][0]) if name in ACTION_BUTTONS else str(name)
            raise IllegalMove(_("{action} is not possible now: you may {allowed}.").format(action=what, allowed=allowed))
        self._do(name, **params)
        return True

    @safe_action
    def stake(self, amount=None):
        """Stake ``amount`` (a whole number within the limits shown; text from the box is read)."""
        opt = self.legal.get("stake")
        if opt is None:
            raise IllegalMove(_("You cannot stake now: you may {actions}.").format(actions=legal_words(self.legal))
                              if self.legal else _("You cannot stake now."))
        amount = opt.min if amount is None else _parse_amount(amount, opt.min, opt.max, pgettext("amount", "stake"))
        self._do("stake", amount=amount)
        return amount

    @safe_action
    def split(self, amount=None):
        """Split two figures into two hands, staking ``amount`` on the new one (S23)."""
        opt = self.legal.get("split")
        if opt is None:
            raise IllegalMove(_("You can split only two figures, right after they are dealt (S23)."))
        amount = opt.min if amount is None else _parse_amount(amount, opt.min, opt.max, pgettext("amount", "new hand's stake"))
        self._do("split", amount=amount)
        return amount

    @safe_action
    def declare(self, value=None):
        """Declare the matta's value (S4): a value from the list, or ``None`` for the best."""
        opt = self.legal.get("declare")
        if opt is None:
            raise IllegalMove(_("You can declare the matta only when your hand holds it with other cards (S4)."))
        if isinstance(value, str) and value.strip().lower() in ("", "auto", "best", "best value",
                                                                 _("best value").lower()):
            value = None
        self._do("declare", value=value)
        return True

    def hit(self):
        """Take one more card face up."""
        return self.act("hit")

    def stand(self):
        """Take no more cards."""
        return self.act("stand")

    def hit_face_down(self):
        """Ask for a card face down (S22)."""
        return self.act("hit_face_down")

    def burn(self):
        """Burn a first card 3 or 4 (S19)."""
        return self.act("burn")

    def exchange(self):
        """Exchange a first card 4 (S20)."""
        return self.act("exchange")

    def half_ace(self):
        """Declare a first-card ace worth ½ (S21)."""
        return self.act("half_ace")
