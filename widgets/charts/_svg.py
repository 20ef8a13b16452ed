"""The drawing kit of :mod:`widgets.charts`: sizes and colours, scales, marks, the canvas.

- sizes: :data:`WIDTH`, :data:`HEIGHT`, :data:`MAX_WIDTH`, the font sizes :data:`TICK`,
  :data:`AXIS`, :data:`TITLE`, :func:`text_width` and :func:`title_lines` (no font metrics);
- colours: Okabe-Ito (:data:`COLOURS`, :data:`SKY`, :data:`YELLOW` beside the cards' own);
- scales: :class:`Linear`, :class:`Log10`, :class:`Band`;
- marks (each an SVG fragment): :func:`bar`, :func:`stripes`, :func:`line`,
  :func:`polyline`, :func:`area`, :func:`dot`, :func:`label`, and :class:`Key` (a legend entry);
- the canvas :class:`Figure` and the finished :class:`Chart` (with :func:`caption_text`);
- one chart drawn wide and narrow: :func:`pair_html`, :class:`ChartPair`, :func:`pair`.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence, SupportsFloat

from sette_kit.i18n import _

from ..render import BLUE, GREEN, ORANGE, PURPLE, VERMILLION
from ._text import number

SKY, YELLOW = "#56B4E9", "#F0E442"
COLOURS = (BLUE, VERMILLION, GREEN, ORANGE, PURPLE, SKY)
"""Okabe-Ito colours, safe for colour-blind viewers (the palette of the cards)."""

WIDTH, HEIGHT, MAX_WIDTH = 680, 300, 720
TICK, AXIS, TITLE = 14, 15, 16  # font sizes in px (viewBox units: px when drawn at natural size)
CHAR = 0.6  # average glyph width / font size, for laying out text of a sans-serif face


def _f(x: float) -> str:
    """A coordinate, short."""
    return f"{x:.1f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def _esc(s) -> str:
    return html.escape(str(s), quote=True)


def text_width(s: str, size: float = TICK) -> float:
    """An estimate of how wide ``s`` is drawn at ``size`` px (no font metrics here)."""
    return CHAR * size * len(str(s))


NARROW = 300
"""The width of the narrow drawing of :func:`pair_html`: a phone's column at 390 px, inside
the theme's margins and a widget's frame, is about 290 px, so 13 px text stays above 12 px."""

TITLE_LINE = 22  # px between the lines of a title that wraps


def title_lines(title: str, width: float, size: float = TITLE) -> list[str]:
    """``title`` cut between words into lines that fit ``width`` px (bold: a little wider
    than :func:`text_width` says).

    >>> title_lines("Short", 680)
    ['Short']
    >>> title_lines("Il tuo risultato atteso per prima carta (regole italiane, il banco sta a 6)", 680)
    ['Il tuo risultato atteso per prima carta (regole italiane, il', 'banco sta a 6)']
    """
    fits = lambda s: text_width(s, size) * 1.1 <= width  # noqa: E731
    lines: list[str] = []
    for word in str(title).split():
        if lines and fits(lines[-1] + " " + word):
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


# -- scales -----------------------------------------------------------------------------------

class Linear:
    """Values ``lo..hi`` to positions ``a..b`` (``b < a`` for a y axis, which points down)."""

    def __init__(self, lo: float, hi: float, a: float, b: float):
        self.lo, self.hi, self.a, self.b = float(lo), float(hi), float(a), float(b)
        if self.hi == self.lo:
            self.lo, self.hi = self.lo - 1, self.hi + 1

    def __call__(self, v: SupportsFloat) -> float:
        return self.a + (float(v) - self.lo) * (self.b - self.a) / (self.hi - self.lo)

    def clamp(self, v: float) -> float:
        return min(max(float(v), self.lo), self.hi)

    def _step(self, count: int) -> float:
        raw = (self.hi - self.lo) / max(count, 1)
        mag = 10 ** math.floor(math.log10(raw))
        for m in (1, 2, 2.5, 5, 10):
            if raw <= m * mag * (1 + 1e-9):
                return m * mag
        return 10 * mag  # pragma: no cover

    def nice(self, count: int = 5) -> "Linear":
        """The same scale widened to round tick values at both ends."""
        step = self._step(count)
        return Linear(math.floor(self.lo / step + 1e-9) * step, math.ceil(self.hi / step - 1e-9) * step, self.a, self.b)

    def ticks(self, count: int = 5) -> list[float]:
        """About ``count`` round values inside the domain (1, 2, 2.5 or 5 times a power of ten apart)."""
        step = self._step(count)
        start = math.ceil(self.lo / step - 1e-9)
        out = []
        k = start
        while k * step <= self.hi + step * 1e-9:
            v = k * step
            out.append(0.0 if abs(v) < step * 1e-9 else round(v, 12))
            k += 1
        return out


class Log10:
    """Values ``lo..hi`` (> 0) to positions ``a..b`` on a logarithmic scale."""

    def __init__(self, lo: float, hi: float, a: float, b: float):
        self.lo, self.hi, self.a, self.b = float(lo), float(hi), float(a), float(b)
        if self.hi <= self.lo:
            self.hi = self.lo * 10

    def __call__(self, v: float) -> float:
        t = (math.log10(v) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))
        return self.a + t * (self.b - self.a)

    def ticks(self) -> list[int]:
        """The powers of ten inside the domain."""
        return [10 ** k for k in range(math.ceil(math.log10(self.lo) - 1e-9), math.floor(math.log10(self.hi) + 1e-9) + 1)]


class Band:
    """``n`` categories side by side between ``a`` and ``b``; ``padding`` is the share
    of each slot left empty."""

    def __init__(self, labels: Sequence, a: float, b: float, padding: float = 0.25):
        self.labels = list(labels)
        self.n = max(len(self.labels), 1)
        self.slot = (b - a) / self.n
        self.a = a
        self.width = self.slot * (1 - padding)

    def start(self, i: int) -> float:
        return self.a + i * self.slot + (self.slot - self.width) / 2

    def centre(self, i: int) -> float:
        return self.a + (i + 0.5) * self.slot

    def centres(self) -> list[float]:
        return [self.centre(i) for i in range(len(self.labels))]


# -- marks (each returns an SVG fragment) -------------------------------------------------------

def bar(x: float, y: float, w: float, h: float, fill: str, stroke: str | None = None) -> str:
    """A rectangle (a bar, a cell, a swatch)."""
    s = f' stroke="{stroke}" stroke-width="1"' if stroke else ""
    return f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(max(w, 0))}" height="{_f(max(h, 0))}" fill="{fill}"{s}/>'


def stripes(x: float, y: float, w: float, h: float, colour: str = "#fff", gap: float = 7) -> str:
    """Diagonal stripes inside a rectangle (so a highlighted bar differs by more than
    its colour); computed segments, no ``<pattern>`` or ids needed."""
    segs = []
    k = gap / 2
    while k < w + h:
        # the points u + v = k, u across from the left edge, v up from the bottom edge
        ua, ub = max(0.0, k - h), min(w, k)
        segs.append(f"M{_f(x + ua)} {_f(y + h - (k - ua))}L{_f(x + ub)} {_f(y + h - (k - ub))}")
        k += gap
    return f'<path d="{"".join(segs)}" stroke="{colour}" stroke-width="2" stroke-opacity=".85"/>'


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = "currentColor", width: float = 1,
         dash: str | None = None, opacity: float | None = None) -> str:
    d = f' stroke-dasharray="{dash}"' if dash else ""
    o = f' stroke-opacity="{opacity}"' if opacity is not None else ""
    return (f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{stroke}" '
            f'stroke-width="{width}"{d}{o}/>')


def polyline(points: Iterable[tuple[float, float]], stroke: str, width: float = 2.5, dash: str | None = None) -> str:
    pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in points)
    d = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline points="{pts}" fill="none" stroke="{stroke}" stroke-width="{width}" '
            f'stroke-linejoin="round" stroke-linecap="round"{d}/>')


def area(upper: Sequence[tuple[float, float]], lower: Sequence[tuple[float, float]], fill: str,
         opacity: float = 0.4) -> str:
    """The region between two lines given left to right (a confidence band)."""
    pts = list(upper) + list(reversed(lower))
    if not pts:
        return ""
    return (f'<polygon points="{" ".join(f"{_f(x)},{_f(y)}" for x, y in pts)}" fill="{fill}" '
            f'fill-opacity="{opacity}" stroke="none"/>')


def dot(x: float, y: float, fill: str, r: float = 3.5) -> str:
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{r}" fill="{fill}"/>'


def label(x: float, y: float, s, size: float = TICK, anchor: str = "start", weight: str | None = None,
          fill: str = "currentColor", rotate: bool = False, opacity: float | None = None) -> str:
    """Text in the page's font (``fill`` defaults to the page's text colour)."""
    w = f' font-weight="{weight}"' if weight else ""
    o = f' fill-opacity="{opacity}"' if opacity is not None else ""
    t = f' transform="rotate(-90 {_f(x)} {_f(y)})"' if rotate else ""
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"{w}{o}{t}>'
            f'{_esc(s)}</text>')


@dataclass(frozen=True)
class Key:
    """One legend entry: ``kind`` is "bar", "band", "line", "dashed", "dot" or "striped"."""

    kind: str
    colour: str
    text: str
    letter: str = ""  # a letter drawn on the swatch (strategy cells)


def _legend_rows(keys: Sequence[Key], width: float, x: float = 0) -> list:
    """The legend's entries, row by row, each row no wider than ``width``."""
    rows: list = [[]]
    at = x
    for k in keys:
        w = 28 + text_width(k.text) + 22
        if rows[-1] and at + w - 22 > width:
            rows.append([])
            at = x
        rows[-1].append(k)
        at += w
    return rows


def _swatch(k: Key, x: float, y: float) -> str:
    """A 22 x 14 swatch at (x, y) = its left end, vertical centre."""
    if k.kind in ("bar", "striped"):
        out = bar(x, y - 7, 22, 14, k.colour)
        if k.kind == "striped":
            out += stripes(x, y - 7, 22, 14)
        if k.letter:
            out += label(x + 11, y + 5, k.letter, size=13, anchor="middle", weight="bold", fill="#222")
        return out
    if k.kind == "band":
        return bar(x, y - 7, 22, 14, k.colour).replace("/>", ' fill-opacity=".4"/>')
    if k.kind == "dot":
        return line(x, y, x + 22, y, k.colour, 2.5) + dot(x + 11, y, k.colour)
    return line(x, y, x + 22, y, k.colour, 2.5, dash="7 4" if k.kind == "dashed" else None)


# -- the canvas -------------------------------------------------------------------------------

class Figure:
    """An SVG canvas with a title, an optional legend row, a plot area and axes.

    ``margin`` = (top, right, bottom, left) around the plot area, in px; the title and
    the legend are drawn inside the top margin (:attr:`top` is the plot's top edge).
    """

    def __init__(self, width: float = WIDTH, height: float = HEIGHT, *, title: str = "",
                 legend: Sequence[Key] = (), margin: tuple[float, float, float, float] = (0, 16, 56, 72)):
        self.width = min(float(width), MAX_WIDTH)
        self.title = title
        self.parts: list[str] = []
        # a title wider than the chart goes on as many lines as it needs (the
        # Italian and Spanish titles of BettingLab's chart were cut), and a legend wider
        # than the chart on more rows: the chart grows, the plot keeps its height
        lines = title_lines(title, self.width) if title else []
        extra = TITLE_LINE * max(len(lines) - 1, 0)
        rows = len(_legend_rows(legend, self.width)) if legend else 0
        self.height = float(height) + extra + 24 * max(rows - 1, 0)
        head = (30 + extra if title else 8)
        top = margin[0] + head + (36 + 24 * (rows - 1) if legend else 0)
        self.left, self.right = margin[3], self.width - margin[1]
        self.top, self.bottom = top, self.height - margin[2]
        for i, text in enumerate(lines):
            self.parts.append(label(0, 20 + i * TITLE_LINE, text, size=TITLE, weight="600"))
        if legend:
            self.legend(legend, 0, head + 12)

    def add(self, *fragments: str) -> "Figure":
        self.parts.extend(fragments)
        return self

    def clipped(self, *fragments: str) -> "Figure":
        """Add marks cut to the plot area (a line that runs off the chart stops at its
        edge): a nested ``<svg>`` with the plot's viewBox, so no clip-path ids are needed."""
        x, y, w, h = _f(self.left), _f(self.top), _f(self.right - self.left), _f(self.bottom - self.top)
        # the size in a style too: a page's `.sk-chart svg {width: 100%}` would otherwise
        # widen this inner svg, and its clip with it (the running mean's first
        # points were drawn outside the plot)
        self.parts.append(f'<svg x="{x}" y="{y}" width="{w}" height="{h}" viewBox="{x} {y} {w} {h}" '
                          f'style="width:{w}px;height:{h}px;overflow:hidden" overflow="hidden">'
                          f'{"".join(fragments)}</svg>')
        return self

    def legend(self, keys: Sequence[Key], x: float, y: float) -> None:
        """Legend entries in a row starting at (x, y) (y: the row's vertical centre); entries
        that would run past the canvas go on to a new row (longer words in another language)."""
        for k, row in enumerate(_legend_rows(keys, self.width, x)):
            xx = x
            for key in row:
                self.parts.append(_swatch(key, xx, y + 24 * k))
                self.parts.append(label(xx + 28, y + 24 * k + 5, key.text))
                xx += 28 + text_width(key.text) + 22

    def y_axis(self, scale, ticks: Sequence[float], title: str = "", fmt: Callable = number,
               grid: bool = True) -> None:
        """Tick labels at the left of the plot, a light grid line across it per tick, and
        the axis title written upright along the left edge."""
        for v in ticks:
            y = scale(v)
            if grid:
                self.parts.append(line(self.left, y, self.right, y, opacity=0.15))
            self.parts.append(label(self.left - 8, y + 5, fmt(v), anchor="end"))
        if title:
            self.parts.append(label(16, (self.top + self.bottom) / 2, title, size=AXIS, anchor="middle", rotate=True))

    def x_axis(self, positions: Sequence[float], labels: Sequence[str], title: str = "", baseline: bool = True) -> None:
        """Labels under the plot at ``positions`` (the axis line along the bottom) and the
        axis title under them."""
        if baseline:
            self.parts.append(line(self.left, self.bottom, self.right, self.bottom, opacity=0.6))
        for x, s in zip(positions, labels):
            self.parts.append(line(x, self.bottom, x, self.bottom + 5, opacity=0.6))
            half = text_width(s) / 2  # keep the end labels inside the canvas
            self.parts.append(label(min(max(x, half + 2), self.width - half - 2), self.bottom + 21, s, anchor="middle"))
        if title:
            self.parts.append(label((self.left + self.right) / 2, self.bottom + 44, title, size=AXIS, anchor="middle"))

    def svg(self, desc: str) -> str:
        """The finished ``<svg>``: ``role="img"``, its ``<title>`` and ``<desc>`` first."""
        w, h = _f(self.width), _f(self.height)
        title = self.title or _("Chart")
        head = (f'<svg role="img" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="100%" '
                f'style="max-width:{w}px;height:auto;display:block;font-family:inherit;overflow:visible">'
                f'<title>{_esc(title)}</title><desc>{_esc(desc)}</desc>')
        return head + "".join(self.parts) + "</svg>"

    def chart(self, text: str) -> "Chart":
        """Finish: the SVG with ``text`` as its description, and the text equivalent."""
        return Chart(self.svg(text), text, self.title, self.width, _("Describe this chart"))


# -- the chart object ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Chart:
    """An SVG chart and its text equivalent."""

    svg: str
    text: str
    title: str = ""
    width: float = WIDTH
    describe: str = ""  # the disclosure's summary, in the language the chart was made in

    @property
    def html(self) -> str:
        """The chart as a ``<figure>``: the SVG, then a "Describe this chart" disclosure
        with the text equivalent (closed: sighted readers open it when they want it)."""
        describe = self.describe or _("Describe this chart")
        return (f'<figure class="sk-chart" style="margin:10px 0 14px;max-width:{_f(self.width)}px">{self.svg}'
                f'<details class="sk-chart-describe" style="font-size:13px;margin:4px 0 0;opacity:.85">'
                f'<summary style="cursor:pointer">{_esc(describe)}</summary>'
                f'<p class="sk-chart-text" style="margin:4px 0 0">{_esc(self.text)}</p></details></figure>')

    def widget(self):
        import ipywidgets

        w = ipywidgets.HTML(self.html)
        w.add_class("sk-chart")
        return w

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:  # the notebook's text/plain output: short
        return f"<Chart: {self.title or self.text[:60]}>"


def caption_text(shown: str) -> str:
    """The text equivalent of what a chart area shows: the text of the chart's "Describe
    this chart" disclosure (not the SVG's labels), or all of it as plain text when no
    chart is drawn (a note, a table).

    >>> caption_text(Chart('<svg><text>x</text></svg>', "P: 1/4 < 1/2").html)
    'P: 1/4 < 1/2'
    >>> caption_text('<p class="sk-chart-caption">Value: 1/2</p>')
    'Value: 1/2'
    """
    from ..base import plain_text

    for marker in ('<p class="sk-chart-text"', "<figcaption"):
        if marker in shown:
            part = shown[shown.index(marker):]
            end = part.find("</p>") if marker.startswith("<p") else part.find("</figcaption>")
            return plain_text(part[:end] if end >= 0 else part)
    return plain_text(shown)


PAIR_CSS = (".sk-chart-pair{container-type:inline-size}.sk-chart-pair>.sk-narrow{display:none}"
            "@container (max-width: %dpx){.sk-chart-pair>.sk-wide{display:none}"
            ".sk-chart-pair>.sk-narrow{display:block}}")


def pair_html(wide: Chart, narrow: Chart, breakpoint: int = 540) -> str:
    """One chart drawn twice: ``wide`` for a lesson column, ``narrow`` (about
    :data:`NARROW` px, e.g. ``horizontal=True``) shown instead when the column is
    narrower than ``breakpoint`` px (a CSS container query), so a phone gets text at its
    own size rather than a whole chart shrunk.  Only one of the two is ever displayed
    (and read by screen readers); the narrow one's figure has the class
    ``sk-chart-narrow`` instead of ``sk-chart``.

    >>> from fractions import Fraction
    >>> from widgets.charts import signed_bar
    >>> v = {"a": Fraction(1, 4)}
    >>> h = pair_html(signed_bar(v, title="T"), signed_bar(v, title="T", horizontal=True, width=NARROW))
    >>> h.count('<svg role="img"'), h.count('class="sk-chart"'), h.count('class="sk-chart-narrow"')
    (2, 1, 1)
    >>> caption_text(h)
    'T: a: +25.0%.'
    """
    small = narrow.html.replace('<figure class="sk-chart"', '<figure class="sk-chart-narrow"', 1)
    return (f'<div class="sk-chart-pair"><style>{PAIR_CSS % breakpoint}</style>'
            f'<div class="sk-wide">{wide.html}</div><div class="sk-narrow">{small}</div></div>')


# -- appended for lesson 12: a wide and a narrow drawing shown as one output ---------------------

class ChartPair:
    """One chart drawn twice, wide and narrow (see :func:`pair_html`), as one thing a
    notebook cell shows or a ``Predict`` reveals (``reveal=pair(wide, narrow)``): a phone
    gets the narrow drawing with its text at full size, a lesson column the wide one.

    >>> from fractions import Fraction
    >>> from widgets.charts import signed_bar
    >>> v = {"a": Fraction(1, 4)}
    >>> p = pair(signed_bar(v, title="T"), signed_bar(v, title="T", horizontal=True, width=NARROW))
    >>> p._repr_html_() == pair_html(p.wide, p.narrow), p.text, p
    (True, 'T: a: +25.0%.', <ChartPair: T>)
    """

    def __init__(self, wide: Chart, narrow: Chart, breakpoint: int = 540) -> None:
        self.wide, self.narrow, self.breakpoint = wide, narrow, breakpoint

    @property
    def text(self) -> str:
        """The text equivalent (the wide drawing's; both say the same)."""
        return self.wide.text

    def _repr_html_(self) -> str:
        return pair_html(self.wide, self.narrow, self.breakpoint)

    def __repr__(self) -> str:
        return f"<ChartPair: {self.wide.title or self.wide.text[:60]}>"


def pair(wide: Chart, narrow: Chart, breakpoint: int = 540) -> ChartPair:
    """A :class:`ChartPair`: ``wide`` in a lesson column, ``narrow`` (about :data:`NARROW`
    px, e.g. ``horizontal=True``) when the column is narrower than ``breakpoint`` px."""
    return ChartPair(wide, narrow, breakpoint)
