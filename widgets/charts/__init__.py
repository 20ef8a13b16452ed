"""Charts drawn by the kit as inline SVG, in the kit's own visual language.

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

The package: :mod:`widgets.charts._svg` the drawing kit (sizes, colours,
scales, marks, :class:`Figure`, :class:`Chart`), :mod:`widgets.charts._text` the numbers
and words a chart writes (through :mod:`sette_kit.fmt`), :mod:`widgets.charts._bars`,
:mod:`widgets.charts._lines` and :mod:`widgets.charts._diagrams` the charts by kind.
Everything is imported from here.

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

# the package's door: these imports are its names (and the private ones tests and widgets use)
# ruff: noqa: F401
from ._bars import (_row_labels, _signed_rows, averages_histogram, distribution_bar, histogram, paired_bar, share_bar,
                    signed_bar, totals_bar)
from ._diagrams import (AREA_SHADES, STRATEGY_LEGEND, _shade, area_diagram, chain_diagram, strategy_table)
from ._lines import (PATH_COLOURS, _z, coverage_chart, paths_chart, running_mean, running_mean_checkpoints,
                     value_curve)
from ._svg import (AXIS, BLUE, CHAR, COLOURS, GREEN, HEIGHT, MAX_WIDTH, NARROW, ORANGE, PAIR_CSS, PURPLE, SKY, TICK,
                   TITLE, TITLE_LINE, VERMILLION, WIDTH, YELLOW, Band, Chart, ChartPair, Figure, Key, Linear, Log10,
                   _esc, _f, area, bar, caption_text, dot, label, line, pair, pair_html, polyline, stripes, text_width,
                   title_lines)
from ._text import (_minus, _prob, _product, _round_percent, _signed_percent, card_words, decision_words, exact_text,
                    fmt_fraction, general, minus, number, percent, thousands)

__all__ = ["Chart", "distribution_bar", "running_mean", "running_mean_checkpoints", "strategy_table", "histogram",
           "caption_text", "COLOURS", "Figure", "Key", "Linear", "Log10", "Band", "bar", "stripes", "line", "polyline",
           "area", "dot", "label", "percent", "number", "exact_text", "BLUE", "VERMILLION", "ORANGE", "GREEN",
           "PURPLE", "SKY", "YELLOW", "STRATEGY_LEGEND", "value_curve", "signed_bar", "paired_bar", "share_bar",
           "paths_chart", "pair_html", "PATH_COLOURS", "NARROW", "coverage_chart", "area_diagram", "fmt_fraction",
           "thousands", "ChartPair", "pair", "card_words", "decision_words", "totals_bar", "averages_histogram",
           "chain_diagram"]
