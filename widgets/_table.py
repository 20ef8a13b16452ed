"""What the three card-table widgets share (TablePlayer, TrentunoTable, QuattroTable).

- :class:`CardTable`: the hint panel and its switch (``toggle_hints``), for a widget
  that calls :meth:`CardTable._wire_hints` and defines ``_seat_view()`` (what seat 0
  sees) and ``_hint_html(view)`` (the panel's content).
- :class:`GameTable`: a :class:`CardTable` over a seeded game engine, adding
  ``new_game(seed=None)`` and ``_seat_view() = self.game.view(0)``.
- :func:`log_panel`: the event log as a ``<details>`` with a numbered list, open while it
  is short, collapsed with its count in the summary once it is long (issue 16).
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
from typing import Iterable

import ipywidgets

from sette_kit.errors import SetteKitError
from sette_kit.i18n import _, ngettext
from sette_kit.fmt import local_marks

from .base import esc, safe_action
from sette_kit.numbers import shown

__all__ = ["CardTable", "GameTable", "log_panel", "frac_text", "pct_text", "SEAT_STYLE"]

SEAT_STYLE = "display:inline-block;margin:0 14px 8px 0;vertical-align:top"
"""The inline style of an opponent's seat box (``<div class="sk-seat">``)."""


def frac_text(p) -> str:
    """An exact fraction as 'a/b' ('n' when whole)."""
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def pct_text(p) -> str:
    """A probability as a percentage with one decimal."""
    return local_marks(f"{float(p) * 100:.1f}%")


LOG_OPEN_MAX = 6
"""A log of at most this many entries shows open; a longer one is collapsed, its count in
the summary (issue 16: long logs pushed the table's result off the screen)."""


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


class CardTable:
    """Mixin for a card-table :class:`~widgets.base.KitWidget`: the hint panel and its switch.

    The widget keeps ``self.hints_on``, calls :meth:`_wire_hints` once its switch and
    panel exist, and defines ``_seat_view()`` and ``_hint_html(view)``."""

    hints_on: bool = True

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


class GameTable(CardTable):
    """A :class:`CardTable` over a game engine started by ``self._start(seed)``, with the
    seeds drawn from ``self._rng`` (a :class:`random.Random`); the learner is seat 0."""

    _rng: random.Random

    def _seat_view(self):
        return self.game.view(0)

    def _start(self, seed: int) -> None:
        raise NotImplementedError

    @safe_action
    def new_game(self, seed: int | None = None) -> int:
        """Start a new game (the same players and rules); returns its seed."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise SetteKitError(_("seed must be a whole number, got {seed}").format(seed=shown(seed)))
        seed = self._rng.randrange(2 ** 32) if seed is None else seed
        self._start(seed)
        return seed
