"""What the three card-table widgets share (TablePlayer, TrentunoTable, QuattroTable).

- :class:`CardTable`: a view of one seat of an engine (the engine protocol of
  :mod:`sette_kit.games._engine`): the hint panel and its switch (``toggle_hints``), the
  render steps (``_RENDER``: ``_render_<step>(view)`` in turn), the action buttons shown
  by the legal actions with the keyboard focus kept (``_render_buttons``), and the text
  of the status line and the log; a widget calls :meth:`CardTable._wire_hints` and
  defines ``_seat_view()`` (what seat 0 sees), ``_hint_html(view)`` (the panel's
  content), ``_focus_order()`` and ``_show_buttons(view)``.
- :class:`GameTable`: a :class:`CardTable` over a seeded game engine (``GAME``) with bot
  seats, adding the checks of its arguments, its panels (status, table, hand, actions,
  hints, result, log, New game), ``new_game(seed=None)``, the turn check and the bot step
  (``_step``: act, the bots play on, draw again), ``next_hand`` and ``visible_html``;
  a game keeps only its own actions, words and drawings.
- :func:`show_legal`: show the buttons of the legal actions, hide the others.
- :func:`status_html`, :func:`result_block`, :func:`hint_head`, :func:`seat_box`,
  :func:`you_head`: the HTML pieces the tables draw alike.
- :func:`log_panel`: the event log as a ``<details>`` with a numbered list, open while it
  is short, collapsed with its count in the summary once it is long.
- :func:`frac_text`, :func:`pct_text`: an exact probability as 'a/b' and as 'x.y%'.
- :data:`SEAT_STYLE`: the inline style of an opponent's seat box.

>>> log_panel(["Ada draws <7>", "Bruno stands"], "Table log (hand 2)")  # doctest: +NORMALIZE_WHITESPACE
'<details open><summary>Table log (hand 2)</summary><ol class="sk-log-lines"
 aria-live="polite"><li>Ada draws &lt;7&gt;</li><li>Bruno stands</li></ol></details>'
>>> long = log_panel([f"event {i}" for i in range(9)], "Round log")
>>> long.startswith('<details><summary>Round log · 9 entries</summary>')
True
>>> from fractions import Fraction
>>> frac_text(Fraction(22, 37)), frac_text(Fraction(2)), pct_text(Fraction(1, 8))
('22/37', '2', '12.5%')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

import ipywidgets

from sette_kit import fmt
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.i18n import _, ngettext
from sette_kit.numbers import shown

from .base import button, esc, html_panel, lines_html, safe_action, text_of
from .render import read_card_size

__all__ = ["CardTable", "GameTable", "log_panel", "frac_text", "pct_text", "SEAT_STYLE", "show_legal", "status_html",
           "result_block", "hint_head", "seat_box", "you_head"]

SEAT_STYLE = "display:inline-block;margin:0 14px 8px 0;vertical-align:top"
"""The inline style of an opponent's seat box (``<div class="sk-seat">``)."""


def frac_text(p) -> str:
    """An exact fraction as 'a/b' ('n' when whole): :func:`sette_kit.fmt.fraction`."""
    return fmt.fraction(p)


def pct_text(p) -> str:
    """A probability as a percentage with one decimal: :func:`sette_kit.fmt.percent`."""
    return fmt.percent(p, 1)


LOG_OPEN_MAX = 6
"""A log of at most this many entries shows open; a longer one is collapsed, its count in
the summary (long logs pushed the table's result off the screen)."""


def log_panel(texts: Iterable[str], summary: str, *, note: str = "", css: str | None = None,
              live: bool = True) -> str:
    """The event log: a ``<details>`` titled ``summary`` holding ``note`` (HTML) and
    the ``texts`` (escaped) as ``<ol class="sk-log-lines">``, open while it has at most
    :data:`LOG_OPEN_MAX` entries, else collapsed with "· N entries" in its summary;
    ``css`` classes the ``<details>``; ``live`` makes the list an ``aria-live`` region."""
    cls = f' class="{css}"' if css else ""
    polite = ' aria-live="polite"' if live else ""
    texts = list(texts)
    items = "".join(f"<li>{esc(t)}</li>" for t in texts)
    if len(texts) > LOG_OPEN_MAX:
        n = len(texts)
        opened, summary = "", ngettext("{summary} · {n} entry", "{summary} · {n} entries", n).format(
            summary=summary, n=n)
    else:
        opened = " open"
    return (f'<details{opened}{cls}><summary>{esc(summary)}</summary>{note}'
            f'<ol class="sk-log-lines"{polite}>{items}</ol></details>')


def status_html(text: str) -> str:
    """The status line: ``text`` (escaped) in bold, a polite live region."""
    return f'<p role="status" aria-live="polite"><b>{esc(text)}</b></p>'


def result_block(title: str, lines: Iterable[str]) -> str:
    """A hand's result: ``title`` in bold, then ``lines``, a polite live region."""
    return ('<div role="status" aria-live="polite">' + '<b>' + esc(title) + '</b>'
            + lines_html(chr(10).join(lines), "sk-result-lines") + '</div>')


def hint_head(body: str | None = None) -> str:
    """The hint region's opening and title; with ``body`` (HTML), the whole region; with
    ``body=""``, the region saying hints appear on the learner's turn."""
    head = '<div role="region" aria-label="' + esc(_("Hints")) + '"><b>' + esc(_("Hint")) + '</b>'
    if body == "":
        body = "<p>" + esc(_("Hints appear on your turn.")) + "</p>"
    return head if body is None else head + body + "</div>"


def seat_box(head: str, body: str) -> str:
    """An opponent's seat: ``head`` (HTML: the name, tags, lives...) over ``body`` (the cards)."""
    return f'<div class="sk-seat" style="{SEAT_STYLE}">{head}{body}</div>'


def you_head(name: str, tail: str = "") -> str:
    """The learner's own hand's heading: the name, "(you)", then ``tail`` (HTML)."""
    return f'<div><b>{esc(name)} ' + esc(_("(you)")) + f'</b>{tail}</div>'


def show_legal(buttons: Mapping[str, ipywidgets.Button], legal: Iterable[str], *, disable: bool = False) -> None:
    """Show the button of each legal action (by its engine name), hide the others
    (``disable``: also disable a hidden one)."""
    names = set(legal)
    for name, b in buttons.items():
        b.layout.display = None if name in names else "none"
        if disable:
            b.disabled = name not in names


class CardTable:
    """Mixin for a card-table :class:`~widgets.base.KitWidget`: the hint panel and its
    switch, the render steps and the legal-action buttons.

    The widget keeps ``self.hints_on``, calls :meth:`_wire_hints` once its switch and
    panel exist, lists its render steps in ``_RENDER`` and defines ``_seat_view()``,
    ``_hint_html(view)``, ``_focus_order()`` and ``_show_buttons(view)``."""

    hints_on: bool = True

    if TYPE_CHECKING:  # pragma: no cover
        def _keeping_focus(self, controls: Iterable[ipywidgets.Widget]) -> Any: ...  # KitWidget's

    def _wire_hints(self, switch: ipywidgets.ValueWidget, panel: ipywidgets.HTML) -> None:
        """``switch`` (a ToggleButton or Checkbox) calls :meth:`toggle_hints`; ``panel``
        shows the hints (hidden while they are off)."""
        self._hint_switch, self._hint_panel = switch, panel
        switch.observe(lambda ch: self.toggle_hints(ch["new"]), names="value")

    @safe_action
    def toggle_hints(self, on: bool | None = None) -> bool:
        """Show (True) or hide (False) the hint panel; no argument flips it."""
        self.hints_on = (not self.hints_on) if on is None else bool(on)
        if self._hint_switch.value != self.hints_on:
            self._hint_switch.value = self.hints_on  # the observer calls back with the same value
        self._render_hints(self._seat_view())
        return self.hints_on

    def _render_hints(self, v) -> None:
        panel = self._hint_panel
        panel.layout.display = None if self.hints_on else "none"
        panel.value = self._hint_html(v) if self.hints_on else ""

    def _seat_view(self):
        raise NotImplementedError

    def _hint_html(self, v) -> str:
        raise NotImplementedError

    # -- drawing: one render step after another --------------------------------------------
    _RENDER: tuple = ()
    """The render steps in order: ``"status"`` calls ``self._render_status(view)``..."""

    def _render(self) -> None:
        v = self._seat_view()
        for step in self._RENDER:
            getattr(self, "_render_" + step)(v)

    def _render_buttons(self, v) -> None:
        # keyboard users: when the controls they were using are hidden or
        # disabled (an action played, the hand over), the focus goes to the first control
        # still usable, not to the top of the page
        with self._keeping_focus(self._focus_order()):
            self._show_buttons(v)

    def _focus_order(self) -> list:
        raise NotImplementedError

    def _show_buttons(self, v) -> None:
        raise NotImplementedError

    # -- plain text for tests and screen readers -----------------------------------------
    status_text = text_of("status")
    log_text = text_of("log_html")


class GameTable(CardTable):
    """A :class:`CardTable` over a game engine ``GAME(names, rules=, seed=, bots=)``, with
    the seeds drawn from ``self._rng`` (a :class:`random.Random`); the learner is seat 0
    and the bots (``self.policies``) sit at seats 1...  A subclass checks its own
    arguments, calls :meth:`_seat_up`, :meth:`_table_panels` and :meth:`_start`, and
    draws its game (``_render_status``, ``_render_table``... as ``_RENDER`` lists them)."""

    GAME: type
    _rng: random.Random
    game: Any  # a GAME, once _start has dealt (None before)
    _PANELS: tuple[str, ...] = ("status", "table_html", "hand_view", "message", "hint_html", "result_html", "log_html")
    """The panels :meth:`visible_html` reads, in order."""

    # -- set up ------------------------------------------------------------------------
    @staticmethod
    def _read_rules(rules, kind: type[Any], refusal: Callable[[str], str], **changes):
        """``rules`` (default ``kind()``) with the ``changes`` that are not None; not a
        ``kind``: a SetteKitError saying ``refusal(name of the type given)``."""
        rules = rules if rules is not None else kind()
        if not isinstance(rules, kind):
            raise SetteKitError(refusal(type(rules).__name__))
        changes = {k: v for k, v in changes.items() if v is not None}
        return rules.replace(**changes) if changes else rules

    @staticmethod
    def _default_names(n: int) -> list:
        """The default names of ``n`` seats: the learner, then "Bot 1", "Bot 2"..."""
        return [_("Player")] + [_("Bot {k}").format(k=k) for k in range(1, n)]

    def _seat_up(self, rules, names: Sequence[str], policies: list, seed, hints: bool, card_size) -> None:
        self.rules = rules
        self.names = tuple(names)
        self.policies = policies
        self.face = rules.face
        self.card_size = read_card_size(card_size)  # checked where the widget is made
        self._rng = random.Random(seed)
        self.hints_on = bool(hints)
        self.game = None

    def _table_panels(self, hints_tooltip: str) -> None:
        """The panels every game table has: status, table, hand, hints (with their switch),
        result, log and the New game button."""
        self.status = html_panel("sk-status")
        self.table_html = html_panel("sk-table")
        self.hand_view = html_panel("sk-hand-view")
        self.new_button = button(_("New game"), self.new_game, tooltip=_("Start a new game"), css="sk-new-game")
        self.hint_toggle = ipywidgets.ToggleButton(value=self.hints_on, description=_("Hints"), tooltip=hints_tooltip)
        self.hint_toggle.add_class("sk-hints")
        self.hint_html = html_panel("sk-hint")
        self._wire_hints(self.hint_toggle, self.hint_html)
        self.result_html = html_panel("sk-result")
        self.log_html = html_panel("sk-log")

    def _seat_strip(self, seats: int, seat: Callable[[int, int], tuple[str, str]]) -> str:
        """The opponents' seats 1 to ``seats - 1`` side by side, their cards at two thirds
        of the learner's size: ``seat(s, size)`` gives a seat's heading and cards (HTML)."""
        size = max(32, self.card_size * 2 // 3)
        return f'<div class="sk-seats">{"".join(seat_box(*seat(s, size)) for s in range(1, seats))}</div>'

    @staticmethod
    def _actions_row(buttons: Sequence[ipywidgets.Button]) -> ipywidgets.HBox:
        box = ipywidgets.HBox(list(buttons), layout=ipywidgets.Layout(flex_flow="row wrap"))
        box.add_class("sk-actions")
        return box

    # -- the game ------------------------------------------------------------------------
    def _seat_view(self):
        return self.game.view(0)

    def _start(self, seed: int) -> None:
        game = self.GAME(self.names, rules=self.rules, seed=seed,
                         bots={k + 1: p for k, p in enumerate(self.policies)})
        game.play_bots()
        self.game = game
        self.seed = seed
        self._render()

    def _check_turn(self, playing: bool) -> None:
        """Refuse an action while another seat is to play (cannot happen while the bots play on)."""
        if playing and self.game.to_act != 0:
            raise IllegalMove(_("it is {name}'s turn, not yours").format(name=self.names[self.game.to_act]))

    def _step(self, name: str, **params) -> None:
        """The learner's action, then the bots play on until the learner's turn or the
        hand's end; then draw again.  An IllegalMove leaves the game unchanged."""
        self.game.act(name, **params)
        self.game.play_bots()
        self._render()

    @safe_action
    def next_hand(self) -> None:
        """Deal the next hand once a hand is over."""
        self._play("next_hand")

    def _play(self, name: str, *args) -> None:
        raise NotImplementedError

    # -- plain text for tests and screen readers -----------------------------------------
    hint_text = text_of("hint_html")
    result_text = text_of("result_html")

    def visible_html(self) -> str:
        """Everything the widget shows now, as one HTML string."""
        return "".join(getattr(self, name).value for name in self._PANELS)

    @safe_action
    def new_game(self, seed: int | None = None) -> int:
        """Start a new game (the same players and rules); returns its seed."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise SetteKitError(_("seed must be a whole number, got {seed}").format(seed=shown(seed)))
        seed = self._rng.randrange(2 ** 32) if seed is None else seed
        self._start(seed)
        return seed
