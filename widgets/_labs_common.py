"""What the labs share (was ``widgets._labkit``, still importable there).

Pieces shared by the labs of betting, risk and counting (``BettingLab``, ``BankrollLab``, ``ShoeLab``,
``CountingLab``): background work in steps where the newest request wins, whole numbers
read from text boxes with clear bounds, and small HTML tables and live regions.

:class:`Stepped` is a mixin like :class:`widgets._background.Background`, for work that
comes in several slices (solve one bank, then the next, then draw): a request is an
iterator of steps run by one :class:`~widgets._background.Job` per widget (a thread, or
one step per turn of the kernel's event loop where threads cannot start, as in
Pyodide).  A newer request stops an older one at its next step, so quick clicks never
pile up work and a stale result is not drawn over a fresh one.  With
``background=False`` (tests, scripts) or ``wait=True`` the steps run at once and their
errors reach the caller (a :func:`~widgets.base.safe_action` shows them).

>>> import ipywidgets
>>> from widgets.base import KitWidget
>>> class Two(Stepped, KitWidget):
...     def __init__(self):
...         super().__init__()
...         self.status = ipywidgets.HTML()
...         self.log = []
...     def steps(self, x):
...         self.log.append(f"solve {x}")
...         yield
...         self.log.append(f"draw {x}")
>>> w = Two()
>>> w._request(lambda: w.steps(1), "Working..."); w.wait(), w.log, w.busy
(True, ['solve 1', 'draw 1'], False)
>>> w.background = False
>>> w._request(lambda: w.steps(2), "Working..."); w.log[-2:]
['solve 2', 'draw 2']
>>> whole("1,000", 1, 5000, "Paths"), whole(7, 1, 10, "Stake")
(1000, 7)
>>> whole("12", 100, 100000, "Paths")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: Paths must be from 100 to 100,000 (you typed 12).
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Sequence

from sette_kit.errors import SetteKitError
from sette_kit.i18n import _
from sette_kit.numbers import MAX_CHARS, read_whole, shown
from sette_kit.fmt import local_marks

from ._background import Background, busy_html
from .base import esc, plain_text

__all__ = ["Stepped", "whole", "table_html", "live", "busy_html", "lab_look", "MAX_SEED"]

MAX_SEED = 999_999_999
"""The largest seed a lab takes (the same seed plays the same cards)."""

def lab_look(widget) -> None:
    """Give a lab (a KitWidget) the ``sk-lab`` class; its rules are in the kit's theme
    (``.sk-lab``: an HTML output never grows wider than the column, so a wide table
    scrolls inside its own box instead of being cut on a phone)."""
    widget.view.add_class("sk-lab")


def whole(text, lo: int, hi: int | None, what: str) -> int:
    """A whole number typed by the learner (``"1,000"`` is read), from ``lo`` to ``hi``
    (no upper bound when ``hi`` is None); otherwise a :class:`SetteKitError` that names
    the accepted range and what was typed."""
    bounds = {"what": what, "lo": local_marks(f"{lo:,}"), "hi": local_marks(f"{hi:,}") if hi is not None else ""}
    bounded = hi is not None

    def fail(bounded_msg: str, open_msg: str, typed=None) -> SetteKitError:
        return SetteKitError((bounded_msg if bounded else open_msg).format(typed=typed, **bounds))

    if isinstance(text, bool):
        raise fail(_("{what} must be a whole number from {lo} to {hi}."),
                   _("{what} must be a whole number {lo} or more."))
    if isinstance(text, int) and text.bit_length() <= 200:  # 60 digits (numbers.MAX_DIGITS)
        n = text
    elif isinstance(text, int):
        raise fail(_("{what} must be a whole number from {lo} to {hi} (you typed {typed})."),
                   _("{what} must be a whole number {lo} or more (you typed {typed})."), shown(text))
    elif isinstance(text, float) and text.is_integer():
        n = int(text)
    else:
        raw = str(text)[:4 * MAX_CHARS].strip()
        if len(raw) > MAX_CHARS:  # the size is checked before the text becomes a number
            raise fail(_("{what} must be a whole number from {lo} to {hi} (you typed {typed}, too long for a number)."),
                       _("{what} must be a whole number {lo} or more (you typed {typed}, too long for a number)."),
                       shown(text))
        try:  # sette_kit.numbers reads it: ASCII digits only ('１０' is not 10)
            n = read_whole(raw.replace(",", "").replace("_", "").replace(" ", ""), "the value", plain=True)
        except SetteKitError:
            raise fail(_("{what} must be a whole number from {lo} to {hi} (you typed {typed})."),
                       _("{what} must be a whole number {lo} or more (you typed {typed})."), repr(raw)) from None
    if n < lo or (hi is not None and n > hi):
        typed = shown(text) if isinstance(text, int) and n.bit_length() > 40 else \
            text.strip() if isinstance(text, str) else text
        raise fail(_("{what} must be from {lo} to {hi} (you typed {typed})."),
                   _("{what} must be {lo} or more (you typed {typed})."), typed)
    return n


def live(inner: str, css: str = "sk-result") -> str:
    """``inner`` inside a polite live region (screen readers read what changes)."""
    return f'<div class="{css}" aria-live="polite">{inner}</div>'


def table_html(head: Iterable[str], rows: Iterable[Sequence[str]], caption: str = "", css: str = "",
               row_css: Iterable[str] | None = None) -> str:
    """A small table: ``head`` and ``rows`` are HTML cells (escape learner text first);
    the first cell of each row is its header; ``caption`` is a line above it.  It
    scrolls sideways inside its own box on a narrow screen instead of widening the page."""
    rows = [list(r) for r in rows]
    classes = list(row_css) if row_css is not None else [""] * len(rows)
    th = "".join(f'<th scope="col" style="text-align:left;padding:3px 8px">{h}</th>' for h in head)
    body = []
    for r, rc in zip(rows, classes):
        cells = "".join(f'<td style="padding:3px 8px;white-space:nowrap">{c}</td>' for c in r[1:])
        attr = f' class="{rc}"' if rc else ""
        body.append(f'<tr{attr}><th scope="row" style="text-align:left;padding:3px 8px;font-weight:600">'
                    f'{r[0]}</th>{cells}</tr>')
    cap = f'<p class="sk-table-caption" style="margin:4px 0">{caption}</p>' if caption else ""
    # a scroll box a keyboard can reach and a screen reader can name (axe: scrollable-region-focusable)
    label = esc(plain_text(caption)) if caption else _("table")
    return (f'{cap}<div role="region" aria-label="{label}" tabindex="0" '
            f'style="max-width:100%;overflow-x:auto"><table class="sk-table {css}" '
            f'style="border-collapse:collapse"><thead><tr>{th}</tr></thead><tbody>{"".join(body)}</tbody>'
            f'</table></div>')


class Stepped(Background):
    """Mixin: run requests made of steps in one :class:`Job` per widget; the newest wins.

    ``self._request(make, note)`` shows ``note`` in ``self.status`` and queues ``make``
    (called in the job to give the request's iterator of steps).  Between two steps the
    job looks for a newer request; if there is one, the older is dropped there.  Errors:
    a :class:`SetteKitError` becomes the widget's message, anything else a logged
    apology.  With ``self.background`` False or ``wait=True`` the steps run at once.
    Waiting (:meth:`wait`, :meth:`wait_async`, :attr:`busy`) is :class:`Background`'s."""

    def _request(self, make: Callable[[], Iterator], note: str, wait: bool | None = None) -> None:
        gen = self._new_request()
        if wait or (wait is None and not self.background):
            for _step in make():
                pass
            self.status.value = ""
            return
        self._queue((gen, make), note)

    def _drain(self):
        while (request := self._next_request()) is not None:
            gen, make = request
            steps = None
            try:
                steps = make()
                for _step in steps:
                    yield
                    if self._pending is not None:  # a newer request: drop this one here
                        getattr(steps, "close", lambda: None)()  # its ``finally`` clauses run now
                        break
                else:
                    if gen == self._generation:
                        self.status.value = ""
            except Exception as e:  # noqa: BLE001 - never a traceback on the page
                self._failed(gen, e)
            yield
