"""Charts drawn by the kit as inline SVG, in the kit's own visual language (issue 13).

No plotting library: every chart is a short SVG string built from a few primitives, in
pure Python (it runs in a browser on Pyodide too) and in well under 10 ms.  Charts share
the cards' look (:mod:`widgets.render`): the Okabe-Ito palette, safe for colour-blind
viewers, and meaning never carried by colour alone (bars are labelled, highlighted bars
are also striped, strategy cells carry their letter, every line is in the legend).  Text
is the page's own: ``font-family: inherit`` and ``fill: currentColor`` (so a dark theme
works too), tick labels at 14 px, axis titles at 15 px, the title at 16 px.  A chart is
``width="100%"`` of a ``viewBox`` at most 720 units wide, with ``max-width`` its own
width: it fills the lesson column up to its natural size (text then at its real pixel
size, readable on a projector) and shrinks with the column on a phone.

Each chart is a :class:`Chart`: ``chart.svg`` (``<svg role="img">`` whose ``<title>``
is the chart's title and whose ``<desc>`` is the full text equivalent, for screen
readers), ``chart.text`` (that text equivalent: exact fractions where given) and
``chart.html`` (a ``<figure class="sk-chart">`` with the SVG and a small "Describe this
chart" ``<details>`` disclosure holding the same text for sighted readers; it is not
printed as body text).  ``chart.widget()`` wraps it in an ``ipywidgets.HTML``; a chart
also displays itself in a notebook.  :func:`caption_text` reads the text back from a
chart's HTML (what the widgets' ``chart_text`` properties return).

The charts (for all widgets and lessons to reuse):

- :func:`distribution_bar` - a bar chart of ``{label: probability}``, each bar labelled
  with its percentage; ``highlight`` marks bars in vermillion *and* stripes
- :func:`running_mean` - the running mean of outcomes with its confidence band and the
  exact value as a dashed line
- :func:`running_mean_checkpoints` - the same from ``(rounds, mean, stderr)``
  checkpoints (what :func:`sette_kit.simulate.run` records), for long simulations
- :func:`strategy_table` - a grid of letters ("H" hit, "S" stand...) or numbers, with a
  colour legend; every cell keeps its letter, and cells that are never reached are quiet
- :func:`histogram` - a histogram of outcomes (one bar per value for small whole numbers)

Adding a chart.  Build it from the primitives, then finish with ``fig.chart(text)``:

>>> fig = Figure(title="My chart", legend=[Key("bar", BLUE, "share")])
>>> x = Band(["a", "b"], fig.left, fig.right)               # categories -> x
>>> y = Linear(0, 1, fig.bottom, fig.top)                    # values -> y (pointing up)
>>> fig.y_axis(y, y.ticks(4), "share", fmt=percent)          # grid lines, tick labels, title
>>> fig.x_axis(x.centres(), ["a", "b"], "category")
>>> _ = fig.add(bar(x.start(0), y(0.25), x.width, y(0) - y(0.25), BLUE),
...             bar(x.start(1), y(0.75), x.width, y(0) - y(0.75), BLUE))
>>> mine = fig.chart("My chart: a: 25%; b: 75%.")
>>> mine.svg.count("<rect"), mine.title
(3, 'My chart')

- :class:`Figure` - the canvas: size (``width`` <= 720, ``height`` <= 360 by default),
  title, legend row, plot area (``left``, ``right``, ``top``, ``bottom``), axes
  (:meth:`Figure.x_axis`, :meth:`Figure.y_axis`), :meth:`Figure.add` for marks, and
  :meth:`Figure.chart` to finish with the text equivalent;
- scales: :class:`Linear` (with :meth:`Linear.nice` and :meth:`Linear.ticks`),
  :class:`Log10` (decades), :class:`Band` (categories);
- marks: :func:`bar`, :func:`stripes`, :func:`line`, :func:`polyline`, :func:`area`
  (a band between two lines), :func:`dot`, :func:`label`;
- :class:`Key` - one legend entry: a "bar", "band", "line", "dashed" or "dot" swatch;
- formatting: :func:`percent`, :func:`number`, :func:`exact_text`.
- colours: :data:`BLUE`, :data:`VERMILLION`, :data:`ORANGE`, :data:`GREEN`,
  :data:`PURPLE`, :data:`SKY`, :data:`YELLOW` (Okabe-Ito, as the cards); text, axes and
  grid lines use ``currentColor``.

>>> from fractions import Fraction
>>> c = distribution_bar({"7½": Fraction(1, 4), "bust": Fraction(3, 4)}, title="Final total")
>>> c.svg.startswith("<svg") and 'role="img"' in c.svg and "<title>Final total</title>" in c.svg
True
>>> c.text
'Final total: 7½: 1/4 (25.0%); bust: 3/4 (75.0%).'
>>> ">Describe this chart</summary>" in c.html and caption_text(c.html) == c.text
True
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Mapping, Sequence

from sette_kit import fmt as _fmt
from sette_kit.i18n import N_, _, ngettext, pgettext
from sette_kit.fmt import local_marks

from .render import BLUE, GREEN, ORANGE, PURPLE, VERMILLION

__all__ = ["Chart", "distribution_bar", "running_mean", "running_mean_checkpoints", "strategy_table", "histogram",
           "caption_text", "COLOURS", "Figure", "Key", "Linear", "Log10", "Band", "bar", "stripes", "line",
           "polyline", "area", "dot", "label", "percent", "number", "exact_text",
           "BLUE", "VERMILLION", "ORANGE", "GREEN", "PURPLE", "SKY", "YELLOW", "STRATEGY_LEGEND", "value_curve"]

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


# -- formatting -------------------------------------------------------------------------------

def thousands(n, digits: int = 0) -> str:
    """A number with its thousands separated (and ``digits`` decimals), in the current
    language: ``thousands(9880) == '9,880'``, ``thousands(1234.56, 1) == '1,234.6'``
    (Italian and Spanish: ``'9.880'``, ``'1.234,6'``)."""
    return local_marks(f"{int(n):,}") if not digits else local_marks(f"{float(n):,.{digits}f}")


def percent(p, digits: int = 0) -> str:
    """A share as a percentage: ``percent(0.25) == '25%'`` (U+2212 for negatives)."""
    return _minus(_fmt.percent(p, digits))


def number(x, digits: int = 2) -> str:
    """A number for a tick label: no trailing zeros, a real minus sign, thousands
    separated: ``number(-0.5) == '−0.5'``, ``number(1000000) == '1,000,000'``."""
    x = float(x)
    if x == int(x) and abs(x) < 1e15:
        return _minus(thousands(x))
    s = _fmt.decimal(x, digits)
    if digits > 0:
        s = s.rstrip("0").rstrip(".,")
    return _minus(s)


def _minus(s: str) -> str:
    return s.replace("-", "\u2212")


def exact_text(p) -> str:
    """A probability for the text equivalent: the exact fraction and the percentage.

    >>> exact_text(Fraction(1, 3)), exact_text(0.25)
    ('1/3 (33.3%)', '0.25 (25.0%)')
    """
    pct = _fmt.percent(p, 1)
    if isinstance(p, Fraction):
        return f"{p} ({pct})"
    return f"{local_marks(f'{float(p):.4g}')} ({pct})"


# -- scales -----------------------------------------------------------------------------------

class Linear:
    """Values ``lo..hi`` to positions ``a..b`` (``b < a`` for a y axis, which points down)."""

    def __init__(self, lo: float, hi: float, a: float, b: float):
        self.lo, self.hi, self.a, self.b = float(lo), float(hi), float(a), float(b)
        if self.hi == self.lo:
            self.lo, self.hi = self.lo - 1, self.hi + 1

    def __call__(self, v: float) -> float:
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
        # a title wider than the chart goes on as many lines as it needs (issue 29: the
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
        # widen this inner svg, and its clip with it (issue 29: the running mean's first
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
    from .base import plain_text

    for marker in ('<p class="sk-chart-text"', "<figcaption"):
        if marker in shown:
            part = shown[shown.index(marker):]
            end = part.find("</p>") if marker.startswith("<p") else part.find("</figcaption>")
            return plain_text(part[:end] if end >= 0 else part)
    return plain_text(shown)


# -- the charts ---------------------------------------------------------------------------------

def distribution_bar(dist: Mapping, title: str | None = None, xlabel: str = "", ylabel: str | None = None,
                     highlight=None, width: float = WIDTH, height: float = HEIGHT, legend: bool = True) -> Chart:
    """A bar chart of a distribution ``{label: probability}`` (Fractions or floats), each
    bar labelled with its percentage; ``highlight`` names labels drawn in vermillion with
    stripes (and marked in the text and, unless ``legend=False``, the legend: a bar
    whose own label says why it stands out needs none).

    >>> c = distribution_bar({"1": Fraction(1, 2), "2": Fraction(1, 2)}, title="Coin", highlight=["2"])
    >>> c.text
    'Coin: 1: 1/2 (50.0%); 2: 1/2 (50.0%) (highlighted).'
    >>> c.svg.count("<rect"), "highlighted" in c.svg
    (3, True)
    """
    title = _("Distribution") if title is None else title
    ylabel = _("probability") if ylabel is None else ylabel
    labels = [str(k) for k in dist]
    values = [float(v) for v in dist.values()]
    marked = {str(h) for h in (highlight or ())}
    keys = [Key("striped", VERMILLION, _("highlighted"))] if marked & set(labels) and legend else []
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 16, 56 if xlabel else 34, 72))
    top = max(values + [0.0]) * 1.12 or 1.0
    y = Linear(0, top, fig.bottom, fig.top).nice(4)
    y = Linear(0, y.hi, fig.bottom, fig.top)
    fig.y_axis(y, y.ticks(4), ylabel, fmt=percent)
    x = Band(labels, fig.left, fig.right, padding=0.3)
    for i, (lab, v) in enumerate(zip(labels, values)):
        x0, y0 = x.start(i), y(v)
        hot = lab in marked
        fig.add(bar(x0, y0, x.width, fig.bottom - y0, VERMILLION if hot else BLUE))
        if hot:
            fig.add(stripes(x0, y0, x.width, fig.bottom - y0))
        if x.slot >= text_width("00.0%", 13):
            fig.add(label(x.centre(i), y0 - 6, _fmt.percent(v, 1), size=13, anchor="middle"))
    fig.x_axis(x.centres(), labels, xlabel)
    hot = " (" + _("highlighted") + ")"
    text = f"{title}: " + "; ".join(
        f"{k}: {exact_text(v)}{hot if str(k) in marked else ''}" for k, v in dist.items()) + "."
    return fig.chart(text)


def _z(level: float) -> float:
    """The two-sided normal quantile for ``level`` (0.95 -> 1.96), by bisection on erf."""
    if not 0 < level < 1:
        raise ValueError("level must be between 0 and 1")
    lo, hi = 0.0, 10.0
    for unused in range(60):
        mid = (lo + hi) / 2
        if math.erf(mid / math.sqrt(2)) < level:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def running_mean(outcomes: Sequence[float], exact=None, level: float = 0.95, title: str | None = None,
                 ylabel: str | None = None, width: float = WIDTH, height: float = HEIGHT) -> Chart:
    """The running mean of ``outcomes`` with a ``level`` confidence band (normal
    approximation, running standard deviation) and the exact value as a dashed line.

    >>> running_mean([1, -1] * 50, exact=0).text
    'Running mean: after 100 hands the mean is 0.0000 ± 0.1970 (95% confidence); the exact value is 0 = 0.0000, inside the band.'
    """
    xs = [float(v) for v in outcomes]
    if not xs:
        raise ValueError("running_mean needs at least one outcome")
    n = len(xs)
    # the running sums at about 200 log-spaced round counts (and the last)
    marks = sorted({max(1, min(n, round(n ** (i / 199)))) for i in range(200)} | {n}) if n > 1 else [1]
    rows = []
    s1 = s2 = 0.0
    j = 0
    for i, v in enumerate(xs, 1):
        s1 += v
        s2 += v * v
        if i == marks[j]:
            mean = s1 / i
            se = math.sqrt(max(s2 / i - mean * mean, 0) * i / (i - 1)) / math.sqrt(i) if i > 1 else float("nan")
            rows.append((i, mean, se))
            j += 1
            if j == len(marks):
                break
    return running_mean_checkpoints(rows, exact=exact, level=level, title=title, ylabel=ylabel,
                                    width=width, height=height)


def running_mean_checkpoints(checkpoints: Sequence, exact=None, level: float = 0.95, title: str | None = None,
                             ylabel: str | None = None, width: float = WIDTH,
                             height: float = HEIGHT + 20) -> Chart:
    """Like :func:`running_mean`, drawn from checkpoints ``(rounds, mean, stderr)`` (e.g.
    ``sette_kit.simulate.Result.checkpoints``) instead of raw outcomes; a checkpoint whose
    standard error is not a number (fewer than 2 rounds) gets no band.  The x axis is
    logarithmic beyond 100 rounds; the y axis shows the band from 100 rounds on (the
    first few rounds swing wider, and run off the top or bottom).

    >>> c = running_mean_checkpoints([(1, -1.0, float("nan")), (10, -0.2, 0.3), (100, -0.15, 0.1)], exact=-0.16)
    >>> c.text
    'Running mean: after 100 hands the mean is -0.1500 ± 0.1960 (95% confidence); the exact value is -0.16 = -0.1600, inside the band.'
    """
    title = _("Running mean") if title is None else title
    ylabel = _("mean result per hand") if ylabel is None else ylabel
    rows = [(int(cp[0]), float(cp[1]), float(cp[2])) for cp in checkpoints]
    if not rows:
        raise ValueError("running_mean_checkpoints needs at least one checkpoint")
    z = _z(level)
    ex = None if exact is None else float(exact)
    last_n, last_mean, last_se = rows[-1]
    keys = [Key("band", SKY, _("{level} band").format(level=_fmt.percent(level, 0))),
            Key("dot", BLUE, _("running mean"))]
    if ex is not None:
        keys.append(Key("dashed", VERMILLION, _("exact value")))
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 20, 56, 76))
    log = last_n > 100
    x = Log10(1, max(last_n, 10), fig.left, fig.right) if log else Linear(0, max(last_n, 1), fig.left, fig.right)
    # the y range: the running mean and its band from 100 rounds on (or the last tenth)
    start = min(100, rows[-1][0])
    span = [v for n, m, se in rows if n >= start for v in ((m,) if math.isnan(se) else (m - z * se, m + z * se))]
    span += [ex] if ex is not None else []
    lo, hi = min(span), max(span)
    pad = (hi - lo) * 0.08 or 0.1
    y = Linear(lo - pad, hi + pad, fig.bottom, fig.top).nice(5)
    fig.y_axis(y, y.ticks(5), ylabel)
    band = [(n, m, se) for n, m, se in rows if not math.isnan(se)]
    marks = [area([(x(n), y(m + z * se)) for n, m, se in band], [(x(n), y(m - z * se)) for n, m, se in band], SKY, 0.4)]
    if ex is not None:
        marks.append(line(fig.left, y(ex), fig.right, y(ex), VERMILLION, 2.5, dash="7 4"))
    pts = [(x(n), y(m)) for n, m, _ in rows]
    marks.append(polyline(pts, BLUE, 2.5))
    if len(rows) <= 40:
        marks.extend(dot(px, py, BLUE) for px, py in pts)
    fig.clipped(*marks)
    if log:
        ticks = x.ticks()
        positions, labels = [x(t) for t in ticks], [number(t) for t in ticks]
        # keep every other label when they would collide
        if len(ticks) > 1 and (positions[1] - positions[0]) < text_width(labels[-1]) + 8:
            labels = [s if i % 2 == 0 or i == len(labels) - 1 else "" for i, s in enumerate(labels)]
    else:
        ticks = [t for t in Linear(0, max(last_n, 1), 0, 1).ticks(5)]
        positions, labels = [x(t) for t in ticks], [number(t) for t in ticks]
    fig.x_axis(positions, labels, _("hands played (logarithmic scale)") if log else _("hands played"))
    half = z * last_se
    has_band = not math.isnan(last_se)
    text = ngettext("{title}: after {n} hand the mean is {mean}", "{title}: after {n} hands the mean is {mean}",
                    last_n).format(title=title, n=thousands(last_n), mean=_fmt.decimal(last_mean, 4))
    if has_band:
        text += _(" ± {half} ({level} confidence)").format(half=_fmt.decimal(half, 4),
                                                           level=_fmt.percent(level, 0))
    if ex is not None:
        shown_exact = str(exact) if isinstance(exact, (int, Fraction)) else local_marks(str(exact))
        text += _("; the exact value is {exact} = {value}").format(exact=shown_exact, value=_fmt.decimal(ex, 4))
        if has_band:
            text += _(", inside the band") if abs(last_mean - ex) <= half else _(", outside the band")
    text += "."
    return fig.chart(text)


STRATEGY_LEGEND = {"H": (N_("hit"), ORANGE), "S": (N_("stand"), SKY), "h": (N_("mostly hit"), "#F5D393"),
                   "s": (N_("mostly stand"), "#BFE2F6"), ".": (N_("not reached"), None)}
"""The strategy grid's letters: meaning and cell colour (Okabe-Ito orange and sky blue,
lighter when the choice depends on the cards); cells never reached stay blank, with a
faint dot, so they are the quietest thing on the chart."""


def strategy_table(cells: Sequence[Sequence], rows: Sequence, cols: Sequence, title: str | None = None,
                   row_label: str = "", col_label: str = "", width: float = WIDTH, height: float | None = None,
                   legend: Mapping | None = None) -> Chart:
    """A grid: ``cells[i][j]`` is a letter or a short text, or all cells are numbers.

    Letters get the colours of ``legend`` (default :data:`STRATEGY_LEGEND`: "H" hit, "S"
    stand, "h"/"s" mostly hit/stand, "." not reached) *and* stay written in the cells; a
    legend under the grid reads the letters out.  Numbers get shades of one blue, darker
    for larger values, and are written in the cells too.

    >>> s = strategy_table([["H", "S"], [".", "S"]], rows=[4, 5], cols=["a", "b"], title="Play", row_label="total")
    >>> s.text
    'Play. total 4: a hit, b stand; total 5: b stand.'
    >>> s.svg.count(">H<"), s.svg.count(">S<")
    (2, 3)
    """
    title = _("Strategy") if title is None else title
    # the meanings in the current language (the kit's own words are in the catalogue)
    legend = {k: (_(str(m)), c) for k, (m, c) in (STRATEGY_LEGEND if legend is None else legend).items()}
    numeric = all(isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) for row in cells for v in row)
    nrows, ncols = len(rows), len(cols)
    label_w = max([text_width(str(r)) for r in rows] + [text_width(row_label)] + [20]) + 16
    used = [] if numeric else [s for s in legend if any(str(v) == s for row in cells for v in row)]
    cell_h = 26
    head = 30 + (22 if col_label else 0)
    legend_h = 40 if used else 8
    height = height or min(30 + head + nrows * cell_h + legend_h + 8, 420)
    fig = Figure(width, height, title=title, margin=(0, 12, legend_h, label_w))
    grid_top = fig.top + head - 8
    cell_w = (fig.right - fig.left) / max(ncols, 1)
    cell_h = min(cell_h, (fig.bottom - grid_top) / max(nrows, 1))
    if col_label:
        fig.add(label((fig.left + fig.right) / 2, fig.top + 6, col_label, size=AXIS, anchor="middle"))
    if row_label:
        fig.add(label(fig.left - 10, grid_top - 8, row_label, size=AXIS, anchor="end"))
    for j, c in enumerate(cols):
        fig.add(label(fig.left + (j + 0.5) * cell_w, grid_top - 8, c, anchor="middle"))
    if numeric:
        flat = [float(v) for row in cells for v in row] or [0.0]
        lo, hi = min(flat), max(flat)
    for i, (r, row) in enumerate(zip(rows, cells)):
        y0 = grid_top + i * cell_h
        fig.add(label(fig.left - 10, y0 + cell_h / 2 + 5, r, anchor="end"))
        for j, v in enumerate(row):
            x0 = fig.left + j * cell_w
            if numeric:
                t = 0.0 if hi == lo else (float(v) - lo) / (hi - lo)
                fig.add(bar(x0 + 1, y0 + 1, cell_w - 2, cell_h - 2, _shade(t)))
                fig.add(label(x0 + cell_w / 2, y0 + cell_h / 2 + 5, local_marks(f"{float(v):.2g}"), size=13, anchor="middle",
                              fill="#fff" if t > 0.55 else "#222"))
                continue
            meaning, colour = legend.get(str(v), (str(v), None))
            if colour:
                fig.add(bar(x0 + 1, y0 + 1, cell_w - 2, cell_h - 2, colour))
                fig.add(label(x0 + cell_w / 2, y0 + cell_h / 2 + 5, v, anchor="middle", weight="bold", fill="#222"))
            else:
                fig.add(label(x0 + cell_w / 2, y0 + cell_h / 2 + 5, "·", anchor="middle", opacity=0.45))
    if used:
        keys = [Key("bar", legend[s][1] or "none", legend[s][0], letter=s if legend[s][1] else "·") for s in used]
        fig.legend(keys, 0, fig.height - 18)
    row_word = row_label or _("row")
    if numeric:
        lines = [f"{row_word} {r}: " + ", ".join(f"{c} {local_marks(f'{float(v):.2g}')}" for c, v in zip(cols, row))
                 for r, row in zip(rows, cells)]
    else:
        lines = []
        for r, row in zip(rows, cells):
            said = [f"{c} {legend.get(str(v), (str(v), None))[0]}" for c, v in zip(cols, row)
                    if not (str(v) in legend and legend[str(v)][1] is None)]
            lines.append(f"{row_word} {r}: " + (", ".join(said) if said else _("not reached")))
    text = f"{title}. " + "; ".join(lines) + "."
    return fig.chart(text)


def _shade(t: float) -> str:
    """White (t = 0) to the kit's blue (t = 1)."""
    r0, g0, b0 = 0xEE, 0xF5, 0xFB
    r1, g1, b1 = 0x00, 0x72, 0xB2
    mix = lambda a, b: round(a + (b - a) * t)  # noqa: E731
    return f"#{mix(r0, r1):02X}{mix(g0, g1):02X}{mix(b0, b1):02X}"


def histogram(outcomes: Sequence[float], bins=None, title: str | None = None, xlabel: str | None = None,
              width: float = WIDTH, height: float = HEIGHT) -> Chart:
    """A histogram of outcomes: whole-number outcomes spanning at most 40 get one bar per
    value; otherwise ``bins`` equal bins (default: Sturges' rule).

    >>> histogram([1, 1, -1, 2]).text
    'Outcomes (4 values, mean 0.75): -1: 1; 1: 2; 2: 1.'
    """
    title = _("Outcomes") if title is None else title
    xlabel = _("result") if xlabel is None else xlabel
    xs = [float(v) for v in outcomes]
    if not xs:
        raise ValueError("histogram needs at least one outcome")
    lo, hi = min(xs), max(xs)
    if bins is None and all(v == round(v) for v in xs) and hi - lo <= 40:
        counts: dict = {}
        for v in xs:
            counts[v] = counts.get(v, 0) + 1
        keys = sorted(counts)
        labels = [number(v) for v in keys]
        heights = [counts[v] for v in keys]
        parts = [f"{local_marks(f'{v:g}')}: {counts[v]}" for v in keys]
    else:
        k = int(bins) if bins else max(1, math.ceil(math.log2(len(xs)) + 1))
        step = (hi - lo) / k or 1.0
        heights = [0] * k
        for v in xs:
            heights[min(int((v - lo) / step), k - 1)] += 1
        edges = [lo + i * step for i in range(k + 1)]
        labels = [number(edges[i], 3) for i in range(k)]
        parts = [_("{low} to {high}: {count}").format(low=local_marks(f"{a:.3g}"), high=local_marks(f"{b:.3g}"), count=c)
                 for a, b, c in zip(edges[:-1], edges[1:], heights)]
    fig = Figure(width, height, title=title, margin=(0, 16, 56, 72))
    y = Linear(0, max(heights) * 1.1, fig.bottom, fig.top).nice(4)
    y = Linear(0, y.hi, fig.bottom, fig.top)
    fig.y_axis(y, [t for t in y.ticks(4) if t == int(t)], _("count"))
    x = Band(labels, fig.left, fig.right, padding=0.15)
    for i, c in enumerate(heights):
        fig.add(bar(x.start(i), y(c), x.width, fig.bottom - y(c), BLUE))
    step_label = max(1, math.ceil(len(labels) * text_width("0000") / (fig.right - fig.left)))
    fig.x_axis(x.centres(), [s if i % step_label == 0 else "" for i, s in enumerate(labels)], xlabel)
    mean = sum(xs) / len(xs)
    text = ngettext("{title} ({n} value, mean {mean}): {parts}.", "{title} ({n} values, mean {mean}): {parts}.",
                    len(xs)).format(title=title, n=len(xs), mean=local_marks(f"{mean:.4g}"), parts="; ".join(parts))
    return fig.chart(text)


# == issue 15: charts of the betting, bankroll and shoe labs ============================

#
# - :func:`signed_bar` - values above and below zero (expected results): positive bars blue
#   and solid on one side of the zero line, negative bars vermillion and striped on the
#   other, each labelled with its sign; optional notes beside the category labels
#   ("stake 10"); ``horizontal=True`` draws one row per category (for a phone)
# - :func:`paired_bar` - two values per category side by side (before/after, full deck/left
#   now): the first series striped sky blue, the second solid blue, both in the legend;
#   ``horizontal=True`` as above
# - :func:`share_bar` - probabilities on a 0-100% scale (chances of ruin), some highlighted;
#   ``horizontal=True`` as above
# - :func:`paths_chart` - many bankroll paths as thin lines, a few highlighted, the target as
#   a dashed line; a path's end says how it ended: a cross at ruin, a dot at the target
# - :func:`pair_html` - a chart drawn twice, wide and narrow: the narrow one replaces the
#   wide one when the column is narrower than a breakpoint (a phone), so its text stays
#   at its size instead of shrinking with the whole chart

NARROW = 300
"""The width of the narrow drawing of :func:`pair_html`: a phone's column at 390 px, inside
the theme's margins and a widget's frame, is about 290 px, so 13 px text stays above 12 px."""


def _signed_percent(v) -> str:
    return _minus(_fmt.percent(v, 1, sign=True))


def _round_percent(v) -> str:
    """A share as a whole percentage, halves rounded up (12.5% -> 13%)."""
    return local_marks(f"{math.floor(float(v) * 100 + 0.5)}%")


def signed_bar(values: Mapping, title: str | None = None, xlabel: str = "", ylabel: str = "",
               value_text: Callable = _signed_percent, notes: Mapping | None = None,
               positive: str | None = None, negative: str | None = None, horizontal: bool = False,
               width: float = WIDTH, height: float | None = None) -> Chart:
    """A bar per label from the zero line: solid blue on the positive side, vermillion and
    striped on the negative side (so the sign shows by position, pattern and its written
    sign, not by colour alone).  ``value_text`` writes a value (default: a signed
    percentage); ``notes`` adds a short note to some category labels; ``positive`` and
    ``negative`` are the legend's words; ``xlabel`` names the categories, ``ylabel`` the
    values.  ``horizontal=True``: one row per category, values across (a narrow column).

    >>> from fractions import Fraction
    >>> c = signed_bar({"6": Fraction(1, 10), "7": Fraction(-1, 4)}, title="EV", notes={"6": "stake 10"})
    >>> c.text
    'EV: 6: +10.0% (stake 10); 7: −25.0%.'
    >>> c.svg.count("<rect"), "stroke-opacity" in c.svg, ">stake 10<" in c.svg   # 2 bars, 2 legend swatches
    (4, True, True)
    >>> signed_bar({"6": Fraction(1, 10)}, title="EV", horizontal=True, width=360).width
    360.0
    """
    title = _("Values") if title is None else title
    positive = _("positive") if positive is None else positive
    negative = _("negative") if negative is None else negative
    labels = [str(k) for k in values]
    raw = list(values.values())
    vals = [float(v) for v in raw]
    notes = {str(k): str(v) for k, v in (notes or {}).items()}
    keys = []
    if any(v > 0 for v in vals) or not vals:
        keys.append(Key("bar", BLUE, positive))
    if any(v < 0 for v in vals):
        keys.append(Key("striped", VERMILLION, negative))
    lo, hi = min(vals + [0.0]), max(vals + [0.0])
    parts = [f"{k}: {_minus(value_text(v))}" + (f" ({notes[str(k)]})" if str(k) in notes else "")
             for k, v in values.items()]
    text = f"{title}: " + "; ".join(parts) + "."
    if horizontal:
        return _signed_rows(labels, raw, vals, notes, keys, lo, hi, title, xlabel, ylabel, value_text, width,
                            height, text)
    # a note wider than its category's slot (a longer word in another language) takes two lines
    slot = (min(float(width), MAX_WIDTH) - 92) / max(len(labels), 1)
    wrap = any(text_width(n, 13) > slot and " " in n for n in notes.values())
    extra = (36 if wrap else 20) if notes else 0
    fig = Figure(width, height or HEIGHT, title=title, legend=keys,
                 margin=(0, 16, (56 if xlabel else 34) + extra, 76))
    pad = (hi - lo) * 0.16 or 0.1
    y = Linear(lo - (pad if lo < 0 else 0), hi + (pad if hi > 0 else 0), fig.bottom, fig.top).nice(5)
    fig.y_axis(y, y.ticks(5), ylabel, fmt=lambda t: _minus(_fmt.percent(t, 0, sign=True)) if t else "0")
    x = Band(labels, fig.left, fig.right, padding=0.3)
    zero = y(0)
    room = x.slot >= text_width("+00.0%", 13)
    for i, v in enumerate(vals):
        x0 = x.start(i)
        top, h = (y(v), zero - y(v)) if v >= 0 else (zero, y(v) - zero)
        if v >= 0:
            fig.add(bar(x0, top, x.width, h, BLUE))
        else:
            fig.add(bar(x0, top, x.width, h, VERMILLION), stripes(x0, top, x.width, h))
        if room:
            ty = y(v) - 6 if v >= 0 else y(v) + 17
            fig.add(label(x.centre(i), ty, value_text(raw[i]), size=13, anchor="middle"))
    fig.add(line(fig.left, zero, fig.right, zero, width=1.5))
    fig.x_axis(x.centres(), labels, "", baseline=False)
    for i, lab in enumerate(labels):
        if lab in notes:
            lines = notes[lab].rsplit(" ", 1) if wrap and " " in notes[lab] else [notes[lab]]
            for j, part in enumerate(lines):
                fig.add(label(x.centre(i), fig.bottom + 39 + 16 * j, part, size=13, anchor="middle", weight="600"))
    if xlabel:
        fig.add(label((fig.left + fig.right) / 2, fig.bottom + 44 + extra, xlabel, size=AXIS, anchor="middle"))
    return fig.chart(text)


def _row_labels(labels, notes, size: float = TICK) -> float:
    """The width taken by row labels (with their notes) at the left of a horizontal chart."""
    return max([text_width(s + (f" · {notes[s]}" if s in notes else ""), size) for s in labels] + [30]) + 12


def _signed_rows(labels, raw, vals, notes, keys, lo, hi, title, xlabel, ylabel, value_text, width, height, text):
    row = 30
    left = _row_labels(labels, notes)
    head = 30 + (36 if keys else 0) + (26 if xlabel else 0)
    fig = Figure(width, height or head + row * len(labels) + (32 if ylabel else 12), title=title, legend=keys,
                 margin=(26 if xlabel else 0, 12, 32 if ylabel else 12, left))
    if xlabel:
        fig.add(label(0, fig.top - 10, xlabel, size=AXIS))
    tw = text_width("+00.0%", 13) + 8
    span = (hi - lo) or 1.0
    # room for the value written beside each bar: after a positive bar, right of zero for a negative one
    x = Linear(lo, hi, fig.left, fig.right - tw)
    if lo < 0 and hi <= 0:
        x = Linear(lo, span * 0.02, fig.left, fig.right - tw)
    zero = x(0)
    y = Band(labels, fig.top, fig.bottom, padding=0.3)
    for i, (lab, v) in enumerate(zip(labels, vals)):
        y0, h = y.start(i), y.width
        x0, w = (zero, x(v) - zero) if v >= 0 else (x(v), zero - x(v))
        if v >= 0:
            fig.add(bar(x0, y0, w, h, BLUE))
        else:
            fig.add(bar(x0, y0, w, h, VERMILLION), stripes(x0, y0, w, h))
        tx = (x(v) if v >= 0 else zero) + 6
        fig.add(label(tx, y.centre(i) + 5, value_text(raw[i]), size=13))
        name = lab + (f" · {notes[lab]}" if lab in notes else "")
        fig.add(label(fig.left - 8, y.centre(i) + 5, name, anchor="end", weight="600" if lab in notes else None))
    fig.add(line(zero, fig.top - 4, zero, fig.bottom + 4, width=1.5))
    if ylabel:
        fig.add(label((fig.left + fig.right) / 2, fig.bottom + 24, ylabel, size=AXIS, anchor="middle"))
    return fig.chart(text)


def paired_bar(categories: Sequence, first: tuple, second: tuple, title: str | None = None, xlabel: str = "",
               ylabel: str | None = None, style: str = "percent", horizontal: bool = False,
               width: float = WIDTH, height: float | None = None) -> Chart:
    """Two bars per category: ``first = (name, values)`` striped sky blue, ``second =
    (name, values)`` solid blue beside it (the pattern tells them apart, not only the
    colour).  ``style``: "percent" (shares) or "count" (whole numbers).
    ``horizontal=True``: one row per category, the two bars one above the other.

    >>> from fractions import Fraction
    >>> c = paired_bar(["6", "7"], ("before", [Fraction(1, 10)] * 2), ("after", [Fraction(1, 2)] * 2), title="Card")
    >>> c.text
    'Card: 6: before: 1/10 = 10.0%, after: 1/2 = 50.0%; 7: before: 1/10 = 10.0%, after: 1/2 = 50.0%.'
    >>> c.svg.count("<rect")
    6
    """
    if style not in ("percent", "count"):
        raise ValueError("style must be 'percent' or 'count'")
    title = _("Comparison") if title is None else title
    ylabel = _("probability") if ylabel is None else ylabel
    cats = [str(c) for c in categories]
    (n1, v1), (n2, v2) = first, second
    v1, v2 = list(v1), list(v2)
    if not (len(v1) == len(v2) == len(cats)):
        raise ValueError("paired_bar needs one value of each series per category")
    show = (lambda v: _fmt.approx(v) if isinstance(v, Fraction) else percent(v, 1)) if style == "percent" \
        else number
    short = _round_percent if style == "percent" else number
    keys = [Key("striped", SKY, str(n1)), Key("bar", BLUE, str(n2))]
    text = f"{title}: " + "; ".join(f"{c}: {n1}: {show(a)}, {n2}: {show(b)}" for c, a, b in zip(cats, v1, v2)) + "."
    most = max([float(v) for v in v1 + v2] + [0.0])
    if horizontal:
        row = 34
        left = _row_labels(cats, {})
        head = 30 + 36 + (26 if xlabel else 0)
        fig = Figure(width, height or head + row * len(cats) + (32 if ylabel else 12), title=title, legend=keys,
                     margin=(26 if xlabel else 0, 12, 32 if ylabel else 12, left))
        if xlabel:
            fig.add(label(0, fig.top - 10, xlabel, size=AXIS))
        tw = text_width("000%", 12) + 8
        x = Linear(0, most or 1.0, fig.left, fig.right - tw)
        y = Band(cats, fig.top, fig.bottom, padding=0.2)
        h = y.width / 2
        for i, c in enumerate(cats):
            y0 = y.start(i)
            for j, (v, fill) in enumerate(((v1[i], SKY), (v2[i], BLUE))):
                w = x(v) - fig.left
                fig.add(bar(fig.left, y0 + j * h, w, h - 1, fill))
                if j == 0:
                    fig.add(stripes(fig.left, y0, w, h - 1))
                fig.add(label(x(v) + 5, y0 + j * h + h / 2 + 4, short(v), size=12))
            fig.add(label(fig.left - 8, y.centre(i) + 5, c, anchor="end"))
        fig.add(line(fig.left, fig.top - 2, fig.left, fig.bottom + 2, opacity=0.6))
        if ylabel:
            fig.add(label((fig.left + fig.right) / 2, fig.bottom + 24, ylabel, size=AXIS, anchor="middle"))
        return fig.chart(text)
    fig = Figure(width, height or HEIGHT, title=title, legend=keys, margin=(0, 16, 56 if xlabel else 34, 72))
    y = Linear(0, most * 1.15 or 1.0, fig.bottom, fig.top).nice(4)
    y = Linear(0, y.hi, fig.bottom, fig.top)
    ticks = y.ticks(4) if style == "percent" else [t for t in y.ticks(4) if t == int(t)]
    fig.y_axis(y, ticks, ylabel, fmt=percent if style == "percent" else number)
    x = Band(cats, fig.left, fig.right, padding=0.2)
    w = x.width / 2
    room = w >= text_width(short(most), 12) - 2
    for i in range(len(cats)):
        x0 = x.start(i)
        for j, (v, fill) in enumerate(((v1[i], SKY), (v2[i], BLUE))):
            y0 = y(v)
            fig.add(bar(x0 + j * w, y0, w - 1, fig.bottom - y0, fill))
            if j == 0:
                fig.add(stripes(x0, y0, w - 1, fig.bottom - y0))
            if room:
                fig.add(label(x0 + j * w + w / 2, y0 - 5, short(v), size=12, anchor="middle"))
    fig.x_axis(x.centres(), cats, xlabel)
    return fig.chart(text)


def share_bar(values: Mapping, title: str | None = None, xlabel: str = "", ylabel: str | None = None,
              highlight=None, marked: str | None = None, horizontal: bool = False, top: float = 1.0,
              width: float = WIDTH, height: float | None = None) -> Chart:
    """Probabilities (or shares) on a 0-100% scale (0 to ``top``), one bar per label, each
    labelled with its percentage; ``highlight`` names labels drawn vermillion *and*
    striped, called ``marked`` in the legend.  ``horizontal=True``: one row per label (a
    narrow column).

    >>> c = share_bar({"stake 1": 0.9999, "stake 10": 0.9646}, title="Ruin", highlight=["stake 10"], marked="yours")
    >>> c.text
    'Ruin: stake 1: 99.99%; stake 10: 96.46% (yours).'
    >>> ">100%<" in c.svg and ">150%<" not in c.svg
    True
    """
    title = _("Shares") if title is None else title
    ylabel = _("probability") if ylabel is None else ylabel
    marked = _("highlighted") if marked is None else marked
    labels = [str(k) for k in values]
    top = min(max(float(top), 0.01), 1.0)
    vals = [min(max(float(v), 0.0), top) for v in values.values()]
    hot = {str(h) for h in (highlight or ())}
    keys = [Key("striped", VERMILLION, marked)] if hot & set(labels) else []
    text = f"{title}: " + "; ".join(
        f"{k}: {percent(v, 2)}" + (f" ({marked})" if str(k) in hot else "") for k, v in values.items()) + "."
    if horizontal:
        left = _row_labels(labels, {})
        head = 30 + (36 if keys else 0) + (26 if xlabel else 0)
        row = 30 if len(labels) <= 15 else 24
        fig = Figure(width, height or head + row * len(labels) + (32 if ylabel else 12), title=title, legend=keys,
                     margin=(26 if xlabel else 0, 12, 32 if ylabel else 12, left))
        if xlabel:
            fig.add(label(0, fig.top - 10, xlabel, size=AXIS))
        x = Linear(0, top, fig.left, fig.right - text_width("100.0%", 13) - 8)
        y = Band(labels, fig.top, fig.bottom, padding=0.3)
        for i, (lab, v) in enumerate(zip(labels, vals)):
            fill = VERMILLION if lab in hot else BLUE
            fig.add(bar(fig.left, y.start(i), x(v) - fig.left, y.width, fill))
            if lab in hot:
                fig.add(stripes(fig.left, y.start(i), x(v) - fig.left, y.width))
            fig.add(label(x(v) + 6, y.centre(i) + 5, percent(v, 1), size=13))
            fig.add(label(fig.left - 8, y.centre(i) + 5, lab, anchor="end", weight="600" if lab in hot else None))
        fig.add(line(fig.left, fig.top - 2, fig.left, fig.bottom + 2, opacity=0.6))
        if top == 1.0:
            fig.add(line(x(1), fig.top - 2, x(1), fig.bottom + 2, opacity=0.25, dash="3 3"))
        if ylabel:
            fig.add(label((fig.left + fig.right) / 2, fig.bottom + 24, ylabel, size=AXIS, anchor="middle"))
        return fig.chart(text)
    fig = Figure(width, height or HEIGHT, title=title, legend=keys, margin=(0, 16, 56 if xlabel else 34, 72))
    y = Linear(0, top * 1.08, fig.bottom, fig.top)
    ticks = [0, 0.25, 0.5, 0.75, 1] if top == 1.0 else Linear(0, top, 0, 1).ticks(4)
    fig.y_axis(y, ticks, ylabel, fmt=percent)
    x = Band(labels, fig.left, fig.right, padding=0.3)
    room = x.slot >= text_width("100.0%", 13)
    for i, (lab, v) in enumerate(zip(labels, vals)):
        x0, y0 = x.start(i), y(v)
        fig.add(bar(x0, y0, x.width, fig.bottom - y0, VERMILLION if lab in hot else BLUE))
        if lab in hot:
            fig.add(stripes(x0, y0, x.width, fig.bottom - y0))
        if room:
            fig.add(label(x.centre(i), y0 - 6, percent(v, 1), size=13, anchor="middle"))
    fig.x_axis(x.centres(), labels, xlabel)
    return fig.chart(text)


PATH_COLOURS = (ORANGE, GREEN, PURPLE, VERMILLION, SKY)
"""The colours of highlighted paths (the other paths are thin and faint)."""


def _cross(x: float, y: float, colour: str, r: float = 5) -> str:
    return line(x - r, y - r, x + r, y + r, colour, 2.5) + line(x - r, y + r, x + r, y - r, colour, 2.5)


def _thin(path: Sequence, most: int = 240) -> list:
    """At most about ``most`` of a path's ``(round, value)`` points: every k-th round,
    and always the last."""
    n = len(path)
    k = max(1, -(-n // most))
    rounds = list(range(0, n, k))
    if rounds[-1] != n - 1:
        rounds.append(n - 1)
    return [(r, path[r]) for r in rounds]


def paths_chart(paths: Sequence[Sequence], ends: Sequence[str], target: float, rounds: int,
                title: str | None = None, highlight: Sequence[int] = (), ylabel: str | None = None,
                width: float = WIDTH, height: float = HEIGHT + 40) -> Chart:
    """Bankroll paths (each a sequence of bankrolls, one per round, from round 0) as thin
    faint lines; the paths numbered in ``highlight`` (at most 5) drawn thick in colours of
    their own and named in the legend.  ``ends[i]`` says how path ``i`` ended: "ruined"
    (a vermillion cross at its end), "target" (a green dot on the dashed target line) or
    "playing" (cut at ``rounds``).

    >>> c = paths_chart([(5, 6, 7, 8, 9, 10), (5, 4, 3, 2, 1, 0), (5, 6, 5)], ["target", "ruined", "playing"],
    ...                 target=10, rounds=5, highlight=[1])
    >>> c.text
    'Bankroll paths: 3 paths from 5. 1 ruined, 1 reached the target of 10, 1 still playing after 5 rounds. Highlighted: path 2 ruined after 5 rounds.'
    >>> c.svg.count("<polyline"), c.svg.count("<circle")
    (3, 2)
    """
    title = _("Bankroll paths") if title is None else title
    ylabel = _("bankroll") if ylabel is None else ylabel
    paths = [tuple(p) for p in paths]
    ends = list(ends)
    if not paths or len(ends) != len(paths):
        raise ValueError("paths_chart needs at least one path and one end per path")
    highlight = [i for i in highlight if 0 <= i < len(paths)][:len(PATH_COLOURS)]
    start = paths[0][0]

    def story(i: int) -> str:
        n = len(paths[i]) - 1
        e = ends[i]
        if e == "ruined":
            return ngettext("ruined after {n} round", "ruined after {n} rounds", n).format(n=thousands(n))
        if e == "target":
            return ngettext("reached {value} after {n} round", "reached {value} after {n} rounds", n).format(
                value=number(paths[i][-1]), n=thousands(n))
        return ngettext("at {value} after {n} round", "at {value} after {n} rounds", n).format(
            value=number(paths[i][-1]), n=thousands(n))

    keys = [Key("line", PATH_COLOURS[k], _("path {n}").format(n=i + 1)) for k, i in enumerate(highlight)]
    narrow = width < 480
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 16 if narrow else 20, 80, 64 if narrow else 76))
    top = max([float(target)] + [float(max(p)) for p in paths])
    x = Linear(0, max(rounds, 1), fig.left, fig.right)
    y = Linear(0, top * 1.04, fig.bottom, fig.top)
    ticks = [t for t in Linear(0, top, 0, 1).ticks(4 if narrow else 5) if t <= top * 1.04]
    fig.y_axis(y, ticks, ylabel)
    marks = [line(fig.left, y(target), fig.right, y(target), GREEN, 2, dash="7 4")]
    faint, bold = max(40, int(width / 5)), max(80, int(width / 2.5))  # points kept per path: a few px apart
    for i in range(len(paths)):
        if i not in highlight:
            pts = [(x(r), y(b)) for r, b in _thin(paths[i], faint)]
            marks.append(polyline(pts, BLUE, 1.2).replace("/>", ' stroke-opacity=".35"/>'))
    for k, i in enumerate(highlight):
        pts = [(x(r), y(b)) for r, b in _thin(paths[i], bold)]
        marks.append(polyline(pts, PATH_COLOURS[k], 2.8))
    fig.clipped(*marks)
    for i, p in enumerate(paths):  # the ends, above the lines and unclipped (a dot on the target line)
        ex, ey = x(len(p) - 1), y(p[-1])
        if ends[i] == "ruined":
            fig.add(_cross(ex, ey, VERMILLION, 6 if i in highlight else 4))
        elif ends[i] == "target":
            fig.add(dot(ex, ey, GREEN, 5 if i in highlight else 3.5))
    fig.add(label(fig.right - 4, y(target) - 7, _("target {value}").format(value=number(target)), size=13,
                  anchor="end"))
    xt = Linear(0, max(rounds, 1), 0, 1).ticks(3 if narrow else 5)
    fig.x_axis([x(t) for t in xt], [number(t) for t in xt], _("rounds played"))
    ly = fig.height - 8  # a last legend row: how a path's end is drawn
    ruined = _("ruined")
    fig.add(_cross(11, ly - 4, VERMILLION, 5), label(24, ly + 1, ruined, size=13))
    x2 = max(100, 24 + text_width(ruined, 13) + 20)
    fig.add(dot(x2, ly - 4, GREEN, 5), label(x2 + 10, ly + 1, _("reached the target"), size=13))
    n_r, n_t = ends.count("ruined"), ends.count("target")
    n_p = len(paths) - n_r - n_t
    text = (ngettext("{title}: {n} path from {start}.", "{title}: {n} paths from {start}.", len(paths)).format(
                title=title, n=thousands(len(paths)), start=number(start)) + " "
            + ngettext("{ruined} ruined, {reached} reached the target of {target}, {playing} still playing after "
                       "{n} round.",
                       "{ruined} ruined, {reached} reached the target of {target}, {playing} still playing after "
                       "{n} rounds.", rounds).format(ruined=thousands(n_r), reached=thousands(n_t),
                                                     target=number(target), playing=thousands(n_p),
                                                     n=thousands(rounds)))
    if highlight:
        text += " " + _("Highlighted: {paths}.").format(
            paths="; ".join(_("path {n} {story}").format(n=i + 1, story=story(i)) for i in highlight))
    return fig.chart(text)


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


__all__ += ["signed_bar", "paired_bar", "share_bar", "paths_chart", "pair_html", "PATH_COLOURS", "NARROW"]
# -- appended for the lesson kit (issue 14): coverage of confidence intervals, area diagrams ----

def _miss_mark(x: float, y: float, r: float, stroke: str, width: float = 2.2) -> str:
    """An × mark (a shape that says "missed" without colour)."""
    return (f'<path d="M{_f(x - r)} {_f(y - r)}L{_f(x + r)} {_f(y + r)}M{_f(x - r)} {_f(y + r)}L{_f(x + r)} {_f(y - r)}" '
            f'stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"/>')


def coverage_chart(intervals: Sequence, exact, level: float = 0.95, title: str | None = None,
                   xlabel: str | None = None, width: float = 480) -> Chart:
    """Confidence intervals from repeated runs, one per row, against the exact value.

    ``intervals``: ``(low, high, mean)`` triples, or objects with ``low``, ``high`` and
    ``mean`` (:class:`sette_kit.simulate.Interval`).  The exact value is a dashed
    vertical line.  An interval that misses it is drawn in vermillion, thicker, with an
    × at its mean and a ▶ in the left margin (colour *and* shape); the title counts the
    misses against what ``level`` leads you to expect.

    >>> c = coverage_chart([(-0.3, -0.1, -0.2), (0.0, 0.2, 0.1), (-0.25, 0.05, -0.1)], exact=-0.17)
    >>> c.title
    '2 of 3 intervals cover the exact value'
    >>> c.svg.count("<path d=\\"M"), "miss it: run 2 (for example run 2: 0.0000 to 0.2000)" in c.text
    (2, True)
    """
    rows = []
    for iv in intervals:
        lo, hi, mean = ((iv.low, iv.high, iv.mean) if hasattr(iv, "low") else iv)
        rows.append((float(lo), float(hi), float(mean)))
    if not rows:
        raise ValueError("coverage_chart needs at least one interval")
    ex = float(exact)
    n = len(rows)
    misses = [i for i, (lo, hi, unused) in enumerate(rows) if not lo <= ex <= hi]
    expected = (1 - level) * n
    xlabel = _("mean result per unit staked") if xlabel is None else xlabel
    if title is None:
        title = ngettext("{k} of {n} interval covers the exact value", "{k} of {n} intervals cover the exact value",
                         n).format(k=n - len(misses), n=n)
    keys = [Key("dot", BLUE, _("covers it")), Key("line", VERMILLION, _("misses it (×, ▶)")),
            Key("dashed", "currentColor", _("exact value"))]
    pitch = 4.2 if n > 60 else 6 if n > 30 else 10
    height = 30 + 36 + n * pitch + 70
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 20, 56, 28))
    span = [v for lo, hi, unused in rows for v in (lo, hi)] + [ex]
    pad = (max(span) - min(span)) * 0.05 or 0.1
    x = Linear(min(span) - pad, max(span) + pad, fig.left, fig.right).nice(5)
    top = fig.top + 4
    for t in x.ticks(5):
        fig.add(line(x(t), top, x(t), fig.bottom, opacity=0.12))
    marks = []
    for i, (lo, hi, mean) in enumerate(rows):
        y = top + (i + 0.5) * pitch
        if i in misses:
            marks.append(line(x(lo), y, x(hi), y, VERMILLION, 2.6))
            marks.append(_miss_mark(x(mean), y, min(3.2, pitch * 0.8), VERMILLION))
            marks.append(f'<path d="M2 {_f(y - 4)}L10 {_f(y)}L2 {_f(y + 4)}Z" fill="{VERMILLION}"/>')
        else:
            marks.append(line(x(lo), y, x(hi), y, BLUE, 1.4))
            marks.append(dot(x(mean), y, BLUE, r=min(1.8, pitch * 0.4)))
    fig.add(*marks)
    fig.add(line(x(ex), top - 4, x(ex), fig.bottom, "currentColor", 2, dash="6 4"))
    fig.x_axis([x(t) for t in x.ticks(5)], [number(t) for t in x.ticks(5)], xlabel)
    where = ", ".join(_("run {n}").format(n=i + 1) for i in misses)
    text = (_("{title}; {misses}.").format(title=title, misses=ngettext(
                "{n} misses it", "{n} miss it", len(misses)).format(n=len(misses))) + " "
            + _("These are {level} confidence intervals: about {expected} of {n} should miss. "
                "The exact value is {exact}.").format(level=_fmt.percent(level, 0), expected=number(expected, 2),
                                                      n=n, exact=_fmt.decimal(ex, 4)) + " "
            + (_("The intervals that miss it: {runs} (for example run {first}: {low} to {high}).").format(
                runs=where, first=misses[0] + 1, low=_fmt.decimal(rows[misses[0]][0], 4),
                high=_fmt.decimal(rows[misses[0]][1], 4)) if misses else _("Every interval covers it.")))
    return fig.chart(text)


AREA_SHADES = (SKY, "#A9D6F5", "#D4EBFA", "#EEF7FD")
"""The cells of an area diagram, row by row: shades of one blue (the words tell them apart)."""


def area_diagram(first: Sequence, second: Mapping, highlight=None, title: str | None = None,
                 first_name: str | None = None, second_name: str | None = None, width: float = 440) -> Chart:
    """Conditional probability as areas: a unit square cut into columns by the first
    event (widths = its probabilities), each column cut into cells by the second event
    given the first (heights = the conditional probabilities), so each cell's *area*
    is the probability of both: P(A and B) = P(A) × P(B | A).

    ``first``: ``[(label, probability), ...]`` adding up to 1 (a probability may be a
    count, ``(4, 40)``: "4 of 40", shown unreduced as 4/40); ``second``:
    ``{first label: [(label, conditional probability), ...]}``, each adding up to 1;
    ``highlight``: a (first label, second label) cell drawn in vermillion *with
    stripes*, its product written out beside the square.  Every cell is also listed
    beside the square with its fractions (so narrow cells need no label inside).

    >>> from fractions import Fraction as F
    >>> c = area_diagram([("a 7", (4, 40)), ("no 7", (36, 40))],
    ...                  {"a 7": [("a figure", (12, 39)), ("no figure", (27, 39))],
    ...                   "no 7": [("a figure", F(35, 117)), ("no figure", F(82, 117))]},
    ...                  highlight=("a 7", "a figure"), title="A 7, then a figure")
    >>> print(c.text.split(". ")[1].split("; ")[0])
    a 7, then a figure: 4/40 × 12/39 = 48/1560 = 2/65 (3.1%) (highlighted)
    """
    title = _("Area diagram") if title is None else title
    first_name = _("first") if first_name is None else first_name
    second_name = _("then") if second_name is None else second_name
    firsts = [(str(a), _prob(p)) for a, p in first]
    if not firsts or sum(p for _, p in firsts) != 1 or any(p < 0 for _, p in firsts):
        raise ValueError("the first event's probabilities must be >= 0 and add up to 1")
    cells = []
    for a, pa in firsts:
        seconds = [(str(b), _prob(q)) for b, q in second[a]]
        if sum(q for _, q in seconds) != 1 or any(q < 0 for _, q in seconds):
            raise ValueError(f"the probabilities given {a!r} must be >= 0 and add up to 1")
        cells.append((a, pa, seconds))
    hot = tuple(map(str, highlight)) if highlight else None
    side = 300.0
    listing = [(a, b, pa, q, j) for a, pa, seconds in cells for j, (b, q) in enumerate(seconds)]
    height = 30 + side + 56 + len(listing) * 44 + 8
    fig = Figure(width, height, title=title, margin=(0, 16, 50, 0))
    x0, y0 = 4.0, fig.top + 4
    palette = AREA_SHADES
    xs = x0
    for i, (a, pa, seconds) in enumerate(cells):
        w = side * float(pa)
        ys = y0
        for j, (b, q) in enumerate(seconds):
            h = side * float(q)
            is_hot = hot == (a, b)
            fig.add(bar(xs, ys, w, h, VERMILLION if is_hot else palette[j % len(palette)], stroke="#fff"))
            if is_hot:
                fig.add(stripes(xs, ys, w, h))
            if w >= text_width(b, 13) + 8 and h >= 20:
                fig.add(label(xs + w / 2, ys + h / 2 + 5, b, size=13, anchor="middle", fill="#222"))
            ys += h
        fig.add(label(xs + w / 2, y0 + side + 20, a, anchor="middle"))
        fig.add(label(xs + w / 2, y0 + side + 38, fmt_fraction(pa), size=13, anchor="middle", opacity=0.8))
        xs += w
    fig.add(bar(x0, y0, side, side, "none", stroke="currentColor"))
    # the listing under the square: every cell and its area
    lx, ly = x0, y0 + side + 74
    lines = []
    for a, b, pa, q, j in listing:
        area_ = pa * q
        is_hot = hot == (a, b)
        fig.add(bar(lx, ly - 12, 16, 16, VERMILLION if is_hot else palette[j % len(palette)], stroke="#888"))
        if is_hot:
            fig.add(stripes(lx, ly - 12, 16, 16, gap=5))
        fig.add(label(lx + 24, ly + 1, f"{a}, {second_name} {b}", weight="600" if is_hot else None))
        eq = f"{fmt_fraction(pa)} × {fmt_fraction(q)} = {_product(pa, q)} ({percent(area_, 1)})"
        fig.add(label(lx + 24, ly + 20, eq, size=13))
        lines.append(f"{a}, {second_name} {b}: {eq}" + (" (" + _("highlighted") + ")" if is_hot else ""))
        ly += 44
    text = _("{title}: the square is split by the {first} event, then by the second. {cells}.").format(
        title=title, first=first_name, cells="; ".join(lines))
    return fig.chart(text)


class _Counted(Fraction):
    """A probability that remembers the count it came from: 12 of 39 (shown '12/39')."""

    def __new__(cls, k: int, n: int):
        self = super().__new__(cls, k, n)
        self.k, self.n = k, n
        return self


def _prob(p) -> Fraction:
    """A probability given as a Fraction, or as (count, total) kept unreduced for display."""
    if isinstance(p, tuple) and len(p) == 2:
        k, n = int(p[0]), int(p[1])
        if not 0 <= k <= n or n == 0:
            raise ValueError(f"({k}, {n}): a count must be between 0 and a total above 0")
        return _Counted(k, n)
    return Fraction(p)


def _product(a, b) -> str:
    """'48/1560 = 2/65' when both factors are counts, else the product's fraction."""
    p = Fraction(a) * Fraction(b)
    if isinstance(a, _Counted) and isinstance(b, _Counted):
        raw = f"{a.k * b.k}/{a.n * b.n}"
        short = fmt_fraction(p)
        return raw if raw == short else f"{raw} = {short}"
    return fmt_fraction(p)


def fmt_fraction(p) -> str:
    """A probability as a short fraction ('4/13', '1'), or a decimal when it is long; a
    probability given as a count (``(12, 39)``) keeps its count: '12/39'."""
    if isinstance(p, _Counted):
        return f"{p.k}/{p.n}"
    p = Fraction(p)
    if p.denominator == 1:
        return str(p.numerator)
    if len(str(p.numerator)) <= 5 and len(str(p.denominator)) <= 5:
        return f"{p.numerator}/{p.denominator}"
    return _fmt.decimal(p, 4)


__all__ += ["coverage_chart", "area_diagram", "fmt_fraction", "thousands"]


# -- appended for lesson 12: a wide and a narrow drawing shown as one output ---------------------

class ChartPair:
    """One chart drawn twice, wide and narrow (see :func:`pair_html`), as one thing a
    notebook cell shows or a ``Predict`` reveals (``reveal=pair(wide, narrow)``): a phone
    gets the narrow drawing with its text at full size, a lesson column the wide one.

    >>> from fractions import Fraction
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


__all__ += ["ChartPair", "pair"]


# -- words the labs share (issue 17): a preset, a card value, a decision as a learner reads them -

def card_words(value: str) -> str:
    """A card value of :mod:`sette_kit.counting` ('Ace', '2' ... '7', 'figure', 'matta')
    as a learner reads it."""
    words = {"Ace": pgettext("card value", "Ace"), "figure": pgettext("card value", "figure"),
             "matta": pgettext("card value", "matta")}
    return words.get(value, value)


def decision_words(decision) -> str:
    """A decision ('hit', 'stand') as a learner reads it."""
    words = {"hit": pgettext("decision", "hit"), "stand": pgettext("decision", "stand")}
    return words.get(decision, decision) if isinstance(decision, str) else decision


__all__ += ["card_words", "decision_words"]


# == the distribution pictures of lessons 7, 9 and 10 (issue 25) ==========================
#
# - :func:`totals_bar` - where a hand ends: a bar per final total and one for bust (the
#   bust bar highlighted), from :func:`sette_kit.odds.final_distribution`
# - :func:`averages_histogram` - the averages of many simulated runs, bar by bar, beside
#   the exact chance of each average (dots), with the exact value (dashed) and the band of
#   ±1.96 standard errors around it (shaded): why the 95% interval is the average ± 1.96 SE
# - :func:`chain_diagram` - a bankroll's Markov chain: the bankrolls in a row, an arrow to
#   each bankroll one round can lead to, the ends marked, and under each bankroll a bar of
#   the chance of ruin from there

def totals_bar(dist: Mapping, title: str | None = None, xlabel: str | None = None, width: float = WIDTH,
               height: float = HEIGHT) -> Chart:
    """Where a hand ends, from ``{total or "bust": probability}`` (what
    :func:`sette_kit.odds.final_distribution` gives): a bar per final total, written as
    a learner writes it (``5½``), and the bust bar highlighted (vermillion and striped).

    >>> from fractions import Fraction
    >>> c = totals_bar({Fraction(5): Fraction(1, 2), Fraction(11, 2): Fraction(1, 4), "bust": Fraction(1, 4)},
    ...                title="The bank's final total")
    >>> c.text
    "The bank's final total: 5: 1/2 (50.0%); 5½: 1/4 (25.0%); bust: 1/4 (25.0%) (highlighted)."
    """
    from sette_kit.scoring import fmt_points

    names = {"bust": pgettext("total", "bust"), "triple": pgettext("total", "triple")}
    shown = {}
    for key, p in dist.items():
        shown[names.get(key, key) if isinstance(key, str) else fmt_points(Fraction(key))] = p
    xlabel = _("final total") if xlabel is None else xlabel
    title = _("Final total") if title is None else title
    return distribution_bar(shown, title=title, xlabel=xlabel, highlight=[names["bust"]], width=width,
                            height=height, legend=False)


def averages_histogram(means: Sequence, exact, stderr: float, distribution: Mapping | None = None, z: float = 1.96,
                       title: str | None = None, xlabel: str | None = None, width: float = WIDTH,
                       height: float = 320) -> Chart:
    """The averages of many simulated runs as a histogram: a bar per average (the share
    of the runs that ended there), the exact chance of each average as a dot where
    ``distribution`` (``{average: probability}``, :func:`sette_kit.simulate.average_distribution`)
    is given, the exact value as a dashed line and the band ``exact ± z × stderr`` shaded.
    The text equivalent says how many averages fall inside the band.

    >>> from fractions import Fraction
    >>> c = averages_histogram([Fraction(-1, 5), Fraction(-1, 5), Fraction(0), Fraction(1)], exact=-0.1, stderr=0.1,
    ...                        distribution={Fraction(-1, 5): 0.5, Fraction(0): 0.4, Fraction(1): 0.1})
    >>> c.text   # doctest: +ELLIPSIS
    'Averages of 4 runs: 3 of the 4 (75.0%) lie within 1.96 standard errors (±0.196) of the exact value, −0.1000; the exact chance of that is 90.0%. ...'
    >>> c.svg.count("<circle"), 'role="img"' in c.svg
    (4, True)
    """
    xs = [float(m) for m in means]
    if not xs:
        raise ValueError("averages_histogram needs at least one average")
    ex, half = float(exact), z * float(stderr)
    counts: dict = {}
    for m in means:
        counts[Fraction(m)] = counts.get(Fraction(m), 0) + 1
    n = len(xs)
    values = sorted(set(counts) | {Fraction(k) for k, p in (distribution or {}).items() if float(p) >= 5e-4})
    steps = [float(b - a) for a, b in zip(values, values[1:])]
    step = min(steps) if steps else 1.0
    title = ngettext("Averages of {n} run", "Averages of {n} runs", n).format(n=_fmt.whole(n)) if title is None else title
    xlabel = _("average result per round") if xlabel is None else xlabel
    keys = [Key("bar", BLUE, _("share of the runs")), Key("band", SKY, _("exact value ± {z} SE").format(
        z=local_marks(f"{z:g}"))), Key("dashed", "currentColor", _("exact value"))]
    if distribution:
        keys.insert(1, Key("dot", ORANGE, _("exact chance")))
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 16, 56, 72))
    shares = {v: counts.get(v, 0) / n for v in values}
    exact_p = {Fraction(k): float(p) for k, p in (distribution or {}).items()}
    top = max(list(shares.values()) + [exact_p.get(v, 0.0) for v in values]) * 1.15 or 1.0
    y = Linear(0, top, fig.bottom, fig.top).nice(4)
    y = Linear(0, y.hi, fig.bottom, fig.top)
    lo = min(float(values[0]), ex - half) - step
    hi = max(float(values[-1]), ex + half) + step
    x = Linear(lo, hi, fig.left, fig.right)
    fig.add(bar(x(ex - half), fig.top, x(ex + half) - x(ex - half), fig.bottom - fig.top, SKY).replace(
        "/>", ' fill-opacity=".3"/>'))
    fig.y_axis(y, y.ticks(4), _("share of the runs"),
               fmt=lambda t: percent(t, 0 if abs(t * 100 - round(t * 100)) < 1e-9 else 1))
    w = max((x(lo + step) - x(lo)) * 0.8, 1.0)
    for v in values:
        s = shares[v]
        if s:
            fig.add(bar(x(v) - w / 2, y(s), w, fig.bottom - y(s), BLUE))
    if distribution:
        fig.add(*[dot(x(v), y(exact_p[v]), ORANGE, r=3) for v in values if v in exact_p])
    fig.add(line(x(ex), fig.top, x(ex), fig.bottom, "currentColor", 2, dash="6 4"))
    ticks = x.ticks(6)
    fig.x_axis([x(t) for t in ticks], [number(t, 2) for t in ticks], xlabel)
    inside = sum(abs(v - ex) <= half for v in xs)
    text = _("{title}: {inside} of the {n} ({share}) lie within {z} standard errors (±{half}) of the exact value, "
             "{exact}").format(title=title, inside=_fmt.whole(inside), n=_fmt.whole(n), share=_fmt.percent(inside / n, 1),
                               z=local_marks(f"{z:g}"), half=_fmt.decimal(half, 3), exact=_minus(_fmt.decimal(ex, 4)))
    if distribution:
        chance = sum(float(p) for k, p in distribution.items() if abs(float(k) - ex) <= half)
        text += _("; the exact chance of that is {chance}").format(chance=_fmt.percent(chance, 1))
    text += ". " + _("Runs by average: {parts}.").format(parts="; ".join(
        f"{_minus(_fmt.decimal(float(v), 2))}: {counts[v]}" for v in sorted(counts)))
    return fig.chart(text)


def chain_diagram(states: Sequence, moves: Mapping, ruin: Mapping, start=None, title: str | None = None,
                  ends: tuple[str, str] | None = None, width: float = WIDTH) -> Chart:
    """A bankroll's Markov chain (:func:`sette_kit.risk.ruin_chain`): the bankrolls in
    a row (``states``), an arrow from each to where one round can take it (``moves``:
    ``{bankroll: {next bankroll: probability}}``; moves up above the row, down below
    it), the two ends marked (``ends``: their words, ruin and target), and under each
    bankroll a bar of ``ruin[bankroll]``, the chance of ruin from there.  ``start`` is
    drawn bold.

    >>> from fractions import Fraction
    >>> half = Fraction(1, 2)
    >>> c = chain_diagram([0, 10, 20], {10: {0: half, 20: half}}, {0: 1, 10: half, 20: 0}, start=10, title="Chain")
    >>> c.text
    'Chain: 3 bankrolls, from 0 (ruin) to 20 (target). From 10: to 0 with 50.0%, to 20 with 50.0%. Chance of ruin from each bankroll: 0: 100.0%; 10: 50.0%; 20: 0.0%.'
    >>> c.svg.count("<circle"), c.svg.count("marker") == 0
    (3, True)
    """
    states = list(states)
    if len(states) < 2:
        raise ValueError("chain_diagram needs at least two states")
    ends = (_("ruin"), _("target")) if ends is None else ends
    title = _("The bankroll, round after round") if title is None else title
    keys = [Key("line", BLUE, _("win a round")), Key("line", VERMILLION, _("lose a round")),
            Key("bar", SKY, _("chance of ruin from here"))]
    narrow = float(width) < 500
    # a narrow drawing (a phone) stacks its legend, one entry a row
    fig = Figure(width, 400 + (52 if narrow else 0), title=title, legend=() if narrow else keys,
                 margin=(24 * len(keys) + 8 if narrow else 0, 16, 48, 52 if narrow else 64))
    if narrow:
        for k, key in enumerate(keys):
            fig.add(_swatch(key, 0, 42 + 24 * k), label(28, 47 + 24 * k, key.text))
    col = Band([str(s) for s in states], fig.left, fig.right, padding=0)
    r = max(min(col.slot * 0.32, 11.0), 4.0)
    row = fig.top + 46
    index = {s: i for i, s in enumerate(states)}
    # arrows: up-moves as arcs above the row, down-moves below it (colour and side tell them apart)
    for b, nxt in moves.items():
        for to, p in nxt.items():
            if to not in index or not p:
                continue
            x0, x1 = col.centre(index[b]), col.centre(index[to])
            up = to > b
            lift = (r + 10 + 6 * min(abs(index[to] - index[b]) - 1, 3)) * (-1 if up else 1)
            y0 = row + (-r if up else r)
            mid = (x0 + x1) / 2
            colour = BLUE if up else VERMILLION
            tip = x1 - (3 if up else -3)
            fig.add(f'<path d="M{_f(x0)} {_f(y0)}Q{_f(mid)} {_f(row + lift * 1.6)} {_f(tip)} {_f(y0)}" fill="none" '
                    f'stroke="{colour}" stroke-width="1.6"/>',
                    f'<path d="M{_f(tip)} {_f(y0)}l{_f(-4 if up else 4)} {_f(-5 if up else 5)}" stroke="{colour}" '
                    f'stroke-width="1.6" fill="none"/>')
    for i, s in enumerate(states):
        cx = col.centre(i)
        end = s not in moves
        fill = VERMILLION if end and ruin.get(s, 0) else GREEN if end else "none"
        fig.add(f'<circle cx="{_f(cx)}" cy="{_f(row)}" r="{_f(r)}" fill="{fill}" fill-opacity="{".85" if end else "1"}" '
                f'stroke="currentColor" stroke-width="{2.4 if s == start else 1.2}"/>')
    every = max(1, math.ceil(text_width("000", 12) * 1.3 / col.slot))
    last = len(states) - 1
    first = index.get(start, 0)
    shown = {0, last, first} | {i for i in range(0, last, every) if abs(i - first) >= every and last - i >= every}
    for i, s in enumerate(states):
        if i in shown:
            fig.add(label(col.centre(i), row + r + 32, number(s), size=12, anchor="middle",
                          weight="600" if s == start else None))
    fig.add(label(col.centre(0), row - r - 30, ends[0], size=13, anchor="middle", weight="600"),
            label(col.centre(len(states) - 1), row - r - 30, ends[1], size=13, anchor="end" if width < 400 else "middle",
                  weight="600"))
    # under the row: the chance of ruin from each bankroll
    top = row + r + 68
    y = Linear(0, 1, fig.bottom, top)
    fig.y_axis(y, [0, 0.5, 1], "", fmt=percent)
    for i, s in enumerate(states):
        v = float(ruin.get(s, 0))
        fig.add(bar(col.start(i) + col.slot * 0.15, y(v), col.slot * 0.7, fig.bottom - y(v), SKY))
    fig.add(line(fig.left, fig.bottom, fig.right, fig.bottom, opacity=0.6))
    if start is not None and start in index:
        v = float(ruin.get(start, 0))
        fig.add(label(col.centre(index[start]), y(v) - 6, _fmt.percent(v, 1), size=12, anchor="middle", weight="600"))
    fig.add(label((fig.left + fig.right) / 2, fig.bottom + 36, _("chance of ruin from each bankroll"), size=AXIS,
                  anchor="middle"))
    # the text equivalent: the moves, grouped where every bankroll moves alike
    rel = {b: tuple(sorted((to - b, p) for to, p in nxt.items() if p)) for b, nxt in moves.items()}
    parts = []
    if rel and len(set(rel.values())) == 1 and len(rel) > 1:
        live = sorted(rel)
        steps = ", ".join(_("{sign}{step} with {percent}").format(sign="+" if d > 0 else "−", step=number(abs(d)),
                                                                  percent=_fmt.percent(p, 1))
                          for d, p in next(iter(rel.values())))
        parts.append(_("From every bankroll from {low} to {high}, one round moves it {steps}.").format(
            low=number(live[0]), high=number(live[-1]), steps=steps))
    else:
        for b in sorted(moves):
            parts.append(_("From {b}: {moves}.").format(b=number(b), moves=", ".join(
                _("to {to} with {percent}").format(to=number(to), percent=_fmt.percent(p, 1))
                for to, p in sorted(moves[b].items()) if p)))
    text = (_("{title}: {n} bankrolls, from {low} ({ruin}) to {high} ({target}).").format(
        title=title, n=len(states), low=number(states[0]), ruin=ends[0], high=number(states[-1]), target=ends[1])
            + " " + " ".join(parts) + " " + _("Chance of ruin from each bankroll: {parts}.").format(
        parts="; ".join(f"{number(s)}: {_fmt.percent(ruin.get(s, 0), 1)}" for s in states)))
    return fig.chart(text)


__all__ += ["totals_bar", "averages_histogram", "chain_diagram"]


def value_curve(points: Sequence, mark=None, current=None, title: str | None = None, xlabel: str = "",
                ylabel: str | None = None, mark_text: str | None = None, current_text: str | None = None,
                width: float = WIDTH, height: float = HEIGHT + 20) -> Chart:
    """A value as a function of one share: ``points`` are ``(share, value)`` pairs (shares
    from 0 to 1, values any sign), drawn as a line with the zero line; ``mark`` is a
    ``(share, value)`` point marked with a dashed upright line and ``mark_text``
    (the equilibrium of the bluff lab); ``current`` the learner's point, a dot with
    ``current_text``.  The text equivalent lists every point, exact where given.

    >>> c = value_curve([(0, 0.1), (Fraction(1, 2), -0.2)], mark=(Fraction(1, 5), 0.15), mark_text="best",
    ...                 title="Value")
    >>> c.text
    'Value: 0.0%: +0.1000; 50.0%: −0.2000; best: 20.0%: +0.1500.'
    >>> c.svg.count("<polyline"), "best" in c.svg
    (1, True)
    """
    title = _("Value") if title is None else title
    ylabel = _("expected result per round") if ylabel is None else ylabel
    pts = sorted((float(s), float(v)) for s, v in points)
    if not pts:
        raise ValueError("value_curve needs at least one point")
    keys = [Key("line", BLUE, ylabel)]
    if mark is not None:
        keys.append(Key("dashed", VERMILLION, mark_text or _("marked")))
    if current is not None:
        keys.append(Key("dot", ORANGE, current_text or _("you")))
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 16, 56 if xlabel else 34, 72))
    values = [v for __, v in pts] + [0.0] + ([float(mark[1])] if mark is not None else [])
    lo, hi = min(values), max(values)
    pad = (hi - lo) * 0.08 or 0.1
    y = Linear(lo - pad, hi + pad, fig.bottom, fig.top).nice(5)
    x = Linear(0, max(1e-9, max(s for s, __ in pts)), fig.left, fig.right)
    fig.y_axis(y, y.ticks(5), ylabel, fmt=lambda v: _minus(_fmt.decimal(v, 2, sign=v > 0)))
    xt = x.ticks(5)
    fig.x_axis([x(t) for t in xt], [percent(t) for t in xt], xlabel)
    fig.add(line(fig.left, y(0), fig.right, y(0), opacity=0.6))
    fig.add(polyline([(x(s), y(v)) for s, v in pts], BLUE))
    for s, v in pts:
        fig.add(dot(x(s), y(v), BLUE, 2.5))
    if mark is not None:
        ms, mv = float(mark[0]), float(mark[1])
        fig.add(line(x(ms), fig.top, x(ms), fig.bottom, VERMILLION, 2, dash="7 4"), dot(x(ms), y(mv), VERMILLION, 5))
        anchor = "start" if x(ms) < (fig.left + fig.right) / 2 else "end"
        off = 8 if anchor == "start" else -8
        fig.add(label(x(ms) + off, fig.top + 14, mark_text or _("marked"), anchor=anchor, fill=VERMILLION,
                      weight="600"))
    if current is not None:
        cs, cv = float(current[0]), float(current[1])
        fig.add(dot(x(cs), y(cv), ORANGE, 6), f'<circle cx="{_f(x(cs))}" cy="{_f(y(cv))}" r="6" fill="none" '
                                              f'stroke="currentColor" stroke-width="1.5"/>')

    def one(s, v) -> str:
        return f"{_fmt.percent(s, 1)}: {_minus(_fmt.decimal(v, 4, sign=True))}"

    parts = [one(s, v) for s, v in points]
    if mark is not None:
        parts.append((mark_text or _("marked")) + ": " + one(*mark))
    if current is not None:
        parts.append((current_text or _("you")) + ": " + one(*current))
    return fig.chart(f"{title}: " + "; ".join(parts) + ".")
